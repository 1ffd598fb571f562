/* cp-golf-position.c: Chess Golf moves and the exact solver
 *
 * Moves: a piece may move as any piece of its colour on the eight cells
 * around it would (a queen lends both slides, a king one step), and slides
 * stop at the first piece.  When a colour has no two pieces side by side
 * or corner to corner, each of its pieces may also step like a king.  No
 * piece may land on another but for a capture the cards allow: before the
 * first capture, a chosen piece of one card's type takes a chosen piece of
 * another card's type; after it, the same piece goes on taking chosen
 * pieces of the types still left.  The puzzle is solved when no type is
 * left.
 *
 * The solver is an iterative deepening A* search.  Its lower bound is the
 * number of captures still due, one more when no capture can be made at
 * once; both are never more than the moves needed.  A transposition table
 * keeps, for each position met, the most moves that were proven not to
 * be enough from it, so that the many orders of the same moves are
 * searched once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cp-bits.h"
#include "cp-error.h"
#include "cp-golf-position.h"

#define NO_CELL 0xff
#define N_TYPES 16
#define BIT(cell) (G_GUINT64_CONSTANT (1) << (cell))

/* What a neighbour lends. */
enum {
  LEND_KNIGHT = 1 << 0,
  LEND_DIAGONAL = 1 << 1,
  LEND_STRAIGHT = 1 << 2,
  LEND_KING = 1 << 3,
};

typedef struct {
  guint64 king[CP_GOLF_CELLS];
  guint64 knight[CP_GOLF_CELLS];
  guint8 ray[CP_GOLF_CELLS][8][7];   /* the cells of each direction, nearest first */
  guint8 ray_len[CP_GOLF_CELLS][8];  /* directions 0..3 straight, 4..7 diagonal */
  guint64 zobrist_piece[CP_GOLF_CELLS][32];
  guint64 zobrist_capturer[CP_GOLF_CELLS + 1];
  guint64 zobrist_count[N_TYPES][CP_GOLF_MAX_CARDS + 1];
} Tables;

static const Tables *tables;

