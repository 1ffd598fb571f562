/* cp-pgn.c: importing and exporting chess games in Portable Game Notation
 *
 * The reader takes the import format of the PGN standard generously: tag
 * pairs, movetext with move numbers, annotation glyphs, NAGs, comments of
 * both kinds, "%" escape lines and nested variations (skipped).  It reads
 * the text in one pass and plays every move of the main line through the
 * rules, so what it returns is always a legal game.  A result that the
 * final position does not explain becomes a resignation, a draw by
 * agreement or a claimed draw.
 *
 * The writer produces the export format: the Seven Tag Roster in its
 * order, SetUp and FEN for positions other than the standard start (always
 * for Chess960), the other tags sorted, movetext in lines of at most 79
 * characters, and a comment saying how the game ended when the moves do
 * not show it.  Players are written by name; a seat nobody named, which
 * goes by its army's name, as "?" (not known), or as the program when the
 * computer plays it, which the tag WhiteType or BlackType then says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cp-chess-state.h"
#include "cp-error.h"
#include "cp-pgn.h"
#include "cp-registry.h"

#define STANDARD_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define LINE_WIDTH 79
#define MAX_MOVE_LENGTH 32
#define MAX_QUOTE_LENGTH 40
#define SNIFF_LENGTH 4096

static const char *const roster[] = { "Event", "Site", "Date", "Round" };
static const char *const roster_unknown[] = { "?", "?", "????.??.??", "?" };

/* Tags that the reader turns into the game's set-up rather than keeping. */
static const char *const setup_tags[] = { "White", "Black", "Result", "SetUp", "FEN", "Variant" };

static gboolean
is_setup_tag (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (setup_tags); i++)
    if (g_str_equal (name, setup_tags[i]))
      return TRUE;
  return FALSE;
}

/* A value that says nothing: "?" and its kin. */
static gboolean
is_unknown_value (const char *value)
{
  return value[0] == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??");
}

static gboolean
is_symbol_char (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("_+#=:-/", c) != NULL);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

typedef enum {
  TOKEN_EOF,
  TOKEN_TAG,      /* tag_name, tag_value */
  TOKEN_SYMBOL,   /* a move, a move number or a result: text, length */
  TOKEN_STAR,
  TOKEN_OPEN,
  TOKEN_CLOSE,
  TOKEN_COMMENT,  /* a comment in braces: text, length */
  TOKEN_IGNORED,  /* periods, NAGs and annotation glyphs */
} TokenType;

typedef struct {
  const char *pos;
  const char *end;
  guint line;
  gboolean line_start;
  guint game;            /* the game being read, from 1 */

  /* The last token. */
  TokenType type;
  const char *start;
  guint start_line;
  const char *text;
  gsize length;
  GString *tag_name;
  GString *tag_value;
} Reader;

static gboolean
reader_error (Reader *r, guint line, GError **error, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
reader_error (Reader *r, guint line, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: a game of a PGN file, the line of the file, and what is
   * wrong there. */
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("Game %u, line %u: %s"),
               r->game, line, message);
  return FALSE;
}

/* Some text of the file, quoted in a message: valid UTF-8 (the file may
 * be in Latin-1) and not too long. */
static char *
quote_text (const char *text, gsize length)
{
  if (length > MAX_QUOTE_LENGTH)
    {
      g_autofree char *head = quote_text (text, MAX_QUOTE_LENGTH);

      return g_strconcat (head, "…", NULL);
    }
  return g_utf8_make_valid (text, (gssize) length);
}

static void
advance (Reader *r)
{
  char c = *r->pos++;

  if (c == '\n' || (c == '\r' && (r->pos == r->end || *r->pos != '\n')))
    {
      r->line++;
      r->line_start = TRUE;
    }
  else
    r->line_start = FALSE;
}

static void
skip_line (Reader *r)
{
  while (r->pos < r->end && *r->pos != '\n' && *r->pos != '\r')
    advance (r);
}

static void
skip_blanks (Reader *r)
{
  while (r->pos < r->end && (*r->pos == ' ' || *r->pos == '\t'))
    advance (r);
}

/* Text in a tag value that is not UTF-8 is taken as Latin-1, the
 * character set of the PGN standard. */
static char *
tag_value_to_utf8 (GString *value)
{
  char *converted;

  if (g_utf8_validate (value->str, (gssize) value->len, NULL))
    return g_strndup (value->str, value->len);
  converted = g_convert (value->str, (gssize) value->len, "UTF-8", "ISO-8859-1",
                         NULL, NULL, NULL);
  return converted != NULL ? converted : g_utf8_make_valid (value->str, (gssize) value->len);
}

