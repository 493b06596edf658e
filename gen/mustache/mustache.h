/*
 * mustache.h: Mustache templates (the official spec: interpolation, sections,
 * inverted, comments, partials, set delimiters, inheritance; no lambdas),
 * rendered against a template value (template_values.h).
 *
 * Templates are compiled once into a set and rendered many times. Partials
 * and parents ({{>name}}, {{<name}}) are looked up by name in the set, then
 * through the set's loader. A syntax error is reported through diag as
 * "NAME:LINE:COL: error: ..." where NAME is the template's name (its path).
 *
 * Values: false, null, [] and "" are falsey (0 is not); integers render as
 * digits, reals in their shortest exact form, true/false as words.
 * Partials and parents are found (or loaded) when the template naming them
 * is added, so rendering only reads the set and may run in several threads
 * at once; a template rendered by a name not yet added and dynamic partials
 * ({{>*name}}) call the loader, under the set's lock.
 */
#ifndef PODIUM_MUSTACHE_H
#define PODIUM_MUSTACHE_H

#include "diag.h"
#include "template_values.h"
#include "util.h"

struct mustache_set;

/*
 * Finds the source of a template not yet in the set: returns 0 and fills
 * *src (malloc'd, taken over by the set) and *path (malloc'd: the name shown
 * in diagnostics), or returns -1 when there is no such template, or when
 * there is one that cannot be used (after reporting why in d).
 */
typedef int (*mustache_loader)(void *ctx, const char *name, char **src,
    size_t *len, char **path, struct diag *d);

/*
 * A list made one item at a time: a section over it calls item(i, arg) for
 * i = 0 .. n-1, renders the section against the value it returns and frees
 * it at once (tv_release), so a page listing every provider never holds
 * every row at the same time. In the data (tv_list()) it stands where an
 * array would: falsey when n is 0, and a name looked up inside it finds
 * nothing. The list and what arg points to must outlive every render of
 * that data.
 */
struct mustache_list {
	size_t n;
	struct tv *(*item)(size_t i, void *arg);
	void *arg;
};

/* On success, free with mustache_set_free(). */
struct mustache_set *mustache_set_new(mustache_loader loader, void *ctx);
void mustache_set_free(struct mustache_set *s);
/* Adds a template from memory under name (compiled now). Returns 0 or -1. */
int mustache_set_add(struct mustache_set *s, const char *name, const char *src,
    size_t len, const char *path, struct diag *d);
/*
 * Loads name (and what it names) into the set if it is not there yet.
 * Returns 0 when it is there and compiled, -1 (with diagnostics, if any).
 */
int mustache_load(struct mustache_set *s, const char *name, struct diag *d);
/*
 * Renders template name with data into out. HTML-escapes {{x}}, not {{{x}}}
 * or {{&x}}. Returns 0, or -1 (unknown template, syntax error) with diag.
 */
int mustache_render(struct mustache_set *s, const char *name,
    const struct tv *data, struct buf *out, struct diag *d);
/*
 * After rendering: a warning (an error with --strict) at each name in a
 * template of the set that was looked up by some render and found by none,
 * and is not one the built-in templates use (those are values podium gives,
 * present or not in this report): a misspelt value. Names in sections never
 * entered are not known to be wrong and are not reported.
 */
void mustache_names_check(struct mustache_set *s, struct diag *d);
/*
 * Takes a large rendering's output as it is made: between two items of a
 * section, when out holds at least at bytes, flush(arg, out) is called,
 * and must empty out.
 */
struct mustache_sink {
	size_t at;
	void (*flush)(void *arg, struct buf *out);
	void *arg;
};
/* mustache_render, with out emptied into sink (NULL: none) as it fills. */
int mustache_render_sink(struct mustache_set *s, const char *name,
    const struct tv *data, struct buf *out, const struct mustache_sink *sink,
    struct diag *d);

#endif
