/* test-card-art.c: drawing playing cards offscreen
 *
 * Cards are drawn into cairo image surfaces and the pixels checked.  With
 * CP_RENDER_SNAPSHOTS=DIR the test also writes sheets of the whole deck,
 * in the light and the dark style, into DIR, to be looked at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>

#include "cp-caption.h"
#include "cp-card-art.h"
#include "test-pixels.h"
#include "cp-engine.h"

/* The 54 cards: suit by suit, ace to king, then the two jokers. */
static guint
all_cards (CpCard *cards)
{
  guint n = 0;

  for (guint s = 0; s < CP_N_SUITS; s++)
    for (guint r = CP_RANK_ACE; r <= CP_RANK_KING; r++)
      cards[n++] = cp_card_new ((CpSuit) s, (CpRank) r);
  cards[n++] = CP_CARD_BLACK_JOKER;
  cards[n++] = CP_CARD_RED_JOKER;
  return n;
}

/* A card drawn on a transparent image that holds its extents; the card's
 * own rectangle starts at (margin, margin + lift) in user units. */
typedef struct {
  cairo_surface_t *surface;
  double x, y, width, height;   /* the card */
} Picture;

static Picture
draw_card (CpCardArt *art, CpCard card, double width, double scale, gboolean dark,
           CpCardArtFlags flags)
{
  Picture picture = { NULL, 0, 0, width, width * cp_card_art_aspect () };
  CpRect extents;
  cairo_t *cr;

  cp_card_art_get_extents (0, 0, width, flags, &extents);
  picture.x = -extents.x;
  picture.y = -extents.y;
  picture.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                (int) ceil (extents.width * scale),
                                                (int) ceil (extents.height * scale));
  cairo_surface_set_device_scale (picture.surface, scale, scale);
  cr = cairo_create (picture.surface);
  cp_card_art_draw (art, cr, card, picture.x, picture.y, width, scale, dark, flags);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (picture.surface);
  return picture;
}

static double
luminance (Pixel p)
{
  return 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
}

static gboolean
is_red (Pixel p)
{
  return p.a > 0.9 && p.r > 0.55 && p.g < 0.3 && p.b < 0.35;
}

static gboolean
is_dark (Pixel p)
{
  return p.a > 0.9 && luminance (p) < 0.2;
}

typedef gboolean (*PixelTest) (Pixel p);

/* A region of the card in fractions of its width and height. */
typedef struct {
  double x0, y0, x1, y1;
} Region;

/* The corner index, top left and bottom right. */
static const Region top_corner = { 0.02, 0.02, 0.22, 0.26 };
static const Region bottom_corner = { 0.78, 0.74, 0.98, 0.98 };
/* The middle, clear of both corners. */
static const Region middle = { 0.24, 0.24, 0.76, 0.76 };

/* How many pixels of a region of the card pass @test. */
static guint
count_in (const Picture *picture, const Region *region, PixelTest test)
{
  double sx, sy;
  int x0, y0, x1, y1;
  guint n = 0;

  cairo_surface_get_device_scale (picture->surface, &sx, &sy);
  x0 = (int) floor ((picture->x + region->x0 * picture->width) * sx);
  x1 = (int) ceil ((picture->x + region->x1 * picture->width) * sx);
  y0 = (int) floor ((picture->y + region->y0 * picture->height) * sy);
  y1 = (int) ceil ((picture->y + region->y1 * picture->height) * sy);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += test (device_pixel (picture->surface, x, y));
  return n;
}

static guint
count_all (const Picture *picture, PixelTest test)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (picture->surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (picture->surface); x++)
      n += test (device_pixel (picture->surface, x, y));
  return n;
}

static Pixel face_colour;

static gboolean
differs_from_face (Pixel p)
{
  return fabs (p.r - face_colour.r) + fabs (p.g - face_colour.g) + fabs (p.b - face_colour.b) > 0.15;
}

static gboolean
is_opaque (Pixel p)
{
  return p.a > 0.5;
}

/* How many pixels differ between two pictures of one size. */
static guint
count_differences (cairo_surface_t *a, cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  guint n = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      n += memcmp (da + y * stride + x * 4, db + y * stride + x * 4, 4) != 0;
  return n;
}

static void
picture_clear (Picture *picture)
{
  g_clear_pointer (&picture->surface, cairo_surface_destroy);
}

