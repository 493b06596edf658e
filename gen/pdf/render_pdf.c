/*
 * render_pdf.c: report.pdf (SPEC 4.4). Builds the document from the
 * computed model (title page, contents, commentary, medal table, movers,
 * one page per provider, security, methodology, sources) and lays it out
 * with the PDF layout (pdfdoc.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse.h"
#include "pdf_report.h"
#include "podium.h"
#include "render.h"

struct chart_fig {
	struct chart ch;
	const struct computed *c;
	struct chart_frame *frame;
};

/* A history chart paints the shared frame: one Form XObject in the PDF. */
static void
chart_fig_draw(void *arg, struct canvas *cv, double w, double h)
{
	struct chart_fig *f = arg;

	if (f->frame != NULL && f->ch.kind == CHART_HISTORY)
		chart_draw_framed(f->frame, &f->ch, f->c, cv, w, h);
	else
		chart_draw(&f->ch, f->c, cv, w, h);
}

static void
chart_fig_free(void *arg)
{
	struct chart_fig *f = arg;

	chart_release(&f->ch);
	free(f);
}

void
pdf_chart(struct pdf_report *r, struct pdf_block *parent,
    enum chart_kind kind, const struct provider *pr)
{
	struct chart_fig *f = xcalloc(1, sizeof(*f));

	f->c = r->c;
	f->frame = r->frame;
	chart_init(&f->ch, r->c, kind, pr);
	pdfdoc_on_free(r->doc, chart_fig_free, f);
	if (f->ch.width <= 0 || f->ch.height <= 0)
		return;
	pdf_figure(r->doc, parent, f->ch.width, f->ch.height, chart_fig_draw,
	    f, f->ch.title, NULL);
}

struct lazy_table {
	struct pdf_report *r;
	pdf_table_build_fn *build;
	void *arg;
};

static void
lazy_table_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct lazy_table *lt = arg;
	struct table *t = lt->build(lt->r->c, lt->arg);

	if (t == NULL)
		return;
	pdf_table_links(t);
	pdf_table(doc, self, t, NULL);
}

static void
lazy_table_free(void *arg)
{
	struct lazy_table *lt = arg;

	free(lt->arg);
	free(lt);
}

void
pdf_table_lazy(struct pdf_report *r, struct pdf_block *parent,
    pdf_table_build_fn *build, void *arg)
{
	struct lazy_table *lt = xcalloc(1, sizeof(*lt));

	lt->r = r;
	lt->build = build;
	lt->arg = arg;
	pdfdoc_on_free(r->doc, lazy_table_free, lt);
	pdf_lazy(r->doc, parent, lazy_table_fill, lt);
}

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

