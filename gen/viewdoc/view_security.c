/*
 * view_security.c: the security page, decided once (issue 26 item 1,
 * issue 27 site item 7 and PDF item 3). The site's security page and the
 * PDF's security section render this tree; neither phrases it.
 *
 * Its sections, in the order a reader meets them:
 *   scope     what the page covers, the report's own account of security
 *             (the commentary marked security: true: what was tested and
 *             what was found, in the content's words, so the facts the home
 *             page gives are here too; then, for an output that gives that
 *             commentary elsewhere, a "commentary-ref" line naming it), and
 *             how many findings are public
 *   findings  every public finding of the report's edition in one table
 *             (the finding, the provider or "not named", its class and
 *             severity where given, its status, the source that made it
 *             public); those not yet public are only counted, in the scope
 *   practices what each practice means, then each provider's answers
 */
#include <stdlib.h>
#include <string.h>

#include "view_doc.h"

#define DASH "\xe2\x80\x94"   /* a cell with nothing recorded */

/* "disclosed 1 August 2026; patched 7d after disclosure; fix verified". */
static char *
status_text(const struct report *r, const struct finding *f)
{
	struct buf b = BUF_INIT;
	char dur[128], *w, *d;

	if (f->disclosed != DATE_NONE) {
		d = view_date(r, f->disclosed);
		buf_printf(&b, "%s %s", report_string(r, "disclosed_lc"), d);
		free(d);
	}
	if (f->patched != DATE_NONE) {
		d = view_date(r, f->patched);
		buf_printf(&b, "%s%s %s", b.len > 0 ? "; " : "", report_string(r, "patched_lc"), d);
		free(d);
	} else if (f->patched_after >= 0) {
		report_duration(r, f->patched_after, dur, sizeof(dur));
		w = report_format1(r, "after_disclosure", "time", dur);
		buf_printf(&b, "%s%s %s", b.len > 0 ? "; " : "", report_string(r, "patched_lc"), w);
		free(w);
	}
	if (f->verified != DATE_NONE) {
		d = view_date(r, f->verified);
		buf_printf(&b, "%s%s %s", b.len > 0 ? "; " : "", report_string(r, "fix_verified"),
		    d);
		free(d);
	} else if (f->verified_flag)
		buf_printf(&b, "%s%s", b.len > 0 ? "; " : "", report_string(r, "fix_verified"));
	if (b.len == 0)   /* said, not a dash: a dash means four things elsewhere */
		buf_puts(&b, report_string(r, "status_not_recorded"));
	return buf_detach(&b, NULL);
}

static const char *
source_title(const struct source *s)
{
	return s->title != NULL ? s->title : s->id;
}

/* The source cell: the finding's own source, else its review's when it
 * has one only; several are named without a link; none is empty. */
static void
source_cell(struct table_cell *c, const struct finding *f, const struct review *rv)
{
	struct buf b = BUF_INIT;
	char *href;
	size_t i;

	if (f->source != NULL || (rv != NULL && rv->nsources == 1)) {
		const struct source *s = f->source != NULL ? f->source : rv->sources[0];

		href = xasprintf("sources/#%s", s->id);
		table_cell_set(c, source_title(s), href);
		free(href);
		return;
	}
	for (i = 0; rv != NULL && i < rv->nsources; i++)
		buf_printf(&b, "%s%s", i > 0 ? "; " : "", source_title(rv->sources[i]));
	table_cell_take(c, buf_detach(&b, NULL), NULL);
}

static void
finding_row(const struct report *r, struct table *t, const struct finding *f,
    const struct review *rv)
{
	struct table_cell *row = table_row(t);
	char *href;

	table_cell_set(&row[0], f->title, NULL);
	if (rv != NULL) {
		href = xasprintf("providers/%s/", rv->provider->id);
		table_cell_set(&row[1], rv->provider->name != NULL ? rv->provider->name :
		    rv->provider->id, href);
		free(href);
	} else
		table_cell_set(&row[1], report_string(r, "not_named"), NULL);
	/* "other" names no class: the cell says so rather than "other" (a
	 * blank cell when no finding has a class: no column) */
	table_cell_set(&row[2], f->cls != FCLASS_OTHER ? view_word(r, "class",
	    finding_class_name(f->cls)) : report_string(r, "class_not_given"), NULL);
	table_cell_set(&row[3], f->severity != SEV_UNSET ? view_word(r, "severity",
	    severity_name(f->severity)) : DASH, NULL);
	/* a stated severity is a mark (the site's badge), its words the pack's */
	if (f->severity != SEV_UNSET) {
		row[3].role = TABLE_ROLE_SEVERITY;
		row[3].role_id = severity_name(f->severity);
	}
	table_cell_take(&row[4], status_text(r, f), NULL);
	source_cell(&row[5], f, rv);
}