/* Tests. */

/* Faces without a shadow, so pixels at the edge are the card's. */
static const CpCardArtFlags face_flags = CP_CARD_ART_FLAT;

static void
test_aspect_and_extents (void)
{
  CpRect extents;

  g_assert_cmpfloat_with_epsilon (cp_card_art_aspect (), 88.9 / 63.5, 1e-9);

  cp_card_art_get_extents (10, 20, 100, CP_CARD_ART_FLAT, &extents);
  g_assert_cmpfloat (extents.x, ==, 10);
  g_assert_cmpfloat (extents.y, ==, 20);
  g_assert_cmpfloat (extents.width, ==, 100);
  g_assert_cmpfloat_with_epsilon (extents.height, 140, 1e-9);

  /* A shadow reaches beyond the card; a selected card rises. */
  cp_card_art_get_extents (10, 20, 100, CP_CARD_ART_NONE, &extents);
  g_assert_cmpfloat (extents.x, <, 10);
  g_assert_cmpfloat (extents.x + extents.width, >, 110);
  g_assert_cmpfloat (extents.y + extents.height, >, 160);
  cp_card_art_get_extents (10, 20, 100, CP_CARD_ART_SELECTED | CP_CARD_ART_FLAT, &extents);
  g_assert_cmpfloat (extents.y, <, 20 - 5);
  g_assert_cmpfloat (extents.x, <, 10);
}

/* Every card and the back, at sizes from a tiny hand to print, on image
 * surfaces of scale 1 and 2: no cairo error, the card is filled, and
 * nothing is drawn outside the extents. */
static void
test_sizes (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const double widths[] = { 24, 60, 97.5, 150, 400 };
  const CpCardArtFlags flags[] = {
    CP_CARD_ART_FLAT, CP_CARD_ART_NONE, CP_CARD_ART_SELECTED, CP_CARD_ART_DIMMED,
  };
  CpCard cards[CP_CARD_MAX + 1];
  guint n = all_cards (cards);

  cards[n++] = CP_CARD_UNKNOWN;
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (double scale = 1; scale <= 2; scale++)
      for (guint i = 0; i < n; i++)
        {
          CpCardArtFlags f = flags[i % G_N_ELEMENTS (flags)];
          double width = widths[w], margin = 8;
          CpRect extents;
          cairo_surface_t *surface;
          cairo_t *cr;
          int inside = 0, outside = 0, card_pixels;

          if (width * scale > 500 && i % 9 != 0)
            continue;  /* a few cards are enough at the largest size */
          cp_card_art_get_extents (margin, margin + width * 0.1, width, f, &extents);
          surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                (int) ((width + 3 * margin) * scale),
                                                (int) ((width * 1.6 + 3 * margin) * scale));
          cairo_surface_set_device_scale (surface, scale, scale);
          cr = cairo_create (surface);
          cp_card_art_draw (art, cr, cards[i], margin, margin + width * 0.1, width, scale,
                            i % 2, f);
          g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
          cairo_destroy (cr);
          cairo_surface_flush (surface);

          for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
            for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
              {
                double x0 = x / scale, y0 = y / scale;
                double x1 = (x + 1) / scale, y1 = (y + 1) / scale;
                Pixel p = device_pixel (surface, x, y);

                /* Pixels wholly outside, and wholly inside. */
                if (x1 <= extents.x || y1 <= extents.y || x0 >= extents.x + extents.width
                    || y0 >= extents.y + extents.height)
                  outside += p.a > 0;
                else
                  inside += p.a > 0.99;
              }
          g_assert_cmpint (outside, ==, 0);
          /* The whole card but its rounded corners is opaque. */
          card_pixels = (int) (width * scale * width * cp_card_art_aspect () * scale);
          g_assert_cmpint (inside, >, card_pixels * 0.95);
          cairo_surface_destroy (surface);
        }
}

/* No card, and bytes that are no card, draw nothing. */
static void
test_no_card (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const CpCard nothing[] = { CP_CARD_NONE, 0x10, 0x2e, 0x3e, 0x4f, 0x0f };

  for (guint i = 0; i < G_N_ELEMENTS (nothing); i++)
    {
      Picture picture = draw_card (art, nothing[i], 60, 1, FALSE, CP_CARD_ART_NONE);
      const Region all = { 0, 0, 1, 1 };

      g_assert_false (cp_card_is_valid (nothing[i]));
      g_assert_cmpuint (count_in (&picture, &all, is_opaque), ==, 0);
      picture_clear (&picture);
    }
}

