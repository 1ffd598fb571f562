/* cp-option-row.h: a row of the New Game dialog that sets a game option
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

#define CP_TYPE_OPTION_ROW (cp_option_row_get_type ())
G_DECLARE_INTERFACE (CpOptionRow, cp_option_row, CP, OPTION_ROW, AdwPreferencesRow)

struct _CpOptionRowInterface
{
  GTypeInterface parent_iface;

  const CpOptionSpec *(*get_spec)  (CpOptionRow *self);
  char               *(*dup_value) (CpOptionRow *self);
  void                (*set_value) (CpOptionRow *self,
                                    const char  *value);
};

GtkWidget          *cp_option_row_new           (const CpOptionSpec *spec);
const CpOptionSpec *cp_option_row_get_spec      (CpOptionRow        *self);
const char         *cp_option_row_get_option_id (CpOptionRow        *self);
char               *cp_option_row_dup_value     (CpOptionRow        *self);
void                cp_option_row_set_value     (CpOptionRow        *self,
                                                 const char         *value);

void                cp_option_row_install_properties (GObjectClass  *object_class);
void                cp_option_row_value_changed      (CpOptionRow   *self);

G_END_DECLS
