/*
 * collate.c: ranks names by ICU collation in a language. Each name's sort
 * key is made once, so the sort itself compares bytes and needs no
 * collator (qsort passes no context); the collator is opened and closed
 * in each call, so no state is shared between threads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "collate.h"
#include "util.h"

struct ckey {
	uint8_t *key;     /* the collation sort key, NUL-terminated */
	const char *tie;  /* compared in byte order when the keys are equal */
	size_t i;         /* index into the caller's arrays */
};

static UCollator *
collator_open(const char *language)
{
	UErrorCode e = U_ZERO_ERROR;
	char loc[64] = "";
	UCollator *co;

	if (language != NULL) {
		uloc_forLanguageTag(language, loc, sizeof(loc), NULL, &e);
		if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING)
			loc[0] = '\0';
	}
	e = U_ZERO_ERROR;
	co = ucol_open(loc, &e);
	if (U_FAILURE(e)) {
		e = U_ZERO_ERROR;
		co = ucol_open("", &e);
	}
	return U_SUCCESS(e) ? co : NULL;
}

/* The sort key of s (UTF-8), malloc'd; without a collator, s's bytes. */
static uint8_t *
sort_key(const UCollator *co, const char *s)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t ulen = 0, klen;
	UChar *u;
	uint8_t *k;

	u_strFromUTF8(NULL, 0, &ulen, s, -1, &e);
	e = U_ZERO_ERROR;
	u = xcalloc((size_t)ulen + 1, sizeof(*u));
	u_strFromUTF8(u, ulen + 1, NULL, s, -1, &e);
	if (co == NULL || U_FAILURE(e)) {
		free(u);
		return (uint8_t *)xstrdup(s);
	}
	klen = ucol_getSortKey(co, u, ulen, NULL, 0);
	k = xmalloc((size_t)klen + 1);
	ucol_getSortKey(co, u, ulen, k, klen + 1);
	k[klen] = '\0';
	free(u);
	return k;
}

static int
ckey_cmp(const void *a, const void *b)
{
	const struct ckey *x = a, *y = b;
	int r = strcmp((const char *)x->key, (const char *)y->key);

	if (r == 0)
		r = strcmp(x->tie, y->tie);
	return r != 0 ? r : (x->i > y->i) - (x->i < y->i);
}

void
collate_rank(const char *language, const char *const *keys,
    const char *const *ties, size_t n, size_t *rank)
{
	UCollator *co = collator_open(language);
	struct ckey *v = xcalloc(n ? n : 1, sizeof(*v));
	size_t i;

	for (i = 0; i < n; i++) {
		v[i].key = sort_key(co, keys[i] != NULL ? keys[i] : "");
		v[i].tie = ties[i] != NULL ? ties[i] : "";
		v[i].i = i;
	}
	qsort(v, n, sizeof(*v), ckey_cmp);
	for (i = 0; i < n; i++) {
		rank[v[i].i] = i;
		free(v[i].key);
	}
	free(v);
	if (co != NULL)
		ucol_close(co);
}
