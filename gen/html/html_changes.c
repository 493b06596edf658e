/*
 * html_changes.c: editions/<id>/changes/index.html, what changed in an
 * edition against its previous (issue 28 item 2), rendered from the
 * report view's page (gen/viewdoc/view_changes.c): this file phrases
 * nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "view_doc.h"

/* Every section of a view page as one HTML fragment, titles as <h2>. */
struct tv *
html_view_page(struct html_ctx *h, const struct vd_page *pg, const char *root)
{
	struct tv *a = tv_array(), *o;
	struct buf b = BUF_INIT;
	size_t i, k;

	for (i = 0; pg != NULL && i < pg->n; i++) {
		const struct vd_section *s = &pg->s[i];

		o = tv_object();
		pv_set_str(o, "id", s->id);
		/* "" and a flag, not null: a section without a title must not
		 * find the page's in the template */
		pv_set_str(o, "title", s->title != NULL ? s->title : "");
		tv_set(o, "has_title", tv_bool(s->title != NULL));
		buf_reset(&b);
		for (k = 0; k < s->n; k++) {
			struct vd_section one = *s;

			/* the section's title is the template's heading */
			one.title = NULL;
			one.b = &s->b[k];
			one.n = 1;
			html_view_section(h, &one, root, &b);
		}
		pv_set_str(o, "html", b.data != NULL ? b.data : "");
		tv_append(a, o);
	}
	buf_release(&b);
	return a;
}

struct tv *
html_corrections_value(struct html_ctx *h, const struct correction *v, size_t n,
    const char *file, const char *root, bool titled)
{
	struct vd_section *s = NULL;
	size_t ns = 0;
	struct tv *o;

	vd_corrections_section(&s, &ns, &h->p->report, v, n, file);
	if (!titled && ns > 0) {
		free(s[0].title);
		s[0].title = NULL;
	}
	o = html_view_value(h, s, ns, "corrections", root);
	vd_sections_free(s, ns);
	return o;
}

int
html_changes_page(struct html_ctx *h, const void *arg)
{
	const struct edition_stats *s = arg;
	const struct edition *e = s->edition;
	const struct vd_page *pg = view_changes(h->c->view, e);
	char *dir, *rel, *ed;
	struct tv *page;
	const char *root;
	int rc;

	if (pg == NULL)
		return 0;
	dir = view_changes_path(e);
	rel = xasprintf("%sindex.html", dir);
	page = pv_page(h, rel, "changes", pg->title);
	root = tv_str_value(tv_get(page, "root"));
	pv_set_str(page, "heading", pg->title);
	pv_set_str(page, "description", pg->description);
	ed = html_edition_path(e);
	pv_set_href(page, "edition_href", root, ed);
	pv_set_str(page, "edition", e->name != NULL ? e->name : e->id);
	tv_set(page, "sections", html_view_page(h, pg, root));
	rc = html_page_out(h, "changes", page, rel);
	free(ed);
	free(rel);
	free(dir);
	return rc;
}
