/*
 * chart.h: the report's charts, each drawn once onto a canvas (canvas.h) so
 * the same code makes the SVG, the PNG and the PDF's vector graphics.
 */
#ifndef PODIUM_CHART_H
#define PODIUM_CHART_H

#include "canvas.h"
#include "compute.h"
#include "util.h"

/* The kinds of chart; each is described once, in chart.c's table of kinds. */
enum chart_kind { CHART_DISTRIBUTION, CHART_MOVEMENT, CHART_FUNNEL, CHART_FAULTS, CHART_HISTORY };
/* How many kinds there are: the last one's, plus one. */
#define CHART_NKINDS (CHART_HISTORY + 1)

struct chart {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	bool narrow;                     /* the phone's variant (CHART_NARROW_WIDTH) */
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

/* Looks up a kind a {{chart NAME}} may name ("distribution", "movement",
 * "funnel", "faults"); -1 if unknown. */
int chart_kind_parse(const char *name);
const char *chart_kind_name(enum chart_kind k);
/* The names chart_kind_parse knows, in order, sep between them and last
 * before the last: "distribution, movement, funnel or faults". */
void chart_kind_names(struct buf *b, const char *sep, const char *last);
/* Whether the report has a chart of kind k as charts/NAME.svg: one not
 * drawn per provider, and the failure-test chart only where a review has
 * a fault test. */
bool chart_kind_drawn(const struct computed *c, enum chart_kind k);
/* The kind a {{chart NAME}} names, or -1 with the one message every
 * output gives for it in why ("unknown chart 'x' (expected ...)"). */
int chart_kind_check(const struct computed *c, const char *name, struct buf *why);
/* Prepares a chart: size, title and description. Free with chart_release(). */
void chart_init(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider);
/*
 * As chart_init, or, when narrow, the chart's phone variant: laid out anew
 * (not scaled) for CHART_NARROW_WIDTH, the text as large as the wide one's,
 * so that a phone sees the whole chart. Pages choose it under
 * CHART_NARROW_MEDIA; its file is charts/narrow/NAME.svg.
 */
void chart_init_sized(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider, bool narrow);
/* The narrow variant's width: a 390 px phone's page, less its margins. */
#define CHART_NARROW_WIDTH 360.0
/* Where the narrow variants are, under charts/ (chart_file_name()). */
#define CHART_NARROW_DIR "narrow/"
/* The media query under which pages show the narrow variant (the page's
 * own phone layout, style.css). */
#define CHART_NARROW_MEDIA "(max-width: 40rem)"

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
/* The chart as a PNG on white at scale x the natural size, drawn by cairo
 * and encoded by libpng (cairo_surface_write_to_png_stream), appended to
 * out. Returns 0, or -1 if cairo failed. */
int chart_png(const struct chart *ch, const struct computed *c, double scale,
    struct buf *out);
/* Why the calling thread's last chart_svg() or chart_png() failed, in
 * cairo's words ("out of memory"). */
const char *chart_failure(void);
/*
 * Releases the font map the calling thread's charts were drawn with (pango's
 * default for the thread, which keeps every font it matched). A thread that
 * exits releases its own; the main thread calls this once it draws no more.
 */
void chart_fonts_release(void);
/*
 * A tier-history chart's frame: the tier rows and edition names, the same
 * for every provider of a build (it depends on the ladder and the editions
 * only). chart_draw_framed() draws the frame as the canvas's form
 * (cv_form(), keyed by the frame), so that a PDF emits it once as a Form
 * XObject for every page that shows a history chart; title and marks are
 * drawn as chart_draw() draws them. A chart that is not a history chart of
 * c falls back to chart_draw(). The frame must not outlive c. It draws
 * text, so it is used on the build's drawing thread only (fonts.h). Free
 * with chart_frame_free().
 */
struct chart_frame;
struct chart_frame *chart_frame_new(const struct computed *c);
/* As chart_frame_new, or the narrow variant's frame (chart_init_sized). */
struct chart_frame *chart_frame_new_sized(const struct computed *c, bool narrow);
void chart_frame_free(struct chart_frame *f);
void chart_draw_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, struct canvas *cv, double width, double height);
/*
 * The frame alone as an SVG document (charts/history-frame.svg), without
 * the title's band: <title> and <desc> name the tier scale and the
 * editions; ink colours switched for dark pages. Appended to out; returns
 * 0, or -1 if cairo failed.
 */
int chart_svg_frame(struct chart_frame *f, struct buf *out);
/*
 * A history chart's marks (the provider's line and dots) as inline SVG for
 * a page, to lay over the frame's image: cairo's drawing of them, in an
 * <svg class="history-marks" viewBox="0 0 W H" role="img"
 * aria-label="DESC"> with a style sheet, scoped to .history-marks, that
 * switches their ink on dark pages. The frame's image and the marks share
 * the geometry: the chart's, moved up by the title's band. Appended to
 * out; returns 0, or -1 if ch is not a provider's history chart or cairo
 * failed. Needs no frame and draws no text: safe on any thread. With a
 * cache (marks_cache_new(), one a build, shared by its threads), marks of
 * a shape drawn before are copied instead of drawn again: the same bytes.
 */
struct marks_cache;
struct marks_cache *marks_cache_new(void);
void marks_cache_free(struct marks_cache *mc);
int chart_history_marks(const struct chart *ch, const struct computed *c,
    struct marks_cache *mc, struct buf *out);
/* The height of a framed history chart (frame and marks): the chart's, less
 * the band its title would take, as pages show no title inside it. */
double chart_history_framed_height(const struct chart *ch);

/* The chart file's name without extension, under charts/: "movement",
 * "history-aws", "narrow/movement"; malloc'd. */
char *chart_file_name(const struct chart *ch);
/* The chart's data as a table (beside the chart in pages and as its text
 * alternative). Free with table_free(). */
struct table *chart_table(const struct chart *ch, const struct computed *c);

#endif
