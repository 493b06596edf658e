/* jsonw.c: JSON written as it goes, in jansson's indented layout. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "jsonw.h"
#include "parse.h"

void
jw_init(struct jsonw *w, struct buf *b)
{
	memset(w, 0, sizeof(*w));
	w->b = b;
}

void
jw_init_at(struct jsonw *w, struct buf *b, unsigned depth)
{
	jw_init(w, b);
	w->depth = depth;
}

void
jw_splice(struct jsonw *w, const char *piece, size_t n)
{
	if (n == 0)
		return;
	if (w->depth > 0 && w->depth <= JW_MAX_DEPTH) {
		if (w->has_items[w->depth - 1])
			buf_putc(w->b, ',');
		w->has_items[w->depth - 1] = true;
	}
	buf_add(w->b, piece, n);
}

/* A line end and up to 64 spaces of indentation. */
static const char line_start[] = "\n"
    "                                                                ";

static void
newline_indent(struct jsonw *w, unsigned depth)
{
	size_t n = (size_t)depth * 2, k;

	k = n < sizeof(line_start) - 2 ? n : sizeof(line_start) - 2;
	buf_add(w->b, line_start, k + 1);
	for (n -= k; n > 0; n -= k) {
		k = n < sizeof(line_start) - 2 ? n : sizeof(line_start) - 2;
		buf_add(w->b, line_start + 1, k);
	}
}

/* What goes before a value or key: a comma and a new line inside a container. */
static void
item_start(struct jsonw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (w->depth <= JW_MAX_DEPTH) {
		if (w->has_items[w->depth - 1])
			buf_putc(w->b, ',');
		w->has_items[w->depth - 1] = true;
	}
	newline_indent(w, w->depth);
}

static void
open(struct jsonw *w, char c)
{
	item_start(w);
	buf_putc(w->b, c);
	w->depth++;
	if (w->depth <= JW_MAX_DEPTH)
		w->has_items[w->depth - 1] = false;
}

static void
close(struct jsonw *w, char c)
{
	bool any = w->depth <= JW_MAX_DEPTH && w->has_items[w->depth - 1];

	w->depth--;
	if (any)
		newline_indent(w, w->depth);
	buf_putc(w->b, c);
}

void
jw_object_begin(struct jsonw *w)
{
	open(w, '{');
}

void
jw_object_end(struct jsonw *w)
{
	close(w, '}');
}

void
jw_array_begin(struct jsonw *w)
{
	open(w, '[');
}

void
jw_array_end(struct jsonw *w)
{
	close(w, ']');
}

/*
 * A JSON string, escaped as jansson's dump escapes: '"' and '\\' with a
 * backslash, \b \f \n \r \t by name, other control characters as \u00XX
 * (upper-case hex); everything else, UTF-8 included, as it is. Text that is
 * not UTF-8 (the loader lets none through) is written as null, as jansson
 * refuses such a string.
 */
static void
quoted_escaped(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(s), run, bad;
	unsigned char ch;

	if (!utf8_valid(s, n, &bad)) {
		buf_add(b, "null", 4);
		return;
	}
	buf_putc(b, '"');
	for (;;) {
		for (run = 0; (ch = (unsigned char)s[run]) >= 0x20 && ch != '"' &&
		    ch != '\\'; run++)
			;
		buf_add(b, s, run);
		s += run;
		if ((ch = (unsigned char)*s++) == '\0')
			break;
		buf_putc(b, '\\');
		switch (ch) {
		case '"':
		case '\\':
			buf_putc(b, (char)ch);
			break;
		case '\b':
			buf_putc(b, 'b');
			break;
		case '\f':
			buf_putc(b, 'f');
			break;
		case '\n':
			buf_putc(b, 'n');
			break;
		case '\r':
			buf_putc(b, 'r');
			break;
		case '\t':
			buf_putc(b, 't');
			break;
		default:
			buf_add(b, "u00", 3);
			buf_putc(b, hex[ch >> 4]);
			buf_putc(b, hex[ch & 0xf]);
			break;
		}
	}
	buf_putc(b, '"');
}

/* The length of s's leading printable ASCII that needs no escape. */
static size_t
plain_run(const char *s)
{
	size_t n = 0;
	unsigned char ch;

	while ((ch = (unsigned char)s[n]) >= 0x20 && ch < 0x80 && ch != '"' &&
	    ch != '\\')
		n++;
	return n;
}

/* Printable ASCII without '"' or '\\' (most keys and values) is valid
 * UTF-8 and written as it is, in one piece. */
static void
quoted(struct buf *b, const char *s)
{
	size_t n = plain_run(s);

	if (s[n] != '\0') {
		quoted_escaped(b, s);
		return;
	}
	buf_grow(b, n + 2);
	b->data[b->len++] = '"';
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len++] = '"';
	b->data[b->len] = '\0';
}

void
jw_key(struct jsonw *w, const char *key)
{
	item_start(w);
	quoted(w->b, key);
	buf_add(w->b, ": ", 2);
	w->after_key = true;
}

void
jw_string(struct jsonw *w, const char *s)
{
	item_start(w);
	quoted(w->b, s);
}

void
jw_string_or_null(struct jsonw *w, const char *s)
{
	if (s == NULL)
		jw_null(w);
	else
		jw_string(w, s);
}

void
jw_int(struct jsonw *w, long long v)
{
	char text[21];

	item_start(w);
	buf_add(w->b, text, fmt_int(v, text));
}

/* %.15g, then jansson's touches: "e+07" -> "e7", "e-07" -> "e-7", "3" -> "3.0". */
static void
real_text(double v, char *out, size_t size)
{
	char *exp, *digits;

	snprintf(out, size, "%.15g", v);
	if ((exp = strchr(out, 'e')) != NULL) {
		exp++;
		if (*exp == '-')
			exp++;
		for (digits = exp; *digits == '+' || *digits == '0'; digits++)
			;
		memmove(exp, digits, strlen(digits) + 1);
	} else if (strchr(out, '.') == NULL)
		strcat(out, ".0");
}

void
jw_real(struct jsonw *w, double v)
{
	char text[64];

	if (isnan(v) || isinf(v)) {
		jw_null(w);
		return;
	}
	item_start(w);
	real_text(v, text, sizeof(text));
	buf_puts(w->b, text);
}

void
jw_bool(struct jsonw *w, bool v)
{
	item_start(w);
	buf_puts(w->b, v ? "true" : "false");
}

void
jw_null(struct jsonw *w)
{
	item_start(w);
	buf_add(w->b, "null", 4);
}
