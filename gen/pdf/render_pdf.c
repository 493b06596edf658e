/*
 * render_pdf.c: report.pdf (SPEC 4.4). Builds the document from the
 * computed model (title page, contents, the home page's sections with the
 * tiers' meanings under the tier table and the security findings and the
 * methodology's tables in the commentary parts that are the report's own
 * account of them, the changes, the providers, then what has no such
 * commentary, the report's own pages and the sources) and lays it out
 * with the PDF layout (pdfdoc.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "fonts.h"
#include "markdown.h"
#include "parse.h"
#include "pdf_report.h"
#include "podium.h"
#include "render.h"
#include "view_doc.h"

#define DASH "\xe2\x80\x94" /* an empty cell, as the site's */

/* The editions a report table is built for. */
struct table_eds {
	const struct edition *e, *base;
};

static void *
table_eds(const struct edition *e, const struct edition *base)
{
	struct table_eds *te = xcalloc(1, sizeof(*te));

	te->e = e;
	te->base = base;
	return te;
}

static void table_add(struct pdf_report *r, struct table *t, const char *anchor);
static void security_body(struct pdf_report *r, bool merged);
static void methodology_body(struct pdf_report *r, bool merged);
static bool methodology_section(const struct section *s);

/*
 * What tier t means (its description) and its group ("Grouped as Not
 * Recommended."), in italics, as a paragraph after the tier's paragraph
 * tp, kept with it: the tier table is where the reader first meets the
 * tiers, so their meanings are given there, once (the methodology then
 * leaves them out). The group reads as part of each of its tiers' lines,
 * never as a label between two tiers.
 */
static void
tier_meaning(struct pdf_report *r, struct pdf_block *tp, const struct tier *t)
{
	const struct report *rep = &r->c->project->report;
	struct pdf_block *p;
	struct pdf_run *run;
	char *g;

	if (t->description == NULL && t->group == NULL)
		return;
	tp->keep_with_next = true;
	p = pdf_para(r->doc, NULL);
	p->keep_together = true;
	if (t->group != NULL) {
		g = report_format1(rep, "tier_group_member", "group", t->group);
		pdf_run(r->doc, p, g, (size_t)-1, 0, NULL);
		free(g);
		if (t->description != NULL)
			pdf_run(r->doc, p, " ", 1, 0, NULL);
	}
	if (t->description != NULL)
		pdf_markdown_inline(r, p, t->description, t->pos.file, t->pos.line);
	for (run = p->runs; run != NULL; run = run->next)
		run->style |= PDF_S_ITALIC;
	r->tiers_defined = true;
}

/*
 * The anchor of tier t's line, "tier-ID", as the site's ladder names it:
 * a tier's name in the text links there (pdf_target()), to the line that
 * says what the tier means.
 */
static const char *
tier_anchor(struct pdf_report *r, const struct tier *t)
{
	char *a = xasprintf("tier-%s", t->id);
	const char *kept = pdfdoc_strdup(r->doc, a);

	free(a);
	return kept;
}

/*
 * The medal table as the site packs it: a paragraph for each tier, its
 * name and count, then its providers run on, each linked to its entry,
 * so that 77 providers take a third of a page, not three pages of one
 * name a row. A group's label (the site's row over its tiers) stands on
 * its own line over the first of them. Where there is no movers table
 * the view gives each provider's movement ("up 1", none for no change):
 * it follows the name, "(up 1)". A tier marked uncertain is
 * marked beside the name, the reason after the list. A not-rated tier's
 * providers are named once, in the providers part's table: its paragraph
 * says where. Names are cut as a table cell's are (pdf_name_run).
 */