static struct table *
build_medals(const struct computed *c, const void *arg)
{
	const struct table_eds *te = arg;

	return table_medals(c, te->e);
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

/* The metadata date: SOURCE_DATE_EPOCH, else the edition's date. */
static void
meta_date(const struct computed *c, char out[static 32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	const struct edition *e = c->project->report.edition;
	char *end = NULL;
	long long t = -1;
	time_t tt;
	struct tm tm;

	if (sde != NULL && *sde != '\0') {
		t = strtoll(sde, &end, 10);
		if (*end != '\0' || t < 0)
			t = -1;
	}
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
	char date[32], day[11], *s;
	size_t i;

	pdfdoc_set(r->doc, PDF_TITLE, rep->title);
	pdfdoc_set(r->doc, PDF_SUBTITLE, rep->subtitle);
	pdfdoc_set(r->doc, PDF_SUBJECT, rep->subtitle);
	pdfdoc_set(r->doc, PDF_CREATOR, "podium " PODIUM_VERSION);
	pdfdoc_set(r->doc, PDF_LANG, rep->language);
	meta_date(r->c, date);
	pdfdoc_set(r->doc, PDF_DATE, date);
	pdfdoc_set(r->doc, PDF_TOC_TITLE, "Contents");
	pdfdoc_paper(r->doc, rep->paper == PAPER_LETTER ? PDF_LETTER : PDF_A4);
	for (i = 0; i < rep->nauthors; i++) {
		if (i > 0)
			buf_puts(&authors, ", ");
		buf_puts(&authors, rep->authors[i]);
	}
	pdfdoc_set(r->doc, PDF_AUTHOR, authors.len > 0 ? authors.data :
	    rep->publisher);
	pdfdoc_title_line(r->doc, rep->publisher);
	if (authors.len > 0)
		pdfdoc_title_line(r->doc, authors.data);
	if (e != NULL) {
		s = xasprintf("Edition: %s", e->name);
		pdfdoc_title_line(r->doc, s);
		free(s);
		if (e->published != DATE_NONE) {
			date_format(e->published, day);
			s = xasprintf("Published %s", day);
			pdfdoc_title_line(r->doc, s);
			free(s);
		}
	}
	buf_release(&authors);
}

static int
commentary(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct section *s;
	char *anchor;
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nsections; i++) {
		s = c->sections[i];
		anchor = xasprintf("section-%s", s->id);
		pdf_heading(r->doc, NULL, 1, s->title, anchor,
		    PDF_H_ALL | PDF_H_NEWPAGE);
		free(anchor);
		if (pdf_markdown(r, NULL, s->body, s->pos.file, s->body_line,
		    1) == -1)
			rc = -1;
	}
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

static void
medals_and_movers(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	char *s;

	s = xasprintf("Medal table: %s", e->name);
	pdf_heading(r->doc, NULL, 1, s, "medals", PDF_H_ALL | PDF_H_NEWPAGE);
	free(s);
	pdf_table_lazy(r, NULL, build_medals, table_eds(e, NULL));
	if (!c->has_compare || c->compare.baseline == NULL)
		return;
	s = xasprintf("Movers since %s", c->compare.baseline->name);
	pdf_heading(r->doc, NULL, 1, s, "movers", PDF_H_ALL | PDF_H_NEWPAGE);
	free(s);
	pdf_table_lazy(r, NULL, build_movers,
	    table_eds(e, c->compare.baseline));
}

/* Returns the providers' page builders; free them after rendering. */
static struct pdf_provider_fill *
providers(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	const struct edition_stats *st = computed_edition(c, e);
	struct pdf_provider_fill *fills;
	char *s;
	size_t i;

	if (st == NULL || st->nratings == 0)
		return NULL;
	pdf_heading(r->doc, NULL, 1, "Providers", "providers",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	s = xasprintf("One page for each of the %zu providers reviewed in %s, "
	    "in tier order.", st->nratings, e->name);
	para(r, s);
	free(s);
	fills = xcalloc(st->nratings, sizeof(*fills));
	for (i = 0; i < st->nratings; i++) {
		fills[i].rt = &st->ratings[i];
		pdf_provider_page(r, &fills[i]);
	}
	return fills;
}

static void
security(struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	const struct edition_stats *st = computed_edition(c, e);
	char *s;

	pdf_heading(r->doc, NULL, 1, "Security findings", "security",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	pdf_table_lazy(r, NULL, build_security, table_eds(e, NULL));
	if (st != NULL) {
		s = xasprintf("%zu public finding%s; %zu undisclosed finding%s "
		    "(counted, not described).", st->public_findings,
		    st->public_findings == 1 ? "" : "s", st->private_findings,
		    st->private_findings == 1 ? "" : "s");
		para(r, s);
		free(s);
	}
}

static struct table *
ladder_table(const struct report *rep)
{
	struct table *t = table_new("Ladder of tiers, best first", 3);
	struct table_cell *row;
	size_t i;

	table_head(t, 0, "Tier", false);
	table_head(t, 1, "Medal", false);
	table_head(t, 2, "Rated", false);
	for (i = 0; i < rep->nladder; i++) {
		row = table_row(t);
		table_cell_set(&row[0], rep->ladder[i].name, NULL);
		row[0].tier = &rep->ladder[i];
		table_cell_set(&row[1], rep->ladder[i].medal ? "yes" : "no", NULL);
		table_cell_set(&row[2], rep->ladder[i].rated ? "yes" : "no", NULL);
	}
	return t;
}

static struct table *
rubric_table(const struct rubric *rb)
{
	struct table *t = table_new("Rubric criteria", 2);
	struct table_cell *row;
	char w[32];
	size_t i;

	table_head(t, 0, "Criterion", false);
	table_head(t, 1, "Weight", true);
	for (i = 0; i < rb->ncriteria; i++) {
		row = table_row(t);
		table_cell_set(&row[0], rb->criteria[i].name, NULL);
		fmt_fixed(rb->criteria[i].weight, 2, w, sizeof(w));
		table_cell_set(&row[1], w, NULL);
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

	pdf_heading(r->doc, NULL, 1, "Methodology", "methodology",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	para(r, "Every figure in this report is computed from the reviews: "
	    "tier counts, medal totals, shares and movement. Where the "
	    "publication states a figure, it is checked against the count.");
	table_add(r, ladder_table(rep), NULL);
	if (e->rubric != NULL && e->rubric->ncriteria > 0)
		table_add(r, rubric_table(e->rubric), NULL);
	pdf_table_lazy(r, NULL, build_claims, table_eds(e, NULL));
}

static void
source_entry(struct pdf_report *r, const struct source *s)
{
	struct pdf_block *p = pdf_para(r->doc, NULL);
	char *anchor = xasprintf("source-%s", s->id), day[11], *t;

	p->anchor = pdfdoc_strdup(r->doc, anchor);
	free(anchor);
	pdf_run(r->doc, p, s->title, (size_t)-1, PDF_S_BOLD,
	    s->url != NULL && url_allowed(s->url) ? s->url : NULL);
	t = xasprintf(". %s%s%s%s", source_kind_name(s->kind),
	    s->author ? ", " : "", s->author ? s->author : "",
	    s->publisher ? ", " : "");
	pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
	free(t);
	if (s->publisher != NULL)
		pdf_run(r->doc, p, s->publisher, (size_t)-1, PDF_S_ITALIC, NULL);
	if (s->date != DATE_NONE) {
		date_format(s->date, day);
		t = xasprintf(", %s", day);
		pdf_run(r->doc, p, t, (size_t)-1, 0, NULL);
		free(t);
	} else if (s->date_text != NULL) {
		t = xasprintf(", %s", s->date_text);
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
	pdf_heading(r->doc, NULL, 1, "Sources", "sources",
	    PDF_H_ALL | PDF_H_NEWPAGE);
	for (i = 0; i < p->nsources; i++)
		source_entry(r, &p->sources[i]);
}

static cairo_status_t
write_file(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/* Lays the document out straight into OUT/report.pdf. */
static int
write_pdf(struct pdf_report *r, struct site_out *o)
{
	char *path = site_out_path(o, "report.pdf");
	const char *err = NULL;
	FILE *fp;
	int rc;

	if ((fp = fopen(path, "wb")) == NULL) {
		diag_system(r->d, NULL, "cannot write '%s': %s", path,
		    strerror(errno));
		o->failed = true;
		free(path);
		return -1;
	}
	rc = pdf_render_stream(r->doc, write_file, fp, NULL, &err);
	if (fclose(fp) != 0 && rc == 0) {
		diag_system(r->d, NULL, "cannot write '%s': %s", path,
		    strerror(errno));
		rc = -1;
	} else if (rc == -1)
		diag_system(r->d, "report.pdf", "cannot draw the PDF: %s", err);
	if (rc == -1) {
		remove(path);
		o->failed = true;
	}
	free(path);
	return rc;
}

int
render_pdf(const struct computed *c, struct site_out *o, struct diag *d)
{
	struct pdf_provider_fill *fills = NULL;
	struct pdf_report r;
	const char *font;
	int rc = -1;

	if (c->project->report.edition == NULL)
		return 0;
	if (o->tmp == NULL)
		return -1;
	if ((font = pdf_missing_font()) != NULL) {
		diag_system(d, NULL, "cannot draw the PDF: font family '%s' "
		    "not found (fontconfig; Debian package fonts-dejavu-core)",
		    font);
		o->failed = true;
		return -1;
	}
	memset(&r, 0, sizeof(r));
	r.c = c;
	r.d = d;
	r.doc = pdfdoc_new();
	r.frame = chart_frame_new(c);
	title_page(&r);
	if (commentary(&r) == -1)
		goto out;
	medals_and_movers(&r);
	fills = providers(&r);
	security(&r);
	methodology(&r);
	sources(&r);
	rc = write_pdf(&r, o);
	if (rc == 0)
		rc = site_out_record(o, "report.pdf", 0);
out:
	pdfdoc_free(r.doc);
	chart_frame_free(r.frame);
	free(fills);
	return rc;
}
