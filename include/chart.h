/*
 * chart.h: the report's charts, each drawn once into a cairo context so the
 * same code makes the SVG, the PNG and the PDF's vector graphics.
 */
#ifndef PODIUM_CHART_H
#define PODIUM_CHART_H

#include <cairo.h>
#include "compute.h"
#include "util.h"

enum chart_kind { CHART_DISTRIBUTION, CHART_MOVEMENT, CHART_FUNNEL, CHART_FAULTS, CHART_HISTORY };

struct chart {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	double width, height;            /* natural size in points (CSS px) */
	char *title;                     /* short title; malloc'd */
	char *desc;                      /* a sentence from the data (alt text); malloc'd */
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
/* Draws into cr, scaled to fit width x height points from (0,0). */
void chart_draw(const struct chart *ch, const struct computed *c, cairo_t *cr,
    double width, double height);
/* As chart_draw, and records the ink box of every text drawn in t. */
void chart_draw_traced(const struct chart *ch, const struct computed *c, cairo_t *cr,
    double width, double height, struct chart_trace *t);
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
/*
 * Releases the font map the calling thread's charts were drawn with (pango's
 * default for the thread, which keeps every font it matched). A thread that
 * exits releases its own; the main thread calls this once it draws no more.
 */
void chart_fonts_release(void);
/* The chart file's name without extension: "movement", "history-aws";
 * malloc'd. */
char *chart_file_name(const struct chart *ch);
/* The colour a tier is drawn in, "#rrggbb" (its own, else a default). */
void chart_tier_color(const struct tier *t, char out[static 8]);

/* The chart's data as a table (beside the chart in pages and as its text
 * alternative). Free with table_free(). */
struct table *chart_table(const struct chart *ch, const struct computed *c);

#endif
