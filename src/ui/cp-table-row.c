/* cp-table-row.c: a game option that is a table of numbers
 *
 * An expander row: its title names the option and its subtitle says
 * whether the numbers are the game's own; opened, it shows the table with
 * a small entry for each number, a block for each group of columns, and a
 * button sets the defaults back.
 * An entry takes digits only, and one left empty gets its number back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-engine.h"
#include "cp-option-row.h"
#include "cp-table-row.h"

struct _CpTableRow
{
  AdwExpanderRow parent_instance;

  const CpOptionSpec *spec;
  guint n_rows, n_columns;
  int *cells;          /* the numbers, row after row */
  int *defaults;
  GPtrArray *entries;  /* GtkEntry or NULL (a blank), row after row */
  GtkWidget *reset;
};

static void cp_table_row_option_row_init (CpOptionRowInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CpTableRow, cp_table_row, ADW_TYPE_EXPANDER_ROW,
                               G_IMPLEMENT_INTERFACE (CP_TYPE_OPTION_ROW, cp_table_row_option_row_init))

static void
update_summary (CpTableRow *self)
{
  gboolean changed = memcmp (self->cells, self->defaults, self->n_rows * self->n_columns * sizeof (int)) != 0;

  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self),
                                 changed ? _("Changed from the rules") : _("As the rules give them"));
  gtk_widget_set_sensitive (self->reset, changed);
}

static void
show_cells (CpTableRow *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      GtkEditable *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *text = g_strdup_printf ("%d", self->cells[i]);

      if (entry != NULL && g_strcmp0 (gtk_editable_get_text (entry), text) != 0)
        gtk_editable_set_text (entry, text);
    }
  update_summary (self);
}

/* The index in the cells of the number in @entry. */
static guint
cell_index (CpTableRow *self, gpointer entry)
{
  guint index = 0;

  g_ptr_array_find (self->entries, entry, &index);
  return index;
}

/* Keeps a number typed within the range; an empty entry waits for one. */
static void
cell_changed (GtkEditable *entry, CpTableRow *self)
{
  guint index = cell_index (self, entry);
  guint64 n;

  if (g_ascii_string_to_unsigned (gtk_editable_get_text (entry), 10, MAX (self->spec->min, 0),
                                  self->spec->max, &n, NULL))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
      if (self->cells[index] != (int) n)
        {
          self->cells[index] = (int) n;
          cp_option_row_value_changed (CP_OPTION_ROW (self));
        }
    }
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  update_summary (self);
}

static void
cell_left (GtkEventControllerFocus *focus, CpTableRow *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));
  g_autofree char *text = g_strdup_printf ("%d", self->cells[cell_index (self, entry)]);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static gboolean
select_all (gpointer entry)
{
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
  return G_SOURCE_REMOVE;
}

/* A number is short: typing replaces it, whether the entry was reached by
 * a click or by the keyboard. */
static void
cell_entered (GtkEventControllerFocus *focus)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));

  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, select_all, g_object_ref (entry), g_object_unref);
}

static void
only_digits (GtkEditable *delegate, const char *text, int length, int *position, gpointer data)
{
  for (int i = 0; length < 0 ? text[i] != '\0' : i < length; i++)
    if (!g_ascii_isdigit (text[i]))
      {
        g_signal_stop_emission_by_name (delegate, "insert-text");
        gtk_widget_error_bell (GTK_WIDGET (delegate));
        return;
      }
}

static GtkWidget *
heading (const char *text, gboolean dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, dim ? "dim-label" : "heading");
  gtk_widget_add_css_class (label, "caption");
  return label;
}

/* The column's group heading, for the screen reader: "Wounded, Attack". */
static char *
column_name (const CpOptionSpec *spec, guint column)
{
  guint end = 0;

  if (spec->column_groups != NULL)
    for (guint g = 0; spec->column_groups[g] != NULL; g++)
      {
        end += spec->column_group_spans[g];
        if (column < end)
          /* Translators: a column of a table under its heading: "Wounded, Attack" */
          return g_strdup_printf (C_("table column", "%s, %s"), _(spec->column_groups[g]), _(spec->columns[column]));
      }
  return g_strdup (_(spec->columns[column]));
}

