/*
 * pdf_changes.c: the PDF's section on what changed in the report's
 * edition against its previous (issue 28 item 2), laid out from the
 * report view's changes page (gen/viewdoc/view_changes.c), with the
 * edition's own corrections first: the same words as the site's
 * editions/<id>/changes/.
 */
#include <stdlib.h>
#include <string.h>

#include "pdf_report.h"
#include "pdfdoc.h"
#include "view_doc.h"

/*
 * A run of inlines whose names (links, tiers) are cut at PDF_NAME_MAX
 * bytes with an ellipsis, as headings and table cells are: a list of
 * every mover names each one in running text, and a megabyte of name
 * would fill hundreds of pages. A shallow copy: free it with runs_free.
 */
static struct vd_inlines
runs_capped(const struct vd_inlines *in)
{
	struct vd_inlines o = {0};
	const char *t;
	size_t i, n;

	o.v = xcalloc(in->n + 1, sizeof(*o.v));
	o.n = o.cap = in->n;
	for (i = 0; i < in->n; i++) {
		o.v[i] = in->v[i];
		t = in->v[i].text;
		if ((o.v[i].kind != VD_LINK && o.v[i].kind != VD_MARK) ||
		    strlen(t) <= PDF_NAME_MAX)
			continue;
		for (n = PDF_NAME_MAX; n > 0 && utf8_continues(t[n]); n--)
			;
		o.v[i].text = xmalloc(n + sizeof("\u2026"));
		memcpy(o.v[i].text, t, n);
		memcpy(o.v[i].text + n, "\u2026", sizeof("\u2026"));
	}
	return o;
}

static void
runs_free(struct vd_inlines *o, const struct vd_inlines *in)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		if (o->v[i].text != in->v[i].text)
			free(o->v[i].text);
	free(o->v);
}

/* A section as pdf_view_section lays it out, its lists' names capped. */
static void
section_capped(struct pdf_report *r, const struct vd_section *s)
{
	size_t i, k;

	if (s->title != NULL)
		pdf_heading(r->doc, r->parent, 3, s->title, NULL, 0);
	for (i = 0; i < s->n; i++) {
		const struct vd_block *b = &s->b[i];
		struct vd_block nb = *b;

		if (b->kind != VB_LIST) {
			pdf_view_block(r, r->parent, b);
			continue;
		}
		nb.items = xcalloc(b->nitems + 1, sizeof(*nb.items));
		for (k = 0; k < b->nitems; k++)
			nb.items[k] = runs_capped(&b->items[k]);
		pdf_view_block(r, r->parent, &nb);
		for (k = 0; k < b->nitems; k++)
			runs_free(&nb.items[k], &b->items[k]);
		free(nb.items);
	}
}

void
pdf_corrections_of(struct pdf_report *r, const struct correction *v, size_t n,
    const char *file)
{
	struct vd_section *s = NULL;
	size_t ns = 0, i;

	vd_corrections_section(&s, &ns, &r->c->project->report, v, n, file);
	for (i = 0; i < ns; i++) {
		/* under the corrected item, without a heading of their own */
		struct vd_section one = s[i];

		one.title = NULL;
		pdf_view_section(r, r->parent, &one);
	}
	vd_sections_free(s, ns);
}

/* A group of the changes page that the movers table gives as rows. */
static bool
in_movers_table(const struct vd_section *s)
{
	return strcmp(s->id, "up") == 0 || strcmp(s->id, "down") == 0 ||
	    strcmp(s->id, "merged") == 0;
}

void
pdf_changes(struct pdf_report *r)
{
	const struct edition *e = r->c->project->report.edition;
	const struct vd_page *pg = view_changes(r->c->view, e);
	size_t i, k, moves = 0;
	bool pointed = false;
	char *count;

	if (pg == NULL || e == NULL || e->previous == NULL)
		return;
	/* it runs on after the home page's sections and pages, as they run
	 * on after one another: what is left of a page is not left blank */
	pdf_heading(r->doc, NULL, 1, pg->title, "changes", PDF_H_ALL);
	pdf_corrections_of(r, e->corrections, e->ncorrections, e->pos.file);
	for (i = 0; r->movers_anchor != NULL && i < pg->n; i++)
		if (in_movers_table(&pg->s[i]))
			for (k = 0; k < pg->s[i].n; k++)
				if (pg->s[i].b[k].kind == VB_LIST)
					moves += pg->s[i].b[k].nitems;
	for (i = 0; i < pg->n; i++) {
		/* the moves are the movers table's rows already: said where */
		if (moves > 0 && in_movers_table(&pg->s[i])) {
			if (!pointed) {
				count = view_int(&r->c->project->report, (long long)moves);
				pdf_xref_para(r, NULL, "pdf_changes_moves_shown",
				    r->movers_title, r->movers_anchor,
				    r->movers_table, count);
				free(count);
				pointed = true;
			}
			continue;
		}
		section_capped(r, &pg->s[i]);
	}
}

void
pdf_view_page_capped(struct pdf_report *r, const struct vd_page *pg)
{
	size_t i;

	for (i = 0; i < pg->n; i++)
		section_capped(r, &pg->s[i]);
}
