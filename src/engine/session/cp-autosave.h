/* cp-autosave.h: keeping games in progress safe on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cp-game.h"

G_BEGIN_DECLS

#define CP_TYPE_AUTOSAVE (cp_autosave_get_type ())
G_DECLARE_FINAL_TYPE (CpAutosave, cp_autosave, CP, AUTOSAVE, GObject)

CpAutosave *cp_autosave_new           (void);
gboolean    cp_autosave_save          (CpAutosave  *self,
                                       CpGame      *game,
                                       GFile       *original,
                                       GError     **error);
void        cp_autosave_discard       (CpAutosave  *self);
CpGame     *cp_autosave_load          (CpAutosave  *self,
                                       GError     **error);
GFile      *cp_autosave_get_original  (CpAutosave  *self);
GFile      *cp_autosave_get_file      (CpAutosave  *self);
GPtrArray  *cp_autosave_find_orphans  (void);

G_END_DECLS
