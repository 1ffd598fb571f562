/* cp-board-cell.c: one cell of the board, for the keyboard and for
 * assistive technologies
 *
 * The board draws itself; over each of its cells lies a CpBoardCell, a
 * button that draws nothing and lets the pointer through to the board.
 * It takes the keyboard's focus as the cursor moves, so that a screen
 * reader reads the cell it is on, and a person or an accessibility client
 * activates it as a button: the board then acts as for a click on the
 * cell.  Its name says what is on the cell ("e4, white pawn"), its
 * description what may be done there now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-board-cell.h"

struct _CpBoardCell
{
  GtkButton parent_instance;

  guint cell;
  char *label;
  char *description;
  gboolean selected;
};

G_DEFINE_FINAL_TYPE (CpBoardCell, cp_board_cell, GTK_TYPE_BUTTON)

static void
cp_board_cell_finalize (GObject *object)
{
  CpBoardCell *self = CP_BOARD_CELL (object);

  g_free (self->label);
  g_free (self->description);
  G_OBJECT_CLASS (cp_board_cell_parent_class)->finalize (object);
}

static void
cp_board_cell_class_init (CpBoardCellClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_board_cell_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "boardcell");
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
cp_board_cell_init (CpBoardCell *self)
{
  /* The board below takes the pointer: clicks and drags. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
cp_board_cell_new (guint cell)
{
  CpBoardCell *self = g_object_new (CP_TYPE_BOARD_CELL, NULL);

  self->cell = cell;
  return GTK_WIDGET (self);
}

guint
cp_board_cell_get_cell (CpBoardCell *self)
{
  g_return_val_if_fail (CP_IS_BOARD_CELL (self), 0);

  return self->cell;
}

/**
 * cp_board_cell_describe:
 * @label: what is on the cell, with its name
 * @description: what may be done there now, or ""
 * @selected: whether the piece on it is picked up
 *
 * Tells assistive technologies about the cell, when anything changed.
 */
void
cp_board_cell_describe (CpBoardCell *self, const char *label, const char *description, gboolean selected)
{
  g_return_if_fail (CP_IS_BOARD_CELL (self));

  if (g_strcmp0 (label, self->label) != 0)
    {
      g_free (self->label);
      self->label = g_strdup (label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
  if (g_strcmp0 (description, self->description) != 0)
    {
      g_free (self->description);
      self->description = g_strdup (description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    }
  if (selected != self->selected)
    {
      self->selected = selected;
      gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
    }
}
