/* cp-card-art.c: playing cards, drawn with cairo
 *
 * The face is drawn with cairo: a rounded card, the rank and a suit sign
 * in the top left corner and again, turned, in the bottom right one, and
 * in the middle the piece the card stands for, taken from the piece set
 * in the piece's colour.  Cards that stand for nothing show a large suit
 * sign (aces) or their rank letter (the other court cards).  The back and
 * the jokers' cap are SVG artwork whose placeholder colours are replaced
 * as the pieces' are; on image surfaces they are cached as images per
 * size, and vector surfaces get them as vectors.
 *
 * Measures below are fractions of the card's width, unless they say.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <librsvg/rsvg.h>

#include "cp-card-art.h"
#include "cp-cairo.h"
#include "cp-caption.h"
#include "cp-render-resources.h"

#define RESOURCE_PATH "/io/github/chess_parlour/ChessParlour/cards/"

#define ASPECT (CP_CARD_ART_HEIGHT_MM / CP_CARD_ART_WIDTH_MM)

#define CORNER_RADIUS 0.06
#define BORDER_WIDTH 0.009
#define INDEX_X 0.12         /* centre of the corner index */
#define INDEX_TOP 0.065      /* top of the rank in the corner */
#define RANK_SIZE 0.22       /* font size of the rank */
#define RANK_MAX_WIDTH 0.18  /* "10" is narrowed to fit */
#define PIP_SIZE 0.15        /* height of the corner's suit sign */
#define PIECE_SIZE 0.7
#define JOKER_SIZE 0.7
#define LIFT 0.1             /* how far a selected card rises */
#define OUTLINE_WIDTH 0.03   /* the selected card's outline */
#define OUTLINE_GAP 0.012
#define SHADOW_SPREAD 0.03
#define SHADOW_DROP 0.012
#define SHADOW_RAISED_DROP 0.028
#define CAPTION_SIZE 0.085
/* Cards narrower than this, in user units whatever the device scale, have
 * no caption: they look the same on every screen. */
#define CAPTION_MIN_WIDTH 120

/* The SVG artwork. */
enum {
  ART_BACK,
  ART_JOKER,
  N_ARTS
};

/* Two palettes each: the back in the light and the dark style, the cap
 * of the red and of the black joker. */
#define N_ART_PALETTES 2

static const char *const art_files[N_ARTS] = { "back", "joker" };

static const char *const placeholders[5] = {
  "#ff00f1", "#ff00f2", "#ff00f3", "#ff00f4", "#ff00f5",
};

static const char *const art_palettes[N_ARTS][N_ART_PALETTES][5] = {
  [ART_BACK] = {
    /* margin, field, squares, gold lines, medallion */
    { "#fdfcfa", "#1d3f73", "#24508c", "#d9ad4f", "#f7f1e3" },
    { "#d6d2cb", "#183561", "#1f4478", "#bf9843", "#ddd6c6" },
  },
  [ART_JOKER] = {
    /* sides, outline, middle, bells and band, highlight */
    { "#e01b24", "#3c0a0f", "#f6d32d", "#e5a50a", "#fff2b3" },
    { "#3d3846", "#0d0b12", "#9a9996", "#c0bfbc", "#deddda" },
  },
};

typedef struct {
  double r, g, b;
} Colour;

#define HEX(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0 }

/* The colours of a style: styles[dark]. */
typedef struct {
  Colour face;
  Colour border;
  Colour red;
  Colour black;
  Colour caption;
  Colour accent;      /* the selected card's outline */
  Colour back_border;
  double shadow;      /* opacity of the shadow */
  Colour wash;        /* laid over a dimmed card */
  double wash_alpha;
} Style;

static const Style styles[2] = {
  {
    .face = HEX (0xffffff), .border = HEX (0x9a9996),
    .red = HEX (0xc01c28), .black = HEX (0x241f31), .caption = HEX (0x5e5c64),
    .accent = HEX (0x3584e4), .back_border = HEX (0x77767b),
    .shadow = 0.22, .wash = HEX (0xfafafa), .wash_alpha = 0.5,
  },
  {
    .face = HEX (0xe4e1dc), .border = HEX (0x5e5c64),
    .red = HEX (0xb01b26), .black = HEX (0x1c1822), .caption = HEX (0x4d4a52),
    .accent = HEX (0x78aeed), .back_border = HEX (0x3d3846),
    .shadow = 0.5, .wash = HEX (0x242424), .wash_alpha = 0.62,
  },
};