/*
 * The columns cols[0..n) of t that some rows leave empty (the cell says
 * empty[i]): the values of each row that has some added to that row's
 * finding, "Title (cross-tenant; fix verified)", and every cell of those
 * columns made empty, to be dropped. A column every row fills stays.
 */
static void
fold_columns(struct table *t, const size_t *cols, const char *const *empty, size_t n)
{
	struct table_cell *c, *f;
	bool fold[8] = {false};
	size_t i, k, filled;
	struct buf b;

	for (k = 0; k < n && k < 8; k++) {
		for (i = filled = 0; i < t->nrows; i++)
			filled += strcmp(t->cells[i * t->ncols + cols[k]].text, empty[k]) != 0;
		fold[k] = filled > 0 && filled < t->nrows;
	}
	for (i = 0; i < t->nrows; i++) {
		f = &t->cells[i * t->ncols];
		b = (struct buf)BUF_INIT;
		for (k = 0; k < n && k < 8; k++) {
			c = &t->cells[i * t->ncols + cols[k]];
			if (!fold[k] || strcmp(c->text, empty[k]) == 0)
				continue;
			/* a class or status the finding's words give already
			 * ("Cross-tenant storage access ...; the fix verified by
			 * SemiAnalysis") is not said again in brackets */
			if (strcasestr(f->text, c->text) != NULL) {
				table_cell_set(c, empty[k], NULL);
				continue;
			}
			buf_printf(&b, "%s%s", b.len > 0 ? "; " : "", c->text);
			table_cell_set(c, empty[k], NULL);
		}
		if (b.len > 0)
			table_cell_take(f, xasprintf("%s (%s)", f->text, b.data), f->href);
		buf_release(&b);
	}
}

/* Every public finding of e: those tied to no provider first, then by
 * provider; no column that no finding fills. NULL when there is none. */
static struct table *
findings_table(const struct computed *c, const struct edition *e,
    const struct edition_stats *st)
{
	const struct report *r = &c->project->report;
	static const char *const heads[] = {"finding", "provider", "class", "severity",
	    "finding_status", "finding_source"};
	struct table *t;
	char *cap;
	size_t i, j;

	/* the rows come from the edition and its reviews, whichever source
	 * made each public (an update before it, too): the caption says so */
	cap = report_format1(r, "findings_caption", "edition", e->name != NULL ? e->name :
	    e->id);
	t = table_new(cap, ARRAY_SIZE(heads));
	free(cap);
	for (i = 0; i < ARRAY_SIZE(heads); i++)
		table_head(t, i, report_string(r, heads[i]), false);
	for (i = 0; i < e->nfindings; i++)
		if (e->findings[i].public)
			finding_row(r, t, &e->findings[i], NULL);
	for (i = 0; st != NULL && i < st->nratings; i++) {
		const struct review *rv = st->ratings[i].review;

		for (j = 0; rv != NULL && j < rv->nfindings; j++)
			if (rv->findings[j].public)
				finding_row(r, t, &rv->findings[j], rv);
	}
	if (t->nrows == 0) {
		table_free(t);
		return NULL;
	}
	/* a class or a status only some rows give: said in those rows'
	 * finding, not a column of "not given" (issue 27 item 2) */
	fold_columns(t, (const size_t[]){2, 4}, (const char *const[]){
	    report_string(r, "class_not_given"), report_string(r, "status_not_recorded")}, 2);
	/* a severity nobody states, a class nobody names: no column of blanks */
	table_drop_empty_columns(t, DASH);
	table_drop_empty_columns(t, report_string(r, "class_not_given"));
	table_drop_empty_columns(t, report_string(r, "status_not_recorded"));
	/* the dashes left, each in its column's words */
	for (i = 0; i < t->ncols; i++)
		if (t->head[i].text != NULL &&
		    strcmp(t->head[i].text, report_string(r, "severity")) == 0)
			table_cells_say(t, i, 0, t->nrows, DASH, report_string(r, "not_stated"));
		else if (t->head[i].text != NULL &&
		    strcmp(t->head[i].text, report_string(r, "finding_status")) == 0)
			table_cells_say(t, i, 0, t->nrows, DASH,
			    report_string(r, "cell_nothing_recorded"));
	return t;
}

