/* cp-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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
