/* html_provider.c: providers/<id>/index.html, one page per provider: tier
 * history, each review (text, failure test, security, quotes, sources).
 * The history chart is the build's one frame image with the provider's
 * marks laid over it as inline SVG, so no page needs a chart of its own. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "badge.h"
#include "escape.h"
#include "html.h"
#include "markdown.h"
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
duration_text(const struct report *r, int64_t s)
{
	char out[128];

	if (s < 0)
		return tv_lit("\xe2\x80\x94");
	report_duration(r, s, out, sizeof(out));
	return tv_str(out);
}

/*
 * One step of a fault test. An upper bound (SPEC 1.4) is "within 11m", within
 * target only when the bound is at or under it, else not known.
 */
static void
fault_step(const struct report *r, struct tv *a, const char *label, int64_t t, bool upper, int64_t target)
{
	struct tv *o = tv_object();
	char *time = fault_step_time(r, t, upper);

	pv_set_lit(o, "label", label);
	if (time != NULL)
		pv_set_taken(o, "time", time);
	else
		tv_set(o, "time", duration_text(r, t));
	tv_set(o, "target", duration_text(r, target));
	pv_set_lit(o, "verdict", fault_step_verdict(r, t, upper, target));
	tv_append(a, o);
}

static struct tv *
fault_values(struct html_ctx *h, const struct review *rv, const char *root)
{
	const struct fault_test *f = rv->fault;
	const struct edition *e = rv->edition;
	struct tv *o, *steps;
	static const char *const by[] = {"by_provider", "by_customer", "by_nobody"};
	const struct report *r = &h->p->report;

	if (f == NULL)
		return tv_null();
	o = tv_object();
	steps = tv_array();
	pv_set_lit(o, "fault", f->fault != NULL ? f->fault :
	    report_string(r, "fault_not_described"));
	pv_set_lit(o, "detected_by", report_string(r, f->detected_by == DETECT_UNSET ?
	    "not_recorded" : by[f->detected_by]));
	if (f->automatic == TRI_TRUE)
		pv_set_lit(o, "automatic", report_string(r, "recovery_automatic"));
	else if (f->automatic == TRI_FALSE)
		pv_set_lit(o, "automatic", report_string(r, "recovery_human"));
	if (f->not_injected)
		tv_set(o, "not_injected", tv_bool(true));
	else {
		fault_step(r, steps, report_string(r, "step_detected"), f->detect_after, f->detect_upper,
		    e->target_detect);
		fault_step(r, steps, report_string(r, "step_drained"), f->drain_after, f->drain_upper, -1);
		fault_step(r, steps, report_string(r, "step_replaced"), f->replaced_after, f->replaced_upper,
		    e->target_replace);
	}
	tv_set(o, "steps", steps);
	tv_set(o, "has_targets",
	    tv_bool(e->target_detect >= 0 || e->target_replace >= 0));
	if (f->note != NULL)
		tv_set(o, "note_html", pv_markdown(h, f->note, &f->pos, root));
	return o;
}

static void
practice_add(struct tv *a, const struct report *r, const struct practice_def *pd,
    enum tri v)
{
	struct tv *o = tv_object();