static void
medals_paras(struct pdf_report *r, const struct vd_medals *m)
{
	char *sep = report_label_sep(&r->c->project->report), *t, *href;
	struct pdf_block *p;
	size_t i, j, k, nunc;

	p = pdf_para(r->doc, NULL);
	pdf_run(r->doc, p, m->caption, (size_t)-1, PDF_S_ITALIC, NULL);
	p->keep_with_next = true;
	for (i = 0; i < m->n; i++) {
		const struct vd_medal_tier *tt = &m->tiers[i];

		p = pdf_para(r->doc, NULL);
		p->keep_together = true;
		/* where a tier's name in the text leads (its meaning follows) */
		p->anchor = tier_anchor(r, tt->tier);
		pdf_name_run(r->doc, p, tt->tier->name, PDF_S_BOLD, NULL);
		t = xasprintf(" (%s %s)%s", tt->count_text, tt->unit, tt->n > 0 ? sep : "");
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
		/* what the tier means, a paragraph after this one (the
		 * list's runs still go to p) */
		tier_meaning(r, p, tt->tier);
		if (!tt->tier->rated && tt->n > 0 && m->unrated_ref != NULL) {
			pdf_run(r->doc, p, m->unrated_ref, (size_t)-1, 0, "#providers-unrated");
			continue;
		}
		nunc = 0;
		for (j = 0; j < tt->n; j++) {
			const struct vd_medal_entry *en = &tt->v[j];
			const struct rating *rt = en->rating;

			if (j > 0)
				pdf_run(r->doc, p, ", ", 2, 0, NULL);
			href = xasprintf("#provider-%s", rt->provider->id);
			pdf_name_run(r->doc, p, en->name, 0, href);
			free(href);
			if (en->mark != NULL) {
				t = xasprintf(" %s", en->mark);
				pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
				free(t);
				nunc += en->uncertain != NULL;
			}
			/* the view's movement, where the PDF shows one */
			if (en->move != NULL) {
				t = xasprintf(" (%s)", en->move);
				pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
				free(t);
			}
		}
		/* why a tier is uncertain, after the list: the reason alone
		 * for one provider; for more, each provider's name before its
		 * reason ("Uncertain: A, why; B, why") */
		if (nunc == 0)
			continue;
		t = xasprintf(". %s", m->uncertain_label);
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
		for (j = 0, k = 0; j < tt->n; j++) {
			const struct vd_medal_entry *en = &tt->v[j];

			if (en->mark == NULL || en->uncertain == NULL)
				continue;
			pdf_run(r->doc, p, k++ > 0 ? "; " : " ", (size_t)-1, 0, NULL);
			if (nunc > 1) {
				pdf_name_run(r->doc, p, en->name, 0, NULL);
				pdf_run(r->doc, p, ", ", 2, 0, NULL);
			}
			pdf_run(r->doc, p, en->uncertain, (size_t)-1, 0, NULL);
		}
	}
	free(sep);
}

static struct table *
build_movers(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_movers(c, te->base, te->e);
}

static struct table *
build_movers_rows(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_movers_opt(c, te->base, te->e, false);
}

static struct table *
build_claims(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return vd_claims_table(c, te->e, false);
}

/* The metadata date: the report's (the title page's "compiled"), else
 * SOURCE_DATE_EPOCH, else the edition's date. */
