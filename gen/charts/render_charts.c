/* render_charts.c: every chart as charts/<name>.svg and charts/<name>.png
 * (twice the natural size), and its narrow variant, drawn anew for a
 * phone, as charts/narrow/<name>.svg (the pages choose it by a media
 * query; chart.h), drawn and written in a fixed order by the
 * calling thread, which is the build's one drawing thread (fonts.h: cairo
 * 1.16 cannot share a font between threads). The providers' history
 * charts share one frame per build (chart.h, chart_frame_new), written
 * alone as charts/history-frame.svg: the pages lay each provider's marks
 * over it inline. Only with ro->share_charts does each provider
 * get charts/history-<id>.svg of its own, for sharing, and a PNG too when
 * report.yaml says provider_chart_png: true (SPEC 4.1).
 *
 * With ro->charts_kept (podium serve, a preview), only the SVGs
 * the pages show are made, and drawn charts are kept between builds under a
 * key made of everything a chart shows (its kind, size, title, description,
 * data table, the ladder, the editions and the names it may print), so a
 * rebuild redraws only the charts whose data changed. */
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "fonts.h"
#include "render.h"
#include "table.h"

/* A chart drawn in an earlier build. */
struct memo {
	char *key;
	struct buf svg, png;
	bool used;                       /* by the current build */
};

/* The charts kept between the builds of a preview (render.h). */
struct chart_memo {
	struct memo *v;
	size_t n, cap;
};

struct job {
	enum chart_kind kind;
	const struct provider *provider; /* CHART_HISTORY only */
	bool frame;                      /* the history charts' frame alone */
	bool narrow;                     /* the phone's variant, charts/narrow/ */
	bool with_png;                   /* a PNG beside the SVG */
	char *name;                      /* file name without extension */
	char *key;                       /* memo key, when charts are kept */
	struct buf svg, png;
	int rc;                          /* -1: cairo failed */
	bool done;                       /* taken from a memo: nothing to draw */
};

/* Does job j get a PNG? */
static bool
job_png(const struct render_opts *ro, const struct job *j)
{
	return j->with_png && ro->charts_kept == NULL;
}

/* Does each provider get a history chart of its own? */
static bool
provider_charts(const struct render_opts *ro)
{
	return ro->share_charts && ro->charts_kept == NULL;
}

/* Draws one chart into its job's buffers. */
static void
draw_job(const struct computed *c, const struct render_opts *ro,
    struct chart_frame *frame, struct job *j)
{
	struct chart ch;

	if (j->done)
		return;
	if (j->frame) {
		j->rc = chart_svg_frame(frame, &j->svg);
		return;
	}
	chart_init_sized(&ch, c, j->kind, j->provider, j->narrow);
	chart_keep_layouts(&ch);
	if (j->name == NULL)
		j->name = chart_file_name(&ch);
	j->rc = chart_svg(&ch, c, &j->svg);
	if (j->rc == 0 && job_png(ro, j))
		j->rc = chart_png(&ch, c, 2, &j->png);
	chart_release(&ch);
}

/* Writes one drawn chart's files. */
static int
write_job(const struct render_opts *ro, struct job *j, struct site_out *o,
    struct diag *d)
{
	char *rel;
	int rc;

	if (j->rc == -1) {
		diag_system(d, NULL, "cannot draw chart '%s': %s", j->name,
		    j->frame ? "cairo could not draw it" : chart_failure());
		return -1;
	}
	rel = xasprintf("charts/%s.svg", j->name);
	rc = site_out_write(o, rel, j->svg.data, j->svg.len);
	free(rel);
	if (rc == -1 || !job_png(ro, j))
		return rc;
	rel = xasprintf("charts/%s.png", j->name);
	rc = site_out_write(o, rel, j->png.data, j->png.len);
	free(rel);
	return rc;
}

static void
key_add(struct buf *k, const char *s)
{
	buf_puts(k, s ? s : "");
	buf_putc(k, '\x1f');
}

static void
key_provider(struct buf *k, const struct provider *p)
{
	key_add(k, p->id);
	key_add(k, p->name);
	key_add(k, p->short_name);
}

