/* cp-player.h: a seat's player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "cp-types.h"

G_BEGIN_DECLS

typedef enum {
  CP_PLAYER_HUMAN,
  CP_PLAYER_COMPUTER,
} CpPlayerKind;

#define CP_TYPE_PLAYER (cp_player_get_type ())
G_DECLARE_FINAL_TYPE (CpPlayer, cp_player, CP, PLAYER, GObject)

/* The longest name of a player, in characters.  Files with longer names
 * are refused; names set otherwise are cut short. */
#define CP_PLAYER_MAX_NAME_LENGTH 64

CpPlayer     *cp_player_new        (const char   *name,
                                    guint         seat,
                                    CpColour      colour);
const char   *cp_player_get_name   (CpPlayer     *self);
void          cp_player_set_name   (CpPlayer     *self,
                                    const char   *name);
guint         cp_player_get_seat   (CpPlayer     *self);
CpColour      cp_player_get_colour (CpPlayer     *self);
guint         cp_player_get_team   (CpPlayer     *self);
void          cp_player_set_team   (CpPlayer     *self,
                                    guint         team);
CpPlayerKind  cp_player_get_kind   (CpPlayer     *self);
guint         cp_player_get_level  (CpPlayer     *self);
void          cp_player_set_computer (CpPlayer   *self,
                                    gboolean      computer,
                                    guint         level);

G_END_DECLS
