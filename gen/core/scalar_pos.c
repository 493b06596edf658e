/* scalar_pos.c: a place in a YAML scalar's value, found again in its source (see scalar_pos.h). */
#include <string.h>

#include "scalar_pos.h"

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

size_t
scalar_pos(const char *src, size_t slen, enum scalar_style style,
    const char *value, size_t vlen, size_t voff)
{
	size_t i = 0, j = body_start(src, slen, style), at = j, n;

	if (voff > vlen)
		voff = vlen;
	for (;;) {
		if (i >= vlen)
			return j < slen ? j : slen;
		n = char_len((unsigned char)value[i]);
		if (n > vlen - i)
			n = vlen - i;
		j = match_char(src, slen, style, j, value + i, n, &at);
		if (i >= voff || i + n > voff)
			return at;
		i += n;
	}
}

void
text_origin_map(const struct text_origin *o, const char *text, size_t vlen,
    unsigned vline, unsigned vcol, unsigned *line, unsigned *col)
{
	size_t off = 0, k, soff;
	unsigned l = 1, c, nl = 0, chars = 0;

	*line = vline;
	*col = vcol;
	if (o == NULL || o->line == 0 || vline == 0)
		return;
	/* the value's byte at vline:vcol */
	while (l < vline && off < vlen) {
		if (text[off++] == '\n')
			l++;
	}
	for (c = 1; c < vcol && off < vlen && text[off] != '\n'; c++)
		off += char_len((unsigned char)text[off]);
	if (off > vlen)
		off = vlen;
	if (o->src == NULL) {
		*line = o->line + vline - 1;
		*col = vline == 1 ? o->col + vcol - 1 : vcol;
		return;
	}
	soff = scalar_pos(o->src, o->src_len, o->style, text, vlen, off);
	for (k = 0; k < soff; k++) {
		if (o->src[k] == '\n') {
			nl++;
			chars = 0;
		} else if (((unsigned char)o->src[k] & 0xc0) != 0x80)
			chars++;
	}
	*line = o->line + nl;
	*col = nl > 0 ? 1 + chars : o->col + chars;
}
