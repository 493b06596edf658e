/* load_value.c: typed fields of the content, each checked with a diagnostic at its node. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define SHOWN_MAX 40

struct pos
node_pos(const struct loader *l, const char *file, const struct ynode *n)
{
	struct pos p = {file, 0, 0};

	(void)l;
	if (n != NULL) {
		p.line = n->line;
		p.col = n->col;
	}
	return p;
}

struct text_origin
text_origin_of(struct loader *l, const struct ynode *n)
{
	struct text_origin o;

	memset(&o, 0, sizeof(o));
	if (n == NULL)
		return o;
	o.line = n->line;
	o.col = n->col;
	o.style = n->style;
	if (n->src != NULL) {
		o.src = arena_strndup(l->a, n->src, n->src_len);
		o.src_len = n->src_len;
	}
	return o;
}

/* Returns the text of n for a message (in the arena): control bytes as '?',
 * cut at SHOWN_MAX bytes on a character boundary. */
const char *
shown(struct loader *l, const struct ynode *n)
{
	struct buf b = BUF_INIT;
	const char *s;
	char *out;
	size_t i;

	if (n->kind != YNODE_SCALAR)
		return ynode_kind_name(n);
	s = n->str;
	for (i = 0; i < n->len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (i >= SHOWN_MAX && !utf8_continues((char)c)) {
			buf_puts(&b, "...");
			break;
		}
		buf_putc(&b, c < 0x20 || c == 0x7f ? '?' : (char)c);
	}
	out = arena_strdup(l->a, b.data);
	buf_release(&b);
	return out;
}

static void
bad(struct loader *l, const char *file, const struct ynode *n, const char *what,
    const char *expected)
{
	if (n->kind == YNODE_SCALAR)
		diag_error(l->d, file, n->line, n->col, "'%s' must be %s, not '%s'",
		    what, expected, shown(l, n));
	else
		diag_error(l->d, file, n->line, n->col, "'%s' must be %s, not %s",
		    what, expected, ynode_kind_name(n));
}

const char *
closest_id(const char *s, const char *const *ids, size_t n)
{
	const char *guess = NULL;
	size_t best = 3, d, i, ls = strlen(s), li;

	for (i = 0; i < n; i++) {
		d = edit_distance(s, ids[i], 2);
		li = strlen(ids[i]);
		/* as many edits as the shorter has letters is no likeness
		 * ("xy" and "at", "" and "id") */
		if (d < best && d < (ls < li ? ls : li)) {
			best = d;
			guess = ids[i];
		}
	}
	return guess;
}

void
check_keys(struct loader *l, const char *file, const struct ynode *map,
    const char *const *known)
{
	size_t i, k;
	const char *guess;

	for (i = 0; i < map->npairs; i++) {
		const struct ynode *key = map->pairs[i].key;

		if (map->pairs[i].duplicate)
			continue;
		for (k = 0; known[k] != NULL; k++)
			if (known[k][0] == key->str[0] && strlen(known[k]) == key->len &&
			    memcmp(known[k], key->str, key->len) == 0)
				break;
		if (known[k] != NULL)
			continue;
		/* only an unknown key pays for the guess */
		while (known[k] != NULL)
			k++;
		if ((guess = closest_id(key->str, known, k)) != NULL)
			diag_error(l->d, file, key->line, key->col,
			    "unknown key '%s' (did you mean '%s'?)", shown(l, key), guess);
		else
			diag_error(l->d, file, key->line, key->col, "unknown key '%s'",
			    shown(l, key));
	}
}

struct ynode *
need(struct loader *l, const char *file, const struct ynode *map, const char *key)
{
	struct ynode *v = ynode_get(map, key);

	if (v == NULL)
		diag_error(l->d, file, map->line, map->col, "missing required key '%s'", key);
	else if (ynode_is_null(v)) {
		diag_error(l->d, file, v->line, v->col, "'%s' needs a value", key);
		v = NULL;
	}
	return v;
}

struct ynode *
given(struct loader *l, const char *file, const struct ynode *map, const char *key,
    const char *expected)
{
	struct ynode *v = ynode_get(map, key);

	if (v != NULL && ynode_is_null(v)) {
		diag_error(l->d, file, v->line, v->col,
		    "'%s' has no value: write %s, or leave the key out", key, expected);
		return NULL;
	}
	return v;
}

