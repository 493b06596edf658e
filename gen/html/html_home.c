/* html_home.c: index.html, the report itself: headline figures, the medal
 * table, movement, and the commentary in order with its contents. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "markdown.h"
#include "parse.h"

static void
figure_add(struct tv *arr, const char *label, char *value, char *detail,
    const char *note)
{
	struct tv *o = tv_object();

	pv_set_str(o, "label", label);
	pv_set_taken(o, "value", value);
	pv_set_taken(o, "detail", detail);
	pv_set_str(o, "note", note);
	tv_append(arr, o);
}

static char *
pct(double share)
{
	char out[32];

	if (isnan(share))
		return xstrdup("\xe2\x80\x94");
	fmt_fixed(share * 100.0, 1, out, sizeof(out));
	return xasprintf("%s%%", out);
}

static const char *
claim_note(const struct edition_stats *s, const char *figure, long computed)
{
	size_t i;

	for (i = 0; i < s->nclaims; i++)
		if (strcmp(s->claims[i].claim->figure, figure) == 0 &&
		    s->claims[i].claim->note != NULL &&
		    s->claims[i].claim->value != computed)
			return s->claims[i].claim->note;
	return NULL;
}

/* The headline figures of an edition (and its change against a baseline). */
struct tv *
html_figures(const struct report *r, const struct edition_stats *s,
    const struct edition_stats *cmp)
{
	struct tv *a = tv_array();
	char v[32], p[32];

	figure_add(a, report_string(r, "medals"), html_figure(s, "medals", s->medals),
	    xasprintf("of %ld reviewed", s->reviewed),
	    claim_note(s, "medals", s->medals));
	if (cmp != NULL && cmp->baseline != NULL) {
		fmt_signed_int(cmp->d_medals, v, sizeof(v));
		if (isnan(cmp->d_medals_pct))
			p[0] = '\0';
		else
			fmt_signed_pct(cmp->d_medals_pct, 1, p, sizeof(p));
		figure_add(a, report_string(r, "change_in_medals"), xstrdup(v),
		    xasprintf("%s%ssince %s", p, p[0] ? " " : "",
		    cmp->baseline->name != NULL ? cmp->baseline->name :
		    cmp->baseline->id), NULL);
	}
	figure_add(a, report_string(r, "medals_of_reviewed"), pct(s->medals_of_reviewed),
	    xstrdup("share of reviewed providers with a medal"), NULL);
	if (s->tracked >= 0)
		figure_add(a, report_string(r, "medals_of_tracked"), pct(s->medals_of_tracked),
		    xasprintf("of %ld providers tracked", s->tracked), NULL);
	figure_add(a, report_string(r, "reviewed"), html_figure(s, "reviewed", s->reviewed),
	    xasprintf("%ld rated on the ladder", s->rated),
	    claim_note(s, "reviewed", s->reviewed));
	return a;
}

static struct tv *
authors(const struct report *r)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (r->nauthors == 0)
		return tv_null();
	for (i = 0; i < r->nauthors; i++) {
		if (i > 0)
			buf_puts(&b, i + 1 == r->nauthors ? " and " : ", ");
		buf_puts(&b, r->authors[i]);
	}
	return pv_taken(buf_detach(&b, NULL));
}

static struct tv *
sections(struct html_ctx *h, const char *root)
{
	struct tv *a = tv_array(), *o;
	const struct section *s;
	struct pos at;
	size_t i;

	for (i = 0; i < h->c->nsections; i++) {
		s = h->c->sections[i];
		o = tv_object();
		pv_set_taken(o, "anchor", xasprintf("section-%s", s->id));
		pv_set_str(o, "title", s->title != NULL ? s->title : s->id);
		at = s->pos;
		at.line = s->body_line;
		tv_set(o, "body_html", pv_markdown(h, s->body, &at, root));
		tv_append(a, o);
	}
	return a;
}

int
html_home(struct html_ctx *h)
{
	const struct report *r = &h->p->report;
	const struct edition_stats *s = computed_edition(h->c, r->edition);
	const struct edition_stats *cmp = h->c->has_compare ? &h->c->compare : NULL;
	struct tv *page = pv_page(h, "index.html", "home", NULL), *mv, *secs;
	const char *root = tv_str_value(tv_get(page, "root"));
	char date[11];

	pv_set_str(page, "heading", r->title);
	pv_set_str(page, "subtitle", r->subtitle);
	tv_set(page, "authors", authors(r));
	if (r->edition->published != DATE_NONE) {
		date_format(r->edition->published, date);
		pv_set_str(page, "published", date);
	}
	tv_set(page, "figures", html_figures(&h->p->report, s, cmp));
	tv_set(page, "medal_table", pv_medal_table(s, root));
	tv_set(page, "distribution",
	    pv_chart(h, root, CHART_DISTRIBUTION, NULL));
	if ((mv = pv_movers(cmp, root)) != NULL && mv->type == TV_OBJECT)
		tv_set(mv, "chart",
		    pv_chart(h, root, CHART_MOVEMENT, NULL));
	tv_set(page, "movement", mv);
	secs = sections(h, root);
	tv_set(page, "has_sections", tv_bool(tv_size(secs) > 0));
	tv_set(page, "sections", secs);
	return html_page_write(h, "home", page, "index.html");
}
