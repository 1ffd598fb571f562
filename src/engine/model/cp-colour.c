/* cp-colour.c: names of piece colours
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cp-types.h"

static const char *const ids[CP_N_COLOURS] = { "white", "black", "red", "brown", "blue" };
static const char *const names[CP_N_COLOURS] = { N_("White"), N_("Black"), N_("Red"), N_("Brown"), N_("Blue") };

const char *
cp_colour_to_id (CpColour colour)
{
  return colour < CP_N_COLOURS ? ids[colour] : NULL;
}

gboolean
cp_colour_from_id (const char *id, CpColour *colour)
{
  for (guint i = 0; i < CP_N_COLOURS; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      {
        *colour = (CpColour) i;
        return TRUE;
      }
  return FALSE;
}

const char *
cp_colour_name (CpColour colour)
{
  return colour < CP_N_COLOURS ? _(names[colour]) : NULL;
}
