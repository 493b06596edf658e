/* chart.c: the chart module's front: kinds, titles, descriptions, dispatch. */
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

/* The kinds whose drawing, description and table need no provider, as the
 * table below calls them. */
#define REPORT_KIND(k) \
	static void k##_desc_of(const struct computed *c, const struct provider *p, \
	    struct buf *b) { (void)p; k##_desc(c, b); } \
	static void k##_draw_of(struct cx *x, const struct computed *c, \
	    const struct provider *p) { (void)p; k##_draw(x, c); } \
	static struct table *k##_table_of(const struct computed *c, \
	    const struct provider *p) { (void)p; return k##_table(c); }
REPORT_KIND(dist)
REPORT_KIND(move)
REPORT_KIND(funnel)
REPORT_KIND(faults)

static void
hist_draw_of(struct cx *x, const struct computed *c, const struct provider *p)
{
	hist_draw_frame(x, c);
	hist_draw_marks(x, c, p);
}

/* How a kind's title reads, from its strings key. */
enum title_form {
	TITLE_PLAIN,       /* the key's words */
	TITLE_EDITION,     /* "Funnel, 2026-Q3": the report's edition after it */
	TITLE_COMPARE,     /* "Movement from 2026-Q2 to 2026-Q3", when compared */
	TITLE_PROVIDER     /* "Tier history: Provider" */
};

/*
 * Each kind of chart, described once, in the order the report's charts are
 * drawn (render_charts.c): its name (its file, charts/NAME.svg, and the
 * word of {{chart NAME}}), its title, whether a report has it, and how it
 * is sized, described, drawn and put as a table. A new kind is its name in
 * chart_kind (chart.h), a row here, its drawing (chart_priv.h) and its
 * title in the language packs; check, the pages and the PDF take it from
 * here.
 */
static const struct chart_kind_row {
	const char *name;
	const char *title;         /* strings key */
	enum title_form title_form;
	bool per_provider;         /* one per provider, named by no {{chart}} */
	bool fault_tests;          /* only where a review has a fault test */
	double (*height)(const struct computed *c, double w);
	void (*desc)(const struct computed *c, const struct provider *p, struct buf *b);
	void (*draw)(struct cx *x, const struct computed *c, const struct provider *p);
	struct table *(*table)(const struct computed *c, const struct provider *p);
} kinds[CHART_NKINDS] = {
	[CHART_DISTRIBUTION] = {"distribution", "chart_distribution", TITLE_PLAIN,
	    false, false, dist_height, dist_desc_of, dist_draw_of, dist_table_of},
	[CHART_MOVEMENT] = {"movement", "chart_movement", TITLE_COMPARE,
	    false, false, move_height, move_desc_of, move_draw_of, move_table_of},
	[CHART_FUNNEL] = {"funnel", "chart_funnel", TITLE_EDITION,
	    false, false, funnel_height, funnel_desc_of, funnel_draw_of, funnel_table_of},
	[CHART_FAULTS] = {"faults", "chart_faults", TITLE_EDITION,
	    false, true, faults_height, faults_desc_of, faults_draw_of, faults_table_of},
	[CHART_HISTORY] = {"history", "tier_history", TITLE_PROVIDER,
	    true, false, hist_height, hist_desc, hist_draw_of, hist_table},
};

int
chart_kind_parse(const char *name)
{
	size_t i;

	/* history needs a provider: not a {{chart NAME}} */
	for (i = 0; i < CHART_NKINDS; i++)
		if (!kinds[i].per_provider && strcmp(name, kinds[i].name) == 0)
			return (int)i;
	return -1;
}

const char *
chart_kind_name(enum chart_kind k)
{
	return kinds[k].name;
}

void
chart_kind_names(struct buf *b, const char *sep, const char *last)
{
	size_t i, n = 0, total = 0;

	for (i = 0; i < CHART_NKINDS; i++)
		total += !kinds[i].per_provider;
	for (i = 0; i < CHART_NKINDS; i++) {
		if (kinds[i].per_provider)
			continue;
		if (n > 0)
			buf_puts(b, n + 1 == total ? last : sep);
		buf_puts(b, kinds[i].name);
		n++;
	}
}

bool
chart_kind_drawn(const struct computed *c, enum chart_kind k)
{
	return !kinds[k].per_provider &&
	    (!kinds[k].fault_tests || project_has_fault_tests(c->project));
}

int
chart_kind_check(const struct computed *c, const char *name, struct buf *why)
{
	int k = chart_kind_parse(name);

	if (k >= 0 && chart_kind_drawn(c, (enum chart_kind)k))
		return k;
	if (k >= 0 && kinds[k].fault_tests) {
		buf_puts(why, "no failure-test chart: no review has a 'fault_test'");
		return -1;
	}
	buf_printf(why, "unknown chart '%s' (expected ", name);
	chart_kind_names(why, ", ", " or ");
	buf_putc(why, ')');
	return -1;
}

static char *
edition_title(const char *prefix, const struct edition *e)
{
	if (e == NULL)
		return xstrdup(prefix);
	return xasprintf("%s, %s", prefix, e->name);
}

static char *
make_title(const struct chart *ch, const struct computed *c)
{
	const struct report *r = &c->project->report;
	/* the captions are interface words: report.yaml's strings may replace them */
	const char *t = report_string(r, kinds[ch->kind].title);

	switch (kinds[ch->kind].title_form) {
	case TITLE_PLAIN:
		break;
	case TITLE_COMPARE:
		if (c->has_compare && c->compare.baseline != NULL)
			return xasprintf("%s %s %s %s %s", t,
			    report_string(r, "from"), c->compare.baseline->name,
			    report_string(r, "to"), c->compare.edition->name);
		break;
	case TITLE_EDITION:
		return edition_title(t, r->edition);
	case TITLE_PROVIDER:
		return report_label_value(r, t, ch->provider->name);
	}
	return xstrdup(t);
}

/* On success, release with chart_release(). */
void
chart_init_sized(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider, bool narrow)
{
	struct buf b = BUF_INIT;

	memset(ch, 0, sizeof(*ch));
	ch->kind = kind;
	ch->provider = provider;
	ch->narrow = narrow;
	ch->width = narrow ? CHART_NARROW_WIDTH : CHART_WIDTH;
	ch->height = kinds[kind].height(c, ch->width);
	kinds[kind].desc(c, provider, &b);
	ch->title = make_title(ch, c);
	ch->desc = buf_detach(&b, NULL);
}

void
chart_init(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider)
{
	chart_init_sized(ch, c, kind, provider, false);
}

void
chart_release(struct chart *ch)
{
	free(ch->title);
	free(ch->desc);
	ch->title = ch->desc = NULL;
	if (ch->keep != NULL) {
		cx_texts_free(ch->keep);
		free(ch->keep);
		ch->keep = NULL;
	}
}

void
chart_keep_layouts(struct chart *ch)
{
	if (ch->keep == NULL)
		ch->keep = xcalloc(1, sizeof(*ch->keep));
}

/* Returns a malloc'd name. */
char *
chart_file_name(const struct chart *ch)
{
	const char *dir = ch->narrow ? CHART_NARROW_DIR : "";

	if (ch->kind == CHART_HISTORY)
		return xasprintf("%shistory-%s", dir, ch->provider->id);
	return xasprintf("%s%s", dir, kinds[ch->kind].name);
}

void
chart_draw_title(struct cx *x, const struct chart *ch)
{
	/* a narrow chart's in smaller type, to fit a phone's width */
	cx_text(x, ch->title, MARGIN, TITLE_Y, AL_LEFT, ch->narrow ? FS_BODY : FS_TITLE,
	    true, x->w - 2 * MARGIN, COL_INK);
}

void
chart_draw_traced(const struct chart *ch, const struct computed *c,
    struct canvas *cv, double width, double height, struct chart_trace *t)
{
	struct cx x;

	cx_begin(&x, ch, cv, chart_scale(ch, width, height), t);
	chart_draw_title(&x, ch);
	kinds[ch->kind].draw(&x, c, ch->provider);
	cx_end(&x);
}

void
chart_fonts_release(void)
{
	pango_cairo_font_map_set_default(NULL);
}

void
chart_draw(const struct chart *ch, const struct computed *c, struct canvas *cv,
    double width, double height)
{
	chart_draw_traced(ch, c, cv, width, height, NULL);
}

/* On success, free with table_free(). */
struct table *
chart_table(const struct chart *ch, const struct computed *c)
{
	return kinds[ch->kind].table(c, ch->provider);
}