/* Red cards show red in both corners; black cards show black there and no
 * red, in both styles and at a hand's size as well as a large one. */
static void
test_corner_colours (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  CpCard cards[CP_CARD_MAX];
  guint n = all_cards (cards);

  for (guint dark = 0; dark < 2; dark++)
    for (double width = 60; width <= 150; width += 90)
      for (guint i = 0; i < n; i++)
        {
          Picture picture = draw_card (art, cards[i], width, 1, dark, face_flags);
          const Region *corners[] = { &top_corner, &bottom_corner };
          /* Ink enough for a readable sign: about a tenth of the corner. */
          guint enough = (guint) (width * width * 0.006);

          for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
            {
              guint red = count_in (&picture, corners[c], is_red);
              guint black = count_in (&picture, corners[c], is_dark);
              gboolean right = cp_card_is_red (cards[i]) ? red >= enough && black == 0
                                                         : red == 0 && black >= enough;

              if (!right)
                g_test_fail_printf ("%s at %g, %s style, corner %u: %u red, %u black pixels",
                                    cp_card_to_id (cards[i]), width, dark ? "dark" : "light",
                                    c, red, black);
            }
          picture_clear (&picture);
        }
}

/* A face-down card shows the back, the same for every card and for a
 * hidden one, and nothing of its face. */
static void
test_face_down (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  CpCard cards[CP_CARD_MAX];
  guint n = all_cards (cards);

  for (guint dark = 0; dark < 2; dark++)
    {
      Picture hidden = draw_card (art, CP_CARD_UNKNOWN, 60, 1, dark, CP_CARD_ART_NONE);
      Picture hidden_down = draw_card (art, CP_CARD_UNKNOWN, 60, 1, dark, CP_CARD_ART_FACE_DOWN);
      int total = cairo_image_surface_get_width (hidden.surface)
                  * cairo_image_surface_get_height (hidden.surface);

      g_assert_cmpuint (count_differences (hidden.surface, hidden_down.surface), ==, 0);
      for (guint i = 0; i < n; i++)
        {
          Picture up = draw_card (art, cards[i], 60, 1, dark, CP_CARD_ART_NONE);
          Picture down = draw_card (art, cards[i], 60, 1, dark, CP_CARD_ART_FACE_DOWN);

          g_assert_cmpuint (count_differences (down.surface, hidden.surface), ==, 0);
          g_assert_cmpuint (count_differences (up.surface, down.surface), >, total / 3);
          /* The back is not a light face: red corners do not show. */
          g_assert_cmpuint (count_in (&down, &top_corner, is_red), ==, 0);
          picture_clear (&up);
          picture_clear (&down);
        }
      picture_clear (&hidden);
      picture_clear (&hidden_down);
    }
}

/* The mean luminance of a region, and the share of its pixels that are not
 * the card's face. */
static double
mean_luminance (const Picture *picture, const Region *region)
{
  double sum = 0;
  guint n = 0;
  int x0 = (int) (picture->x + region->x0 * picture->width);
  int x1 = (int) (picture->x + region->x1 * picture->width);
  int y0 = (int) (picture->y + region->y0 * picture->height);
  int y1 = (int) (picture->y + region->y1 * picture->height);

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++, n++)
      sum += luminance (device_pixel (picture->surface, x, y));
  return sum / MAX (n, 1);
}

static double
region_area (const Picture *picture, const Region *region)
{
  return (region->x1 - region->x0) * picture->width * (region->y1 - region->y0) * picture->height;
}

/* Every card of the Appendix A deck shows its piece or checker in the
 * middle: the middle is far from empty, the same for cards of one piece,
 * different for different pieces, and dark for black pieces. */
