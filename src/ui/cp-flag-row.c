/* cp-flag-row.c: a game option that is on or off
 *
 * An action row with a switch; the option's value is "true" or "false".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-engine.h"
#include "cp-flag-row.h"
#include "cp-option-row.h"

struct _CpFlagRow
{
  AdwActionRow parent_instance;

  GtkSwitch *toggle;

  const CpOptionSpec *spec;
};

static void cp_flag_row_option_row_init (CpOptionRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpFlagRow, cp_flag_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_OPTION_ROW, cp_flag_row_option_row_init))

/**
 * cp_flag_row_new:
 * @spec: an option of type CP_OPTION_BOOL, which must outlive the row
 */
GtkWidget *
cp_flag_row_new (const CpOptionSpec *spec)
{
  CpFlagRow *self;

  g_return_val_if_fail (spec->type == CP_OPTION_BOOL, NULL);
  self = g_object_new (CP_TYPE_FLAG_ROW, "title", _(spec->label), NULL);
  self->spec = spec;
  cp_option_row_set_value (CP_OPTION_ROW (self), spec->default_value);
  return GTK_WIDGET (self);
}

static const CpOptionSpec *
get_spec (CpOptionRow *row)
{
  return CP_FLAG_ROW (row)->spec;
}

static char *
dup_value (CpOptionRow *row)
{
  return g_strdup (gtk_switch_get_active (CP_FLAG_ROW (row)->toggle) ? "true" : "false");
}

static void
set_value (CpOptionRow *row, const char *value)
{
  gtk_switch_set_active (CP_FLAG_ROW (row)->toggle, g_str_equal (value, "true"));
}

static void
cp_flag_row_option_row_init (CpOptionRowInterface *iface)
{
  iface->get_spec = get_spec;
  iface->dup_value = dup_value;
  iface->set_value = set_value;
}

static void
cp_flag_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_FLAG_ROW);
  G_OBJECT_CLASS (cp_flag_row_parent_class)->dispose (object);
}

static void
cp_flag_row_class_init (CpFlagRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_flag_row_dispose;
  cp_option_row_install_properties (object_class);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-flag-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CpFlagRow, toggle);
  gtk_widget_class_bind_template_callback (widget_class, cp_option_row_value_changed);
}

static void
cp_flag_row_init (CpFlagRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
