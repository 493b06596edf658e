/*
 * chart_priv.h: what the chart files (gen/charts/) share. Calls run one way:
 * the outputs (chart_output.c, chart_frame.c) call the dispatcher (chart.c),
 * which calls the kinds (chart_dist.c, chart_move.c, chart_funnel.c,
 * chart_faults.c, chart_hist.c), which call the helpers below them
 * (chart_draw.c: a drawing context with pango text, colours, label
 * spreading, axes). Not for use outside the chart module.
 *
 * Every chart draws in its natural size (chart.width x chart.height, CSS px);
 * chart_draw() scales. Charts draw no background: the PNG writer paints
 * white, the SVG stays transparent and switches its ink colours for dark
 * pages (see chart_output.c), the PDF has paper.
 */
#ifndef PODIUM_CHART_PRIV_H
#define PODIUM_CHART_PRIV_H

#include <pango/pangocairo.h>
#include "canvas.h"
#include "chart.h"
#include "table.h"
#include "util.h"

struct rgb {
	double r, g, b; /* 0..1 */
};

/* The palette (light). Ink colours have a dark-mode twin (chart_ink_dark). */
#define RGB8(x) {((x) >> 16 & 0xff) / 255.0, ((x) >> 8 & 0xff) / 255.0, ((x) & 0xff) / 255.0}
extern const struct rgb COL_INK;    /* text */
extern const struct rgb COL_INK2;   /* secondary text, axes */
extern const struct rgb COL_GRID;   /* grid lines, band rules */
extern const struct rgb COL_BAR;    /* neutral bars */
extern const struct rgb COL_UP;
extern const struct rgb COL_DOWN;
extern const struct rgb COL_BLACK;  /* text on light fills (not switched) */
extern const struct rgb COL_WHITE;  /* text on dark fills */

/* Light ink as 0xrrggbb to its dark-mode twin, for the SVG's style sheet. */
struct ink_pair {
	unsigned light, dark;
};
extern const struct ink_pair chart_inks[];
extern const size_t chart_ninks;

enum align { AL_LEFT, AL_CENTER, AL_RIGHT };

#define FS_TITLE 16.0
#define FS_BODY 13.0
#define FS_SMALL 11.5
#define CHART_WIDTH 640.0
/* Is the chart being drawn its narrow variant (chart_init_sized)? Kinds lay
 * out from x->w; this says where a narrow one lays out otherwise. */
#define CX_NARROW(x) ((x)->w < CHART_WIDTH - 1)
#define MARGIN 16.0
#define TOP 46.0      /* content starts below the title */
/* A history chart's title is this and the provider's name. */
#define HIST_TITLE_PREFIX "Tier history: "
/* The title's vertical centre. */
#define TITLE_Y 22.0
/* Framed history SVGs (pages) have no visible title: they start here. */
#define HIST_CROP (TOP - 10.0)

struct cx_lay;
#define CX_LAYS 64  /* layouts kept at once: emptied (layouts reused) when full */

/*
 * The texts laid out in a drawing, found through the one hash table (a text
 * measured and then drawn is laid out once), and the pango context they
 * were made in. A chart that keeps its layouts (chart_keep_layouts) takes
 * them back at its next drawing.
 */
struct cx_texts {
	PangoContext *pc;
	struct cx_lay *lays;                /* CX_LAYS entries, or NULL */
	size_t n;                           /* the entries in the index */
	size_t made;                        /* the entries with a layout */
	struct htab index;                  /* lay_hash() -> entry of lays */
};

struct cx {
	struct canvas *cv;
	struct cx_texts t;
	struct cx_texts *keep;      /* where t goes at cx_end(): the chart's, or NULL */
	PangoLayout *layout;        /* the text last set (cx_layout_set) */
	PangoFontDescription *font;
	double w, h;                /* natural size */
	struct chart_trace *trace;  /* or NULL */
};

/* Starts drawing ch into cv at scale s (NULL t: no trace); cx_end() ends. */
void cx_begin(struct cx *x, const struct chart *ch, struct canvas *cv, double s,
    struct chart_trace *t);
void cx_end(struct cx *x);
/* Frees the layouts in t and its context (cx_end() does, unless kept). */
void cx_texts_free(struct cx_texts *t);
/* The scale that fits ch into width x height. */
double chart_scale(const struct chart *ch, double width, double height);
/* The chart's title, top left. */
void chart_draw_title(struct cx *x, const struct chart *ch);

/* Text: one line, never wrapped, ellipsized to maxw when maxw > 0. */
/* Sets x->layout to s as cx_text() and cx_measure() do: to a layout of
 * the same text and settings made earlier in this drawing, if there is
 * one still kept (pango gives the same glyphs for the same input). */
void cx_layout_set(struct cx *x, const char *s, double size, bool bold, double maxw);
void cx_measure(struct cx *x, const char *s, double size, bool bold, double maxw,
    double *w, double *h);
/* Draws s with its box's left, centre or right at ax and its vertical centre
 * at my; returns the width drawn. */
double cx_text(struct cx *x, const char *s, double ax, double my, enum align al,
    double size, bool bold, double maxw, struct rgb col);
void cx_color(struct cx *x, struct rgb c);
void cx_line(struct cx *x, double x0, double y0, double x1, double y1, double lw,
    struct rgb c);
