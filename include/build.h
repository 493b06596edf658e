/*
 * build.h: the whole pipeline, load -> compute -> render -> publish, as one
 * call that `podium build`, `podium check` and `podium serve` share.
 */
#ifndef PODIUM_BUILD_H
#define PODIUM_BUILD_H

#include <stdint.h>

#include "compute.h"
#include "diag.h"

struct chart_memo;   /* render.h */
struct site_prev;    /* publish.h */
struct render_dump;
struct load_cache;    /* load.h */
struct md_cache;      /* markdown.h */
struct html_memo;     /* render.h */

enum build_part {
	PART_HTML = 1 << 0,
	PART_PDF = 1 << 1,
	PART_DATA = 1 << 2,
	PART_ALL = PART_HTML | PART_PDF | PART_DATA
};

struct build_request {
	const char *dir;       /* project folder */
	const char *out;       /* output folder; NULL: DIR/site; unused by check */
	struct build_opts opts;
	unsigned parts;        /* PART_* */
	bool write;            /* false: check only: render everything, write nothing */
	bool force;            /* replace OUT even if it is not a site podium built */
	bool quiet;
	bool progress;         /* a progress line on stderr (a terminal) */
	struct chart_memo *charts_kept; /* podium serve: charts kept between builds (render.h), or NULL */
	struct render_dump *dump;       /* --dump-data (render.h), or NULL */
	struct load_cache *load_kept;   /* podium serve: the content's YAML trees
	                                   kept between builds (load.h), or NULL */
	struct md_cache *md_kept;       /* podium serve: the Markdown trees kept
	                                   between builds (markdown.h), or NULL */
	struct html_memo *pages_kept;   /* podium serve: what each provider's
	                                   page made, kept between builds
	                                   under its input key (render.h), or NULL */
	bool hash;             /* podium serve: hash what the build writes */
	/* with hash: the previous build's files (publish.h): those that come
	 * out the same are linked from its folder, not written; or NULL */
	const struct site_prev *prev;
	struct site_prev *prev_out; /* out: this build's, for the next one */
	bool hashed;           /* out: the site was written, with these hashes */
	size_t nfiles, nkept;  /* out: files written, and of them those linked
	                          from prev by their key (publish.h) */
	uint64_t hash_css, hash_other; /* out (publish.h, site_out_hash) */
	double elapsed_ms;     /* out: wall time of the build */
	char timing[256];      /* out: "load 3.1, compute 0.4, ..." ms per step */
};

/*
 * Runs the pipeline. Returns an exit status (0, 1, 2 for an OUT refused, or
 * 3); diagnostics in d, each once.
 */
int build_run(struct build_request *rq, struct diag *d);

/* What podium check says of a report without base_url. */
#define BASE_URL_WARNING "no 'base_url': link previews (og:url, the canonical " \
	"link, an absolute og:image), feed.xml and sitemap.xml need the site's " \
	"address (base_url: https://...)"

/* "now" from SOURCE_DATE_EPOCH, else the clock. */
pdate build_now(void);

#endif
