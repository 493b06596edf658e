/* html_provider.c: providers/<id>/index.html, one page per provider: tier
 * history, each review (text, failure test, security, quotes, sources).
 * The history chart is the build's one frame image with the provider's
 * marks laid over it as inline SVG, so no page needs a chart of its own. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "parse.h"
#include "table.h"

#define HISTORY_FRAME "charts/history-frame.svg"

static const char *
edition_name(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

/* A duration as the pages write it ("1h5m"), or a dash when not recorded. */
static struct tv *
duration_text(int64_t s)
{
	char out[32];

	if (s < 0)
		return tv_lit("\xe2\x80\x94");
	duration_format(s, out, sizeof(out));
	return tv_str(out);
}

/*
 * One step of a fault test. An upper bound (SPEC 1.4) is "within 11m", within
 * target only when the bound is at or under it, else not known.
 */
static void
fault_step(struct tv *a, const char *label, int64_t t, bool upper, int64_t target)
{
	struct tv *o = tv_object();
	const char *verdict = "";
	char out[32];

	hj_setl(o, "label", label);
	if (upper && t >= 0) {
		duration_format(t, out, sizeof(out));
		hj_take_set(o, "time", xasprintf("within %s", out));
	} else
		tv_set(o, "time", duration_text(t));
	tv_set(o, "target", duration_text(target));
	if (t < 0)
		verdict = "no time recorded";
	else if (target >= 0 && upper)
		verdict = t <= target ? "within target" : "not known";
	else if (target >= 0)
		verdict = t <= target ? "within target" : "over target";
	hj_setl(o, "verdict", verdict);
	tv_append(a, o);
}

static struct tv *
fault_json(struct html_ctx *h, const struct review *rv, const char *root)
{
	const struct fault_test *f = rv->fault;
	const struct edition *e = rv->edition;
	struct tv *o, *steps;
	static const char *const by[] = {"the provider", "the customer", "nobody"};

	if (f == NULL)
		return tv_null();
	o = tv_object();
	steps = tv_array();
	hj_setl(o, "fault", f->fault != NULL ? f->fault : "not described");
	hj_setl(o, "detected_by", f->detected_by == DETECT_UNSET ? "not recorded" :
	    by[f->detected_by]);
	if (f->automatic == TRI_TRUE)
		hj_setl(o, "automatic", "Recovery was automatic, with no human in the loop.");
	else if (f->automatic == TRI_FALSE)
		hj_setl(o, "automatic", "Recovery needed a human.");
	if (f->not_injected)
		tv_set(o, "not_injected", tv_bool(true));
	else {
		fault_step(steps, "Detected", f->detect_after, f->detect_upper,
		    e->target_detect);
		fault_step(steps, "Drained", f->drain_after, f->drain_upper, -1);
		fault_step(steps, "Replaced", f->replaced_after, f->replaced_upper,
		    e->target_replace);
	}
	tv_set(o, "steps", steps);
	tv_set(o, "has_targets",
	    tv_bool(e->target_detect >= 0 || e->target_replace >= 0));
	if (f->note != NULL)
		tv_set(o, "note_html", hj_markdown(h, f->note, &f->pos, root));
	return o;
}

