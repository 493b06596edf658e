/*
 * template_values.h: template values, the data a page is rendered from: null, booleans,
 * integers, reals, strings, arrays, objects, and lists made item by item
 * (struct mustache_list).
 *
 * Values live in the calling thread's value arena: making one allocates
 * there, nothing is freed one by one, and tv_reset() frees everything the
 * thread made at once (a page's whole tree, after it is written).
 * tv_mark()/tv_release() free what was made after a mark, so that a list
 * made item by item holds one item at a time. A value must not be used by
 * another thread, nor after the reset (or release) that freed it.
 *
 * Objects keep their keys in the order set; setting a key again replaces its
 * value. Strings are copied; keys are kept as given (string literals), but
 * by tv_set_copy(). Lookups are linear, hash first: page objects hold
 * a few dozen keys at most.
 */
#ifndef PODIUM_TEMPLATE_VALUES_H
#define PODIUM_TEMPLATE_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

enum tv_type {
	TV_NULL, TV_FALSE, TV_TRUE, TV_INT, TV_REAL, TV_STRING, TV_ARRAY,
	TV_OBJECT, TV_LIST
};

struct mustache_list;
struct tv;

struct tv_pair {
	const char *key;
	unsigned hash;         /* tv_hash_n(key, len) */
	uint32_t len;          /* strlen(key) */
	struct tv *value;
};

struct tv {
	enum tv_type type;
	uint64_t keys;         /* object: a bit per key, TV_KEY_BIT(hash) */
	union {
		long long i;
		double r;
		struct {
			const char *s;
			size_t len;
		} str;
		struct {
			struct tv **v;
			size_t n, cap;
		} arr;
		struct {
			struct tv_pair *v;
			size_t n, cap;
		} obj;
		const struct mustache_list *list;
	} u;
};

struct tv *tv_null(void);
struct tv *tv_bool(bool b);
struct tv *tv_int(long long i);
struct tv *tv_real(double r);
/* A copy of s (NULL gives null). */
struct tv *tv_str(const char *s);
struct tv *tv_strn(const char *s, size_t len);
/* A string value that keeps s itself, not a copy (NULL gives null): s must
 * outlive the value (a string literal, or text of the loaded model). */
struct tv *tv_lit(const char *s);
struct tv *tv_array(void);
struct tv *tv_object(void);
/* n zeroed bytes in the thread's arena, freed with its values. */
void *tv_alloc(size_t n);
/* A list made item by item (see mustache.h); list must outlive the value. */
struct tv *tv_list(const struct mustache_list *list);

/* Appends v to array a. */
void tv_append(struct tv *a, struct tv *v);

/* The hash objects compare keys by before comparing their bytes: of key k
 * of n bytes, and of a NUL-terminated k. */
unsigned tv_hash_n(const char *k, size_t n);
unsigned tv_hash(const char *k);

/* The bit of struct tv's keys for a key of hash h. */
#define TV_KEY_BIT(h) ((uint64_t)1 << ((h) >> 26))

/* Sets key k of object o to v. k is kept, not copied: it must outlive the
 * value (a string literal). Setting a key again replaces its value. */
void tv_set(struct tv *o, const char *k, struct tv *v);
/* tv_set for a key o does not hold yet (not looked for: an object of a
 * few hundred keys, made key by key, is not searched a few hundred times). */
void tv_add(struct tv *o, const char *k, struct tv *v);
/* tv_set with k's length and hash given. */
void tv_set_hashed(struct tv *o, const char *k, size_t len, unsigned hash,
    struct tv *v);
/* The same with a copy of k, for keys that do not last (read from data). */
void tv_set_copy(struct tv *o, const char *k, struct tv *v);
/* The value of key k, or NULL (also when o is not an object). */
struct tv *tv_get(const struct tv *o, const char *k);
/* Whether pair p holds key k (len bytes, tv_hash_n() hash). */
bool tv_pair_is(const struct tv_pair *p, const char *k, size_t len, unsigned hash);
/* The pair of object o holding key k (len bytes, hash), or NULL. */
struct tv_pair *tv_pair_find(const struct tv *o, const char *k, size_t len,
    unsigned hash);
/* The value of key k of len bytes whose tv_hash_n() is known (the parts of
 * a template's dotted names after the first), or NULL. */
struct tv *tv_get_hashed(const struct tv *o, const char *k, size_t len,
    unsigned hash);
/* The string's text, or NULL when v is not a string. */
const char *tv_str_value(const struct tv *v);
/* The number of items of an array (0 for anything else). */
size_t tv_size(const struct tv *v);
/* Item i of an array, or NULL. */
struct tv *tv_at(const struct tv *v, size_t i);

/* Where the thread's arena is now, for tv_release(). */
struct tv_mark {
	void *block;
	size_t used;
};
struct tv_mark tv_mark(void);
/* Frees what the thread made since mark. */
void tv_release(struct tv_mark mark);
/* Frees everything the thread made. */
void tv_reset(void);

/*
 * v's whole tree mixed into h: the same values give the same
 * hash, whatever arena they are in; a list made item by item is made here
 * too, an item at a time (freed after each, as a render frees it). What
 * a render makes of v depends on nothing else but the templates.
 */
uint64_t tv_hash_tree(uint64_t h, const struct tv *v);

#endif