static void
test_pieces (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const CpPieceKind kinds[] = {
    CP_PIECE_PAWN, CP_PIECE_KNIGHT, CP_PIECE_BISHOP, CP_PIECE_ROOK,
    CP_PIECE_QUEEN, CP_PIECE_KING, CP_PIECE_CHECKER,
  };
  double luminances[2] = { 0, 0 };
  guint deck = 0;

  for (guint dark = 0; dark < 2; dark++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      for (CpColour colour = CP_COLOUR_WHITE; colour <= CP_COLOUR_BLACK; colour++)
        {
          CpCard cards[CP_CARD_MAX_PER_PIECE];
          guint n = cp_card_for_piece (kinds[k], colour, cards);
          cairo_surface_t *first = NULL;

          g_assert_cmpuint (n, >, 0);
          for (guint i = 0; i < n; i++)
            {
              Picture picture = draw_card (art, cards[i], 90, 1, dark, face_flags);
              guint drawn;

              face_colour = device_pixel (picture.surface, (int) (picture.x + 45), (int) (picture.y + 4));
              drawn = count_in (&picture, &middle, differs_from_face);
              g_assert_cmpfloat (drawn, >, region_area (&picture, &middle) * 0.15);
              luminances[colour] = mean_luminance (&picture, &middle);

              /* The middle is the piece's, whatever the rank and suit. */
              {
                cairo_surface_t *crop = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 44, 60);
                cairo_t *cr = cairo_create (crop);

                cairo_set_source_surface (cr, picture.surface,
                                          -(picture.x + 23), -(picture.y + 33));
                cairo_paint (cr);
                cairo_destroy (cr);
                cairo_surface_flush (crop);
                if (first == NULL)
                  first = crop;
                else
                  {
                    g_assert_cmpuint (count_differences (crop, first), ==, 0);
                    cairo_surface_destroy (crop);
                  }
              }
              picture_clear (&picture);
              deck += dark == 0;
            }
          cairo_surface_destroy (first);
          if (colour == CP_COLOUR_BLACK)
            g_assert_cmpfloat (luminances[CP_COLOUR_BLACK], <, luminances[CP_COLOUR_WHITE] - 0.08);
        }
  /* 16 pawns, 4 each of knights, bishops and rooks, 2 queens, 2 kings and
   * 8 checkers. */
  g_assert_cmpuint (deck, ==, 40);
}

/* Different pieces have different middles. */
static void
test_pieces_differ (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  /* Two of spades to king of spades, with the middles compared only. */
  const CpRank ranks[] = {
    CP_RANK_TWO, CP_RANK_SIX, CP_RANK_EIGHT, CP_RANK_NINE, CP_RANK_TEN, CP_RANK_QUEEN,
    CP_RANK_KING,
  };
  cairo_surface_t *middles[G_N_ELEMENTS (ranks)];

  for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
    {
      Picture picture = draw_card (art, cp_card_new (CP_SUIT_SPADES, ranks[r]), 90, 1, FALSE,
                                   face_flags);
      cairo_t *cr;

      middles[r] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 44, 60);
      cr = cairo_create (middles[r]);
      cairo_set_source_surface (cr, picture.surface, -(picture.x + 23), -(picture.y + 33));
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_flush (middles[r]);
      picture_clear (&picture);
    }
  for (guint a = 0; a < G_N_ELEMENTS (ranks); a++)
    for (guint b = a + 1; b < G_N_ELEMENTS (ranks); b++)
      g_assert_cmpuint (count_differences (middles[a], middles[b]), >, 100);
  for (guint r = 0; r < G_N_ELEMENTS (ranks); r++)
    cairo_surface_destroy (middles[r]);
}

/* Jokers show their cap in their colour; aces and the court cards that
 * stand for no piece still show something in the middle. */
static void
test_other_middles (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const CpCard cards[] = {
    CP_CARD_BLACK_JOKER, CP_CARD_RED_JOKER,
    cp_card_new (CP_SUIT_SPADES, CP_RANK_ACE), cp_card_new (CP_SUIT_HEARTS, CP_RANK_ACE),
    cp_card_new (CP_SUIT_HEARTS, CP_RANK_JACK), cp_card_new (CP_SUIT_CLUBS, CP_RANK_QUEEN),
    cp_card_new (CP_SUIT_DIAMONDS, CP_RANK_KING),
  };

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      Picture picture = draw_card (art, cards[i], 90, 1, FALSE, face_flags);
      guint red = count_in (&picture, &middle, is_red);

      face_colour = device_pixel (picture.surface, (int) (picture.x + 45), (int) (picture.y + 4));
      g_assert_cmpfloat (count_in (&picture, &middle, differs_from_face), >,
                         region_area (&picture, &middle) * 0.08);
      if (cp_card_is_red (cards[i]))
        g_assert_cmpuint (red, >, 100);
      else
        g_assert_cmpuint (red, ==, 0);
      picture_clear (&picture);
    }
}

