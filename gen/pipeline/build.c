/* build.c: the pipeline, load -> compute -> render -> publish. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "draw.h"
#include "fonts.h"
#include "lint.h"
#include "load.h"
#include "markdown.h"
#include "parse.h"
#include "podium.h"
#include "publish.h"
#include "render.h"
#include "view.h"
#include "view_doc.h"
#include "workers.h"

const char podium_version[] = PODIUM_VERSION;

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
	if (d->usage)
		return EXIT_USAGE;
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

/* One step of rendering: what it makes, for which parts of the build. */
struct step {
	unsigned parts;
	const char *progress;
	const char *name;
	int (*fn)(const struct computed *, const struct render_opts *,
	    struct site_out *, struct diag *);
	bool draws;                     /* lays out or draws text (fonts.h) */
};

/* The back ends whose output does not depend on the build's options. */
static int
step_data(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	(void)ro;
	return render_data(c, o, d);
}

static int
step_badges(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	return render_badges(c, ro, o, d);
}

static int
step_pdf(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	(void)ro;
	return render_pdf(c, o, d);
}

static int
step_markdown(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	(void)ro;
	return render_markdown(c, o, d);
}

/* The PDF before the pages: they give its size (render.h, sizes_known). */
static const struct step steps[] = {
	{PART_DATA, "writing data", "data", step_data, false},
	{PART_PDF, "laying out the PDF", "pdf", step_pdf, true},
	{PART_HTML | PART_PDF, "drawing charts", "charts", render_charts, true},
	{PART_HTML, "drawing badges", "badges", step_badges, true},
	{PART_HTML, "writing pages", "html", render_html, false},
	{PART_HTML, "writing Markdown copies", "markdown", step_markdown, false},
};

/*
 * The drawing (the charts, then the PDF) runs on a thread of its own while
 * this thread writes the data and the pages. All text is laid out and drawn
 * on that one thread: cairo 1.16 cannot share a font between threads
 * (fonts.h). Nothing the drawing writes is read by the pages: they only
 * link to the charts (every chart a page shows is always drawn, or the
 * build fails), and the PDF draws its own charts. The task has its own
 * diagnostics and its own list of written files (the staging folder is
 * shared; each writes only its own files), both merged into the build's
 * after the join, so output and messages do not depend on the timing.
 */
struct task {
	const struct step *steps[ARRAY_SIZE(steps)];
	double ms[ARRAY_SIZE(steps)];
	size_t nsteps;
	const struct computed *c;
	const struct render_opts *ro;
	struct site_out o;
	struct diag d;
	pthread_t tid;
	bool running;
	int rc;
	/* the PDF's step is over (or the task's steps ended): the pages,
	 * which give its size, may be written */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool pdf_done;
};

static void
task_pdf_done(struct task *t)
{
	pthread_mutex_lock(&t->mu);
	t->pdf_done = true;
	pthread_cond_broadcast(&t->cv);
	pthread_mutex_unlock(&t->mu);
}

/* Waits for the PDF's step to end; its result (0 when none ran). */
static int
task_wait_pdf(struct task *t)
{
	pthread_mutex_lock(&t->mu);
	while (!t->pdf_done)
		pthread_cond_wait(&t->cv, &t->mu);
	pthread_mutex_unlock(&t->mu);
	return t->rc;
}

static void *
task_run(void *arg)
{
	struct task *t = arg;
	size_t i;

	for (i = 0; i < t->nsteps && t->rc == 0; i++) {
		double t0 = now_ms();

		t->rc = t->steps[i]->fn(t->c, t->ro, &t->o, &t->d);
		t->ms[i] = now_ms() - t0;
		if (t->steps[i]->fn == step_pdf)
			task_pdf_done(t);
	}
	task_pdf_done(t);
	/* then the pages still to write, on this thread too */
	workers_help(true);
	return NULL;
}

/* Starts the task's steps on a thread of their own; false (and nothing
 * started) if it could not. */
