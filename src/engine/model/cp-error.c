/* cp-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cp-error.h"

G_DEFINE_QUARK (cp-error-quark, cp_error)
