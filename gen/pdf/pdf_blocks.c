/*
 * pdf_blocks.c: the blocks the report's parts share: charts as figures,
 * tables built only while they are laid out, and site links as PDF link
 * targets.
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "pdf_report.h"
#include "view_doc.h"

char *
pdf_target(const char *href)
{
	const char *id, *end;

	if (href == NULL)
		return NULL;
	/* already one of the document's (the PDF's own tables) */
	if (href[0] == '#' && href[1] != '\0')
		return xstrdup(href);
	if (str_starts(href, "http://") || str_starts(href, "https://") ||
	    str_starts(href, "mailto:"))
		return url_allowed(href) ? xstrdup(href) : NULL;
	if (str_starts(href, "providers/")) {
		id = href + strlen("providers/");
		end = strchr(id, '/');
		if (end == NULL || end == id)
			return NULL;
		return xasprintf("#provider-%.*s", (int)(end - id), id);
	}
	if (str_starts(href, "sources/#") && href[9] != '\0')
		return xasprintf("#source-%s", href + 9);
	/* the home page's sections, as a page links them ("index.html#x") */
	if (str_starts(href, "index.html#") && href[11] != '\0')
		return xasprintf("#%s", href + 11);
	/* the site's own pages, to their part of the PDF: the methodology
	 * (whatever its fragment: the PDF's ladder is one block), the
	 * security findings, the sources, the providers; a custom page to
	 * its part (a link to a part the PDF lacks is drawn as plain text) */
	/* a tier's meaning: its line in the tier table, or in the
	 * methodology where no tier table gave it ("#tier-ID"; a PDF with
	 * neither draws the name as plain text) */
	if ((id = strstr(href, "#tier-")) != NULL && str_starts(href, "methodology/") &&
	    id[6] != '\0')
		return xstrdup(id);
	if (str_starts(href, "methodology/"))
		return xstrdup("#methodology");
	if (strcmp(href, "security/") == 0)
		return xstrdup("#security-findings");
	if (strcmp(href, "sources/") == 0)
		return xstrdup("#sources");
	if (strcmp(href, "providers/") == 0)
		return xstrdup("#providers");
	if ((end = strchr(href, '/')) != NULL && end[1] == '\0' && end != href &&
	    strcspn(href, "#?.:") > (size_t)(end - href))
		return xasprintf("#page-%.*s", (int)(end - href), href);
	return NULL;
}

void
pdf_table_links(struct table *t)
{
	size_t i;
	char *h;

	for (i = 0; i < t->nrows * t->ncols; i++) {
		if (t->cells[i].href == NULL)
			continue;
		h = pdf_target(t->cells[i].href);
		free(t->cells[i].href);
		t->cells[i].href = h;
	}
}

void
pdf_name_run(struct pdf_doc *doc, struct pdf_block *p, const char *name,
    unsigned style, const char *link)
{
	size_t n = PDF_NAME_MAX;
	char *t;

	if (strlen(name) <= n) {
		pdf_run(doc, p, name, (size_t)-1, style, link);
		return;
	}
	while (n > 0 && utf8_continues(name[n]))
		n--;
	t = xmalloc(n + sizeof("\u2026"));
	memcpy(t, name, n);
	memcpy(t + n, "\u2026", sizeof("\u2026"));
	pdf_run(doc, p, t, (size_t)-1, style, link);
	free(t);
}

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
	/* the chart draws its title: no caption to repeat it */
	pdf_figure(r->doc, parent, f->ch.width, f->ch.height, chart_fig_draw,
	    f, NULL, NULL);
}

struct lazy_table {
	struct pdf_report *r;
	pdf_table_build_fn *build;
	void *arg;
	const char *anchor;   /* the table's, for a reference to its pages */
};

static void
lazy_table_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct lazy_table *lt = arg;
	struct table *t = lt->build(lt->r->c, lt->arg);
	struct pdf_block *prev = NULL;
	size_t i;

	if (t == NULL)
		return;
	pdf_table_links(t);
	/* a table without rows is its notes alone (movers: who is new, ...);
	 * its notes stay with its last rows and each with the next: none
	 * opens a page alone */
	if (t->nrows > 0)
		prev = pdf_table(doc, self, t, lt->anchor);
	for (i = 0; i < t->nnotes; i++) {
		if (prev != NULL)
			prev->keep_with_next = true;
		prev = pdf_para(doc, self);
		pdf_run(doc, prev, t->notes[i], (size_t)-1, 0, NULL);
	}
	if (t->nrows == 0)
		table_free(t);
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
	pdf_table_lazy_at(r, parent, build, arg, NULL);
}

void
pdf_table_lazy_at(struct pdf_report *r, struct pdf_block *parent,
    pdf_table_build_fn *build, void *arg, const char *anchor)
{
	struct lazy_table *lt = xcalloc(1, sizeof(*lt));

	lt->r = r;
	lt->anchor = anchor != NULL ? pdfdoc_strdup(r->doc, anchor) : NULL;
	lt->build = build;
	lt->arg = arg;
	pdfdoc_on_free(r->doc, lazy_table_free, lt);
	pdf_lazy(r->doc, parent, lazy_table_fill, lt);
}

/* The changes part and the movers table point to each other (pdf_changes.c,
 * pdf_md.c, render_pdf.c): what they share lives here, below both. */
bool
pdf_has_changes(const struct pdf_report *r)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;

	return e != NULL && e->previous != NULL && c->has_compare &&
	    c->compare.baseline == e->previous && view_changes(c->view, e) != NULL;
}

struct pdf_block *
pdf_xref_para(struct pdf_report *r, struct pdf_block *parent, const char *key,
    const char *title, const char *anchor, const char *page_anchor,
    const char *count)
{
	const char *text = report_string(&r->c->project->report, key);
	struct pdf_block *p = pdf_para(r->doc, parent);
	size_t at = 0, from = 0, len, off;
	char *target = xasprintf("#%s", anchor);
	char *page = xasprintf("#%s", page_anchor != NULL ? page_anchor : anchor);
	const char *name;

	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		if (off > from)
			pdf_run(r->doc, p, text + from, off - from, 0, NULL);
		from = at;
		if (len == 7 && memcmp(name, "section", 7) == 0)
			pdf_run(r->doc, p, title, (size_t)-1, 0, target);
		else if (len == 4 && memcmp(name, "page", 4) == 0)
			pdf_run(r->doc, p, "00", 2, PDF_S_PAGE, page);
		else if (len == 5 && memcmp(name, "count", 5) == 0 && count != NULL)
			pdf_run(r->doc, p, count, (size_t)-1, 0, NULL);
		else
			from = off;   /* not one of ours: copied as written */
	}
	if (text[from] != '\0')
		pdf_run(r->doc, p, text + from, (size_t)-1, 0, NULL);
	free(target);
	free(page);
	return p;
}

void
pdf_movers_pointer(struct pdf_report *r, struct pdf_block *parent)
{
	const struct edition *e = r->c->project->report.edition;
	const struct vd_page *pg = view_changes(r->c->view, e);

	if (pg != NULL)
		pdf_xref_para(r, parent, "pdf_movers_others", pg->title, "changes", NULL, NULL);
}