static gboolean
read_tag (Reader *r, GError **error)
{
  g_string_truncate (r->tag_name, 0);
  g_string_truncate (r->tag_value, 0);

  advance (r);
  skip_blanks (r);
  /* A symbol of the standard: a letter or digit, then those and
   * "_+#=:-" (GNOME Chess writes "X-GNOME-ClockType"). */
  while (r->pos < r->end && (g_ascii_isalnum (*r->pos)
                             || (r->tag_name->len > 0 && strchr ("_+#=:-", *r->pos) != NULL)))
    {
      g_string_append_c (r->tag_name, *r->pos);
      advance (r);
    }
  if (r->tag_name->len == 0)
    return reader_error (r, r->start_line, error, _("a tag has no name"));
  skip_blanks (r);
  if (r->pos >= r->end || *r->pos != '"')
    return reader_error (r, r->start_line, error, _("the tag “%s” has no value in quotes"),
                         r->tag_name->str);
  advance (r);
  for (;;)
    {
      if (r->pos >= r->end || *r->pos == '\n' || *r->pos == '\r')
        return reader_error (r, r->start_line, error,
                             _("the value of the tag “%s” has no closing quote"),
                             r->tag_name->str);
      if (*r->pos == '"')
        break;
      if (*r->pos == '\\' && r->pos + 1 < r->end && (r->pos[1] == '"' || r->pos[1] == '\\'))
        advance (r);
      g_string_append_c (r->tag_value, *r->pos);
      advance (r);
    }
  advance (r);
  skip_blanks (r);
  if (r->pos >= r->end || *r->pos != ']')
    return reader_error (r, r->start_line, error, _("the tag “%s” has no closing “]”"),
                         r->tag_name->str);
  advance (r);
  r->type = TOKEN_TAG;
  return TRUE;
}

static gboolean
read_comment (Reader *r, GError **error)
{
  advance (r);
  r->text = r->pos;
  while (r->pos < r->end && *r->pos != '}')
    advance (r);
  if (r->pos >= r->end)
    return reader_error (r, r->start_line, error, _("a comment “{” is not closed"));
  r->length = (gsize) (r->pos - r->text);
  advance (r);
  r->type = TOKEN_COMMENT;
  return TRUE;
}

static gboolean
unexpected_character (Reader *r, GError **error)
{
  gunichar c = g_utf8_get_char_validated (r->pos, r->end - r->pos);
  char text[8] = { 0 };

  if (c == (gunichar) -1 || c == (gunichar) -2 || c == 0 || g_unichar_iscntrl (c))
    return reader_error (r, r->line, error, _("unexpected byte 0x%02X"), (guchar) *r->pos);
  g_unichar_to_utf8 (c, text);
  return reader_error (r, r->line, error, _("unexpected character “%s”"), text);
}

static void
read_while (Reader *r, const char *chars)
{
  while (r->pos < r->end && *r->pos != '\0' && strchr (chars, *r->pos) != NULL)
    advance (r);
}

/* Reads the next token into @r. */
static gboolean
next_token (Reader *r, GError **error)
{
  char c;

  for (;;)
    {
      if (r->pos >= r->end)
        {
          r->start = r->pos;
          r->start_line = r->line;
          r->type = TOKEN_EOF;
          return TRUE;
        }
      c = *r->pos;
      if ((c == '%' && r->line_start) || c == ';')
        skip_line (r);
      else if (is_space (c))
        advance (r);
      else
        break;
    }

  r->start = r->pos;
  r->start_line = r->line;
  r->type = TOKEN_IGNORED;
  switch (c)
    {
    case '[':
      return read_tag (r, error);
    case '{':
      return read_comment (r, error);
    case '(':
      advance (r);
      r->type = TOKEN_OPEN;
      return TRUE;
    case ')':
      advance (r);
      r->type = TOKEN_CLOSE;
      return TRUE;
    case '*':
      advance (r);
      r->type = TOKEN_STAR;
      return TRUE;
    case '.':
      read_while (r, ".");
      return TRUE;
    case '$':
      advance (r);
      read_while (r, "0123456789");
      return TRUE;
    case '!':
    case '?':
      read_while (r, "!?");
      return TRUE;
    case '+':
    case '-':
    case '=':
    case '/':
      /* Evaluation signs such as "+-" or "=/+"; "--" is a null move,
       * which is read as a (wrong) move so that it is reported. */
      read_while (r, "+-=/");
      if (r->pos - r->start == 2 && r->start[0] == '-' && r->start[1] == '-')
        {
          r->type = TOKEN_SYMBOL;
          r->text = r->start;
          r->length = 2;
        }
      return TRUE;
    default:
      break;
    }

  if (!g_ascii_isalnum (c))
    return unexpected_character (r, error);
  while (r->pos < r->end && is_symbol_char (*r->pos))
    advance (r);
  r->type = TOKEN_SYMBOL;
  r->text = r->start;
  r->length = (gsize) (r->pos - r->start);
  return TRUE;
}

/* Takes back the last token, so that it is read again. */
static void
unread_token (Reader *r)
{
  r->pos = r->start;
  r->line = r->start_line;
  r->line_start = FALSE;
}

static gboolean
symbol_is (Reader *r, const char *text)
{
  return r->length == strlen (text) && memcmp (r->text, text, r->length) == 0;
}

/* The result a symbol stands for, or NULL if it is none. */
static const char *
symbol_result (Reader *r)
{
  if (symbol_is (r, "1-0"))
    return "1-0";
  if (symbol_is (r, "0-1"))
    return "0-1";
  if (symbol_is (r, "1/2-1/2") || symbol_is (r, "1/2"))
    return "1/2-1/2";
  return NULL;
}

/* The result a Result tag gives, or NULL for none. */
static const char *
result_from_tag (const char *value)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };

  for (guint i = 0; value != NULL && i < G_N_ELEMENTS (results); i++)
    if (g_str_equal (value, results[i]))
      return results[i];
  return NULL;
}

static gboolean
symbol_is_number (Reader *r)
{
  for (gsize i = 0; i < r->length; i++)
    if (!g_ascii_isdigit (r->text[i]))
      return FALSE;
  return TRUE;
}

