/*
 * render_data.c: data/ratings.json and data/ratings.csv (SPEC 4.2), from the
 * computed model. JSON through jansson; CSV quoted per RFC 4180.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "parse.h"
#include "podium.h"
#include "render.h"

/* Shares and percents keep 6 decimals; null when undefined. */
static json_t *
json_fixed6(double v)
{
	if (isnan(v) || isinf(v))
		return json_null();
	v = round(v * 1e6) / 1e6;
	if (v == 0)
		v = 0; /* no -0 */
	return json_real(v);
}

static json_t *
json_str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *
json_tier_id(const struct tier *t)
{
	return t ? json_string(t->id) : json_null();
}

static json_t *
json_date(pdate d)
{
	char buf[11];

	if (d == DATE_NONE)
		return json_null();
	date_format(d, buf);
	return json_string(buf);
}

static json_t *
json_ladder(const struct report *rp)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < rp->nladder; i++) {
		const struct tier *t = &rp->ladder[i];

		json_array_append_new(a, json_pack("{s:s, s:s, s:b, s:b}", "id", t->id,
		    "name", t->name, "medal", t->medal, "rated", t->rated));
	}
	return a;
}

static json_t *
json_counts(const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	json_t *o = json_object();
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		json_object_set_new(o, e->tiers[i]->id,
		    json_integer(s->counts[e->tiers[i]->index]));
	return o;
}

static json_t *
json_change(const struct edition_stats *s)
{
	if (s->baseline == NULL)
		return json_null();
	return json_pack("{s:s, s:I, s:o, s:I}", "from", s->baseline->id,
	    "medals", (json_int_t)s->d_medals, "medals_pct", json_fixed6(s->d_medals_pct),
	    "reviewed", (json_int_t)s->d_reviewed);
}

static json_t *
json_claims(const struct edition_stats *s)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < s->nclaims; i++) {
		const struct claim_check *cc = &s->claims[i];

		json_array_append_new(a, json_pack("{s:s, s:I, s:I, s:o}",
		    "figure", cc->claim->figure, "stated", (json_int_t)cc->claim->value,
		    "computed", (json_int_t)cc->computed, "note",
		    json_str_or_null(cc->claim->note)));
	}
	return a;
}

static json_t *
json_gone(const struct edition_stats *s)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < s->ngone; i++)
		json_array_append_new(a, json_pack("{s:s, s:o, s:s}",
		    "provider", s->gone[i].provider->id,
		    "previous", json_tier_id(s->gone[i].previous),
		    "status", move_status_name(s->gone[i].status)));
	return a;
}

static json_t *
json_rating(const struct rating *rt)
{
	return json_pack("{s:s, s:s, s:o, s:o, s:b, s:o, s:o, s:s}",
	    "provider", rt->provider->id, "tier", rt->tier->id,
	    "computed", json_tier_id(rt->computed), "score", json_fixed6(rt->score),
	    "override", rt->override, "previous", json_tier_id(rt->previous),
	    "steps", rt->has_steps ? json_integer(rt->steps) : json_null(),
	    "status", move_status_name(rt->status));
}

static json_t *
json_edition(const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	json_t *o, *ratings = json_array();
	size_t i;

	for (i = 0; i < s->nratings; i++)
		json_array_append_new(ratings, json_rating(&s->ratings[i]));
	o = json_pack("{s:s, s:s, s:o, s:o}", "id", e->id, "name", e->name,
	    "published", json_date(e->published),
	    "previous", json_str_or_null(e->previous ? e->previous->id : NULL));
	json_object_set_new(o, "universe", json_pack("{s:o, s:I}",
	    "tracked", s->tracked >= 0 ? json_integer(s->tracked) : json_null(),
	    "reviewed", (json_int_t)s->reviewed));
	json_object_set_new(o, "counts", json_counts(s));
	json_object_set_new(o, "medals", json_integer(s->medals));
	json_object_set_new(o, "rated", json_integer(s->rated));
	json_object_set_new(o, "shares", json_pack("{s:o, s:o}",
	    "medals_of_reviewed", json_fixed6(s->medals_of_reviewed),
	    "medals_of_tracked", json_fixed6(s->medals_of_tracked)));
	json_object_set_new(o, "change", json_change(s));
	json_object_set_new(o, "claims", json_claims(s));
	json_object_set_new(o, "gone", json_gone(s));
	json_object_set_new(o, "ratings", ratings);
	return o;
}