static bool
task_start(struct task *t, const struct computed *c, const struct render_opts *ro,
    const struct site_out *o, const struct diag *d)
{
	t->c = c;
	t->ro = ro;
	t->rc = 0;
	t->o = *o;
	t->o.files = NULL;
	t->o.nfiles = t->o.cap = 0;
	t->o.d = &t->d;
	diag_init(&t->d);
	t->d.strict = d->strict;
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->cv, NULL);
	t->pdf_done = false;
	if (pthread_create(&t->tid, NULL, task_run, t) == 0)
		return t->running = true;
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->cv);
	diag_release(&t->d);
	return false;
}

/* Waits for the task, then moves its diagnostics and written files into
 * the build's. Returns its result. */
static int
task_finish(struct task *t, struct build_request *rq, struct site_out *o,
    struct diag *d)
{
	size_t i;

	pthread_join(t->tid, NULL);
	t->running = false;
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->cv);
	for (i = 0; i < t->nsteps; i++)
		timing_add(rq, t->steps[i]->name, t->ms[i]);
	diag_move(d, &t->d);
	for (i = 0; i < t->o.nfiles; i++) {
		site_out_record(o, t->o.files[i], 0);
		free(t->o.files[i]);
	}
	free(t->o.files);
	if (t->o.failed)
		o->failed = true;
	return t->rc;
}

/*
 * The drawing in processes (draw.h): forked first, while no thread of the
 * build runs; then this process writes the data, waits for the PDF (the
 * pages give its size) and writes the pages over the cores.
 */
static int
render_forked(struct build_request *rq, struct drawers *dw,
    const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	size_t i;
	double t;
	int rc = 0;

	for (i = 0; i < ARRAY_SIZE(steps) && rc == 0; i++) {
		if (!(rq->parts & steps[i].parts) || steps[i].draws)
			continue;
		if (steps[i].fn == render_html && (rq->parts & PART_PDF)) {
			progress(rq, "laying out the PDF");
			if (draw_wait_pdf(dw) == -1) {
				rc = -1;
				break;
			}
		}
		progress(rq, steps[i].progress);
		t = now_ms();
		rc = steps[i].fn(c, ro, o, d);
		timing_add(rq, steps[i].name, now_ms() - t);
	}
	progress(rq, "drawing charts");
	if (draw_finish(dw, o, d, rq->timing, sizeof(rq->timing)) == -1)
		rc = -1;
	return rc;
}

static int
render_all(struct build_request *rq, const struct computed *c,
    const struct render_opts *ro, struct site_out *o, struct diag *d)
{
	struct task task = {0};
	struct drawers *dw;
	size_t i, nother = 0;
	unsigned n;
	double t;
	int rc = 0;

	/* a build that writes its site draws in processes; check, a preview
	 * (charts kept between builds, what it writes hashed) and --dump-data
	 * on a thread */
	if (!o->discard && ro->charts_kept == NULL && ro->dump == NULL && !rq->hash &&
	    (n = draw_count()) > 0 && (rq->parts & (PART_HTML | PART_PDF)) &&
	    (dw = draw_start(c, ro, o, d, rq->parts, n)) != NULL)
		return render_forked(rq, dw, c, ro, o, d);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		if (!(rq->parts & steps[i].parts))
			continue;
		if (steps[i].draws)
			task.steps[task.nsteps++] = &steps[i];
		else
			nother++;
	}
	/*
	 * The drawing's thread has a core of its own from the start, and the
	 * pages (many short jobs) start without it: it joins the pages when
	 * it is done, so that both end together. The core is reserved before
	 * the thread starts, which gives it back even if it ends at once.
	 */
	if (workers_count() > 1 && task.nsteps > 0 && nother > 0) {
		workers_reserve(1);
		if (!task_start(&task, c, ro, o, d))
			workers_help(true);
	}
	for (i = 0; i < ARRAY_SIZE(steps) && rc == 0; i++) {
		if (!(rq->parts & steps[i].parts) || (task.running && steps[i].draws))
			continue;
		/* the pages give the PDF's size: it is written first */
		if (task.running && steps[i].fn == render_html &&
		    (rq->parts & PART_PDF) && task_wait_pdf(&task) == -1) {
			rc = -1;
			break;
		}
		progress(rq, steps[i].progress);
		t = now_ms();
		rc = steps[i].fn(c, ro, o, d);
		timing_add(rq, steps[i].name, now_ms() - t);
	}
	if (task.running) {
		progress(rq, task.steps[task.nsteps - 1]->progress);
		if (task_finish(&task, rq, o, d) == -1)
			rc = -1;
	}
	workers_reserve(0);
	return rc;
}

