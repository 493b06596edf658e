/*
 * html.h: the HTML back end's insides, shared by gen/render_html.c and the
 * gen/html_*.c files. Each page is an object built from the computed
 * model only (a template value, template_values.h, freed once the page is written),
 * rendered by a Mustache template.
 *
 * Conventions for the page data (what templates may rely on):
 * - keys named href, src, url, canonical, root, or ending in _href or _html,
 *   hold text already escaped for an attribute or as HTML: templates use
 *   triple mustaches for them; every other string is plain text and goes
 *   through {{x}}, which escapes it;
 * - "root" is the path from the page to the site root ("", "../", "../../"),
 *   so every link is relative and the site works from file://;
 * - a tier is {id, name, color, glyph, medal, rated}, a movement is
 *   {status, arrow, words}.
 */
#ifndef PODIUM_HTML_H
#define PODIUM_HTML_H

#include "chart.h"
#include "compute.h"
#include "mustache.h"
#include "publish.h"
#include "table.h"
#include "template_values.h"
#include "view_doc.h"

struct render_dump;

/*
 * The downloads the pages link, each described once (page_values.c): its
 * site path, the name the pages show, its media type. The pages give each
 * one's size (known before the pages are written: pipeline/build.c).
 */
struct html_download {
	const char *path;
	const char *label;
	const char *type;
};
enum { HTML_NDOWNLOADS = 3 };
extern const struct html_download html_downloads[HTML_NDOWNLOADS];

/* Where a template set finds the project's templates: its folder, or a
 * snapshot of it (html_templates_snap). */
struct tpl_snap;
struct tpl_ctx {
	const struct project *p;
	const struct tpl_snap *snap;
};

struct html_ctx {
	const struct computed *c;
	const struct project *p;
	struct tpl_ctx tpl;      /* what the sets load from */
	struct site_out *o;
	struct diag *d;
	struct mustache_set *set;
	struct marks_cache *marks; /* history marks drawn once a shape (chart.h) */
	char **pages;        /* site paths written, for the sitemap */
	size_t npages, cap;
	bool failed;         /* a page could not be built (diagnostics given) */
	bool extra_css;      /* the project has assets/extra.css: every page links it */
	struct html_job *job; /* set while a job runs: its pages are kept there */
	/* each provider's entry of the search index and of the compare data
	 * (parallel to the project's providers), made by its page's job with
	 * its view (html_search_provider, html_compare_provider) and put in
	 * the indexes as the jobs end (stream); NULL: the indexes make them */
	char **search_entries, **compare_entries;
	/* the search and compare indexes written as the provider pages' jobs
	 * end, in name order (html_jobs.c); NULL: written after the pages */
	struct html_stream *stream;
	/* the downloads' size texts (" (34 kB)", or "" for no file), in the
	 * order of html_downloads, when known before the pages are made;
	 * NULL (check): each page holds a placeholder instead */
	char *sizes[HTML_NDOWNLOADS];
	/* --dump-data (render.h): the page whose values are printed, as a
	 * site path ("providers/aws/index.html"); NULL: pages are written */
	struct render_dump *dump;
	char *dump_rel;
	/* a preview (render_opts' reuse): each page's key is its template
	 * values' hash from this seed (of the project's templates), and a page
	 * whose key is the previous build's is linked, not rendered (publish.h,
	 * site_out_put_prev); false: every page is rendered */
	bool keyed;
	uint64_t key_seed;
	/* a preview's provider pages keyed by their inputs (html_inputs.c):
	 * the report-wide part of the keys (0: none, each page is keyed by its
	 * values), what the last rebuild kept of each provider's page, and,
	 * in a provider page's job, that page's key (0: its values') */
	uint64_t inputs;
	struct html_memo *memo;
	uint64_t ikey;
};


/*
 * html_jobs.c: pages built over the machine's cores. Each job calls one page
 * function with a private copy of the context whose diagnostics and written
 * pages stay in the job; the jobs are then merged in list order (diagnostics,
 * file list, sitemap), so nothing depends on the number of threads. Every
 * job's template is loaded first; if one fails to load, the jobs run one
 * after another instead, as a serial build would. Heavy jobs (pages that
 * list every provider) never run at the same time, so that peak memory stays
 * that of one such page, and they are spread among the light ones.
 */
struct html_written {
	char *rel;           /* site path; malloc'd */
	int put;             /* site_out_put's result */
};

struct html_job {
	int (*page)(struct html_ctx *h, const void *arg);
	const void *arg;
	const char *tpl;     /* the template the page renders */
	bool heavy;          /* a page as large as the site (home, index) */
	/* the light jobs (the providers' pages) are taken in this order, the
	 * order of the indexes (their names'), so that each index holds
	 * waiting no more entries than there are threads */
	size_t rank;
	struct html_written *w;
	size_t nw, capw;
	bool failed;
	struct diag d;
};

