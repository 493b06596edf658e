/* html_pages.c: the security, methodology, sources and 404 pages. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "parse.h"

static const char *
edition_name(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

static const char *
tier_name(const struct tier *t)
{
	return t->name != NULL ? t->name : t->id;
}

/* A number as short as it can be: 3, 4.5, 0.25. */
static char *
num_text(const struct report *r, double v)
{
	char out[48];
	size_t n;

	fmt_fixed(v, 2, out, sizeof(out));
	if (strchr(out, '.') != NULL) {
		n = strlen(out);
		while (out[n - 1] == '0')
			out[--n] = '\0';
		if (out[n - 1] == '.')
			out[--n] = '\0';
	}
	return view_decimal(r, out);
}

/* A section's blocks as HTML, without its title (the template sets it as
 * the section's heading); "" when the view has no such section. */
static struct tv *
section_blocks(struct html_ctx *h, const struct vd_security *v, const char *id,
    const char *root, const char **title)
{
	const struct vd_section *s = vd_section_find(v->s, v->n, id);
	struct vd_section body;
	struct buf b = BUF_INIT;

	*title = NULL;
	if (s == NULL)
		return tv_lit("");
	body = *s;
	body.title = NULL;
	*title = s->title;
	html_view_section(h, &body, root, &b);
	return pv_taken(buf_detach(&b, NULL));
}

/* The security page renders the view's tree (view_security.c): the scope,
 * the findings table, the practices. Nothing is phrased here. */
int
html_security(struct html_ctx *h)
{
	const char *rel = "security/index.html";
	struct vd_security *own = NULL;
	const struct vd_security *v = h->c->view != NULL ? h->c->view->security : NULL;
	struct tv *page;
	const char *root, *title;
	int rc;

	if (v == NULL && (v = own = vd_security_new(h->c)) == NULL)
		return 0;
	page = pv_page(h, rel, "security", v->title);
	root = tv_str_value(tv_get(page, "root"));
	pv_set_str(page, "heading", v->title);
	tv_set(page, "scope_html", section_blocks(h, v, "scope", root, &title));
	tv_set(page, "findings_html", section_blocks(h, v, "findings", root, &title));
	pv_set_str(page, "findings_title", title);
	tv_set(page, "practices_html", section_blocks(h, v, "practices", root, &title));
	pv_set_str(page, "practices_title", title);
	rc = html_page_out(h, "security", page, rel);
	vd_security_free(own);
	return rc;
}

static const char *
tier_meaning(const struct report *r, const struct tier *t, size_t nmedals)
{
	if (!t->rated)
		return report_string(r, "tier_unrated");
	if (t->medal)
		return report_string(r, nmedals > 0 && t->index == 0 ? "tier_medal_highest" :
		    "tier_medal");
	return report_string(r, "tier_rated");
}

static struct tv *
ladder_values(struct html_ctx *h, const char *root)
{
	const struct computed *c = h->c;
	const struct report *r = &c->project->report;
	struct tv *a = tv_array(), *o;
	const char **used = xcalloc(c->project->neditions + 1, sizeof(*used));
	size_t i, j, nused, nmedals = 0;

	for (i = 0; i < r->nladder; i++)
		nmedals += r->ladder[i].medal;
	for (i = 0; i < r->nladder; i++) {
		o = tv_object();
		pv_set_str(o, "id", r->ladder[i].id);
		tv_set(o, "tier", pv_tier(&r->ladder[i]));
		pv_set_str(o, "meaning", tier_meaning(r, &r->ladder[i], nmedals));
		pv_set_lit(o, "group", r->ladder[i].group);
		/* "Grouped as Not Recommended.": a sentence, not a parenthesis
		 * after the tier's name */
		if (r->ladder[i].group != NULL)
			pv_set_taken(o, "group_text", report_format1(r, "tier_group_member",
			    "group", r->ladder[i].group));
		if (r->ladder[i].description != NULL)
			tv_set(o, "description_html", pv_markdown(h, r->ladder[i].description,
			    &r->ladder[i].pos, root));
		nused = 0;
		for (j = 0; j < c->project->neditions; j++)
			if (edition_has_tier(&c->project->editions[j], &r->ladder[i]))
				used[nused++] = edition_name(&c->project->editions[j]);
		/* the editions only where they are not all of them */
		if (nused > 0 && nused < c->project->neditions)
			pv_set_taken(o, "used", view_list(r, used, nused));
		tv_append(a, o);
	}
	free(used);
	return a;
}

