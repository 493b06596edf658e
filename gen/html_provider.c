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

static char *
duration_text(int64_t s)
{
	char out[32];

	if (s < 0)
		return xstrdup("\xe2\x80\x94");
	duration_format(s, out, sizeof(out));
	return xstrdup(out);
}

static void
fault_step(json_t *a, const char *label, int64_t t, int64_t target)
{
	json_t *o = json_object();
	const char *verdict = "";

	hj_sets(o, "label", label);
	hj_take_set(o, "time", duration_text(t));
	hj_take_set(o, "target", duration_text(target));
	if (t < 0)
		verdict = "no time recorded";
	else if (target >= 0)
		verdict = t <= target ? "within target" : "over target";
	hj_sets(o, "verdict", verdict);
	json_array_append_new(a, o);
}

static json_t *
fault_json(struct html_ctx *h, const struct review *rv, const char *root)
{
	const struct fault_test *f = rv->fault;
	const struct edition *e = rv->edition;
	json_t *o, *steps;
	static const char *const by[] = {"the provider", "the customer", "nobody"};

	if (f == NULL)
		return json_null();
	o = json_object();
	steps = json_array();
	hj_sets(o, "fault", f->fault != NULL ? f->fault : "not described");
	hj_sets(o, "detected_by", f->detected_by == DETECT_UNSET ? "not recorded" :
	    by[f->detected_by]);
	if (f->automatic == TRI_TRUE)
		hj_sets(o, "automatic", "Recovery was automatic, with no human in the loop.");
	else if (f->automatic == TRI_FALSE)
		hj_sets(o, "automatic", "Recovery needed a human.");
	fault_step(steps, "Detected", f->detect_after, e->target_detect);
	fault_step(steps, "Drained", f->drain_after, -1);
	fault_step(steps, "Replaced", f->replaced_after, e->target_replace);
	json_object_set_new_nocheck(o, "steps", steps);
	json_object_set_new_nocheck(o, "has_targets",
	    json_boolean(e->target_detect >= 0 || e->target_replace >= 0));
	if (f->note != NULL)
		json_object_set_new_nocheck(o, "note_html", hj_markdown(h, f->note, &f->pos, root));
	return o;
}

