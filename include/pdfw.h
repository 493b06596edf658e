/*
 * pdfw.h: a small PDF writer. Pages are drawn with a few cairo-like calls
 * (y down, points) and text from pango layouts, and written to the output
 * as soon as each page is finished; what the end of the file needs is kept
 * compact: object offsets, page ids, outline entries, named destinations,
 * the open structure elements and the fonts' used glyphs.
 *
 * Invariants:
 * - Output depends only on the calls made: no clock, no addresses, no
 *   thread counts. Numbers are written with pdfw_num() (at most three
 *   decimals), content streams compressed with FlateDecode.
 * - Every font pango uses is embedded once per font file, subset with its
 *   glyph ids kept (CIDFontType2, Identity-H), with a ToUnicode map made
 *   from the text each glyph was shaped from.
 * - Structure: pdfw_tag_begin()/pdfw_tag_end() open and close structure
 *   elements; content drawn while one is open is marked (BDC with an MCID)
 *   and becomes its kid. Content between pdfw_artifact_begin() and
 *   pdfw_artifact_end() is an artifact (running header, footer).
 * - A write error makes every later call a no-op; pdfw_finish() reports it.
 */
#ifndef PODIUM_PDFW_H
#define PODIUM_PDFW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cairo.h>
#include <pango/pango.h>

#include "canvas.h"
#include "util.h"

struct pdfw;

/* Writes at most three decimals, no trailing zeros, never "-0". */
void pdfw_num(struct buf *b, double v);

/*
 * A writer handing its bytes to write(closure, ...) (cairo's write
 * function type). On success, free with pdfw_free() after pdfw_finish().
 */
struct pdfw *pdfw_new(cairo_write_func_t write, void *closure,
    double page_w, double page_h);
enum pdfw_info {
	PDFW_TITLE, PDFW_AUTHOR, PDFW_SUBJECT, PDFW_KEYWORDS, PDFW_CREATOR,
	PDFW_DATE,      /* "YYYY-MM-DDThh:mm:ssZ": creation and modification */
	PDFW_LANG,      /* the document's language ("en") */
	PDFW_INFO_MAX
};
/* Copies value (NULL: none). */
void pdfw_info(struct pdfw *w, enum pdfw_info key, const char *value);
/* Writes the trailer objects. Returns 0, or -1 with *err (static). */
int pdfw_finish(struct pdfw *w, const char **err);
void pdfw_free(struct pdfw *w);

void pdfw_page_begin(struct pdfw *w);
void pdfw_page_end(struct pdfw *w);
unsigned pdfw_pages(const struct pdfw *w);

/* Graphics, as cairo's calls of the same names. */
void pdfw_save(struct pdfw *w);
void pdfw_restore(struct pdfw *w);
void pdfw_translate(struct pdfw *w, double x, double y);
void pdfw_scale(struct pdfw *w, double sx, double sy);
void pdfw_rgb(struct pdfw *w, double r, double g, double b);
/* 0xRRGGBB */
void pdfw_rgb_hex(struct pdfw *w, unsigned rgb);
void pdfw_line_width(struct pdfw *w, double lw);
void pdfw_line_cap(struct pdfw *w, enum cv_cap cap);
void pdfw_dash(struct pdfw *w, const double *d, int n, double offset);
void pdfw_new_path(struct pdfw *w);
void pdfw_move_to(struct pdfw *w, double x, double y);
void pdfw_line_to(struct pdfw *w, double x, double y);
void pdfw_rect(struct pdfw *w, double x, double y, double wd, double h);
void pdfw_arc(struct pdfw *w, double xc, double yc, double r, double a1,
    double a2);
void pdfw_close_path(struct pdfw *w);
void pdfw_fill(struct pdfw *w, bool preserve);
void pdfw_stroke(struct pdfw *w);
void pdfw_clip(struct pdfw *w);

/* Text: the layout's top-left corner at (x, y); one line's baseline start. */
void pdfw_layout(struct pdfw *w, PangoLayout *l, double x, double y);
void pdfw_layout_line(struct pdfw *w, PangoLayoutLine *line, double x,
    double y);
/* Glyph runs (PangoGlyphItem) of text, one after another from (x, y). */
void pdfw_glyph_runs(struct pdfw *w, const char *text, GSList *runs,
    double x, double y);

/* Draws draw(arg, cv) once as a Form XObject kept under key and paints it. */
void pdfw_form(struct pdfw *w, struct canvas *cv, const void *key,
    double wd, double h, void (*draw)(void *arg, struct canvas *cv),
    void *arg);
/*
 * A Form XObject drawn after the pages that paint it (numbers known only
 * at the end: the page count, a contents entry's page). Its space is the
 * one it is painted in; box (x, y, wd, h) of that space bounds it. Returns
 * its id (never 0).
 */
uint32_t pdfw_form_later(struct pdfw *w, double x, double y, double wd,
    double h);
/* Paints form id here, as content of the open structure element. */
void pdfw_form_paint(struct pdfw *w, uint32_t id);
/*
 * Between these two, after the last page and before pdfw_finish(), drawing
 * goes into form id (once each; a form never filled is written empty).
 */
void pdfw_form_fill_begin(struct pdfw *w, uint32_t id);
void pdfw_form_fill_end(struct pdfw *w);
/* A canvas drawing through w. */
void pdfw_canvas_init(struct canvas *cv, struct pdfw *w);

/* Structure. role: a standard structure type ("P", "H1", "Table"...). */
void pdfw_tag_begin(struct pdfw *w, const char *role);
void pdfw_tag_end(struct pdfw *w);
void pdfw_artifact_begin(struct pdfw *w);
void pdfw_artifact_end(struct pdfw *w);

/* A link over a rectangle of this page to a named destination or a URI. */
void pdfw_link_dest(struct pdfw *w, const char *name, double x, double y,
    double wd, double h);
void pdfw_link_uri(struct pdfw *w, const char *uri, double x, double y,
    double wd, double h);
/* A named destination at (x, y) of this page (the first of a name wins). */
void pdfw_dest(struct pdfw *w, const char *name, double x, double y);
/*
 * An outline entry under parent (0: the root) going to the named
 * destination dest; returns its id (never 0).
 */
unsigned pdfw_outline(struct pdfw *w, unsigned parent, const char *title,
    const char *dest);

#endif