/* The game id for a Variant tag, or NULL for a game we do not play. */
static const char *
variant_game (const char *variant)
{
  static const char *const chess[] = { "", "standard", "chess", "normal", "orthodox",
                                       "fromposition" };
  static const char *const chess960[] = { "chess960", "fischerandom", "fischerrandom",
                                          "fischerrandomchess", "960" };
  g_autoptr (GString) key = g_string_new (NULL);

  if (variant == NULL)
    return "chess";
  for (const char *p = variant; *p; p++)
    if (g_ascii_isalnum (*p))
      g_string_append_c (key, g_ascii_tolower (*p));
  for (guint i = 0; i < G_N_ELEMENTS (chess); i++)
    if (g_str_equal (key->str, chess[i]))
      return "chess";
  for (guint i = 0; i < G_N_ELEMENTS (chess960); i++)
    if (g_str_equal (key->str, chess960[i]))
      return "chess960";
  return NULL;
}

/* A new game set up from the tags of the game being read. */
static CpGame *
start_game (Reader *r, GHashTable *tags, GError **error)
{
  const char *variant = g_hash_table_lookup (tags, "Variant");
  const char *fen = g_hash_table_lookup (tags, "FEN");
  const char *setup = g_hash_table_lookup (tags, "SetUp");
  const char *game_id = variant_game (variant);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (CpGame) game = NULL;
  g_autoptr (GError) local = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (game_id == NULL)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("Game %u is a game of “%s”, a variant that Chess Parlour cannot import"),
                   r->game, variant);
      return NULL;
    }
  if (fen != NULL && fen[0] == '\0')
    fen = NULL;
  if (fen == NULL && g_strcmp0 (setup, "1") == 0)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("Game %u has the tag SetUp but no FEN tag with its position"), r->game);
      return NULL;
    }
  if (fen == NULL && g_str_equal (game_id, "chess960"))
    fen = STANDARD_FEN;
  if (fen != NULL)
    g_hash_table_insert (options, (gpointer) "fen", (gpointer) fen);

  game = cp_game_new (game_id, options, 2, 0, &local);
  if (game == NULL)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("Game %u: %s"), r->game, local->message);
      return NULL;
    }
  if (cp_game_get_pending (game) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("Game %u does not say its starting position"), r->game);
      return NULL;
    }

  for (guint seat = 0; seat < 2; seat++)
    {
      const char *name = g_hash_table_lookup (tags, seat == 0 ? "White" : "Black");

      if (name != NULL && g_utf8_strlen (name, -1) > CP_PLAYER_MAX_NAME_LENGTH)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                       seat == 0 ? _("Game %u: the name of White is longer than %u characters")
                                 : _("Game %u: the name of Black is longer than %u characters"),
                       r->game, CP_PLAYER_MAX_NAME_LENGTH);
          return NULL;
        }
    }

  g_hash_table_iter_init (&iter, tags);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (is_unknown_value (value))
        continue;
      if (g_str_equal (key, "White"))
        cp_player_set_name (cp_game_get_player (game, 0), value);
      else if (g_str_equal (key, "Black"))
        cp_player_set_name (cp_game_get_player (game, 1), value);
      else if (!is_setup_tag (key))
        g_hash_table_insert (cp_game_get_tags (game), g_strdup (key), g_strdup (value));
    }
  return g_steal_pointer (&game);
}

/* Drops what PGN writes around a move but the notation reader need not
 * see: check and mate signs, and castling written with zeros. */
static void
normalize_move (const char *text, gsize length, char *out)
{
  gboolean castling = length >= 3 && memcmp (text, "0-0", 3) == 0;
  gsize n = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (c == '+' || c == '#')
        continue;
      if (c == '0' && castling)
        c = 'O';
      out[n++] = c;
    }
  out[n] = '\0';
}

/* A move reduced to what identifies it: no capture, check or promotion
 * signs, no pawn letter, the promotion piece in lower case. */
static void
reduce_move (const char *text, char *out, gsize size)
{
  gsize n = 0;

  if (text[0] == 'P' && text[1] >= 'a' && text[1] <= 'h')
    text++;
  for (; *text && n + 1 < size; text++)
    if (strchr ("x:-=+#!?", *text) == NULL)
      out[n++] = *text;
  out[n] = '\0';
  if (n >= 3 && strchr ("QRBN", out[n - 1]) && (out[n - 2] == '1' || out[n - 2] == '8'))
    out[n - 1] = g_ascii_tolower (out[n - 1]);
}

/* Finds the legal move that @text means when the notation reader does not
 * know it: moves with superfluous or missing signs ("e8Q", "Pe4",
 * "Ng1f3").  Succeeds only when exactly one move fits. */
static gboolean
match_legal_move (const CpState *state, const char *text, CpAction *action)
{
  static const CpNotation notations[] = { CP_NOTATION_SAN, CP_NOTATION_LAN, CP_NOTATION_COMPUTER };
  g_auto (CpActionList) legal = { 0 };
  char want[MAX_MOVE_LENGTH + 1];
  guint found = 0;

  reduce_move (text, want, sizeof want);
  if (want[0] == '\0')
    return FALSE;
  cp_state_legal (state, state->to_move, &legal);
  for (guint i = 0; i < legal.len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (notations); k++)
      {
        g_autofree char *written = cp_state_format (state, &legal.items[i], notations[k]);
        char have[MAX_MOVE_LENGTH + 1];

        reduce_move (written, have, sizeof have);
        if (g_str_equal (want, have))
          {
            *action = legal.items[i];
            found++;
            break;
          }
      }
  return found == 1;
}