static GtkWidget *
cell_entry (CpTableRow *self, guint r, guint c)
{
  GtkWidget *entry = gtk_entry_new ();
  g_autofree char *column = column_name (self->spec, c);
  /* Translators: an entry of a table: "Queen: Wounded, Attack" */
  g_autofree char *name = g_strdup_printf (C_("table cell", "%s: %s"), _(self->spec->choice_labels[r]), column);
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 2);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 2);
  gtk_entry_set_max_length (GTK_ENTRY (entry), 2);
  gtk_entry_set_alignment (GTK_ENTRY (entry), 0.5);
  gtk_widget_set_halign (entry, GTK_ALIGN_CENTER);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_tooltip_text (entry, name);
  g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (entry)), "insert-text", G_CALLBACK (only_digits), NULL);
  g_signal_connect (entry, "changed", G_CALLBACK (cell_changed), self);
  g_signal_connect (focus, "enter", G_CALLBACK (cell_entered), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (cell_left), self);
  gtk_widget_add_controller (entry, focus);
  return entry;
}

/* One block of the table: the rows' names, the heading of the group of
 * columns from @first to @end (or none), the columns' headings, then a
 * line for each row. */
static GtkWidget *
build_block (CpTableRow *self, const char *group, guint first, guint end)
{
  const CpOptionSpec *spec = self->spec;
  GtkWidget *grid = gtk_grid_new ();
  guint first_line = group != NULL ? 2 : 1;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (grid, GTK_ALIGN_START);

  if (group != NULL)
    gtk_grid_attach (GTK_GRID (grid), heading (group, FALSE), 1, 0, end - first, 1);
  for (guint c = first; c < end; c++)
    gtk_grid_attach (GTK_GRID (grid), heading (_(spec->columns[c]), TRUE), 1 + c - first, first_line - 1, 1, 1);

  for (guint r = 0; r < self->n_rows; r++)
    {
      GtkWidget *label = gtk_label_new (_(spec->choice_labels[r]));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_end (label, 6);
      gtk_grid_attach (GTK_GRID (grid), label, 0, first_line + r, 1, 1);
      for (guint c = first; c < end; c++)
        {
          GtkWidget *cell;

          if (self->cells[r * self->n_columns + c] == CP_OPTION_TABLE_BLANK)
            {
              g_autofree char *name = g_strdup_printf (C_("table cell", "%s: %s"), _(spec->choice_labels[r]),
                                                       _(spec->columns[c]));
              /* Translators: a cell of a table that holds no number: "King: Points: none" */
              g_autofree char *none = g_strdup_printf (_("%s: none"), name);

              cell = gtk_label_new ("–");
              gtk_widget_add_css_class (cell, "dim-label");
              gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, none, -1);
            }
          else
            {
              cell = cell_entry (self, r, c);
              g_ptr_array_index (self->entries, r * self->n_columns + c) = cell;
            }
          gtk_grid_attach (GTK_GRID (grid), cell, 1 + c - first, first_line + r, 1, 1);
        }
    }
  return grid;
}

/* A block for each group of columns, side by side where the row is wide
 * enough and one above the other where it is not, so that a long heading
 * in some language never pushes the table out of the dialog. */
static GtkWidget *
build_grid (CpTableRow *self)
{
  const CpOptionSpec *spec = self->spec;
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 24);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 18);
  g_object_set (flow, "margin-top", 12, "margin-bottom", 12, "margin-start", 12, "margin-end", 12, NULL);

  g_ptr_array_set_size (self->entries, self->n_rows * self->n_columns);
  if (spec->column_groups == NULL)
    gtk_flow_box_append (GTK_FLOW_BOX (flow), build_block (self, NULL, 0, self->n_columns));
  else
    for (guint g = 0, column = 0; spec->column_groups[g] != NULL && column < self->n_columns;
         column += spec->column_group_spans[g++])
      gtk_flow_box_append (GTK_FLOW_BOX (flow),
                           build_block (self, _(spec->column_groups[g]), column,
                                        MIN (column + spec->column_group_spans[g], self->n_columns)));
  /* The blocks are parts of the table, not items to pick. */
  for (GtkWidget *child = gtk_widget_get_first_child (flow); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  return flow;
}

