/* chart.c: the chart module's front: kinds, titles, descriptions, dispatch. */
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

static const char *const kind_names[] = {
	[CHART_DISTRIBUTION] = "distribution",
	[CHART_MOVEMENT] = "movement",
	[CHART_FUNNEL] = "funnel",
	[CHART_FAULTS] = "faults",
	[CHART_HISTORY] = "history",
};

int
chart_kind_parse(const char *name)
{
	size_t i;

	/* history needs a provider: not a {{chart NAME}} */
	for (i = 0; i < CHART_HISTORY; i++)
		if (strcmp(name, kind_names[i]) == 0)
			return (int)i;
	return -1;
}

const char *
chart_kind_name(enum chart_kind k)
{
	return kind_names[k];
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

	switch (ch->kind) {
	/* the captions are interface words: report.yaml's strings may replace them */
	case CHART_DISTRIBUTION:
		return xstrdup(report_string(r, "chart_distribution"));
	case CHART_MOVEMENT:
		if (c->has_compare && c->compare.baseline != NULL)
			return xasprintf("%s %s %s %s %s", report_string(r, "chart_movement"),
			    report_string(r, "from"), c->compare.baseline->name,
			    report_string(r, "to"), c->compare.edition->name);
		return xstrdup(report_string(r, "chart_movement"));
	case CHART_FUNNEL:
		return edition_title(report_string(r, "chart_funnel"), r->edition);
	case CHART_FAULTS:
		return edition_title(report_string(r, "chart_faults"), r->edition);
	case CHART_HISTORY:
		return xasprintf("%s: %s", report_string(r, "tier_history"), ch->provider->name);
	}
	return xstrdup("");
}

/* On success, release with chart_release(). */
void
chart_init(struct chart *ch, const struct computed *c, enum chart_kind kind,
    const struct provider *provider)
{
	struct buf b = BUF_INIT;

	memset(ch, 0, sizeof(*ch));
	ch->kind = kind;
	ch->provider = provider;
	ch->width = CHART_WIDTH;
	switch (kind) {
	case CHART_DISTRIBUTION:
		ch->height = dist_height(c);
		dist_desc(c, &b);
		break;
	case CHART_MOVEMENT:
		ch->height = move_height(c);
		move_desc(c, &b);
		break;
	case CHART_FUNNEL:
		ch->height = funnel_height(c);
		funnel_desc(c, &b);
		break;
	case CHART_FAULTS:
		ch->height = faults_height(c);
		faults_desc(c, &b);
		break;
	case CHART_HISTORY:
		ch->height = hist_height(c);
		hist_desc(c, provider, &b);
		break;
	}
	ch->title = make_title(ch, c);
	ch->desc = buf_detach(&b, NULL);
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
	if (ch->kind == CHART_HISTORY)
		return xasprintf("history-%s", ch->provider->id);
	return xstrdup(kind_names[ch->kind]);
}

void
chart_draw_title(struct cx *x, const struct chart *ch)
{
	cx_text(x, ch->title, MARGIN, TITLE_Y, AL_LEFT, FS_TITLE, true,
	    x->w - 2 * MARGIN, COL_INK);
}

void
chart_draw_traced(const struct chart *ch, const struct computed *c,
    struct canvas *cv, double width, double height, struct chart_trace *t)
{
	struct cx x;

	cx_begin(&x, ch, cv, chart_scale(ch, width, height), t);
	chart_draw_title(&x, ch);
	switch (ch->kind) {
	case CHART_DISTRIBUTION:
		dist_draw(&x, c);
		break;
	case CHART_MOVEMENT:
		move_draw(&x, c);
		break;
	case CHART_FUNNEL:
		funnel_draw(&x, c);
		break;
	case CHART_FAULTS:
		faults_draw(&x, c);
		break;
	case CHART_HISTORY:
		hist_draw_frame(&x, c);
		hist_draw_marks(&x, c, ch->provider);
		break;
	}
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
	switch (ch->kind) {
	case CHART_DISTRIBUTION:
		return dist_table(c);
	case CHART_MOVEMENT:
		return move_table(c);
	case CHART_FUNNEL:
		return funnel_table(c);
	case CHART_FAULTS:
		return faults_table(c);
	case CHART_HISTORY:
		return hist_table(c, ch->provider);
	}
	return NULL;
}