void html_jobs_run(struct html_ctx *h, struct html_job *jobs, size_t n);
struct jsonw;
/*
 * A JSON index written in pieces (html_jobs.c): search/index.json and its
 * script twin index.js ("window.NAME = " the JSON ";\n"), made safe for a
 * script (html_json_script_safe) a piece at a time, so that neither is
 * held whole. Write the JSON into b (a jsonw on it); flush at a point
 * between two values (never inside a string) writes what b holds once it
 * is large; end writes the rest and, with record, records both files (0,
 * or -1); without (the build failed), it leaves neither.
 */
struct html_index {
	struct html_ctx *h;
	const char *rel[2];  /* the JSON, the script */
	int fd[2], err[2];
	struct buf b;
};
void html_index_begin(struct html_index *x, struct html_ctx *h, const char *json,
    const char *js, const char *name);
void html_index_flush(struct html_index *x);
int html_index_end(struct html_index *x, bool record);
/*
 * The indexes written as the pages are made (h->stream): begin (before the
 * jobs) writes what comes before the providers; done, at the end of
 * provider pv's job, once its entries are in h->search_entries and
 * h->compare_entries, writes every entry now due, in name order (a
 * provider whose job has not ended holds back those after it); end (after
 * the jobs) writes the rest and records both indexes unless the build
 * failed (0, or -1).
 */
void html_stream_begin(struct html_ctx *h);
void html_stream_done(struct html_ctx *h, const struct provider_view *pv);
int html_stream_end(struct html_ctx *h);
/* Writes a file that is not a page (a page's Markdown copy): in a job,
 * recorded when the job is merged, as its pages are; else at once. */
int html_job_write(struct html_ctx *h, const char *rel, const void *p, size_t n);
/* Records rel as written by the running job (put: site_out_put's
 * result), or at once outside a job: 0 or -1. */
int html_job_record(struct html_ctx *h, const char *rel, int put);

/*
 * html_inputs.c: a preview's provider pages keyed by their inputs, without
 * building them. The report-wide part (0: no keys this build) and a
 * provider's key (0: none: its page is built) from it; then, with the key
 * unchanged since the last rebuild, html_memo_take links the page and its
 * Markdown copy from the served site and gives back its index entries and
 * description (false: build it); html_memo_keep keeps what a page's job
 * made for the next rebuild, html_memo_drop forgets it.
 */
uint64_t html_inputs_global(struct html_ctx *h);
uint64_t html_inputs_provider(const struct html_ctx *h, const struct provider_view *pv);
void html_memo_fit(struct html_memo *m, size_t nproviders);
bool html_memo_take(struct html_ctx *h, const struct provider_view *pv, uint64_t key);
void html_memo_keep(struct html_memo *m, const struct provider *pr, uint64_t key,
    const char *search, const char *compare, const char *description);
void html_memo_drop(struct html_memo *m, const struct provider *pr);

/* The Markdown copy of a provider's page (providers/ID/index.md), from
 * its view; written with the page (html_markdown.c). */
int html_markdown_provider(struct html_ctx *h, const struct vd_provider *vp);

/* html_files.c: the project's own templates and assets, read safely. */
enum project_path {
	PROJECT_PATH_NONE,   /* not there: the built-in one is used */
	PROJECT_PATH_FILE,
	PROJECT_PATH_DIR,
	PROJECT_PATH_OTHER,  /* a FIFO, a device, a socket */
	PROJECT_PATH_ERROR,  /* reported in d */
};
/*
 * DIR/rel resolved (symlinks followed) and checked to stay inside DIR: the
 * real path (malloc'd) and what it is, or NULL with *kind NONE (no such
 * path) or ERROR (reported: it leads outside, is a broken link, or cannot
 * be looked at).
 */
char *project_path_resolve(const char *dir, const char *rel,
    enum project_path *kind, struct diag *d);
/*
 * Appends the regular file DIR/rel, at most max bytes, to out: 0; 1 when
 * there is no such file; -1 after reporting why it cannot be used (outside
 * DIR, not a regular file, too big, unreadable). Never waits on a FIFO.
 */
int project_file_read(const char *dir, const char *rel, size_t max,
    struct buf *out, struct diag *d);

/* html_templates.c: the templates, a project's own first (struct tpl_ctx,
 * above). On success, free with mustache_set_free(); tc outlives it. */
struct mustache_set *html_templates_open(const struct tpl_ctx *tc);
/*
 * The project's templates/ read once (each NAME.mustache's bytes, or what
 * reading it said) into a snapshot the set then compiles from, and *key a
 * hash of it: what the pages are rendered with, beside the built-in
 * templates. NULL (and *key 0) when templates/ cannot be read.
 */