/* Shows @cells, and says so if they are other numbers than before. */
static void
set_cells (CpTableRow *self, const int *cells)
{
  gsize size = self->n_rows * self->n_columns * sizeof (int);
  gboolean changed = memcmp (self->cells, cells, size) != 0;

  memcpy (self->cells, cells, size);
  show_cells (self);
  if (changed)
    cp_option_row_value_changed (CP_OPTION_ROW (self));
}

/* Sets the numbers of the rules back, as the row's button does. */
void
cp_table_row_reset (CpTableRow *self)
{
  set_cells (self, self->defaults);
}

/**
 * cp_table_row_new:
 * @spec: an option of type CP_OPTION_TABLE, which must outlive the row
 */
GtkWidget *
cp_table_row_new (const CpOptionSpec *spec)
{
  CpTableRow *self;
  GtkWidget *line = gtk_list_box_row_new ();

  g_return_val_if_fail (spec->type == CP_OPTION_TABLE, NULL);
  self = g_object_new (CP_TYPE_TABLE_ROW, "title", _(spec->label), NULL);
  self->spec = spec;
  self->n_rows = cp_option_table_rows (spec);
  self->n_columns = cp_option_table_columns (spec);
  self->cells = g_new (int, self->n_rows * self->n_columns);
  self->defaults = g_new (int, self->n_rows * self->n_columns);
  cp_option_table_read (spec, "", self->defaults, NULL);
  memcpy (self->cells, self->defaults, self->n_rows * self->n_columns * sizeof (int));

  self->entries = g_ptr_array_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (line), build_grid (self));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (line), FALSE);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (self), line);

  self->reset = gtk_button_new_from_icon_name ("edit-undo-symbolic");
  gtk_widget_set_valign (self->reset, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->reset, "flat");
  gtk_widget_set_tooltip_text (self->reset, _("Reset to the default"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->reset), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reset to the default"), -1);
  g_signal_connect_swapped (self->reset, "clicked", G_CALLBACK (cp_table_row_reset), self);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (self), self->reset);
  show_cells (self);
  return GTK_WIDGET (self);
}

/**
 * cp_table_row_get_value:
 *
 * The option's text, as the engine reads it.
 */
char *
cp_table_row_get_value (CpTableRow *self)
{
  return cp_option_table_write (self->spec, self->cells);
}

/* Sets the numbers of an option's text; a text that cannot be read
 * changes nothing. */
void
cp_table_row_set_value (CpTableRow *self, const char *value)
{
  g_autofree int *cells = g_new (int, self->n_rows * self->n_columns);

  if (!cp_option_table_read (self->spec, value, cells, NULL))
    return;
  set_cells (self, cells);
}

/* The entry of a number, or NULL for a blank; for tests. */
GtkEditable *
cp_table_row_get_cell (CpTableRow *self, guint row, guint column)
{
  g_return_val_if_fail (row < self->n_rows && column < self->n_columns, NULL);
  return g_ptr_array_index (self->entries, row * self->n_columns + column);
}

static const CpOptionSpec *
get_spec (CpOptionRow *row)
{
  return CP_TABLE_ROW (row)->spec;
}

static char *
dup_value (CpOptionRow *row)
{
  return cp_table_row_get_value (CP_TABLE_ROW (row));
}

static void
set_value (CpOptionRow *row, const char *value)
{
  cp_table_row_set_value (CP_TABLE_ROW (row), value);
}

static void
cp_table_row_option_row_init (CpOptionRowInterface *iface)
{
  iface->get_spec = get_spec;
  iface->dup_value = dup_value;
  iface->set_value = set_value;
}

static void
cp_table_row_finalize (GObject *object)
{
  CpTableRow *self = CP_TABLE_ROW (object);

  g_free (self->cells);
  g_free (self->defaults);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  G_OBJECT_CLASS (cp_table_row_parent_class)->finalize (object);
}

static void
cp_table_row_class_init (CpTableRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cp_table_row_finalize;
  cp_option_row_install_properties (object_class);
}

static void
cp_table_row_init (CpTableRow *self)
{
}
