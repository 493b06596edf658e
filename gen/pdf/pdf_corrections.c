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

/* The view's review of rating rt on its provider's page, or NULL; the
 * page built into *own when the build holds none (free it). */
static const struct vd_review *
view_review_of(struct pdf_report *r, const struct rating *rt,
    struct vd_provider **own)
{
	const struct vd_provider *vp = pdf_view_of(r, rt, own);
	size_t i;

	for (i = 0; vp != NULL && i < vp->nreviews; i++)
		if (vp->reviews[i].rating == rt)
			return &vp->reviews[i];
	return NULL;
}

void
pdf_unrated_notes(struct pdf_report *r, const struct edition_stats *st)
{
	const struct vd_review *vr;
	const struct vd_section *s;
	struct vd_section one;
	struct vd_provider *own;
	size_t i;

	for (i = 0; i < st->nratings; i++) {
		const struct rating *rt = &st->ratings[i];

		if (rating_on_ladder(rt) || (rt->review->response == NULL &&
		    rt->review->ncorrections == 0))
			continue;
		if ((vr = view_review_of(r, rt, &own)) == NULL) {
			vd_provider_free(own);
			continue;
		}
		/* a compact row says nothing of its own: the provider's answer and
		 * the corrections of its review are given after the table */
		pdf_heading(r->doc, NULL, 3, rt->provider->name != NULL ?
		    rt->provider->name : rt->provider->id, NULL, 0)->keep_with_next = true;
		pdf_view_section(r, r->parent, vd_section_find(vr->s, vr->n, "response"));
		if ((s = vd_section_find(vr->s, vr->n, "corrections")) != NULL) {
			one = *s;
			one.title = NULL;
			pdf_view_section(r, r->parent, &one);
		}
		vd_provider_free(own);
	}
}