/* Each of the 54 cards has a picture of its own, even at a hand's size. */
static void
test_distinct (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  CpCard cards[CP_CARD_MAX];
  Picture pictures[CP_CARD_MAX];
  guint n = all_cards (cards);

  g_assert_cmpuint (n, ==, 54);
  for (guint i = 0; i < n; i++)
    pictures[i] = draw_card (art, cards[i], 60, 1, FALSE, CP_CARD_ART_NONE);
  for (guint a = 0; a < n; a++)
    for (guint b = a + 1; b < n; b++)
      if (count_differences (pictures[a].surface, pictures[b].surface) < 20)
        g_test_fail_printf ("%s and %s look alike", cp_card_to_id (cards[a]),
                            cp_card_to_id (cards[b]));
  for (guint i = 0; i < n; i++)
    picture_clear (&pictures[i]);
}

/* At a hand's size the corner's rank and suit are large enough to read:
 * from the top of the rank to the foot of the suit sign, their dark ink
 * spans more than a quarter of the card's width. */
static void
test_small_index (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  Picture picture = draw_card (art, cp_card_new (CP_SUIT_CLUBS, CP_RANK_TEN), 60, 1, FALSE,
                               face_flags);
  int top = G_MAXINT, bottom = -1;

  for (int y = 0; y < (int) (picture.height / 2); y++)
    for (int x = 0; x < (int) (picture.width * 0.22); x++)
      if (is_dark (device_pixel (picture.surface, (int) picture.x + x, (int) picture.y + y)))
        {
          top = MIN (top, y);
          bottom = MAX (bottom, y);
        }
  g_assert_cmpfloat (bottom - top, >, 0.28 * picture.width);
  picture_clear (&picture);
}

/* Large cards name their piece below it; small ones have no room. */
static void
test_caption (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const Region band = { 0.3, 0.8, 0.7, 0.9 };
  CpCard rook = cp_card_new (CP_SUIT_HEARTS, CP_RANK_TEN);
  Picture small = draw_card (art, rook, 60, 1, FALSE, face_flags);
  Picture large = draw_card (art, rook, 200, 1, FALSE, face_flags);

  face_colour = device_pixel (small.surface, (int) (small.x + 30), (int) (small.y + 3));
  g_assert_cmpuint (count_in (&small, &band, differs_from_face), ==, 0);
  g_assert_cmpuint (count_in (&large, &band, differs_from_face), >, 100);
  picture_clear (&small);
  picture_clear (&large);
}

static gboolean
is_accent (Pixel p)
{
  return p.a > 0.9 && p.b > 0.75 && p.r < 0.55 && p.b > p.g;
}

/* Selected cards rise and have an outline in the accent colour; dimmed
 * cards fade towards the background: lighter in the light style, darker in
 * the dark one. */
static void
test_flags (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  CpCard queen = cp_card_new (CP_SUIT_SPADES, CP_RANK_QUEEN);

  for (guint dark = 0; dark < 2; dark++)
    {
      Picture plain = draw_card (art, queen, 100, 1, dark, CP_CARD_ART_FLAT);
      Picture dimmed = draw_card (art, queen, 100, 1, dark, CP_CARD_ART_FLAT | CP_CARD_ART_DIMMED);
      Picture selected = draw_card (art, queen, 100, 1, dark,
                                    CP_CARD_ART_FLAT | CP_CARD_ART_SELECTED);
      double lp = mean_luminance (&plain, &middle), ld = mean_luminance (&dimmed, &middle);
      int top = -1;

      g_assert_cmpuint (count_all (&plain, is_accent), ==, 0);
      if (dark)
        g_assert_cmpfloat (ld, <, lp - 0.1);
      else
        g_assert_cmpfloat (ld, >, lp + 0.1);

      /* The selected card's outline frames it, above its place. */
      g_assert_cmpuint (count_all (&selected, is_accent), >, 2 * (100 + 140) * 2);
      for (int y = 0; y < cairo_image_surface_get_height (selected.surface) && top < 0; y++)
        if (is_accent (device_pixel (selected.surface,
                                     (int) (selected.x + 50), y)))
          top = y;
      g_assert_cmpint (top, >=, 0);
      g_assert_cmpfloat (top, <, selected.y - 100 * 0.08);
      picture_clear (&plain);
      picture_clear (&dimmed);
      picture_clear (&selected);
    }
}

