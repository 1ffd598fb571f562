/* cp-printable.c: pages to print or to write as PDF
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <langinfo.h>

#include "cp-printable.h"

G_DEFINE_INTERFACE (CpPrintable, cp_printable, G_TYPE_OBJECT)

static void
cp_printable_default_init (CpPrintableInterface *iface)
{
}

guint
cp_printable_paginate (CpPrintable *self, cairo_t *cr, double width, double height)
{
  g_return_val_if_fail (CP_IS_PRINTABLE (self), 0);

  return CP_PRINTABLE_GET_IFACE (self)->paginate (self, cr, width, height);
}

void
cp_printable_draw_page (CpPrintable *self, cairo_t *cr, guint page)
{
  g_return_if_fail (CP_IS_PRINTABLE (self));

  cairo_save (cr);
  CP_PRINTABLE_GET_IFACE (self)->draw_page (self, cr, page);
  cairo_restore (cr);
}

/**
 * cp_printable_write_pdf:
 * @width: the paper's width, in points
 * @height: its height
 *
 * Writes every page of @self to the PDF file @path.
 */
gboolean
cp_printable_write_pdf (CpPrintable *self, const char *path, double width, double height, GError **error)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (path, width, height);
  cairo_status_t status = cairo_surface_status (surface);
  cairo_t *cr;
  guint n_pages;

  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Chess Parlour");
      cr = cairo_create (surface);
      n_pages = cp_printable_paginate (self, cr, width, height);
      for (guint page = 0; page < n_pages; page++)
        {
          cp_printable_draw_page (self, cr, page);
          cairo_show_page (cr);
        }
      status = cairo_status (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      /* Translators: %s: a file name; %s: why it could not be written */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”: %s"), name,
                   status == CAIRO_STATUS_WRITE_ERROR ? _("the folder does not exist or cannot be written to")
                                                      : cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/**
 * cp_printable_create_layout:
 * @font: a font description, such as "Serif 9.5"
 *
 * Returns: (transfer full): a layout for @cr in @font, whose sizes are
 *   points, as the pages' coordinates are
 */
PangoLayout *
cp_printable_create_layout (cairo_t *cr, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  return layout;
}

/**
 * cp_printable_draw_footer:
 * @width: the paper's width
 * @top: the y of the footer's top
 * @title: what the page is of, such as a game's name
 * @number: the page, from 0
 *
 * Draws the foot of a page: the program, @title and the page's number,
 * small and grey, centred.
 */
void
cp_printable_draw_footer (cairo_t *cr, double width, double top, const char *title, guint number)
{
  PangoLayout *layout = cp_printable_create_layout (cr, "Sans 8");
  /* Translators: the foot of a printed rule sheet: the program, the
   * game's name and the page number */
  g_autofree char *text = g_strdup_printf (_("Chess Parlour · %s · %u"), title, number + 1);
  int text_width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &text_width, NULL);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_move_to (cr, (width - (double) text_width / PANGO_SCALE) / 2, top);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/**
 * cp_paper_get_default:
 *
 * The paper of the user's locale: Letter where it is the custom, A4
 * elsewhere.
 */
void
cp_paper_get_default (double *width, double *height)
{
#if defined(_NL_PAPER_WIDTH) && defined(_NL_PAPER_HEIGHT)
  union { const char *string; unsigned int word; } w, h;

  w.string = nl_langinfo (_NL_PAPER_WIDTH);
  h.string = nl_langinfo (_NL_PAPER_HEIGHT);
  if (w.word == 216 && h.word == 279)
    {
      *width = CP_PAPER_LETTER_WIDTH;
      *height = CP_PAPER_LETTER_HEIGHT;
      return;
    }
#endif
  *width = CP_PAPER_A4_WIDTH;
  *height = CP_PAPER_A4_HEIGHT;
}

/* Reads "a4" or "letter". */
gboolean
cp_paper_from_name (const char *name, double *width, double *height)
{
  if (g_ascii_strcasecmp (name, "a4") == 0)
    {
      *width = CP_PAPER_A4_WIDTH;
      *height = CP_PAPER_A4_HEIGHT;
      return TRUE;
    }
  if (g_ascii_strcasecmp (name, "letter") == 0)
    {
      *width = CP_PAPER_LETTER_WIDTH;
      *height = CP_PAPER_LETTER_HEIGHT;
      return TRUE;
    }
  return FALSE;
}
