/*
 * render_data.c: data/ratings.json and data/ratings.csv (SPEC 4.2), from the
 * computed model. JSON streamed by jsonw in jansson's layout; CSV quoted per
 * RFC 4180. Both go to their files as they are made.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "jsonw.h"
#include "parse.h"
#include "podium.h"
#include "render.h"
#include "view_doc.h"

/*
 * A file written as it is made: its text gathers in b and goes to the file
 * in pieces of about SINK_CHUNK bytes, so that no document is ever whole in
 * memory (ratings.json is 17 MB at 10,000 providers).
 */
#define SINK_CHUNK 65536

struct sink {
	struct buf b;
	int fd;
	int err;                     /* 0, else the first failure's errno */
};

static int
rating_id_cmp(const void *a, const void *b)
{
	const struct rating *x = *(const struct rating *const *)a;
	const struct rating *y = *(const struct rating *const *)b;

	if (x->tier->index != y->tier->index)
		return x->tier->index < y->tier->index ? -1 : 1;
	return strcmp(x->provider->id, y->provider->id);
}

/* s's ratings in the data files' order (SPEC 4.2: ladder order, then
 * provider id; the pages list them by name). Free with free(). */
static const struct rating **
ratings_by_id(const struct edition_stats *s)
{
	const struct rating **v = xcalloc(s->nratings + 1, sizeof(*v));
	size_t i;

	for (i = 0; i < s->nratings; i++)
		v[i] = &s->ratings[i];
	qsort(v, s->nratings, sizeof(*v), rating_id_cmp);
	return v;
}

/* Writes out what b holds once it holds a piece (all: whatever it holds). */
static void
sink_flush(struct sink *s, bool all)
{
	if (!all && s->b.len < SINK_CHUNK)
		return;
	if (s->err == 0 && write_all(s->fd, s->b.data, s->b.len) == -1)
		s->err = errno != 0 ? errno : EIO;
	buf_reset(&s->b);
}

/* Shares and percents keep 6 decimals; null when undefined. */
static void
jw_fixed6(struct jsonw *w, double v)
{
	if (isnan(v) || isinf(v)) {
		jw_null(w);
		return;
	}
	v = round(v * 1e6) / 1e6;
	if (v == 0)
		v = 0; /* no -0 */
	jw_real(w, v);
}

static void
jw_tier_id(struct jsonw *w, const struct tier *t)
{
	jw_string_or_null(w, t ? t->id : NULL);
}

static void
jw_date(struct jsonw *w, pdate d)
{
	char buf[11];

	if (d == DATE_NONE) {
		jw_null(w);
		return;
	}
	date_format(d, buf);
	jw_string(w, buf);
}

