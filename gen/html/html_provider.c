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
#define HISTORY_FRAME_NARROW "charts/" CHART_NARROW_DIR "history-frame.svg"

static const char *
edition_name(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
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

/*
 * A section of a review as HTML; the one the review's heading names (its
 * only section: CoreWeave 3.0's quotes) without a second heading below it.
 */
static struct tv *
review_part(struct html_ctx *h, const struct vd_review *vr, const char *id,
    const char *root)
{
	const struct vd_section *sec = vd_section_find(vr->s, vr->n, id);
	struct vd_section q;
	struct buf b = BUF_INIT;

	if (sec == NULL || vr->only == NULL || strcmp(vr->only, id) != 0)
		return html_view_value(h, vr->s, vr->n, id, root);
	q = *sec;
	q.title = NULL;
	html_view_section(h, &q, root, &b);
	return pv_taken(buf_detach(&b, NULL));
}

/*
 * A review: the view's sections as HTML (the override, the fields, the
 * failure test, security, quotes, sources), and the review's own Markdown
 * (summary, strengths, weaknesses) for the template to place.
 */
static struct tv *
review_values(struct html_ctx *h, const struct vd_review *vr, const char *root)
{
	const struct rating *r = vr->rating;
	const struct review *rv = r->review;
	struct tv *o = tv_object(), *st, *wk;

	tv_set(o, "anchor", pv_cat("review-", rv->edition->id, ""));
	pv_set_lit(o, "edition", edition_name(rv->edition));
	pv_set_lit(o, "part", vr->part);
	if (rv->draft) /* only in a build with drafts: serve, --drafts */
		tv_set(o, "draft", tv_bool(true));
	tv_set(o, "override_html", html_view_value(h, vr->s, vr->n, "override", root));
	tv_set(o, "summary_html",
	    pv_markdown(h, rv->summary, &rv->summary_pos, root));
	st = md_list(h, rv->strengths, rv->nstrengths, &rv->pos, root);
	wk = md_list(h, rv->weaknesses, rv->nweaknesses, &rv->pos, root);
	tv_set(o, "has_points", tv_bool(rv->nstrengths + rv->nweaknesses > 0));
	tv_set(o, "has_strengths", tv_bool(rv->nstrengths > 0));
	tv_set(o, "has_weaknesses", tv_bool(rv->nweaknesses > 0));
	tv_set(o, "strengths", st);
	tv_set(o, "weaknesses", wk);
	tv_set(o, "fields_html", html_view_value(h, vr->s, vr->n, "fields", root));
	tv_set(o, "fault_html", review_part(h, vr, "fault", root));
	tv_set(o, "security_html", review_part(h, vr, "security", root));
	tv_set(o, "quotes_html", review_part(h, vr, "quotes", root));
	tv_set(o, "response_html", html_view_value(h, vr->s, vr->n, "response", root));
	tv_set(o, "corrections_html", html_view_value(h, vr->s, vr->n, "corrections", root));
	tv_set(o, "sources_html", html_view_value(h, vr->s, vr->n, "sources", root));
	return o;
}

static struct tv *
history_row(const struct computed *c, const struct history_entry *he, bool thin,
    const char *root)
{
	const struct report *rp = &c->project->report;
	const struct rating *r = he->rating, *before = table_rating_before(c, r);
	struct tv *m;
	struct tv *o = tv_object();
	char *path = html_edition_path(he->edition), score[32];

	tv_set(o, "thin", tv_bool(thin && r->review->nsources > 0));
	if (thin)
		tv_set(o, "sources", sources_values(r->review, root));
	else {
		tv_set(o, "review_href", pv_cat("#review-", r->review->edition->id, ""));
		/* the link says where it goes: the review's own heading */
		pv_set_taken(o, "review_link", report_format1(rp, "review_link", "edition",
		    edition_name(r->review->edition)));
	}

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
	if (he->edition->previous == NULL && r->previous == NULL) {
		/* said, not left blank: a blank cell reads as a move not known,
		 * as "no earlier tier known" does a row below on other pages */
		m = tv_object();
		tv_set(m, "status", tv_lit("same"));
		pv_set_str(m, "words", report_string(rp, "move_first_edition"));
		tv_set(o, "move", m);
		return o;
	}
	m = pv_move(rp, r->status, r->steps, r->has_steps, NULL);
	if (before != NULL && before->review->tier_uncertain != NULL) {
		/* the row above marks that tier uncertain: so does the move */
		char *w = move_words(rp, r->status, r->has_steps, r->steps, NULL);

		pv_set_taken(m, "words", report_format1(rp, "move_from_uncertain", "move", w));
		free(w);
	}
	tv_set(o, "move", m);
	return o;
}

/* The tier now: the last review's, with what the tier means when the view
 * says it (not for a tier held in an older edition only). */
static struct tv *
current_values(struct html_ctx *h, const struct provider_view *v,
    const struct vd_provider *vp, const char *root)
{
	const struct history_entry *he = &v->history[v->nhistory - 1];
	const struct tier *t = he->rating->tier;
	struct tv *o = tv_object();

	tv_set(o, "tier", pv_rating_tier(he->rating));
	if (t->description != NULL &&
	    vd_section_find(vp->s, vp->n, "tier-description") != NULL)
		tv_set(o, "tier_description_html", pv_markdown(h, t->description, &t->pos, root));
	pv_set_lit(o, "edition", edition_name(he->edition));
	return o;
}

/* One size of the history chart: the frame's image and the marks over it
 * (the values' keys are kept, not copied: literals). */
static void
history_layer(struct html_ctx *h, const struct provider *pr, const char *root,
    bool narrow, struct tv *o)
{
	struct chart ch;
	struct buf b = BUF_INIT;

	chart_init_sized(&ch, h->c, CHART_HISTORY, pr, narrow);
	buf_puts(&b, root);
	buf_puts(&b, narrow ? HISTORY_FRAME_NARROW : HISTORY_FRAME);
	pv_set_href(o, narrow ? "narrow_src" : "src", "", b.data);
	buf_reset(&b);
	tv_set(o, narrow ? "narrow_width" : "width", tv_int((long long)lround(ch.width)));
	tv_set(o, narrow ? "narrow_height" : "height",
	    tv_int((long long)lround(chart_history_framed_height(&ch))));
	if (chart_history_marks(&ch, h->c, h->marks, &b) == 0)
		pv_set_taken(o, narrow ? "narrow_marks" : "marks", buf_detach(&b, NULL));
	chart_release(&ch);
	buf_release(&b);
}

/* The history chart ({src, width, height, marks, title, table}) over the
 * frame the build draws whenever it writes pages, and its narrow variant
 * for a phone (narrow_src, narrow_width, ...: chart.h). */
static struct tv *
history_chart_values(struct html_ctx *h, const struct provider *pr,
    const char *root)
{
	struct chart ch;
	struct table *t;
	struct tv *o;

	o = tv_object();
	history_layer(h, pr, root, false, o);
	history_layer(h, pr, root, true, o);
	chart_init(&ch, h->c, CHART_HISTORY, pr);
	pv_set_str(o, "title", ch.title);
	t = chart_table(&ch, h->c);
	tv_set(o, "table", pv_table(t, root));
	table_free(t);
	chart_release(&ch);
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

/*
 * The provider's medal in the report's edition, the entry of its history
 * whose badge is badges/P.svg, or NULL: no medal in it (an older medal,
 * lost or not reviewed since, is not offered: SPEC 5.3).
 */
static const struct history_entry *
badge_current(const struct report *rp, const struct provider_view *v)
{
	const struct history_entry *he = badge_latest(v);

	return he != NULL && he->edition == rp->edition ? he : NULL;
}

/*
 * The medal badge and the code that shows it on another site, linked back
 * to this page: {src, alt, embed: {intro, html_code, md_code}}, or null
 * when the provider holds no medal in the report's edition. Without
 * base_url there is no embed code: the site's own addresses, relative,
 * break on another site, and its address is not known.
 */
static struct tv *
badge_values(struct html_ctx *h, const struct provider_view *v,
    const char *root, const char *rel)
{
	const struct report *rp = &h->p->report;
	const struct history_entry *he = badge_current(rp, v);
	struct buf code = BUF_INIT, src = BUF_INIT;
	char *img, *page, *path;
	struct badge b;
	struct tv *o, *em;

	if (he == NULL)
		return tv_null();
	o = tv_object();
	badge_init(&b, rp, v->provider, he->edition, he->rating->tier);
	path = badge_path(v->provider, NULL, "svg");
	buf_puts(&src, root);
	buf_puts(&src, path);
	pv_set_href(o, "src", "", src.data);
	pv_set_str(o, "alt", b.alt);
	buf_release(&src);
	/* what the badge is for, with or without the code that shows it */
	if (rp->base_url == NULL)
		pv_set_taken(o, "intro", report_format(rp, "badge_what",
		    (const char *[]){"provider", "edition", NULL},
		    (const char *[]){html_provider_name(v->provider), edition_name(he->edition),
		    NULL}));
	if (rp->base_url == NULL) {
		free(path);
		badge_release(&b);
		return o;
	}
	em = tv_object();
	tv_set(o, "embed", em);
	pv_set_taken(em, "intro", report_format1(rp, "badge_intro", "provider",
	    html_provider_name(v->provider)));
	img = html_url_join(rp->base_url, path);
	page = html_url_join(rp->base_url, rel);
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
	pv_set_taken(em, "html_code", buf_detach(&code, NULL));
	buf_puts(&code, "[![");
	md_escape(&code, b.alt);
	buf_puts(&code, "](");
	md_escape(&code, img);
	buf_puts(&code, ")](");
	md_escape(&code, page);
	buf_puts(&code, ")");
	pv_set_taken(em, "md_code", buf_detach(&code, NULL));
	free(img);
	free(page);
	free(path);
	badge_release(&b);
	return o;
}

/* The data of a provider's page, at site path rel, from its view vp. */
static struct tv *
provider_values(struct html_ctx *h, const struct provider_view *v,
    const struct vd_provider *vp, const char *rel)
{
	const struct provider *pr = v->provider;
	struct tv *page = pv_page(h, rel, "provider", html_provider_name(pr)), *hist, *rv;
	const char *root = tv_str_value(tv_get(page, "root"));
	size_t i;

	pv_set_str(page, "heading", html_provider_name(pr));
	pv_set_str(page, "name", html_provider_name(pr));
	pv_set_str(page, "description", vp->description);
	tv_set(page, "opening_html", html_view_value(h, vp->s, vp->n, "opening", root));
	tv_set(page, "site_html", html_view_value(h, vp->s, vp->n, "site", root));
	tv_set(page, "successor_html", html_view_value(h, vp->s, vp->n, "successor", root));
	tv_set(page, "fields_html", html_view_value(h, vp->s, vp->n, "fields", root));
	if (pr->url != NULL) {
		pv_set_taken(page, "url", html_url(pr->url));
		pv_set_str(page, "url_text", pr->url);
	}
	if (pr->successor != NULL)
		tv_set(page, "successor", pv_provider_link(root, pr->successor));
	tv_set(page, "current", current_values(h, v, vp, root));
	tv_set(page, "has_scores", tv_bool(project_has_rubric(h->p)));
	pv_set_taken(page, "history_caption", report_format1(&h->p->report, "history_caption",
	    "name", html_provider_name(pr)));
	tv_set(page, "history_chart", history_chart_values(h, pr, root));
	hist = tv_array();
	rv = tv_array();
	for (i = 0; i < v->nhistory; i++) {
		/* the view's reviews are newest first */
		tv_append(hist, history_row(h->c, &v->history[i],
		    vp->reviews[v->nhistory - 1 - i].thin, root));
		/* no score column when no edition has a rubric score (SPEC 1.1) */
		if (!isnan(v->history[i].rating->score))
			tv_set(page, "has_scores", tv_bool(true));
	}
	for (i = 0; i < vp->nreviews; i++)
		if (!vp->reviews[i].thin)
			tv_append(rv, review_values(h, &vp->reviews[i], root));
	tv_set(page, "history", hist);
	tv_set(page, "reviews", rv);
	tv_set(page, "badge", badge_values(h, v, root, rel));
	{
		char *ld = html_jsonld_review(h, v, vp->description, root);

		if (ld != NULL)
			pv_set_taken(page, "jsonld_html", ld);
	}
	/* a link preview shows the provider's medal in the report's edition
	 * (not an older medal, lost or not reviewed since) */
	if (badge_current(&h->p->report, v) != NULL) {
		char *png = badge_path(pr, h->p->report.edition, "png");

		pv_set_og_image(page, &h->p->report, root, png);
		free(png);
	}
	return page;
}

int
html_provider_page(struct html_ctx *h, const void *arg)
{
	const struct provider_view *v = arg;
	const struct vd_provider *vp = view_provider(h->c->view, v->provider);
	struct vd_provider *own = NULL;
	char *rel = html_provider_path(v->provider);
	int rc;

	/* a build decides the view once; without one, this page decides it */
	if (vp == NULL)
		vp = own = vd_provider_new(h->c, v);
	rc = vp == NULL ? 0 :
	    html_page_out(h, "provider", provider_values(h, v, vp, rel), rel);
	vd_provider_free(own);
	free(rel);
	return rc;
}