#define MAX_CACHED 32

typedef struct {
  cairo_surface_t *surface;
  guint64 stamp;
} CacheEntry;

struct _CpCardArt
{
  GObject parent_instance;

  CpPieceArt *pieces;
  GBytes *sources[N_ARTS];
  RsvgHandle *handles[N_ARTS][N_ART_PALETTES];
  cairo_font_face_t *font;

  GHashTable *cache;   /* key (art, palette, pixels) -> CacheEntry */
  guint64 clock;
};

G_DEFINE_FINAL_TYPE (CpCardArt, cp_card_art, G_TYPE_OBJECT)

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  cairo_surface_destroy (entry->surface);
  g_free (entry);
}

static void
cp_card_art_finalize (GObject *object)
{
  CpCardArt *self = CP_CARD_ART (object);

  for (guint a = 0; a < N_ARTS; a++)
    {
      g_clear_pointer (&self->sources[a], g_bytes_unref);
      for (guint p = 0; p < N_ART_PALETTES; p++)
        g_clear_object (&self->handles[a][p]);
    }
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->font, cairo_font_face_destroy);
  g_clear_object (&self->pieces);

  G_OBJECT_CLASS (cp_card_art_parent_class)->finalize (object);
}

static void
cp_card_art_class_init (CpCardArtClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cp_card_art_finalize;
}

