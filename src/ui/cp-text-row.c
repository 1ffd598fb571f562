/* cp-text-row.c: a game option that is a text, such as a FEN
 *
 * An entry row; where the option has a default text, a button sets it
 * back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-engine.h"
#include "cp-option-row.h"
#include "cp-text-row.h"

struct _CpTextRow
{
  AdwEntryRow parent_instance;

  GtkWidget *reset_button;

  const CpOptionSpec *spec;
  char *value;  /* the text last told of: an entry tells of a change
                 * even when it is set to the text it has */
};

static void cp_text_row_option_row_init (CpOptionRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpTextRow, cp_text_row, ADW_TYPE_ENTRY_ROW,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_OPTION_ROW, cp_text_row_option_row_init))

static void
text_changed (CpTextRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self));

  if (g_strcmp0 (self->value, text) == 0)
    return;
  g_free (self->value);
  self->value = g_strdup (text);
  cp_option_row_value_changed (CP_OPTION_ROW (self));
}

static void
reset_clicked (CpTextRow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self), self->spec->default_value);
}

/**
 * cp_text_row_new:
 * @spec: an option of type CP_OPTION_TEXT, which must outlive the row
 */
GtkWidget *
cp_text_row_new (const CpOptionSpec *spec)
{
  CpTextRow *self;

  g_return_val_if_fail (spec->type == CP_OPTION_TEXT, NULL);
  self = g_object_new (CP_TYPE_TEXT_ROW, "title", _(spec->label), NULL);
  self->spec = spec;
  gtk_editable_set_text (GTK_EDITABLE (self), spec->default_value);
  /* Without a button, the row keeps no room for one. */
  if (spec->default_value[0] == '\0')
    adw_entry_row_remove (ADW_ENTRY_ROW (self), self->reset_button);
  return GTK_WIDGET (self);
}

static const CpOptionSpec *
get_spec (CpOptionRow *row)
{
  return CP_TEXT_ROW (row)->spec;
}

static char *
dup_value (CpOptionRow *row)
{
  return g_strdup (gtk_editable_get_text (GTK_EDITABLE (row)));
}

static void
set_value (CpOptionRow *row, const char *value)
{
  gtk_editable_set_text (GTK_EDITABLE (row), value);
}

static void
cp_text_row_option_row_init (CpOptionRowInterface *iface)
{
  iface->get_spec = get_spec;
  iface->dup_value = dup_value;
  iface->set_value = set_value;
}

static void
cp_text_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_TEXT_ROW);
  G_OBJECT_CLASS (cp_text_row_parent_class)->dispose (object);
}

static void
cp_text_row_finalize (GObject *object)
{
  g_free (CP_TEXT_ROW (object)->value);
  G_OBJECT_CLASS (cp_text_row_parent_class)->finalize (object);
}

static void
cp_text_row_class_init (CpTextRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_text_row_dispose;
  object_class->finalize = cp_text_row_finalize;
  cp_option_row_install_properties (object_class);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-text-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CpTextRow, reset_button);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked);
}

static void
cp_text_row_init (CpTextRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::text", G_CALLBACK (text_changed), NULL);
}
