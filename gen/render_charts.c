/* render_charts.c: every chart as charts/<name>.svg and charts/<name>.png
 * (twice the natural size). Charts are drawn in parallel, a batch at a
 * time, and written in a fixed order by this thread. */
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "render.h"
#include "workers.h"

/* Charts drawn before their files are written: bounds the memory held. */
#define BATCH 64

struct job {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	char *name;                      /* file name without extension */
	struct buf svg, png;
	int rc;                          /* -1: cairo failed */
};

struct batch {
	const struct computed *c;
	struct job *jobs;
};

/* Draws one chart into its job's buffers (any thread). */
static void
draw_job(size_t i, void *arg)
{
	struct batch *bt = arg;
	struct job *j = &bt->jobs[i];
	struct chart ch;

	chart_init(&ch, bt->c, j->kind, j->provider);
	j->name = chart_file_name(&ch);
	j->rc = chart_svg(&ch, bt->c, &j->svg);
	if (j->rc == 0)
		j->rc = chart_png(&ch, bt->c, 2, &j->png);
	chart_release(&ch);
}

/* Writes one drawn chart (this thread only). */
static int
write_job(struct job *j, struct site_out *o, struct diag *d)
{
	char *rel;
	int rc;

	if (j->rc == -1) {
		diag_system(d, NULL, "cannot draw chart '%s'", j->name);
		return -1;
	}
	rel = xasprintf("charts/%s.svg", j->name);
	rc = site_out_write(o, rel, j->svg.data, j->svg.len);
	free(rel);
	if (rc == -1)
		return -1;
	rel = xasprintf("charts/%s.png", j->name);
	rc = site_out_write(o, rel, j->png.data, j->png.len);
	free(rel);
	return rc;
}

static int
run_batch(const struct computed *c, struct site_out *o, struct diag *d,
    struct job *jobs, size_t n)
{
	struct batch bt = {c, jobs};
	size_t i;
	int rc = 0;

	parallel_for(n, draw_job, &bt);
	for (i = 0; i < n; i++) {
		if (rc == 0 && write_job(&jobs[i], o, d) == -1)
			rc = -1;
		free(jobs[i].name);
		buf_release(&jobs[i].svg);
		buf_release(&jobs[i].png);
	}
	return rc;
}

int
render_charts(const struct computed *c, struct site_out *o, struct diag *d)
{
	static const enum chart_kind kinds[] = {CHART_DISTRIBUTION, CHART_MOVEMENT,
	    CHART_FUNNEL, CHART_FAULTS};
	struct job jobs[BATCH];
	size_t n = 0, next = 0, total = ARRAY_SIZE(kinds) + c->nproviders;

	/* the report's charts first, then each visible provider's history */
	for (; next < total; next++) {
		struct job *j = &jobs[n];

		if (next >= ARRAY_SIZE(kinds) &&
		    !c->providers[next - ARRAY_SIZE(kinds)].visible)
			continue;
		memset(j, 0, sizeof(*j));
		buf_init(&j->svg);
		buf_init(&j->png);
		if (next < ARRAY_SIZE(kinds))
			j->kind = kinds[next];
		else {
			j->kind = CHART_HISTORY;
			j->provider = c->providers[next - ARRAY_SIZE(kinds)].provider;
		}
		if (++n == BATCH) {
			if (run_batch(c, o, d, jobs, n) == -1)
				return -1;
			n = 0;
		}
	}
	return n > 0 ? run_batch(c, o, d, jobs, n) : 0;
}