static char *
require_text(const struct report *r, const struct threshold *th)
{
	struct buf b = BUF_INIT;
	char *v, *w;
	size_t i;

	if (th->nrequire == 0)
		return xstrdup("\xe2\x80\x94");
	for (i = 0; i < th->nrequire; i++) {
		v = num_text(r, th->require[i].min);
		w = report_format(r, "require_at_least", (const char *[]){"criterion", "min", NULL},
		    (const char *[]){th->require[i].criterion->name != NULL ?
		    th->require[i].criterion->name : th->require[i].criterion->id, v, NULL});
		buf_printf(&b, "%s%s", i ? "; " : "", w);
		free(w);
		free(v);
	}
	return buf_detach(&b, NULL);
}

static struct tv *
rubric_values(const struct report *r, const struct rubric *rb)
{
	struct tv *o, *cr, *th, *row;
	double total = 0;
	char share[32];
	size_t i;

	if (rb == NULL)
		return tv_null();
	o = tv_object();
	cr = tv_array();
	th = tv_array();
	pv_set_taken(o, "scale", num_text(r, rb->scale));
	pv_set_taken(o, "criteria_caption", report_format1(r, "criteria_scored", "scale",
	    tv_str_value(tv_get(o, "scale"))));
	for (i = 0; i < rb->ncriteria; i++)
		total += rb->criteria[i].weight;
	for (i = 0; i < rb->ncriteria; i++) {
		row = tv_object();
		pv_set_str(row, "name", rb->criteria[i].name != NULL ? rb->criteria[i].name :
		    rb->criteria[i].id);
		pv_set_taken(row, "weight", num_text(r, rb->criteria[i].weight));
		fmt_fixed(total > 0 ? 100.0 * rb->criteria[i].weight / total : 0, 1,
		    share, sizeof(share));
		pv_set_taken(row, "share", view_percent(r, share));
		tv_append(cr, row);
	}
	for (i = 0; i < rb->nthresholds; i++) {
		row = tv_object();
		tv_set(row, "tier", pv_tier(rb->thresholds[i].tier));
		pv_set_taken(row, "min", num_text(r, rb->thresholds[i].min));
		pv_set_taken(row, "require", require_text(r, &rb->thresholds[i]));
		tv_append(th, row);
	}
	tv_set(o, "criteria", cr);
	tv_set(o, "thresholds", th);
	tv_set(o, "floor", pv_tier(rb->floor));
	return o;
}

static char *
targets_text(const struct report *r, const struct edition *e)
{
	char a[128] = "", b[128] = "";
	const char *names[] = {"detect", "replace", NULL}, *values[] = {a, b, NULL};

	if (e->target_detect < 0 && e->target_replace < 0)
		return NULL;
	if (e->target_detect >= 0)
		report_duration(r, e->target_detect, a, sizeof(a));
	if (e->target_replace >= 0)
		report_duration(r, e->target_replace, b, sizeof(b));
	if (e->target_detect >= 0 && e->target_replace >= 0)
		return report_format(r, "targets_both", names, values);
	if (e->target_detect >= 0)
		return report_format(r, "targets_detect", names, values);
	return report_format(r, "targets_replace", names, values);
}

static void
change_add(struct tv *a, char *text)
{
	struct tv *o = tv_object();

	pv_set_taken(o, "text", text);
	tv_append(a, o);
}

