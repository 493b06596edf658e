/* render_html.c: every page of the site, its assets and its sitemap
 * (SPEC 4.1). Pages read only the computed model; see html.h. The pages are
 * built over the machine's cores (html_jobs.c), in the order listed here. */
#include <stdlib.h>
#include <unistd.h>

#include "html.h"
#include "render.h"

static int
home_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_home(h);
}

static int
index_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_provider_index(h);
}

static int
security_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_security(h);
}

static int
methodology_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_methodology(h);
}

static int
sources_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_sources(h);
}

static int
not_found_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_not_found(h);
}

static void
job_add(struct html_job *jobs, size_t *n, int (*page)(struct html_ctx *, const void *),
    const void *arg, const char *tpl)
{
	jobs[*n].page = page;
	jobs[*n].arg = arg;
	jobs[*n].tpl = tpl;
	/* every page but a provider's lists the whole report */
	jobs[*n].heavy = page != html_provider_page;
	(*n)++;
}

/* Every page, in the order a serial build writes them. */
static size_t
jobs_list(const struct html_ctx *h, struct html_job *jobs)
{
	const struct computed *c = h->c;
	bool focus = h->p->report.edition != NULL;
	size_t i, n = 0;

	if (focus) {
		job_add(jobs, &n, home_page, NULL, "home");
		for (i = 0; i < c->neditions; i++)
			job_add(jobs, &n, html_edition_page, &c->editions[i], "edition");
	}
	for (i = 0; i < c->nproviders; i++)
		if (c->providers[i].visible && c->providers[i].nhistory > 0)
			job_add(jobs, &n, html_provider_page, &c->providers[i], "provider");
	job_add(jobs, &n, index_page, NULL, "providers");
	if (focus && project_has_security(h->p))
		job_add(jobs, &n, security_page, NULL, "security");
	job_add(jobs, &n, methodology_page, NULL, "methodology");
	for (i = 0; focus && i < h->p->npages; i++)
		job_add(jobs, &n, html_custom_page, &h->p->pages[i],
		    h->p->pages[i].layout != NULL ? h->p->pages[i].layout : "page");
	job_add(jobs, &n, sources_page, NULL, "sources");
	job_add(jobs, &n, not_found_page, NULL, "404");
	return n;
}

int
render_html(const struct computed *c, struct site_out *o, struct diag *d)
{
	struct html_ctx h = {0};
	struct html_job *jobs;
	size_t i, n;

	h.c = c;
	h.p = c->project;
	h.o = o;
	h.d = d;
	h.set = html_templates_open(h.p);
	if (h.p->dir != NULL) {
		char *extra = path_join(h.p->dir, "assets/extra.css");

		h.extra_css = access(extra, F_OK) == 0;
		free(extra);
	}
	/* Every page is attempted, so one run reports every error. */
	jobs = xcalloc(c->neditions + c->nproviders + c->project->npages + 8, sizeof(*jobs));
	n = jobs_list(&h, jobs);
	html_jobs_run(&h, jobs, n);
	free(jobs);
	html_assets(&h);
	html_sitemap(&h);
	mustache_names_check(h.set, d);
	mustache_set_free(h.set);
	for (i = 0; i < h.npages; i++)
		free(h.pages[i]);
	free(h.pages);
	return h.failed ? -1 : 0;
}
