/* render_html.c: every page of the site, its assets and its sitemap
 * (SPEC 4.1). Pages read only the computed model; see html.h. */
#include <stdlib.h>

#include "html.h"
#include "render.h"

int
render_html(const struct computed *c, struct site_out *o, struct diag *d)
{
	struct html_ctx h = {0};
	size_t i;

	h.c = c;
	h.p = c->project;
	h.o = o;
	h.d = d;
	h.set = html_templates_open(h.p);
	/* Every page is attempted, so one run reports every error. */
	if (h.p->report.edition != NULL) {
		html_home(&h);
		html_editions(&h);
	}
	html_providers(&h);
	html_provider_index(&h);
	if (h.p->report.edition != NULL)
		html_security(&h);
	html_methodology(&h);
	html_sources(&h);
	html_not_found(&h);
	html_assets(&h);
	html_sitemap(&h);
	mustache_set_free(h.set);
	for (i = 0; i < h.npages; i++)
		free(h.pages[i]);
	free(h.pages);
	return h.failed ? -1 : 0;
}