/*
 * Font configuration, read on a thread of its own while this one computes
 * (the computing is not split over the cores, so one of them would wait):
 * fontconfig's first use reads its configuration and caches, about 8 ms
 * that the charts' thread, the longest beside the pages, would otherwise
 * spend first. Joined before rendering, so that nothing reads it twice.
 */
static void *
fonts_warm(void *arg)
{
	(void)arg;
	fonts_config_load();
	return NULL;
}

/*
 * A partial build keeps the previous site's files of the parts it does not
 * build: report.pdf is the PDF's, data/ the data's, the rest the pages'.
 * The providers' own history charts (charts/history-ID.svg and .png, for
 * sharing) are made by a full build only, so a partial build keeps them.
 */
static bool
carry_part(const char *rel, void *arg)
{
	static const char hist[] = "charts/history-", frame[] = "charts/history-frame.svg";
	unsigned parts = *(const unsigned *)arg, part;

	if (strncmp(rel, hist, sizeof(hist) - 1) == 0 && strcmp(rel, frame) != 0)
		return true;
	if (strcmp(rel, "report.pdf") == 0)
		part = PART_PDF;
	else if (strncmp(rel, "data/", 5) == 0)
		part = PART_DATA;
	else
		part = PART_HTML;
	return (parts & part) == 0;
}

/*
 * What OUT/.podium-build records: per part, the options it was built with
 * ("html drafts=no now=2026-09-23"). A partial build keeps the other
 * parts as they are: refused when they were built otherwise.
 */
static const struct {
	unsigned part;
	const char *name, *what;
} record_parts[] = {
	{PART_HTML, "html", "the pages"},
	{PART_PDF, "pdf", "the PDF"},
	{PART_DATA, "data", "the data"},
};

static void
record_options(const struct build_request *rq, char out[64])
{
	char now[11];

	date_format(rq->opts.now, now);
	snprintf(out, 64, "drafts=%s now=%s", rq->opts.drafts ? "yes" : "no", now);
}

/* The options of part name in the record rec, malloc'd; NULL if none. */
static char *
record_get(const char *rec, const char *name)
{
	size_t n = strlen(name);
	const char *p, *end;

	for (p = rec; p != NULL && *p != '\0'; p = end + (*end == '\n')) {
		end = p + strcspn(p, "\n");
		if (strncmp(p, name, n) == 0 && p[n] == ' ')
			return xstrndup(p + n + 1, (size_t)(end - p - n - 1));
	}
	return NULL;
}

/*
 * The record of this build into *rec (malloc'd): the parts it builds with
 * its options, the kept ones as the previous record has them. -1 (usage)
 * when a kept part was built with other options.
 */
static int
record_make(const struct build_request *rq, const char *out, char **rec,
    struct diag *d)
{
	char *prev = (rq->parts & PART_ALL) != PART_ALL ? site_out_built_with(out) : NULL;
	char opts[64], *was;
	struct buf b = BUF_INIT;
	size_t i;
	int rc = 0;

