/* html_jobs.c: pages built over the cores and merged in a fixed order (see html.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "jsonw.h"
#include "workers.h"

struct jobs_run {
	struct html_ctx *h;
	struct html_job *jobs;
	size_t *order;             /* the order jobs are taken in */
	pthread_mutex_t heavy;     /* held by a heavy job while it runs */
};

static void
job_run(size_t i, void *arg)
{
	struct jobs_run *r = arg;
	struct html_job *j = &r->jobs[r->order[i]];
	struct html_ctx h = *r->h;

	h.d = &j->d;
	h.failed = false;
	h.job = j;
	h.pages = NULL;
	h.npages = h.cap = 0;
	if (j->heavy)
		pthread_mutex_lock(&r->heavy);
	j->page(&h, j->arg);
	if (j->heavy)
		pthread_mutex_unlock(&r->heavy);
	j->failed = h.failed;
}

/* The light jobs in the order they are taken: by rank, else as listed. */
static int
light_cmp(const void *a, const void *b, void *arg)
{
	const struct html_job *jobs = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (jobs[x].rank != jobs[y].rank)
		return jobs[x].rank < jobs[y].rank ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* The heavy jobs spread evenly among the light ones, which are taken in
 * their ranks' order. */
static size_t *
jobs_order(const struct html_job *jobs, size_t n)
{
	size_t *order = xcalloc(n + 1, sizeof(*order));
	size_t *lights = xcalloc(n + 1, sizeof(*lights));
	size_t i, k = 0, nheavy = 0, nlight = 0, light = 0, gap, g;

	for (i = 0; i < n; i++)
		if (jobs[i].heavy)
			nheavy++;
		else
			lights[nlight++] = i;
	qsort_r(lights, nlight, sizeof(*lights), light_cmp, (void *)jobs);
	gap = nheavy > 0 ? (n - nheavy) / nheavy : 0;
	for (i = 0; i < n; i++) {
		if (!jobs[i].heavy)
			continue;
		order[k++] = i;
		for (g = 0; g < gap && light < nlight; g++)
			order[k++] = lights[light++];
	}
	while (light < nlight)
		order[k++] = lights[light++];
	free(lights);
	return order;
}

/*
 * Loads every job's template now; false if one failed or reported anything,
 * and then the set is replaced by a fresh one, so that a serial run reports
 * exactly what it would have reported without this.
 */
static bool
templates_ready(struct html_ctx *h, struct html_job *jobs, size_t n)
{
	struct diag scratch;
	size_t i, k;
	bool ok = true;

	diag_init(&scratch);
	for (i = 0; i < n && ok; i++) {
		for (k = 0; k < i; k++)
			if (strcmp(jobs[k].tpl, jobs[i].tpl) == 0)
				break;
		if (k == i && mustache_load(h->set, jobs[i].tpl, &scratch) == -1)
			ok = false;
	}
	ok = ok && scratch.n == 0;
	diag_release(&scratch);
	if (!ok) {
		mustache_set_free(h->set);
		h->set = html_templates_open(&h->tpl);
	}
	return ok;
}

static void
job_merge(struct html_ctx *h, struct html_job *j)
{
	size_t i;

	diag_move(h->d, &j->d);
	if (j->failed)
		h->failed = true;
	for (i = 0; i < j->nw; i++) {
		if (site_out_record(h->o, j->w[i].rel, j->w[i].put) == -1) {
			h->failed = true;
			free(j->w[i].rel);
			continue;
		}
		/* a page's Markdown copy is not a page of the sitemap */
		if (str_ends(j->w[i].rel, ".md")) {
			free(j->w[i].rel);
			continue;
		}
		h->pages = xgrow(h->pages, sizeof(*h->pages), h->npages + 1, &h->cap);
		h->pages[h->npages++] = j->w[i].rel;
	}
	free(j->w);
	j->w = NULL;
	j->nw = j->capw = 0;
}

struct html_stream {
	pthread_mutex_t mu;
	struct html_index x[2];  /* search, compare */
	struct jsonw w[2];
	bool *done;              /* by provider index: its page's job ended */
	size_t next;             /* the providers in name order written so far */
};

/* Writes each provider's entries now due, in name order: those of a
 * provider whose page's job has ended (all with all), and nothing for a
 * provider without a page. */
static void
stream_put(struct html_ctx *h, struct html_stream *s, bool all)
{
	const struct computed *c = h->c;

	while (s->next < c->nproviders) {
		const struct provider_view *pv =
		    &c->providers[h->p->by_name[s->next]->index];

		if (!all && pv->visible && pv->nhistory > 0 &&
		    !s->done[pv->provider->index])
			break;
		html_search_put(h, &s->x[0], &s->w[0], pv);
		html_compare_put(h, &s->x[1], &s->w[1], pv);
		s->next++;
	}
}

void
html_stream_begin(struct html_ctx *h)
{
	struct html_stream *s = xcalloc(1, sizeof(*s));

	pthread_mutex_init(&s->mu, NULL);
	s->done = xcalloc(h->c->nproviders + 1, sizeof(*s->done));
	html_search_begin(h, &s->x[0], &s->w[0]);
	html_compare_begin(h, &s->x[1], &s->w[1]);
	h->stream = s;
}

void
html_stream_done(struct html_ctx *h, const struct provider_view *pv)
{
	struct html_stream *s = h->stream;

	if (s == NULL)
		return;
	pthread_mutex_lock(&s->mu);
	s->done[pv->provider->index] = true;
	stream_put(h, s, false);
	pthread_mutex_unlock(&s->mu);
}

int
html_stream_end(struct html_ctx *h)
{
	struct html_stream *s = h->stream;
	bool record = !h->failed;
	int rc = 0;

	if (s == NULL)
		return 0;
	if (record)
		stream_put(h, s, true);
	if (html_search_end(h, &s->x[0], &s->w[0], record) == -1)
		rc = -1;
	/* the compare data only when the search index could be written */
	if (html_compare_end(h, &s->x[1], &s->w[1], record && rc == 0) == -1)
		rc = -1;
	pthread_mutex_destroy(&s->mu);
	free(s->done);
	free(s);
	h->stream = NULL;
	return rc;
}

void
html_jobs_run(struct html_ctx *h, struct html_job *jobs, size_t n)
{
	struct jobs_run r;
	size_t i;

	r.h = h;
	r.jobs = jobs;
	r.order = jobs_order(jobs, n);
	pthread_mutex_init(&r.heavy, NULL);
	if (templates_ready(h, jobs, n))
		parallel_for_shared(n, job_run, &r);
	else
		for (i = 0; i < n; i++) {
			r.order[i] = i;
			job_run(i, &r);
		}
	pthread_mutex_destroy(&r.heavy);
	free(r.order);
	for (i = 0; i < n; i++)
		job_merge(h, &jobs[i]);
}
