/* tv.c: template values in a per-thread arena (see tv.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tv.h"
#include "util.h"

#define BLOCK 16384

struct block {
	struct block *prev;
	size_t size, used;
	max_align_t data[];
};

static _Thread_local struct block *head;

static void *
alloc(size_t n)
{
	const size_t align = sizeof(max_align_t);
	struct block *b = head;
	size_t size;
	void *p;

	if (n > SIZE_MAX / 2)
		abort();
	n = (n + align - 1) / align * align;
	if (b == NULL || b->size - b->used < n) {
		size = n > BLOCK ? n : BLOCK;
		b = xmalloc(sizeof(*b) + size);
		b->prev = head;
		b->size = size;
		b->used = 0;
		head = b;
	}
	p = (char *)b->data + b->used;
	b->used += n;
	return p;
}

void *
tv_alloc(size_t n)
{
	void *p = alloc(n);

	memset(p, 0, n);
	return p;
}

struct tv_mark
tv_mark(void)
{
	struct tv_mark m = {head, head != NULL ? head->used : 0};

	return m;
}

void
tv_release(struct tv_mark m)
{
	struct block *b;

	while (head != NULL && head != m.block) {
		b = head;
		head = b->prev;
		free(b);
	}
	if (head != NULL)
		head->used = m.used;
}

void
tv_reset(void)
{
	struct tv_mark none = {NULL, 0};

	tv_release(none);
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

/* Objects start with room for 8 keys, so that tv_set() adds most keys in
 * line (see tv.h). */
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
	tv_pair_add(o, k, len, hash, v);
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