struct tpl_snap *html_templates_snap(const struct project *p, uint64_t *key);
void html_templates_snap_free(struct tpl_snap *s);
/* Renders template with data and writes it at site path rel. 0 or -1. */
int html_page_write(struct html_ctx *h, const char *tpl, struct tv *data,
    const char *rel);
/* A page's values are made: written by html_page_write, or, with
 * --dump-data (h->dump), printed when rel is the page asked for. 0 or -1. */
int html_page_out(struct html_ctx *h, const char *tpl, struct tv *data,
    const char *rel);
/* --dump-data: h prints dump's page instead of writing any. */
void html_dump_begin(struct html_ctx *h, struct render_dump *dump);

/* page_values.c: template values shared by pages (pv_: page value). */
/* "" for "index.html", "../" for "a/index.html", ...; malloc'd. */
char *html_root_rel(const char *rel);
/* A link from a page (root) to a site path ("providers/aws/" or
 * "sources/index.html#id"): relative, index.html added to folders,
 * escaped for an attribute; malloc'd. */
char *html_href(const char *root, const char *site_path);
/* An external URL escaped for an attribute ("#" when refused); malloc'd. */
char *html_url(const char *url);
/* base_url (ending in '/') and a site path: an escaped absolute URL; malloc'd. */
char *html_url_join(const char *base, const char *path);
/* Site path of a provider / edition page / source anchor; malloc'd. */
char *html_provider_path(const struct provider *pr);
char *html_edition_path(const struct edition *e);
char *html_source_path(const struct source *s);
/* The name a page shows for a provider. */
const char *html_provider_name(const struct provider *pr);

struct tv *pv_str(const char *s);          /* NULL gives a null value */
struct tv *pv_taken(char *s);               /* takes a malloc'd string */
/* Sets key k of o to a copy of s; skipped if s is NULL. */
void pv_set_str(struct tv *o, const char *k, const char *s);
/* The same, taking s (malloc'd). */
void pv_set_taken(struct tv *o, const char *k, char *s);
/* As pv_set_str, keeping s itself (tv_lit): a literal or the model's text. */
void pv_set_lit(struct tv *o, const char *k, const char *s);
/* Sets key k of o to html_href(root, site_path). */
void pv_set_href(struct tv *o, const char *k, const char *root,
    const char *site_path);
/* The string a b c, one after another. */
struct tv *pv_cat(const char *a, const char *b, const char *c);
struct tv *pv_tier(const struct tier *t);  /* NULL gives a null value */
/* A rating's tier, with "uncertain" (why) when the review says so. */
struct tv *pv_rating_tier(const struct rating *r);
struct tv *pv_move(const struct report *r, enum move_status st, int steps, bool has_steps,
    const struct provider *successor);
struct tv *pv_provider_link(const char *root, const struct provider *pr);
struct tv *pv_table(const struct table *t, const char *root);
/* A chart figure ({src, alt, title, width, height, table}); name is the
 * file's stem under charts/ (every chart is drawn whenever pages are). */
struct tv *pv_chart(struct html_ctx *h, const char *root,
    enum chart_kind kind, const struct provider *pr);
/* Markdown rendered to HTML, or NULL after diagnostics. */
struct tv *pv_markdown(struct html_ctx *h, const char *src, const struct pos *at,
    const char *root);
struct tv *pv_medal_table(const struct vd_medals *m, const char *root);
struct tv *pv_movers(const struct computed *c, const struct edition_stats *s,
    const char *root);
/* A figure with an acknowledged discrepancy reads "84 stated; 85 counted". */
char *html_figure(const struct report *r, const struct edition_stats *s, const char *figure,
    long computed);
/* Headline figures of an edition, and its change against cmp's baseline. */
/* The same, from a table of the view's (vd_figures). */
struct tv *html_figures_of(const struct table *t);
/* The notes under the figures (vd_figures' table notes), each once, as an
 * array of {text}: the figures partial's figure_notes. */
struct tv *html_figure_notes(const struct table *t);
struct tv *html_figures(const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp);
/*
 * html_view.c: the report view's trees as HTML. Inlines and a section
 * (its title an h3, then its blocks) appended to b; html_view_value gives
 * the section with id among s (n of them) as a template value, or "".
 */
void html_view_inlines(struct html_ctx *h, const struct vd_inlines *in, const char *root,
    struct buf *b);
void html_view_section(struct html_ctx *h, const struct vd_section *s, const char *root,
    struct buf *b);
struct tv *html_view_value(struct html_ctx *h, const struct vd_section *s, size_t n,
    const char *id, const char *root);
/* The common frame of every page: lang, title, nav, root, canonical. */
/*
 * html_jsonld.c: schema.org JSON-LD, as the body of a <script
 * type="application/ld+json"> element ('<', '>', '&' written as \u
 * escapes); malloc'd. A provider page's Review (NULL without a rating), an
 * edition page's ItemList, the home page's Dataset with the downloads.
 */