static void
cp_card_art_init (CpCardArt *self)
{
  GResource *resource = cp_render_get_resource ();

  self->cache = g_hash_table_new_full (NULL, NULL, NULL, cache_entry_free);
  self->font = cairo_toy_font_face_create ("Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);

  for (guint a = 0; a < N_ARTS; a++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *path = g_strconcat (RESOURCE_PATH, art_files[a], ".svg", NULL);

      self->sources[a] = g_resource_lookup_data (resource, path,
                                                 G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (self->sources[a] == NULL)
        g_critical ("Cannot load the card artwork %s: %s", path, error->message);
    }
}

/**
 * cp_card_art_new:
 * @pieces: (nullable): the piece set for the middle of the faces, or
 *   %NULL for the shared one
 */
CpCardArt *
cp_card_art_new (CpPieceArt *pieces)
{
  CpCardArt *self = g_object_new (CP_TYPE_CARD_ART, NULL);

  self->pieces = g_object_ref (pieces != NULL ? pieces : cp_piece_art_get_default ());
  return self;
}

CpCardArt *
cp_card_art_get_default (void)
{
  static CpCardArt *default_art;
  static gsize initialised;

  if (g_once_init_enter (&initialised))
    {
      default_art = cp_card_art_new (NULL);
      g_once_init_leave (&initialised, 1);
    }
  return default_art;
}

/* The height of a card divided by its width: 88.9 / 63.5 = 1.4. */
double
cp_card_art_aspect (void)
{
  return ASPECT;
}

/* Geometry. */

static double
lift (double width, CpCardArtFlags flags)
{
  return (flags & CP_CARD_ART_SELECTED) ? LIFT * width : 0;
}

/* How far the shadow falls below the card, resting and raised. */
static double
shadow_drop (double width, CpCardArtFlags flags)
{
  return ((flags & CP_CARD_ART_SELECTED) ? SHADOW_RAISED_DROP : SHADOW_DROP) * width;
}

void
cp_card_art_get_extents (double          x,
                         double          y,
                         double          width,
                         CpCardArtFlags  flags,
                         CpRect         *extents)
{
  double left = 0, top = 0, bottom = 0;

  g_return_if_fail (extents != NULL);

  if (!(flags & CP_CARD_ART_FLAT))
    {
      left = SHADOW_SPREAD * width;
      top = MAX (0, left - shadow_drop (width, flags));
      bottom = left + shadow_drop (width, flags);
    }
  if (flags & CP_CARD_ART_SELECTED)
    {
      double outline = (OUTLINE_GAP + OUTLINE_WIDTH) * width;

      left = MAX (left, outline);
      top = MAX (top, outline);
      bottom = MAX (bottom, outline);
    }

  extents->x = x - left;
  extents->y = y - lift (width, flags) - top;
  extents->width = width + 2 * left;
  extents->height = width * ASPECT + lift (width, flags) + top + bottom;
}

/* Suit signs, drawn as paths in a box one unit high centred on the
 * origin.  Each is symmetric: a list of Bézier segments draws the left
 * half from the top of the middle line to its bottom, and its mirror
 * image closes the shape. */

typedef struct {
  double x1, y1, x2, y2, x3, y3;
} Segment;

static const Segment heart[] = {
  { -0.02, -0.41, -0.1, -0.5, -0.23, -0.5 },
  { -0.38, -0.5, -0.49, -0.38, -0.49, -0.18 },
  { -0.49, 0.08, -0.16, 0.3, 0, 0.5 },
};
static const Segment diamond[] = {
  { -0.11, -0.31, -0.24, -0.14, -0.4, 0 },
  { -0.24, 0.14, -0.11, 0.31, 0, 0.5 },
};
static const Segment spade[] = {
  { -0.14, -0.3, -0.49, -0.13, -0.49, 0.11 },
  { -0.49, 0.28, -0.36, 0.37, -0.23, 0.37 },
  { -0.13, 0.37, -0.06, 0.32, -0.04, 0.25 },
  { -0.05, 0.38, -0.12, 0.46, -0.22, 0.5 },
  { -0.15, 0.5, -0.07, 0.5, 0, 0.5 },
};
/* The club's stem; its leaves are circles. */
static const Segment club_stem[] = {
  { -0.04, 0.2, -0.04, 0.2, -0.04, 0.2 },
  { -0.05, 0.36, -0.12, 0.46, -0.22, 0.5 },
  { -0.15, 0.5, -0.07, 0.5, 0, 0.5 },
};

static void
symmetric_path (cairo_t *cr, const Segment *segments, guint n, double top)
{
  double x = 0, y = top;

  cairo_move_to (cr, x, y);
  for (guint i = 0; i < n; i++)
    cairo_curve_to (cr, segments[i].x1, segments[i].y1, segments[i].x2, segments[i].y2,
                    segments[i].x3, segments[i].y3);
  /* Back up the right half: each segment reversed and mirrored. */
  for (guint i = n; i-- > 0;)
    {
      double px = i > 0 ? segments[i - 1].x3 : x;
      double py = i > 0 ? segments[i - 1].y3 : y;

      cairo_curve_to (cr, -segments[i].x2, segments[i].y2, -segments[i].x1, segments[i].y1,
                      -px, py);
    }
  cairo_close_path (cr);
}

static void
star_path (cairo_t *cr)
{
  for (guint i = 0; i < 10; i++)
    {
      double angle = -G_PI / 2 + i * G_PI / 5;
      double radius = i % 2 == 0 ? 0.52 : 0.21;

      if (i == 0)
        cairo_move_to (cr, radius * cos (angle), 0.06 + radius * sin (angle));
      else
        cairo_line_to (cr, radius * cos (angle), 0.06 + radius * sin (angle));
    }
  cairo_close_path (cr);
}

/* Fills the sign of @suit, @size high, centred on (cx, cy); a joker's
 * sign is a star. */
static void
draw_suit (cairo_t *cr, CpCard card, double cx, double cy, double size)
{
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, size, size);
  cairo_new_path (cr);
  if (cp_card_is_joker (card))
    star_path (cr);
  else
    switch (cp_card_get_suit (card))
      {
      case CP_SUIT_HEARTS:
        symmetric_path (cr, heart, G_N_ELEMENTS (heart), -0.29);
        break;
      case CP_SUIT_DIAMONDS:
        symmetric_path (cr, diamond, G_N_ELEMENTS (diamond), -0.5);
        break;
      case CP_SUIT_SPADES:
        symmetric_path (cr, spade, G_N_ELEMENTS (spade), -0.5);
        break;
      case CP_SUIT_CLUBS:
      case CP_N_SUITS:
      default:
        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, -0.27, 0.225, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc (cr, -0.255, 0.1, 0.225, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc (cr, 0.255, 0.1, 0.225, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc (cr, 0, 0.0, 0.14, 0, 2 * G_PI);
        symmetric_path (cr, club_stem, G_N_ELEMENTS (club_stem), 0.05);
        break;
      }
  cairo_restore (cr);
  cairo_fill (cr);
}

/* SVG artwork. */

static RsvgHandle *
get_handle (CpCardArt *self, guint art, guint palette)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = NULL;
  const char *data;
  gsize length;

  if (self->handles[art][palette] != NULL)
    return self->handles[art][palette];
  if (self->sources[art] == NULL)
    return NULL;

  data = g_bytes_get_data (self->sources[art], &length);
  text = g_string_new_len (data, (gssize) length);
  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    g_string_replace (text, placeholders[i], art_palettes[art][palette][i], 0);

  self->handles[art][palette] = rsvg_handle_new_from_data ((const guint8 *) text->str,
                                                           text->len, &error);
  if (self->handles[art][palette] == NULL)
    g_critical ("Cannot read the card artwork %s: %s", art_files[art], error->message);
  return self->handles[art][palette];
}

static void
render_handle (RsvgHandle *handle, cairo_t *cr, double x, double y, double width, double height)
{
  g_autoptr (GError) error = NULL;
  RsvgRectangle viewport = { x, y, width, height };

  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    g_warning ("Cannot draw the card artwork: %s", error->message);
}

static gboolean
is_vector_target (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
drop_oldest (CpCardArt *self)
{
  GHashTableIter iter;
  gpointer key, value, oldest_key = NULL;
  guint64 oldest = G_MAXUINT64;

  g_hash_table_iter_init (&iter, self->cache);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (((CacheEntry *) value)->stamp < oldest)
      {
        oldest = ((CacheEntry *) value)->stamp;
        oldest_key = key;
      }
  g_hash_table_remove (self->cache, oldest_key);
}

/* The image of an artwork in a palette, @pixels wide. */
static cairo_surface_t *
get_image (CpCardArt *self, guint art, guint palette, int pixels, double aspect)
{
  guint key = (art << 24) | (palette << 16) | (guint) pixels;
  CacheEntry *entry = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (key));
  int height = (int) lround (pixels * aspect);
  RsvgHandle *handle;
  cairo_t *cr;

  self->clock++;
  if (entry != NULL)
    {
      entry->stamp = self->clock;
      return entry->surface;
    }

  handle = get_handle (self, art, palette);
  if (handle == NULL)
    return NULL;
  if (g_hash_table_size (self->cache) >= MAX_CACHED)
    drop_oldest (self);

  entry = g_new0 (CacheEntry, 1);
  entry->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, height);
  entry->stamp = self->clock;
  cr = cairo_create (entry->surface);
  render_handle (handle, cr, 0, 0, pixels, height);
  cairo_destroy (cr);
  cairo_surface_flush (entry->surface);
  g_hash_table_insert (self->cache, GUINT_TO_POINTER (key), entry);
  return entry->surface;
}

/* Draws an artwork into the box (x, y, width, width * aspect). */
static void
draw_art (CpCardArt *self,
          cairo_t   *cr,
          guint      art,
          guint      palette,
          double     x,
          double     y,
          double     width,
          double     aspect,
          double     scale)
{
  cairo_surface_t *image;
  int pixels;

  if (is_vector_target (cr))
    {
      RsvgHandle *handle = get_handle (self, art, palette);

      if (handle != NULL)
        render_handle (handle, cr, x, y, width, width * aspect);
      return;
    }

  pixels = (int) lround (width * scale);
  pixels = CLAMP (pixels, 1, 2048);
  image = get_image (self, art, palette, pixels, aspect);
  if (image == NULL)
    return;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, width / pixels, width / pixels);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_rectangle (cr, 0, 0, pixels, cairo_image_surface_get_height (image));
  cairo_fill (cr);
  cairo_restore (cr);
}

