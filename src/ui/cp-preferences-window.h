/* cp-preferences-window.h: the application's preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CP_TYPE_PREFERENCES_WINDOW (cp_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (CpPreferencesWindow, cp_preferences_window, CP, PREFERENCES_WINDOW, AdwPreferencesWindow)

CpPreferencesWindow *cp_preferences_window_new (GSettings *settings);

G_END_DECLS