static void
practice_add(struct tv *a, const char *label, enum tri v)
{
	struct tv *o = tv_object();

	hj_setl(o, "label", label);
	hj_setl(o, "state", v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" : "unknown");
	hj_setl(o, "mark", v == TRI_TRUE ? "\xe2\x9c\x93" : v == TRI_FALSE ?
	    "\xe2\x9c\x97" : "?");
	hj_setl(o, "answer", v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" : "not known");
	tv_append(a, o);
}

/* A public finding only: the caller never passes a private one. */
struct tv *
html_finding(const struct finding *f)
{
	struct tv *o = tv_object();
	char date[11], after[32];

	hj_sets(o, "title", f->title);
	hj_sets(o, "class", finding_class_name(f->cls));
	if (f->severity != SEV_UNSET)
		hj_sets(o, "severity", severity_name(f->severity));
	if (f->disclosed != DATE_NONE) {
		date_format(f->disclosed, date);
		hj_sets(o, "disclosed", date);
	}
	if (f->patched != DATE_NONE) {
		date_format(f->patched, date);
		hj_sets(o, "patched", date);
	} else if (f->patched_after >= 0) {
		duration_format(f->patched_after, after, sizeof(after));
		hj_take_set(o, "patched", xasprintf("%s after disclosure", after));
	}
	if (f->verified != DATE_NONE) {
		date_format(f->verified, date);
		hj_sets(o, "verified", date);
	} else if (f->verified_flag)
		hj_sets(o, "verified", "yes");
	return o;
}

char *
html_undisclosed(size_t n)
{
	if (n == 0)
		return NULL;
	return xasprintf("%zu undisclosed finding%s", n, n == 1 ? "" : "s");
}

static struct tv *
security_json(const struct review *rv)
{
	struct tv *o, *pr, *fs;
	size_t i, hidden = 0;

	if (!rv->has_security)
		return tv_null();
	o = tv_object();
	pr = tv_array();
	fs = tv_array();
	practice_add(pr, "Drivers and software kept current", rv->practices.drivers_current);
	practice_add(pr, "Member of the embargoed security programme",
	    rv->practices.embargo_program);
	practice_add(pr, "Runs the security audit tool", rv->practices.audit_tool);
	for (i = 0; i < rv->nfindings; i++) {
		if (rv->findings[i].public)
			tv_append(fs, html_finding(&rv->findings[i]));
		else
			hidden++;
	}
	tv_set(o, "practices", pr);
	tv_set(o, "has_findings", tv_bool(tv_size(fs) > 0));
	tv_set(o, "findings", fs);
	hj_take_set(o, "undisclosed", html_undisclosed(hidden));
	return o;
}

/* A link into a video at a timestamp, when the source has a URL. */
static char *
at_href(const struct source *s, int64_t at)
{
	char *u, *out;

	if (s->url == NULL || at < 0)
		return NULL;
	u = xasprintf("%s%ct=%lld", s->url, strchr(s->url, '?') ? '&' : '?',
	    (long long)at);
	out = html_url(u);
	free(u);
	return out;
}

static struct tv *
quotes_json(const struct review *rv, const char *root)
{
	struct tv *a = tv_array(), *o;
	const struct quote *q;
	char *path;
	size_t i;

	for (i = 0; i < rv->nquotes; i++) {
		q = &rv->quotes[i];
		o = tv_object();
		hj_sets(o, "text", q->text);
		hj_sets(o, "source", q->source->title != NULL ? q->source->title : q->source->id);
		path = html_source_path(q->source);
		hj_href_set(o, "source_href", root, path);
		free(path);
		hj_sets(o, "at", q->at_text);
		hj_take_set(o, "at_href", at_href(q->source, q->at));
		tv_append(a, o);
	}
	return a;
}

static struct tv *
sources_json(const struct review *rv, const char *root)
{
	struct tv *a = tv_array(), *o;
	char *path;
	size_t i;

	for (i = 0; i < rv->nsources; i++) {
		o = tv_object();
		hj_sets(o, "title", rv->sources[i]->title != NULL ?
		    rv->sources[i]->title : rv->sources[i]->id);
		path = html_source_path(rv->sources[i]);
		hj_href_set(o, "href", root, path);
		free(path);
		tv_append(a, o);
	}
	hj_mark_last(a);
	return a;
}

static struct tv *
md_list(struct html_ctx *h, const char **items, size_t n, const struct pos *at,
    const char *root)
{
	struct tv *a = tv_array(), *o;
	size_t i;

	for (i = 0; i < n; i++) {
		o = tv_object();
		tv_set(o, "html", hj_markdown(h, items[i], at, root));
		tv_append(a, o);
	}
	return a;
}

static struct tv *
review_json(struct html_ctx *h, const struct rating *r, const char *root)
{
	const struct review *rv = r->review;
	struct tv *o = tv_object(), *st, *wk, *q, *src;

	tv_set(o, "anchor", hj_cat("review-", rv->edition->id, ""));
	hj_setl(o, "edition", edition_name(rv->edition));
	if (r->override) {
		hj_sets(o, "override_reason", rv->override_reason);
		tv_set(o, "computed", hj_tier(r->computed));
	}
	tv_set(o, "summary_html",
	    hj_markdown(h, rv->summary, &rv->summary_pos, root));
	st = md_list(h, rv->strengths, rv->nstrengths, &rv->pos, root);
	wk = md_list(h, rv->weaknesses, rv->nweaknesses, &rv->pos, root);
	tv_set(o, "has_points", tv_bool(rv->nstrengths + rv->nweaknesses > 0));
	tv_set(o, "has_strengths", tv_bool(rv->nstrengths > 0));
	tv_set(o, "has_weaknesses", tv_bool(rv->nweaknesses > 0));
	tv_set(o, "strengths", st);
	tv_set(o, "weaknesses", wk);
	tv_set(o, "fault", fault_json(h, rv, root));
	tv_set(o, "security", security_json(rv));
	q = quotes_json(rv, root);
	tv_set(o, "has_quotes", tv_bool(tv_size(q) > 0));
	tv_set(o, "quotes", q);
	src = sources_json(rv, root);
	tv_set(o, "has_sources", tv_bool(tv_size(src) > 0));
	tv_set(o, "sources", src);
	return o;
}

/*
 * A review with nothing but a tier (and its sources) gets no section of its
 * own: its row in the history table says where it comes from.
 */
static bool
review_thin(const struct rating *r)
{
	const struct review *rv = r->review;

	return rv->summary == NULL && rv->nstrengths == 0 && rv->nweaknesses == 0 &&
	    rv->fault == NULL && !rv->has_security && rv->nquotes == 0 && !r->override;
}

static struct tv *
history_row(const struct history_entry *he, const char *root)
{
	const struct rating *r = he->rating;
	struct tv *o = tv_object();
	char *path = html_edition_path(he->edition), score[32];

	if (review_thin(r))
		tv_set(o, "sources", sources_json(r->review, root));
	else
		tv_set(o, "review_href", hj_cat("#review-", r->review->edition->id, ""));

	hj_setl(o, "edition", edition_name(he->edition));
	hj_href_set(o, "href", root, path);
	free(path);
	tv_set(o, "tier", hj_rating_tier(r));
	tv_set(o, "override", tv_bool(r->override));
	if (isnan(r->score))
		strcpy(score, "\xe2\x80\x94");
	else
		fmt_fixed(r->score, 1, score, sizeof(score));
	hj_sets(o, "score", score);
	tv_set(o, "move", he->edition->previous != NULL || r->previous != NULL ?
	    hj_move(r->status, r->steps, r->has_steps, NULL) : tv_null());
	return o;
}

static struct tv *
current_json(const struct provider_view *v)
{
	const struct history_entry *he = &v->history[v->nhistory - 1];
	struct tv *o = tv_object();

	tv_set(o, "tier", hj_rating_tier(he->rating));
	hj_setl(o, "edition", edition_name(he->edition));
	tv_set(o, "move", he->edition->previous != NULL ?
	    hj_move(he->rating->status, he->rating->steps, he->rating->has_steps, NULL) :
	    tv_null());
	return o;
}

/* The history chart ({src, width, height, marks, title, table}) over the
 * frame the build draws whenever it writes pages. */
static struct tv *
history_chart_json(struct html_ctx *h, const struct provider *pr,
    const char *root)
{
	struct chart ch;
	struct table *t;
	struct buf b = BUF_INIT;
	struct tv *o;

	o = tv_object();
	chart_init(&ch, h->c, CHART_HISTORY, pr);
	buf_puts(&b, root);
	buf_puts(&b, HISTORY_FRAME);
	hj_href_set(o, "src", "", b.data);
	buf_reset(&b);
	tv_set(o, "width", tv_int((long long)lround(ch.width)));
	tv_set(o, "height",
	    tv_int((long long)lround(chart_history_framed_height(&ch))));
	if (chart_history_marks(&ch, h->c, &b) == 0)
		hj_take_set(o, "marks", buf_detach(&b, NULL));
	hj_sets(o, "title", ch.title);
	t = chart_table(&ch, h->c);
	tv_set(o, "table", hj_table(t, root));
	table_free(t);
	chart_release(&ch);
	buf_release(&b);
	return o;
}

/* The data of a provider's page, at site path rel. */
static struct tv *
provider_json(struct html_ctx *h, const struct provider_view *v, const char *rel)
{
	const struct provider *pr = v->provider;
	struct tv *page = hj_page(h, rel, "provider", html_provider_name(pr)), *hist, *rv;
	const char *root = tv_str_value(tv_get(page, "root"));
	size_t i;

	hj_sets(page, "heading", html_provider_name(pr));
	hj_sets(page, "name", html_provider_name(pr));
	hj_sets(page, "kind", provider_kind_name(pr->kind));
	hj_sets(page, "country", pr->country);
	if (pr->url != NULL) {
		hj_take_set(page, "url", html_url(pr->url));
		hj_sets(page, "url_text", pr->url);
	}
	if (pr->successor != NULL)
		tv_set(page, "successor", hj_provider_link(root, pr->successor));
	tv_set(page, "current", current_json(v));
	tv_set(page, "history_chart", history_chart_json(h, pr, root));
	hist = tv_array();
	rv = tv_array();
	for (i = 0; i < v->nhistory; i++) {
		tv_append(hist, history_row(&v->history[i], root));
		/* no score column when no edition has a rubric score (SPEC 1.1) */
		if (!isnan(v->history[i].rating->score))
			tv_set(page, "has_scores", tv_bool(true));
	}
	for (i = v->nhistory; i-- > 0;)
		if (!review_thin(v->history[i].rating))
			tv_append(rv, review_json(h, v->history[i].rating, root));
	tv_set(page, "history", hist);
	tv_set(page, "reviews", rv);
	return page;
}

int
html_provider_page(struct html_ctx *h, const void *arg)
{
	const struct provider_view *v = arg;
	char *rel = html_provider_path(v->provider);
	int rc;

	rc = html_page_write(h, "provider", provider_json(h, v, rel), rel);
	free(rel);
	return rc;
}