/* The chart's kind, size, name, title, description and data table. */
static void
key_chart(const struct computed *c, struct job *j, struct buf *k)
{
	struct chart ch;
	struct table *t;
	size_t i;

	chart_init_sized(&ch, c, j->kind, j->provider, j->narrow);
	j->name = chart_file_name(&ch);
	buf_printf(k, "%d %.3f %.3f\x1f", (int)ch.kind, ch.width, ch.height);
	key_add(k, j->name);
	key_add(k, ch.title);
	key_add(k, ch.desc);
	if ((t = chart_table(&ch, c)) != NULL) {
		key_add(k, t->caption);
		for (i = 0; i < t->ncols; i++)
			key_add(k, t->head[i].text);
		for (i = 0; i < t->nrows * t->ncols; i++)
			key_add(k, t->cells[i].text);
		table_free(t);
	}
	chart_release(&ch);
}

/* Everything the chart can show, as one string; malloc'd. The history
 * frame shows only the ladder and the editions. */
static char *
chart_key(const struct computed *c, struct job *j)
{
	const struct project *p = c->project;
	struct buf k = BUF_INIT;
	size_t i;

	if (j->frame)
		key_add(&k, j->name);
	else
		key_chart(c, j, &k);
	for (i = 0; i < p->report.nladder; i++) {
		const struct tier *tr = &p->report.ladder[i];

		buf_printf(&k, "%d%d", tr->medal, tr->rated);
		key_add(&k, tr->id);
		key_add(&k, tr->name);
		key_add(&k, tr->color);
	}
	for (i = 0; i < p->neditions; i++) {
		size_t t;

		key_add(&k, p->editions[i].name);
		for (t = 0; t < p->editions[i].ntiers; t++)
			key_add(&k, p->editions[i].tiers[t]->id);
		buf_printf(&k, "%lld %lld\x1f", (long long)p->editions[i].target_detect,
		    (long long)p->editions[i].target_replace);
	}
	if (j->provider != NULL)
		key_provider(&k, j->provider);
	else if (!j->frame)
		for (i = 0; i < p->nproviders; i++)
			key_provider(&k, &p->providers[i]);
	return buf_detach(&k, NULL);
}

static struct memo *
memo_find(struct chart_memo *memos, const char *key)
{
	size_t i;

	for (i = 0; i < memos->n; i++)
		if (strcmp(memos->v[i].key, key) == 0)
			return &memos->v[i];
	return NULL;
}

/* Takes a kept chart for job j, if there is one (this thread only). */
static void
memo_take(struct chart_memo *memos, const struct computed *c, struct job *j)
{
	struct memo *m;

	j->key = chart_key(c, j);
	if ((m = memo_find(memos, j->key)) == NULL)
		return;
	m->used = true;
	buf_add(&j->svg, m->svg.data, m->svg.len);
	buf_add(&j->png, m->png.data, m->png.len);
	j->done = true;
}

/* Keeps a newly drawn chart; its buffers move to the memo. */
static void
memo_keep(struct chart_memo *memos, struct job *j)
{
	struct memo *m;

	memos->v = xgrow(memos->v, sizeof(*memos->v), memos->n + 1, &memos->cap);
	m = &memos->v[memos->n++];
	m->key = j->key;
	m->svg = j->svg;
	m->png = j->png;
	m->used = true;
	j->key = NULL;
	buf_init(&j->svg);
	buf_init(&j->png);
}

/* Drops the charts the last build did not use, and marks the rest unused. */
static void
memo_sweep(struct chart_memo *memos)
{
	size_t i, n = 0;

	for (i = 0; i < memos->n; i++) {
		struct memo *m = &memos->v[i];

		if (!m->used) {
			free(m->key);
			buf_release(&m->svg);
			buf_release(&m->png);
			continue;
		}
		m->used = false;
		memos->v[n++] = *m;
	}
	memos->n = n;
}

struct chart_memo *
chart_memo_new(void)
{
	return xcalloc(1, sizeof(struct chart_memo));
}

void
chart_memo_free(struct chart_memo *memos)
{
	size_t i;

	if (memos == NULL)
		return;
	for (i = 0; i < memos->n; i++)
		memos->v[i].used = false;
	memo_sweep(memos);
	free(memos->v);
	free(memos);
}

/* Draws (or takes from a memo) and writes one chart; frees the job. */
static int
run_job(const struct computed *c, const struct render_opts *ro,
    struct chart_frame *frame, struct site_out *o, struct diag *d, struct job *j)
{
	int rc;