/* The face. */

static void
set_colour (cairo_t *cr, const Colour *colour)
{
  cairo_set_source_rgb (cr, colour->r, colour->g, colour->b);
}

/* The rank as its corner shows it: the short label without the suit. */
static char *
rank_label (CpCard card)
{
  g_autofree char *label = cp_card_short_label (card);
  const char *symbol = cp_suit_symbol (cp_card_get_suit (card));

  if (label == NULL)
    return NULL;
  if (symbol != NULL && g_str_has_suffix (label, symbol))
    label[strlen (label) - strlen (symbol)] = '\0';
  return g_steal_pointer (&label);
}

/* Shows @text in @font_size, centred on @cx with the top of its capitals
 * at @top, narrowed if need be to at most @max_width. */
static void
show_centred (cairo_t    *cr,
              const char *text,
              double      cx,
              double      top,
              double      font_size,
              double      max_width)
{
  cairo_text_extents_t extents, capital;
  double squeeze = 1;

  cairo_set_font_size (cr, font_size);
  cairo_text_extents (cr, text, &extents);
  cairo_text_extents (cr, "H", &capital);
  if (extents.width > max_width && extents.width > 0)
    squeeze = max_width / extents.width;

  cairo_save (cr);
  cairo_translate (cr, cx, top - capital.y_bearing);
  cairo_scale (cr, squeeze, 1);
  cairo_move_to (cr, -extents.x_bearing - extents.width / 2, 0);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

/* The rank above the suit, centred on INDEX_X from INDEX_TOP; the caller
 * turns the card for the other corner. */
static void
draw_index (CpCardArt *self, cairo_t *cr, CpCard card, double w)
{
  g_autofree char *rank = NULL;
  double pip_top = INDEX_TOP + RANK_SIZE * 0.73 + 0.035;

  if (cp_card_is_joker (card))
    {
      draw_suit (cr, card, INDEX_X * w, (INDEX_TOP + 0.085) * w, 0.18 * w);
      return;
    }
  rank = rank_label (card);
  if (rank != NULL)
    {
      cairo_set_font_face (cr, self->font);
      show_centred (cr, rank, INDEX_X * w, INDEX_TOP * w, RANK_SIZE * w, RANK_MAX_WIDTH * w);
    }
  draw_suit (cr, card, INDEX_X * w, (pip_top + PIP_SIZE / 2) * w, PIP_SIZE * w);
}

static void
draw_caption (CpCardArt *self, cairo_t *cr, const char *name, const Colour *colour,
              double w, double h)
{
  g_autofree char *text = NULL;

  if (name == NULL || *name == '\0')
    return;
  text = cp_caption_capitalize (name);
  set_colour (cr, colour);
  cairo_set_font_face (cr, self->font);
  show_centred (cr, text, w / 2, h - 0.215 * w, CAPTION_SIZE * w, 0.52 * w);
}

/* A court card or ace that stands for nothing: a large suit sign, with
 * the rank letter for the court cards. */
static void
draw_plain_middle (CpCardArt *self, cairo_t *cr, CpCard card, double w, double h)
{
  g_autofree char *rank = NULL;

  if (cp_card_get_rank (card) == CP_RANK_ACE)
    {
      draw_suit (cr, card, w / 2, h / 2, 0.42 * w);
      return;
    }

  /* A frame, as court cards have, around the rank letter and the suit. */
  cairo_save (cr);
  cairo_set_line_width (cr, 0.012 * w);
  cp_cairo_rounded_rectangle (cr, 0.28 * w, 0.2 * w, 0.44 * w, h - 0.4 * w, 0.03 * w);
  cairo_stroke (cr);
  cairo_restore (cr);

  rank = rank_label (card);
  if (rank != NULL)
    {
      cairo_set_font_face (cr, self->font);
      show_centred (cr, rank, w / 2, h / 2 - 0.3 * w, 0.36 * w, 0.4 * w);
    }
  draw_suit (cr, card, w / 2, h / 2 + 0.18 * w, 0.2 * w);
}

static void
draw_face (CpCardArt *self, cairo_t *cr, CpCard card, double w, double scale, const Style *style)
{
  const Colour *ink = cp_card_is_red (card) ? &style->red : &style->black;
  double h = w * ASPECT;
  gboolean caption = w >= CAPTION_MIN_WIDTH;
  double middle = caption ? h / 2 - 0.04 * w : h / 2;
  CpPieceKind kind;
  CpColour colour;

  set_colour (cr, &style->face);
  cairo_paint (cr);

  /* The corners. */
  set_colour (cr, ink);
  draw_index (self, cr, card, w);
  cairo_save (cr);
  cairo_translate (cr, w, h);
  cairo_rotate (cr, G_PI);
  draw_index (self, cr, card, w);
  cairo_restore (cr);

  /* The middle. */
  if (cp_card_get_piece (card, &kind, &colour))
    {
      double size = PIECE_SIZE * w;

      /* The pieces' artwork is centred a little above the middle of its
       * square. */
      cp_piece_art_draw (self->pieces, cr, kind, colour,
                         (w - size) / 2, middle - size * 0.455, size, scale);
      if (caption)
        draw_caption (self, cr, cp_piece_kind_name (kind), &style->caption, w, h);
    }
  else if (cp_card_is_checker (card, &colour))
    {
      double size = PIECE_SIZE * 0.8 * w;

      cp_piece_art_draw (self->pieces, cr, CP_PIECE_CHECKER, colour,
                         (w - size) / 2, middle - size / 2, size, scale);
      if (caption)
        draw_caption (self, cr, cp_piece_kind_name (CP_PIECE_CHECKER), &style->caption, w, h);
    }
  else if (cp_card_is_joker (card))
    {
      double size = JOKER_SIZE * w;
      g_autofree char *name = cp_card_short_label (card);

      draw_art (self, cr, ART_JOKER, cp_card_is_red (card) ? 0 : 1,
                (w - size) / 2, middle - size / 2, size, 1, scale);
      if (caption)
        draw_caption (self, cr, name, &style->caption, w, h);
    }
  else
    {
      set_colour (cr, ink);
      draw_plain_middle (self, cr, card, w, h);
    }
}

static void
draw_shadow (cairo_t *cr, double x, double y, double w, double h, CpCardArtFlags flags,
             const Style *style)
{
  double drop = shadow_drop (w, flags);

  /* Layers growing outwards and fading: a soft edge without a blur. */
  for (guint i = 0; i < 4; i++)
    {
      double grow = SHADOW_SPREAD * w * (i + 1) / 4;

      cp_cairo_rounded_rectangle (cr, x - grow, y + drop - grow, w + 2 * grow, h + 2 * grow,
                         CORNER_RADIUS * w + grow);
      cairo_set_source_rgba (cr, 0, 0, 0, style->shadow * 0.28 / (i + 1));
      cairo_fill (cr);
    }
}

/**
 * cp_card_art_draw:
 * @self: the card set
 * @cr: where to draw
 * @card: the card, %CP_CARD_UNKNOWN for one whose face is hidden
 * @x: left edge of the card
 * @y: top edge of the card (a selected card is drawn higher)
 * @width: width of the card; it is width * cp_card_art_aspect () high
 * @scale: the device scale, for crisp images
 * @dark: whether to use the colours of the dark style
 * @flags: how to show the card
 */
void
cp_card_art_draw (CpCardArt      *self,
                  cairo_t        *cr,
                  CpCard          card,
                  double          x,
                  double          y,
                  double          width,
                  double          scale,
                  gboolean        dark,
                  CpCardArtFlags  flags)
{
  const Style *style = &styles[dark ? 1 : 0];
  gboolean back = card == CP_CARD_UNKNOWN || (flags & CP_CARD_ART_FACE_DOWN);
  double h = width * ASPECT;
  double radius = CORNER_RADIUS * width;
  double border;

  g_return_if_fail (CP_IS_CARD_ART (self));
  g_return_if_fail (cr != NULL);

  if (width <= 0 || (card != CP_CARD_UNKNOWN && !cp_card_is_valid (card)))
    return;
  if (scale <= 0)
    scale = 1;
  y -= lift (width, flags);
  /* At least one device pixel, so small cards keep their edge. */
  border = MAX (BORDER_WIDTH * width, 1 / scale);

  cairo_save (cr);
  cairo_new_path (cr);
  if (!(flags & CP_CARD_ART_FLAT))
    draw_shadow (cr, x, y, width, h, flags, style);

  cairo_save (cr);
  cp_cairo_rounded_rectangle (cr, x, y, width, h, radius);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  if (back)
    draw_art (self, cr, ART_BACK, dark ? 1 : 0, 0, 0, width, ASPECT, scale);
  else
    draw_face (self, cr, card, width, scale, style);
  cairo_restore (cr);

  /* The edge, inside the card. */
  cp_cairo_rounded_rectangle (cr, x + border / 2, y + border / 2, width - border, h - border,
                     radius - border / 2);
  set_colour (cr, back ? &style->back_border : &style->border);
  cairo_set_line_width (cr, border);
  cairo_stroke (cr);

  if (flags & CP_CARD_ART_DIMMED)
    {
      cp_cairo_rounded_rectangle (cr, x, y, width, h, radius);
      cairo_set_source_rgba (cr, style->wash.r, style->wash.g, style->wash.b, style->wash_alpha);
      cairo_fill (cr);
    }

  if (flags & CP_CARD_ART_SELECTED)
    {
      double line = OUTLINE_WIDTH * width;
      double out = OUTLINE_GAP * width + line / 2;

      cp_cairo_rounded_rectangle (cr, x - out, y - out, width + 2 * out, h + 2 * out, radius + out);
      set_colour (cr, &style->accent);
      cairo_set_line_width (cr, line);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
cp_card_art_clear_cache (CpCardArt *self)
{
  g_return_if_fail (CP_IS_CARD_ART (self));

  g_hash_table_remove_all (self->cache);
}

guint
cp_card_art_get_cache_size (CpCardArt *self)
{
  g_return_val_if_fail (CP_IS_CARD_ART (self), 0);

  return g_hash_table_size (self->cache);
}
