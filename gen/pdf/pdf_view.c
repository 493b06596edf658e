/*
 * pdf_view.c: the report view's trees (include/view_doc.h) laid out in the
 * PDF. Nothing here phrases: the words come from the tree; this file picks
 * the styles (a strong inline bold, a tier bold, a quote in italics between
 * quotation marks) and the link targets inside the document.
 */
#include <stdlib.h>
#include <string.h>

#include "pdf_report.h"
#include "view_doc.h"

/* A link's target in the document, or an external URL; malloc'd or NULL. */
static char *
link_target(const struct vd_inline *v)
{
	switch (v->target) {
	case VD_SOURCE:
		return xasprintf("#source-%s", v->source->id);
	case VD_PROVIDER:
		return xasprintf("#provider-%s", v->provider->id);
	case VD_URL:
	case VD_AT:
	case VD_PAGE:
		return v->ref != NULL ? pdf_target(v->ref) : NULL;
	}
	return NULL;
}

void
pdf_view_inlines(struct pdf_report *r, struct pdf_block *p, const struct vd_inlines *in,
    unsigned style)
{
	const struct vd_inline *v;
	char *target;
	size_t i;

	for (i = 0; i < in->n; i++) {
		v = &in->v[i];
		switch (v->kind) {
		case VD_TEXT:
			pdf_run(r->doc, p, v->text, (size_t)-1, style, NULL);
			break;
		case VD_STRONG:
			pdf_run(r->doc, p, v->text, (size_t)-1, style | PDF_S_BOLD, NULL);
			break;
		case VD_EMPH:
			pdf_run(r->doc, p, v->text, (size_t)-1, style | PDF_S_ITALIC, NULL);
			break;
		case VD_LINK:
			target = link_target(v);
			pdf_run(r->doc, p, v->text, (size_t)-1, style, target);
			free(target);
			break;
		case VD_MARK:
			if (v->role == VD_ROLE_PAGE) {
				target = pdf_target(v->value);
				if (target != NULL)
					pdf_run(r->doc, p, "00", 2, style | PDF_S_PAGE, target);
				free(target);
			} else if (*v->text != '\0')
				pdf_run(r->doc, p, v->text, (size_t)-1, v->role == VD_ROLE_TIER ?
				    style | PDF_S_BOLD : style, NULL);
			break;
		case VD_MARKDOWN:
			pdf_markdown_inline(r, p, v->md, v->file, v->line);
			break;
		}
	}
}

/* A copy of t for the document to own. */
static struct table *
table_copy(const struct table *t)
{
	struct table *o = table_new(t->caption, t->ncols);
	struct table_cell *row;
	size_t i, j;

	for (j = 0; j < t->ncols; j++)
		table_head(o, j, t->head[j].text != NULL ? t->head[j].text : "",
		    t->head[j].numeric);
	for (i = 0; i < t->nrows; i++) {
		row = table_row(o);
		for (j = 0; j < t->ncols; j++) {
			const struct table_cell *c = &t->cells[i * t->ncols + j];

			table_cell_set(&row[j], c->text != NULL ? c->text : "", NULL);
			/* a link into the site becomes one into the document */
			row[j].href = pdf_target(c->href);
			row[j].numeric = c->numeric;
			row[j].tier = c->tier;
			row[j].role = c->role;
			row[j].role_id = c->role_id;
		}
	}
	return o;
}

/* Fields run on in one paragraph, each "Name: value." */
static void
fields_para(struct pdf_report *r, struct pdf_block *p, const struct vd_block *k)
{
	struct buf t = BUF_INIT;
	size_t i;

	for (i = 0; i < k->nitems; i++) {
		if (i > 0)
			pdf_run(r->doc, p, " ", 1, 0, NULL);
		pdf_view_inlines(r, p, &k->items[i], 0);
		buf_reset(&t);
		vd_inlines_text(&k->items[i], &t);
		while (t.len > 0 && strchr(" \t\n", t.data[t.len - 1]) != NULL)
			t.len--;
		if (t.len == 0 || strchr(".!?", t.data[t.len - 1]) == NULL)
			pdf_run(r->doc, p, ".", 1, 0, NULL);
	}
	buf_release(&t);
}

