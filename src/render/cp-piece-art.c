/* cp-piece-art.c: the piece set, drawn from our SVG artwork
 *
 * Each shape is one SVG file whose colours are placeholders: the body, the
 * outline, a lighter highlight and the details drawn on the body.  A
 * palette replaces them for each piece colour, librsvg renders the result,
 * and the images are kept per shape, colour and size in device pixels.
 * Vector surfaces (PDF, PostScript, SVG) get the artwork as vectors.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <librsvg/rsvg.h>

#include "cp-piece-art.h"
#include "cp-render-resources.h"

#define RESOURCE_PATH "/io/github/chess_parlour/ChessParlour/pieces/"

/* The cache keeps images up to this many bytes; the least recently drawn
 * go first when it is full (a window being resized asks for new sizes all
 * the time). */
#define CACHE_BUDGET (64 * 1024 * 1024)

/* Shapes: the piece kinds, then the marker and the unknown piece. */
enum {
  SHAPE_MARKER = CP_N_PIECE_KINDS,
  SHAPE_UNKNOWN,
  N_SHAPES
};

#define N_PALETTES (CP_N_COLOURS + 1)

/* The placeholders of the SVG files, in the order of Palette's fields. */
static const char *const placeholders[4] = {
  "#ff00f1", /* body */
  "#ff00f2", /* outline */
  "#ff00f3", /* highlight */
  "#ff00f4", /* details on the body */
};

typedef struct {
  const char *colours[4];
} Palette;

/* Light and dark pieces differ in lightness as well as hue, and so do red
 * and brown: red is a deep red, brown a light caramel. */
static const Palette palettes[N_PALETTES] = {
  [CP_COLOUR_WHITE] = { { "#f6f5f4", "#241f31", "#ffffff", "#5e5c64" } },
  [CP_COLOUR_BLACK] = { { "#353139", "#0d0b12", "#57535e", "#deddda" } },
  [CP_COLOUR_RED] = { { "#d3202c", "#3c0a0f", "#f06a72", "#ffe0e0" } },
  [CP_COLOUR_BROWN] = { { "#d39a5a", "#3a2616", "#ecc08c", "#4a321c" } },
  [CP_COLOUR_BLUE] = { { "#1c71d8", "#0b2a55", "#62a0ea", "#dbeaff" } },
  [CP_N_COLOURS] = { { "#9a9996", "#241f31", "#c0bfbc", "#f6f5f4" } },
};

typedef struct {
  cairo_surface_t *surface;
  guint64 stamp;
  gsize bytes;
} CacheEntry;

struct _CpPieceArt
{
  GObject parent_instance;

  GBytes *sources[N_SHAPES];
  RsvgHandle *handles[N_SHAPES][N_PALETTES];

  GHashTable *cache;   /* key (shape, palette, pixels) -> CacheEntry */
  gsize cache_bytes;
  guint64 clock;
};

G_DEFINE_FINAL_TYPE (CpPieceArt, cp_piece_art, G_TYPE_OBJECT)

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  cairo_surface_destroy (entry->surface);
  g_free (entry);
}

static const char *
shape_file (guint shape)
{
  if (shape == SHAPE_MARKER)
    return "marker";
  if (shape == SHAPE_UNKNOWN)
    return "unknown";
  return cp_piece_kind_to_id ((CpPieceKind) shape);
}

static void
cp_piece_art_finalize (GObject *object)
{
  CpPieceArt *self = CP_PIECE_ART (object);

  for (guint s = 0; s < N_SHAPES; s++)
    {
      g_clear_pointer (&self->sources[s], g_bytes_unref);
      for (guint p = 0; p < N_PALETTES; p++)
        g_clear_object (&self->handles[s][p]);
    }
  g_clear_pointer (&self->cache, g_hash_table_unref);

  G_OBJECT_CLASS (cp_piece_art_parent_class)->finalize (object);
}

static void
cp_piece_art_class_init (CpPieceArtClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cp_piece_art_finalize;
}

static void
cp_piece_art_init (CpPieceArt *self)
{
  /* Referring to the resource here also keeps it in the program: its
   * constructor alone may be dropped when linking a static library. */
  GResource *resource = cp_render_get_resource ();

  self->cache = g_hash_table_new_full (NULL, NULL, NULL, cache_entry_free);

  for (guint s = CP_PIECE_PAWN; s < N_SHAPES; s++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *path = g_strconcat (RESOURCE_PATH, shape_file (s), ".svg", NULL);

      self->sources[s] = g_resource_lookup_data (resource, path,
                                                 G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                 &error);
      if (self->sources[s] == NULL)
        g_critical ("Cannot load the piece artwork %s: %s", path, error->message);
    }
}

CpPieceArt *
cp_piece_art_new (void)
{
  return g_object_new (CP_TYPE_PIECE_ART, NULL);
}

CpPieceArt *
cp_piece_art_get_default (void)
{
  static CpPieceArt *default_art;
  static gsize initialised;

  if (g_once_init_enter (&initialised))
    {
      default_art = cp_piece_art_new ();
      g_once_init_leave (&initialised, 1);
    }
  return default_art;
}