void cx_rect(struct cx *x, double x0, double y0, double w, double h, struct rgb c);
/* A line of a chart's foot notes, and how many lines a foot note takes at
 * width w: a phone's chart gives each two. */
#define CX_FOOT_LINE 15.0
double cx_foot_lines(double w);
/* Draws a foot note from y + gap on cx_foot_lines() lines, broken between
 * words, the last cut short if it must be; returns where the next starts. */
double cx_foot(struct cx *x, const char *text, double y, double gap);
/* A centred message for a chart without data. */
void cx_empty(struct cx *x, const char *msg);

/* PNG bytes of an RGB24 or ARGB32 image surface, appended to out, encoded
 * by libpng (png_out.c); -1 (out as it was) on failure. */
int surface_png(cairo_surface_t *s, struct buf *out);

/* SVG bytes (chart_output.c). */
/* A cairo write function appending to the struct buf in closure. */
cairo_status_t chart_to_buf(void *closure, const unsigned char *data, unsigned int n);
/* Appends to rules a dark-mode rule for every ink colour svg uses, once,
 * each selector after scope ("" or ".class "). */
void svg_dark_rules(const char *svg, const char *scope, struct buf *rules);
/* cairo's "surfaceN" ids renumbered 1, 2, ... by first appearance. */
void svg_renumber_surfaces(const char *in, struct buf *out);
/* The SVG document cairo wrote (raw) with <title>, <desc> and its dark
 * rules, surfaces renumbered; appended to out. 0, or -1 if raw has no
 * <svg> tag. */
int svg_document(const char *title, const char *desc, const struct buf *raw,
    struct buf *out);

/* Colours. */
struct rgb tier_rgb(const struct tier *t);
double rgb_luminance(struct rgb c);
double rgb_contrast(struct rgb a, struct rgb b);
/* Black or white, whichever reads better on bg. */
struct rgb rgb_text_on(struct rgb bg);

/*
 * Spreads labels along one axis: pos[i] are the wanted centres (ascending),
 * size[i] the extents; moves them so that neighbours are gap apart, as
 * little as possible (clusters of overlapping labels centre on their wanted
 * mean), inside [lo, hi] when they fit.
 */
void labels_spread(double *pos, const double *size, size_t n, double gap,
    double lo, double hi);

/* A round axis maximum >= m with at most 5 steps of 1, 2 or 5 x 10^k. */
void nice_axis(double m, double *max, double *step);
/* "reviewed", "medals", or a tier's name for "tiers.<id>". */
const char *claim_figure_name(const struct report *r, const struct claim *cl);

/* The name a chart shows for a provider: short name, else name. */
const char *provider_label(const struct provider *p);

/* The report edition's stats (NULL if none). */
const struct edition_stats *chart_report_stats(const struct computed *c);

/* Per chart kind. */
double dist_height(const struct computed *c, double w);
void dist_draw(struct cx *x, const struct computed *c);
void dist_desc(const struct computed *c, struct buf *b);
struct table *dist_table(const struct computed *c);

double move_height(const struct computed *c, double w);
void move_draw(struct cx *x, const struct computed *c);
void move_desc(const struct computed *c, struct buf *b);
struct table *move_table(const struct computed *c);

double funnel_height(const struct computed *c, double w);
void funnel_draw(struct cx *x, const struct computed *c);
void funnel_desc(const struct computed *c, struct buf *b);
struct table *funnel_table(const struct computed *c);

double faults_height(const struct computed *c, double w);
void faults_draw(struct cx *x, const struct computed *c);
void faults_desc(const struct computed *c, struct buf *b);
struct table *faults_table(const struct computed *c);

double hist_height(const struct computed *c, double w);
/*
 * The history chart in two layers: the frame (tier rows, edition names; the
 * same for every provider of a build) and the provider's marks (its line
 * and dots), listed once by hist_marks() for every surface. The tiers with
 * rated: false have rows of their own below the ladder's, set apart; a
 * tier's row runs only across the editions whose ladder had it.
 */
void hist_draw_frame(struct cx *x, const struct computed *c);
void hist_draw_marks(struct cx *x, const struct computed *c, const struct provider *p);
#define HIST_LINE_W 2.0  /* the line, in COL_INK2; dashed across a gap */
#define HIST_DASH 3.0
#define HIST_DOT_R 6.0   /* a dot in the tier's colour, ringed in COL_INK */
#define HIST_DOT_W 1.2
#define HIST_RING_W 2.0  /* a review in a rated: false tier: a hollow ring */
struct hist_mark {
	double x0, y0, x1, y1;   /* a segment; a dot at (x1, y1) */
	struct rgb fill;         /* a dot's: its tier's colour */
	bool dot, dashed;
	bool hollow;             /* a dot in a rated: false tier */
};
struct hist_mark *hist_marks(const struct computed *c, const struct provider *p,
    double w, size_t *n);
void hist_desc(const struct computed *c, const struct provider *p, struct buf *b);
struct table *hist_table(const struct computed *c, const struct provider *p);

/* Movement: the providers drawn, capped at MOVE_MAX (movers first). */
#define MOVE_MAX 60
size_t move_select(const struct computed *c, const struct rating ***out, size_t *total);
/* Faults: the rated providers with a failure test, capped at FAULTS_MAX. */
#define FAULTS_MAX 40
size_t faults_select(const struct computed *c, const struct rating ***out, size_t *total);

#endif
