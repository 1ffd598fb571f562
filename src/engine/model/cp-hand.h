/* cp-hand.h: the cards a seat holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-deck.h"

G_BEGIN_DECLS

/* A hand is a pile of cards and the seats that may see their faces.  It
 * also serves for piles that lie face up (CP_SEATS_ALL) or face down (no
 * seat may see them).  A flat value, copied with the state that holds it. */
typedef struct {
  CpSeatMask visible;  /* seats that may see the faces; CP_SEATS_ALL if public */
  CpDeck cards;        /* in the order they came */
} CpHand;

void      cp_hand_init         (CpHand       *hand,
                                CpSeatMask    visible);
guint     cp_hand_count        (const CpHand *hand);
CpCard    cp_hand_get          (const CpHand *hand,
                                guint         index);
gint      cp_hand_find         (const CpHand *hand,
                                CpCard        card);
gboolean  cp_hand_contains     (const CpHand *hand,
                                CpCard        card);
gboolean  cp_hand_add          (CpHand       *hand,
                                CpCard        card);
gboolean  cp_hand_remove       (CpHand       *hand,
                                CpCard        card);
CpCard    cp_hand_remove_at    (CpHand       *hand,
                                guint         index);
void      cp_hand_clear        (CpHand       *hand);
CpSeatMask cp_hand_get_visible (const CpHand *hand);
void      cp_hand_set_visible  (CpHand       *hand,
                                CpSeatMask    visible);
gboolean  cp_hand_visible_to   (const CpHand *hand,
                                guint         seat);
gboolean  cp_hand_redact       (CpHand       *hand,
                                guint         seat);

G_END_DECLS
