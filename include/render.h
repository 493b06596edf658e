/*
 * render.h: the back ends. Each reads only the computed model and writes
 * files through a site_out. Each returns 0, or -1 with diagnostics in d.
 */
#ifndef PODIUM_RENDER_H
#define PODIUM_RENDER_H

#include "compute.h"
#include "publish.h"

/*
 * Charts drawn in earlier builds of this process, kept for the next
 * (podium serve, a preview): a rebuild redraws only the charts whose data
 * changed. Free with chart_memo_free(), which frees them all.
 */
struct chart_memo;
struct chart_memo *chart_memo_new(void);
/* The provider pages a preview keeps between builds (render_opts). */
struct html_memo;
struct html_memo *html_memo_new(void);
void html_memo_free(struct html_memo *m);
/* Of the last build: the provider pages taken as before (returned), and
 * those made (*made). */
size_t html_memo_count(const struct html_memo *m, size_t *made);
/* The pages' keys are made from what the load with this cache read (load.h,
 * load_cache_reads); the cache must scan its files with html_inputs_scan
 * (load_cache_scan). Without one, no page is kept. */
struct load_cache;
void html_memo_reads(struct html_memo *m, const struct load_cache *reads);
/* Whether the n bytes at s quote only what a page's key holds (a review's
 * file: html_inputs.c). */
bool html_inputs_scan(const char *s, size_t n);
void chart_memo_free(struct chart_memo *m);

/*
 * --dump-data PAGE: the pages are made and none is written; the values
 * that page (a site path: "index.html", "providers/ID/", "about")
 * receives are printed as JSON to stdout, and found says it was made.
 */
struct render_dump {
	const char *page;
	bool found;            /* out */
};

/*
 * How this build renders, as the pipeline decides it (build.c) and hands
 * it to the back ends whose output depends on it: no mode is kept in a
 * global between builds.
 */
struct render_opts {
	/* Whether each provider's history chart also gets
	 * charts/history-ID.svg and .png, for sharing (a whole build); without,
	 * only the frame the pages lay the marks over, charts/history-frame.svg.
	 * The report's charts always get their PNG. */
	bool share_charts;
	/* Preview (podium serve): charts as SVG only (the pages need no PNG),
	 * taken from and kept in this memo between builds; NULL: none kept. */
	struct chart_memo *charts_kept;
	/* Whether the downloads' sizes are known before the pages are made:
	 * the data and the PDF are written first (or kept from the previous
	 * site), so each page is written once, with them (pipeline/build.c).
	 * Without (check, whose files are thrown away), the pages hold a
	 * placeholder instead. */
	bool sizes_known;
	/* --dump-data, or NULL: the pages are written. */
	struct render_dump *dump;
	/* Preview (podium serve): the pages and badges a hashing build makes
	 * are given keys of what they are made from, and those whose key is
	 * the previous build's are linked from it instead of made again
	 * (publish.h, site_out_put_prev). */
	bool reuse;
	/* Preview: what each provider's page made (its index entries and
	 * description) kept between builds under its input key, so that a
	 * page whose inputs did not change is linked, not built (html.h,
	 * html_inputs.c); NULL: none kept. Only with reuse. */
	struct html_memo *pages_kept;
};

/* data/ratings.json and data/ratings.csv (SPEC 4.2). */
int render_data(const struct computed *c, struct site_out *o, struct diag *d);
/* Every HTML page, assets, sitemap (SPEC 4.1); or, with ro->dump, one
 * page's values printed and nothing written. */
int render_html(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d);
/* badges/<edition>/<provider>.svg and .png, and badges/<provider>.svg,
 * for the medal holders (badge.h); drawn on the calling thread, those
 * of the previous build linked instead with ro's reuse. */
int render_badges(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d);
/* charts/<name>.svg and .png, drawn on the calling thread, as ro's
 * share_charts and charts_kept say. */
int render_charts(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d);
/*
 * The same drawing as a list of jobs, for drawing processes
 * (pipeline/draw.c): job k of a plan draws and writes one chart (or the
 * badges of one tier in one edition, drawn once, with their copies), in any
 * process, in any order; the plan's files
 * are those render_charts (render_badges) writes when its jobs are taken in
 * order and recorded so. A plan draws on the thread that runs its jobs.
 */
struct chart_plan;
struct chart_plan *chart_plan_new(const struct computed *c,
    const struct render_opts *ro);
size_t chart_plan_count(const struct chart_plan *pl);
int chart_plan_run(struct chart_plan *pl, size_t k, struct site_out *o,
    struct diag *d);
void chart_plan_free(struct chart_plan *pl);
struct badge_plan;
struct badge_plan *badge_plan_new(const struct computed *c);
size_t badge_plan_count(const struct badge_plan *pl);
int badge_plan_run(struct badge_plan *pl, size_t k, struct site_out *o,
    struct diag *d);
void badge_plan_free(struct badge_plan *pl);
/* report.pdf (SPEC 4.4). */
struct vd_section;
/*
 * The words of content Markdown src (its shortcodes' values in place, no
 * markup), and of a view's sections (paragraphs, lists, quotes), appended
 * to b: the search index's text (html_markdown.c).
 */
void md_words(struct buf *b, const struct computed *c, const char *src,
    const char *file, unsigned line);
void view_words(struct buf *b, const struct computed *c, const struct vd_section *s,
    size_t n);
/* llms.txt and a Markdown copy of the pages (html_markdown.c). */
int render_markdown(const struct computed *c, struct site_out *o, struct diag *d);
int render_pdf(const struct computed *c, struct site_out *o, struct diag *d);

#endif