static void
practice_add(json_t *a, const char *label, enum tri v)
{
	json_t *o = json_object();

	hj_sets(o, "label", label);
	hj_sets(o, "state", v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" : "unknown");
	hj_sets(o, "mark", v == TRI_TRUE ? "\xe2\x9c\x93" : v == TRI_FALSE ?
	    "\xe2\x9c\x97" : "?");
	hj_sets(o, "answer", v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" : "not known");
	json_array_append_new(a, o);
}

/* A public finding only: the caller never passes a private one. */
json_t *
html_finding(const struct finding *f)
{
	json_t *o = json_object();
	char date[11], after[32];

	hj_sets(o, "title", f->title);
	hj_sets(o, "class", finding_class_name(f->cls));
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

static json_t *
security_json(const struct review *rv)
{
	json_t *o, *pr, *fs;
	size_t i, hidden = 0;

	if (!rv->has_security)
		return json_null();
	o = json_object();
	pr = json_array();
	fs = json_array();
	practice_add(pr, "Drivers and software kept current", rv->practices.drivers_current);
	practice_add(pr, "Member of the embargoed security programme",
	    rv->practices.embargo_program);
	practice_add(pr, "Runs the security audit tool", rv->practices.audit_tool);
	for (i = 0; i < rv->nfindings; i++) {
		if (rv->findings[i].public)
			json_array_append_new(fs, html_finding(&rv->findings[i]));
		else
			hidden++;
	}
	json_object_set_new_nocheck(o, "practices", pr);
	json_object_set_new_nocheck(o, "has_findings", json_boolean(json_array_size(fs) > 0));
	json_object_set_new_nocheck(o, "findings", fs);
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

static json_t *
quotes_json(const struct review *rv, const char *root)
{
	json_t *a = json_array(), *o;
	const struct quote *q;
	char *path;
	size_t i;

	for (i = 0; i < rv->nquotes; i++) {
		q = &rv->quotes[i];
		o = json_object();
		hj_sets(o, "text", q->text);
		hj_sets(o, "source", q->source->title != NULL ? q->source->title : q->source->id);
		path = html_source_path(q->source);
		hj_take_set(o, "source_href", html_href(root, path));
		free(path);
		hj_sets(o, "at", q->at_text);
		hj_take_set(o, "at_href", at_href(q->source, q->at));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
sources_json(const struct review *rv, const char *root)
{
	json_t *a = json_array(), *o;
	char *path;
	size_t i;

	for (i = 0; i < rv->nsources; i++) {
		o = json_object();
		hj_sets(o, "title", rv->sources[i]->title != NULL ?
		    rv->sources[i]->title : rv->sources[i]->id);
		path = html_source_path(rv->sources[i]);
		hj_take_set(o, "href", html_href(root, path));
		free(path);
		json_array_append_new(a, o);
	}
	hj_mark_last(a);
	return a;
}

static json_t *
md_list(struct html_ctx *h, const char **items, size_t n, const struct pos *at,
    const char *root)
{
	json_t *a = json_array(), *o;
	size_t i;

	for (i = 0; i < n; i++) {
		o = json_object();
		json_object_set_new_nocheck(o, "html", hj_markdown(h, items[i], at, root));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
review_json(struct html_ctx *h, const struct rating *r, const char *root)
{
	const struct review *rv = r->review;
	json_t *o = json_object(), *st, *wk, *q, *src;

	hj_take_set(o, "anchor", xasprintf("review-%s", rv->edition->id));
	hj_sets(o, "edition", edition_name(rv->edition));
	if (r->override) {
		hj_sets(o, "override_reason", rv->override_reason);
		json_object_set_new_nocheck(o, "computed", hj_tier(r->computed));
	}
	json_object_set_new_nocheck(o, "summary_html",
	    hj_markdown(h, rv->summary, &rv->summary_pos, root));
	st = md_list(h, rv->strengths, rv->nstrengths, &rv->pos, root);
	wk = md_list(h, rv->weaknesses, rv->nweaknesses, &rv->pos, root);
	json_object_set_new_nocheck(o, "has_points", json_boolean(rv->nstrengths + rv->nweaknesses > 0));
	json_object_set_new_nocheck(o, "has_strengths", json_boolean(rv->nstrengths > 0));
	json_object_set_new_nocheck(o, "has_weaknesses", json_boolean(rv->nweaknesses > 0));
	json_object_set_new_nocheck(o, "strengths", st);
	json_object_set_new_nocheck(o, "weaknesses", wk);
	json_object_set_new_nocheck(o, "fault", fault_json(h, rv, root));
	json_object_set_new_nocheck(o, "security", security_json(rv));
	q = quotes_json(rv, root);
	json_object_set_new_nocheck(o, "has_quotes", json_boolean(json_array_size(q) > 0));
	json_object_set_new_nocheck(o, "quotes", q);
	src = sources_json(rv, root);
	json_object_set_new_nocheck(o, "has_sources", json_boolean(json_array_size(src) > 0));
	json_object_set_new_nocheck(o, "sources", src);
	return o;
}

static json_t *
history_row(const struct history_entry *he, const char *root)
{
	const struct rating *r = he->rating;
	json_t *o = json_object();
	char *path = html_edition_path(he->edition), score[32];

	hj_sets(o, "edition", edition_name(he->edition));
	hj_take_set(o, "href", html_href(root, path));
	free(path);
	json_object_set_new_nocheck(o, "tier", hj_tier(r->tier));
	json_object_set_new_nocheck(o, "override", json_boolean(r->override));
	if (isnan(r->score))
		strcpy(score, "\xe2\x80\x94");
	else
		fmt_fixed(r->score, 1, score, sizeof(score));
	hj_sets(o, "score", score);
	json_object_set_new_nocheck(o, "move", he->edition->previous != NULL || r->previous != NULL ?
	    hj_move(r->status, r->steps, r->has_steps, NULL) : json_null());
	return o;
}

static json_t *
current_json(const struct provider_view *v)
{
	const struct history_entry *he = &v->history[v->nhistory - 1];
	json_t *o = json_object();

	json_object_set_new_nocheck(o, "tier", hj_tier(he->rating->tier));
	hj_sets(o, "edition", edition_name(he->edition));
	json_object_set_new_nocheck(o, "move", he->edition->previous != NULL ?
	    hj_move(he->rating->status, he->rating->steps, he->rating->has_steps, NULL) :
	    json_null());
	return o;
}

/* The history chart ({src, width, height, marks, title, table}): JSON null
 * when the build drew no frame. */
static json_t *
history_chart_json(struct html_ctx *h, const struct provider *pr,
    const char *root)
{
	struct chart ch;
	struct table *t;
	struct buf b = BUF_INIT;
	json_t *o;

	if (!site_out_has(h->o, HISTORY_FRAME))
		return json_null();
	o = json_object();
	chart_init(&ch, h->c, CHART_HISTORY, pr);
	buf_puts(&b, root);
	buf_puts(&b, HISTORY_FRAME);
	hj_take_set(o, "src", html_href("", b.data));
	buf_reset(&b);
	json_object_set_new_nocheck(o, "width", json_integer((json_int_t)lround(ch.width)));
	json_object_set_new_nocheck(o, "height",
	    json_integer((json_int_t)lround(chart_history_framed_height(&ch))));
	if (chart_history_marks(&ch, h->c, &b) == 0)
		hj_take_set(o, "marks", buf_detach(&b, NULL));
	hj_sets(o, "title", ch.title);
	t = chart_table(&ch, h->c);
	json_object_set_new_nocheck(o, "table", hj_table(t, root));
	table_free(t);
	chart_release(&ch);
	buf_release(&b);
	return o;
}

/* The data of a provider's page, at site path rel. */
static json_t *
provider_json(struct html_ctx *h, const struct provider_view *v, const char *rel)
{
	const struct provider *pr = v->provider;
	json_t *page = hj_page(h, rel, "provider", html_provider_name(pr)), *hist, *rv;
	const char *root = json_string_value(json_object_get(page, "root"));
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
		json_object_set_new_nocheck(page, "successor", hj_provider_link(root, pr->successor));
	json_object_set_new_nocheck(page, "current", current_json(v));
	json_object_set_new_nocheck(page, "history_chart", history_chart_json(h, pr, root));
	hist = json_array();
	rv = json_array();
	for (i = 0; i < v->nhistory; i++)
		json_array_append_new(hist, history_row(&v->history[i], root));
	for (i = v->nhistory; i-- > 0;)
		json_array_append_new(rv, review_json(h, v->history[i].rating, root));
	json_object_set_new_nocheck(page, "history", hist);
	json_object_set_new_nocheck(page, "reviews", rv);
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
