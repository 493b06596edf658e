/* template_values.c: template values in a per-thread arena (see template_values.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mustache.h"
#include "template_values.h"
#include "util.h"

/* The thread's values: one arena (util.h) a thread, freed whole by tv_reset(). */
static _Thread_local struct arena values;

static void *
alloc(size_t n)
{
	return arena_alloc_raw(&values, n);
}

void *
tv_alloc(size_t n)
{
	return arena_alloc(&values, n);
}

struct tv_mark
tv_mark(void)
{
	struct arena_mark at = arena_mark(&values);
	struct tv_mark m = {at.block, at.used};

	return m;
}

void
tv_release(struct tv_mark m)
{
	struct arena_mark at = {m.block, m.used};

	arena_release(&values, at);
}

void
tv_reset(void)
{
	struct arena_mark none = {NULL, 0};

	arena_release(&values, none);
}

unsigned
tv_hash_n(const char *k, size_t n)
{
	uint64_t h = hash_bytes(HASH_SEED, k, n);

	return (unsigned)(h ^ h >> 32);
}

unsigned
tv_hash(const char *k)
{
	return tv_hash_n(k, strlen(k));
}

static struct tv *
make(enum tv_type type)
{
	struct tv *v = alloc(sizeof(*v));

	memset(v, 0, sizeof(*v));
	v->type = type;
	return v;
}

struct tv *
tv_null(void)
{
	return make(TV_NULL);
}

struct tv *
tv_bool(bool b)
{
	return make(b ? TV_TRUE : TV_FALSE);
}

struct tv *
tv_int(long long i)
{
	struct tv *v = make(TV_INT);

	v->u.i = i;
	return v;
}

struct tv *
tv_real(double r)
{
	struct tv *v = make(TV_REAL);

	v->u.r = r;
	return v;
}

struct tv *
tv_strn(const char *s, size_t len)
{
	struct tv *v = make(TV_STRING);
	char *c = alloc(len + 1);

	memcpy(c, s, len);
	c[len] = '\0';
	v->u.str.s = c;
	v->u.str.len = len;
	return v;
}

struct tv *
tv_str(const char *s)
{
	return s != NULL ? tv_strn(s, strlen(s)) : tv_null();
}

struct tv *
tv_lit(const char *s)
{
	struct tv *v;

	if (s == NULL)
		return tv_null();
	v = make(TV_STRING);
	v->u.str.s = s;
	v->u.str.len = strlen(s);
	return v;
}

struct tv *
tv_array(void)
{
	return make(TV_ARRAY);
}

/* Objects start with room for 8 keys: most pages' objects need no more. */
struct tv *
tv_object(void)
{
	struct obj_room {
		struct tv v;
		struct tv_pair room[8];
	} *o = alloc(sizeof(*o));

	memset(&o->v, 0, sizeof(o->v));
	o->v.type = TV_OBJECT;
	o->v.u.obj.v = o->room;
	o->v.u.obj.cap = 8;
	return &o->v;
}

struct tv *
tv_list(const struct mustache_list *list)
{
	struct tv *v = make(TV_LIST);

	v->u.list = list;
	return v;
}

/* Room for one more item of size each in *v (n used of *cap). */
static void *
grow(void *v, size_t n, size_t *cap, size_t each)
{
	void *nv;

	if (n < *cap)
		return v;
	*cap = *cap ? *cap * 2 : 8;
	nv = alloc(*cap * each);
	if (n > 0)
		memcpy(nv, v, n * each);
	return nv;
}

void
tv_append(struct tv *a, struct tv *v)
{
	if (a == NULL || a->type != TV_ARRAY)
		return;
	a->u.arr.v = grow(a->u.arr.v, a->u.arr.n, &a->u.arr.cap, sizeof(*a->u.arr.v));
	a->u.arr.v[a->u.arr.n++] = v;
}

/* Adds key k (len bytes, hash h) with v to object o, which has room. */
static void
pair_add(struct tv *o, const char *k, size_t len, unsigned h, struct tv *v)
{
	struct tv_pair *p = &o->u.obj.v[o->u.obj.n++];

	o->keys |= TV_KEY_BIT(h);
	p->key = k;
	p->hash = h;
	p->len = (uint32_t)len;
	p->value = v;
}

bool
tv_pair_is(const struct tv_pair *p, const char *k, size_t len, unsigned hash)
{
	return p->hash == hash && p->len == len && memcmp(p->key, k, len) == 0;
}

struct tv_pair *
tv_pair_find(const struct tv *o, const char *k, size_t len, unsigned hash)
{
	size_t i;

	for (i = 0; i < o->u.obj.n; i++)
		if (tv_pair_is(&o->u.obj.v[i], k, len, hash))
			return &o->u.obj.v[i];
	return NULL;
}

struct tv *
tv_get_hashed(const struct tv *o, const char *k, size_t len, unsigned hash)
{
	const struct tv_pair *p;

	if (o == NULL || o->type != TV_OBJECT || (o->keys & TV_KEY_BIT(hash)) == 0)
		return NULL;
	p = tv_pair_find(o, k, len, hash);
	return p != NULL ? p->value : NULL;
}

