/* html_edition.c: editions/<id>/index.html, one page per edition: medal
 * table, distribution, funnel, movers against its previous, claims. */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "parse.h"

static json_t *
bars(const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	json_t *a = json_array(), *o, *t;
	long max = 0, n;
	char w[32];
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		if (s->counts[e->tiers[i]->index] > max)
			max = s->counts[e->tiers[i]->index];
	for (i = 0; i < e->ntiers; i++) {
		n = s->counts[e->tiers[i]->index];
		o = json_object();
		t = hj_tier(e->tiers[i]);
		hj_sets(o, "color", json_string_value(json_object_get(t, "color")));
		json_object_set_new_nocheck(o, "tier", t);
		json_object_set_new_nocheck(o, "count", json_integer(n));
		fmt_fixed(max > 0 ? 100.0 * (double)n / (double)max : 0.0, 1, w, sizeof(w));
		hj_sets(o, "pct", w);
		json_array_append_new(a, o);
	}
	return a;
}

static void
step_add(json_t *a, long value, const char *label)
{
	json_t *o = json_object();

	json_object_set_new_nocheck(o, "value", json_integer(value));
	hj_sets(o, "label", label);
	json_array_append_new(a, o);
}

static json_t *
funnel(const struct edition_stats *s)
{
	json_t *a = json_array();

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

static json_t *
claims(const struct edition_stats *s)
{
	json_t *a = json_array(), *o;
	const struct claim_check *ck;
	size_t i;

	for (i = 0; i < s->nclaims; i++) {
		ck = &s->claims[i];
		o = json_object();
		hj_take_set(o, "label", claim_label(ck->claim));
		json_object_set_new_nocheck(o, "stated", json_integer(ck->claim->value));
		json_object_set_new_nocheck(o, "computed", json_integer(ck->computed));
		json_object_set_new_nocheck(o, "ok", json_boolean(ck->claim->value == ck->computed));
		json_object_set_new_nocheck(o, "acknowledged", json_boolean(ck->claim->note != NULL));
		hj_sets(o, "note", ck->claim->note);
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
source_link(const struct source *src, const char *root)
{
	json_t *o;
	char *path;

	if (src == NULL)
		return json_null();
	o = json_object();
	path = html_source_path(src);
	hj_sets(o, "title", src->title != NULL ? src->title : src->id);
	hj_take_set(o, "href", html_href(root, path));
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
	json_t *page = hj_page(h, rel, focus ? "edition" : "edition-other",
	    e->name != NULL ? e->name : e->id), *cl;
	const char *root = json_string_value(json_object_get(page, "root"));
	int rc;

	hj_sets(page, "heading", e->name != NULL ? e->name : e->id);
	json_object_set_new_nocheck(page, "focus", json_boolean(focus));
	if (e->published != DATE_NONE) {
		date_format(e->published, date);
		hj_sets(page, "published", date);
	}
	json_object_set_new_nocheck(page, "source", source_link(e->source, root));
	json_object_set_new_nocheck(page, "figures", html_figures(s, s));
	json_object_set_new_nocheck(page, "medal_table", hj_medal_table(h, s, root));
	json_object_set_new_nocheck(page, "bars", bars(s));
	json_object_set_new_nocheck(page, "funnel", funnel(s));
	if (focus) {
		json_object_set_new_nocheck(page, "distribution",
		    hj_chart(h, root, CHART_DISTRIBUTION, NULL));
		json_object_set_new_nocheck(page, "funnel_chart",
		    hj_chart(h, root, CHART_FUNNEL, NULL));
	}
	json_object_set_new_nocheck(page, "movement", hj_movers(h, s, root));
	cl = claims(s);
	json_object_set_new_nocheck(page, "has_claims", json_boolean(json_array_size(cl) > 0));
	json_object_set_new_nocheck(page, "claims", cl);
	rc = html_page_write(h, "edition", page, rel);
	free(rel);
	return rc;
}
