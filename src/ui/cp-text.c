/* cp-text.c: small helpers for the texts the window shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-text.h"

/**
 * cp_text_capitalize:
 * @text: a text in UTF-8
 *
 * Returns: (transfer full): @text with its first letter made a capital,
 *   for a text that begins a sentence or a label
 */
char *
cp_text_capitalize (const char *text)
{
  GString *result = g_string_new (NULL);

  if (*text)
    {
      g_string_append_unichar (result, g_unichar_totitle (g_utf8_get_char (text)));
      g_string_append (result, g_utf8_next_char (text));
    }
  return g_string_free (result, FALSE);
}

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
