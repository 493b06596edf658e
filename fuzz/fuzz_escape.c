/*
 * fuzz_escape.c: the escapers of gen/core/escape.c, each with the property that
 * makes it safe where its output goes, and that decoding the output gives
 * back the input (less what the escaper is meant to drop). Also podium's
 * JSON writer (jsonw.c, as render_data uses it): a string survives a round
 * trip through jansson's reader.
 * Contract: the escapers take valid UTF-8 (the loader checks every string);
 * other input is only run for crashes.
 */
#include <jansson.h>
#include <string.h>

#include "escape.h"
#include "jsonw.h"
#include "fuzz.h"
#include "parse.h"
#include "util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The character an entity at p stands for, and its length in *n; 0 if none. */
static char
entity(const char *p, size_t *n)
{
	static const struct {
		const char *ent;
		char c;
	} ents[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ents); i++)
		if (str_starts(p, ents[i].ent)) {
			*n = strlen(ents[i].ent);
			return ents[i].c;
		}
	return 0;
}

/* The input as a markup escaper must give it back: controls dropped. */
static void
markup_expected(const char *s, bool xml, struct buf *want)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, n = strlen(s);

	for (i = 0; i < n; i++) {
		if (u[i] == 0x7f || (u[i] < 0x20 && (xml || (u[i] != '\t' && u[i] != '\n'))))
			continue;
		if (u[i] == 0xc2 && i + 1 < n && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f) {
			i++;
			continue;
		}
		if (xml && u[i] == 0xef && i + 2 < n && u[i + 1] == 0xbf &&
		    (u[i + 2] == 0xbe || u[i + 2] == 0xbf)) {
			i += 2;
			continue;
		}
		buf_putc(want, (char)u[i]);
	}
}