static gboolean
move_error (Reader *r, const CpState *state, const char *text, const char *format_white,
            const char *format_black, const char *detail, GError **error)
{
  const CpChessState *st = CP_CHESS_STATE (state);
  g_autofree char *message = NULL;

  message = g_strdup_printf (state->to_move == 0 ? format_white : format_black,
                             r->game, st->fullmove, text);
  if (detail != NULL)
    g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, "%s (%s)", message, detail);
  else
    g_set_error_literal (error, CP_ERROR, CP_ERROR_BAD_RECORD, message);
  return FALSE;
}

static gboolean
play_move (Reader *r, CpGame *game, GError **error)
{
  const CpState *state = cp_game_get_state (game);
  g_autofree char *text = quote_text (r->text, r->length);
  char move[MAX_MOVE_LENGTH + 1];
  CpAction action;

  if (cp_state_is_over (state))
    return move_error (r, state, text,
                       /* Translators: a game of a PGN file, a move number and the move */
                       _("Game %u, move %u for White: “%s” comes after the end of the game"),
                       _("Game %u, move %u for Black: “%s” comes after the end of the game"),
                       cp_end_reason_describe (state->outcome.reason), error);
  if (r->length <= MAX_MOVE_LENGTH)
    {
      normalize_move (r->text, r->length, move);
      if ((cp_state_parse (state, move, &action, NULL) || match_legal_move (state, move, &action))
          && cp_game_append (game, &action, NULL))
        return TRUE;
    }
  return move_error (r, state, text,
                     /* Translators: a game of a PGN file, a move number and the move */
                     _("Game %u, move %u for White: “%s” is not a legal move"),
                     _("Game %u, move %u for Black: “%s” is not a legal move"),
                     NULL, error);
}

/* Whether @comment says the players agreed to draw.  A long comment may
 * be wrapped over lines: any run of spaces and line breaks counts as one
 * space. */
static gboolean
is_agreement_comment (const char *comment)
{
  g_auto (GStrv) words = g_strsplit_set (comment != NULL ? comment : "", " \t\r\n", -1);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", words[i]);
  return g_ascii_strcasecmp (text->str, "Draw by agreement") == 0
         || g_str_equal (text->str, cp_end_reason_describe (CP_END_AGREEMENT));
}

static gboolean
append_meta (CpGame *game, CpActionType type, guint seat, GError **error)
{
  CpAction action;

  cp_action_init (&action, type, seat);
  return cp_game_append (game, &action, error);
}

/* Makes the game end with @result: the position may show it already,
 * otherwise the loser resigns or the players draw. */
static gboolean
apply_result (Reader *r, CpGame *game, const char *result, const char *comment, GError **error)
{
  const CpState *state = cp_game_get_state (game);
  const CpOutcome *outcome = &state->outcome;
  g_autoptr (GError) local = NULL;
  gboolean ok;

  if (result == NULL || g_str_equal (result, "*"))
    return TRUE;
  if (cp_state_is_over (state))
    {
      gboolean same = g_str_equal (result, "1/2-1/2")
                      ? outcome->status == CP_STATUS_DRAWN
                      : outcome->status == CP_STATUS_WON
                        && outcome->winners == CP_SEAT_BIT (g_str_equal (result, "1-0") ? 0 : 1);

      if (same)
        return TRUE;
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("Game %u has the result %s, but the moves end it otherwise: %s"),
                   r->game, result, cp_end_reason_describe (outcome->reason));
      return FALSE;
    }

  if (g_str_equal (result, "1-0"))
    ok = append_meta (game, CP_ACTION_RESIGN, 1, &local);
  else if (g_str_equal (result, "0-1"))
    ok = append_meta (game, CP_ACTION_RESIGN, 0, &local);
  else if (state->rules->claimable != NULL && state->rules->claimable (state) != CP_END_NONE
           && !is_agreement_comment (comment))
    ok = append_meta (game, CP_ACTION_CLAIM_DRAW, state->to_move, &local);
  else
    ok = append_meta (game, CP_ACTION_OFFER_DRAW, state->to_move, &local)
         && append_meta (game, CP_ACTION_ACCEPT_DRAW, 1u - state->to_move, &local);
  if (!ok)
    g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                 _("Game %u cannot end with the result %s: %s"), r->game, result, local->message);
  return ok;
}

static gboolean
handle_movetext (Reader *r, CpGame *game, guint *depth, guint *open_line, const char **result,
                 const char **comment, GError **error)
{
  switch (r->type)
    {
    case TOKEN_OPEN:
      if (*depth == CP_PGN_MAX_DEPTH)
        return reader_error (r, r->start_line, error,
                             _("variations are nested more than %u deep"), CP_PGN_MAX_DEPTH);
      if ((*depth)++ == 0)
        *open_line = r->start_line;
      return TRUE;
    case TOKEN_CLOSE:
      if (*depth == 0)
        return reader_error (r, r->start_line, error, _("a “)” closes no variation"));
      (*depth)--;
      return TRUE;
    case TOKEN_STAR:
      if (*depth == 0)
        *result = "*";
      return TRUE;
    case TOKEN_SYMBOL:
      if (*depth > 0 || symbol_is_number (r))
        return TRUE;
      *result = symbol_result (r);
      if (*result != NULL)
        return TRUE;
      *comment = NULL;
      return play_move (r, game, error);
    default:
      g_assert_not_reached ();
    }
}

/* Reads one game into *@out; at the end of the text, *@out is NULL. */
/* The annotation of the last move of @game, to be changed; NULL when the
 * log ends with no move. */
