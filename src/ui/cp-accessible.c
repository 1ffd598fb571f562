/* cp-accessible.c: names that assistive technologies read
 *
 * GTK 4.8 names a button whose label has a mnemonic twice over, the
 * label as written and then its text ("_Ready Ready"): the button's own
 * name is the label with its underline, and the label inside names it
 * again.  Without the first, a screen reader reads the text once.
 *
 * A drop-down's button and the rows of its menu have no name of their own
 * in GTK 4.8 either: cp_accessible_name_drop_down() gives them theirs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-accessible.h"

static void
name_mnemonic (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget))
      && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * cp_accessible_mnemonic_button_new:
 * @label: the button's text, with an underline before its mnemonic
 *
 * Returns: (transfer floating): a button named by its text alone
 */
GtkWidget *
cp_accessible_mnemonic_button_new (const char *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  name_mnemonic (button);
  return button;
}

/**
 * cp_accessible_set_button_label:
 * @button: a button whose label has a mnemonic
 * @label: its new text, with an underline before its mnemonic
 *
 * Changes @button's text and names it by the text alone.
 */
void
cp_accessible_set_button_label (GtkButton *button, const char *label)
{
  gtk_button_set_label (button, label);
  name_mnemonic (GTK_WIDGET (button));
}

/**
 * cp_accessible_name_mnemonics:
 * @root: a widget, such as a window built from a template
 *
 * Names each button of @root's tree whose label has a mnemonic by its
 * text alone.
 */
void
cp_accessible_name_mnemonics (GtkWidget *root)
{
  name_mnemonic (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    cp_accessible_name_mnemonics (child);
}

static void
setup_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);
  int widest = GPOINTER_TO_INT (data);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  if (widest > 0)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), widest);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_choice (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));
  const char *const *shown = data;
  guint position = gtk_list_item_get_position (item);

  if (shown != NULL && position < g_strv_length ((char **) shown) && shown[position][0] != '\0')
    gtk_label_set_text (GTK_LABEL (label), shown[position]);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  /* The row of the list around the label is what takes the focus. */
  if (gtk_widget_get_parent (label) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (label)),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/**
 * cp_accessible_choice_factory:
 * @widest: the most characters a choice shows before it is cut short, or
 *   0 to show it whole
 * @shown: (nullable) (array zero-terminated=1): a shorter text to show for
 *   the choices, by position ("" or none past its end: the choice itself)
 *
 * Returns: (transfer full): a factory of the items of a drop-down of a
 *   GtkStringList, each named by its whole choice, however it shows it
 */
GtkListItemFactory *
cp_accessible_choice_factory (int widest, const char *const *shown)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GStrv copy = g_strdupv ((GStrv) shown);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice), GINT_TO_POINTER (widest));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice), copy);
  g_object_set_data_full (G_OBJECT (factory), "cp-shown", copy, (GDestroyNotify) g_strfreev);
  return factory;
}

static void
name_drop_down_button (GtkDropDown *drop_down)
{
  const char *name = g_object_get_data (G_OBJECT (drop_down), "cp-accessible-name");
  GObject *item = gtk_drop_down_get_selected_item (drop_down);
  GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
  g_autofree char *text = NULL;

  if (button == NULL || !GTK_IS_STRING_OBJECT (item))
    return;
  /* Translators: a drop-down read by a screen reader: what it chooses,
   * then its choice, such as "Who plays this seat: Person" */
  text = g_strdup_printf (_("%s: %s"), name, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/**
 * cp_accessible_name_drop_down:
 * @drop_down: a drop-down of a GtkStringList
 * @name: what it chooses
 *
 * Names @drop_down's button after @name and its choice, and each row of
 * its menu after the choice it offers.
 */
void
cp_accessible_name_drop_down (GtkDropDown *drop_down, const char *name)
{
  g_autoptr (GtkListItemFactory) factory = cp_accessible_choice_factory (0, NULL);

  gtk_drop_down_set_factory (drop_down, factory);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (drop_down), "cp-accessible-name", g_strdup (name), g_free);
  g_signal_connect (drop_down, "notify::selected-item", G_CALLBACK (name_drop_down_button), NULL);
  name_drop_down_button (drop_down);
}