/* The SVG of a shape in a palette, parsed once. */
static RsvgHandle *
get_handle (CpPieceArt *self, guint shape, guint palette)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = NULL;
  gsize length;
  const char *data;

  if (self->handles[shape][palette] != NULL)
    return self->handles[shape][palette];
  if (self->sources[shape] == NULL)
    return NULL;

  data = g_bytes_get_data (self->sources[shape], &length);
  text = g_string_new_len (data, (gssize) length);
  for (guint i = 0; i < G_N_ELEMENTS (placeholders); i++)
    g_string_replace (text, placeholders[i], palettes[palette].colours[i], 0);

  self->handles[shape][palette] = rsvg_handle_new_from_data ((const guint8 *) text->str,
                                                             text->len, &error);
  if (self->handles[shape][palette] == NULL)
    g_critical ("Cannot read the piece artwork %s: %s", shape_file (shape), error->message);
  return self->handles[shape][palette];
}

static gboolean
render_handle (RsvgHandle *handle, cairo_t *cr, double x, double y, double size)
{
  g_autoptr (GError) error = NULL;
  RsvgRectangle viewport = { x, y, size, size };

  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    {
      g_warning ("Cannot draw the piece artwork: %s", error->message);
      return FALSE;
    }
  return TRUE;
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

static int
compare_newest_first (gconstpointer a, gconstpointer b)
{
  const CacheEntry *ea = *(CacheEntry *const *) a;
  const CacheEntry *eb = *(CacheEntry *const *) b;

  return ea->stamp < eb->stamp ? 1 : ea->stamp > eb->stamp ? -1 : 0;
}

/* Drops the least recently drawn images until the cache holds at most
 * @budget bytes. */
static void
trim_cache (CpPieceArt *self, gsize budget)
{
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  guint64 cutoff = 0;
  gsize kept = 0;

  g_hash_table_iter_init (&iter, self->cache);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (entries, value);
  g_ptr_array_sort (entries, compare_newest_first);

  for (guint i = 0; i < entries->len; i++)
    {
      CacheEntry *entry = g_ptr_array_index (entries, i);

      if (kept + entry->bytes > budget)
        break;
      kept += entry->bytes;
      cutoff = entry->stamp;
    }

  g_hash_table_iter_init (&iter, self->cache);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CacheEntry *entry = value;

      if (entry->stamp < cutoff || cutoff == 0)
        {
          self->cache_bytes -= entry->bytes;
          g_hash_table_iter_remove (&iter);
        }
    }
}

/* The image of a shape in a palette, @pixels wide and high. */
static cairo_surface_t *
get_image (CpPieceArt *self, guint shape, guint palette, int pixels)
{
  guint key = ((guint) shape << 24) | ((guint) palette << 16) | (guint) pixels;
  CacheEntry *entry = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (key));
  RsvgHandle *handle;
  cairo_t *cr;

  if (entry != NULL)
    {
      entry->stamp = self->clock;
      return entry->surface;
    }

  handle = get_handle (self, shape, palette);
  if (handle == NULL)
    return NULL;

  entry = g_new0 (CacheEntry, 1);
  entry->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, pixels);
  entry->bytes = (gsize) cairo_image_surface_get_stride (entry->surface) * (gsize) pixels;
  entry->stamp = self->clock;
  cr = cairo_create (entry->surface);
  render_handle (handle, cr, 0, 0, pixels);
  cairo_destroy (cr);
  cairo_surface_flush (entry->surface);

  g_hash_table_insert (self->cache, GUINT_TO_POINTER (key), entry);
  self->cache_bytes += entry->bytes;
  if (self->cache_bytes > CACHE_BUDGET)
    {
      trim_cache (self, CACHE_BUDGET * 3 / 4);
      entry = g_hash_table_lookup (self->cache, GUINT_TO_POINTER (key));
      if (entry == NULL)
        return NULL;
    }
  return entry->surface;
}

static void
draw_shape (CpPieceArt *self,
            cairo_t    *cr,
            guint       shape,
            guint       palette,
            double      x,
            double      y,
            double      size,
            double      scale)
{
  cairo_surface_t *image;
  int pixels;

  if (size <= 0)
    return;
  if (palette >= N_PALETTES)
    palette = CP_N_COLOURS;

  if (is_vector_target (cr))
    {
      RsvgHandle *handle = get_handle (self, shape, palette);

      if (handle != NULL)
        render_handle (handle, cr, x, y, size);
      return;
    }

  if (scale <= 0)
    scale = 1;
  pixels = (int) lround (size * scale);
  pixels = CLAMP (pixels, 1, 2048);

  /* One tick per frame would be finer; one per image drawn is enough to
   * know which were drawn last. */
  self->clock++;
  image = get_image (self, shape, palette, pixels);
  if (image == NULL)
    return;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size / pixels, size / pixels);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_rectangle (cr, 0, 0, pixels, pixels);
  cairo_fill (cr);
  cairo_restore (cr);
}

