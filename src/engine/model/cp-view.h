/* cp-view.h: a game as one seat may see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-state.h"

G_BEGIN_DECLS

typedef struct _CpView CpView;

#define CP_TYPE_VIEW (cp_view_get_type ())
GType           cp_view_get_type      (void) G_GNUC_CONST;

CpView         *cp_view_new           (const CpState *state,
                                       const CpAction *actions,
                                       guint          n_actions,
                                       guint          seat);
void            cp_view_set_start     (CpView        *view,
                                       const CpState *start);
const CpState  *cp_view_get_start     (CpView        *view);
CpView         *cp_view_ref           (CpView        *view);
void            cp_view_unref         (CpView        *view);
guint           cp_view_get_seat      (CpView        *view);
const CpState  *cp_view_get_state     (CpView        *view);
guint           cp_view_get_n_actions (CpView        *view);
const CpAction *cp_view_get_action    (CpView        *view,
                                       guint          index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpView, cp_view_unref)

G_END_DECLS