	record_options(rq, opts);
	buf_puts(&b, "# how each part was built; podium build --only keeps the others\n");
	for (i = 0; i < ARRAY_SIZE(record_parts); i++) {
		if (rq->parts & record_parts[i].part) {
			buf_printf(&b, "%s %s\n", record_parts[i].name, opts);
			continue;
		}
		if ((was = record_get(prev, record_parts[i].name)) == NULL)
			continue;
		if (strcmp(was, opts) != 0 && rc == 0) {
			diag_error(d, NULL, 0, 0, "'%s' holds %s built with %s, not %s "
			    "as this build; --only would keep them: build them too, "
			    "or the whole site", out, record_parts[i].what, was, opts);
			d->usage = true;
			rc = -1;
		}
		buf_printf(&b, "%s %s\n", record_parts[i].name, was);
		free(was);
	}
	free(prev);
	*rec = buf_detach(&b, NULL);
	if (rc == -1) {
		free(*rec);
		*rec = NULL;
	}
	return rc;
}

/*
 * With PODIUM_MD_STATS set (non-empty), how many Markdown texts the build
 * keeps and how many parses it has made so far, on standard error: after
 * lint and at the end, so a test sees the back ends parse nothing again.
 */
static void
md_stats(const struct md_store *texts)
{
	const char *on = getenv("PODIUM_MD_STATS");

	if (on == NULL || *on == '\0')
		return;
	fprintf(stderr, "podium: markdown: %zu texts, %lu parses\n",
	    md_store_count(texts), md_parse_count());
}

/*
 * With PODIUM_VIEW_DUMP set to a file name, the view's provider pages as
 * text into that file (view_report_dump): what a test holds the site and
 * the PDF to. Nothing when unset or when the view was not built.
 */
static void
view_dump(const struct view_report *v)
{
	const char *path = getenv("PODIUM_VIEW_DUMP");
	struct buf b = BUF_INIT;
	FILE *f;

	if (v == NULL || path == NULL || *path == '\0')
		return;
	view_report_dump(v, &b);
	if ((f = fopen(path, "w")) != NULL) {
		fwrite(b.data, 1, b.len, f);
		fclose(f);
	}
	buf_release(&b);
}

/*
 * For tests only: with PODIUM_TEST_AFTER_LOAD set to "SRC>DST", a build
 * that keeps its load's trees (podium serve's) renames SRC onto DST right
 * after its load, when SRC is there, and says so on standard error: a
 * file written between the load and what the rebuild makes of it, at
 * will (tests/t_serve_race.sh). SRC gone, the next build does nothing.
 */
static void
test_after_load(const struct build_request *rq)
{
	const char *v = getenv("PODIUM_TEST_AFTER_LOAD"), *gt;
	char *src;

	if (rq->load_kept == NULL || v == NULL || (gt = strchr(v, '>')) == NULL)
		return;
	src = xstrndup(v, (size_t)(gt - v));
	if (access(src, F_OK) == 0 && rename(src, gt + 1) == 0)
		fprintf(stderr, "podium: test: moved %s to %s after the load\n",
		    src, gt + 1);
	free(src);
}

