/*
 * markdown.h: commentary and review text. CommonMark through cmark, plus
 * podium's shortcodes (SPEC 1.6): {{count ...}}, {{change ...}}, {{share ...}},
 * {{tier P E}}, {{provider P}}, {{at S m:ss}}, {{cite S}}, {{chart NAME}},
 * {{table medals E}}, {{table movers E1 E2}}, {{table security E}},
 * {{medals E1 E2 kept|dropped|...}}.
 *
 * md_parse() finds and checks every shortcode (an unknown shortcode or id is
 * an error at its line and column), then parses the Markdown. Each back end
 * (HTML, PDF) walks the cmark tree and asks for each shortcode's value, so
 * numbers in prose always come from the computed model.
 */
#ifndef PODIUM_MARKDOWN_H
#define PODIUM_MARKDOWN_H

#include <cmark.h>
#include "compute.h"
#include "table.h"

enum sc_kind {
	SC_COUNT, SC_CHANGE, SC_SHARE, SC_TIER, SC_PROVIDER, SC_AT, SC_CITE,
	SC_CHART, SC_TABLE, SC_MEDALS
};

/* The value of an inline shortcode: text, optionally a link. */
struct sc_inline {
	char *text;        /* UTF-8, not escaped; malloc'd */
	char *href;        /* NULL, a site path ("providers/aws/") or an external URL */
	bool external;     /* href is an external URL */
	const struct tier *tier; /* for {{tier}}: style hint, or NULL */
	const char *note;  /* an acknowledged claim's note, or NULL (not owned) */
};

struct shortcode {
	enum sc_kind kind;
	bool block;        /* chart or table: stands alone in its paragraph */
	char **args;       /* words after the name */
	size_t nargs;
	char *raw;         /* the source text, "{{...}}", shown as is in code */
	struct pos pos;    /* of the "{{" */
};

struct md_doc {
	cmark_node *root;
	struct shortcode *codes;
	size_t ncodes;
	/* Placeholders in text nodes: U+E000, the code's index in decimal, U+E001. */
};

/*
 * Parses src (the text of file from line first_line on). Returns 0, or -1
 * with every error in d. On success free with md_doc_release().
 */
int md_parse(const struct computed *c, const char *src, const char *file,
    unsigned first_line, struct md_doc *doc, struct diag *d);
void md_doc_release(struct md_doc *doc);
/* Reports what md_parse would report, keeping nothing. Returns 0 or -1. */
int md_check(const struct computed *c, const char *src, const char *file,
    unsigned first_line, struct diag *d);

/*
 * Each text parsed once per build (issue 26 item 7): lint_markdown parses
 * every visible text, reports its diagnostics once and keeps its tree in
 * a store the build hangs on the computed model (computed.texts); the
 * back ends take the same tree from there and never parse again. A store
 * is read-only once built: threads may render its trees at once.
 */
struct md_store;
/* The tree kept for src (by its address: the model's own string), or NULL. */
const struct md_doc *md_store_find(const struct md_store *s, const char *src);
/* Building one (lint.c): a new empty store; put takes doc over (src's
 * tree); move empties from into to; seal makes it ready to be read. */
struct md_store *md_store_new(void);
void md_store_put(struct md_store *s, const char *src, struct md_doc *doc);
void md_store_move(struct md_store *to, struct md_store *from);
/* Puts doc, a tree an md_cache keeps, without taking it over: the store
 * reads it and never frees it. */
void md_store_lend(struct md_store *s, const char *src, const struct md_doc *doc);
void md_store_seal(struct md_store *s);
/* How many texts s holds. */
size_t md_store_count(const struct md_store *s);
void md_store_free(struct md_store *s);
/*
 * The tree of src: the build's when it kept one, else parsed now into
 * *own (then release it with md_doc_release; it is zeroed otherwise).
 * NULL after a parse error, with the errors in d.
 */
const struct md_doc *md_doc_get(const struct computed *c, const char *src,
    const char *file, unsigned first_line, struct md_doc *own, struct diag *d);
/*
 * A piece of work in one thread that shows the same texts several times
 * (a provider's page, its Markdown copy, its index entries): between begin
 * and end, md_doc_get keeps what it parses for a text the build did not
 * keep (lint.c keeps trees up to a budget, PODIUM_MD_KEEP), so each is
 * parsed once in it; end frees them. Not nested; one scope per thread.
 */
