/*
 * escape.c: escaping for each place a string can go (see escape.h).
 * Each function copies runs of safe bytes in one piece and deals with the
 * rest one byte (or one two-byte C1 control) at a time.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "escape.h"
#include "parse.h"

static const char hexdigits[] = "0123456789ABCDEF";

/* Bytes a control drop applies to: C0 (but those kept), DEL. */
static bool
is_dropped_c0(unsigned char c, bool keep_space_controls)
{
	if (c == 0x7f)
		return true;
	if (c >= 0x20)
		return false;
	return !(keep_space_controls && (c == '\t' || c == '\n'));
}

/* A C1 control (U+0080..U+009F) is C2 80..C2 9F in UTF-8. */
static bool
is_c1(const unsigned char *s, size_t i, size_t n)
{
	return s[i] == 0xc2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f;
}

/* U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not characters in XML. */
static bool
is_nonchar(const unsigned char *s, size_t i, size_t n)
{
	return s[i] == 0xef && i + 2 < n && s[i + 1] == 0xbf &&
	    (s[i + 2] == 0xbe || s[i + 2] == 0xbf);
}

static const char *
markup_entity(unsigned char c)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	case '\'':
		return "&#39;";
	default:
		return NULL;
	}
}

/*
 * What esc_markup() must look at in a byte: 0 nothing (copied in runs),
 * else a possible entity or dropped or leading byte, settled one by one.
 */
static const unsigned char markup_class[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1,
	[0x06] = 1, [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1,
	[0x0c] = 1, [0x0d] = 1, [0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1,
	[0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
	[0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1, [0x1c] = 1, [0x1d] = 1,
	[0x1e] = 1, [0x1f] = 1, ['&'] = 1, ['<'] = 1, ['>'] = 1, ['"'] = 1,
	['\''] = 1, [0x7f] = 1, [0xc2] = 1, [0xef] = 1,
};

/*
 * The first byte at or after i that markup_class marks, or n. With SSE2,
 * sixteen bytes a step: a C0 control (at most 0x1f), or one of the seven
 * other marked bytes.
 */
static size_t
markup_next(const unsigned char *s, size_t i, size_t n)
{
#ifdef __SSE2__
	const __m128i c0 = _mm_set1_epi8(0x1f), amp = _mm_set1_epi8('&'),
	    lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'),
	    quot = _mm_set1_epi8('"'), apos = _mm_set1_epi8('\''),
	    del = _mm_set1_epi8(0x7f), c2 = _mm_set1_epi8((char)0xc2),
	    ef = _mm_set1_epi8((char)0xef);

	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i m = _mm_cmpeq_epi8(_mm_max_epu8(v, c0), c0);
		unsigned bits;

		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, amp),
		    _mm_cmpeq_epi8(v, lt)));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, gt),
		    _mm_cmpeq_epi8(v, quot)));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, apos),
		    _mm_cmpeq_epi8(v, del)));
		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, c2),
		    _mm_cmpeq_epi8(v, ef)));
		if ((bits = (unsigned)_mm_movemask_epi8(m)) != 0)
			return i + (size_t)__builtin_ctz(bits);
	}
#endif
	while (i < n && markup_class[s[i]] == 0)
		i++;
	return i;
}

static void
esc_markup(struct buf *b, const char *str, size_t n, bool xml)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0;
	const char *ent;

	if (n >= b->cap - b->len)
		buf_grow(b, n);
	while (i < n) {
		unsigned char c;
		size_t skip = 0;

		if ((i = markup_next(s, i, n)) >= n)
			break;
		c = s[i];
		ent = markup_entity(c);
		if (ent == NULL) {
			if (is_dropped_c0(c, !xml))
				skip = 1;
			else if (c >= 0xc2 && is_c1(s, i, n))
				skip = 2;
			else if (xml && c == 0xef && is_nonchar(s, i, n))
				skip = 3;
		}
		if (ent == NULL && skip == 0) {
			i++;
			continue;
		}
		buf_add(b, str + run, i - run);
		if (ent != NULL) {
			buf_puts(b, ent);
			skip = 1;
		}
		i += skip;
		run = i;
	}
	buf_add(b, str + run, n - run);
}

