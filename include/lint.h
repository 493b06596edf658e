/*
 * lint.h: checks the Markdown of everything visible in a build (commentary,
 * review summaries, strengths, weaknesses, fault-test notes): shortcodes and
 * the ids they name. `podium check` and `podium build` run it before any
 * back end, so a bad shortcode is an error at its line and column, and the
 * renderers only ever see text that parses.
 */
#ifndef PODIUM_LINT_H
#define PODIUM_LINT_H

#include "compute.h"

struct md_store;

/* Reports every problem to d, each once, and returns the texts' trees
 * (each text parsed once): free with md_store_free(). */
struct md_store *lint_markdown(const struct computed *c, struct diag *d);
/* The same, with the trees kept between builds in mc (podium serve,
 * markdown.h): a text kept there is not parsed again. The store then lends
 * mc's trees: free it before mc's next build. */
struct md_cache;
struct md_store *lint_markdown_cached(const struct computed *c,
    struct md_cache *mc, struct diag *d);

#endif