static guint64
split_mix (guint64 *seed)
{
  guint64 z = (*seed += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void
fill_tables (Tables *t)
{
  static const int dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
  static const int dy[8] = { 1, 0, -1, 0, 1, -1, -1, 1 };
  static const int nx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
  static const int ny[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
  guint64 seed = 20261125;

  for (int cell = 0; cell < CP_GOLF_CELLS; cell++)
    {
      int x = cell % 8, y = cell / 8;

      for (int d = 0; d < 8; d++)
        {
          int kx = x + nx[d], ky = y + ny[d];
          int len = 0;

          if (kx >= 0 && kx < 8 && ky >= 0 && ky < 8)
            t->knight[cell] |= BIT (ky * 8 + kx);
          for (int cx = x + dx[d], cy = y + dy[d]; cx >= 0 && cx < 8 && cy >= 0 && cy < 8; cx += dx[d], cy += dy[d])
            t->ray[cell][d][len++] = (guint8) (cy * 8 + cx);
          t->ray_len[cell][d] = (guint8) len;
          if (len > 0)
            t->king[cell] |= BIT (t->ray[cell][d][0]);
        }
      for (int code = 0; code < 32; code++)
        t->zobrist_piece[cell][code] = code == 0 ? 0 : split_mix (&seed);
    }
  for (int cell = 0; cell <= CP_GOLF_CELLS; cell++)
    t->zobrist_capturer[cell] = split_mix (&seed);
  for (int type = 0; type < N_TYPES; type++)
    for (int n = 0; n <= CP_GOLF_MAX_CARDS; n++)
      t->zobrist_count[type][n] = split_mix (&seed);
}

static const Tables *
get_tables (void)
{
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      Tables *t = g_new0 (Tables, 1);

      fill_tables (t);
      tables = t;
      g_once_init_leave (&ready, 1);
    }
  return tables;
}

/* The search's own form of a position. */
typedef struct {
  guint8 cells[CP_GOLF_CELLS];
  guint8 count[N_TYPES];   /* cards left of each type */
  guint8 capturer;
  guint8 left;             /* captures still due */
  guint64 occupied[2];     /* by colour */
  guint64 key;
} Node;

static guint
colour_of (guint8 code)
{
  return (code & CP_GOLF_BLACK) ? 1 : 0;
}

static guint64
count_key (const Node *node)
{
  guint64 key = tables->zobrist_capturer[node->capturer == NO_CELL ? CP_GOLF_CELLS : node->capturer];

  for (guint type = 0; type < N_TYPES; type++)
    key ^= tables->zobrist_count[type][node->count[type]];
  return key;
}

static void
node_from_position (Node *node, const CpGolfPosition *position)
{
  memset (node, 0, sizeof *node);
  get_tables ();
  memcpy (node->cells, position->cells, CP_GOLF_CELLS);
  for (guint i = 0; i < position->n_cards; i++)
    node->count[CP_GOLF_TYPE (position->cards[i])]++;
  node->capturer = position->capturer;
  if (position->n_cards == 0)
    node->left = 0;
  else
    node->left = (guint8) (position->capturer == NO_CELL ? position->n_cards - 1 : position->n_cards);
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    if (node->cells[cell] != 0)
      {
        node->occupied[colour_of (node->cells[cell])] |= BIT (cell);
        node->key ^= tables->zobrist_piece[cell][node->cells[cell]];
      }
  node->key ^= count_key (node);
}

static void
position_from_node (CpGolfPosition *position, const Node *node)
{
  memcpy (position->cells, node->cells, CP_GOLF_CELLS);
  position->capturer = node->capturer;
  position->n_cards = 0;
  for (guint type = 0; type < N_TYPES; type++)
    for (guint i = 0; i < node->count[type]; i++)
      position->cards[position->n_cards++] = (guint8) type;
}

static gboolean
may_capture (const Node *node, guint from, guint to)
{
  guint8 attacker = node->cells[from], victim = node->cells[to];
  guint a = CP_GOLF_TYPE (attacker), v = CP_GOLF_TYPE (victim);

  if (!(attacker & CP_GOLF_CHOSEN) || !(victim & CP_GOLF_CHOSEN) || node->left == 0)
    return FALSE;
  if (node->capturer != NO_CELL)
    return from == node->capturer && node->count[v] > 0;
  return node->count[a] > 0 && node->count[v] > (a == v ? 1u : 0u);
}

/* Whether the colour has two pieces next to each other. */
static gboolean
has_pair (guint64 pieces)
{
  for (guint64 rest = pieces; rest != 0; rest &= rest - 1)
    if (tables->king[cp_bits_lowest (rest)] & pieces)
      return TRUE;
  return FALSE;
}

/* What the piece on @cell may borrow. */
static guint
lent (const Node *node, guint cell, gboolean lonely)
{
  guint colour = colour_of (node->cells[cell]), lend = lonely ? LEND_KING : 0;

  for (guint64 around = tables->king[cell] & node->occupied[colour]; around != 0; around &= around - 1)
    switch (CP_GOLF_KIND (node->cells[cp_bits_lowest (around)]))
      {
      case CP_PIECE_KNIGHT: lend |= LEND_KNIGHT; break;
      case CP_PIECE_BISHOP: lend |= LEND_DIAGONAL; break;
      case CP_PIECE_ROOK: lend |= LEND_STRAIGHT; break;
      case CP_PIECE_QUEEN: lend |= LEND_DIAGONAL | LEND_STRAIGHT; break;
      case CP_PIECE_KING: lend |= LEND_KING; break;
      default: break;
      }
  return lend;
}

/* The cells the piece on @cell reaches: empty ones in @quiet, pieces
 * in @hit. */
static void
reach (const Node *node, guint cell, guint lend, guint64 *quiet, guint64 *hit)
{
  guint64 all = node->occupied[0] | node->occupied[1], steps = 0;

  if (lend & LEND_KNIGHT)
    steps |= tables->knight[cell];
  if (lend & LEND_KING)
    steps |= tables->king[cell];
  *quiet = steps & ~all;
  *hit = steps & all;
  for (guint d = (lend & LEND_STRAIGHT) ? 0 : 4; d < ((lend & LEND_DIAGONAL) ? 8u : 4u); d++)
    for (guint i = 0; i < tables->ray_len[cell][d]; i++)
      {
        guint to = tables->ray[cell][d][i];

        if (all & BIT (to))
          {
            *hit |= BIT (to);
            break;
          }
        *quiet |= BIT (to);
      }
}

/* The moves of @node: captures first.  With @captures_only, only those.
 * Returns how many; *n_captures tells how many are captures. */
static guint
generate (const Node *node, gboolean captures_only, CpGolfMove *moves, guint *n_captures)
{
  gboolean lonely[2] = { !has_pair (node->occupied[0]), !has_pair (node->occupied[1]) };
  guint n = 0;
  guint64 all = node->occupied[0] | node->occupied[1];

  for (guint64 rest = all; rest != 0; rest &= rest - 1)
    {
      guint from = cp_bits_lowest (rest);
      guint64 quiet, hit;
      guint lend;

      if (captures_only && (!(node->cells[from] & CP_GOLF_CHOSEN)
                            || (node->capturer != NO_CELL && from != node->capturer)))
        continue;
      lend = lent (node, from, lonely[colour_of (node->cells[from])]);
      if (lend == 0)
        continue;
      reach (node, from, lend, &quiet, &hit);
      for (; hit != 0; hit &= hit - 1)
        {
          guint to = cp_bits_lowest (hit);

          if (may_capture (node, from, to))
            moves[n++] = (CpGolfMove) { (guint8) from, (guint8) to };
        }
    }
  *n_captures = n;
  if (captures_only)
    return n;
  for (guint64 rest = all; rest != 0; rest &= rest - 1)
    {
      guint from = cp_bits_lowest (rest);
      guint64 quiet, hit;
      guint lend = lent (node, from, lonely[colour_of (node->cells[from])]);

      if (lend == 0)
        continue;
      reach (node, from, lend, &quiet, &hit);
      for (; quiet != 0; quiet &= quiet - 1)
        moves[n++] = (CpGolfMove) { (guint8) from, (guint8) cp_bits_lowest (quiet) };
    }
  return n;
}

static void
make (Node *node, CpGolfMove move)
{
  guint8 piece = node->cells[move.from], victim = node->cells[move.to];
  guint colour = colour_of (piece);

  node->key ^= count_key (node);
  if (victim != 0)
    {
      guint v = CP_GOLF_TYPE (victim);

      node->key ^= tables->zobrist_piece[move.to][victim];
      node->occupied[colour_of (victim)] &= ~BIT (move.to);
      if (node->capturer == NO_CELL)
        node->count[CP_GOLF_TYPE (piece)]--;
      node->count[v]--;
      node->left--;
      node->capturer = move.from;
    }
  if (node->capturer == move.from)
    node->capturer = move.to;
  node->key ^= tables->zobrist_piece[move.from][piece] ^ tables->zobrist_piece[move.to][piece];
  node->occupied[colour] = (node->occupied[colour] & ~BIT (move.from)) | BIT (move.to);
  node->cells[move.to] = piece;
  node->cells[move.from] = 0;
  node->key ^= count_key (node);
}

/**
 * cp_golf_position_parse:
 * @placement: the first field of a FEN: ranks 8 to 1, pieces NBRQK
 * @cards: (nullable): the piece letters of the cards, upper case for
 *   white ("NNB"); NULL: the placement alone, without cards
 * @chosen: (nullable): the cells of the chosen pieces, separated by
 *   commas; NULL or empty: every piece of a card's type
 *
 * Reads a puzzle.
 */
gboolean
cp_golf_position_parse (CpGolfPosition *position, const char *placement, const char *cards,
                        const char *chosen, GError **error)
{
  guint x = 0, y = 7;

  memset (position, 0, sizeof *position);
  position->capturer = NO_CELL;
  for (const char *p = placement; *p != '\0'; p++)
    {
      CpPieceKind kind;

      if (*p == '/' && x == 8 && y > 0)
        x = 0, y--;
      else if (*p >= '1' && *p <= '8' && x + (guint) (*p - '0') <= 8)
        x += (guint) (*p - '0');
      else if (x < 8 && cp_piece_kind_from_letter (*p, &kind) && kind >= CP_PIECE_KNIGHT && kind <= CP_PIECE_KING)
        position->cells[y * 8 + x++] = (guint8) (kind | (g_ascii_islower (*p) ? CP_GOLF_BLACK : 0));
      else
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("“%s” is no Chess Golf position: it takes the first field of a FEN, with knights, bishops, rooks, queens and kings"),
                       placement);
          return FALSE;
        }
    }
  if (x != 8 || y != 0)
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("“%s” is no Chess Golf position: it takes the first field of a FEN, with knights, bishops, rooks, queens and kings"),
                   placement);
      return FALSE;
    }
  if (cards == NULL)
    return TRUE;
  for (const char *p = cards; *p != '\0'; p++)
    {
      CpPieceKind kind;

      if (position->n_cards == CP_GOLF_MAX_CARDS || !cp_piece_kind_from_letter (*p, &kind)
          || kind < CP_PIECE_KNIGHT || kind > CP_PIECE_KING)
        break;
      position->cards[position->n_cards++] = (guint8) (kind | (g_ascii_islower (*p) ? CP_GOLF_BLACK : 0));
    }
  if (position->n_cards < 2 || position->n_cards != strlen (cards))
    {
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                   _("“%s” are no Chess Golf cards: give two to six piece letters, such as “Kb”"), cards);
      return FALSE;
    }
  if (chosen == NULL || *chosen == '\0')
    {
      cp_golf_position_choose (position);
      return TRUE;
    }

  g_auto (GStrv) names = g_strsplit (chosen, ",", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      guint cell = 0;
      gboolean card = FALSE;

      if (strlen (name) == 2 && name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8')
        cell = (guint) (name[1] - '1') * 8 + (guint) (name[0] - 'a');
      for (guint c = 0; c < position->n_cards && strlen (name) == 2; c++)
        card |= position->cells[cell] != 0 && CP_GOLF_TYPE (position->cells[cell]) == position->cards[c];
      if (!card)
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_NOTATION,
                       _("“%s” is no cell with a piece of a card’s type"), name);
          return FALSE;
        }
      position->cells[cell] |= CP_GOLF_CHOSEN;
    }
  return TRUE;
}

