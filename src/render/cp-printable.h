/* cp-printable.h: pages to print or to write as PDF
 *
 * Rule sheets and card decks are laid out on pages of the paper chosen
 * and drawn with cairo, the same way for the printer and for a PDF file.
 * Coordinates are points (1/72 inch) from the top left corner of the
 * whole sheet of paper: cards printed on both sides must line up, so the
 * layout keeps its own margins, wide enough for home printers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

#define CP_TYPE_PRINTABLE (cp_printable_get_type ())
G_DECLARE_INTERFACE (CpPrintable, cp_printable, CP, PRINTABLE, GObject)

struct _CpPrintableInterface
{
  GTypeInterface parent_iface;

  /* Lays the pages out on paper @width by @height points, measuring text
   * with @cr; returns the number of pages. */
  guint (*paginate)  (CpPrintable *self,
                      cairo_t     *cr,
                      double       width,
                      double       height);
  /* Draws page @page (from 0) of the last layout. */
  void  (*draw_page) (CpPrintable *self,
                      cairo_t     *cr,
                      guint        page);
};

/* Paper sizes, in points. */
#define CP_PAPER_A4_WIDTH 595.276
#define CP_PAPER_A4_HEIGHT 841.89
#define CP_PAPER_LETTER_WIDTH 612.0
#define CP_PAPER_LETTER_HEIGHT 792.0

guint     cp_printable_paginate  (CpPrintable  *self,
                                  cairo_t      *cr,
                                  double        width,
                                  double        height);
void      cp_printable_draw_page (CpPrintable  *self,
                                  cairo_t      *cr,
                                  guint         page);
gboolean  cp_printable_write_pdf (CpPrintable  *self,
                                  const char   *path,
                                  double        width,
                                  double        height,
                                  GError      **error);
PangoLayout *cp_printable_create_layout (cairo_t *cr,
                                       const char *font);
void      cp_printable_draw_footer (cairo_t    *cr,
                                  double        width,
                                  double        top,
                                  const char   *title,
                                  guint         number);
void      cp_paper_get_default   (double       *width,
                                  double       *height);
gboolean  cp_paper_from_name     (const char   *name,
                                  double       *width,
                                  double       *height);

G_END_DECLS
