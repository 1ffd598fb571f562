/* cp-brute-tar-pit.c: Tar Pit Chess move counting written apart from the
 * engine
 *
 * A small, slow counter of its own for the tests, that shares no code
 * with the engine and reads the rules the plainest way: every move of
 * every piece is tried on a copy of the board, and a cell is attacked
 * when a piece of the other side could take a piece standing there.  A
 * piece on its own checker moves as usual; on the other side's, a pawn
 * does not move and any other piece moves as a pawn of its side, one
 * step forward or taking one step diagonally forward (en passant too),
 * never two steps and never promoted.  The turn: the move; a throw of
 * the checker the piece moved stands on, if it is its own and a piece
 * stands next to it, or none; a card, if any is held, or none; the
 * other player's giving back and discarding after their checker card;
 * the draw, a card at a time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cp-brute-tar-pit.h"

#define MAX_MOVES 512
#define MAX_CARDS 40
#define NO_CHECKER (-1)

typedef struct {
  char kind;   /* 'P', 'N', 'B', 'R', 'Q', 'K', or 0 */
  gint8 seat;
  gint8 moved;
  gint8 checker; /* the seat whose checker the piece stands on, or NO_CHECKER */
} Sq;

typedef struct {
  char kind;   /* a piece letter, 'C' for a checker card, '?' for a card drawn */
  gint8 colour;
} Card;

typedef enum { S_MOVE, S_THROW, S_CARD, S_RETURN, S_DISCARD, S_DRAW, S_SHUFFLE } Stage;

typedef struct {
  Sq sq[64];
  int to_move, ep, ep_pawn;
  gboolean castle[2][2];  /* [seat][0: king side, 1: queen side] */
  int front[2];
  Card hand[2][MAX_CARDS];
  int n_hand[2];
  int draw_pile, discard;
  Stage stage;
  int runner;
} Pos;

typedef struct {
  int from, to;
  char promo;
  gboolean ep, castle, dbl, push;
} Mv;

typedef enum { A_MOVE, A_THROW, A_PASS, A_CARD, A_RETURN, A_DISCARD, A_DRAW } ActType;

typedef struct {
  ActType type;
  Mv mv;
  int cell;   /* THROW, CARD, RETURN: the cell, or -1 */
  int card;   /* CARD, DISCARD: the index in the hand */
} Act;

