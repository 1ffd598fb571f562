/* cp-seat-row.h: a seat in the players panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cp-engine-types.h"

G_BEGIN_DECLS

/* A piece a seat has lost, in the seat's colour; one lost for good is
 * drawn faintly.  Or, `taken`, one it took, in `colour`. */
typedef struct {
  CpPieceKind kind;
  gboolean for_good;
  gboolean taken;
  CpColour colour;
} CpLostPiece;

#define CP_TYPE_SEAT_ROW (cp_seat_row_get_type ())
G_DECLARE_FINAL_TYPE (CpSeatRow, cp_seat_row, CP, SEAT_ROW, AdwActionRow)

GtkWidget  *cp_seat_row_new                  (guint              seat);
guint       cp_seat_row_get_seat             (CpSeatRow         *self);
CpColour    cp_seat_row_get_colour           (CpSeatRow         *self);
void        cp_seat_row_set_colour           (CpSeatRow         *self,
                                              CpColour           colour);
gboolean    cp_seat_row_get_coloured         (CpSeatRow         *self);
void        cp_seat_row_set_coloured         (CpSeatRow         *self,
                                              gboolean           coloured);
gboolean    cp_seat_row_get_to_move          (CpSeatRow         *self);
void        cp_seat_row_set_to_move          (CpSeatRow         *self,
                                              gboolean           to_move);
gboolean    cp_seat_row_get_out              (CpSeatRow         *self);
void        cp_seat_row_set_out              (CpSeatRow         *self,
                                              gboolean           out);
const char *cp_seat_row_get_side_text        (CpSeatRow         *self);
void        cp_seat_row_set_side_text        (CpSeatRow         *self,
                                              const char        *text);
const char *cp_seat_row_get_lost_description (CpSeatRow         *self);
void        cp_seat_row_set_lost_description (CpSeatRow         *self,
                                              const char        *description);
gboolean    cp_seat_row_get_at_screen        (CpSeatRow         *self);
void        cp_seat_row_set_at_screen        (CpSeatRow         *self,
                                              gboolean           at_screen);
const char *cp_seat_row_get_computer         (CpSeatRow         *self);
void        cp_seat_row_set_computer         (CpSeatRow         *self,
                                              const char        *description);
guint       cp_seat_row_get_n_lost           (CpSeatRow         *self);
void        cp_seat_row_set_lost             (CpSeatRow         *self,
                                              const CpLostPiece *pieces,
                                              guint              n_pieces);

G_END_DECLS