/**
 * cp_golf_position_lay_out:
 * @pieces: piece codes (kind and colour) in the order their cards were
 *   drawn
 *
 * Empties the board and the cards, then places the pieces from a1 to h8,
 * each after the gap its card asks for: one cell before a knight, two
 * before a bishop, three before a rook, five before a queen and six before
 * a king.  The sixteen cards of Chess Golf always fit.
 */
void
cp_golf_position_lay_out (CpGolfPosition *position, const guint8 *pieces, guint n_pieces)
{
  static const guint8 gaps[] = { [CP_PIECE_KNIGHT] = 1, [CP_PIECE_BISHOP] = 2, [CP_PIECE_ROOK] = 3,
                                 [CP_PIECE_QUEEN] = 5, [CP_PIECE_KING] = 6 };
  guint cell = 0;

  memset (position, 0, sizeof *position);
  position->capturer = NO_CELL;
  for (guint i = 0; i < n_pieces; i++)
    {
      guint kind = CP_GOLF_KIND (pieces[i]);

      cell += kind < G_N_ELEMENTS (gaps) ? gaps[kind] : 0;
      if (cell >= CP_GOLF_CELLS)
        break;
      position->cells[cell++] = (guint8) CP_GOLF_TYPE (pieces[i]);
    }
}