static gboolean
last_annotation (CpGame *game, guint *index, CpAnnotation *a)
{
  guint n = cp_game_get_n_actions (game);
  const CpAnnotation *old;

  if (n == 0 || cp_game_get_action (game, n - 1)->type != CP_ACTION_MOVE)
    return FALSE;
  *index = n - 1;
  old = cp_annotations_get (cp_game_get_annotations (game), n - 1);
  *a = old != NULL ? *old : (CpAnnotation) { 0 };
  return TRUE;
}

/* A NAG after a move: $1 to $6 are the marks ! ? !! ?? !? ?!. */
static void
read_nag (CpGame *game, const char *digits, gsize length)
{
  CpAnnotation a;
  guint index;

  if (length != 1 || digits[0] < '1' || digits[0] > '6' || !last_annotation (game, &index, &a))
    return;
  a.mark = (CpMoveMark) (digits[0] - '0');
  cp_annotations_set (cp_game_get_annotations (game), index, &a);
}

/* An evaluation in a comment after a move, as chess programs write it:
 * {[%eval 0.35]}, {[%eval -1.2]}, {[%eval #-3]}, in pawns for White. */
static void
read_eval (CpGame *game, const char *text, gsize length)
{
  g_autofree char *comment = g_strndup (text, length);
  const char *p = strstr (comment, "[%eval");
  CpAnnotation a;
  guint index;
  char *end;

  if (p == NULL || !last_annotation (game, &index, &a))
    return;
  p += strlen ("[%eval");
  while (is_space (*p))
    p++;
  a.eval = (CpEval) { .known = TRUE };
  if (*p == '#')
    {
      gint64 mate = g_ascii_strtoll (p + 1, &end, 10);

      if (end == p + 1 || mate == 0 || mate < -1000 || mate > 1000)
        return;
      a.eval.mate = (int) mate;
      a.eval.value = mate > 0 ? 100000 : -100000;
    }
  else
    {
      double pawns = g_ascii_strtod (p, &end);

      if (end == p || !(pawns > -10000 && pawns < 10000))
        return;
      a.eval.value = (int) (pawns * 100 + (pawns < 0 ? -0.5 : 0.5));
    }
  cp_annotations_set (cp_game_get_annotations (game), index, &a);
}

static gboolean
read_game (Reader *r, CpGame **out, GError **error)
{
  g_autoptr (GHashTable) tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (CpGame) game = NULL;
  g_autofree char *last_comment = NULL;
  const char *comment = NULL;
  gsize comment_length = 0;
  const char *result = NULL;
  gboolean any = FALSE;
  guint depth = 0, open_line = 0;

  *out = NULL;
  while (result == NULL)
    {
      if (!next_token (r, error))
        return FALSE;
      if (r->type == TOKEN_EOF)
        break;
      if (r->type == TOKEN_IGNORED)
        {
          if (depth == 0 && game != NULL && r->start[0] == '$')
            read_nag (game, r->start + 1, (gsize) (r->pos - r->start - 1));
          continue;
        }
      if (r->type == TOKEN_COMMENT)
        {
          if (depth == 0)
            {
              comment = r->text;
              comment_length = r->length;
              if (game != NULL)
                read_eval (game, r->text, r->length);
            }
          continue;
        }
      if (r->type == TOKEN_TAG)
        {
          if (game == NULL)
            {
              g_hash_table_insert (tags, g_strdup (r->tag_name->str),
                                   tag_value_to_utf8 (r->tag_value));
              any = TRUE;
            }
          else if (depth == 0)
            {
              /* The game had no result; this tag begins the next one. */
              unread_token (r);
              break;
            }
          continue;
        }

      any = TRUE;
      if (game == NULL && (game = start_game (r, tags, error)) == NULL)
        return FALSE;
      if (!handle_movetext (r, game, &depth, &open_line, &result, &comment, error))
        return FALSE;
    }

  if (depth > 0)
    return reader_error (r, open_line, error, _("a variation “(” is not closed"));
  if (!any)
    return TRUE;
  if (game == NULL && (game = start_game (r, tags, error)) == NULL)
    return FALSE;
  if (result == NULL)
    result = result_from_tag (g_hash_table_lookup (tags, "Result"));
  if (comment != NULL)
    last_comment = g_utf8_make_valid (comment, (gssize) comment_length);
  if (!apply_result (r, game, result, last_comment, error))
    return FALSE;
  *out = g_steal_pointer (&game);
  return TRUE;
}

/* PGN is text: a NUL byte anywhere, even in a comment, means the file is
 * something else, and names and tags could not hold it. */
static gboolean
check_no_nul (const char *text, gsize size, GError **error)
{
  const char *nul = memchr (text, '\0', size);
  g_autofree char *what = NULL;
  int line = 1;

  if (nul == NULL)
    return TRUE;
  for (const char *p = text; p < nul; p++)
    line += *p == '\n';
  what = g_strdup_printf (_("unexpected byte 0x%02X"), 0);
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("Line %d: %s"), line, what);
  return FALSE;
}

static const char *
skip_bom (const char *text, gsize *length)
{
  if (*length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      *length -= 3;
      return text + 3;
    }
  return text;
}

/**
 * cp_pgn_read:
 * @text: PGN text, in UTF-8 or Latin-1
 * @length: the length of @text in bytes, or -1 if it ends with a NUL
 * @error: return location for an error
 *
 * Reads every game of a PGN text.  Each move is played through the rules;
 * the first move that is not legal stops the reading with an error naming
 * the game, the move and the side.  Variations are skipped.
 *
 * Returns: (transfer full) (element-type CpGame): the games, at least one
 */