bool
expect_map(struct loader *l, const char *file, const struct ynode *n, const char *what)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_MAP) {
		bad(l, file, n, what, "a mapping");
		return false;
	}
	return true;
}

bool
expect_seq(struct loader *l, const char *file, const struct ynode *n, const char *what)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SEQ) {
		bad(l, file, n, what, "a sequence");
		return false;
	}
	return true;
}

bool
get_str(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR) {
		bad(l, file, n, what, "a string");
		return false;
	}
	if (n->len == 0 || ynode_is_null(n)) {
		diag_error(l->d, file, n->line, n->col, "'%s' must not be empty", what);
		return false;
	}
	*out = arena_strndup(l->a, n->str, n->len);
	return true;
}

bool
get_id(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR || !id_valid(n->str)) {
		bad(l, file, n, what, "an id ([a-z0-9][a-z0-9._-]*)");
		return false;
	}
	*out = arena_strndup(l->a, n->str, n->len);
	return true;
}

bool
get_bool(struct loader *l, const char *file, const struct ynode *n,
    const char *what, bool *out)
{
	if (n == NULL)
		return false;
	if (n->kind == YNODE_SCALAR && n->plain && strcmp(n->str, "true") == 0)
		*out = true;
	else if (n->kind == YNODE_SCALAR && n->plain && strcmp(n->str, "false") == 0)
		*out = false;
	else {
		bad(l, file, n, what, "true or false");
		return false;
	}
	return true;
}

bool
get_long(struct loader *l, const char *file, const struct ynode *n,
    const char *what, long min, long max, long *out)
{
	char expected[96];
	char *end;
	long v;

	if (n == NULL)
		return false;
	snprintf(expected, sizeof(expected), "a whole number from %ld to %ld", min, max);
	if (n->kind != YNODE_SCALAR || !n->plain || n->len == 0) {
		bad(l, file, n, what, expected);
		return false;
	}
	errno = 0;
	v = strtol(n->str, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max ||
	    !(n->str[0] == '-' || (n->str[0] >= '0' && n->str[0] <= '9'))) {
		bad(l, file, n, what, expected);
		return false;
	}
	*out = v;
	return true;
}

bool
get_number(struct loader *l, const char *file, const struct ynode *n,
    const char *what, double min, double max, double *out)
{
	char expected[96];
	char *end;
	double v;
	size_t i;

	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR || !n->plain || n->len == 0)
		goto refuse;
	/* decimal only: no hex, inf or nan that strtod would take */
	for (i = 0; i < n->len; i++)
		if (strchr("0123456789+-.eE", n->str[i]) == NULL)
			goto refuse;
	errno = 0;
	v = strtod(n->str, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		goto refuse;
	if (v < min || v > max)
		goto refuse;
	*out = v;
	return true;
refuse:
	snprintf(expected, sizeof(expected), "a number from %g to %g", min, max);
	bad(l, file, n, what, expected);
	return false;
}

bool
get_date(struct loader *l, const char *file, const struct ynode *n,
    const char *what, pdate *out)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR || !date_parse(n->str, out)) {
		bad(l, file, n, what, "a real date YYYY-MM-DD");
		return false;
	}
	return true;
}

bool
get_duration(struct loader *l, const char *file, const struct ynode *n,
    const char *what, int64_t *out)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR || !duration_parse(n->str, out)) {
		bad(l, file, n, what, "a duration like 90s, 24m, 8h40m or 2d");
		return false;
	}
	return true;
}

bool
get_timestamp(struct loader *l, const char *file, const struct ynode *n,
    const char *what, int64_t *out)
{
	if (n == NULL)
		return false;
	if (n->kind != YNODE_SCALAR || !timestamp_parse(n->str, out)) {
		bad(l, file, n, what, "a timestamp m:ss or h:mm:ss");
		return false;
	}
	return true;
}

bool
get_url(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out)
{
	char guess[256];

	if (n == NULL)
		return false;
	if (n->kind == YNODE_SCALAR && !url_absolute(n->str) &&
	    url_guess(n->str, guess, sizeof(guess))) {
		diag_error(l->d, file, n->line, n->col,
		    "'%s' must be an http(s) or mailto url, not '%s' (did you mean '%s'?)",
		    what, shown(l, n), guess);
		return false;
	}
	if (n->kind != YNODE_SCALAR || !url_absolute(n->str)) {
		bad(l, file, n, what, "an http(s) or mailto url");
		return false;
	}
	if (url_has_userinfo(n->str)) {
		diag_error(l->d, file, n->line, n->col,
		    "'%s' must not hold a user name or password ('user@' before the host): "
		    "it would be published", what);
		return false;
	}
	*out = arena_strndup(l->a, n->str, n->len);
	return true;
}