void md_scope_begin(void);
void md_scope_end(void);
/*
 * The trees of the texts kept between builds (podium serve, lint.h): a text
 * met again with the same bytes, file and first line, whose shortcodes all
 * still check against the model, gets its tree again instead of being
 * parsed. Only a tree whose parse reported nothing is kept, so a text taken
 * from the cache reports what its parse would have: nothing.
 *
 * md_cache_get may run in several threads at once (it only reads); a miss
 * is parsed by the caller, and a tree to keep put with md_cache_put, which
 * takes doc over (the codes then name the cache's copy of file), in one
 * thread after those. begin and end bracket a build: end frees the trees it
 * neither took nor put (once no store lends them).
 */
struct md_cache;
struct md_cache *md_cache_new(void);
void md_cache_free(struct md_cache *mc);
void md_cache_begin(struct md_cache *mc);
void md_cache_end(struct md_cache *mc);
const struct md_doc *md_cache_get(struct md_cache *mc, const struct computed *c,
    const char *src, const char *file, unsigned first_line);
const struct md_doc *md_cache_put(struct md_cache *mc, const char *src,
    const char *file, unsigned first_line, struct md_doc *doc);
/* Texts kept; of the build under way, those taken and those put. */
size_t md_cache_count(const struct md_cache *mc, size_t *hits, size_t *puts);
/* cmark turns a node's strings into C strings when first asked: asks for
 * them all once, before any other thread reads the tree. */
void md_tree_warm(cmark_node *root);
size_t md_cache_count(const struct md_cache *mc, size_t *hits, size_t *puts);
/* How many times this process has parsed a Markdown text (md_parse). */
unsigned long md_parse_count(void);

/* Reads the placeholder at p: its length and *index, or 0 if none. */
size_t md_placeholder(const char *p, size_t *index);

/* The kind named name ("count", ...), or -1. */
int sc_kind_parse(const char *name);
const char *sc_kind_name(enum sc_kind k);
/*
 * Checks a shortcode's arguments against the model (ids exist, numbers in
 * range). Reports the first problem at sc->pos and returns false.
 */
bool sc_check(const struct computed *c, const struct shortcode *sc, struct diag *d);
/*
 * {{medals FROM TO WHAT}}: of the medal holders of edition from, how many in
 * edition to kept a medal ("kept"), were rated below the medals ("dropped"),
 * either ("rated"), were reviewed but not rated ("unrated"), were not
 * reviewed ("unreviewed"), either of the last two ("left"); or ("gained")
 * how many medal holders of to held no medal in from. sc_medals_what() is
 * the index of a WHAT word, or -1.
 */
int sc_medals_what(const char *what);
long sc_medals_count(const struct computed *c, const struct edition *from,
    const struct edition *to, int what);

/* Evaluates an inline shortcode (checked). Free with sc_inline_release(). */
void sc_eval_inline(const struct computed *c, const struct shortcode *sc,
    struct sc_inline *out);
void sc_inline_release(struct sc_inline *v);

/* For {{table ...}}: builds the table. Free with table_free(). */
struct table *sc_table(const struct computed *c, const struct shortcode *sc);

/*
 * HTML of a document. root_rel: the path from the page to the site root
 * ("", "../", "../../") so links stay relative; relative links in the text
 * are site paths and get it too. Raw HTML passes only with report.allow_html,
 * else it is shown escaped, as text.
 */
void md_render_html(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, struct buf *out);
/*
 * As md_render_html, with every heading id starting with id_prefix
 * ("methodology-"), so that sections sharing a page never share an id.
 */
void md_render_html_ids(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, const char *id_prefix, struct buf *out);
/*
 * As md_render_html, but a text that is one paragraph comes without its
 * <p></p> (a strength, a weakness, a table cell); anything else as usual.
 */
void md_render_html_inline(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, struct buf *out);
/*
 * The plain text of a document, shortcodes evaluated, its blocks joined by
 * a space (a link preview, a PDF title page), appended to out.
 */
void md_render_text(const struct computed *c, const struct md_doc *doc,
    struct buf *out);
/* The plain text of the Markdown src (its tree from the build's store);
 * malloc'd, or NULL when src is NULL or does not parse. */
char *md_text_of(const struct computed *c, const char *src, const char *file,
    unsigned first_line);
/*
 * A link target as the HTML writes it: a relative one (site_path) gets
 * root in front and "index.html" after a final '/'; a refused one is "#".
 */
void md_href_write(struct buf *out, const char *root, const char *url,
    bool site_path);
/* Convenience: parse and render in one go (review text, notes). */
int md_to_html(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, struct diag *d);
int md_to_html_inline(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, struct diag *d);
/* The text's opening only: its first paragraph (or list, ...) with the
 * headings before it; *cut tells whether anything follows it. */
int md_to_html_lead(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, bool *cut,
    struct diag *d);

#endif
