/* cp-view.c: a game as one seat may see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-rules.h"
#include "cp-view.h"

struct _CpView
{
  guint seat;
  CpState *state;
  CpState *start;   /* where the log starts, or NULL when not known */
  GArray *actions;
  GStringChunk *texts; /* the texts of those actions, or NULL while none has one */
};

G_DEFINE_BOXED_TYPE (CpView, cp_view, cp_view_ref, cp_view_unref)

static void
view_clear (gpointer data)
{
  CpView *view = data;

  cp_state_free (view->state);
  g_clear_pointer (&view->start, cp_state_free);
  g_array_unref (view->actions);
  g_clear_pointer (&view->texts, g_string_chunk_free);
}

/* Gives the actions the view keeps texts of its own, so that it may
 * outlive the game it shows. */
static void
keep_texts (CpView *view)
{
  for (guint i = 0; i < view->actions->len; i++)
    {
      CpAction *action = &g_array_index (view->actions, CpAction, i);

      if (action->text == NULL)
        continue;
      if (view->texts == NULL)
        view->texts = g_string_chunk_new (64);
      action->text = g_string_chunk_insert_const (view->texts, action->text);
    }
}

/**
 * cp_view_new:
 * @state: the state to show
 * @actions: the log up to @state
 * @seat: the seat that looks, or CP_VIEW_ALL
 *
 * Copies @state and @actions, with the actions' texts, hiding from both
 * what @seat may not know.
 */
CpView *
cp_view_new (const CpState *state, const CpAction *actions, guint n_actions, guint seat)
{
  CpView *view = g_atomic_rc_box_new0 (CpView);

  view->seat = seat;
  view->state = cp_state_copy (state);
  view->actions = g_array_sized_new (FALSE, FALSE, sizeof (CpAction), n_actions);
  g_array_append_vals (view->actions, actions, n_actions);

  if (seat != CP_VIEW_ALL)
    {
      if (state->rules->redact != NULL)
        state->rules->redact (view->state, seat);
      for (guint i = 0; i < n_actions; i++)
        if (!cp_action_log_visible_to (actions, n_actions, i, seat))
          cp_action_redact (&g_array_index (view->actions, CpAction, i));
    }
  keep_texts (view);
  return view;
}

/**
 * cp_view_set_start:
 * @start: the state before the first action of the view's log
 *
 * Lets the view's seat replay the log from its start, as far as it may
 * see it: a copy of @start is kept, hiding what the seat may not know.
 */
void
cp_view_set_start (CpView *view, const CpState *start)
{
  g_clear_pointer (&view->start, cp_state_free);
  view->start = cp_state_copy (start);
  if (view->seat != CP_VIEW_ALL && start->rules->redact != NULL)
    start->rules->redact (view->start, view->seat);
}

/* The state before the first action of the log, or NULL when not known. */
const CpState *
cp_view_get_start (CpView *view)
{
  return view->start;
}

CpView *
cp_view_ref (CpView *view)
{
  return g_atomic_rc_box_acquire (view);
}

void
cp_view_unref (CpView *view)
{
  g_atomic_rc_box_release_full (view, view_clear);
}

guint
cp_view_get_seat (CpView *view)
{
  return view->seat;
}

const CpState *
cp_view_get_state (CpView *view)
{
  return view->state;
}

guint
cp_view_get_n_actions (CpView *view)
{
  return view->actions->len;
}

/* The action at @index of the view's log; its text belongs to the view. */
const CpAction *
cp_view_get_action (CpView *view, guint index)
{
  g_return_val_if_fail (index < view->actions->len, NULL);
  return &g_array_index (view->actions, CpAction, index);
}