/* "3 public findings." or, with some undisclosed, both counts. */
static char *
counts_text(const struct report *r, size_t pub, size_t priv)
{
	char a[32], b[32];
	bool p1, q1;

	if (pub == 0 && priv == 0)
		return xstrdup(report_string(r, "findings_none"));
	if (priv == 0)
		return report_format_n(r, view_plural(r, (double)pub, "findings_public_one",
		    "findings_public_many"), (long)pub);
	view_int_to(r, (long long)pub, a, sizeof(a));
	view_int_to(r, (long long)priv, b, sizeof(b));
	p1 = view_plural(r, (double)pub, "1", "n")[0] == '1';
	q1 = view_plural(r, (double)priv, "1", "n")[0] == '1';
	return report_format(r, p1 ? (q1 ? "pdf_findings_1_1" : "pdf_findings_1_n") :
	    (q1 ? "pdf_findings_n_1" : "pdf_findings_n_n"),
	    (const char *[]){"public", "undisclosed", NULL}, (const char *[]){a, b, NULL});
}

/* "What was tested ...: see “Security”, page 7.": the section linked,
 * and the page it starts on where the output has pages. */
static void
commentary_ref(struct vd_inlines *in, const struct report *r, const struct section *sec)
{
	struct vd_inline v[2];
	char *anchor = xasprintf("#section-%s", sec->id);

	memset(v, 0, sizeof(v));
	v[0].kind = VD_LINK;
	v[0].text = (char *)(sec->title != NULL ? sec->title : sec->id);
	v[0].target = VD_PAGE;
	v[0].ref = anchor;
	v[1].kind = VD_MARK;
	v[1].text = (char *)"{page}";
	v[1].role = VD_ROLE_PAGE;
	v[1].value = anchor;
	vd_add_format(in, r, "security_scope_ref", (const char *[]){"section", "page", NULL}, v);
	free(anchor);
}

/* The practices table of e when a review records a practice, else NULL. */
static struct table *
practices_table(const struct computed *c, const struct edition *e)
{
	struct table *t = table_security(c, e);

	/* without a practice column left, the table would repeat the findings */
	if (t != NULL && t->nrows > 0 && t->ncols > 2)
		return t;
	table_free(t);
	return NULL;
}

static bool
practices_recorded(const struct computed *c, const struct edition *e)
{
	struct table *t = practices_table(c, e);

	table_free(t);
	return t != NULL;
}

/*
 * What the page gives, as the report has it (reader review #7), in one
 * opening sentence: what was tested and found (the report's security
 * commentary), the public findings, the practices recommended (and which
 * providers follow them, where a review records it); that findings not
 * yet public are counted, only where there are some.
 */
static void
intro(struct vd_section *s, const struct report *r, const struct edition *e, bool scope,
    bool findings, bool practices, bool followed, bool undisclosed)
{
	const char *what[3];
	size_t n = 0;
	struct vd_block *b = NULL;
	char *list, *w;

	if (scope)
		what[n++] = report_string(r, "security_has_scope");
	if (findings)
		what[n++] = report_string(r, "security_has_findings");
	if (practices)
		what[n++] = report_string(r, followed ? "security_has_practices" :
		    "security_has_practices_defs");
	if (n > 0) {
		b = vd_block_add(s, VB_PARA, "standfirst");
		list = view_list(r, what, n);
		w = report_format(r, "security_intro", (const char *[]){"edition", "what", NULL},
		    (const char *[]){e->name != NULL ? e->name : e->id, list, NULL});
		vd_add(&b->in, VD_TEXT, w);
		free(w);
		free(list);
	}
	if (!undisclosed)
		return;
	if (b == NULL)
		b = vd_block_add(s, VB_PARA, "standfirst");
	else
		vd_add(&b->in, VD_TEXT, " ");
	vd_add(&b->in, VD_TEXT, report_string(r, "security_intro_undisclosed"));
}