static void
quote_block(struct pdf_report *r, struct pdf_block *parent, const struct vd_block *k)
{
	struct pdf_block *q = pdf_quote(r->doc, parent), *p = pdf_para(r->doc, q);
	size_t i;

	pdf_run(r->doc, p, "\xe2\x80\x9c", (size_t)-1, PDF_S_ITALIC, NULL);
	pdf_view_inlines(r, p, &k->in, PDF_S_ITALIC);
	pdf_run(r->doc, p, "\xe2\x80\x9d", (size_t)-1, PDF_S_ITALIC, NULL);
	for (i = 0; i < k->nitems; i++)
		pdf_view_inlines(r, pdf_para(r->doc, q), &k->items[i], 0);
}

struct pdf_block *
pdf_view_block(struct pdf_report *r, struct pdf_block *parent, const struct vd_block *k)
{
	struct pdf_block *l, *p = NULL;
	size_t i;

	switch (k->kind) {
	case VB_HEADING:
		/* a subheading in a section (a reason its providers share):
		 * bold, and never the last line of a page */
		p = pdf_para(r->doc, parent);
		pdf_view_inlines(r, p, &k->in, PDF_S_BOLD);
		p->keep_with_next = true;
		break;
	case VB_PARA:
		p = pdf_para(r->doc, parent);
		pdf_view_inlines(r, p, &k->in, 0);
		break;
	case VB_LIST:
		if (k->role != NULL && strcmp(k->role, "fields") == 0) {
			p = pdf_para(r->doc, parent);
			fields_para(r, p, k);
			break;
		}
		/* names and what each is: a paragraph each */
		if (k->role != NULL && strcmp(k->role, "practice-defs") == 0) {
			for (i = 0; i < k->nitems; i++)
				pdf_view_inlines(r, p = pdf_para(r->doc, parent), &k->items[i], 0);
			break;
		}
		p = l = pdf_list(r->doc, parent, 0);
		/* a short list (the last group of a changes page: three
		 * providers) is not broken, one item alone over the page */
		l->keep_together = k->nitems <= 4;
		for (i = 0; i < k->nitems; i++)
			pdf_view_inlines(r, pdf_para(r->doc, pdf_item(r->doc, l)), &k->items[i], 0);
		break;
	case VB_TABLE:
		p = pdf_table(r->doc, parent, table_copy(k->table), NULL);
		break;
	case VB_QUOTE:
		quote_block(r, parent, k);
		break;
	case VB_FIGURE:
		pdf_chart(r, parent, (enum chart_kind)k->chart, k->provider);
		break;
	case VB_MEDALS:
		break;   /* render_pdf.c lays it out (pdf_medals) */
	case VB_MARKDOWN:
		if (k->role != NULL && strcmp(k->role, "tier-description") == 0) {
			p = pdf_para(r->doc, parent);
			pdf_markdown_inline(r, p, k->md, k->file, k->line);
		} else
			pdf_markdown(r, parent, k->md, k->file, k->line, 2);
		break;
	}
	return p;
}

struct pdf_block *
pdf_view_section(struct pdf_report *r, struct pdf_block *parent,
    const struct vd_section *s)
{
	struct pdf_block *p = NULL, *prev = NULL;
	size_t i;

	if (s == NULL)
		return NULL;
	if (s->title != NULL)
		pdf_heading(r->doc, parent, 3, s->title, NULL, 0);
	for (i = 0; i < s->n; i++) {
		p = pdf_view_block(r, parent, &s->b[i]);
		/* a sentence that leads into a table stays with it */
		if (s->b[i].kind == VB_TABLE && prev != NULL && i > 0 &&
		    s->b[i - 1].kind == VB_PARA)
			prev->keep_with_next = true;
		prev = p;
	}
	return p;
}