/**
 * cp_golf_position_choose:
 *
 * Makes every piece of a card's type a chosen piece, and no other.
 */
void
cp_golf_position_choose (CpGolfPosition *position)
{
  for (guint cell = 0; cell < CP_GOLF_CELLS; cell++)
    {
      position->cells[cell] &= (guint8) ~CP_GOLF_CHOSEN;
      for (guint c = 0; c < position->n_cards && position->cells[cell] != 0; c++)
        if (CP_GOLF_TYPE (position->cells[cell]) == position->cards[c])
          position->cells[cell] |= CP_GOLF_CHOSEN;
    }
}

/**
 * cp_golf_position_moves:
 * @moves: (out caller-allocates): room for CP_GOLF_MAX_MOVES moves
 *
 * The legal moves, captures first.  Returns: how many
 */
guint
cp_golf_position_moves (const CpGolfPosition *position, CpGolfMove *moves)
{
  Node node;
  guint n_captures;

  node_from_position (&node, position);
  if (node.left == 0)
    return 0;
  return generate (&node, FALSE, moves, &n_captures);
}

/**
 * cp_golf_position_make:
 *
 * Makes a legal @move.
 */
void
cp_golf_position_make (CpGolfPosition *position, const CpGolfMove *move)
{
  Node node;

  node_from_position (&node, position);
  make (&node, *move);
  position_from_node (position, &node);
}

gboolean
cp_golf_position_is_solved (const CpGolfPosition *position)
{
  return position->n_cards == 0;
}

/* The captures still due. */
guint
cp_golf_position_captures_left (const CpGolfPosition *position)
{
  if (position->n_cards == 0)
    return 0;
  return position->capturer == NO_CELL ? position->n_cards - 1u : position->n_cards;
}

