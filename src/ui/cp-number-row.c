/* cp-number-row.c: a game option that is a whole number
 *
 * An action row with a spin button that keeps the number within the
 * option's range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-engine.h"
#include "cp-number-row.h"
#include "cp-option-row.h"

struct _CpNumberRow
{
  AdwActionRow parent_instance;

  GtkSpinButton *spin;

  const CpOptionSpec *spec;
};

static void cp_number_row_option_row_init (CpOptionRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpNumberRow, cp_number_row, ADW_TYPE_ACTION_ROW,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_OPTION_ROW, cp_number_row_option_row_init))

/**
 * cp_number_row_new:
 * @spec: an option of type CP_OPTION_INT, which must outlive the row
 */
GtkWidget *
cp_number_row_new (const CpOptionSpec *spec)
{
  CpNumberRow *self;

  g_return_val_if_fail (spec->type == CP_OPTION_INT, NULL);
  self = g_object_new (CP_TYPE_NUMBER_ROW, "title", _(spec->label), NULL);
  self->spec = spec;
  gtk_spin_button_set_range (self->spin, spec->min, spec->max);
  cp_option_row_set_value (CP_OPTION_ROW (self), spec->default_value);
  return GTK_WIDGET (self);
}

static const CpOptionSpec *
get_spec (CpOptionRow *row)
{
  return CP_NUMBER_ROW (row)->spec;
}

static char *
dup_value (CpOptionRow *row)
{
  return g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (CP_NUMBER_ROW (row)->spin));
}

static void
set_value (CpOptionRow *row, const char *value)
{
  gtk_spin_button_set_value (CP_NUMBER_ROW (row)->spin, g_ascii_strtod (value, NULL));
}

static void
cp_number_row_option_row_init (CpOptionRowInterface *iface)
{
  iface->get_spec = get_spec;
  iface->dup_value = dup_value;
  iface->set_value = set_value;
}

static void
cp_number_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_NUMBER_ROW);
  G_OBJECT_CLASS (cp_number_row_parent_class)->dispose (object);
}

static void
cp_number_row_class_init (CpNumberRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_number_row_dispose;
  cp_option_row_install_properties (object_class);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-number-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CpNumberRow, spin);
  gtk_widget_class_bind_template_callback (widget_class, cp_option_row_value_changed);
}

static void
cp_number_row_init (CpNumberRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