int
build_run(struct build_request *rq, struct diag *d)
{
	struct project *p = NULL;
	struct computed *c = NULL;
	struct view_report *view = NULL;
	struct md_store *texts = NULL;
	struct site_out o;
	struct render_opts ro = {0};
	char *out = NULL, *record = NULL;
	double t0 = now_ms(), t;
	pthread_t warm;
	bool warming = false;
	int rc;

	memset(&o, 0, sizeof(o));
	rq->timing[0] = '\0';
	rq->hashed = false;
	rq->prev_out = NULL;
	rq->nfiles = rq->nkept = 0;
	if (rq->write) {
		out = rq->out ? xstrdup(rq->out) : path_join(rq->dir, "site");
		if (site_out_check(rq->dir, out, rq->force, d) == -1 ||
		    record_make(rq, out, &record, d) == -1)
			goto out;
	}
	progress(rq, "loading");
	p = project_load_cached(rq->dir, rq->load_kept, d);
	timing_add(rq, "load", now_ms() - t0);
	test_after_load(rq);
	if (p == NULL || diag_failed(d))
		goto out;
	/*
	 * check says what a report dated for publication (report.yaml's
	 * published) lacks without its address, unless it says it has none
	 * (base_url: ~, a site read from file:// or from any address); a
	 * project not dated is not told, nor is each build
	 */
	if (!rq->write && rq->dump == NULL && p->report.base_url == NULL &&
	    !p->report.base_url_none && p->report.published != DATE_NONE)
		diag_warning(d, "content/report.yaml", 1, 1, "%s", BASE_URL_WARNING);
	t = now_ms();
	warming = (rq->parts & (PART_HTML | PART_PDF)) &&
	    workers_count() > 1 && pthread_create(&warm, NULL, fonts_warm, NULL) == 0;
	c = computed_new(p, &rq->opts, d);
	if (c == NULL || diag_failed(d))
		goto out;
	c->texts = texts = lint_markdown_cached(c, rq->md_kept, d);
	md_stats(texts);
	/* what the pages say, decided once for the site and the PDF */
	if (!diag_failed(d))
		c->view = view = view_report_new(c);
	view_dump(view);
	timing_add(rq, "compute", now_ms() - t);
	if (diag_failed(d))
		goto out;
	if (warming) {
		pthread_join(warm, NULL);
		warming = false;
	}
	/*
	 * Sharing copies of the per-provider charts only when the whole site
	 * is built (a partial build keeps the previous site's: carry_part).
	 * The pages show the downloads' sizes, known before the pages are
	 * written: the data and the PDF are written first (render_all), or
	 * kept from the previous site. Nothing is written and read back.
	 */
	ro.share_charts = (rq->parts & PART_ALL) == PART_ALL;
	ro.charts_kept = rq->charts_kept;
	ro.reuse = rq->hash;
	ro.pages_kept = rq->hash ? rq->pages_kept : NULL;
	ro.sizes_known = rq->write;
	ro.dump = rq->dump;
	if (!rq->write) {
		/* check: everything made as a build makes it, then thrown away */
		if (site_out_begin_discard(&o, d) == 0)
			render_all(rq, c, &ro, &o, d);
		goto out;
	}
	if (site_out_begin(&o, out, d) == -1)
		goto out;
	if (rq->hash) {
		site_out_hash_begin(&o);
		site_out_prev_use(&o, rq->prev);
	}
	o.record = record;
	if ((rq->parts & PART_ALL) != PART_ALL) {
		o.carry = carry_part;
		o.carry_arg = &rq->parts;
	}
	if (render_all(rq, c, &ro, &o, d) == -1 || o.failed || diag_failed(d)) {
		site_out_abort(&o);
		goto out;
	}
	progress(rq, "publishing");
	rq->nfiles = o.nfiles;
	rq->nkept = site_out_reused(&o);
	t = now_ms();
	if (site_out_commit(&o) == -1)
		site_out_abort(&o);
	else if (rq->hash) {
		rq->hashed = site_out_hash(&o, &rq->hash_css, &rq->hash_other);
		rq->prev_out = site_out_prev_take(&o, out);
	}
	timing_add(rq, "publish", now_ms() - t);
out:
	if (warming)
		pthread_join(warm, NULL);
	progress(rq, NULL);
	md_stats(texts);
	/*
	 * Markdown is parsed once (lint_markdown), so its diagnostics come
	 * once each; a template's error is met by every page that renders it,
	 * and one of those is kept.
	 */
	diag_dedupe(d);
	rc = status_of(d);
	site_out_abort(&o);
	view_report_free(view);
	md_store_free(texts);
	computed_free(c);
	project_free(p);
	free(out);
	free(record);
	workers_stop();
	fonts_text_done();
	rq->elapsed_ms = now_ms() - t0;
	return rc;
}