/* Both styles: the face is lighter in the light style, and the ink of the
 * corners stands out from the face in both (WCAG contrast above 4.5). */
static double
contrast (Pixel a, Pixel b)
{
  double la = luminance (a), lb = luminance (b);

  /* Relative luminance wants linear light. */
  la = pow (la, 2.2);
  lb = pow (lb, 2.2);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static void
test_styles (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  const CpCard cards[] = {
    cp_card_new (CP_SUIT_HEARTS, CP_RANK_TWO), cp_card_new (CP_SUIT_CLUBS, CP_RANK_TWO),
  };
  double face_luminance[2];

  for (guint dark = 0; dark < 2; dark++)
    for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
      {
        Picture picture = draw_card (art, cards[i], 100, 1, dark, face_flags);
        Pixel face = device_pixel (picture.surface, (int) (picture.x + 50), (int) (picture.y + 6));
        Pixel ink = face;

        /* The pixel of the corner that differs most from the face. */
        for (int y = 0; y < 40; y++)
          for (int x = 0; x < 22; x++)
            {
              Pixel p = device_pixel (picture.surface, (int) picture.x + x, (int) picture.y + y);

              if (p.a > 0.99 && contrast (p, face) > contrast (ink, face))
                ink = p;
            }
        g_assert_cmpfloat (contrast (ink, face), >, 4.5);
        face_luminance[dark] = luminance (face);
        picture_clear (&picture);
      }
  g_assert_cmpfloat (face_luminance[1], <, face_luminance[0]);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* A printed deck: vectors on a PDF page, no images cached for it. */
static void
test_vector (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  g_autoptr (GByteArray) pdf = g_byte_array_new ();
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (append_bytes, pdf, 595, 842);
  cairo_t *cr = cairo_create (surface);
  CpCard cards[CP_CARD_MAX + 1];
  guint n = all_cards (cards);

  cards[n++] = CP_CARD_UNKNOWN;
  for (guint i = 0; i < n; i++)
    cp_card_art_draw (art, cr, cards[i], 20 + (i % 9) * 60, 20 + (i / 9) * 90, 55, 1, FALSE,
                      CP_CARD_ART_FLAT);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (pdf->len, >, 5000);
  g_assert_cmpuint (cp_card_art_get_cache_size (art), ==, 0);
}

/* Images of the back and the jokers are cached per size, and no more
 * than a few dozen of them however many sizes are drawn. */
static void
test_cache (void)
{
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 300);
  cairo_t *cr = cairo_create (surface);

  cp_card_art_draw (art, cr, CP_CARD_UNKNOWN, 0, 0, 60, 1, FALSE, 0);
  cp_card_art_draw (art, cr, CP_CARD_UNKNOWN, 70, 0, 60, 1, FALSE, 0);
  g_assert_cmpuint (cp_card_art_get_cache_size (art), ==, 1);
  cp_card_art_draw (art, cr, CP_CARD_UNKNOWN, 0, 0, 60, 2, FALSE, 0);
  cp_card_art_draw (art, cr, CP_CARD_UNKNOWN, 0, 0, 60, 1, TRUE, 0);
  cp_card_art_draw (art, cr, CP_CARD_RED_JOKER, 0, 0, 60, 1, FALSE, 0);
  g_assert_cmpuint (cp_card_art_get_cache_size (art), ==, 4);
  for (guint w = 20; w < 140; w++)
    cp_card_art_draw (art, cr, CP_CARD_UNKNOWN, 0, 0, w, 1, FALSE, 0);
  g_assert_cmpuint (cp_card_art_get_cache_size (art), <=, 32);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cp_card_art_clear_cache (art);
  g_assert_cmpuint (cp_card_art_get_cache_size (art), ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* The shared card set is one object. */
  g_assert_true (cp_card_art_get_default () == cp_card_art_get_default ());
}

/* Snapshots to look at. */

static void
write_sheet (CpCardArt *art, const char *dir, gboolean dark, double width, double scale,
             const char *name)
{
  g_autofree char *path = g_strdup_printf ("%s/%s-%s.png", dir, name, dark ? "dark" : "light");
  CpCard cards[CP_CARD_MAX];
  guint n = all_cards (cards), columns = 13;
  double gap = width * 0.16, height = width * cp_card_art_aspect ();
  double sheet_width = columns * (width + gap) + gap;
  double sheet_height = 6 * (height + gap) + gap;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) (sheet_width * scale),
                                                         (int) (sheet_height * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  /* The window's background in light and dark styles. */
  if (dark)
    cairo_set_source_rgb (cr, 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  else
    cairo_set_source_rgb (cr, 0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0);
  cairo_paint (cr);
  for (guint i = 0; i < n; i++)
    cp_card_art_draw (art, cr, cards[i], gap + (i % columns) * (width + gap),
                      gap + (i / columns) * (height + gap), width, scale, dark,
                      CP_CARD_ART_NONE);
  /* The last row: the back, a hidden card, a selected and a dimmed one. */
  {
    double y = gap + 5 * (height + gap);
    CpCardArtFlags flags[] = {
      CP_CARD_ART_FACE_DOWN, CP_CARD_ART_NONE, CP_CARD_ART_SELECTED,
      CP_CARD_ART_DIMMED, CP_CARD_ART_SELECTED | CP_CARD_ART_FACE_DOWN,
      CP_CARD_ART_DIMMED | CP_CARD_ART_FACE_DOWN, CP_CARD_ART_FLAT,
    };
    CpCard shown[] = {
      cp_card_new (CP_SUIT_HEARTS, CP_RANK_EIGHT), CP_CARD_UNKNOWN,
      cp_card_new (CP_SUIT_SPADES, CP_RANK_QUEEN), cp_card_new (CP_SUIT_DIAMONDS, CP_RANK_TEN),
      CP_CARD_UNKNOWN, CP_CARD_UNKNOWN, cp_card_new (CP_SUIT_CLUBS, CP_RANK_SIX),
    };

    for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
      cp_card_art_draw (art, cr, shown[i], gap + i * (width + gap), y, width, scale, dark,
                        flags[i]);
  }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("wrote %s", path);
}

/* A hand as the card panel shows it: cards overlapping, the corner of
 * each in view. */
static void
write_hand (CpCardArt *art, const char *dir, gboolean dark, double width, double scale)
{
  g_autofree char *path = g_strdup_printf ("%s/cards-hand-%s.png", dir, dark ? "dark" : "light");
  CpCard hand[] = {
    cp_card_new (CP_SUIT_SPADES, CP_RANK_TWO), cp_card_new (CP_SUIT_CLUBS, CP_RANK_EIGHT),
    cp_card_new (CP_SUIT_HEARTS, CP_RANK_NINE), cp_card_new (CP_SUIT_DIAMONDS, CP_RANK_TEN),
    cp_card_new (CP_SUIT_SPADES, CP_RANK_QUEEN), cp_card_new (CP_SUIT_HEARTS, CP_RANK_KING),
    cp_card_new (CP_SUIT_CLUBS, CP_RANK_SEVEN), CP_CARD_RED_JOKER,
  };
  double step = width * 0.62, height = width * cp_card_art_aspect ();
  double sheet_width = step * G_N_ELEMENTS (hand) + width * 0.8, sheet_height = height * 1.5;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) (sheet_width * scale),
                                                         (int) (sheet_height * scale));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  if (dark)
    cairo_set_source_rgb (cr, 0x30 / 255.0, 0x30 / 255.0, 0x30 / 255.0);
  else
    cairo_set_source_rgb (cr, 0xeb / 255.0, 0xeb / 255.0, 0xeb / 255.0);
  cairo_paint (cr);
  for (guint i = 0; i < G_N_ELEMENTS (hand); i++)
    cp_card_art_draw (art, cr, hand[i], width * 0.3 + i * step, height * 0.3, width, scale,
                      dark, i == 3 ? CP_CARD_ART_SELECTED : i == 5 ? CP_CARD_ART_DIMMED : 0);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("wrote %s", path);
}

/* A few cards at the size of print, and the whole deck as a PDF. */
static void
write_print (CpCardArt *art, const char *dir, gboolean dark)
{
  g_autofree char *path = g_strdup_printf ("%s/cards-print-%s.png", dir, dark ? "dark" : "light");
  CpCard cards[] = {
    cp_card_new (CP_SUIT_HEARTS, CP_RANK_KING), cp_card_new (CP_SUIT_SPADES, CP_RANK_EIGHT),
    cp_card_new (CP_SUIT_DIAMONDS, CP_RANK_SEVEN), CP_CARD_BLACK_JOKER, CP_CARD_UNKNOWN,
  };
  double width = 360, gap = 30, height = width * cp_card_art_aspect ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) (G_N_ELEMENTS (cards) * (width + gap) + gap),
                                                         (int) (height + 2 * gap));
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, dark ? 0x24 / 255.0 : 1, dark ? 0x24 / 255.0 : 1, dark ? 0x24 / 255.0 : 1);
  cairo_paint (cr);
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    cp_card_art_draw (art, cr, cards[i], gap + i * (width + gap), gap, width, 1, dark,
                      CP_CARD_ART_FLAT);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_test_message ("wrote %s", path);

  if (!dark)
    {
      g_autofree char *pdf_path = g_strdup_printf ("%s/cards.pdf", dir);
      CpCard deck[CP_CARD_MAX];
      guint n = all_cards (deck);
      /* A4 in points, nine poker cards a page. */
      double card_width = CP_CARD_ART_WIDTH_MM / 25.4 * 72;
      double card_height = CP_CARD_ART_HEIGHT_MM / 25.4 * 72;

      surface = cairo_pdf_surface_create (pdf_path, 595, 842);
      cr = cairo_create (surface);
      for (guint i = 0; i <= n; i++)
        {
          guint slot = i % 9;

          if (i > 0 && slot == 0)
            cairo_show_page (cr);
          cp_card_art_draw (art, cr, i < n ? deck[i] : CP_CARD_UNKNOWN,
                            18 + (slot % 3) * card_width, 20 + (slot / 3) * card_height,
                            card_width, 1, FALSE, CP_CARD_ART_FLAT);
        }
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_test_message ("wrote %s", pdf_path);
    }
}

