/*
 * chart.h: the report's charts, each drawn once into a cairo context so the
 * same code makes the SVG, the PNG and the PDF's vector graphics.
 */
#ifndef PODIUM_CHART_H
#define PODIUM_CHART_H

#include <cairo.h>
#include "compute.h"

enum chart_kind { CHART_DISTRIBUTION, CHART_MOVEMENT, CHART_FUNNEL, CHART_FAULTS, CHART_HISTORY };

struct chart {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	double width, height;            /* natural size in points (CSS px) */
	char *title;                     /* short title; malloc'd */
	char *desc;                      /* a sentence from the data (alt text); malloc'd */
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
/* The chart's data as a table (beside the chart in pages and as its text
 * alternative). Free with table_free(). */
struct table *chart_table(const struct chart *ch, const struct computed *c);

#endif