static int
at (int f, int r)
{
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

static gboolean
tarred (const Sq *s)
{
  return s->kind && s->checker != NO_CHECKER && s->checker != s->seat;
}

static gboolean
read_position (Pos *p, const BruteTarPit *setup)
{
  const char *s = setup->fen;
  int f = 0, r = 7;
  g_auto (GStrv) checkers = g_strsplit (setup->checkers ? setup->checkers : "", " ", -1);

  memset (p, 0, sizeof *p);
  for (int c = 0; c < 64; c++)
    p->sq[c].checker = NO_CHECKER;
  for (; *s && *s != ' '; s++)
    if (*s == '/')
      f = 0, r--;
    else if (*s >= '1' && *s <= '8')
      f += *s - '0';
    else
      {
        Sq *q = &p->sq[at (f++, r)];

        q->kind = g_ascii_toupper (*s);
        q->seat = g_ascii_isupper (*s) ? 0 : 1;
        q->moved = q->kind == 'P' && r != (q->seat == 0 ? 1 : 6);
      }
  if (*s++ != ' ')
    return FALSE;
  p->to_move = *s++ == 'w' ? 0 : 1;
  for (s++; *s && *s != ' '; s++)
    if (strchr ("KQkq", *s))
      p->castle[g_ascii_islower (*s) ? 1 : 0][g_ascii_toupper (*s) == 'Q'] = TRUE;
  p->ep = p->ep_pawn = -1;
  if (*s == ' ' && s[1] >= 'a' && s[1] <= 'h')
    {
      p->ep = at (s[1] - 'a', s[2] - '1');
      p->ep_pawn = p->ep + (p->to_move == 0 ? -8 : 8);
    }
  for (int i = 0; checkers[i]; i++)
    if (strlen (checkers[i]) == 4)
      p->sq[at (checkers[i][0] - 'a', checkers[i][1] - '1')].checker = checkers[i][3] == 'w' ? 0 : 1;

  for (int seat = 0; seat < 2; seat++)
    {
      g_auto (GStrv) ids = g_strsplit (setup->hands[seat], " ", -1);

      for (int i = 0; ids[i]; i++)
        {
          const char *id = ids[i];
          gsize len = strlen (id);
          char rank = id[0], suit = len > 0 ? id[len - 1] : 0;
          Card *card = &p->hand[seat][p->n_hand[seat]];

          if (len < 2)
            continue;
          /* Appendix A: black suits for Black, red for White; 2 to 5
           * pawns, 6 and 7 checkers, 8 knights, 9 bishops, 10 rooks. */
          card->colour = suit == 'S' || suit == 'C' ? 1 : 0;
          card->kind = len == 3 ? 'R' : strchr ("2345", rank) ? 'P' : strchr ("67", rank) ? 'C'
                       : rank == '8' ? 'N' : rank == '9' ? 'B' : rank;
          p->n_hand[seat]++;
        }
      p->front[seat] = (int) setup->front[seat];
    }
  p->draw_pile = (int) setup->draw_pile;
  p->stage = S_MOVE;
  p->runner = -1;
  return TRUE;
}

static void
add (Mv *list, int *n, Mv m)
{
  if (*n < MAX_MOVES)
    list[(*n)++] = m;
}

/* A pawn's moves, or those of a tarred piece (@full FALSE: no double
 * step, no promotion). */
static void
pawn_like (const Pos *p, int from, gboolean full, Mv *list, int *n)
{
  const Sq *a = &p->sq[from];
  int dir = a->seat == 0 ? 1 : -1, f = from % 8, r = from / 8;
  int one = at (f, r + dir), two = at (f, r + 2 * dir);
  gboolean last = one >= 0 && one / 8 == (a->seat == 0 ? 7 : 0);
  static const char promos[] = "QRBN";

  for (int df = -1; df <= 1; df++)
    {
      int to = at (f + df, r + dir);
      Mv m = { from, to, 0, FALSE, FALSE, FALSE, df == 0 };

      if (to < 0)
        continue;
      if (df == 0 && p->sq[to].kind)
        continue;
      if (df != 0 && !(p->sq[to].kind && p->sq[to].seat != a->seat))
        {
          if (to != p->ep || p->sq[to].kind || p->sq[p->ep_pawn].seat == a->seat)
            continue;
          m.ep = TRUE;
        }
      if (full && last)
        for (int i = 0; i < 4; i++)
          {
            m.promo = promos[i];
            add (list, n, m);
          }
      else
        add (list, n, m);
    }
  if (full && !a->moved && one >= 0 && two >= 0 && !p->sq[one].kind && !p->sq[two].kind)
    add (list, n, (Mv) { from, two, 0, FALSE, FALSE, TRUE, TRUE });
}

static void
piece_moves (const Pos *p, int from, Mv *list, int *n)
{
  static const int knight[8][2] = { {1,2},{2,1},{2,-1},{1,-2},{-1,-2},{-2,-1},{-2,1},{-1,2} };
  static const int lines[8][2] = { {0,1},{1,1},{1,0},{1,-1},{0,-1},{-1,-1},{-1,0},{-1,1} };
  const Sq *a = &p->sq[from];
  int f = from % 8, r = from / 8;

  if (tarred (a))
    {
      if (a->kind != 'P')
        pawn_like (p, from, FALSE, list, n);
      return;
    }
  if (a->kind == 'P')
    {
      pawn_like (p, from, TRUE, list, n);
      return;
    }
  for (int i = 0; i < 8; i++)
    {
      gboolean diagonal = lines[i][0] != 0 && lines[i][1] != 0;
      int range = a->kind == 'K' || a->kind == 'N' ? 1 : 7;

      if ((a->kind == 'B' && !diagonal) || (a->kind == 'R' && diagonal))
        continue;
      for (int s = 1; s <= range; s++)
        {
          int to = a->kind == 'N' ? at (f + knight[i][0], r + knight[i][1])
                                  : at (f + s * lines[i][0], r + s * lines[i][1]);

          if (to < 0 || (p->sq[to].kind && p->sq[to].seat == a->seat))
            break;
          add (list, n, (Mv) { from, to, 0, FALSE, FALSE, FALSE, FALSE });
          if (p->sq[to].kind)
            break;
        }
    }
}

/* Whether a piece of @by could take a piece of the other side on @cell. */
static gboolean
attacked (const Pos *p, int cell, int by)
{
  Pos probe = *p;

  if (!probe.sq[cell].kind)
    probe.sq[cell] = (Sq) { 'K', (gint8) (1 - by), 1, NO_CHECKER };
  for (int from = 0; from < 64; from++)
    {
      Mv list[MAX_MOVES];
      int n = 0;

      if (!probe.sq[from].kind || probe.sq[from].seat != by)
        continue;
      piece_moves (&probe, from, list, &n);
      for (int i = 0; i < n; i++)
        if (list[i].to == cell && !list[i].push)
          return TRUE;
    }
  return FALSE;
}

static gboolean
king_safe (const Pos *p, int seat)
{
  for (int c = 0; c < 64; c++)
    if (p->sq[c].kind == 'K' && p->sq[c].seat == seat)
      return !attacked (p, c, 1 - seat);
  return TRUE;
}

/* A checker of @colour comes under the piece on @cell: checkers of two
 * colours both go back to their owners, two of one colour leave one;
 * and a tarred piece on its last rank gives its checker back. */
static void
combine (Pos *p, int cell, int colour)
{
  Sq *s = &p->sq[cell];

  if (colour != NO_CHECKER)
    {
      if (s->checker == NO_CHECKER)
        s->checker = (gint8) colour;
      else if (s->checker == colour)
        p->front[colour]++;
      else
        {
          p->front[colour]++;
          p->front[s->checker]++;
          s->checker = NO_CHECKER;
        }
    }
  if (tarred (s) && cell / 8 == (s->seat == 0 ? 7 : 0))
    {
      p->front[s->checker]++;
      s->checker = NO_CHECKER;
    }
}

static void
apply_move (Pos *p, const Mv *m)
{
  Sq piece = p->sq[m->from];
  int taken = m->ep ? p->ep_pawn : m->to;
  int gained = p->sq[taken].kind ? p->sq[taken].checker : NO_CHECKER;

  p->sq[taken] = p->sq[m->from] = (Sq) { 0, 0, 0, NO_CHECKER };
  piece.moved = 1;
  if (m->promo)
    piece.kind = m->promo;
  p->sq[m->to] = piece;
  if (m->castle)
    {
      int rank = m->from / 8, kside = m->to % 8 == 6;
      int rook = at (kside ? 7 : 0, rank), rook_to = at (kside ? 5 : 3, rank);

      p->sq[rook_to] = p->sq[rook];
      p->sq[rook_to].moved = 1;
      p->sq[rook] = (Sq) { 0, 0, 0, NO_CHECKER };
    }
  p->ep = p->ep_pawn = -1;
  if (m->dbl)
    {
      p->ep = (m->from + m->to) / 2;
      p->ep_pawn = m->to;
    }
  for (int s = 0; s < 2; s++)
    {
      int home = s == 0 ? 0 : 56;

      for (int i = 0; i < 2; i++)
        {
          int c = i == 0 ? m->from : m->to;

          if (c == home + 4)
            p->castle[s][0] = p->castle[s][1] = FALSE;
          if (c == home + 7)
            p->castle[s][0] = FALSE;
          if (c == home)
            p->castle[s][1] = FALSE;
        }
    }
  combine (p, m->to, gained);
}

static void
castling_moves (const Pos *p, Mv *list, int *n)
{
  int seat = p->to_move, home = seat == 0 ? 0 : 56, king = home + 4;

  if (p->sq[king].kind != 'K' || p->sq[king].seat != seat || p->sq[king].checker != NO_CHECKER)
    return;
  for (int side = 0; side < 2; side++)
    {
      int rook = home + (side == 0 ? 7 : 0), king_to = home + (side == 0 ? 6 : 2);
      gboolean ok = p->castle[seat][side] && p->sq[rook].kind == 'R' && p->sq[rook].seat == seat
                    && p->sq[rook].checker == NO_CHECKER;

      for (int c = MIN (rook, king) + 1; ok && c < MAX (rook, king); c++)
        ok = !p->sq[c].kind;
      for (int c = MIN (king, king_to); ok && c <= MAX (king, king_to); c++)
        ok = !attacked (p, c, 1 - seat);
      if (ok)
        add (list, n, (Mv) { king, king_to, 0, FALSE, TRUE, FALSE, FALSE });
    }
}

static int
board_checkers (const Pos *p, int colour)
{
  int n = 0;

  for (int c = 0; c < 64; c++)
    n += p->sq[c].kind && p->sq[c].checker == colour;
  return n;
}

static int
legal (const Pos *p, Act *acts)
{
  int me = p->to_move, other = 1 - me, n_acts = 0;

  switch (p->stage)
    {
    case S_MOVE:
      {
        Mv list[MAX_MOVES];
        int n = 0;

        for (int from = 0; from < 64; from++)
          if (p->sq[from].kind && p->sq[from].seat == me)
            piece_moves (p, from, list, &n);
        castling_moves (p, list, &n);
        for (int i = 0; i < n; i++)
          {
            Pos after = *p;

            if (p->sq[list[i].to].kind == 'K')
              continue;
            apply_move (&after, &list[i]);
            if (king_safe (&after, me))
              acts[n_acts++] = (Act) { A_MOVE, list[i], -1, -1 };
          }
      }
      break;
    case S_THROW:
      for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
          {
            int to = at (p->runner % 8 + df, p->runner / 8 + dr);

            if ((df || dr) && to >= 0 && p->sq[to].kind)
              acts[n_acts++] = (Act) { A_THROW, { 0 }, to, -1 };
          }
      acts[n_acts++] = (Act) { A_PASS, { 0 }, -1, -1 };
      break;
    case S_CARD:
      for (int i = 0; i < p->n_hand[me]; i++)
        {
          const Card *card = &p->hand[me][i];
          int before = n_acts;

          if (card->kind == 'C')
            acts[n_acts++] = (Act) { A_CARD, { 0 }, -1, i };
          else if (p->front[me] > 0 && card->kind != '?')
            {
              for (int c = 0; c < 64; c++)
                if (p->sq[c].kind == card->kind && p->sq[c].seat == card->colour)
                  acts[n_acts++] = (Act) { A_CARD, { 0 }, c, i };
              /* No piece of the card left: any of the player's own. */
              for (int c = 0; c < 64 && n_acts == before; c++)
                if (p->sq[c].kind && p->sq[c].seat == me)
                  acts[n_acts++] = (Act) { A_CARD, { 0 }, c, i };
            }
        }
      acts[n_acts++] = (Act) { A_PASS, { 0 }, -1, -1 };
      break;
    case S_RETURN:
      if (p->front[other] > 0)
        acts[n_acts++] = (Act) { A_RETURN, { 0 }, -1, -1 };
      for (int c = 0; c < 64; c++)
        if (p->sq[c].kind && p->sq[c].checker == other)
          acts[n_acts++] = (Act) { A_RETURN, { 0 }, c, -1 };
      break;
    case S_DISCARD:
      for (int i = 0; i < p->n_hand[other]; i++)
        acts[n_acts++] = (Act) { A_DISCARD, { 0 }, -1, i };
      break;
    case S_DRAW:
      acts[n_acts++] = (Act) { A_DRAW, { 0 }, -1, -1 };
      break;
    default:
      break;
    }
  return n_acts;
}

static void
go_draw (Pos *p)
{
  int me = p->to_move;

  if (p->n_hand[me] < p->front[me] && p->draw_pile > 0)
    p->stage = S_DRAW;
  else if (p->n_hand[me] < p->front[me] && p->discard > 0)
    p->stage = S_SHUFFLE;
  else
    {
      p->stage = S_MOVE;
      p->to_move = 1 - me;
    }
}

static void
go_card (Pos *p)
{
  if (p->n_hand[p->to_move] > 0)
    p->stage = S_CARD;
  else
    go_draw (p);
}

static void
go_discard (Pos *p)
{
  int other = 1 - p->to_move;

  if (p->n_hand[other] > p->front[other])
    p->stage = S_DISCARD;
  else
    go_draw (p);
}

static void
drop_card (Pos *p, int seat, int index)
{
  memmove (&p->hand[seat][index], &p->hand[seat][index + 1], (gsize) (p->n_hand[seat] - index - 1) * sizeof (Card));
  p->n_hand[seat]--;
  p->discard++;
}

static void
play (Pos *p, const Act *a)
{
  int me = p->to_move, other = 1 - me;

  switch (a->type)
    {
    case A_MOVE:
      apply_move (p, &a->mv);
      p->runner = a->mv.to;
      if (p->sq[a->mv.to].checker == me)
        for (int df = -1; df <= 1; df++)
          for (int dr = -1; dr <= 1; dr++)
            {
              int to = at (a->mv.to % 8 + df, a->mv.to / 8 + dr);

              if ((df || dr) && to >= 0 && p->sq[to].kind)
                p->stage = S_THROW;
            }
      if (p->stage != S_THROW)
        go_card (p);
      break;
    case A_THROW:
      p->sq[p->runner].checker = NO_CHECKER;
      combine (p, a->cell, me);
      go_card (p);
      break;
    case A_PASS:
      if (p->stage == S_THROW)
        go_card (p);
      else
        go_draw (p);
      break;
    case A_CARD:
      {
        Card card = p->hand[me][a->card];

        drop_card (p, me, a->card);
        if (a->cell >= 0)
          {
            p->front[me]--;
            combine (p, a->cell, me);
            go_draw (p);
          }
        else if (card.colour == me)
          {
            if (12 - p->front[me] - board_checkers (p, me) > 0)
              p->front[me]++;
            go_draw (p);
          }
        else if (board_checkers (p, other) > 0)
          p->stage = S_RETURN;
        else
          {
            if (p->front[other] > 0)
              p->front[other]--;
            go_discard (p);
          }
      }
      break;
    case A_RETURN:
      if (a->cell < 0)
        p->front[other]--;
      else
        p->sq[a->cell].checker = NO_CHECKER;
      go_discard (p);
      break;
    case A_DISCARD:
      drop_card (p, other, a->card);
      go_discard (p);
      break;
    case A_DRAW:
      p->hand[me][p->n_hand[me]++] = (Card) { '?', 0 };
      p->draw_pile--;
      go_draw (p);
      break;
    default:
      break;
    }
}

static guint64
count (const Pos *p, guint depth)
{
  Act acts[MAX_MOVES];
  int n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  n = legal (p, acts);
  if (depth == 1)
    return (guint64) n;
  for (int i = 0; i < n; i++)
    {
      Pos next = *p;

      play (&next, &acts[i]);
      total += count (&next, depth - 1);
    }
  return total;
}

guint64
brute_tar_pit_perft (const BruteTarPit *setup, guint depth)
{
  Pos p;

  if (!read_position (&p, setup))
    return 0;
  return count (&p, depth);
}
