/*
 * html_corrections.c: corrections/index.html, every correction of the
 * report, newest first (issue 28 item 8), from the report view's page;
 * only when there is a correction.
 */
#include <stdlib.h>

#include "html.h"
#include "view_doc.h"

int
html_corrections(struct html_ctx *h)
{
	const struct vd_page *pg = h->c->view != NULL ? h->c->view->corrections_page : NULL;
	const char *rel = "corrections/index.html";
	struct tv *page;

	if (pg == NULL)
		return 0;
	page = pv_page(h, rel, "corrections", pg->title);
	pv_set_str(page, "heading", pg->title);
	pv_set_str(page, "description", pg->description);
	tv_set(page, "sections", html_view_page(h, pg,
	    tv_str_value(tv_get(page, "root"))));
	return html_page_out(h, "corrections", page, rel);
}