static void
test_snapshots (void)
{
  const char *dir = g_getenv ("CP_RENDER_SNAPSHOTS");
  g_autoptr (CpCardArt) art = cp_card_art_new (NULL);

  if (dir == NULL)
    {
      g_test_skip ("CP_RENDER_SNAPSHOTS is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);
  for (guint dark = 0; dark < 2; dark++)
    {
      write_sheet (art, dir, dark, 60, 1, "cards-small");
      write_sheet (art, dir, dark, 150, 1, "cards-large");
      write_hand (art, dir, dark, 60, 2);
      write_print (art, dir, dark);
    }
}

/* Captions and lines start with a capital: a title-case one, where a
 * letter has one of its own (the digraph dž gives Dž, not DŽ). */
static void
test_capitalize (void)
{
  static const char *const cases[][2] = {
    { "knight", "Knight" },
    { "\u00e9chec", "\u00c9chec" },
    { "\u01c6ak", "\u01c5ak" },
    { "\u0641\u0627\u0631\u0633", "\u0641\u0627\u0631\u0633" },
    { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cp_caption_capitalize (cases[i][0]);

      g_assert_cmpstr (text, ==, cases[i][1]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card-art/aspect-and-extents", test_aspect_and_extents);
  g_test_add_func ("/card-art/sizes", test_sizes);
  g_test_add_func ("/card-art/no-card", test_no_card);
  g_test_add_func ("/card-art/corner-colours", test_corner_colours);
  g_test_add_func ("/card-art/face-down", test_face_down);
  g_test_add_func ("/card-art/pieces", test_pieces);
  g_test_add_func ("/card-art/pieces-differ", test_pieces_differ);
  g_test_add_func ("/card-art/other-middles", test_other_middles);
  g_test_add_func ("/card-art/distinct", test_distinct);
  g_test_add_func ("/card-art/small-index", test_small_index);
  g_test_add_func ("/card-art/caption", test_caption);
  g_test_add_func ("/card-art/capitalize", test_capitalize);
  g_test_add_func ("/card-art/flags", test_flags);
  g_test_add_func ("/card-art/styles", test_styles);
  g_test_add_func ("/card-art/vector", test_vector);
  g_test_add_func ("/card-art/cache", test_cache);
  g_test_add_func ("/card-art/snapshots", test_snapshots);

  return g_test_run ();
}
