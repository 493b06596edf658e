/* html_edition.c: editions/<id>/index.html, one page per edition, laid
 * out from its view (vd_edition_new): medal table, funnel, movers against
 * its previous, claims; the focus edition's page, as its view has it,
 * leaves its overview to the front page and links there. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "parse.h"
#include "table.h"
#include "view_doc.h"

/* The distribution's bars of the view's medal table: a tier and its count,
 * as wide as its share of the fullest. */
static struct tv *
bars(const struct vd_medals *m)
{
	struct tv *a = tv_array(), *o, *t;
	long max = 0;
	char w[32];
	size_t i;

	for (i = 0; m != NULL && i < m->n; i++)
		if (m->tiers[i].count > max)
			max = m->tiers[i].count;
	for (i = 0; m != NULL && i < m->n; i++) {
		long n = m->tiers[i].count;

		o = tv_object();
		t = pv_tier(m->tiers[i].tier);
		pv_set_str(o, "color", tv_str_value(tv_get(t, "color")));
		tv_set(o, "tier", t);
		pv_set_str(o, "count", m->tiers[i].count_text);
		fmt_fixed(max > 0 ? 100.0 * (double)n / (double)max : 0.0, 1, w, sizeof(w));
		pv_set_str(o, "pct", w);
		tv_append(a, o);
	}
	return a;
}

/* The funnel's steps as the view decided them: a count and what it counts. */
static struct tv *
funnel(const struct vd_section *sec)
{
	struct tv *a = tv_array(), *o;
	size_t i, k;

	for (k = 0; sec != NULL && k < sec->n; k++) {
		const struct vd_block *b = &sec->b[k];

		if (b->kind != VB_LIST)
			continue;
		for (i = 0; i < b->nitems; i++) {
			const struct vd_inlines *it = &b->items[i];

			if (it->n < 3)
				continue;
			o = tv_object();
			pv_set_str(o, "value", it->v[0].text);
			pv_set_str(o, "label", it->v[2].text);
			tv_append(a, o);
		}
	}
	return a;
}

/* The text of the section's first paragraph of role role, or NULL. */
static const char *
section_para(const struct vd_section *sec, const char *role)
{
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == VB_PARA && sec->b[i].role != NULL &&
		    strcmp(sec->b[i].role, role) == 0 && sec->b[i].in.n > 0)
			return sec->b[i].in.v[0].text;
	return NULL;
}

/* Does the section hold a figure of chart kind k? */
static bool
has_chart(const struct vd_section *sec, enum chart_kind k)
{
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == VB_FIGURE && sec->b[i].chart == (int)k)
			return true;
	return false;
}

/* The table of the section's first table block, or NULL. */
static const struct table *
section_table(const struct vd_section *sec)
{
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == VB_TABLE)
			return sec->b[i].table;
	return NULL;
}

/* The section's first block of kind k (and role role, unless NULL), or
 * NULL. */
static const struct vd_block *
section_block(const struct vd_section *sec, enum vd_block_kind k, const char *role)
{
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == k && (role == NULL || (sec->b[i].role != NULL &&
		    strcmp(sec->b[i].role, role) == 0)))
			return &sec->b[i];
	return NULL;
}

/* The view's paragraph of role role in sec as HTML, or NULL; malloc'd. */
static char *
para_html(struct html_ctx *h, const struct vd_section *sec, const char *role,
    const char *root)
{
	const struct vd_block *b = section_block(sec, VB_PARA, role);
	struct buf o = BUF_INIT;

	if (b == NULL)
		return NULL;
	html_view_inlines(h, &b->in, root, &o);
	return buf_detach(&o, NULL);
}

/*
 * The stated and counted figures as the view phrased them (view_home.c):
 * one sentence where every one agrees with the count, else the table of
 * each figure stated, counted and noted; "no figure stated" otherwise.
 */