/* Thresholds that moved between two rubrics, tier by tier. */
static void
rubric_changes(const struct report *r, struct tv *a, const struct rubric *from,
    const struct rubric *to)
{
	const struct threshold *t1, *t2;
	const char *nm[] = {"tier", "min", NULL};
	const char *nm2[] = {"tier", "from", "to", NULL};
	char *m1, *m2, *r1, *r2;
	size_t i;

	for (i = 0; i < to->nthresholds; i++) {
		t2 = &to->thresholds[i];
		if ((t1 = rubric_threshold(from, t2->tier)) == NULL) {
			m2 = num_text(r, t2->min);
			change_add(a, report_format(r, "change_new_threshold", nm,
			    (const char *[]){tier_name(t2->tier), m2, NULL}));
			free(m2);
			continue;
		}
		m1 = num_text(r, t1->min);
		m2 = num_text(r, t2->min);
		r1 = require_text(r, t1);
		r2 = require_text(r, t2);
		if (t1->min != t2->min)
			change_add(a, report_format(r, t2->min > t1->min ?
			    "change_min_raised" : "change_min_lowered", nm2,
			    (const char *[]){tier_name(t2->tier), m1, m2, NULL}));
		if (strcmp(r1, r2) != 0)
			change_add(a, report_format(r, "change_requirements", nm2,
			    (const char *[]){tier_name(t2->tier), r1, r2, NULL}));
		free(m1);
		free(m2);
		free(r1);
		free(r2);
	}
}

static struct tv *
bar_changes(const struct report *r, const struct edition *from, const struct edition *to)
{
	struct tv *a = tv_array();
	static const char *const tn[] = {"targets", "was", "from", NULL};
	static const char *const tn2[] = {"edition", "from", "was", NULL};
	char *t1, *t2;
	size_t i;

	/* a partial edition's tiers are those of its named reviews: no comparing */
	for (i = 0; !from->partial && i < to->ntiers; i++)
		if (!edition_has_tier(from, to->tiers[i]))
			change_add(a, report_format1(r, "change_new_tier", "tier",
			    tier_name(to->tiers[i])));
	for (i = 0; !from->partial && i < from->ntiers; i++)
		if (!edition_has_tier(to, from->tiers[i]))
			change_add(a, report_format1(r, "change_tier_dropped", "tier",
			    tier_name(from->tiers[i])));
	if (from->rubric == NULL && to->rubric != NULL)
		change_add(a, xstrdup(report_string(r, "change_rubric_added")));
	else if (from->rubric != NULL && to->rubric == NULL)
		change_add(a, xstrdup(report_string(r, "change_rubric_dropped")));
	else if (from->rubric != NULL)
		rubric_changes(r, a, from->rubric, to->rubric);
	t1 = targets_text(r, from);
	t2 = targets_text(r, to);
	/* an edition without targets recorded them nowhere: never "none" */
	if (t1 != NULL && t2 != NULL && strcmp(t1, t2) != 0)
		change_add(a, report_format(r, "change_targets", tn,
		    (const char *[]){t2, t1, NULL}));
	else if (t1 == NULL && t2 != NULL)
		change_add(a, report_format(r, "change_targets_new", tn,
		    (const char *[]){t2, NULL, edition_name(from), NULL}));
	else if (t1 != NULL && t2 == NULL)
		change_add(a, report_format(r, "change_targets_gone", tn2,
		    (const char *[]){edition_name(to), edition_name(from), t1, NULL}));
	free(t1);
	free(t2);
	return a;
}

static struct tv *
edition_method(const struct report *r, const struct edition *e)
{
	struct tv *o = tv_object(), *tiers = tv_array();
	size_t i;

	pv_set_taken(o, "anchor", xasprintf("edition-%s", e->id));
	pv_set_str(o, "name", edition_name(e));
	for (i = 0; i < e->ntiers; i++)
		tv_append(tiers, pv_tier(e->tiers[i]));
	pv_mark_last(tiers);
	tv_set(o, "tiers", tiers);
	tv_set(o, "rubric", rubric_values(r, e->rubric));
	pv_set_taken(o, "targets", targets_text(r, e));
	if (e->previous != NULL) {
		struct tv *ch = bar_changes(r, e->previous, e);

		/* only what the content records; nothing said when nothing differs */
		pv_set_str(o, "from", edition_name(e->previous));
		pv_set_taken(o, "changes_title", report_format1(r, "changes_since", "edition",
		    edition_name(e->previous)));
		tv_set(o, "has_changes", tv_bool(tv_size(ch) > 0));
		tv_set(o, "changes", ch);
	}
	return o;
}

/* The commentary sections that belong with the methodology (page:
 * methodology), in full: the home page gives their opening. */
