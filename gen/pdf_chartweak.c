/*
 * pdf_chartweak.c: stand-ins for the chart module, weak so the real one
 * (gen/chart*.c) takes their place when it is linked. Without it the PDF
 * has no charts: chart_init() gives a chart of no size, which the report
 * leaves out.
 */
#include <stdlib.h>
#include <string.h>

#include "chart.h"

#define WEAK __attribute__((weak))

WEAK int
chart_kind_parse(const char *name)
{
	(void)name;
	return -1;
}

WEAK void
chart_init(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider)
{
	(void)c;
	memset(ch, 0, sizeof(*ch));
	ch->kind = kind;
	ch->provider = provider;
}

WEAK void
chart_release(struct chart *ch)
{
	free(ch->title);
	free(ch->desc);
	ch->title = ch->desc = NULL;
}

WEAK void
chart_draw(const struct chart *ch, const struct computed *c, cairo_t *cr,
    double width, double height)
{
	(void)ch;
	(void)c;
	(void)cr;
	(void)width;
	(void)height;
}
