/* build.c: the pipeline, load -> compute -> render -> publish. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "build.h"
#include "lint.h"
#include "load.h"
#include "parse.h"
#include "podium.h"
#include "publish.h"
#include "render.h"

pdate
build_now(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (sde != NULL && *sde != '\0') {
		errno = 0;
		v = strtoll(sde, &end, 10);
		if (errno == 0 && *end == '\0')
			return date_from_unix(v);
	}
	return date_from_unix((int64_t)time(NULL));
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
status_of(const struct diag *d)
{
	if (d->system)
		return EXIT_SYSTEM;
	return diag_failed(d) ? EXIT_CONTENT : EXIT_OK;
}

/* Adds "STEP MS" to the request's timing line. */
static void
timing_add(struct build_request *rq, const char *step, double ms)
{
	size_t n = strlen(rq->timing);

	snprintf(rq->timing + n, sizeof(rq->timing) - n, "%s%s %.1f",
	    n ? ", " : "", step, ms);
}

/* The one progress line, on a terminal only; NULL clears it. */
static void
progress(const struct build_request *rq, const char *step)
{
	if (!rq->progress)
		return;
	if (step == NULL)
		fputs("\r\033[K", stderr);
	else
		fprintf(stderr, "\r\033[Kpodium: %s...", step);
	fflush(stderr);
}

static int
render_all(struct build_request *rq, const struct computed *c,
    struct site_out *o, struct diag *d)
{
	static const struct {
		unsigned parts;
		const char *step;
		const char *name;
		int (*fn)(const struct computed *, struct site_out *, struct diag *);
	} steps[] = {
		{PART_DATA, "writing data", "data", render_data},
		{PART_HTML | PART_PDF, "drawing charts", "charts", render_charts},
		{PART_HTML, "writing pages", "html", render_html},
		{PART_PDF, "laying out the PDF", "pdf", render_pdf},
	};
	size_t i;
	double t;
	int rc;

	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		if (!(rq->parts & steps[i].parts))
			continue;
		progress(rq, steps[i].step);
		t = now_ms();
		rc = steps[i].fn(c, o, d);
		timing_add(rq, steps[i].name, now_ms() - t);
		if (rc == -1)
			return -1;
	}
	return 0;
}

int
build_run(struct build_request *rq, struct diag *d)
{
	struct project *p = NULL;
	struct computed *c = NULL;
	struct site_out o;
	char *out = NULL;
	double t0 = now_ms(), t;
	int rc;

	memset(&o, 0, sizeof(o));
	rq->timing[0] = '\0';
	progress(rq, "loading");
	p = project_load(rq->dir, d);
	timing_add(rq, "load", now_ms() - t0);
	if (p == NULL || diag_failed(d))
		goto out;
	t = now_ms();
	c = computed_new(p, &rq->opts, d);
	if (c == NULL || diag_failed(d))
		goto out;
	lint_markdown(c, d);
	timing_add(rq, "compute", now_ms() - t);
	if (diag_failed(d))
		goto out;
	if (!rq->write)
		goto out;
	out = rq->out ? xstrdup(rq->out) : path_join(rq->dir, "site");
	if (site_out_begin(&o, out, d) == -1)
		goto out;
	if (render_all(rq, c, &o, d) == -1 || diag_failed(d)) {
		site_out_abort(&o);
		goto out;
	}
	progress(rq, "publishing");
	t = now_ms();
	if (site_out_commit(&o) == -1)
		site_out_abort(&o);
	timing_add(rq, "publish", now_ms() - t);
out:
	progress(rq, NULL);
	rc = status_of(d);
	site_out_abort(&o);
	computed_free(c);
	project_free(p);
	free(out);
	rq->elapsed_ms = now_ms() - t0;
	return rc;
}