static json_t *
json_providers(const struct computed *c)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; i < c->nproviders; i++) {
		const struct provider_view *v = &c->providers[i];
		json_t *h;

		if (!v->visible)
			continue;
		h = json_array();
		for (k = 0; k < v->nhistory; k++)
			json_array_append_new(h, json_pack("{s:s, s:s}",
			    "edition", v->history[k].edition->id,
			    "tier", v->history[k].rating->tier->id));
		json_array_append_new(a, json_pack("{s:s, s:s, s:o}", "id",
		    v->provider->id, "name", v->provider->name, "history", h));
	}
	return a;
}

/* The whole ratings.json document. On success, free with json_decref(). */
static json_t *
ratings_json(const struct computed *c)
{
	const struct report *rp = &c->project->report;
	json_t *root, *eds = json_array();
	size_t i;

	for (i = 0; i < c->neditions; i++)
		json_array_append_new(eds, json_edition(&c->editions[i]));
	root = json_pack("{s:s}", "generator", "podium " PODIUM_VERSION);
	json_object_set_new(root, "report", json_pack("{s:s, s:o, s:o}",
	    "title", rp->title, "edition", json_str_or_null(rp->edition_id),
	    "compare", json_str_or_null(rp->compare ? rp->compare->id : NULL)));
	json_object_set_new(root, "ladder", json_ladder(rp));
	json_object_set_new(root, "editions", eds);
	json_object_set_new(root, "providers", json_providers(c));
	return root;
}

static void
csv_field(struct buf *b, const char *s, bool last)
{
	esc_csv(b, s ? s : "");
	buf_puts(b, last ? "\r\n" : ",");
}

static void
csv_rating(struct buf *b, const struct edition_stats *s, const struct rating *rt)
{
	char num[64] = "", steps[32] = "";

	if (!isnan(rt->score))
		snprintf(num, sizeof(num), "%.6f", round(rt->score * 1e6) / 1e6);
	if (rt->has_steps)
		snprintf(steps, sizeof(steps), "%d", rt->steps);
	csv_field(b, s->edition->id, false);
	csv_field(b, rt->provider->id, false);
	csv_field(b, rt->provider->name, false);
	csv_field(b, rt->tier->id, false);
	csv_field(b, rt->tier->medal ? "true" : "false", false);
	csv_field(b, num, false);
	csv_field(b, rt->computed ? rt->computed->id : "", false);
	csv_field(b, rt->previous ? rt->previous->id : "", false);
	csv_field(b, steps, false);
	csv_field(b, move_status_name(rt->status), true);
}

static void
ratings_csv(const struct computed *c, struct buf *b)
{
	size_t i, k;

	buf_puts(b, "edition,provider,name,tier,medal,score,computed,previous,steps,status\r\n");
	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			csv_rating(b, &c->editions[i], &c->editions[i].ratings[k]);
}

int
render_data(const struct computed *c, struct site_out *o, struct diag *d)
{
	json_t *root = ratings_json(c);
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(15));
	struct buf b = BUF_INIT;
	int rc = 0;

	json_decref(root);
	if (text == NULL) {
		diag_system(d, NULL, "out of memory writing ratings.json");
		rc = -1;
	} else {
		buf_puts(&b, text);
		buf_putc(&b, '\n');
		if (site_out_write(o, "data/ratings.json", b.data, b.len) == -1)
			rc = -1;
	}
	free(text);
	if (rc == 0) {
		buf_reset(&b);
		ratings_csv(c, &b);
		if (site_out_write(o, "data/ratings.csv", b.data, b.len) == -1)
			rc = -1;
	}
	buf_release(&b);
	return rc;
}