static void
check_markup(const char *s, bool xml, bool valid)
{
	struct buf out = BUF_INIT, dec = BUF_INIT, want = BUF_INIT;
	const unsigned char *p;
	size_t n;
	char c;

	if (xml)
		esc_xml(&out, s);
	else
		esc_html(&out, s);
	FUZZ_ASSERT(strpbrk(out.data, "<>\"'") == NULL, "no raw < > \" ' in escaped markup");
	for (p = (const unsigned char *)out.data; *p; p++) {
		FUZZ_ASSERT(*p != 0x7f && (*p >= 0x20 || (!xml && (*p == '\t' || *p == '\n'))),
		    "no control character in escaped markup");
		FUZZ_ASSERT(!(*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) || !valid,
		    "no C1 control in escaped markup");
		if (*p == '&') {
			c = entity((const char *)p, &n);
			FUZZ_ASSERT(c != 0, "every & in escaped markup starts an entity");
			buf_putc(&dec, c);
			p += n - 1;
		} else
			buf_putc(&dec, (char)*p);
	}
	if (valid) {
		markup_expected(s, xml, &want);
		FUZZ_ASSERT(strcmp(dec.data, want.data) == 0,
		    "escaped markup decodes to the input less controls");
	}
	buf_release(&out);
	buf_release(&dec);
	buf_release(&want);
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void
check_url(const char *s)
{
	struct buf out = BUF_INIT;
	const unsigned char *p;

	esc_url(&out, s);
	if (!url_allowed(s)) {
		FUZZ_ASSERT(strcmp(out.data, "#") == 0, "a refused url becomes #");
		buf_release(&out);
		return;
	}
	for (p = (const unsigned char *)out.data; *p; p++) {
		FUZZ_ASSERT(*p > 0x20 && *p < 0x7f, "no space, control or non-ASCII in a url");
		FUZZ_ASSERT(strchr("\"'<>`", *p) == NULL, "no quote or < > in a url");
		if (*p == '&')
			FUZZ_ASSERT(str_starts((const char *)p, "&amp;"), "& in a url is &amp;");
	}
	FUZZ_ASSERT(url_allowed(out.data) || strchr(s, '&') != NULL,
	    "an escaped url is still allowed (the same scheme, or none)");
	buf_release(&out);
}

static void
check_segment(const char *s)
{
	struct buf out = BUF_INIT, dec = BUF_INIT;
	const char *p;

	esc_url_segment(&out, s);
	for (p = out.data; *p; p++) {
		if (*p == '%') {
			int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);

			FUZZ_ASSERT(hi >= 0 && lo >= 0, "% in a segment starts two hex digits");
			buf_putc(&dec, (char)(hi * 16 + lo));
			p += 2;
			continue;
		}
		FUZZ_ASSERT(strchr("._~-", *p) != NULL || (*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'),
		    "a segment holds only unreserved bytes");
		buf_putc(&dec, *p);
	}
	FUZZ_ASSERT(strcmp(dec.data, s) == 0, "a segment decodes to the input");
	buf_release(&out);
	buf_release(&dec);
}

/* Parses one RFC 4180 field (the whole of f) into dec; false if malformed. */
static bool
csv_field(const char *f, struct buf *dec)
{
	size_t n = strlen(f), i;

	if (n == 0 || f[0] != '"') {
		if (strpbrk(f, ",\"\r\n") != NULL)
			return false;
		buf_puts(dec, f);
		return true;
	}
	if (n < 2 || f[n - 1] != '"')
		return false;
	for (i = 1; i < n - 1; i++) {
		if (f[i] == '"') {
			if (f[i + 1] != '"' || i + 1 == n - 1)
				return false;
			i++;
		}
		buf_putc(dec, f[i]);
	}
	return true;
}

static void
check_csv(const char *s)
{
	struct buf out = BUF_INIT, dec = BUF_INIT;
	size_t n;

	esc_csv(&out, s);
	FUZZ_ASSERT(csv_field(out.data, &dec), "an escaped csv field is well-formed");
	FUZZ_ASSERT(strcmp(dec.data, s) == 0, "an escaped csv field parses to the input");
	n = strlen(out.data);
	FUZZ_ASSERT(n == 0 || out.data[0] == '"' || (out.data[0] != ' ' && out.data[n - 1] != ' '),
	    "a csv field with edge spaces is quoted");
	buf_release(&out);
	buf_release(&dec);
}

/* podium's JSON writer: jansson (a reader, here) reads the string back
 * equal, on one line; text that is not UTF-8 is written as null. */
static void
check_json(const char *s, bool valid)
{
	struct buf out = BUF_INIT;
	struct jsonw w;
	json_t *back, *v;
	json_error_t err;

	jw_init(&w, &out);
	jw_object_begin(&w);
	jw_key(&w, "k");
	jw_string(&w, s);
	jw_object_end(&w);
	back = json_loadb(out.data, out.len, 0, &err);
	FUZZ_ASSERT(back != NULL, "the writer's JSON reads back");
	v = json_object_get(back, "k");
	if (valid) {
		FUZZ_ASSERT(json_is_string(v) && json_string_length(v) == strlen(s) &&
		    memcmp(json_string_value(v), s, strlen(s)) == 0,
		    "a json string reads back equal");
		FUZZ_ASSERT(str_starts(out.data, "{\n  \"k\": \"") &&
		    str_ends(out.data, "\"\n}") &&
		    strchr(out.data + 2, '\n') == out.data + out.len - 2,
		    "the string is on one line, laid out as jansson lays it out");
	} else {
		FUZZ_ASSERT(json_is_null(v), "text that is not UTF-8 is written as null");
	}
	json_decref(back);
	buf_release(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xstrndup((const char *)data, size);
	bool valid = utf8_valid(s, strlen(s), NULL);

	check_markup(s, false, valid);
	check_markup(s, true, valid);
	check_url(s);
	check_segment(s);
	check_csv(s);
	check_json(s, valid);
	free(s);
	return 0;
}
