/* cp-text.c: small helpers for the texts the window shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-text.h"

/* The name of @file as the user knows it, found without asking the file
 * system, which may be slow or far away. */
char *
cp_text_file_name (GFile *file)
{
  const char *path = g_file_peek_path (file);
  g_autofree char *parse_name = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  parse_name = g_file_get_parse_name (file);
  return g_path_get_basename (parse_name);
}