static void
claims_set(struct tv *page, struct html_ctx *h, const struct vd_section *sec,
    const char *root)
{
	const struct vd_block *b;

	tv_set(page, "show_claims", tv_bool(true));
	tv_set(page, "has_claims", tv_bool(section_block(sec, VB_PARA, "empty") == NULL));
	if ((b = section_block(sec, VB_PARA, "claims-agree")) != NULL)
		pv_set_taken(page, "claims_sentence", para_html(h, sec, "claims-agree", root));
	else if ((b = section_block(sec, VB_TABLE, NULL)) != NULL)
		tv_set(page, "claims_table", pv_table(b->table, root));
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

/* The edition after e along the previous chain, or NULL. */
static const struct edition *
edition_next(const struct project *p, const struct edition *e)
{
	size_t i;

	for (i = 0; i < p->neditions; i++)
		if (p->editions[i].previous == e)
			return &p->editions[i];
	return NULL;
}

static struct tv *
edition_link(const struct edition *e, const char *root)
{
	struct tv *o;
	char *path;

	if (e == NULL)
		return tv_null();
	o = tv_object();
	path = html_edition_path(e);
	pv_set_str(o, "name", e->name != NULL ? e->name : e->id);
	pv_set_href(o, "href", root, path);
	free(path);
	return o;
}

/* "85 reviewed, 37 medals" or "16 named (partial), 14 medals"; malloc'd. */
static char *
edition_summary(const struct report *r, const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	const char *names[] = {"n", "medals", NULL};
	char n[32], m[32];
	const char *values[] = {n, m, NULL};

	view_int_to(r, s->reviewed, n, sizeof(n));
	view_int_to(r, s->medals, m, sizeof(m));
	return report_format(r, e->partial ? view_plural(r, (double)s->medals, "summary_partial_one",
	    "summary_partial") : view_plural(r, (double)s->medals, "summary_one", "summary"), names, values);
}

/* A sentence for search results and link previews; malloc'd. */
char *
html_edition_description(const struct report *r, const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	char *sum = edition_summary(r, s), *name, *said, *out;
	char *date = e->published != DATE_NONE ? view_date(r, e->published) : xstrdup("");

	/* "Edition (date): summary", the colon as the language writes it */
	name = xasprintf("%s%s%s%s", e->name != NULL ? e->name : e->id,
	    date[0] ? " (" : "", date, date[0] ? ")" : "");
	said = report_label_value(r, name, sum);
	out = xasprintf("%s.", said);
	free(said);
	free(name);
	free(date);
	free(sum);
	return out;
}

int
html_edition_page(struct html_ctx *h, const void *arg)
{
	const struct edition_stats *s = arg;
	const struct edition *e = s->edition;
	bool focus = e == h->p->report.edition;
	char *rel = html_edition_path(e), date[11];
	struct tv *page = pv_page(h, rel, focus ? "edition" : "edition-other",
	    e->name != NULL ? e->name : e->id);
	const char *root = tv_str_value(tv_get(page, "root"));
	const struct vd_page *vp = view_edition(h->c->view, e);
	struct vd_page *own = NULL;
	int rc;

	if (vp == NULL)   /* a build without the view (a unit test's) */
		vp = own = vd_edition_new(h->c, s);
	pv_set_str(page, "heading", e->name != NULL ? e->name : e->id);
	pv_set_taken(page, "description", html_edition_description(&h->p->report, s));
	tv_set(page, "prev", edition_link(e->previous, root));
	tv_set(page, "next", edition_link(edition_next(h->p, e), root));
	tv_set(page, "focus", tv_bool(focus));
	if (e->published != DATE_NONE) {
		date_format(e->published, date);
		pv_set_str(page, "published", date);
		pv_set_taken(page, "published_text", view_date(&h->p->report, e->published));
	}
	tv_set(page, "source", source_link(e->source, root));
	tv_set(page, "corrections_html", html_corrections_value(h, e->corrections,
	    e->ncorrections, e->pos.file, root, false));
	if (view_changes(h->c->view, e) != NULL && e->previous != NULL) {
		struct tv *ch = tv_object();
		char *path = view_changes_path(e);

		pv_set_href(ch, "href", root, path);
		pv_set_taken(ch, "label", report_format1(&h->p->report, "changes_link",
		    "baseline", e->previous->name != NULL ? e->previous->name :
		    e->previous->id));
		tv_set(page, "changes", ch);
		free(path);
	}
	/* what the page says, as the view decided it (view_home.c): what the
	 * edition found first */
	pv_set_str(page, "lead", section_para(vd_section_find(vp->s, vp->n, "lead"), "lead"));
	/*
	 * The edition this report is about has its overview on the front page
	 * (the figures, the tier table, the tiers by edition, the movers and
	 * their lists): its own page gives what is particular to it, how its
	 * figures were counted and what changed, and points there for the rest
	 * (site review 6). Every other edition's page gives it all.
	 */
	pv_set_taken(page, "see_home_html", para_html(h, vd_section_find(vp->s, vp->n,
	    "see-home"), "see-home", root));
	pv_set_str(page, "baseline_note", section_para(vd_section_find(vp->s, vp->n,
	    "movers"), "baseline-note"));
	if (section_table(vd_section_find(vp->s, vp->n, "figures")) != NULL) {
		const struct table *ft = section_table(vd_section_find(vp->s, vp->n, "figures"));

		tv_set(page, "show_figures", tv_bool(true));
		tv_set(page, "figures", html_figures_of(ft));
		tv_set(page, "figure_notes", html_figure_notes(ft));
	}
	if (vd_page_medals(vp) != NULL) {
		tv_set(page, "medal_table", pv_medal_table(vd_page_medals(vp), root));
		tv_set(page, "bars", bars(vd_page_medals(vp)));
	}
	if (has_chart(vd_section_find(vp->s, vp->n, "distribution"), CHART_DISTRIBUTION))
		tv_set(page, "distribution",
		    pv_chart(h, root, CHART_DISTRIBUTION, NULL));
	if (vd_section_find(vp->s, vp->n, "movers") != NULL)
		tv_set(page, "movement", pv_movers(h->c, s, root));
	tv_set(page, "funnel", funnel(vd_section_find(vp->s, vp->n, "funnel")));
	tv_set(page, "show_funnel", tv_bool(vd_section_find(vp->s, vp->n, "funnel") != NULL));
	if (has_chart(vd_section_find(vp->s, vp->n, "funnel"), CHART_FUNNEL))
		tv_set(page, "funnel_chart",
		    pv_chart(h, root, CHART_FUNNEL, NULL));
	pv_set_taken(page, "jsonld_html", html_jsonld_edition(h, s, root));
	/* the stated figures where the view gives them */
	if (vd_section_find(vp->s, vp->n, "claims") != NULL)
		claims_set(page, h, vd_section_find(vp->s, vp->n, "claims"), root);
	rc = html_page_out(h, "edition", page, rel);
	vd_page_free(own);
	free(rel);
	return rc;
}

/* editions/index.html: every edition, newest first (SPEC 4.1). */
int
html_editions_index(struct html_ctx *h)
{
	const struct computed *c = h->c;
	const char *rel = "editions/index.html";
	struct tv *page = pv_page(h, rel, "editions", report_string(&h->p->report, "editions")), *a = tv_array(), *o;
	const char *root = tv_str_value(tv_get(page, "root"));
	char date[11], *path;
	size_t i;

	pv_set_str(page, "heading", report_string(&h->p->report, "editions"));
	for (i = c->neditions; i-- > 0;) {
		const struct edition_stats *s = &c->editions[i];
		const struct edition *e = s->edition;

		o = tv_object();
		path = html_edition_path(e);
		pv_set_href(o, "href", root, path);
		free(path);
		pv_set_str(o, "name", e->name != NULL ? e->name : e->id);
		if (e->published != DATE_NONE) {
			date_format(e->published, date);
			pv_set_str(o, "published", date);
			pv_set_taken(o, "published_text", view_date(&h->p->report, e->published));
		}
		pv_set_taken(o, "summary", edition_summary(&h->p->report, s));
		pv_set_str(o, "partial_note", e->partial ? (e->partial_note != NULL ?
		    e->partial_note : report_string(&h->p->report, "partial_note")) : NULL);
		tv_set(o, "focus", tv_bool(e == h->p->report.edition));
		tv_set(o, "source", source_link(e->source, root));
		tv_append(a, o);
	}
	tv_set(page, "editions", a);
	return html_page_out(h, "editions", page, rel);
}