static void
scope_section(struct vd_security *v, const struct computed *c,
    const struct edition_stats *st)
{
	const struct report *r = &c->project->report;
	struct vd_section *s = vd_section_add(&v->s, &v->n, "scope", NULL);
	struct vd_block *b;
	char *w;
	size_t i;

	bool scope = false;

	for (i = 0; i < c->nsections; i++)
		scope = scope || c->sections[i]->security;
	intro(s, r, v->edition, scope, st != NULL && st->public_findings > 0,
	    r->npractices > 0, practices_recorded(c, v->edition),
	    st != NULL && st->private_findings > 0);
	for (i = 0; i < c->nsections; i++) {
		const struct section *sec = c->sections[i];

		if (!sec->security)
			continue;
		b = vd_block_add(s, VB_MARKDOWN, "commentary");
		b->md = sec->body;
		b->file = sec->pos.file;
		b->line = sec->body_line;
		/* for an output that gives the commentary elsewhere (the PDF),
		 * where to read it */
		b = vd_block_add(s, VB_PARA, "commentary-ref");
		commentary_ref(&b->in, r, sec);
	}
	w = counts_text(r, st != NULL ? st->public_findings : 0,
	    st != NULL ? st->private_findings : 0);
	vd_add(&vd_block_add(s, VB_PARA, "finding-counts")->in, VD_TEXT, w);
	free(w);
}

static void
findings_section(struct vd_security *v, const struct computed *c,
    const struct edition_stats *st)
{
	const struct report *r = &c->project->report;
	struct table *t = findings_table(c, v->edition, st);
	struct vd_section *s;

	if (t == NULL)
		return;
	/* the undisclosed ones are counted in the scope, never listed */
	s = vd_section_add(&v->s, &v->n, "findings", report_string(r, "public_findings"));
	vd_block_add(s, VB_TABLE, "findings-table")->table = t;
}

/*
 * The practices: what each is, then each provider's answers; when no
 * review records one, the definitions and one plain sentence that the
 * reviews do not say which providers follow them (not the practices'
 * names in a list after "No review records ...").
 */
static void
practices_section(struct vd_security *v, const struct computed *c)
{
	const struct report *r = &c->project->report;
	const struct edition *e = v->edition;
	struct vd_section *s;
	struct vd_block *b;
	struct vd_inlines *it;
	struct vd_inline *md;
	struct table *t;
	char *w;
	size_t i;

	if (r->npractices == 0)
		return;
	s = vd_section_add(&v->s, &v->n, "practices", report_string(r,
	    "practices_recommended"));
	t = practices_table(c, e);
	b = vd_block_add(s, VB_LIST, "practice-defs");
	for (i = 0; i < r->npractices; i++) {
		const struct practice_def *pd = &r->practices[i];

		it = vd_item_add(b);
		if (pd->description == NULL) {
			vd_add(it, VD_STRONG, pd->name)->value = xstrdup(pd->id);
			continue;
		}
		{
			struct vd_inlines label = {0}, value = {0};

			vd_add(&label, VD_STRONG, pd->name)->value = xstrdup(pd->id);
			md = vd_add(&value, VD_MARKDOWN, pd->description);
			md->md = pd->description;
			md->file = pd->pos.file;
			md->line = pd->pos.line;
			vd_add_label_value(it, r, &label.v[0], &value);
			vd_inlines_release(&label);
			vd_inlines_release(&value);
		}
	}
	if (t == NULL) {
		w = report_format1(r, "no_practices", "edition", e->name != NULL ? e->name :
		    e->id);
		vd_add(&vd_block_add(s, VB_PARA, "empty")->in, VD_TEXT, w);
		free(w);
		return;
	}
	vd_block_add(s, VB_TABLE, "practices")->table = t;
}

struct vd_security *
vd_security_new(const struct computed *c)
{
	const struct project *p = c->project;
	const struct edition *e = p->report.edition;
	const struct edition_stats *st;
	struct vd_security *v;

	if (e == NULL || !project_has_security(p))
		return NULL;
	st = computed_edition(c, e);
	v = xcalloc(1, sizeof(*v));
	v->edition = e;
	v->title = xstrdup(report_string(&p->report, "security_findings"));
	scope_section(v, c, st);
	findings_section(v, c, st);
	practices_section(v, c);
	return v;
}

void
vd_security_free(struct vd_security *v)
{
	if (v == NULL)
		return;
	vd_sections_free(v->s, v->n);
	free(v->title);
	free(v);
}