	pv_set_lit(o, "id", pd->id);
	pv_set_lit(o, "label", pd->name);
	pv_set_lit(o, "state", v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" : "unknown");
	pv_set_lit(o, "mark", v == TRI_TRUE ? "\xe2\x9c\x93" : v == TRI_FALSE ?
	    "\xe2\x9c\x97" : "?");
	pv_set_lit(o, "answer", report_string(r, v == TRI_TRUE ? "yes" : v == TRI_FALSE ? "no" :
	    "not_known"));
	tv_append(a, o);
}

/* A public finding only: the caller never passes a private one. */
struct tv *
html_finding(const struct report *rp, const struct finding *f)
{
	struct tv *o = tv_object();
	char date[11], after[128];

	pv_set_str(o, "title", f->title);
	pv_set_str(o, "class", view_word(rp, "class", finding_class_name(f->cls)));
	pv_set_str(o, "class_id", finding_class_name(f->cls));
	if (f->severity != SEV_UNSET) {
		pv_set_str(o, "severity", severity_name(f->severity));
		pv_set_str(o, "severity_text", view_word(rp, "severity", severity_name(f->severity)));
	}
	if (f->disclosed != DATE_NONE) {
		date_format(f->disclosed, date);
		pv_set_str(o, "disclosed", date);
		pv_set_taken(o, "disclosed_text", view_date(rp, f->disclosed));
	}
	if (f->patched != DATE_NONE)
		pv_set_taken(o, "patched", view_date(rp, f->patched));
	else if (f->patched_after >= 0) {
		report_duration(rp, f->patched_after, after, sizeof(after));
		pv_set_taken(o, "patched", report_format1(rp, "after_disclosure", "time", after));
	}
	if (f->verified != DATE_NONE)
		pv_set_taken(o, "verified", view_date(rp, f->verified));
	else if (f->verified_flag)
		pv_set_str(o, "verified", report_string(rp, "yes"));
	return o;
}

char *
html_undisclosed(const struct report *r, size_t n)
{
	if (n == 0)
		return NULL;
	return report_format_n(r, view_plural(r, (double)n, "undisclosed_one", "undisclosed_many"), (long)n);
}

static struct tv *
security_values(const struct report *rp, const struct review *rv)
{
	struct tv *o, *pr, *fs;
	size_t i, hidden = 0;

	if (!rv->has_security)
		return tv_null();
	o = tv_object();
	pr = tv_array();
	fs = tv_array();
	for (i = 0; i < rp->npractices; i++)
		practice_add(pr, rp, &rp->practices[i],
		    rv->practices != NULL ? rv->practices[i] : TRI_UNSET);
	tv_set(o, "has_practices", tv_bool(rp->npractices > 0));
	for (i = 0; i < rv->nfindings; i++) {
		if (rv->findings[i].public)
			tv_append(fs, html_finding(rp, &rv->findings[i]));
		else
			hidden++;
	}
	tv_set(o, "practices", pr);
	tv_set(o, "has_findings", tv_bool(tv_size(fs) > 0));
	tv_set(o, "findings", fs);
	pv_set_taken(o, "undisclosed", html_undisclosed(rp, hidden));
	return o;
}

/*
 * The declared fields that have a value, in declaration order: each
 * {id, name, type, value, value_html, unit, description}. value_html is the
 * value as HTML: text is inline Markdown, a url a link, a list items.
 */
struct tv *
html_fields(struct html_ctx *h, const struct field_def *defs, size_t n,
    const struct field_value *v, const char *root)
{
	struct tv *a = tv_array(), *o;
	struct buf b = BUF_INIT;
	char *t, *u;
	size_t i, k;

	for (i = 0; v != NULL && i < n; i++) {
		if (!v[i].set)
			continue;
		o = tv_object();
		pv_set_lit(o, "id", defs[i].id);
		pv_set_lit(o, "name", defs[i].name);
		pv_set_lit(o, "type", field_type_name(defs[i].type));
		pv_set_lit(o, "unit", defs[i].unit);
		pv_set_lit(o, "description", defs[i].description);
		t = field_value_text(&defs[i], &v[i]);
		buf_reset(&b);
		switch (field_types[defs[i].type].shows) {
		case SHOWS_MARKDOWN:
			if (md_to_html_inline(h->c, v[i].text, v[i].pos.file, v[i].pos.line, root,
			    &b, h->d) == -1)
				h->failed = true;
			break;
		case SHOWS_URL:
			u = html_url(v[i].text);
			buf_printf(&b, "<a href=\"%s\" rel=\"external\">", u);
			esc_html(&b, v[i].text);
			buf_puts(&b, "</a>");
			free(u);
			break;
		case SHOWS_BOOLEAN:
			esc_html(&b, report_string(&h->p->report, v[i].boolean ? "yes" : "no"));
			break;
		case SHOWS_LIST:
			for (k = 0; k < v[i].nitems; k++) {
				if (k > 0)
					buf_puts(&b, ", ");
				esc_html(&b, v[i].items[k]);
			}
			break;
		default:
			esc_html(&b, t);
			break;
		}
		tv_set(o, "value_html", tv_str(b.len ? b.data : ""));
		pv_set_taken(o, "value", t);
		tv_append(a, o);
	}
	buf_release(&b);
	return tv_size(a) > 0 ? a : tv_null();
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
quotes_values(const struct review *rv, const char *root)
{
	struct tv *a = tv_array(), *o;
	const struct quote *q;
	char *path;
	size_t i;

	for (i = 0; i < rv->nquotes; i++) {
		q = &rv->quotes[i];
		o = tv_object();
		pv_set_str(o, "text", q->text);
		pv_set_str(o, "source", q->source->title != NULL ? q->source->title : q->source->id);
		path = html_source_path(q->source);
		pv_set_href(o, "source_href", root, path);
		free(path);
		pv_set_str(o, "at", q->at_text);
		pv_set_taken(o, "at_href", at_href(q->source, q->at));
		tv_append(a, o);
	}
	return a;
}

static struct tv *
sources_values(const struct review *rv, const char *root)
{
	struct tv *a = tv_array(), *o;
	char *path;
	size_t i;

	for (i = 0; i < rv->nsources; i++) {
		o = tv_object();
		pv_set_str(o, "title", rv->sources[i]->title != NULL ?
		    rv->sources[i]->title : rv->sources[i]->id);
		path = html_source_path(rv->sources[i]);
		pv_set_href(o, "href", root, path);
		free(path);
		tv_append(a, o);
	}
	pv_mark_last(a);
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
		tv_set(o, "html", pv_markdown(h, items[i], at, root));
		tv_append(a, o);
	}
	return a;
}

static struct tv *
review_values(struct html_ctx *h, const struct rating *r, const char *root)
{
	const struct review *rv = r->review;
	struct tv *o = tv_object(), *st, *wk, *q, *src, *f;

	tv_set(o, "anchor", pv_cat("review-", rv->edition->id, ""));
	pv_set_lit(o, "edition", edition_name(rv->edition));
	if (rv->draft) /* only in a build with drafts: serve, --drafts */
		tv_set(o, "draft", tv_bool(true));
	if (r->override) {
		pv_set_str(o, "override_reason", rv->override_reason);
		tv_set(o, "computed", pv_tier(r->computed));
	}
	tv_set(o, "summary_html",
	    pv_markdown(h, rv->summary, &rv->summary_pos, root));
	st = md_list(h, rv->strengths, rv->nstrengths, &rv->pos, root);
	wk = md_list(h, rv->weaknesses, rv->nweaknesses, &rv->pos, root);
	tv_set(o, "has_points", tv_bool(rv->nstrengths + rv->nweaknesses > 0));
	tv_set(o, "has_strengths", tv_bool(rv->nstrengths > 0));
	tv_set(o, "has_weaknesses", tv_bool(rv->nweaknesses > 0));
	tv_set(o, "strengths", st);
	tv_set(o, "weaknesses", wk);
	tv_set(o, "fault", fault_values(h, rv, root));
	tv_set(o, "security", security_values(&h->p->report, rv));
	f = html_fields(h, h->p->report.review_fields, h->p->report.nreview_fields,
	    rv->fields, root);
	tv_set(o, "has_fields", tv_bool(tv_size(f) > 0));
	tv_set(o, "fields", f);
	q = quotes_values(rv, root);
	tv_set(o, "has_quotes", tv_bool(tv_size(q) > 0));
	tv_set(o, "quotes", q);
	src = sources_values(rv, root);
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
history_row(const struct report *rp, const struct history_entry *he, const char *root)
{
	const struct rating *r = he->rating;
	struct tv *o = tv_object();
	char *path = html_edition_path(he->edition), score[32];

	if (review_thin(r))
		tv_set(o, "sources", sources_values(r->review, root));
	else
		tv_set(o, "review_href", pv_cat("#review-", r->review->edition->id, ""));

	pv_set_lit(o, "edition", edition_name(he->edition));
	pv_set_href(o, "href", root, path);
	free(path);
	tv_set(o, "tier", pv_rating_tier(r));
	tv_set(o, "override", tv_bool(r->override));
	if (r->review->draft)
		tv_set(o, "draft", tv_bool(true));
	if (isnan(r->score))
		strcpy(score, "\xe2\x80\x94");
	else
		fmt_fixed(r->score, 1, score, sizeof(score));
	pv_set_taken(o, "score", view_decimal(rp, score));
	tv_set(o, "move", he->edition->previous != NULL || r->previous != NULL ?
	    pv_move(rp, r->status, r->steps, r->has_steps, NULL) :
	    tv_null());
	return o;
}

static struct tv *
current_values(struct html_ctx *h, const struct provider_view *v, const char *root)
{
	const struct history_entry *he = &v->history[v->nhistory - 1];
	const struct tier *t = he->rating->tier;
	struct tv *o = tv_object();

	tv_set(o, "tier", pv_rating_tier(he->rating));
	if (t->description != NULL)
		tv_set(o, "tier_description_html", pv_markdown(h, t->description, &t->pos, root));
	pv_set_lit(o, "edition", edition_name(he->edition));
	pv_set_taken(o, "in_edition", report_format1(&h->p->report, "tier_in_the_edition",
	    "edition", edition_name(he->edition)));
	tv_set(o, "move", he->edition->previous != NULL ?
	    pv_move(&h->p->report, he->rating->status, he->rating->steps, he->rating->has_steps, NULL) :
	    tv_null());
	return o;
}

/* The history chart ({src, width, height, marks, title, table}) over the
 * frame the build draws whenever it writes pages. */
static struct tv *
history_chart_values(struct html_ctx *h, const struct provider *pr,
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
	pv_set_href(o, "src", "", b.data);
	buf_reset(&b);
	tv_set(o, "width", tv_int((long long)lround(ch.width)));
	tv_set(o, "height",
	    tv_int((long long)lround(chart_history_framed_height(&ch))));
	if (chart_history_marks(&ch, h->c, &b) == 0)
		pv_set_taken(o, "marks", buf_detach(&b, NULL));
	pv_set_str(o, "title", ch.title);
	t = chart_table(&ch, h->c);
	tv_set(o, "table", pv_table(t, root));
	table_free(t);
	chart_release(&ch);
	buf_release(&b);
	return o;
}

/* Markdown's link text or destination: \\, [, ], ( and ) escaped. */
static void
md_escape(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\[]()<>", *s) != NULL)
			buf_putc(b, '\\');
		buf_putc(b, *s);
	}
}

/* A site path as others must write it: absolute with base_url, else as
 * it is under the site's root. malloc'd. */
static char *
site_url(const struct report *r, const char *rel)
{
	return r->base_url != NULL ? html_url_join(r->base_url, rel) :
	    xstrdup(rel);
}

/*
 * The medal badge and the code that shows it on another site, linked back
 * to this page: {src, alt, intro, html_code, md_code}, or null when the
 * provider never held a medal.
 */
static struct tv *
badge_values(struct html_ctx *h, const struct provider_view *v,
    const char *root, const char *rel)
{
	const struct report *rp = &h->p->report;
	const struct history_entry *he = badge_latest(v);
	struct buf code = BUF_INIT, src = BUF_INIT;
	char *img, *page, *path;
	struct badge b;
	struct tv *o;

	if (he == NULL)
		return tv_null();
	o = tv_object();
	badge_init(&b, rp, v->provider, he->edition, he->rating->tier);
	path = badge_path(v->provider, NULL, "svg");
	buf_puts(&src, root);
	buf_puts(&src, path);
	pv_set_href(o, "src", "", src.data);
	pv_set_str(o, "alt", b.alt);
	pv_set_taken(o, "intro", report_format1(rp, "badge_intro", "provider",
	    html_provider_name(v->provider)));
	img = site_url(rp, path);
	page = site_url(rp, rel);
	/* the page's address as a link gives it: its folder */
	if (strlen(page) >= 10 && strcmp(page + strlen(page) - 10, "index.html") == 0)
		page[strlen(page) - 10] = '\0';
	buf_puts(&code, "<a href=\"");
	esc_attr(&code, page);
	buf_puts(&code, "\"><img src=\"");
	esc_attr(&code, img);
	buf_printf(&code, "\" width=\"%d\" height=\"%d\" alt=\"",
	    (int)BADGE_W, (int)BADGE_H);
	esc_attr(&code, b.alt);
	buf_puts(&code, "\"></a>");
	pv_set_taken(o, "html_code", buf_detach(&code, NULL));
	buf_puts(&code, "[![");
	md_escape(&code, b.alt);
	buf_puts(&code, "](");
	md_escape(&code, img);
	buf_puts(&code, ")](");
	md_escape(&code, page);
	buf_puts(&code, ")");
	pv_set_taken(o, "md_code", buf_detach(&code, NULL));
	free(img);
	free(page);
	free(path);
	buf_release(&src);
	badge_release(&b);
	return o;
}

/* The data of a provider's page, at site path rel. */
static struct tv *
provider_values(struct html_ctx *h, const struct provider_view *v, const char *rel)
{
	const struct provider *pr = v->provider;
	struct tv *page = pv_page(h, rel, "provider", html_provider_name(pr)), *hist, *rv, *f;
	const char *root = tv_str_value(tv_get(page, "root"));
	size_t i;

	pv_set_str(page, "heading", html_provider_name(pr));
	pv_set_str(page, "name", html_provider_name(pr));
	f = html_fields(h, h->p->report.provider_fields, h->p->report.nprovider_fields,
	    pr->fields, root);
	tv_set(page, "has_fields", tv_bool(tv_size(f) > 0));
	tv_set(page, "fields", f);
	if (pr->url != NULL) {
		pv_set_taken(page, "url", html_url(pr->url));
		pv_set_str(page, "url_text", pr->url);
	}
	if (pr->successor != NULL)
		tv_set(page, "successor", pv_provider_link(root, pr->successor));
	tv_set(page, "current", current_values(h, v, root));
	tv_set(page, "has_scores", tv_bool(project_has_rubric(h->p)));
	pv_set_taken(page, "history_caption", report_format1(&h->p->report, "history_caption",
	    "name", html_provider_name(pr)));
	tv_set(page, "history_chart", history_chart_values(h, pr, root));
	hist = tv_array();
	rv = tv_array();
	for (i = 0; i < v->nhistory; i++) {
		tv_append(hist, history_row(&h->p->report, &v->history[i], root));
		/* no score column when no edition has a rubric score (SPEC 1.1) */
		if (!isnan(v->history[i].rating->score))
			tv_set(page, "has_scores", tv_bool(true));
	}
	for (i = v->nhistory; i-- > 0;)
		if (!review_thin(v->history[i].rating))
			tv_append(rv, review_values(h, v->history[i].rating, root));
	tv_set(page, "history", hist);
	tv_set(page, "reviews", rv);
	tv_set(page, "badge", badge_values(h, v, root, rel));
	return page;
}

int
html_provider_page(struct html_ctx *h, const void *arg)
{
	const struct provider_view *v = arg;
	char *rel = html_provider_path(v->provider);
	int rc;

	rc = html_page_out(h, "provider", provider_values(h, v, rel), rel);
	free(rel);
	return rc;
}
