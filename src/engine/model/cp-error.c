/* cp-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-error.h"

G_DEFINE_QUARK (cp-error-quark, cp_error)

/**
 * cp_error_fail:
 * @error: return location for an error
 * @code: what went wrong
 * @format: the message, a printf() format
 *
 * Sets @error in the CP_ERROR domain.  Returns: %FALSE, for returning at once
 */
gboolean
cp_error_fail (GError **error, CpError code, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (CP_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}

/**
 * cp_error_quote:
 * @text: text from a file, the command line or a player
 *
 * @text made fit to be quoted in a message: valid UTF-8 (bytes that are
 * not become U+FFFD), control characters as spaces, and at most
 * %CP_ERROR_QUOTE_LENGTH characters, the rest left out with an ellipsis.
 *
 * Returns: (transfer full): the quotable text
 */
char *
cp_error_quote (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (n == CP_ERROR_QUOTE_LENGTH)
        {
          g_string_append (out, "…");
          break;
        }
      g_string_append_unichar (out, g_unichar_iscntrl (c) ? ' ' : c);
    }
  return g_string_free (out, FALSE);
}

/**
 * cp_error_bad_position:
 * @text: a position text, as given
 * @reason: what is wrong with it, in a few words
 *
 * Refuses a position text that cannot be read.  @reason may quote a part
 * of the text as given: bytes of it that are not UTF-8 become U+FFFD.
 *
 * Returns: %FALSE
 */
gboolean
cp_error_bad_position (GError **error, const char *text, const char *reason)
{
  g_autofree char *quoted = cp_error_quote (text);
  g_autofree char *valid = g_utf8_make_valid (reason, -1);

  g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
               _("The position “%s” cannot be read: %s"), quoted, valid);
  return FALSE;
}
