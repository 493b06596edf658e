/*
 * chart.h: the report's charts, each drawn once onto a canvas (canvas.h) so
 * the same code makes the SVG, the PNG and the PDF's vector graphics.
 */
#ifndef PODIUM_CHART_H
#define PODIUM_CHART_H

#include "canvas.h"
#include "compute.h"
#include "util.h"

enum chart_kind { CHART_DISTRIBUTION, CHART_MOVEMENT, CHART_FUNNEL, CHART_FAULTS, CHART_HISTORY };

struct chart {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	double width, height;            /* natural size in points (CSS px) */
	char *title;                     /* short title; malloc'd */
	char *desc;                      /* a sentence from the data (alt text); malloc'd */
	struct cx_texts *keep;           /* see chart_keep_layouts(), or NULL */
};

/* A box in device space (where text was drawn), for layout checks. */
struct chart_box {
	double x0, y0, x1, y1;
};

struct chart_trace {
	struct chart_box *v;
	size_t n, cap;
};

/* Looks up "distribution", "movement", "funnel", "faults"; -1 if unknown. */
int chart_kind_parse(const char *name);
const char *chart_kind_name(enum chart_kind k);
/* Prepares a chart: size, title and description. Free with chart_release(). */
void chart_init(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider);
void chart_release(struct chart *ch);
/*
 * Keeps the text layouts of a drawing of ch for its next drawings (its SVG,
 * then its PNG), until chart_release(): the charts' text is laid out at one
 * scale whatever the canvas (chart.c), so a layout serves them all. For a
 * chart drawn on one thread at a time.
 */
void chart_keep_layouts(struct chart *ch);
/* Draws onto cv, scaled to fit width x height points from (0,0). */
void chart_draw(const struct chart *ch, const struct computed *c, struct canvas *cv,
    double width, double height);
/* As chart_draw, and records in t the device-space ink box of every text
 * drawn (on a canvas over cairo; on another, t stays empty). */
void chart_draw_traced(const struct chart *ch, const struct computed *c,
    struct canvas *cv, double width, double height, struct chart_trace *t);
/*
 * The chart as an SVG document (natural size, transparent, <title> and <desc>
 * from the chart, ink colours switched for dark pages), appended to out.
 * Returns 0, or -1 if cairo failed.
 */
int chart_svg(const struct chart *ch, const struct computed *c, struct buf *out);
/* The chart as a PNG on white at scale x the natural size, appended to out.
 * Returns 0, or -1 if cairo failed. */
int chart_png(const struct chart *ch, const struct computed *c, double scale,
    struct buf *out);
/* Frees the pixel buffers chart_png() keeps for the next chart. */
void chart_png_release(void);
/*
 * Releases the font map the calling thread's charts were drawn with (pango's
 * default for the thread, which keeps every font it matched). A thread that
 * exits releases its own; the main thread calls this once it draws no more.
 */
void chart_fonts_release(void);
/*
 * A tier-history chart's frame: the tier rows and edition names, the same
 * for every provider of a build (it depends on the ladder and the editions
 * only). Drawing many history charts from one frame draws its text once:
 *
 *   chart_draw_framed() draws the frame as the canvas's form (cv_form(),
 *   keyed by the frame), so that a PDF emits it once as a Form XObject for
 *   every page that shows a history chart; title and marks are drawn as
 *   chart_draw() draws them.
 *   chart_svg_framed() splices the frame's SVG (drawn once by cairo) with
 *   the provider's marks written as SVG elements; <title> and <desc> carry
 *   the title, which is not drawn as text (the page names the provider).
 *   chart_png_framed() copies the frame's pixels (drawn once at the first
 *   scale asked) and draws title and marks over them: the same pixels as
 *   chart_png().
 *
 * A chart that is not a history chart of c falls back to the full drawing.
 * The frame must not outlive c. Once made, it may be used from several
 * threads at a time. Free with chart_frame_free().
 */
struct chart_frame;
struct chart_frame *chart_frame_new(const struct computed *c);
void chart_frame_free(struct chart_frame *f);
void chart_draw_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, struct canvas *cv, double width, double height);
int chart_svg_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, struct buf *out);
int chart_png_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, double scale, struct buf *out);
/*
 * The frame alone as an SVG document (charts/history-frame.svg): <title>
 * and <desc> name the tier scale and the editions; ink colours switched for
 * dark pages. Appended to out; returns 0, or -1 if cairo failed.
 */
int chart_svg_frame(struct chart_frame *f, struct buf *out);
/*
 * A history chart's marks (the provider's line and dots) as inline SVG for
 * a page, to lay over the frame's image: <svg class="history-marks"
 * viewBox="0 Y W H" role="img" aria-label="DESC"> and the same elements, in
 * the same geometry, as chart_svg_framed() writes over its frame. The line
 * has class hm-line, the dots hm-dot (for a page's dark-mode rules).
 * Appended to out; returns 0, or -1 if ch is not a provider's history
 * chart. Needs no frame: safe on any thread.
 */
int chart_history_marks(const struct chart *ch, const struct computed *c,
    struct buf *out);
/* The height of a framed history chart (frame and marks): the chart's, less
 * the band its title would take, as pages show no title inside it. */
double chart_history_framed_height(const struct chart *ch);

/* The chart file's name without extension: "movement", "history-aws";
 * malloc'd. */
char *chart_file_name(const struct chart *ch);
/* The colour a tier is drawn in, "#rrggbb" (its own, else a default). */
void chart_tier_color(const struct tier *t, char out[static 8]);

/* The chart's data as a table (beside the chart in pages and as its text
 * alternative). Free with table_free(). */
struct table *chart_table(const struct chart *ch, const struct computed *c);

#endif
