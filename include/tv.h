/*
 * tv.h: template values, the data a page is rendered from: null, booleans,
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
#ifndef PODIUM_TV_H
#define PODIUM_TV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/*
 * The hash objects compare keys by before comparing their bytes, of key k
 * of n bytes: its first and last eight bytes (or four, or three of its
 * bytes) with its length, mixed. In line, so that for a string literal
 * (every key the pages set) the compiler works it out: n is then a
 * constant, and so are the loads.
 */
static inline unsigned
tv_hash_n(const char *k, size_t n)
{
	uint64_t a, b, h;
	uint32_t x, y;

	if (n >= 8) {
		memcpy(&a, k, 8);
		memcpy(&b, k + n - 8, 8);
	} else if (n >= 4) {
		memcpy(&x, k, 4);
		memcpy(&y, k + n - 4, 4);
		a = x;
		b = y;
	} else {
		a = n == 0 ? 0 : (uint64_t)(unsigned char)k[0] |
		    (uint64_t)(unsigned char)k[n / 2] << 8 |
		    (uint64_t)(unsigned char)k[n - 1] << 16;
		b = 0;
	}
	h = a * 0x9e3779b97f4a7c15u ^ (b + n) * 0xc2b2ae3d27d4eb4fu;
	h ^= h >> 31;
	h *= 0x94d049bb133111ebu;
	return (unsigned)(h >> 32);
}

static inline unsigned
tv_hash(const char *k)
{
	return tv_hash_n(k, strlen(k));
}

/* tv_set with k's length and hash given. */
void tv_set_hashed(struct tv *o, const char *k, size_t len, unsigned hash,
    struct tv *v);

/* The bit of struct tv's keys for a key of hash h. */
#define TV_KEY_BIT(h) ((uint64_t)1 << ((h) >> 26))

/*
 * Sets key k of object o to v. k is kept, not copied: it must outlive the
 * value (a string literal). In line, for most keys set are new to their
 * object (no key of the same bit) and fit its room: those are added here,
 * the rest by tv_set_hashed().
 */
/* Adds key k (len bytes, hash h) with v to object o, which has room. */
static inline void
tv_pair_add(struct tv *o, const char *k, size_t len, unsigned h, struct tv *v)
{
	struct tv_pair *p = &o->u.obj.v[o->u.obj.n++];

	o->keys |= TV_KEY_BIT(h);
	p->key = k;
	p->hash = h;
	p->len = (uint32_t)len;
	p->value = v;
}

static inline void
tv_set(struct tv *o, const char *k, struct tv *v)
{
	size_t n = strlen(k);
	unsigned h = tv_hash_n(k, n);

	if (o != NULL && o->type == TV_OBJECT && (o->keys & TV_KEY_BIT(h)) == 0 &&
	    o->u.obj.n < o->u.obj.cap && n <= UINT32_MAX) {
		tv_pair_add(o, k, n, h, v);
		return;
	}
	tv_set_hashed(o, k, n, h, v);
}
/* The same with a copy of k, for keys that do not last (read from data). */
void tv_set_copy(struct tv *o, const char *k, struct tv *v);
/* The value of key k, or NULL (also when o is not an object). */
struct tv *tv_get(const struct tv *o, const char *k);

/*
 * Two keys of n bytes each (short, and nearly always equal when their
 * hashes are) compared in line: a key of up to 16 bytes in two loads each.
 */
static inline bool
tv_key_eq(const char *a, const char *b, size_t n)
{
	uint64_t a0, a1, b0, b1;
	uint32_t c0, c1, d0, d1;

	if (n >= 8 && n <= 16) {
		memcpy(&a0, a, 8);
		memcpy(&b0, b, 8);
		memcpy(&a1, a + n - 8, 8);
		memcpy(&b1, b + n - 8, 8);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	if (n >= 4 && n < 8) {
		memcpy(&c0, a, 4);
		memcpy(&d0, b, 4);
		memcpy(&c1, a + n - 4, 4);
		memcpy(&d1, b + n - 4, 4);
		return ((c0 ^ d0) | (c1 ^ d1)) == 0;
	}
	return memcmp(a, b, n) == 0;
}

/* Whether pair p holds key k (len bytes, tv_hash_n() hash). */
static inline bool
tv_pair_is(const struct tv_pair *p, const char *k, size_t len, unsigned hash)
{
	return p->hash == hash && p->len == len && tv_key_eq(p->key, k, len);
}

/* The pair of object o holding key k (len bytes, hash), or NULL. */
static inline struct tv_pair *
tv_pair_find(const struct tv *o, const char *k, size_t len, unsigned hash)
{
	size_t i;

	for (i = 0; i < o->u.obj.n; i++)
		if (tv_pair_is(&o->u.obj.v[i], k, len, hash))
			return &o->u.obj.v[i];
	return NULL;
}

/*
 * The value of key k of len bytes, whose tv_hash_n() is known (the parts
 * of a template's dotted names after the first), or NULL. In line: most
 * asks end at the key bit.
 */
static inline struct tv *
tv_get_hashed(const struct tv *o, const char *k, size_t len, unsigned hash)
{
	const struct tv_pair *p;

	if (o == NULL || o->type != TV_OBJECT || (o->keys & TV_KEY_BIT(hash)) == 0)
		return NULL;
	p = tv_pair_find(o, k, len, hash);
	return p != NULL ? p->value : NULL;
}
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

#endif