	if (ro->charts_kept != NULL)
		memo_take(ro->charts_kept, c, j);
	draw_job(c, ro, frame, j);
	rc = write_job(ro, j, o, d);
	if (ro->charts_kept != NULL && !j->done && j->rc == 0)
		memo_keep(ro->charts_kept, j);
	free(j->key);
	free(j->name);
	buf_release(&j->svg);
	buf_release(&j->png);
	return rc;
}

/* The charts of one build, in the order they are written (render.h). */
struct chart_plan {
	const struct computed *c;
	const struct render_opts *ro;
	size_t *next;                    /* each job's place in the list below */
	size_t n;
	struct chart_frame *frame;       /* made by the first job that needs it */
	struct chart_frame *narrow_frame; /* the same, for the narrow variants */
	bool checked;                    /* the faces were found */
};

struct chart_plan *
chart_plan_new(const struct computed *c, const struct render_opts *ro)
{
	/* the report's charts first (chart.c's kinds, in order) with the
	 * history frame where the history kind stands, then the same as
	 * narrow variants (SVG only: the pages' phone charts), then (when
	 * shared) each visible provider's history */
	const size_t nk = CHART_NKINDS;
	size_t next, total = 2 * nk + (provider_charts(ro) ? c->nproviders : 0);
	struct chart_plan *pl = xcalloc(1, sizeof(*pl));

	pl->c = c;
	pl->ro = ro;
	pl->next = xcalloc(total ? total : 1, sizeof(*pl->next));
	for (next = 0; next < total; next++) {
		size_t k = next % nk;
		bool report_kind = next < 2 * nk;

		if (!report_kind && !c->providers[next - 2 * nk].visible)
			continue;
		/* the history frame stands where the history kind does */
		if (report_kind && k != CHART_HISTORY &&
		    !chart_kind_drawn(c, (enum chart_kind)k))
			continue;
		pl->next[pl->n++] = next;
	}
	return pl;
}

size_t
chart_plan_count(const struct chart_plan *pl)
{
	return pl->n;
}

int
chart_plan_run(struct chart_plan *pl, size_t i, struct site_out *o,
    struct diag *d)
{
	const struct computed *c = pl->c;
	const size_t nk = CHART_NKINDS, next = pl->next[i], k = next % nk;
	const bool report_kind = next < 2 * nk;
	struct chart_frame **frame;
	struct job job, *j = &job;

	/* without its faces pango would draw the charts without text */
	if (!pl->checked) {
		if (fonts_check(FONTS_CHARTS, d) == -1) {
			o->failed = true;
			return -1;
		}
		pl->checked = true;
	}
	memset(j, 0, sizeof(*j));
	buf_init(&j->svg);
	buf_init(&j->png);
	j->narrow = report_kind && next >= nk;
	if (report_kind && k == CHART_HISTORY) {
		j->kind = CHART_HISTORY;
		j->frame = true;
		j->name = xstrdup(j->narrow ? CHART_NARROW_DIR "history-frame" :
		    "history-frame");
	} else if (report_kind) {
		j->kind = (enum chart_kind)k;
		j->with_png = !j->narrow;
	} else {
		j->kind = CHART_HISTORY;
		j->provider = c->providers[next - 2 * nk].provider;
		j->with_png = c->project->report.provider_chart_png;
	}
	frame = j->narrow ? &pl->narrow_frame : &pl->frame;
	if (*frame == NULL && j->kind == CHART_HISTORY)
		*frame = j->narrow ? chart_frame_new_sized(c, true) : chart_frame_new(c);
	return run_job(c, pl->ro, *frame, o, d, j);
}

void
chart_plan_free(struct chart_plan *pl)
{
	if (pl == NULL)
		return;
	if (pl->frame != NULL)
		chart_frame_free(pl->frame);
	if (pl->narrow_frame != NULL)
		chart_frame_free(pl->narrow_frame);
	free(pl->next);
	free(pl);
}

int
render_charts(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	struct chart_plan *pl = chart_plan_new(c, ro);
	size_t k;
	int rc = 0;

	for (k = 0; k < pl->n && rc == 0; k++)
		rc = chart_plan_run(pl, k, o, d);
	chart_plan_free(pl);
	if (ro->charts_kept != NULL)
		memo_sweep(ro->charts_kept);
	return rc;
}