/* JSON text b, '<', '>' and '&' as \u escapes, for a script or a
 * file a page loads as one; b is released. malloc'd. */
char *html_json_script_safe(struct buf *b);
char *html_jsonld_review(const struct html_ctx *h, const struct provider_view *v,
    const char *description, const char *root);
char *html_jsonld_edition(const struct html_ctx *h, const struct edition_stats *s,
    const char *root);
char *html_jsonld_dataset(const struct html_ctx *h, const char *description,
    const char *root);
/*
 * html_search.c: search/index.html, and search/index.json (and index.js,
 * the same for the page's script) with every findable page's words, each
 * also folded; html_search_fold appends s folded for matching (NFKD,
 * marks removed, case folded: "Stoßzeit" -> "stosszeit").
 */
/* html_compare.c: compare/index.html and its data, compare/index.json
 * (and index.js, the same for the page's script). */
int html_compare_page(struct html_ctx *h, const void *arg);
int html_compare_index(struct html_ctx *h);
int html_search_page(struct html_ctx *h, const void *arg);
int html_search_index(struct html_ctx *h);
/* Each index in three steps (html_search_index and html_compare_index are
 * begin, put for each provider in name order, end): put splices the
 * entries made with the page or makes them; end records the files with
 * record (html_index_end). */
void html_search_begin(struct html_ctx *h, struct html_index *x, struct jsonw *w);
void html_search_put(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    const struct provider_view *pv);
int html_search_end(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    bool record);
void html_compare_begin(struct html_ctx *h, struct html_index *x, struct jsonw *w);
void html_compare_put(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    const struct provider_view *pv);
int html_compare_end(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    bool record);
/* Provider v's entry of each index, as its items at the index's depth
 * (jsonw.h, jw_init_at), from its view, into out. */
void html_search_provider(struct html_ctx *h, const struct provider_view *v,
    struct buf *out);
void html_compare_provider(struct html_ctx *h, const struct provider_view *v,
    struct buf *out);
void html_search_fold(const char *s, struct buf *out);
/* An edition in a sentence: its name, date and figures; malloc'd. */
char *html_edition_description(const struct report *r, const struct edition_stats *s);
/* og_image_href: the image of site path path for link previews, absolute
 * when base_url is set, else from root. */
void pv_set_og_image(struct tv *o, const struct report *r, const char *root,
    const char *path);
struct tv *pv_page(struct html_ctx *h, const char *rel, const char *kind,
    const char *title);
/* Marks the last item of an array ("last": true) for separators. */
void pv_mark_last(struct tv *arr);
/*
 * A list of n items that the page's template renders one at a time (see
 * mustache_list): item(i, arg) makes item i. For lists as long as the site,
 * so that a page never holds all its rows at once. arg lives as long as the
 * page's values (tv_alloc).
 */
struct tv *pv_list(size_t n, struct tv *(*item)(size_t i, void *arg),
    void *arg);

/* The pages. Each returns 0 or -1. */
int html_home(struct html_ctx *h);
/* One edition's page (arg: its struct edition_stats). */
int html_edition_page(struct html_ctx *h, const void *arg);
/* feed.xml (Atom) when base_url is set; 0 or -1. */
int html_feed(struct html_ctx *h);
/* editions/index.html, newest first. */
int html_editions_index(struct html_ctx *h);
/* One provider's page (arg: its struct provider_view). */
int html_provider_page(struct html_ctx *h, const void *arg);
int html_provider_index(struct html_ctx *h);
int html_security(struct html_ctx *h);
int html_methodology(struct html_ctx *h);
int html_sources(struct html_ctx *h);
int html_not_found(struct html_ctx *h);
/* A page of content/pages (arg: its struct page), at <id>/index.html. */
int html_custom_page(struct html_ctx *h, const void *arg);
/* editions/<id>/changes/ of the edition_stats arg (html_changes.c) and
 * corrections/ (html_corrections.c, only when there is one). */
int html_changes_page(struct html_ctx *h, const void *arg);
int html_corrections(struct html_ctx *h);
struct vd_page;
/* The "Corrected on DATE: ..." lines of n corrections, as the view phrases
 * them (vd_corrections_section), as HTML ("" when n is 0), under a level-3
 * heading when titled (not at a page's head, right under its h1). */
struct tv *html_corrections_value(struct html_ctx *h, const struct correction *v,
    size_t n, const char *file, const char *root, bool titled);
/* The sections of a view page: [{id, title, html}]. */
struct tv *html_view_page(struct html_ctx *h, const struct vd_page *pg, const char *root);
/* html_assets.c: assets/ (built in, then the project's) and sitemap.xml. */
int html_assets(struct html_ctx *h);
int html_sitemap(struct html_ctx *h);

#endif
