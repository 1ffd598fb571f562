/* cp-choice-row.c: a game option that is one of a few choices
 *
 * A combo row of the choices' labels; a choice whose label is short says
 * what it means under the row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-choice-row.h"
#include "cp-engine.h"
#include "cp-option-row.h"

struct _CpChoiceRow
{
  AdwComboRow parent_instance;

  GtkStringList *labels;

  const CpOptionSpec *spec;
};

static void cp_choice_row_option_row_init (CpOptionRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpChoiceRow, cp_choice_row, ADW_TYPE_COMBO_ROW,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_OPTION_ROW, cp_choice_row_option_row_init))

static void
selected_changed (CpChoiceRow *self)
{
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (self));

  if (self->spec->choice_details != NULL && selected < g_strv_length ((GStrv) self->spec->choices))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self), _(self->spec->choice_details[selected]));
  cp_option_row_value_changed (CP_OPTION_ROW (self));
}

/**
 * cp_choice_row_new:
 * @spec: an option of type CP_OPTION_CHOICE, which must outlive the row
 */
GtkWidget *
cp_choice_row_new (const CpOptionSpec *spec)
{
  CpChoiceRow *self;

  g_return_val_if_fail (spec->type == CP_OPTION_CHOICE, NULL);
  self = g_object_new (CP_TYPE_CHOICE_ROW, "title", _(spec->label), NULL);
  self->spec = spec;
  for (guint i = 0; spec->choices[i]; i++)
    gtk_string_list_append (self->labels, _(spec->choice_labels[i]));
  cp_option_row_set_value (CP_OPTION_ROW (self), spec->default_value);
  selected_changed (self);
  g_signal_connect (self, "notify::selected", G_CALLBACK (selected_changed), NULL);
  return GTK_WIDGET (self);
}

static const CpOptionSpec *
get_spec (CpOptionRow *row)
{
  return CP_CHOICE_ROW (row)->spec;
}

static char *
dup_value (CpOptionRow *row)
{
  CpChoiceRow *self = CP_CHOICE_ROW (row);

  return g_strdup (self->spec->choices[adw_combo_row_get_selected (ADW_COMBO_ROW (self))]);
}

static void
set_value (CpOptionRow *row, const char *value)
{
  CpChoiceRow *self = CP_CHOICE_ROW (row);

  for (guint c = 0; self->spec->choices[c]; c++)
    if (g_str_equal (self->spec->choices[c], value))
      adw_combo_row_set_selected (ADW_COMBO_ROW (self), c);
}

static void
cp_choice_row_option_row_init (CpOptionRowInterface *iface)
{
  iface->get_spec = get_spec;
  iface->dup_value = dup_value;
  iface->set_value = set_value;
}

static void
cp_choice_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CP_TYPE_CHOICE_ROW);
  G_OBJECT_CLASS (cp_choice_row_parent_class)->dispose (object);
}

static void
cp_choice_row_class_init (CpChoiceRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_choice_row_dispose;
  cp_option_row_install_properties (object_class);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/chess_parlour/ChessParlour/ui/cp-choice-row.ui");
  gtk_widget_class_bind_template_child (widget_class, CpChoiceRow, labels);
}

static void
setup_label (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

/* The most characters of a choice kept whole in a narrow row. */
#define CHOICE_CHARS 24

static void
bind_label (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_text (label, text);
  gtk_label_set_width_chars (label, (int) MIN (g_utf8_strlen (text, -1) + 1, CHOICE_CHARS));
}

static void
cp_choice_row_init (CpChoiceRow *self)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* A choice is kept whole up to CHOICE_CHARS characters, however long
   * the title and description beside it: the row's own labels may be cut
   * short to a few letters, and stop at twenty characters, which many a
   * choice has in other languages. */
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label), NULL);
  adw_combo_row_set_factory (ADW_COMBO_ROW (self), factory);
}