void
tv_set_hashed(struct tv *o, const char *k, size_t len, unsigned hash,
    struct tv *v)
{
	struct tv_pair *p;

	if (o == NULL || o->type != TV_OBJECT)
		return;
	if (len > UINT32_MAX)
		abort();
	/* only an object with the key's bit is searched: most keys set are new */
	if ((o->keys & TV_KEY_BIT(hash)) != 0 && (p = tv_pair_find(o, k, len, hash)) != NULL) {
		p->value = v;
		return;
	}
	o->u.obj.v = grow(o->u.obj.v, o->u.obj.n, &o->u.obj.cap, sizeof(*o->u.obj.v));
	pair_add(o, k, len, hash, v);
}

void
tv_add(struct tv *o, const char *k, struct tv *v)
{
	size_t len = strlen(k);

	if (o == NULL || o->type != TV_OBJECT)
		return;
	if (len > UINT32_MAX)
		abort();
	o->u.obj.v = grow(o->u.obj.v, o->u.obj.n, &o->u.obj.cap, sizeof(*o->u.obj.v));
	pair_add(o, k, len, tv_hash_n(k, len), v);
}

void
tv_set(struct tv *o, const char *k, struct tv *v)
{
	size_t len = strlen(k);

	tv_set_hashed(o, k, len, tv_hash_n(k, len), v);
}

void
tv_set_copy(struct tv *o, const char *k, struct tv *v)
{
	size_t len = strlen(k);
	char *key = alloc(len + 1);

	memcpy(key, k, len + 1);
	tv_set_hashed(o, key, len, tv_hash_n(key, len), v);
}

struct tv *
tv_get(const struct tv *o, const char *k)
{
	size_t len = strlen(k);

	return tv_get_hashed(o, k, len, tv_hash_n(k, len));
}

const char *
tv_str_value(const struct tv *v)
{
	return v != NULL && v->type == TV_STRING ? v->u.str.s : NULL;
}

size_t
tv_size(const struct tv *v)
{
	return v != NULL && v->type == TV_ARRAY ? v->u.arr.n : 0;
}

struct tv *
tv_at(const struct tv *v, size_t i)
{
	return i < tv_size(v) ? v->u.arr.v[i] : NULL;
}

/*
 * The tree's hash takes eight bytes a step (hash_bytes takes one: a page's
 * values are some kilobytes, hashed on every rebuild of a preview). Each
 * step is a bijection of the state for a given word, so two inputs that
 * differ in one word never meet.
 */
static uint64_t
mix(uint64_t h, uint64_t w)
{
	h ^= w;
	h *= UINT64_C(0x9e3779b97f4a7c15);
	return h ^ (h >> 29);
}

static uint64_t
mix_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = mix(h, w);
	}
	w = 0;
	memcpy(&w, s, n);
	return mix(h, w ^ ((uint64_t)n << 56));
}

/* A tag for each kind of value and each end, so that no two trees mix to
 * the same words: a length before every string. */
static uint64_t
hash_tag(uint64_t h, unsigned char tag, size_t n)
{
	return mix(mix(h, tag), (uint64_t)n);
}

uint64_t
tv_hash_tree(uint64_t h, const struct tv *v)
{
	const struct mustache_list *l;
	struct tv_mark mark;
	size_t i, n;

	if (v == NULL)
		return hash_tag(h, 'n', 0);
	switch (v->type) {
	case TV_NULL:
	case TV_FALSE:
	case TV_TRUE:
		return hash_tag(h, (unsigned char)('0' + v->type), 0);
	case TV_INT:
		h = hash_tag(h, 'i', 0);
		return mix(h, (uint64_t)v->u.i);
	case TV_REAL:
		h = hash_tag(h, 'r', 0);
		return mix_bytes(h, &v->u.r, sizeof(v->u.r));
	case TV_STRING:
		n = v->u.str.s != NULL ? v->u.str.len : 0;
		h = hash_tag(h, 's', n);
		return n > 0 ? mix_bytes(h, v->u.str.s, n) : h;
	case TV_ARRAY:
		h = hash_tag(h, 'a', v->u.arr.n);
		for (i = 0; i < v->u.arr.n; i++)
			h = tv_hash_tree(h, v->u.arr.v[i]);
		return hash_tag(h, ']', 0);
	case TV_OBJECT:
		h = hash_tag(h, 'o', v->u.obj.n);
		for (i = 0; i < v->u.obj.n; i++) {
			n = v->u.obj.v[i].len;
			h = hash_tag(h, 'k', n);
			h = mix_bytes(h, v->u.obj.v[i].key, n);
			h = tv_hash_tree(h, v->u.obj.v[i].value);
		}
		return hash_tag(h, '}', 0);
	case TV_LIST:
		l = v->u.list;
		h = hash_tag(h, 'l', l->n);
		for (i = 0; i < l->n; i++) {
			mark = tv_mark();
			h = tv_hash_tree(h, l->item(i, l->arg));
			tv_release(mark);
		}
		return hash_tag(h, ')', 0);
	}
	return h;
}
