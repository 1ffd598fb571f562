/* cp-application.h: the Chess Parlour application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CP_TYPE_APPLICATION (cp_application_get_type ())
G_DECLARE_FINAL_TYPE (CpApplication, cp_application, CP, APPLICATION, AdwApplication)

CpApplication *cp_application_new          (GApplicationFlags  flags);
GSettings     *cp_application_get_settings (CpApplication     *self);
GSettings     *cp_application_load_settings (void);
GtkWindow     *cp_application_new_window   (CpApplication     *self);

gboolean       cp_application_help_is_installed (const char *const *data_dirs);

G_END_DECLS