static void
json_ladder(struct jsonw *w, const struct report *rp)
{
	size_t i;

	jw_array_begin(w);
	for (i = 0; i < rp->nladder; i++) {
		const struct tier *t = &rp->ladder[i];

		jw_object_begin(w);
		jw_key(w, "id");
		jw_string(w, t->id);
		jw_key(w, "name");
		jw_string(w, t->name);
		jw_key(w, "medal");
		jw_bool(w, t->medal);
		jw_key(w, "rated");
		jw_bool(w, t->rated);
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void
json_counts(struct jsonw *w, const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	size_t i;

	jw_object_begin(w);
	for (i = 0; i < e->ntiers; i++) {
		jw_key(w, e->tiers[i]->id);
		jw_int(w, s->counts[e->tiers[i]->index]);
	}
	jw_object_end(w);
}

static void
json_change(struct jsonw *w, const struct edition_stats *s)
{
	if (!s->has_change) { /* no baseline, or a partial one at either end */
		jw_null(w);
		return;
	}
	jw_object_begin(w);
	jw_key(w, "from");
	jw_string(w, s->baseline->id);
	jw_key(w, "medals");
	jw_int(w, s->d_medals);
	jw_key(w, "medals_pct");
	jw_fixed6(w, s->d_medals_pct);
	jw_key(w, "reviewed");
	jw_int(w, s->d_reviewed);
	jw_object_end(w);
}

static void
json_claims(struct jsonw *w, const struct edition_stats *s)
{
	size_t i;

	jw_array_begin(w);
	for (i = 0; i < s->nclaims; i++) {
		const struct claim_check *cc = &s->claims[i];

		jw_object_begin(w);
		jw_key(w, "figure");
		jw_string(w, cc->claim->figure);
		jw_key(w, "stated");
		jw_int(w, cc->claim->value);
		jw_key(w, "computed");
		jw_int(w, cc->computed);
		jw_key(w, "note");
		jw_string_or_null(w, cc->claim->note);
		jw_object_end(w);
	}
	jw_array_end(w);
}

static void
json_gone(struct jsonw *w, const struct edition_stats *s)
{
	size_t i;

	jw_array_begin(w);
	for (i = 0; i < s->ngone; i++) {
		jw_object_begin(w);
		jw_key(w, "provider");
		jw_string(w, s->gone[i].provider->id);
		jw_key(w, "previous");
		jw_tier_id(w, s->gone[i].previous);
		jw_key(w, "status");
		jw_string(w, move_status_name(s->gone[i].status));
		jw_object_end(w);
	}
	jw_array_end(w);
}

/* The declared fields of a provider or review as one object, in declaration
 * order; a field without a value is null. */
static void
json_fields(struct jsonw *w, const struct field_def *defs, size_t n,
    const struct field_value *v)
{
	size_t i, k;

	jw_object_begin(w);
	for (i = 0; i < n; i++) {
		const struct field_value *x = v != NULL ? &v[i] : NULL;

		jw_key(w, defs[i].id);
		if (x == NULL || !x->set) {
			jw_null(w);
			continue;
		}
		switch (field_types[defs[i].type].shows) {
		case SHOWS_INTEGER:
			jw_int(w, x->integer);
			break;
		case SHOWS_NUMBER:
			jw_real(w, x->number);
			break;
		case SHOWS_BOOLEAN:
			jw_bool(w, x->boolean);
			break;
		case SHOWS_DATE:
			jw_date(w, x->date);
			break;
		case SHOWS_LIST:
			jw_array_begin(w);
			for (k = 0; k < x->nitems; k++)
				jw_string(w, x->items[k]);
			jw_array_end(w);
			break;
		default:
			jw_string(w, x->text);
			break;
		}
	}
	jw_object_end(w);
}

/* corrections: [{date, text}], as written (SPEC 5.2). */
static void
json_corrections(struct jsonw *w, const struct correction *v, size_t n)
{
	size_t i;

	jw_array_begin(w);
	for (i = 0; i < n; i++) {
		jw_object_begin(w);
		jw_key(w, "date");
		jw_date(w, v[i].date);
		jw_key(w, "text");
		jw_string(w, v[i].text);
		jw_object_end(w);
	}
	jw_array_end(w);
}

/* response: {text, date, source}: the provider's words (SPEC 5.2). */
static void
json_response(struct jsonw *w, const struct response *r)
{
	jw_object_begin(w);
	jw_key(w, "text");
	jw_string(w, r->text);
	jw_key(w, "date");
	jw_date(w, r->date);
	jw_key(w, "source");
	jw_string_or_null(w, r->source != NULL ? r->source->id : NULL);
	jw_object_end(w);
}

static void
json_rating(struct jsonw *w, const struct report *rp, const struct rating *rt)
{
	jw_object_begin(w);
	jw_key(w, "provider");
	jw_string(w, rt->provider->id);
	jw_key(w, "tier");
	jw_string(w, rt->tier->id);
	jw_key(w, "computed");
	jw_tier_id(w, rt->computed);
	jw_key(w, "score");
	jw_fixed6(w, rt->score);
	jw_key(w, "override");
	jw_bool(w, rt->override);
	jw_key(w, "previous");
	jw_tier_id(w, rt->previous);
	jw_key(w, "steps");
	if (rt->has_steps)
		jw_int(w, rt->steps);
	else
		jw_null(w);
	jw_key(w, "status");
	jw_string(w, move_status_name(rt->status));
	/* a published tier the source leaves in doubt: why (podium(5)) */
	if (rt->review != NULL && rt->review->tier_uncertain != NULL) {
		jw_key(w, "uncertain");
		jw_string(w, rt->review->tier_uncertain);
	}
	if (rp->nreview_fields > 0) {
		jw_key(w, "fields");
		json_fields(w, rp->review_fields, rp->nreview_fields,
		    rt->review != NULL ? rt->review->fields : NULL);
	}
	if (rt->review != NULL && rt->review->response != NULL) {
		jw_key(w, "response");
		json_response(w, rt->review->response);
	}
	if (rt->review != NULL && rt->review->ncorrections > 0) {
		jw_key(w, "corrections");
		json_corrections(w, rt->review->corrections, rt->review->ncorrections);
	}
	jw_object_end(w);
}

static void
json_edition(struct jsonw *w, const struct report *rp, const struct edition_stats *s,
    struct sink *out)
{
	const struct edition *e = s->edition;
	const struct rating **by_id;
	size_t i;

	jw_object_begin(w);
	jw_key(w, "id");
	jw_string(w, e->id);
	jw_key(w, "name");
	jw_string(w, e->name);
	jw_key(w, "published");
	jw_date(w, e->published);
	jw_key(w, "previous");
	jw_string_or_null(w, e->previous ? e->previous->id : NULL);
	jw_key(w, "universe");
	jw_object_begin(w);
	jw_key(w, "tracked");
	if (s->tracked >= 0)
		jw_int(w, s->tracked);
	else
		jw_null(w);
	jw_key(w, "reviewed");
	jw_int(w, s->reviewed);
	jw_object_end(w);
	jw_key(w, "counts");
	json_counts(w, s);
	jw_key(w, "medals");
	jw_int(w, s->medals);
	jw_key(w, "rated");
	jw_int(w, s->rated);
	jw_key(w, "shares");
	jw_object_begin(w);
	jw_key(w, "medals_of_reviewed");
	jw_fixed6(w, s->medals_of_reviewed);
	jw_key(w, "medals_of_tracked");
	jw_fixed6(w, s->medals_of_tracked);
	jw_object_end(w);
	jw_key(w, "change");
	json_change(w, s);
	jw_key(w, "claims");
	json_claims(w, s);
	jw_key(w, "gone");
	json_gone(w, s);
	if (e->ncorrections > 0) {
		jw_key(w, "corrections");
		json_corrections(w, e->corrections, e->ncorrections);
	}
	jw_key(w, "ratings");
	jw_array_begin(w);
	by_id = ratings_by_id(s);
	for (i = 0; i < s->nratings; i++) {
		json_rating(w, rp, by_id[i]);
		sink_flush(out, false);
	}
	free(by_id);
	jw_array_end(w);
	jw_object_end(w);
}

static void
json_providers(struct jsonw *w, const struct computed *c, struct sink *out)
{
	size_t i, k;

	jw_array_begin(w);
	for (i = 0; i < c->nproviders; i++) {
		const struct provider_view *v = &c->providers[i];

		if (!v->visible)
			continue;
		jw_object_begin(w);
		jw_key(w, "id");
		jw_string(w, v->provider->id);
		jw_key(w, "name");
		jw_string(w, v->provider->name);
		if (c->project->report.nprovider_fields > 0) {
			jw_key(w, "fields");
			json_fields(w, c->project->report.provider_fields,
			    c->project->report.nprovider_fields, v->provider->fields);
		}
		jw_key(w, "history");
		jw_array_begin(w);
		for (k = 0; k < v->nhistory; k++) {
			jw_object_begin(w);
			jw_key(w, "edition");
			jw_string(w, v->history[k].edition->id);
			jw_key(w, "tier");
			jw_string(w, v->history[k].rating->tier->id);
			jw_object_end(w);
		}
		jw_array_end(w);
		jw_object_end(w);
		sink_flush(out, false);
	}
	jw_array_end(w);
}

/*
 * Every correction of the build, newest first, with what it corrects:
 * {"date", "text", "about": "review"|"edition"|"section", "edition",
 * "provider", "section"} (ids, null where they do not apply).
 */
static void
json_all_corrections(struct jsonw *w, const struct view_report *v)
{
	size_t i;

	jw_array_begin(w);
	for (i = 0; i < v->ncorrections; i++) {
		const struct vd_correction *vc = &v->corrections[i];

		jw_object_begin(w);
		jw_key(w, "date");
		jw_date(w, vc->correction->date);
		jw_key(w, "text");
		jw_string(w, vc->correction->text);
		jw_key(w, "about");
		jw_string(w, vc->provider != NULL ? "review" : vc->section != NULL ? "section" :
		    "edition");
		jw_key(w, "edition");
		jw_string_or_null(w, vc->edition != NULL ? vc->edition->id : NULL);
		jw_key(w, "provider");
		jw_string_or_null(w, vc->provider != NULL ? vc->provider->id : NULL);
		jw_key(w, "section");
		jw_string_or_null(w, vc->section != NULL ? vc->section->id : NULL);
		jw_object_end(w);
	}
	jw_array_end(w);
}

/* The whole ratings.json document, written as it goes (no tree in memory). */
static void
ratings_json(const struct computed *c, struct sink *out)
{
	const struct report *rp = &c->project->report;
	struct jsonw w;
	size_t i;

	jw_init(&w, &out->b);
	jw_object_begin(&w);
	jw_key(&w, "generator");
	jw_string(&w, "podium " PODIUM_VERSION);
	jw_key(&w, "report");
	jw_object_begin(&w);
	jw_key(&w, "title");
	jw_string(&w, rp->title);
	jw_key(&w, "edition");
	jw_string_or_null(&w, rp->edition_id);
	jw_key(&w, "compare");
	jw_string_or_null(&w, rp->compare ? rp->compare->id : NULL);
	jw_object_end(&w);
	jw_key(&w, "ladder");
	json_ladder(&w, rp);
	jw_key(&w, "editions");
	jw_array_begin(&w);
	for (i = 0; i < c->neditions; i++)
		json_edition(&w, rp, &c->editions[i], out);
	jw_array_end(&w);
	jw_key(&w, "providers");
	json_providers(&w, c, out);
	if (c->view != NULL && c->view->ncorrections > 0) {
		jw_key(&w, "corrections");
		json_all_corrections(&w, c->view);
	}
	jw_object_end(&w);
	buf_putc(&out->b, '\n');
}

/* A number, "true" or "false", or empty: as it is (a negative number stays one). */
static void
csv_field(struct buf *b, const char *s, bool last)
{
	esc_csv(b, s ? s : "");
	buf_puts(b, last ? "\r\n" : ",");
}

static void csv_text_plain(struct buf *b, const char *s, bool last);

/*
 * A text cell, without bidi controls or marks: in a spreadsheet or a
 * terminal one would reorder the cells after it (an override is not closed
 * at a comma).
 */
static void
csv_text(struct buf *b, const char *s, bool last)
{
	struct buf t = BUF_INIT;

	if (s == NULL || !text_has_bidi(s)) {
		csv_text_plain(b, s, last);
		return;
	}
	esc_bidi_strip(&t, s, strlen(s));
	csv_text_plain(b, t.data, last);
	buf_release(&t);
}

/*
 * A text cell. One that starts with =, +, -, @, tab or CR is a formula to a
 * spreadsheet: it is neutralised as OWASP recommends, with a single quote
 * before it and the whole cell quoted ("'=1+2"), so it shows as text.
 */
static void
csv_text_plain(struct buf *b, const char *s, bool last)
{
	const char *q;

	s = s ? s : "";
	if (*s == '\0' || strchr("=+-@\t\r", *s) == NULL) {
		csv_field(b, s, last);
		return;
	}
	buf_puts(b, "\"'");
	while ((q = strchr(s, '"')) != NULL) {
		buf_add(b, s, (size_t)(q - s) + 1);
		buf_putc(b, '"');
		s = q + 1;
	}
	buf_puts(b, s);
	buf_puts(b, last ? "\"\r\n" : "\",");
}

/* The score rounded to millionths, as "%.6f" writes it. */
static void
score_text(double score, char *out, size_t n)
{
	double q = round(score * 1e6);

	if (fabs(q) < 0x1p51)
		fmt_scaled((unsigned long long)fabs(q), signbit(q), 6, out, n);
	else
		snprintf(out, n, "%.6f", q / 1e6);
}

/*
 * The declared fields' cells of one row, after a comma: numbers and
 * booleans as they are, every other value as text (a list's items joined by
 * "; "); an absent value is an empty cell. last: these end the row.
 */
static void
csv_fields(struct buf *b, const struct field_def *defs, size_t n,
    const struct field_value *v, bool last)
{
	struct buf t = BUF_INIT;
	char *x;
	size_t i, k;
	bool end;

	for (i = 0; i < n; i++) {
		end = last && i + 1 == n;
		if (v == NULL || !v[i].set) {
			csv_field(b, "", end);
			continue;
		}
		switch (field_types[defs[i].type].shows) {
		case SHOWS_LIST:
			buf_reset(&t);
			for (k = 0; k < v[i].nitems; k++)
				buf_printf(&t, "%s%s", k ? "; " : "", v[i].items[k]);
			csv_text(b, t.len ? t.data : "", end);
			break;
		case SHOWS_BOOLEAN:
			csv_field(b, v[i].boolean ? "true" : "false", end);
			break;
		case SHOWS_INTEGER:
		case SHOWS_NUMBER:
			csv_field(b, v[i].text, end);
			break;
		default:
			x = field_value_text(&defs[i], &v[i]);
			csv_text(b, x, end);
			free(x);
			break;
		}
	}
	buf_release(&t);
}

/* Whether any rating's tier is uncertain: then the CSV has a last column,
 * "uncertain", that says why (empty for the others). */
static bool
any_uncertain(const struct computed *c)
{
	size_t i, k;

	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			if (c->editions[i].ratings[k].review != NULL &&
			    c->editions[i].ratings[k].review->tier_uncertain != NULL)
				return true;
	return false;
}

/* Whether any review has a response: then the CSV ends with the columns
 * response, response_date and response_source (empty for the others). */
static bool
any_response(const struct computed *c)
{
	size_t i, k;

	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			if (c->editions[i].ratings[k].review != NULL &&
			    c->editions[i].ratings[k].review->response != NULL)
				return true;
	return false;
}

static void
csv_response(struct buf *b, const struct review *rv)
{
	const struct response *r = rv != NULL ? rv->response : NULL;
	char date[11] = "";

	if (r != NULL && r->date != DATE_NONE)
		date_format(r->date, date);
	csv_text(b, r != NULL ? r->text : "", false);
	csv_field(b, date, false);
	csv_text(b, r != NULL && r->source != NULL ? r->source->id : "", true);
}

static void
csv_rating(struct buf *b, const struct report *rp, const struct edition_stats *s,
    const struct rating *rt, bool unc, bool resp)
{
	char num[64] = "", steps[32] = "";

	if (!isnan(rt->score))
		score_text(rt->score, num, sizeof(num));
	if (rt->has_steps)
		fmt_int(rt->steps, steps);
	csv_text(b, s->edition->id, false);
	csv_text(b, rt->provider->id, false);
	csv_text(b, rt->provider->name, false);
	csv_text(b, rt->tier->id, false);
	csv_field(b, rt->tier->medal ? "true" : "false", false);
	csv_field(b, num, false);
	csv_text(b, rt->computed ? rt->computed->id : "", false);
	csv_text(b, rt->previous ? rt->previous->id : "", false);
	csv_field(b, steps, false);
	csv_text(b, move_status_name(rt->status),
	    rp->nprovider_fields + rp->nreview_fields == 0 && !unc && !resp);
	csv_fields(b, rp->provider_fields, rp->nprovider_fields, rt->provider->fields,
	    rp->nreview_fields == 0 && !unc && !resp);
	csv_fields(b, rp->review_fields, rp->nreview_fields,
	    rt->review != NULL ? rt->review->fields : NULL, !unc && !resp);
	if (unc)
		csv_text(b, rt->review != NULL && rt->review->tier_uncertain != NULL ?
		    rt->review->tier_uncertain : "", !resp);
	if (resp)
		csv_response(b, rt->review);
}

static void
ratings_csv(const struct computed *c, struct sink *out)
{
	const struct report *rp = &c->project->report;
	bool unc = any_uncertain(c), resp = any_response(c);
	size_t i, k;

	buf_puts(&out->b, "edition,provider,name,tier,medal,score,computed,previous,steps,status");
	for (i = 0; i < rp->nprovider_fields; i++) {
		buf_putc(&out->b, ',');
		esc_csv(&out->b, rp->provider_fields[i].id);
	}
	for (i = 0; i < rp->nreview_fields; i++) {
		buf_putc(&out->b, ',');
		esc_csv(&out->b, rp->review_fields[i].id);
	}
	if (unc)
		buf_puts(&out->b, ",uncertain");
	if (resp)
		buf_puts(&out->b, ",response,response_date,response_source");
	buf_puts(&out->b, "\r\n");
	for (i = 0; i < c->neditions; i++) {
		const struct rating **by_id = ratings_by_id(&c->editions[i]);

		for (k = 0; k < c->editions[i].nratings; k++) {
			csv_rating(&out->b, rp, &c->editions[i], by_id[k], unc, resp);
			sink_flush(out, false);
		}
		free(by_id);
	}
}

/* Writes rel with make; 0, or -1 after site_out_record's report. */
static int
data_file(const struct computed *c, struct site_out *o, const char *rel,
    void (*make)(const struct computed *, struct sink *))
{
	struct sink s;

	buf_init(&s.b);
	if ((s.err = site_out_open(o, rel, &s.fd)) == 0) {
		buf_grow(&s.b, SINK_CHUNK + 4096);
		make(c, &s);
		sink_flush(&s, true);
		if (close(s.fd) == -1 && s.err == 0)
			s.err = errno != 0 ? errno : EIO;
	}
	buf_release(&s.b);
	return site_out_record(o, rel, s.err);
}

int
render_data(const struct computed *c, struct site_out *o, struct diag *d)
{
	(void)d; /* site_out_record reports the failures */
	if (data_file(c, o, "data/ratings.json", ratings_json) == -1)
		return -1;
	return data_file(c, o, "data/ratings.csv", ratings_csv);
}
