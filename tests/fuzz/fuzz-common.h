/* fuzz-common.h: what the fuzz targets share
 *
 * Each target hands libFuzzer's bytes to one reader of the engine.  A
 * reader may refuse the bytes, but only with a GError whose message a
 * player can read; anything else (a sanitizer report, a GLib warning or
 * critical, an abort) is a defect.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static inline void
fuzz_init (void)
{
  /* Warnings and criticals end the run as crashes do. */
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

/* A refusal must say why, in valid UTF-8 that the window can show. */
static inline void
fuzz_check_refusal (const GError *error)
{
  if (error == NULL || error->message == NULL || error->message[0] == '\0'
      || !g_utf8_validate (error->message, -1, NULL))
    {
      g_autofree char *shown = error ? g_strescape (error->message, NULL) : NULL;

      g_printerr ("a refusal without a readable reason: %s\n", shown ? shown : "(no error)");
      abort ();
    }
}