GPtrArray *
cp_pgn_read (const char *text, gssize length, GError **error)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GString) tag_name = g_string_new (NULL);
  g_autoptr (GString) tag_value = g_string_new (NULL);
  gsize size = length < 0 ? strlen (text) : (gsize) length;
  Reader r = { 0 };

  g_return_val_if_fail (text != NULL || size == 0, NULL);

  if (size > CP_PGN_MAX_SIZE)
    {
      g_autofree char *limit = g_format_size (CP_PGN_MAX_SIZE);

      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("The PGN text is too large: at most %s can be read"), limit);
      return NULL;
    }
  text = size > 0 ? skip_bom (text, &size) : "";
  if (!check_no_nul (text, size, error))
    return NULL;
  r.pos = text;
  r.end = text + size;
  r.line = 1;
  r.line_start = TRUE;
  r.tag_name = tag_name;
  r.tag_value = tag_value;

  for (;;)
    {
      CpGame *game;

      r.game = games->len + 1;
      if (!read_game (&r, &game, error))
        return NULL;
      if (game == NULL)
        break;
      if (games->len == CP_PGN_MAX_GAMES)
        {
          g_object_unref (game);
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                       _("The PGN text holds more than %u games, the most that can be read at once"),
                       CP_PGN_MAX_GAMES);
          return NULL;
        }
      g_ptr_array_add (games, game);
    }
  if (games->len == 0)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("The PGN text holds no game"));
      return NULL;
    }
  return g_steal_pointer (&games);
}

/**
 * cp_pgn_load:
 * @file: a PGN file
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Reads every game of a PGN file; see cp_pgn_read().
 *
 * Returns: (transfer full) (element-type CpGame): the games
 */
GPtrArray *
cp_pgn_load (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_size (info) > CP_PGN_MAX_SIZE)
    {
      g_autofree char *limit = g_format_size (CP_PGN_MAX_SIZE);

      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("The file is too large for a PGN file: at most %s can be read"), limit);
      return NULL;
    }
  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, error))
    return NULL;
  return cp_pgn_read (contents, (gssize) length, error);
}

/**
 * cp_pgn_is_pgn:
 * @data: the beginning of a file
 * @length: the length of @data
 *
 * Whether @data looks like PGN: a tag pair or a first move number after
 * blank lines and escape lines.
 */
gboolean
cp_pgn_is_pgn (const char *data, gsize length)
{
  const char *p, *end;

  data = skip_bom (data, &length);
  p = data;
  end = data + MIN (length, SNIFF_LENGTH);
  for (;;)
    {
      while (p < end && is_space (*p))
        p++;
      if (p < end && *p == '%' && (p == data || p[-1] == '\n' || p[-1] == '\r'))
        {
          while (p < end && *p != '\n' && *p != '\r')
            p++;
          continue;
        }
      break;
    }
  if (p >= end)
    return FALSE;

  if (*p == '[')
    {
      p++;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      if (p >= end || !g_ascii_isalpha (*p))
        return FALSE;
      while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
        p++;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      return p < end && *p == '"';
    }
  if (g_ascii_isdigit (*p))
    {
      while (p < end && g_ascii_isdigit (*p))
        p++;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      return p < end && *p == '.';
    }
  return FALSE;
}

/* Writing. */

/**
 * cp_pgn_can_export:
 *
 * Whether @game is a game PGN can hold: orthodox chess or Chess960.
 */
gboolean
cp_pgn_can_export (CpGame *game)
{
  const char *id = cp_game_get_rules (game)->id;

  return g_str_equal (id, "chess") || g_str_equal (id, "chess960");
}

/* Movetext broken into lines of at most LINE_WIDTH characters. */
typedef struct {
  GString *out;
  gsize column;
} Lines;

static void
lines_add (Lines *lines, const char *word)
{
  gsize length = strlen (word);

  if (lines->column > 0 && lines->column + 1 + length > LINE_WIDTH)
    {
      g_string_append_c (lines->out, '\n');
      lines->column = 0;
    }
  else if (lines->column > 0)
    {
      g_string_append_c (lines->out, ' ');
      lines->column++;
    }
  g_string_append (lines->out, word);
  lines->column += length;
}

/* A comment, its words spread over lines as needed. */
static void
lines_add_comment (Lines *lines, const char *text)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  const char *p = text;

  while (*p)
    {
      const char *start;

      while (*p && is_space (*p))
        p++;
      start = p;
      while (*p && !is_space (*p))
        p++;
      if (p > start)
        {
          char *word = g_strndup (start, (gsize) (p - start));

          /* A comment cannot hold its own closing brace. */
          for (char *c = word; *c; c++)
            *c = *c == '{' ? '(' : *c == '}' ? ')' : *c;
          g_ptr_array_add (words, word);
        }
    }
  for (guint i = 0; i < words->len; i++)
    {
      g_autofree char *word = g_strconcat (i == 0 ? "{" : "", (char *) words->pdata[i],
                                           i + 1 == words->len ? "}" : "", NULL);

      lines_add (lines, word);
    }
}

