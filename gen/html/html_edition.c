/* html_edition.c: editions/<id>/index.html, one page per edition: medal
 * table, distribution, funnel, movers against its previous, claims. */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "parse.h"

static struct tv *
bars(const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	struct tv *a = tv_array(), *o, *t;
	long max = 0, n;
	char w[32];
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		if (s->counts[e->tiers[i]->index] > max)
			max = s->counts[e->tiers[i]->index];
	for (i = 0; i < e->ntiers; i++) {
		n = s->counts[e->tiers[i]->index];
		o = tv_object();
		t = pv_tier(e->tiers[i]);
		pv_set_str(o, "color", tv_str_value(tv_get(t, "color")));
		tv_set(o, "tier", t);
		tv_set(o, "count", tv_int(n));
		fmt_fixed(max > 0 ? 100.0 * (double)n / (double)max : 0.0, 1, w, sizeof(w));
		pv_set_str(o, "pct", w);
		tv_append(a, o);
	}
	return a;
}

static void
step_add(struct tv *a, long value, const char *label)
{
	struct tv *o = tv_object();

	tv_set(o, "value", tv_int(value));
	pv_set_str(o, "label", label);
	tv_append(a, o);
}

static struct tv *
funnel(const struct edition_stats *s)
{
	struct tv *a = tv_array();

	if (s->tracked >= 0)
		step_add(a, s->tracked, "tracked");
	step_add(a, s->reviewed, "reviewed");
	step_add(a, s->rated, "rated on the ladder");
	step_add(a, s->medals, "given a medal");
	return a;
}

static char *
claim_label(const struct claim *cl)
{
	if (cl->tier != NULL)
		return xstrdup(cl->tier->name != NULL ? cl->tier->name : cl->tier->id);
	if (strcmp(cl->figure, "reviewed") == 0)
		return xstrdup("Reviewed");
	if (strcmp(cl->figure, "rated") == 0)
		return xstrdup("Rated");
	if (strcmp(cl->figure, "medals") == 0)
		return xstrdup("Medals");
	return xstrdup(cl->figure);
}

static struct tv *
claims(const struct edition_stats *s)
{
	struct tv *a = tv_array(), *o;
	const struct claim_check *ck;
	size_t i;

	for (i = 0; i < s->nclaims; i++) {
		ck = &s->claims[i];
		o = tv_object();
		pv_set_taken(o, "label", claim_label(ck->claim));
		tv_set(o, "stated", tv_int(ck->claim->value));
		tv_set(o, "computed", tv_int(ck->computed));
		tv_set(o, "ok", tv_bool(ck->claim->value == ck->computed));
		tv_set(o, "acknowledged", tv_bool(ck->claim->note != NULL));
		pv_set_str(o, "note", ck->claim->note);
		tv_append(a, o);
	}
	return a;
}

static struct tv *
source_link(const struct source *src, const char *root)
{
	struct tv *o;
	char *path;

	if (src == NULL)
		return tv_null();
	o = tv_object();
	path = html_source_path(src);
	pv_set_str(o, "title", src->title != NULL ? src->title : src->id);
	pv_set_href(o, "href", root, path);
	free(path);
	return o;
}

int
html_edition_page(struct html_ctx *h, const void *arg)
{
	const struct edition_stats *s = arg;
	const struct edition *e = s->edition;
	bool focus = e == h->p->report.edition;
	char *rel = html_edition_path(e), date[11];
	struct tv *page = pv_page(h, rel, focus ? "edition" : "edition-other",
	    e->name != NULL ? e->name : e->id), *cl;
	const char *root = tv_str_value(tv_get(page, "root"));
	int rc;

	pv_set_str(page, "heading", e->name != NULL ? e->name : e->id);
	tv_set(page, "focus", tv_bool(focus));
	if (e->published != DATE_NONE) {
		date_format(e->published, date);
		pv_set_str(page, "published", date);
	}
	tv_set(page, "source", source_link(e->source, root));
	tv_set(page, "figures", html_figures(&h->p->report, s, s));
	tv_set(page, "medal_table", pv_medal_table(s, root));
	tv_set(page, "bars", bars(s));
	tv_set(page, "funnel", funnel(s));
	if (focus) {
		tv_set(page, "distribution",
		    pv_chart(h, root, CHART_DISTRIBUTION, NULL));
		tv_set(page, "funnel_chart",
		    pv_chart(h, root, CHART_FUNNEL, NULL));
	}
	tv_set(page, "movement", pv_movers(s, root));
	cl = claims(s);
	tv_set(page, "has_claims", tv_bool(tv_size(cl) > 0));
	tv_set(page, "claims", cl);
	rc = html_page_write(h, "edition", page, rel);
	free(rel);
	return rc;
}