void
esc_html_n(struct buf *b, const char *s, size_t n)
{
	esc_markup(b, s, n, false);
}

void
esc_html(struct buf *b, const char *s)
{
	esc_markup(b, s, strlen(s), false);
}

void
esc_attr(struct buf *b, const char *s)
{
	esc_markup(b, s, strlen(s), false);
}

void
esc_xml(struct buf *b, const char *s)
{
	esc_markup(b, s, strlen(s), true);
}

static void
put_pct(struct buf *b, unsigned char c)
{
	char e[3];

	e[0] = '%';
	e[1] = hexdigits[c >> 4];
	e[2] = hexdigits[c & 15];
	buf_add(b, e, 3);
}

/* Bytes a URL keeps as they are ('&' becomes "&amp;", the rest %XX). */
static bool
url_byte_kept(unsigned char c)
{
	if (c <= 0x20 || c >= 0x7f)
		return false;
	switch (c) {
	case '"': case '\'': case '<': case '>': case '\\': case '`':
	case '{': case '}': case '|': case '^': case '&':
		return false;
	default:
		return true;
	}
}

void
esc_url_bytes(struct buf *b, const char *url, size_t n)
{
	const unsigned char *s = (const unsigned char *)url;
	size_t i, run = 0;

	for (i = 0; i < n; i++) {
		if (url_byte_kept(s[i]))
			continue;
		buf_add(b, url + run, i - run);
		if (s[i] == '&')
			buf_add(b, "&amp;", 5);
		else
			put_pct(b, s[i]);
		run = i + 1;
	}
	buf_add(b, url + run, n - run);
}

void
esc_url(struct buf *b, const char *url)
{
	if (!url_allowed(url)) {
		buf_putc(b, '#');
		return;
	}
	esc_url_bytes(b, url, strlen(url));
}

void
esc_url_segment(struct buf *b, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	for (; *s; s++) {
		unsigned char c = *s;

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' ||
		    c == '~' || c == '-')
			buf_putc(b, (char)c);
		else
			put_pct(b, c);
	}
}

void
esc_bidi_strip(struct buf *b, const char *s, size_t n)
{
	size_t i = 0, len;
	uint32_t cp;

	while (i < n) {
		if ((unsigned char)s[i] < 0x80) {
			buf_putc(b, s[i++]);
			continue;
		}
		if ((len = utf8_decode(s + i, n - i, &cp)) == 0)
			len = 1;
		else if (utf8_bidi_format(cp)) {
			i += len;
			continue;
		}
		buf_add(b, s + i, len);
		i += len;
	}
}

bool
text_has_bidi(const char *s)
{
	/* U+061C is d8 9c; the others are e2 80 or e2 81 and a third byte */
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == 0xd8 && (unsigned char)s[1] == 0x9c)
			return true;
		if (c == 0xe2 && (s[1] == '\x80' || s[1] == '\x81')) {
			uint32_t cp = 0x2000 | ((uint32_t)((unsigned char)s[1] & 0x3f) << 6);

			if (s[2] != '\0')
				cp |= (unsigned char)s[2] & 0x3f;
			if (utf8_bidi_format(cp))
				return true;
		}
	}
	return false;
}

static bool
csv_needs_quotes(const char *s)
{
	size_t n = strlen(s);

	if (n == 0)
		return false;
	if (s[0] == ' ' || s[n - 1] == ' ')
		return true;
	return strpbrk(s, ",\"\r\n") != NULL;
}

void
esc_csv(struct buf *b, const char *s)
{
	const char *q;

	if (!csv_needs_quotes(s)) {
		buf_puts(b, s);
		return;
	}
	buf_putc(b, '"');
	while ((q = strchr(s, '"')) != NULL) {
		buf_add(b, s, (size_t)(q - s) + 1);
		buf_putc(b, '"');
		s = q + 1;
	}
	buf_puts(b, s);
	buf_putc(b, '"');
}
