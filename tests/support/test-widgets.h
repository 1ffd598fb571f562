/* test-widgets.h: waiting for widgets and finding what they show, in the
 * tests of single widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

typedef gboolean (*TestCondition) (gpointer data);

static inline gboolean
test_time_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main context until @condition holds, or fails after a while
 * (a safety net: the condition is what the test waits for). */
static inline void
test_wait_until (TestCondition condition, gpointer data)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add_seconds (10, test_time_out, &timed_out);

  while (!condition (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (source);
}

static inline gboolean
test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* A window that shows @row in a list, as rows are shown, once it is on
 * the screen. */
static inline GtkWidget *
test_show_row (GtkWidget *row)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_append (GTK_LIST_BOX (list), row);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 100);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (test_is_mapped, row);
  return window;
}

/* Adds the widgets under @root, @root included, that have @css_class to
 * @found, in the order they show. */
static inline void
test_collect_class (GtkWidget *root, const char *css_class, GPtrArray *found)
{
  if (gtk_widget_has_css_class (root, css_class))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    test_collect_class (child, css_class, found);
}

/* The first widget under @root, @root included, of @type. */
static inline GtkWidget *
test_find_type (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = test_find_type (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/* The first label under @root that shows @text. */
static inline GtkWidget *
test_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = test_find_label (child, text);

      if (found)
        return found;
    }
  return NULL;
}

static inline void
test_count_notify (GObject *object, GParamSpec *pspec, guint *n)
{
  (*n)++;
}

/* Counts the notifications of @property of @object into @n, from 0. */
static inline void
test_count_notifications (gpointer object, const char *property, guint *n)
{
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  *n = 0;
  g_signal_connect (object, signal, G_CALLBACK (test_count_notify), n);
}
