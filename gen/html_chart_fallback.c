/*
 * html_chart_fallback.c: weak stand-ins for the chart module (chart.h), so
 * the site builds before the charts are drawn: pages then show no chart.
 * The chart module's own definitions replace these at link time; delete
 * this file once it has landed.
 */
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "table.h"

#define WEAK __attribute__((weak))

WEAK const char *
chart_kind_name(enum chart_kind k)
{
	static const char *const names[] = {
		"distribution", "movement", "funnel", "faults", "history"
	};

	return (size_t)k < sizeof(names) / sizeof(names[0]) ? names[k] : "chart";
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
}

WEAK struct table *
chart_table(const struct chart *ch, const struct computed *c)
{
	(void)ch;
	(void)c;
	return NULL;
}