static void
write_tag (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, is_space (*p) ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

/* A tag name of the game made fit for PGN: letters, digits and "_". */
static char *
tag_name_for_pgn (const char *name)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (const char *p = name; *p; p++)
    g_string_append_c (out, g_ascii_isalnum (*p) ? *p : '_');
  if (out->len == 0 || !g_ascii_isalnum (out->str[0]))
    g_string_prepend_c (out, 'X');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static const char *
result_text (const CpOutcome *outcome)
{
  if (outcome->status == CP_STATUS_DRAWN)
    return "1/2-1/2";
  if (outcome->status == CP_STATUS_WON && outcome->winners == CP_SEAT_BIT (0))
    return "1-0";
  if (outcome->status == CP_STATUS_WON && outcome->winners == CP_SEAT_BIT (1))
    return "0-1";
  return "*";
}

/* A player's name; for a seat nobody named, which goes by the name of an
 * army, the program's name when the computer plays it, or "?", which says
 * that the name is not known. */
static const char *
player_name (CpGame *game, guint seat)
{
  CpPlayer *player = cp_game_get_player (game, seat);
  const char *name = cp_player_get_name (player);

  if (name != NULL && name[0] != '\0' && !cp_rules_is_seat_name (name))
    return name;
  return cp_player_get_kind (player) == CP_PLAYER_COMPUTER ? "Chess Parlour" : "?";
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
write_tags (CpGame *game, const char *fen, GString *out)
{
  GHashTable *tags = cp_game_get_tags (game);
  g_autoptr (GHashTable) others = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gpointer *keys = NULL;
  GHashTableIter iter;
  gpointer tag, tag_value;
  guint n_keys;

  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const char *value = g_hash_table_lookup (tags, roster[i]);

      write_tag (out, roster[i], value != NULL && value[0] != '\0' ? value : roster_unknown[i]);
    }
  write_tag (out, "White", player_name (game, 0));
  write_tag (out, "Black", player_name (game, 1));
  write_tag (out, "Result", result_text (cp_game_get_outcome (game)));
  if (g_str_equal (cp_game_get_rules (game)->id, "chess960"))
    write_tag (out, "Variant", "Chess960");
  if (fen != NULL)
    {
      write_tag (out, "SetUp", "1");
      write_tag (out, "FEN", fen);
    }

  g_hash_table_iter_init (&iter, tags);
  while (g_hash_table_iter_next (&iter, &tag, &tag_value))
    g_hash_table_insert (others, tag, tag_value);
  /* A computer player is a program, in the words of the standard's
   * supplement. */
  for (guint seat = 0; seat < 2; seat++)
    if (cp_player_get_kind (cp_game_get_player (game, seat)) == CP_PLAYER_COMPUTER)
      g_hash_table_insert (others, seat == 0 ? "WhiteType" : "BlackType", "program");
  keys = g_hash_table_get_keys_as_array (others, &n_keys);
  qsort (keys, n_keys, sizeof (gpointer), compare_strings);
  for (guint i = 0; i < n_keys; i++)
    {
      g_autofree char *name = tag_name_for_pgn (keys[i]);
      gboolean roster_tag = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (roster); k++)
        roster_tag |= g_str_equal (keys[i], roster[k]);
      if (!roster_tag && !is_setup_tag (name) && !g_str_has_prefix (keys[i], CP_LOCAL_TAG_PREFIX))
        write_tag (out, name, g_hash_table_lookup (others, keys[i]));
    }
}

/* How the game ended, when the moves do not show it. */
static char *
ending_comment (const CpState *state)
{
  switch (state->outcome.reason)
    {
    case CP_END_NONE:
    case CP_END_CHECKMATE:
      return NULL;
    case CP_END_RESIGNATION:
      return g_strdup ((state->out & CP_SEAT_BIT (0)) ? _("White resigns") : _("Black resigns"));
    default:
      return g_strdup (cp_end_reason_describe (state->outcome.reason));
    }
}

static gboolean
is_move (const CpAction *action)
{
  return action->seat != CP_SEAT_CHANCE && action->type < CP_ACTION_RESIGN;
}

/* The preferred line of @a as a variation of the move made in @before:
 * "(12... Nf3 e5 13. Nc3)". */
static void
add_variation (Lines *lines, const CpState *before, const CpAnnotation *a)
{
  g_autoptr (CpState) state = cp_state_copy (before);
  g_autoptr (GString) text = g_string_new ("(");

  for (guint k = 0; k < a->n_line; k++)
    {
      const CpChessState *st = CP_CHESS_STATE (state);
      g_autofree char *san = cp_state_format (state, &a->line[k], CP_NOTATION_SAN);

      if (san == NULL || !is_move (&a->line[k]))
        break;
      if (k > 0)
        g_string_append_c (text, ' ');
      if (state->to_move == 0)
        g_string_append_printf (text, "%u. ", st->fullmove);
      else if (k == 0)
        g_string_append_printf (text, "%u... ", st->fullmove);
      g_string_append (text, san);
      if (!cp_state_apply (state, &a->line[k], NULL))
        break;
    }
  g_string_append_c (text, ')');
  if (text->len > 2)
    {
      g_auto (GStrv) words = g_strsplit (text->str, " ", -1);

      for (guint k = 0; words[k] != NULL; k++)
        lines_add (lines, words[k]);
    }
}

/* What the annotation @a says of the move just written, made in @before:
 * its mark as a NAG ($1–$6), the evaluation after it as a comment that
 * chess programs read ({[%eval 0.35]}, {[%eval #-3]}), and for a move
 * marked as a loss, the preferred line as a variation.  Returns whether
 * anything was written after the move, so that the next move is numbered
 * again. */
