/* scalar_pos.c: a place in a YAML scalar's value, found again in its source (see scalar_pos.h). */
#include <stdlib.h>
#include <string.h>

#include "scalar_pos.h"
#include "util.h"

/* The bytes of the UTF-8 character led by c (a stray byte: 1). */
static size_t
char_len(unsigned char c)
{
	if (c >= 0xf0)
		return 4;
	if (c >= 0xe0)
		return 3;
	if (c >= 0xc0)
		return 2;
	return 1;
}

/* Where the value's first character can be: after the opening quote, or on
 * the line after a block scalar's header ("|2-  # comment"). */
static size_t
body_start(const char *src, size_t slen, enum scalar_style style)
{
	const char *nl;

	switch (style) {
	case SCALAR_SINGLE:
	case SCALAR_DOUBLE:
		return slen > 0 && (src[0] == '\'' || src[0] == '"');
	case SCALAR_LITERAL:
	case SCALAR_FOLDED:
		nl = memchr(src, '\n', slen);
		return nl != NULL ? (size_t)(nl - src) + 1 : slen;
	case SCALAR_PLAIN:
		break;
	}
	return 0;
}

/* The bytes of the double-quoted escape at src[j] (a backslash). */
static size_t
escape_len(const char *src, size_t slen, size_t j)
{
	size_t n = 2;

	if (j + 1 < slen) {
		switch (src[j + 1]) {
		case 'x': n = 4; break;
		case 'u': n = 6; break;
		case 'U': n = 10; break;
		default: n = 1 + char_len((unsigned char)src[j + 1]); break;
		}
	}
	return n < slen - j ? n : slen - j;
}

static size_t
skip_blanks(const char *src, size_t slen, size_t j)
{
	while (j < slen && (src[j] == ' ' || src[j] == '\t'))
		j++;
	return j;
}

/*
 * Matches the value's character v (n bytes) from source byte j on: sets
 * *at to where it was written and returns the source byte after it. What
 * cannot have made it (indentation, a line break folded away, a quote) is
 * skipped.
 */
static size_t
match_char(const char *src, size_t slen, enum scalar_style style, size_t j,
    const char *v, size_t n, size_t *at)
{
	while (j < slen) {
		char s = src[j];

		if (style == SCALAR_DOUBLE && s == '\\') {
			if (j + 1 < slen && (src[j + 1] == '\n' || src[j + 1] == '\r')) {
				/* an escaped line break makes nothing */
				j += 2;
				if (src[j - 1] == '\r' && j < slen && src[j] == '\n')
					j++;
				j = skip_blanks(src, slen, j);
				continue;
			}
			*at = j;
			return j + escape_len(src, slen, j);
		}
		if (style == SCALAR_SINGLE && s == '\'' && n == 1 && v[0] == '\'' &&
		    j + 1 < slen && src[j + 1] == '\'') {
			*at = j;
			return j + 2;
		}
		if (n <= slen - j && memcmp(src + j, v, n) == 0) {
			*at = j;
			return j + n;
		}
		if (n == 1 && v[0] == ' ' && s == '\n' && style != SCALAR_LITERAL) {
			/* a line break folded into a space, with the next line's indentation */
			*at = j;
			return skip_blanks(src, slen, j + 1);
		}
		j++;
	}
	*at = slen;
	return slen;
}

/* An alignment under way: value bytes before i matched, source bytes before j used. */
struct walk {
	const char *src, *value;
	size_t slen, vlen, i, j;
	enum scalar_style style;
};

static void
walk_init(struct walk *w, const char *src, size_t slen, enum scalar_style style,
    const char *value, size_t vlen)
{
	w->src = src;
	w->slen = slen;
	w->style = style;
	w->value = value;
	w->vlen = vlen;
	w->i = 0;
	w->j = body_start(src, slen, style);
}

/* The source offset of the value's byte voff (not before the walk's place). */
static size_t
walk_to(struct walk *w, size_t voff)
{
	size_t n, at;

	for (;;) {
		if (w->i >= w->vlen)
			return w->j < w->slen ? w->j : w->slen;
		n = char_len((unsigned char)w->value[w->i]);
		if (n > w->vlen - w->i)
			n = w->vlen - w->i;
		if (w->i >= voff || w->i + n > voff) {
			/* the character asked for: matched, the walk stays before it */
			match_char(w->src, w->slen, w->style, w->j, w->value + w->i, n, &at);
			return at;
		}
		w->j = match_char(w->src, w->slen, w->style, w->j, w->value + w->i, n, &at);
		w->i += n;
	}
}

size_t
scalar_pos(const char *src, size_t slen, enum scalar_style style,
    const char *value, size_t vlen, size_t voff)
{
	struct walk w;

	walk_init(&w, src, slen, style, value, vlen);
	return walk_to(&w, voff > vlen ? vlen : voff);
}

struct place {
	unsigned line, col;
	size_t k;   /* the request's index */
};

static int
place_cmp(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->k < y->k ? -1 : x->k > y->k;
}

void
text_origin_map(const struct text_origin *o, const char *text, size_t vlen,
    size_t n, unsigned *lines, unsigned *cols)
{
	struct place *pl;
	struct walk w;
	size_t q, off = 0, soff, k = 0;
	unsigned vl = 1, vc = 1, nl = 0, chars = 0;

	if (o == NULL || o->line == 0 || n == 0)
		return;
	pl = xcalloc(n, sizeof(*pl));
	for (q = 0; q < n; q++) {
		pl[q].line = lines[q];
		pl[q].col = cols[q];
		pl[q].k = q;
	}
	/* in the value's order, so that one walk serves every place */
	qsort(pl, n, sizeof(*pl), place_cmp);
	if (o->src != NULL)
		walk_init(&w, o->src, o->src_len, o->style, text, vlen);
	for (q = 0; q < n; q++) {
		unsigned *line = &lines[pl[q].k], *col = &cols[pl[q].k];

		if (pl[q].line == 0)
			continue;
		/* the value's byte at line:col (columns in characters) */
		while (vl < pl[q].line && off < vlen) {
			if (text[off++] == '\n') {
				vl++;
				vc = 1;
			}
		}
		if (vl < pl[q].line)
			vc = 1;
		for (; vc < pl[q].col && off < vlen && text[off] != '\n'; vc++)
			off += char_len((unsigned char)text[off]);
		if (off > vlen)
			off = vlen;
		if (o->src == NULL) {
			*line = o->line + pl[q].line - 1;
			*col = pl[q].line == 1 ? o->col + pl[q].col - 1 : pl[q].col;
			continue;
		}
		soff = walk_to(&w, off);
		for (; k < soff && k < o->src_len; k++) {
			if (o->src[k] == '\n') {
				nl++;
				chars = 0;
			} else if (((unsigned char)o->src[k] & 0xc0) != 0x80)
				chars++;
		}
		*line = o->line + nl;
		*col = nl > 0 ? 1 + chars : o->col + chars;
	}
	free(pl);
}