/* The search. */

#define TABLE_BITS 22

typedef struct {
  guint64 *keys;
  guint8 *budgets;       /* moves proven too few from the position, plus one */
  guint64 nodes;
  gint64 deadline;
  GCancellable *cancellable;
  gboolean cancelled;
  guint found;           /* the length of the solution found */
  CpGolfMove path[CP_GOLF_MAX_DEPTH];
  CpGolfMove moves[CP_GOLF_MAX_DEPTH][CP_GOLF_MAX_MOVES];
} Search;

static gboolean
too_few (const Search *s, guint64 key, guint budget)
{
  guint slot = (guint) (key >> (64 - TABLE_BITS));

  return s->keys[slot] == key && s->budgets[slot] > budget;
}

static void
prove_too_few (Search *s, guint64 key, guint budget)
{
  guint slot = (guint) (key >> (64 - TABLE_BITS));

  if (s->keys[slot] != key || s->budgets[slot] <= budget)
    {
      s->keys[slot] = key;
      s->budgets[slot] = (guint8) (budget + 1);
    }
}

/* Whether the search is called off, or out of time. */
static gboolean
stopped (const Search *s)
{
  return g_cancellable_is_cancelled (s->cancellable) || (s->deadline > 0 && g_get_monotonic_time () >= s->deadline);
}

/* Whether a solution of at most @budget moves follows from @node, whose
 * path so far is @depth moves long. */
static gboolean
search (Search *s, const Node *node, guint depth, guint budget)
{
  CpGolfMove *moves = s->moves[depth];
  guint n, n_captures;

  if ((++s->nodes & 0xfff) == 0 && stopped (s))
    s->cancelled = TRUE;
  if (s->cancelled || budget < node->left || too_few (s, node->key, budget))
    return FALSE;
  n = generate (node, budget == node->left, moves, &n_captures);
  if (n_captures == 0 && budget <= node->left)
    {
      prove_too_few (s, node->key, budget);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      Node child = *node;

      make (&child, moves[i]);
      s->path[depth] = moves[i];
      if (child.left == 0)
        {
          s->found = depth + 1;
          return TRUE;
        }
      if (search (s, &child, depth + 1, budget - 1))
        return TRUE;
      if (s->cancelled)
        return FALSE;
    }
  prove_too_few (s, node->key, budget);
  return FALSE;
}

/**
 * cp_golf_solve:
 * @bound: the most moves to look for, at most CP_GOLF_MAX_DEPTH
 * @deadline: when the search stops (g_get_monotonic_time()), or 0
 * @cancellable: (nullable): stops the search from another thread
 * @solution: (out): the optimum and a solution, when found
 *
 * Finds the fewest moves that solve @position, or proves that no solution
 * takes @bound moves or fewer.  Takes up to 36 MB while it runs.
 *
 * Returns: CP_GOLF_CANCELLED when @cancellable was cancelled or @deadline
 *   passed first
 */
CpGolfResult
cp_golf_solve (const CpGolfPosition *position, guint bound, gint64 deadline, GCancellable *cancellable,
               CpGolfSolution *solution)
{
  g_autofree Search *s = g_new0 (Search, 1);
  g_autofree guint64 *keys = g_new0 (guint64, 1u << TABLE_BITS);
  g_autofree guint8 *budgets = g_new0 (guint8, 1u << TABLE_BITS);
  CpGolfResult result = CP_GOLF_NONE;
  Node root;

  memset (solution, 0, sizeof *solution);
  node_from_position (&root, position);
  bound = MIN (bound, CP_GOLF_MAX_DEPTH);
  s->keys = keys;
  s->budgets = budgets;
  s->cancellable = cancellable;
  s->deadline = deadline;
  /* A search cancelled, or out of time, before it starts does not run. */
  s->cancelled = stopped (s);
  if (root.left == 0)
    return CP_GOLF_FOUND;
  for (guint budget = root.left; budget <= bound && result == CP_GOLF_NONE; budget++)
    if (search (s, &root, 0, budget))
      {
        solution->n_moves = (guint8) s->found;
        memcpy (solution->moves, s->path, s->found * sizeof (CpGolfMove));
        result = CP_GOLF_FOUND;
      }
    else if (s->cancelled)
      result = CP_GOLF_CANCELLED;
  solution->nodes = s->nodes;
  return result;
}