static gboolean
annotate_move (Lines *lines, const CpState *before, const CpAnnotation *a)
{
  g_autofree char *comment = NULL;

  if (a == NULL)
    return FALSE;
  if (a->mark != CP_MOVE_MARK_NONE)
    {
      g_autofree char *nag = g_strdup_printf ("$%u", (guint) a->mark);

      lines_add (lines, nag);
    }
  if (a->eval.known && a->eval.mate != 0)
    comment = g_strdup_printf ("[%%eval #%d]", a->eval.mate);
  else if (a->eval.known && ABS (a->eval.value) < 100000) /* not a game over */
    comment = g_strdup_printf ("[%%eval %s%d.%02d]", a->eval.value < 0 ? "-" : "",
                               ABS (a->eval.value) / 100, ABS (a->eval.value) % 100);
  if (comment != NULL)
    lines_add_comment (lines, comment);
  if (a->n_line > 0 && (a->mark == CP_MOVE_MARK_MISTAKE || a->mark == CP_MOVE_MARK_BLUNDER
                        || a->mark == CP_MOVE_MARK_DUBIOUS))
    add_variation (lines, before, a);
  return a->mark != CP_MOVE_MARK_NONE || comment != NULL;
}

static void
write_movetext (CpGame *game, guint first, CpState *state, GString *out)
{
  Lines lines = { out, 0 };
  gboolean numbered = FALSE;
  g_autofree char *comment = NULL;
  guint n = cp_game_get_n_actions (game);

  for (guint i = first; i < n; i++)
    {
      const CpAction *action = cp_game_get_action (game, i);

      if (is_move (action))
        {
          const CpChessState *st = CP_CHESS_STATE (state);
          g_autofree char *san = cp_state_format (state, action, CP_NOTATION_SAN);
          g_autofree char *word = NULL;

          /* A move number stays on the line of its move. */
          if (state->to_move == 0)
            word = g_strdup_printf ("%u. %s", st->fullmove, san);
          else if (!numbered)
            word = g_strdup_printf ("%u... %s", st->fullmove, san);
          else
            word = g_steal_pointer (&san);
          lines_add (&lines, word);
          numbered = TRUE;
          if (annotate_move (&lines, state, cp_annotations_get (cp_game_get_annotations (game), i)))
            numbered = FALSE;
        }
      if (!cp_state_apply (state, action, NULL))
        g_return_if_reached ();
    }
  comment = ending_comment (state);
  if (comment != NULL)
    lines_add_comment (&lines, comment);
  lines_add (&lines, result_text (&state->outcome));
  g_string_append_c (out, '\n');
}

static gboolean
write_game (CpGame *game, GString *out, GError **error)
{
  const CpRules *rules = cp_game_get_rules (game);
  g_autoptr (CpState) start = NULL;
  g_autofree char *fen = NULL;
  guint first = 0, n = cp_game_get_n_actions (game);

  if (!cp_pgn_can_export (game))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("%s games cannot be written as PGN: only chess and Chess960 can"),
                   _(rules->name));
      return FALSE;
    }
  if (cp_game_get_n_seats (game) != 2)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("Only games of two players can be written as PGN"));
      return FALSE;
    }

  /* The random choice of a Chess960 position is part of the set-up. */
  while (first < n && cp_game_get_action (game, first)->seat == CP_SEAT_CHANCE)
    first++;
  start = cp_game_state_at (game, first);
  if (cp_state_pending (start) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD,
                   _("The starting position of the game has not been chosen yet"));
      return FALSE;
    }
  fen = cp_fen_write (CP_CHESS_STATE (start), CP_FEN_STANDARD);
  if (g_str_equal (rules->id, "chess") && g_str_equal (fen, STANDARD_FEN))
    g_clear_pointer (&fen, g_free);

  write_tags (game, fen, out);
  g_string_append_c (out, '\n');
  write_movetext (game, first, start, out);
  return TRUE;
}

/**
 * cp_pgn_write:
 * @game: a game of chess or Chess960
 * @error: return location for an error
 *
 * Writes @game in the export format of PGN.
 *
 * Returns: (transfer full): the PGN text, or %NULL for other games
 */
char *
cp_pgn_write (CpGame *game, GError **error)
{
  return cp_pgn_write_games (&game, 1, error);
}

/**
 * cp_pgn_write_games:
 * @games: (array length=n_games): games of chess or Chess960
 *
 * Writes several games into one PGN text, separated by blank lines.
 */
char *
cp_pgn_write_games (CpGame *const *games, guint n_games, GError **error)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < n_games; i++)
    {
      g_return_val_if_fail (CP_IS_GAME (games[i]), NULL);

      if (i > 0)
        g_string_append_c (out, '\n');
      if (!write_game (games[i], out, error))
        return NULL;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * cp_pgn_save_games:
 *
 * Writes games to a PGN file.  The text goes to a temporary file first,
 * which then replaces @file, so a failure leaves the old file whole.
 */
gboolean
cp_pgn_save_games (CpGame *const *games, guint n_games, GFile *file, GCancellable *cancellable,
                   GError **error)
{
  g_autofree char *text = cp_pgn_write_games (games, n_games, error);

  if (text == NULL)
    return FALSE;
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, cancellable, error);
}

/**
 * cp_pgn_save:
 *
 * Writes one game to a PGN file; see cp_pgn_save_games().
 */
gboolean
cp_pgn_save (CpGame *game, GFile *file, GCancellable *cancellable, GError **error)
{
  return cp_pgn_save_games (&game, 1, file, cancellable, error);
}
