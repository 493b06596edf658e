/*
 * pdf_corrections.c: the PDF's list of every correction, newest first
 * (issue 28 item 8), from the report view's corrections page; nothing
 * when there is none.
 */
#include "pdf_report.h"
#include "view_doc.h"

void
pdf_corrections(struct pdf_report *r)
{
	const struct vd_page *pg = r->c->view != NULL ? r->c->view->corrections_page : NULL;
	if (pg == NULL)
		return;
	pdf_heading(r->doc, NULL, 1, pg->title, "corrections", PDF_H_ALL);
	pdf_view_page_capped(r, pg);
}
