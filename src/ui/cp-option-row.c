/* cp-option-row.c: a row of the New Game dialog that sets a game option
 *
 * Each kind of option has a row of its own: a choice (CpChoiceRow), a
 * number (CpNumberRow), a flag (CpFlagRow), a text such as a FEN
 * (CpTextRow) and a table of numbers (CpTableRow). Each shows the option
 * of its specification and holds its value as text, as the engine reads
 * it, in the property "value", which notifies when a player changes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-choice-row.h"
#include "cp-engine.h"
#include "cp-flag-row.h"
#include "cp-number-row.h"
#include "cp-option-row.h"
#include "cp-table-row.h"
#include "cp-text-row.h"
#include "cp-ui-resources.h"

G_DEFINE_INTERFACE (CpOptionRow, cp_option_row, ADW_TYPE_PREFERENCES_ROW)

enum {
  PROP_0,
  PROP_OPTION_ID,
  PROP_VALUE,
};

static void
cp_option_row_default_init (CpOptionRowInterface *iface)
{
  /* The rows' templates live in the interface's resources, in a static
   * library: using them here keeps them, and their registration, in any
   * program that uses the rows. */
  (void) cp_ui_get_resource ();

  /**
   * CpOptionRow:option-id:
   *
   * The id of the option, as the engine names it.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_string ("option-id", NULL, NULL, NULL,
                                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * CpOptionRow:value:
   *
   * The option's value, as the engine reads it.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_string ("value", NULL, NULL, NULL,
                                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                            | G_PARAM_STATIC_STRINGS));
}

/**
 * cp_option_row_new:
 * @spec: the option, which must outlive the row
 *
 * A row of the kind that sets @spec, showing its default value.
 */
GtkWidget *
cp_option_row_new (const CpOptionSpec *spec)
{
  switch (spec->type)
    {
    case CP_OPTION_CHOICE:
      return cp_choice_row_new (spec);
    case CP_OPTION_INT:
      return cp_number_row_new (spec);
    case CP_OPTION_BOOL:
      return cp_flag_row_new (spec);
    case CP_OPTION_TABLE:
      return cp_table_row_new (spec);
    case CP_OPTION_TEXT:
    default:
      return cp_text_row_new (spec);
    }
}

const CpOptionSpec *
cp_option_row_get_spec (CpOptionRow *self)
{
  g_return_val_if_fail (CP_IS_OPTION_ROW (self), NULL);

  return CP_OPTION_ROW_GET_IFACE (self)->get_spec (self);
}

const char *
cp_option_row_get_option_id (CpOptionRow *self)
{
  g_return_val_if_fail (CP_IS_OPTION_ROW (self), NULL);

  return cp_option_row_get_spec (self)->id;
}

/**
 * cp_option_row_dup_value:
 *
 * Returns: (transfer full): the option's value, as the engine reads it
 */
char *
cp_option_row_dup_value (CpOptionRow *self)
{
  g_return_val_if_fail (CP_IS_OPTION_ROW (self), NULL);

  return CP_OPTION_ROW_GET_IFACE (self)->dup_value (self);
}

/* Sets the option's value as a player would; a value the row cannot show
 * changes nothing. */
void
cp_option_row_set_value (CpOptionRow *self, const char *value)
{
  g_return_if_fail (CP_IS_OPTION_ROW (self));
  g_return_if_fail (value != NULL);

  CP_OPTION_ROW_GET_IFACE (self)->set_value (self, value);
}

/* For the rows: says that the value has changed. */
void
cp_option_row_value_changed (CpOptionRow *self)
{
  g_object_notify (G_OBJECT (self), "value");
}

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpOptionRow *self = CP_OPTION_ROW (object);

  switch (prop_id)
    {
    case PROP_OPTION_ID:
      g_value_set_string (value, cp_option_row_get_option_id (self));
      break;
    case PROP_VALUE:
      g_value_take_string (value, cp_option_row_dup_value (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_VALUE:
      cp_option_row_set_value (CP_OPTION_ROW (object), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* For the rows, whose only properties are the interface's: installs
 * them and their accessors on the row's class. */
void
cp_option_row_install_properties (GObjectClass *object_class)
{
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  g_object_class_override_property (object_class, PROP_OPTION_ID, "option-id");
  g_object_class_override_property (object_class, PROP_VALUE, "value");
}
