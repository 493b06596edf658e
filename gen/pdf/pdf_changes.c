/*
 * pdf_changes.c: the PDF's section on what changed in the report's
 * edition against its previous (issue 28 item 2), laid out from the
 * report view's changes page (gen/viewdoc/view_changes.c), with the
 * edition's own corrections first: the same words as the site's
 * editions/<id>/changes/.
 */
#include <stdlib.h>

#include "pdf_report.h"
#include "view_doc.h"

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

void
pdf_changes(struct pdf_report *r)
{
	const struct edition *e = r->c->project->report.edition;
	const struct vd_page *pg = view_changes(r->c->view, e);
	size_t i;

	if (pg == NULL || e == NULL || e->previous == NULL)
		return;
	pdf_heading(r->doc, NULL, 1, pg->title, "changes", PDF_H_ALL);
	pdf_corrections_of(r, e->corrections, e->ncorrections, e->pos.file);
	for (i = 0; i < pg->n; i++)
		pdf_view_section(r, r->parent, &pg->s[i]);
}