static struct tv *
methodology_notes(struct html_ctx *h, const char *root)
{
	struct tv *a = tv_array(), *o;
	const struct section *s;
	struct pos at;
	size_t i;

	for (i = 0; i < h->c->nsections; i++) {
		s = h->c->sections[i];
		if (s->page == NULL || strcmp(s->page, "methodology") != 0)
			continue;
		o = tv_object();
		pv_set_taken(o, "anchor", xasprintf("section-%s", s->id));
		pv_set_str(o, "title", s->title != NULL ? s->title : s->id);
		at = s->pos;
		at.line = s->body_line;
		tv_set(o, "body_html", pv_markdown(h, s->body, &at, root));
		tv_append(a, o);
	}
	return a;
}

int
html_methodology(struct html_ctx *h)
{
	const struct project *p = h->p;
	const char *rel = "methodology/index.html";
	struct tv *page = pv_page(h, rel, "methodology",
	    report_string(&h->p->report, "methodology")), *eds;
	size_t i;

	pv_set_str(page, "heading", report_string(&p->report, "methodology"));
	tv_set(page, "ladder", ladder_values(h, tv_str_value(tv_get(page, "root"))));
	eds = tv_array();
	for (i = p->neditions; i-- > 0;)
		tv_append(eds, edition_method(&p->report, &p->editions[i]));
	tv_set(page, "editions", eds);
	/* no edition with a rubric: said once, not under each edition */
	for (i = 0; i < p->neditions && p->editions[i].rubric == NULL; i++)
		;
	tv_set(page, "no_rubric_all", tv_bool(p->neditions > 0 && i == p->neditions));
	tv_set(page, "notes", methodology_notes(h, tv_str_value(tv_get(page, "root"))));
	return html_page_out(h, "methodology", page, rel);
}

int
html_sources(struct html_ctx *h)
{
	const struct project *p = h->p;
	const char *rel = "sources/index.html";
	struct tv *page = pv_page(h, rel, "sources",
	    report_string(&h->p->report, "sources")), *a = tv_array(), *o;
	const struct source *s;
	char date[11];
	size_t i, *order;

	pv_set_str(page, "heading", report_string(&p->report, "sources"));
	order = vd_sources_order(p);
	for (i = 0; i < p->nsources; i++) {
		s = &p->sources[order[i]];
		o = tv_object();
		pv_set_str(o, "id", s->id);
		pv_set_str(o, "title", s->title != NULL ? s->title : s->id);
		pv_set_str(o, "author", s->author);
		pv_set_str(o, "publisher", s->publisher);
		if (s->date != DATE_NONE) {
			date_format(s->date, date);
			pv_set_str(o, "date", date);
			pv_set_taken(o, "date_text", view_date(&h->p->report, s->date));
		} else
			pv_set_str(o, "date", s->date_text);
		pv_set_str(o, "kind", source_kind_name(s->kind));
		/* a kind a reader would not assume from a citation: a video or
		 * a talk, "(video)" in the sentence; "report", "article" and
		 * "other" read like data after each entry (issue 27) */
		if (s->kind == SOURCE_VIDEO || s->kind == SOURCE_TALK)
			pv_set_str(o, "kind_text", view_word(&h->p->report, "kind",
			    source_kind_name(s->kind)));
		if (s->url != NULL)
			pv_set_taken(o, "url", html_url(s->url));
		tv_append(a, o);
	}
	free(order);
	tv_set(page, "sources", a);
	return html_page_out(h, "sources", page, rel);
}

int
html_not_found(struct html_ctx *h)
{
	struct tv *page = pv_page(h, "404.html", "404",
	    report_string(&h->p->report, "page_not_found"));

	pv_set_str(page, "heading", report_string(&h->p->report, "page_not_found"));
	return html_page_out(h, "404", page, "404.html");
}

int
html_custom_page(struct html_ctx *h, const void *arg)
{
	const struct page *pg = arg;
	char *rel = xasprintf("%s/index.html", pg->id);
	struct tv *page = pv_page(h, rel, "page", pg->title);
	const char *root = tv_str_value(tv_get(page, "root"));
	struct pos at = {pg->pos.file, pg->body_line, 1};
	int rc;

	pv_set_str(page, "page_id", pg->id);
	pv_set_str(page, "heading", pg->title);
	tv_set(page, "body_html", pv_markdown(h, pg->body, &at, root));
	rc = html_page_out(h, pg->layout != NULL ? pg->layout : "page", page, rel);
	free(rel);
	return rc;
}