static void
meta_date(const struct computed *c, char out[static 32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	const struct edition *e = c->project->report.edition;
	char *end = NULL;
	long long t = -1;
	time_t tt;
	struct tm tm;

	/* the date the title page gives as the report's, if it gives one */
	if (c->project->report.published != DATE_NONE)
		sde = NULL;
	if (sde != NULL && *sde != '\0') {
		t = strtoll(sde, &end, 10);
		if (*end != '\0' || t < 0)
			t = -1;
	}
	if (t < 0 && c->project->report.published != DATE_NONE)
		t = (long long)c->project->report.published * 86400;
	if (t < 0)
		t = e != NULL && e->published != DATE_NONE ?
		    (long long)e->published * 86400 : 0;
	tt = (time_t)t;
	gmtime_r(&tt, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void
title_page(struct pdf_report *r)
{
	const struct report *rep = &r->c->project->report;
	const struct edition *e = rep->edition;
	struct buf authors = BUF_INIT;
	char date[32], *s;
	size_t i;

	pdfdoc_set(r->doc, PDF_TITLE, rep->title);
	pdfdoc_set(r->doc, PDF_SUBTITLE, rep->subtitle);
	pdfdoc_set(r->doc, PDF_SUBJECT, rep->subtitle);
	if (rep->lede != NULL) {
		s = md_text_of(r->c, rep->lede, rep->pos.file, rep->lede_at.line);
		pdfdoc_set(r->doc, PDF_LEDE, s);
		free(s);
	}
	pdfdoc_set(r->doc, PDF_CREATOR, "podium " PODIUM_VERSION);
	pdfdoc_set(r->doc, PDF_LANG, rep->language);
	meta_date(r->c, date);
	pdfdoc_set(r->doc, PDF_DATE, date);
	pdfdoc_set(r->doc, PDF_TOC_TITLE, report_string(&r->c->project->report, "contents"));
	pdfdoc_set(r->doc, PDF_FOOTER, report_string(&r->c->project->report, "pdf_page_of"));
	pdfdoc_set(r->doc, PDF_PAGE_REF, report_string(&r->c->project->report, "pdf_page_ref"));
	pdfdoc_set(r->doc, PDF_HERE_ABOVE, report_string(&r->c->project->report, "pdf_here_above"));
	pdfdoc_set(r->doc, PDF_HERE_BELOW, report_string(&r->c->project->report, "pdf_here_below"));
	pdfdoc_set(r->doc, PDF_PAGES_REF, report_string(&r->c->project->report, "pdf_pages_ref"));
	pdfdoc_set(r->doc, PDF_TABLE_CONT, report_string(&r->c->project->report, "pdf_table_continued"));
	pdfdoc_paper(r->doc, rep->paper == PAPER_LETTER ? PDF_LETTER : PDF_A4);
	for (i = 0; i < rep->nauthors; i++) {
		if (i > 0)
			buf_puts(&authors, ", ");
		buf_puts(&authors, rep->authors[i]);
	}
	pdfdoc_set(r->doc, PDF_AUTHOR, authors.len > 0 ? authors.data :
	    rep->publisher);
	pdfdoc_title_line(r->doc, rep->publisher);
	if (rep->nauthors > 0) {
		s = view_list(rep, (const char *const *)rep->authors, rep->nauthors);
		pdfdoc_title_line(r->doc, s);
		free(s);
	}
	if (e != NULL) {
		/* the edition's date is the source's; the report's own is when it was compiled */
		if (e->published != DATE_NONE) {
			char *words = view_date(rep, e->published);

			s = report_format(rep, "pdf_edition_published",
			    (const char *[]){"edition", "date", NULL},
			    (const char *[]){e->name, words, NULL});
			free(words);
		} else
			s = report_format1(rep, "pdf_edition", "edition", e->name);
		pdfdoc_title_line(r->doc, s);
		free(s);
	}
	if (rep->published != DATE_NONE) {
		char *words = view_date(rep, rep->published);

		s = report_format1(rep, "compiled_on", "date", words);
		free(words);
		pdfdoc_title_line(r->doc, s);
		free(s);
	}
	buf_release(&authors);
}

/* The report's own pages with pdf: true, after the providers (back matter). */
static int
pages(struct pdf_report *r)
{
	const struct computed *c = r->c;
	char *anchor;
	size_t i;
	int rc = 0;

	for (i = 0; i < c->project->npages; i++) {
		const struct page *pg = &c->project->pages[i];

		if (!pg->pdf)
			continue;
		/* runs on after the home page's sections, as they run on after
		 * one another: a short page is not a page of its own */
		anchor = xasprintf("page-%s", pg->id);
		pdf_heading(r->doc, NULL, 1, pg->title, anchor, PDF_H_ALL);
		free(anchor);
		if (pdf_markdown(r, NULL, pg->body, pg->pos.file, pg->body_line, 1) == -1)
			rc = -1;
	}
	return rc;
}

/*
 * The home page's sections in the home page's order, as the view decided
 * them (view_home.c): the headline figures open the first content page,
 * then the medal table and the movement unless the commentary shows them,
 * then the commentary.
 */
static int
home(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	struct vd_page *own = c->view == NULL ? vd_home_new(c) : NULL;
	const struct vd_page *hp = own != NULL ? own : c->view->home;
	unsigned first = PDF_H_NEWPAGE;
	size_t i, k;
	int rc = 0;

	for (i = 0; hp != NULL && i < hp->n; i++) {
		const struct vd_section *sec = &hp->s[i];
		const char *anchor = sec->id;
		char *name = NULL;

		if (strcmp(sec->id, "figures") == 0)
			anchor = "headline";
		else if (strcmp(sec->id, "movement") == 0)
			anchor = "movers";
		else if (strcmp(sec->id, "commentary") == 0 && sec->n > 0 &&
		    sec->b[0].section != NULL) {
			/* the report's notes on its method are the methodology
			 * part: a link to the methodology lands on its heading */
			if (!r->methodology_merged &&
			    methodology_section(sec->b[0].section))
				anchor = "methodology";
			else
				anchor = name = xasprintf("section-%s",
				    sec->b[0].section->id);
		}
		pdf_heading(r->doc, NULL, 1, sec->title, anchor, PDF_H_ALL | first);
		r->cur_anchor = anchor;
		r->cur_title = sec->title;
		first = 0;
		for (k = 0; k < sec->n; k++) {
			const struct vd_block *b = &sec->b[k];

			if (b->kind == VB_MEDALS)
				medals_paras(r, b->medals);
			else if (b->kind == VB_TABLE && b->role != NULL &&
			    strcmp(b->role, "movers") == 0) {
				bool rows = pdf_has_changes(r) && r->movers_anchor == NULL;

				if (rows) {
					r->movers_anchor = xstrdup(anchor);
					r->movers_title = xstrdup(sec->title ? sec->title : "");
				}
				/* its own anchor: a reference to it gives the
				 * pages it is on, not its part's first (PDF review
				 * 8, item 8) */
				if (rows)
					r->movers_table = "movers-table";
				pdf_table_lazy_at(r, NULL, rows ? build_movers_rows : build_movers,
				    table_eds(e, c->compare.baseline),
				    rows ? r->movers_table : NULL);
				if (rows)
					pdf_movers_pointer(r, NULL);
			}
			else if (b->kind == VB_MARKDOWN) {
				if (pdf_markdown(r, NULL, b->md, b->file, b->line, 1) == -1)
					rc = -1;
			} else
				pdf_view_block(r, NULL, b);
		}
		/* a commentary section's corrections under it, dated */
		if (strcmp(sec->id, "commentary") == 0 && sec->n > 0 &&
		    sec->b[0].section != NULL) {
			const struct section *cs = sec->b[0].section;

			pdf_corrections_of(r, cs->corrections, cs->ncorrections,
			    cs->pos.file);
			/* the report's own account of security or of its
			 * method is the part: the built-in one's tables follow
			 * it as its subsections, not as a twin part later */
			if (cs->security && !r->security_merged &&
			    project_has_security(c->project)) {
				r->security_merged = true;
				security_body(r, true);
			} else if (!r->methodology_merged &&
			    methodology_section(cs)) {
				r->methodology_merged = true;
				methodology_body(r, true);
			}
		}
		r->cur_anchor = r->cur_title = NULL;
		free(name);
		/* what changed in the edition is results: it follows the
		 * section whose movers table it completes, before the parts
		 * on the failure test, security and method (the view's order
		 * otherwise) */
		if (r->movers_anchor != NULL && !r->changes_done) {
			r->changes_done = true;
			pdf_changes(r);
		}
	}
	/* the view's tables were copied: its page may go (pdf_view_block) */
	vd_page_free(own);
	return rc;
}

static void
table_add(struct pdf_report *r, struct table *t, const char *anchor)
{
	if (t == NULL)
		return;
	pdf_table_links(t);
	pdf_table(r->doc, NULL, t, anchor);
}

/*
 * The edition's own article, named once at the head of the providers part
 * as the source of every entry that names no other (pdf_providers_source):
 * the entries' sources lines then leave it out (pdf_provider.c).
 */
static void
providers_source(struct pdf_report *r, struct pdf_block *p, const struct edition *e)
{
	const char *text = report_string(&r->c->project->report, "pdf_providers_source");
	const char *name;
	size_t at = 0, from = 0, len, off;
	char *link;

	if (e->source == NULL)
		return;
	link = xasprintf("#source-%s", e->source->id);
	pdf_run(r->doc, p, " ", 1, 0, NULL);
	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		if (off > from)
			pdf_run(r->doc, p, text + from, off - from, 0, NULL);
		from = at;
		if (len == 6 && memcmp(name, "source", 6) == 0)
			pdf_run(r->doc, p, e->source->title != NULL ? e->source->title :
			    e->source->id, (size_t)-1, PDF_S_ITALIC, link);
		else
			from = off;
	}
	if (text[from] != '\0')
		pdf_run(r->doc, p, text + from, (size_t)-1, 0, NULL);
	free(link);
}

/* Returns the providers' page builders; free them after rendering. */
static struct pdf_provider_fill *
providers(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	const struct edition_stats *st = computed_edition(c, e);
	struct pdf_block *p;
	struct pdf_provider_fill *fills;
	size_t i, nrated = 0, nrows = 0;
	char **rows;
	bool unrated;
	char *s, *n;

	if (st == NULL || st->nratings == 0)
		return NULL;
	/* rated with a tier and nothing more: a row of one table each */
	rows = xcalloc(st->nratings, sizeof(*rows));
	for (i = 0; i < st->nratings; i++) {
		if (!rating_on_ladder(&st->ratings[i]))
			continue;
		nrated++;
		rows[i] = pdf_provider_row(r, &st->ratings[i]);
		nrows += rows[i] != NULL;
	}
	pdf_heading(r->doc, NULL, 1, report_string(&r->c->project->report, "providers"),
	    "providers",
	    PDF_H_ALL);   /* runs on: a new page left the last one half empty */
	/* with a table of rows too, the sentences follow the part's order:
	 * the entries, the rows, then those not rated */
	unrated = nrated < st->nratings && nrows == 0;
	n = view_int(&r->c->project->report, (long long)nrated);
	s = report_format(&r->c->project->report, unrated ?
	    view_plural(&r->c->project->report, (double)nrated, "pdf_providers_intro_one_unrated",
	    "pdf_providers_intro_unrated") : view_plural(&r->c->project->report, (double)nrated,
	    "pdf_providers_intro_one", "pdf_providers_intro"),
	    (const char *[]){"n", "edition", NULL}, (const char *[]){n, e->name, NULL});
	free(n);
	p = pdf_para(r->doc, NULL);
	pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
	free(s);
	if (nrows > 0) {
		n = view_int(&r->c->project->report, (long long)nrows);
		s = report_format1(&r->c->project->report, view_plural(&r->c->project->report,
		    (double)nrows, "pdf_providers_rows_one", "pdf_providers_rows"), "n", n);
		pdf_run(r->doc, p, " ", 1, 0, NULL);
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		free(n);
		if (nrated < st->nratings) {
			pdf_run(r->doc, p, " ", 1, 0, NULL);
			pdf_run(r->doc, p, report_string(&r->c->project->report,
			    "pdf_providers_then_unrated"), (size_t)-1, 0, NULL);
		}
	}
	providers_source(r, p, e);
	/* the part's opening stays with its first entry's start */
	p->keep_with_next = true;
	fills = xcalloc(st->nratings, sizeof(*fills));
	for (i = 0; i < st->nratings; i++) {
		if (!rating_on_ladder(&st->ratings[i]) || rows[i] != NULL)
			continue;
		fills[i].rt = &st->ratings[i];
		pdf_provider_page(r, &fills[i]);
	}
	pdf_rows_table(r, st, rows);
	for (i = 0; i < st->nratings; i++)
		free(rows[i]);
	free(rows);
	if (nrated < st->nratings) {
		pdf_unrated_table(r, st);
		pdf_unrated_notes(r, st);
	}
	return fills;
}

/*
 * The security part renders the view's security page (view_security.c),
 * as the site does: the scope, the findings table, the practices. Where
 * the report has its own account of security (the commentary marked
 * security: true), that commentary is the part (merged): its findings and
 * practices follow it as subsections, without the sentences that say what
 * the part holds or point to the commentary. Else the part stands alone,
 * after the providers.
 */
static void
security_body(struct pdf_report *r, bool merged)
{
	struct vd_security *own = NULL;
	const struct vd_security *v = r->c->view != NULL ? r->c->view->security : NULL;
	const struct vd_section *s;
	struct pdf_block *p, *prev;
	char *anchor;
	size_t i, k;

	if (v == NULL && (v = own = vd_security_new(r->c)) == NULL)
		return;
	if (!merged)
		pdf_heading(r->doc, NULL, 1, v->title, "security",
		    PDF_H_ALL | PDF_H_NEWPAGE);
	for (i = 0; i < v->n; i++) {
		s = &v->s[i];
		if (s->title != NULL) {
			anchor = xasprintf("security-%s", s->id);
			pdf_heading(r->doc, NULL, 2, s->title, anchor,
			    PDF_H_OUTLINE)->keep_with_next = true;
			free(anchor);
		}
		prev = NULL;
		for (k = 0; k < s->n; k++) {
			const char *role = s->b[k].role != NULL ? s->b[k].role : "";

			if (s->b[k].kind == VB_MARKDOWN && strcmp(role, "commentary") == 0)
				continue;
			if (merged && (strcmp(role, "standfirst") == 0 ||
			    strcmp(role, "commentary-ref") == 0))
				continue;
			p = pdf_view_block(r, NULL, &s->b[k]);
			/* a sentence that leads into a table stays with it */
			if (s->b[k].kind == VB_TABLE && prev != NULL)
				prev->keep_with_next = true;
			prev = s->b[k].kind == VB_PARA ? p : NULL;
		}
		/* the count of findings leads into their table's heading */
		if (prev != NULL && i + 1 < v->n)
			prev->keep_with_next = true;
	}
	vd_security_free(own);
}

static struct table *
ladder_table(const struct report *rep)
{
	struct table *t = table_new(report_string(rep, "ladder_caption"), 3);
	struct table_cell *row;
	size_t i;

	table_head(t, 0, report_string(rep, "tier"), false);
	table_head(t, 1, report_string(rep, "medal_head"), false);
	table_head(t, 2, report_string(rep, "rated"), false);
	for (i = 0; i < rep->nladder; i++) {
		row = table_row(t);
		table_cell_set(&row[0], rep->ladder[i].name, NULL);
		row[0].tier = &rep->ladder[i];
		table_cell_set(&row[1], report_string(rep, rep->ladder[i].medal ? "yes" : "no"),
		    NULL);
		table_cell_set(&row[2], report_string(rep, rep->ladder[i].rated ? "yes" : "no"),
		    NULL);
	}
	return t;
}

static struct table *
rubric_table(const struct report *rep, const struct rubric *rb)
{
	struct table *t = table_new(report_string(rep, "rubric_criteria"), 2);
	struct table_cell *row;
	char w[32];
	size_t i;

	table_head(t, 0, report_string(rep, "criterion"), false);
	table_head(t, 1, report_string(rep, "weight"), true);
	for (i = 0; i < rb->ncriteria; i++) {
		row = table_row(t);
		table_cell_set(&row[0], rb->criteria[i].name, NULL);
		fmt_fixed(rb->criteria[i].weight, 2, w, sizeof(w));
		table_cell_take(&row[1], view_decimal(rep, w), NULL);
		row[1].numeric = true;
	}
	return t;
}

/*
 * Whether commentary section s is the report's notes on its method: its
 * front matter says page: methodology, as it does for the site (the
 * methodology page gives it in full; the home page, its opening).
 */
static bool
methodology_section(const struct section *s)
{
	return s->page != NULL && strcmp(s->page, "methodology") == 0;
}

/*
 * The method: what is counted, the ladder and each tier's meaning (unless
 * the tier table gave them), the rubric, the stated and counted figures.
 * Merged: under the report's own methodology notes, the part they head;
 * the first paragraph then takes the part's name as its anchor, where the
 * site's links to the methodology page lead.
 */
static void
methodology_body(struct pdf_report *r, bool merged)
{
	const struct computed *c = r->c;
	const struct report *rep = &c->project->report;
	const struct edition *e = rep->edition;
	struct pdf_block *first;

	if (!merged)
		pdf_heading(r->doc, NULL, 1, report_string(rep, "methodology"),
		    "methodology", PDF_H_ALL);
	first = pdf_para(r->doc, NULL);
	pdf_run(r->doc, first, report_string(rep, "methodology_figures"), (size_t)-1, 0,
	    NULL);

	if (!r->tiers_defined) {
		table_add(r, ladder_table(rep), NULL);
		/* each tier's meaning and group, where the report gives them */
		for (size_t i = 0; i < rep->nladder; i++) {
			const struct tier *t = &rep->ladder[i];
			struct pdf_block *p;

			if (t->description == NULL && t->group == NULL)
				continue;
			p = pdf_para(r->doc, NULL);
			p->anchor = tier_anchor(r, t);
			pdf_run(r->doc, p, t->name, (size_t)-1, PDF_S_BOLD, NULL);
			if (t->group != NULL) {
				char *g = report_format1(rep, "tier_group_member_pdf", "group",
				    t->group);

				pdf_run(r->doc, p, g, (size_t)-1, 0, NULL);
				free(g);
			}
			if (t->description != NULL) {
				char *sep = report_label_sep(rep);

				pdf_run(r->doc, p, sep, (size_t)-1, 0, NULL);
				free(sep);
				pdf_markdown_inline(r, p, t->description, t->pos.file,
				    t->pos.line);
			}
		}
	}
	if (e->rubric != NULL && e->rubric->ncriteria > 0)
		table_add(r, rubric_table(rep, e->rubric), NULL);
	/* the stated figures of every edition that states some, the report's
	 * own edition first, then the older ones, newest first: where an
	 * article's figure differs from the count is the point of the table */
	pdf_table_lazy(r, NULL, build_claims, table_eds(e, NULL));
	for (size_t i = r->c->project->neditions; i-- > 0;) {
		const struct edition *o = &r->c->project->editions[i];
		const struct edition_stats *s = computed_edition(r->c, o);

		if (o != e && s != NULL && s->nclaims > 0)
			pdf_table_lazy(r, NULL, build_claims, table_eds(o, NULL));
	}
}

/*
 * A URL: on a line of its own when it fits on one, else broken only in
 * its path, after a "/" or a "-" (PDF_S_URL), never inside the scheme and
 * host ("https://" alone at a line's end).
 */
static void
url_runs(struct pdf_report *r, struct pdf_block *p, const char *url)
{
	pdf_run(r->doc, p, url, (size_t)-1, PDF_S_CODE | PDF_S_URL, url);
}

/*
 * A source: its title (linked), its kind in parentheses ("report": lower
 * case never after a full stop), author, publisher and date after commas,
 * then its address.
 */
static void
source_entry(struct pdf_report *r, const struct source *s)
{
	struct pdf_block *p = pdf_para(r->doc, NULL);
	char *anchor = xasprintf("source-%s", s->id), *t;
	const char *kind;
	char *date = NULL;

	p->anchor = pdfdoc_strdup(r->doc, anchor);
	free(anchor);
	pdf_run(r->doc, p, s->title, (size_t)-1, PDF_S_BOLD,
	    s->url != NULL && url_allowed(s->url) ? s->url : NULL);
	/* the kind, unless it is none of the named ones ("other") */
	kind = s->kind != SOURCE_OTHER ? view_word(&r->c->project->report,
	    "kind", source_kind_name(s->kind)) : NULL;
	if (kind != NULL) {
		t = xasprintf(" (%s)", kind);
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
	}
	if (s->author != NULL) {
		pdf_run(r->doc, p, ", ", 2, 0, NULL);
		pdf_run(r->doc, p, s->author, (size_t)-1, 0, NULL);
	}
	if (s->publisher != NULL) {
		pdf_run(r->doc, p, ", ", 2, 0, NULL);
		pdf_run(r->doc, p, s->publisher, (size_t)-1, PDF_S_ITALIC, NULL);
	}
	if (s->date != DATE_NONE)
		date = view_date(&r->c->project->report, s->date);
	else if (s->date_text != NULL)
		date = xstrdup(s->date_text);
	if (date != NULL) {
		pdf_run(r->doc, p, ", ", 2, 0, NULL);
		pdf_run(r->doc, p, date, (size_t)-1, 0, NULL);
		free(date);
	}
	pdf_run(r->doc, p, ".", 1, 0, NULL);
	if (s->url != NULL && url_allowed(s->url)) {
		pdf_run(r->doc, p, " ", 1, 0, NULL);
		url_runs(r, p, s->url);
	}
}

static void
sources(struct pdf_report *r)
{
	const struct project *p = r->c->project;
	size_t i, *order;

	if (p->nsources == 0)
		return;
	pdf_heading(r->doc, NULL, 1, report_string(&r->c->project->report, "sources"),
	    "sources", PDF_H_ALL);
	order = vd_sources_order(p);
	for (i = 0; i < p->nsources; i++)
		source_entry(r, &p->sources[order[i]]);
	free(order);
}

/*
 * Where cairo writes the PDF. A failed write is recorded here and never
 * told to cairo: cairo 1.16 asserts (aborts the process) when a stream
 * error reaches some of its paths, such as cairo_surface_finish(). The
 * rest of the PDF is then thrown away, and the failure is the build's.
 */
struct pdf_sink {
	FILE *fp;
	int err;        /* 0, else the first failed write's errno */
};

static cairo_status_t
write_file(void *closure, const unsigned char *data, unsigned int len)
{
	struct pdf_sink *s = closure;

	errno = 0;
	if (s->err == 0 && fwrite(data, 1, len, s->fp) != len)
		s->err = errno != 0 ? errno : EIO;
	return CAIRO_STATUS_SUCCESS;
}

/* check: the PDF is drawn in full, and its bytes go nowhere */
static cairo_status_t
write_nowhere(void *closure, const unsigned char *data, unsigned int len)
{
	(void)closure;
	(void)data;
	(void)len;
	return CAIRO_STATUS_SUCCESS;
}

/*
 * With PODIUM_PDF_STATS set (non-empty), how many texts pango shaped in
 * each layout pass and how many the second took from the first, and how
 * many providers' views were built, on standard error: a test holds the
 * second pass to shaping none again.
 */
static void
pdf_stats(const struct pdf_report *r, const struct pdf_result *res)
{
	const char *on = getenv("PODIUM_PDF_STATS");

	if (on == NULL || *on == '\0')
		return;
	fprintf(stderr, "podium: pdf: %u pages, %lu texts shaped in the first "
	    "pass, %lu in the second (%lu of them again), %lu taken from the "
	    "first; %zu providers' views built\n", res->pages, res->shaped[0],
	    res->shaped[1], res->twice, res->reused, r->views_built);
}

/* Lays the document out straight into OUT/report.pdf (nowhere for check). */
static int
write_pdf(struct pdf_report *r, struct site_out *o)
{
	struct pdf_sink s = {NULL, 0};
	struct pdf_result res;
	const char *err = NULL;
	int rc, fd;

	if (o->discard) {
		if ((rc = pdf_render_stream(r->doc, write_nowhere, NULL, &res, &err)) == -1) {
			diag_system(r->d, "report.pdf", "cannot draw the PDF: %s", err);
			o->failed = true;
			return -1;
		}
		pdf_stats(r, &res);
		return site_out_record(o, "report.pdf", 0);
	}
	if ((s.err = site_out_open(o, "report.pdf", &fd)) != 0)
		return site_out_record(o, "report.pdf", s.err);
	if ((s.fp = fdopen(fd, "wb")) == NULL) {
		s.err = errno;
		close(fd);
		return site_out_failed(o, "report.pdf", s.err);
	}
	rc = pdf_render_stream(r->doc, write_file, &s, &res, &err);
	if (rc == 0)
		pdf_stats(r, &res);
	if (fflush(s.fp) != 0 && s.err == 0)
		s.err = errno != 0 ? errno : EIO;
	if (fclose(s.fp) != 0 && s.err == 0)
		s.err = errno != 0 ? errno : EIO;
	if (s.err != 0)
		return site_out_failed(o, "report.pdf", s.err);
	if (rc == -1) {
		diag_system(r->d, "report.pdf", "cannot draw the PDF: %s", err);
		o->failed = true;
		return -1;
	}
	return site_out_record(o, "report.pdf", 0);
}

int
render_pdf(const struct computed *c, struct site_out *o, struct diag *d)
{
	struct pdf_provider_fill *fills = NULL;
	struct pdf_report r;
	int rc = -1;

	if (c->project->report.edition == NULL)
		return 0;
	if (o->tmp == NULL)
		return -1;
	if (fonts_check(FONTS_PDF, d) == -1) {
		o->failed = true;
		return -1;
	}
	memset(&r, 0, sizeof(r));
	r.c = c;
	r.d = d;
	r.doc = pdfdoc_new();
	r.frame = chart_frame_new(c);
	title_page(&r);
	if (home(&r) == -1)
		goto out;
	if (!r.changes_done)
		pdf_changes(&r);
	fills = providers(&r);
	if (project_has_security(c->project) && !r.security_merged)
		security_body(&r, false);
	if (!r.methodology_merged)
		methodology_body(&r, false);
	/* the report's own pages (About) are back matter, before the
	 * sources: between the analysis and the catalogue they left gaps */
	if (pages(&r) == -1)
		goto out;
	sources(&r);
	pdf_corrections(&r);
	rc = write_pdf(&r, o);
out:
	free(r.movers_anchor);
	free(r.movers_title);
	pdfdoc_free(r.doc);
	chart_frame_free(r.frame);
	free(fills);
	return rc;
}
