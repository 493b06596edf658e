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

static const char *
edition_label(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

/* The change in medals against cmp's baseline, or why there is none. */
static void
figure_change(const struct report *r, struct tv *a, const struct edition_stats *cmp)
{
	const struct edition *b = cmp->baseline, *e = cmp->edition;
	char *v, *p, *since;

	if (!cmp->has_change) {
		figure_add(a, report_string(r, "change_in_medals"), xstrdup("\xe2\x80\x94"),
		    report_format1(r, "not_computed_partial", "edition",
		    edition_label(b->partial ? b : e)), b->partial ? b->partial_note : e->partial_note);
		return;
	}
	v = view_signed_int(r, cmp->d_medals);
	p = isnan(cmp->d_medals_pct) ? xstrdup("") : view_signed_pct(r, cmp->d_medals_pct, 1);
	since = report_format1(r, "since_edition", "edition", edition_label(b));
	figure_add(a, report_string(r, "change_in_medals"), v,
	    xasprintf("%s%s%s", p, p[0] ? " " : "", since), NULL);
	free(p);
	free(since);
}

/*
 * The headline figures of an edition (and its change against a baseline).
 * A partial edition's counts are "N named", with its note, and no shares.
 */
struct tv *
html_figures(const struct report *r, const struct edition_stats *s,
    const struct edition_stats *cmp)
{
	const struct edition *e = s->edition;
	struct tv *a = tv_array();
	const char *note;

	note = claim_note(s, "medals", s->medals);
	figure_add(a, report_string(r, "medals"), html_figure(r, s, "medals", s->medals),
	    report_format_n(r, e->partial ? "of_n_reviews_named" : "of_n_reviewed",
	    s->reviewed), note ? note : e->partial ? e->partial_note : NULL);
	if (cmp != NULL && cmp->baseline != NULL)
		figure_change(r, a, cmp);
	if (!e->partial) {
		figure_add(a, report_string(r, "medals_of_reviewed"), view_share(r, s->medals_of_reviewed),
		    xstrdup(report_string(r, "share_of_reviewed")), NULL);
		if (s->tracked >= 0)
			figure_add(a, report_string(r, "medals_of_tracked"), view_share(r, s->medals_of_tracked),
			    report_format_n(r, "of_n_tracked", s->tracked), NULL);
	}
	note = claim_note(s, "reviewed", s->reviewed);
	figure_add(a, report_string(r, "reviewed"), html_figure(r, s, "reviewed", s->reviewed),
	    report_format_n(r, "n_rated", s->rated),
	    note ? note : e->partial ? e->partial_note : NULL);
	return a;
}

static struct tv *
authors(const struct report *r)
{
	if (r->nauthors == 0)
		return tv_null();
	return pv_taken(view_list(r, (const char *const *)r->authors, r->nauthors));
}

/*
 * A build with drafts (serve, --drafts) shows draft and embargoed sections:
 * each says so, in the page's language, so that a preview is not taken for
 * the published report.
 */
static void
section_marks(const struct html_ctx *h, const struct section *s, struct tv *o)
{
	const struct report *r = &h->p->report;
	char *date;

	if (s->draft)
		tv_set(o, "draft", tv_bool(true));
	if (s->embargo != DATE_NONE && s->embargo > h->c->opts.now) {
		date = view_date(r, s->embargo);
		pv_set_taken(o, "embargo_mark", report_format1(r, "embargo_mark", "date", date));
		free(date);
	}
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
		section_marks(h, s, o);
		tv_append(a, o);
	}
	return a;
}

/* Does text hold the block shortcode {{kind what ...}}? */
static bool
text_has_block(const char *text, const char *kind, const char *what)
{
	const char *p = text;
	size_t lk = strlen(kind), lw = strlen(what);

	while (p != NULL && (p = strstr(p, "{{")) != NULL) {
		p += 2;
		while (*p == ' ')
			p++;
		if (strncmp(p, kind, lk) != 0 || p[lk] != ' ')
			continue;
		p += lk;
		while (*p == ' ')
			p++;
		if (strncmp(p, what, lw) == 0 && (p[lw] == ' ' || p[lw] == '}'))
			return true;
	}
	return false;
}

/* Does a visible commentary section already show this table or chart? */
static bool
sections_have(const struct computed *c, const char *kind, const char *what)
{
	size_t i;

	for (i = 0; i < c->nsections; i++)
		if (c->sections[i]->body != NULL &&
		    text_has_block(c->sections[i]->body, kind, what))
			return true;
	return false;
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
	if (r->lede != NULL) {
		/* the finding first; it is the page's link preview too */
		struct pos at = r->pos;

		at.line = r->lede_at.line;
		tv_set(page, "lede_html", pv_markdown(h, r->lede, &at, root));
		pv_set_taken(page, "description", md_text_of(h->c, r->lede, r->pos.file,
		    r->lede_at.line));
	}
	pv_set_str(page, "subtitle", r->subtitle);
	tv_set(page, "authors", authors(r));
	if (r->edition->published != DATE_NONE) {
		date_format(r->edition->published, date);
		pv_set_str(page, "published", date);
		pv_set_taken(page, "published_text", view_date(r, r->edition->published));
	}
	tv_set(page, "figures", html_figures(&h->p->report, s, cmp));
	/*
	 * The medal table, distribution, movement and movers appear once: here
	 * only when no commentary section shows them already.
	 */
	if (!sections_have(h->c, "table", "medals")) {
		tv_set(page, "medal_table", pv_medal_table(&h->p->report, s, root));
		tv_set(page, "show_medals", tv_bool(true));
	}
	if (!sections_have(h->c, "chart", chart_kind_name(CHART_DISTRIBUTION))) {
		tv_set(page, "distribution",
		    pv_chart(h, root, CHART_DISTRIBUTION, NULL));
		tv_set(page, "show_medals", tv_bool(true));
	}
	mv = pv_movers(h->c, cmp, root);
	if (mv != NULL && mv->type == TV_OBJECT) {
		bool chart = !sections_have(h->c, "chart",
		    chart_kind_name(CHART_MOVEMENT));
		bool table = !sections_have(h->c, "table", "movers");

		if (chart)
			tv_set(mv, "chart", pv_chart(h, root, CHART_MOVEMENT, NULL));
		tv_set(mv, "show_table", tv_bool(table));
		if (chart || table)
			tv_set(page, "movement", mv);
	}
	secs = sections(h, root);
	tv_set(page, "has_toc", tv_bool(tv_size(secs) + (tv_get(page, "show_medals") != NULL) +
	    (tv_get(page, "movement") != NULL) > 1));
	tv_set(page, "sections", secs);
	return html_page_out(h, "home", page, "index.html");
}
