/*
 * jsonw.h: a streaming JSON writer into a struct buf, laid out as jansson's
 * json_dumps(JSON_INDENT(2) | JSON_REAL_PRECISION(15)) lays out a tree: two
 * spaces a level, "key": value, empty containers as {} and [], reals with
 * %.15g (".0" added to a whole number, exponents without '+' or leading
 * zeros), strings escaped as jansson escapes them,
 * UTF-8 kept as it is. Nothing is built in memory but the text itself.
 *
 * In an object, call jw_key() before each value. Nesting is limited to
 * JW_MAX_DEPTH levels (a programming error beyond: further levels are
 * written without the first-item bookkeeping).
 */
#ifndef PODIUM_JSONW_H
#define PODIUM_JSONW_H

#include <stdbool.h>
#include <stdint.h>

#include "util.h"

#define JW_MAX_DEPTH 32

struct jsonw {
	struct buf *b;
	unsigned depth;
	bool after_key;              /* the next value follows "key": */
	bool has_items[JW_MAX_DEPTH]; /* the open container holds an item */
};

void jw_init(struct jsonw *w, struct buf *b);
/*
 * A piece written apart and put in later (pages made over the cores): a
 * writer whose items are written as at depth (the items of the container
 * open at that depth), with no comma before the first; jw_splice puts
 * such a piece (its items) where w stands, with the comma it needs.
 */
void jw_init_at(struct jsonw *w, struct buf *b, unsigned depth);
void jw_splice(struct jsonw *w, const char *piece, size_t n);
void jw_object_begin(struct jsonw *w);
void jw_object_end(struct jsonw *w);
void jw_array_begin(struct jsonw *w);
void jw_array_end(struct jsonw *w);
void jw_key(struct jsonw *w, const char *key);
void jw_string(struct jsonw *w, const char *s);
/* s, or null when s is NULL. */
void jw_string_or_null(struct jsonw *w, const char *s);
void jw_int(struct jsonw *w, long long v);
/* A finite real; NaN and infinities are written as null. */
void jw_real(struct jsonw *w, double v);
void jw_bool(struct jsonw *w, bool v);
void jw_null(struct jsonw *w);

#endif