void
cp_piece_art_draw (CpPieceArt  *self,
                   cairo_t     *cr,
                   CpPieceKind  kind,
                   CpColour     colour,
                   double       x,
                   double       y,
                   double       size,
                   double       scale)
{
  g_return_if_fail (CP_IS_PIECE_ART (self));
  g_return_if_fail (cr != NULL);

  if (kind <= CP_PIECE_NONE || kind >= CP_N_PIECE_KINDS)
    return;
  draw_shape (self, cr, kind, colour, x, y, size, scale);
}

/**
 * cp_piece_art_draw_with_halo:
 * @halo: (array fixed-size=4): the halo's red, green, blue and alpha
 *
 * Draws a piece as cp_piece_art_draw() does, on a halo of @halo that
 * follows its outline, so that a dark piece reads on a dark ground and a
 * pale one on a pale ground.
 */
void
cp_piece_art_draw_with_halo (CpPieceArt  *self,
                             cairo_t     *cr,
                             CpPieceKind  kind,
                             CpColour     colour,
                             double       x,
                             double       y,
                             double       size,
                             double       scale,
                             const double *halo)
{
  double w = MAX (size * 0.045, 1.0);

  g_return_if_fail (CP_IS_PIECE_ART (self));
  g_return_if_fail (cr != NULL && halo != NULL);

  if (kind <= CP_PIECE_NONE || kind >= CP_N_PIECE_KINDS)
    return;
  /* The piece's shape, shifted a little each way, in one colour. */
  cairo_save (cr);
  cairo_push_group (cr);
  for (guint i = 0; i < 8; i++)
    {
      double angle = i * G_PI / 4;

      draw_shape (self, cr, kind, colour, x + w * cos (angle), y + w * sin (angle), size, scale);
    }
  cairo_set_operator (cr, CAIRO_OPERATOR_IN);
  cairo_set_source_rgba (cr, halo[0], halo[1], halo[2], 1);
  cairo_paint (cr);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, halo[3]);
  cairo_restore (cr);
  draw_shape (self, cr, kind, colour, x, y, size, scale);
}

void
cp_piece_art_draw_unknown (CpPieceArt *self,
                           cairo_t    *cr,
                           CpColour    colour,
                           double      x,
                           double      y,
                           double      size,
                           double      scale)
{
  g_return_if_fail (CP_IS_PIECE_ART (self));
  g_return_if_fail (cr != NULL);

  draw_shape (self, cr, SHAPE_UNKNOWN, colour, x, y, size, scale);
}

void
cp_piece_art_draw_marker (CpPieceArt  *self,
                          cairo_t     *cr,
                          CpColour     colour,
                          double       x,
                          double       y,
                          double       size,
                          double       scale)
{
  g_return_if_fail (CP_IS_PIECE_ART (self));
  g_return_if_fail (cr != NULL);

  draw_shape (self, cr, SHAPE_MARKER, colour, x, y, size, scale);
}

/* A round badge with a number, centred on (cx, cy). */
static void
draw_count (cairo_t *cr, guint count, double cx, double cy, double radius)
{
  char text[16];
  cairo_text_extents_t extents;

  g_snprintf (text, sizeof text, "%u", count);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, radius * 0.16);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, radius * (strlen (text) > 1 ? 1.05 : 1.3));
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr,
                 cx - extents.x_bearing - extents.width / 2,
                 cy - extents.y_bearing - extents.height / 2);
  cairo_show_text (cr, text);
  cairo_restore (cr);
}

void
cp_piece_art_draw_checkers (CpPieceArt *self,
                            cairo_t    *cr,
                            CpColour    colour,
                            guint       count,
                            double      x,
                            double      y,
                            double      size,
                            double      scale)
{
  double step;

  g_return_if_fail (CP_IS_PIECE_ART (self));
  g_return_if_fail (cr != NULL);

  if (count == 0)
    return;
  if (count == 1)
    {
      draw_shape (self, cr, CP_PIECE_CHECKER, colour, x, y, size, scale);
      return;
    }

  /* A stack: the checker below shows as a rim, the count in a badge. */
  step = size * 0.08;
  draw_shape (self, cr, CP_PIECE_CHECKER, colour, x, y + step, size - step, scale);
  draw_shape (self, cr, CP_PIECE_CHECKER, colour, x, y, size - step, scale);
  draw_count (cr, count, x + size * 0.78, y + size * 0.22, size * 0.22);
}

void
cp_piece_art_clear_cache (CpPieceArt *self)
{
  g_return_if_fail (CP_IS_PIECE_ART (self));

  g_hash_table_remove_all (self->cache);
  self->cache_bytes = 0;
}

guint
cp_piece_art_get_cache_size (CpPieceArt *self, gsize *bytes)
{
  g_return_val_if_fail (CP_IS_PIECE_ART (self), 0);

  if (bytes != NULL)
    *bytes = self->cache_bytes;
  return g_hash_table_size (self->cache);
}
