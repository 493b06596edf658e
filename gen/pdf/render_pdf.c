/*
 * render_pdf.c: report.pdf (SPEC 4.4). Builds the document from the
 * computed model (title page, contents, commentary, medal table, movers,
 * one page per provider, security, methodology, sources) and lays it out
 * with the PDF layout (pdfdoc.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The medal table grouped by tier (table_medals_by_tier). */
static struct table *
build_medals(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_medals_by_tier(c, te->e);
}

static struct table *
build_movers(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_movers(c, te->base, te->e);
}

static struct table *
build_security(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_security(c, te->e);
}

static struct table *
build_claims(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_claims(c, te->e);
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

/* The report's own pages with pdf: true, after the home page's sections. */
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
		anchor = xasprintf("page-%s", pg->id);
		pdf_heading(r->doc, NULL, 1, pg->title, anchor, PDF_H_ALL | PDF_H_NEWPAGE);
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
		    sec->b[0].section != NULL)
			anchor = name = xasprintf("section-%s", sec->b[0].section->id);
		pdf_heading(r->doc, NULL, 1, sec->title, anchor, PDF_H_ALL | first);
		free(name);
		first = 0;
		for (k = 0; k < sec->n; k++) {
			const struct vd_block *b = &sec->b[k];

			if (b->kind == VB_TABLE && b->role != NULL &&
			    strcmp(b->role, "medal-table") == 0)
				pdf_table_lazy(r, NULL, build_medals, table_eds(e, NULL));
			else if (b->kind == VB_TABLE && b->role != NULL &&
			    strcmp(b->role, "movers") == 0)
				pdf_table_lazy(r, NULL, build_movers,
				    table_eds(e, c->compare.baseline));
			else if (b->kind == VB_MARKDOWN) {
				if (pdf_markdown(r, NULL, b->md, b->file, b->line, 1) == -1)
					rc = -1;
			} else
				pdf_view_block(r, NULL, b);
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

static void
para(struct pdf_report *r, const char *text)
{
	pdf_run(r->doc, pdf_para(r->doc, NULL), text, (size_t)-1, 0, NULL);
}

/* Returns the providers' page builders; free them after rendering. */
static struct pdf_provider_fill *
providers(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	const struct edition_stats *st = computed_edition(c, e);
	struct pdf_provider_fill *fills;
	size_t i, nrated = 0;
	char *s, *n;

	if (st == NULL || st->nratings == 0)
		return NULL;
	for (i = 0; i < st->nratings; i++)
		nrated += rating_on_ladder(&st->ratings[i]);
	pdf_heading(r->doc, NULL, 1, report_string(&r->c->project->report, "providers"),
	    "providers",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	n = view_int(&r->c->project->report, (long long)nrated);
	s = report_format(&r->c->project->report, nrated < st->nratings ?
	    view_plural(&r->c->project->report, (double)nrated, "pdf_providers_intro_one_unrated",
	    "pdf_providers_intro_unrated") : view_plural(&r->c->project->report, (double)nrated,
	    "pdf_providers_intro_one", "pdf_providers_intro"),
	    (const char *[]){"n", "edition", NULL}, (const char *[]){n, e->name, NULL});
	free(n);
	para(r, s);
	free(s);
	fills = xcalloc(st->nratings, sizeof(*fills));
	for (i = 0; i < st->nratings; i++) {
		if (!rating_on_ladder(&st->ratings[i]))
			continue;
		fills[i].rt = &st->ratings[i];
		pdf_provider_page(r, &fills[i]);
	}
	if (nrated < st->nratings)
		pdf_unrated_table(r, st);
	return fills;
}

/* A public finding as a row of the site's findings table. */
static void
finding_row(const struct report *rp, struct table *t, const struct finding *f,
    const struct provider *pr)
{
	struct table_cell *row = table_row(t);
	char date[11], after[128], *href;

	table_cell_set(&row[0], f->title, NULL);
	if (pr != NULL) {
		href = xasprintf("providers/%s/", pr->id);
		table_cell_set(&row[1], pr->name, href);
		free(href);
	} else
		table_cell_set(&row[1], report_string(rp, "not_named"), NULL);
	table_cell_set(&row[2], finding_class_name(f->cls), NULL);
	table_cell_set(&row[3], f->severity != SEV_UNSET ?
	    severity_name(f->severity) : DASH, NULL);
	if (f->disclosed != DATE_NONE)
		date_format(f->disclosed, date);
	table_cell_set(&row[4], f->disclosed != DATE_NONE ? date : DASH, NULL);
	if (f->patched != DATE_NONE) {
		date_format(f->patched, date);
		table_cell_set(&row[5], date, NULL);
	} else if (f->patched_after >= 0) {
		report_duration(rp, f->patched_after, after, sizeof(after));
		table_cell_take(&row[5], report_format1(rp, "after_disclosure", "time",
		    after), NULL);
	} else
		table_cell_set(&row[5], DASH, NULL);
	if (f->verified != DATE_NONE) {
		date_format(f->verified, date);
		table_cell_set(&row[6], date, NULL);
	} else
		table_cell_set(&row[6], f->verified_flag ? report_string(rp, "yes") : DASH,
		    NULL);
}

/*
 * The site's findings table (security/index.html): every public finding,
 * those not tied to a provider first, without a column no finding fills.
 */
static struct table *
build_findings(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;
	const struct report *rp = &c->project->report;
	const struct edition_stats *st = computed_edition(c, te->e);
	static const char *const heads[] = {"finding", "provider", "class", "severity",
	    "disclosed", "patched", "verified"};
	struct table *t;
	size_t i, j;
	char *cap;

	cap = xasprintf("%s, %s", report_string(rp, "public_security_findings"),
	    te->e->name);
	t = table_new(cap, ARRAY_SIZE(heads));
	free(cap);
	for (i = 0; i < ARRAY_SIZE(heads); i++)
		table_head(t, i, report_string(rp, heads[i]), false);
	for (i = 0; i < te->e->nfindings; i++)
		if (te->e->findings[i].public)
			finding_row(rp, t, &te->e->findings[i], NULL);
	for (i = 0; st != NULL && i < st->nratings; i++) {
		const struct review *rv = st->ratings[i].review;

		for (j = 0; rv != NULL && j < rv->nfindings; j++)
			if (rv->findings[j].public)
				finding_row(rp, t, &rv->findings[j], rv->provider);
	}
	table_drop_empty_columns(t, DASH);
	pdf_table_links(t);
	return t;
}

/*
 * The security section, as the site's security page: what it covers, the
 * public findings in a table and the others counted, then the practices
 * with what each means, and the table of each provider's answers.
 */
static void
security(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct report *rp = &c->project->report;
	const struct edition *e = rp->edition;
	const struct edition_stats *st = computed_edition(c, e);
	char *s;
	size_t i;

	pdf_heading(r->doc, NULL, 1, report_string(rp, "security_findings"), "security",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	para(r, report_string(rp, "security_intro"));
	if (st != NULL) {
		char pub[32], priv[32];

		view_int_to(&c->project->report, (long long)st->public_findings, pub, sizeof(pub));
		view_int_to(&c->project->report, (long long)st->private_findings, priv, sizeof(priv));
		const struct report *rep = &c->project->report;
		bool pub1 = view_plural(rep, (double)st->public_findings, "1", "n")[0] == '1';
		bool priv1 = view_plural(rep, (double)st->private_findings, "1", "n")[0] == '1';

		s = report_format(rep, pub1 ? (priv1 ? "pdf_findings_1_1" : "pdf_findings_1_n") :
		    (priv1 ? "pdf_findings_n_1" : "pdf_findings_n_n"),
		    (const char *[]){"public", "undisclosed", NULL},
		    (const char *[]){pub, priv, NULL});
		para(r, s);
		free(s);
	}
	if (st != NULL && st->public_findings > 0) {
		pdf_heading(r->doc, NULL, 2, report_string(rp, "public_findings"),
		    "security-findings", PDF_H_OUTLINE)->keep_with_next = true;
		pdf_table_lazy(r, NULL, build_findings, table_eds(e, NULL));
	}
	if (rp->npractices == 0)
		return;
	pdf_heading(r->doc, NULL, 2, report_string(rp, "practices"), "security-practices",
	    PDF_H_OUTLINE)->keep_with_next = true;
	for (i = 0; i < rp->npractices; i++) {
		const struct practice_def *pd = &rp->practices[i];
		struct pdf_block *p = pdf_para(r->doc, NULL);

		pdf_run(r->doc, p, pd->name, (size_t)-1, PDF_S_BOLD, NULL);
		if (pd->description != NULL) {
			pdf_run(r->doc, p, ": ", 2, 0, NULL);
			pdf_markdown_inline(r, p, pd->description, pd->pos.file, pd->pos.line);
		}
	}
	if (!r->shown_security)
		pdf_table_lazy(r, NULL, build_security, table_eds(e, NULL));
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

static void
methodology(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct report *rep = &c->project->report;
	const struct edition *e = rep->edition;

	pdf_heading(r->doc, NULL, 1, report_string(rep, "methodology"), "methodology",
	    PDF_H_ALL);
	para(r, report_string(rep, "methodology_figures"));
	table_add(r, ladder_table(rep), NULL);
	/* each tier's meaning and group, where the report gives them */
	for (size_t i = 0; i < rep->nladder; i++) {
		const struct tier *t = &rep->ladder[i];
		struct pdf_block *p;

		if (t->description == NULL && t->group == NULL)
			continue;
		p = pdf_para(r->doc, NULL);
		pdf_run(r->doc, p, t->name, (size_t)-1, PDF_S_BOLD, NULL);
		if (t->group != NULL) {
			char *g = xasprintf(" (%s)", t->group);

			pdf_run(r->doc, p, g, (size_t)-1, 0, NULL);
			free(g);
		}
		if (t->description != NULL) {
			pdf_run(r->doc, p, ": ", 2, 0, NULL);
			pdf_markdown_inline(r, p, t->description, t->pos.file, t->pos.line);
		}
	}
	if (e->rubric != NULL && e->rubric->ncriteria > 0)
		table_add(r, rubric_table(rep, e->rubric), NULL);
	pdf_table_lazy(r, NULL, build_claims, table_eds(e, NULL));
}

static void
source_entry(struct pdf_report *r, const struct source *s)
{
	struct pdf_block *p = pdf_para(r->doc, NULL);
	char *anchor = xasprintf("source-%s", s->id), *t;
	const char *kind;

	p->anchor = pdfdoc_strdup(r->doc, anchor);
	free(anchor);
	pdf_run(r->doc, p, s->title, (size_t)-1, PDF_S_BOLD,
	    s->url != NULL && url_allowed(s->url) ? s->url : NULL);
	/* the kind, unless it is none of the named ones ("other") */
	kind = s->kind != SOURCE_OTHER ? view_word(&r->c->project->report,
	    "kind", source_kind_name(s->kind)) : NULL;
	t = xasprintf(".%s%s%s%s%s", kind != NULL || s->author != NULL ||
	    s->publisher != NULL ? " " : "", kind != NULL ? kind : "",
	    kind != NULL && s->author != NULL ? ", " : "",
	    s->author ? s->author : "",
	    (kind != NULL || s->author != NULL) && s->publisher != NULL ? ", " : "");
	pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
	free(t);
	if (s->publisher != NULL)
		pdf_run(r->doc, p, s->publisher, (size_t)-1, PDF_S_ITALIC, NULL);
	if (s->date != DATE_NONE) {
		char *words = view_date(&r->c->project->report, s->date);

		t = xasprintf("%s%s", kind != NULL || s->author != NULL ||
		    s->publisher != NULL ? ", " : " ", words);
		free(words);
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
	} else if (s->date_text != NULL) {
		t = xasprintf("%s%s", kind != NULL || s->author != NULL ||
		    s->publisher != NULL ? ", " : " ", s->date_text);
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
	}
	pdf_run(r->doc, p, ".", 1, 0, NULL);
	if (s->url != NULL && url_allowed(s->url)) {
		pdf_run(r->doc, p, " ", 1, 0, NULL);
		pdf_run(r->doc, p, s->url, (size_t)-1, PDF_S_CODE, s->url);
	}
}

static void
sources(struct pdf_report *r)
{
	const struct project *p = r->c->project;
	size_t i;

	if (p->nsources == 0)
		return;
	pdf_heading(r->doc, NULL, 1, report_string(&r->c->project->report, "sources"),
	    "sources", PDF_H_ALL);
	for (i = 0; i < p->nsources; i++)
		source_entry(r, &p->sources[i]);
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

/* Lays the document out straight into OUT/report.pdf (nowhere for check). */
static int
write_pdf(struct pdf_report *r, struct site_out *o)
{
	struct pdf_sink s = {NULL, 0};
	const char *err = NULL;
	int rc, fd;

	if (o->discard) {
		if ((rc = pdf_render_stream(r->doc, write_nowhere, NULL, NULL, &err)) == -1) {
			diag_system(r->d, "report.pdf", "cannot draw the PDF: %s", err);
			o->failed = true;
			return -1;
		}
		return site_out_record(o, "report.pdf", 0);
	}
	if ((s.err = site_out_open(o, "report.pdf", &fd)) != 0)
		return site_out_record(o, "report.pdf", s.err);
	if ((s.fp = fdopen(fd, "wb")) == NULL) {
		s.err = errno;
		close(fd);
		return site_out_failed(o, "report.pdf", s.err);
	}
	rc = pdf_render_stream(r->doc, write_file, &s, NULL, &err);
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
	if (home(&r) == -1 || pages(&r) == -1)
		goto out;
	fills = providers(&r);
	if (project_has_security(c->project))
		security(&r);
	methodology(&r);
	sources(&r);
	rc = write_pdf(&r, o);
out:
	pdfdoc_free(r.doc);
	chart_frame_free(r.frame);
	free(fills);
	return rc;
}
