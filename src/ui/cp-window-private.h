/* cp-window-private.h: the parts of a game window, for its own files and
 * its tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cp-card-hand-panel.h"
#include "cp-grid-panel.h"
#include "cp-computer-player.h"
#include "cp-uci-engine.h"
#include "cp-card-note-bar.h"
#include "cp-coach-panel.h"
#include "cp-move-list.h"
#include "cp-players-panel.h"
#include "cp-printable.h"
#include "cp-rules-view.h"
#include "cp-window.h"

G_BEGIN_DECLS

#define RECORD_MIME_TYPE "application/x-chess-parlour-game"
#define PGN_MIME_TYPE "application/x-chess-pgn"

/* What the file chooser is open for. */
typedef enum {
  CP_CHOOSE_OPEN,
  CP_CHOOSE_SAVE,
  CP_CHOOSE_EXPORT,
} CpChooseFor;

/* What a save that was asked for before closing or replacing the game
 * leads to. */
typedef enum {
  CP_AFTER_SAVE_NOTHING,
  CP_AFTER_SAVE_CLOSE,
  CP_AFTER_SAVE_REPLACE,
} CpAfterSave;

struct _CpWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets. */
  AdwWindowTitle *title;
  GtkSpinner *thinking_spinner;
  GtkStack *curtain_stack;
  AdwStatusPage *curtain;
  GtkWidget *ready_button;
  AdwFlap *flap;
  GtkWidget *panel_button;
  GtkWidget *panel;
  GtkMenuButton *menu_button;
  GMenuModel *primary_menu;
  GtkWidget *board_box;    /* the board and the game's tables */
  CpBoardView *board;
  GtkRevealer *prompt_revealer;
  GtkLabel *prompt_label;
  GtkWidget *prompt_box;
  GtkWidget *prompt_buttons;
  CpCardNoteBar *card_bar;
  CpCardHandPanel *hand;
  CpGridPanel *grids;
  CpPlayersPanel *players;
  CpMoveList *moves;
  CpCoachPanel *coach;
  GtkWidget *replay_buttons;
  AdwViewStack *panel_stack;
  CpRulesView *rules;
  GMenu *recent_menu;

  GSettings *settings;
  CpSession *session;
  GSignalGroup *session_signals;   /* the session's signals the window follows... */
  GBindingGroup *session_bindings; /* ...and its properties bound to widgets */
  CpAutosave *autosave;    /* kept from one game of the window to the next */
  guint viewer;            /* the seat whose side of the board is at the bottom */
  CpComputerPlayer *adviser;  /* suggests the hints */
  CpUciEngine *engine_adviser; /* suggests them in the games it plays, if chosen */
  GCancellable *hinting;   /* the hint being worked out */
  GtkNativeDialog *chooser; /* the file chooser open, which goes with the window */
  CpChooseFor choosing;    /* what it is open for */
  GCancellable *loading;   /* the file being read to show, if one is */
  guint saving;            /* saves under way */
  CpAfterSave after_save;  /* what a save asked for by a question leads to */
  CpGame *replacement;     /* the game that replaces this one after a save */
  gboolean showing_cards;  /* the card bar is being brought up to date */
  gboolean over;           /* the game was over when last shown */
  guint recent_source;     /* reads the recent files once the window shows */
  char *file_name;         /* the name of the session's file, as the title shows it */
  char *curtain_note;      /* said on the curtain before the first turn, or NULL */
  char *notice;            /* said in the prompt's place for a while, or NULL */
  char *announcement;      /* the last action played, in words, read before
                            * the prompt by assistive technologies; or NULL */
  char *prompt_name;       /* what they read there now */
  gboolean notice_refusal; /* whether it says why a click cannot be played */
  guint notice_source;     /* takes the notice away */
  guint folding;           /* the side panel's fold follows the width */
  guint32 chosen_cards;    /* cards chosen in the hand that wait for a cell, or 0 */
  guint timer_source;      /* counts down a timed secret choice */
  guint timer_left;        /* seconds left to it */
  guint timer_actions;     /* the length of the log when it began */
  guint timer_seat;        /* the seat at the screen it is for */
};

/* cp-window.c */
void     _cp_window_show_notice     (CpWindow    *self,
                                     const char  *message,
                                     gboolean     refusal);
void     _cp_window_show_error      (CpWindow    *self,
                                     const char  *heading,
                                     const char  *message);
guint    _cp_window_rotation_for    (CpWindow    *self,
                                     guint        seat);
void     _cp_window_replace_game    (CpWindow    *self,
                                     CpGame      *game);
gboolean _cp_window_tick_timer      (CpWindow    *self);

/* cp-window-actions.c: the window's actions and their state. */
void     _cp_window_class_add_actions (GtkWidgetClass *widget_class);
void     _cp_window_update_actions  (CpWindow    *self);
void     _cp_window_update_undo     (CpWindow    *self);

/* cp-window-files.c: opening, saving, exporting and recent files. */
void     _cp_window_class_add_file_actions (GtkWidgetClass *widget_class);
void     _cp_window_close_chooser   (CpWindow    *self);
void     _cp_window_save_as         (CpWindow    *self,
                                     GFile       *chosen);
void     _cp_window_watch_recent    (CpWindow    *self);

/* cp-window-print.c */
void     _cp_window_class_add_print_actions (GtkWidgetClass *widget_class);
gboolean _cp_window_print           (CpWindow    *self,
                                     CpPrintable *printable,
                                     const char  *job_name,
                                     const char  *export_path,
                                     GError     **error);
AdwMessageDialog *_cp_window_choose_deck (CpWindow *self);

G_END_DECLS