/* The i-th of count names, stride bytes apart. */
#define NAME_AT(first, stride, i) \
	(*(const char *const *)(const void *)((const char *)(first) + (size_t)(i) * (stride)))

bool
get_enum(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char *const *names, int *out)
{
	size_t count = 0;

	while (names[count] != NULL)
		count++;
	return get_enum_of(l, file, n, what, names, sizeof(*names), count, out);
}

bool
get_enum_of(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char *const *first, size_t stride, size_t count, int *out)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (n == NULL)
		return false;
	for (i = 0; n->kind == YNODE_SCALAR && i < count; i++)
		if (strcmp(n->str, NAME_AT(first, stride, i)) == 0) {
			*out = (int)i;
			return true;
		}
	for (i = 0; i < count; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", NAME_AT(first, stride, i));
	if (n->kind == YNODE_SCALAR)
		diag_error(l->d, file, n->line, n->col, "unknown %s '%s' (one of: %s)",
		    what, shown(l, n), b.data);
	else
		diag_error(l->d, file, n->line, n->col, "'%s' must be one of: %s, not %s",
		    what, b.data, ynode_kind_name(n));
	buf_release(&b);
	return false;
}

bool
get_strv(struct loader *l, const char *file, const struct ynode *n,
    const char *what, bool ids, const char ***out, size_t *count)
{
	const char **v;
	size_t i, k = 0;
	bool ok = true;

	if (!expect_seq(l, file, n, what))
		return false;
	v = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*v));
	for (i = 0; i < n->nitems; i++) {
		if (ids ? get_id(l, file, n->items[i], what, &v[k]) :
		    get_str(l, file, n->items[i], what, &v[k]))
			k++;
		else
			ok = false;
	}
	*out = v;
	*count = k;
	return ok;
}

const struct source *
ref_source(struct loader *l, const char *file, const struct ynode *n)
{
	const struct source *s;

	if (n == NULL)
		return NULL;
	if (n->kind != YNODE_SCALAR) {
		bad(l, file, n, "source", "a source id");
		return NULL;
	}
	if ((s = project_source(l->p, n->str)) == NULL && !l->sources_failed)
		diag_error(l->d, file, n->line, n->col,
		    "unknown source '%s' (not in content/sources.yaml)", shown(l, n));
	return s;
}

struct idref {
	const char *id;
	size_t idx;
};

static int
idref_cmp(const void *a, const void *b)
{
	const struct idref *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	if (c != 0)
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/*
 * For each i, first[i] = the index of the earliest item with the same id as
 * ids[i], or SIZE_MAX when ids[i] is the first (or NULL). O(n log n), so that
 * a hostile file of many items cannot make the check hang.
 */
void
ids_first_dup(const char *const *ids, size_t n, size_t *first)
{
	struct idref *v = xmalloc((n ? n : 1) * sizeof(*v));
	size_t i, m = 0, head = 0;

	for (i = 0; i < n; i++) {
		first[i] = SIZE_MAX;
		if (ids[i] != NULL) {
			v[m].id = ids[i];
			v[m++].idx = i;
		}
	}
	qsort(v, m, sizeof(*v), idref_cmp);
	for (i = 1; i < m; i++) {
		if (strcmp(v[i].id, v[head].id) != 0)
			head = i;
		else
			first[v[i].idx] = v[head].idx;
	}
	free(v);
}

bool
get_textv(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char ***out, struct text_origin **at, size_t *count)
{
	bool ok = get_strv(l, file, n, what, false, out, count);
	struct text_origin *v;
	size_t i, k = 0;

	v = arena_array(l->a, *count ? *count : 1, sizeof(*v));
	/* the items get_strv kept: the non-empty scalars */
	for (i = 0; n != NULL && n->kind == YNODE_SEQ && i < n->nitems && k < *count; i++) {
		const struct ynode *it = n->items[i];

		if (it->kind == YNODE_SCALAR && it->len > 0 && !ynode_is_null(it))
			v[k++] = text_origin_of(l, it);
	}
	*at = v;
	return ok;
}
