/*
 * test_escape.c: every escaping function, byte by byte over the whole byte
 * range, on hostile strings, and as properties over many random strings:
 * markup output never holds a raw < > " ', decodes back to the input (less
 * the dropped controls), URLs stay inside their attribute, CSV reads back.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "parse.h"

typedef void (*esc_fn)(struct buf *, const char *);

static char *
esc(esc_fn f, const char *s)
{
	struct buf b = BUF_INIT;

	f(&b, s);
	return buf_detach(&b, NULL);
}

static void
check(esc_fn f, const char *in, const char *want)
{
	char *got = esc(f, in);

	ck_assert_str_eq(got, want);
	free(got);
}

static const char *hostile[] = {
	"<script>alert(1)</script>",
	"\"'><img src=x onerror=alert(1)>",
	"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xe2\x80\xae" "evil\xe2\x80\xac",
	"a\x01\x02\x1b[31mred\x7f\x1f",
	"javascript:alert(document.cookie)",
	"</textarea><svg/onload=alert(1)>",
	"&lt;already&gt; &amp; &#39;",
};

START_TEST(test_html_exact)
{
	check(esc_html, "", "");
	check(esc_html, "plain text", "plain text");
	check(esc_html, "a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f");
	check(esc_html, hostile[0],
	    "&lt;script&gt;alert(1)&lt;/script&gt;");
	check(esc_html, hostile[1],
	    "&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;");
	/* RTL text and bidi controls are characters, kept as they are. */
	check(esc_html, hostile[2], hostile[2]);
	check(esc_html, hostile[3], "a[31mred");
	check(esc_html, hostile[6],
	    "&amp;lt;already&amp;gt; &amp;amp; &amp;#39;");
	check(esc_html, "tab\there\nline\r\n", "tab\there\nline\n");
	/* C1 controls (U+0080..U+009F) go; U+00A0 and up stay. */
	check(esc_html, "x\xc2\x80y\xc2\x9fz\xc2\xa0\xc3\xa9",
	    "xyz\xc2\xa0\xc3\xa9");
	check(esc_attr, hostile[1],
	    "&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;");
}
END_TEST

/* esc_bidi_strip drops every bidi control and mark, and nothing else. */
START_TEST(test_bidi_strip)
{
	static const char *const gone[] = {"\xe2\x80\xaa", "\xe2\x80\xae",
	    "\xe2\x81\xa6", "\xe2\x81\xa9", "\xe2\x80\x8e", "\xe2\x80\x8f",
	    "\xd8\x9c"};
	/* neighbours of the same lead bytes, and Hebrew: kept */
	static const char *const kept[] = {"\xe2\x80\x8d", "\xe2\x80\xaf",
	    "\xe2\x81\xa5", "\xe2\x81\xaa", "\xe2\x80\x94", "\xd8\x9b",
	    "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d"};
	struct buf b = BUF_INIT;
	size_t i;
	char in[32];

	for (i = 0; i < ARRAY_SIZE(gone); i++) {
		snprintf(in, sizeof(in), "a%sb%s", gone[i], gone[i]);
		ck_assert(text_has_bidi(in));
		buf_reset(&b);
		esc_bidi_strip(&b, in, strlen(in));
		ck_assert_str_eq(b.data, "ab");
	}
	for (i = 0; i < ARRAY_SIZE(kept); i++) {
		snprintf(in, sizeof(in), "a%sb", kept[i]);
		ck_assert_msg(!text_has_bidi(in), "%zu", i);
		buf_reset(&b);
		esc_bidi_strip(&b, in, strlen(in));
		ck_assert_str_eq(b.data, in);
	}
	/* a truncated sequence at the end is neither read past nor dropped */
	ck_assert(!text_has_bidi("x\xe2\x80"));
	buf_reset(&b);
	esc_bidi_strip(&b, "x\xe2\x80", 3);
	ck_assert_str_eq(b.data, "x\xe2\x80");
	buf_release(&b);
}
END_TEST

START_TEST(test_html_n)
{
	struct buf b = BUF_INIT;

	esc_html_n(&b, "<a>&<b>", 4);
	ck_assert_str_eq(b.data, "&lt;a&gt;&amp;");
	ck_assert_uint_eq(b.len, strlen(b.data));
	esc_html_n(&b, "x\0<", 3);
	ck_assert_uint_eq(b.len, strlen("&lt;a&gt;&amp;x&lt;"));
	ck_assert_str_eq(b.data, "&lt;a&gt;&amp;x&lt;");
	buf_release(&b);
}
END_TEST

/* What each ASCII byte becomes, from the rule rather than the code. */
static const char *
markup_expect(int c, bool xml, char *one)
{
	if (c == '&')
		return "&amp;";
	if (c == '<')
		return "&lt;";
	if (c == '>')
		return "&gt;";
	if (c == '"')
		return "&quot;";
	if (c == '\'')
		return "&#39;";
	if (c == 0x7f || (c < 0x20 && (xml || (c != '\t' && c != '\n'))))
		return "";
	one[0] = (char)c;
	one[1] = '\0';
	return one;
}

START_TEST(test_markup_every_byte)
{
	char in[4], one[2], want[16];

	for (int c = 1; c < 128; c++) {
		in[0] = 'a';
		in[1] = (char)c;
		in[2] = 'z';
		in[3] = '\0';
		snprintf(want, sizeof(want), "a%sz",
		    markup_expect(c, false, one));
		check(esc_html, in, want);
		check(esc_attr, in, want);
		snprintf(want, sizeof(want), "a%sz",
		    markup_expect(c, true, one));
		check(esc_xml, in, want);
	}
	/* Bytes of multi-byte characters pass through untouched. */
	for (int c = 0xa0; c < 0x100; c++) {
		in[0] = (char)0xc2;
		in[1] = (char)(c < 0xc0 ? c : 0xa0);
		in[2] = '\0';
		check(esc_html, in, in);
	}
}
END_TEST

/* The markup escape of s (n bytes) one byte at a time, as escape.h says. */
static void
markup_ref(struct buf *b, const unsigned char *s, size_t n, bool xml)
{
	static const char *const ent[128] = {['&'] = "&amp;", ['<'] = "&lt;",
	    ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;"};

	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c < 128 && ent[c] != NULL)
			buf_puts(b, ent[c]);
		else if ((c < 0x20 && (xml || (c != '\t' && c != '\n'))) || c == 0x7f)
			continue;
		else if (c == 0xc2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f)
			i++;
		else if (xml && c == 0xef && i + 2 < n && s[i + 1] == 0xbf &&
		    (s[i + 2] == 0xbe || s[i + 2] == 0xbf))
			i += 2;
		else
			buf_putc(b, (char)c);
	}
}

/* Long strings (the escapers look at sixteen bytes a step) with marked
 * bytes at every place: the same as byte by byte. */
START_TEST(test_markup_long)
{
	static const unsigned char alpha[] = {'a', 'b', ' ', '&', '<', '>', '"',
	    '\'', '\t', '\n', 0x01, 0x1f, 0x20, 0x7f, 0x7e, 0xc2, 0x80, 0x9f, 0xa0,
	    0xef, 0xbf, 0xbe, 0xc3, 0xa9, 0x1e, 0x21};
	unsigned long seed = 99;
	unsigned char in[101];
	struct buf got = BUF_INIT, want = BUF_INIT;

	for (int k = 0; k < 20000; k++) {
		size_t n, i;
		bool dense;

		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		n = (seed >> 33) % 100;
		dense = (seed >> 20) % 4 == 0;
		for (i = 0; i < n; i++) {
			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			in[i] = dense || (seed >> 40) % 20 == 0 ?
			    alpha[(seed >> 33) % sizeof(alpha)] : 'x';
		}
		in[n] = '\0';
		for (int xml = 0; xml < 2; xml++) {
			buf_reset(&got);
			buf_reset(&want);
			buf_puts(&got, "<");
			buf_puts(&want, "<");
			if (xml)
				esc_xml(&got, (const char *)in);
			else
				esc_html_n(&got, (const char *)in, n);
			markup_ref(&want, in, n, xml);
			ck_assert_msg(got.len == want.len &&
			    memcmp(got.data, want.data, got.len) == 0,
			    "case %d (%zu bytes, xml %d) differs", k, n, xml);
		}
	}
	buf_release(&got);
	buf_release(&want);
}
END_TEST

START_TEST(test_xml)
{
	check(esc_xml, "a<b & 'c'\t\n\r", "a&lt;b &amp; &#39;c&#39;");
	check(esc_xml, "x\xef\xbf\xbey\xef\xbf\xbfz\xef\xbf\xbd",
	    "xyz\xef\xbf\xbd");
	check(esc_xml, hostile[0], "&lt;script&gt;alert(1)&lt;/script&gt;");
}
END_TEST

START_TEST(test_url)
{
	check(esc_url, "https://example.com/a?b=1&c=2#d",
	    "https://example.com/a?b=1&amp;c=2#d");
	check(esc_url, "http://x.example", "http://x.example");
	check(esc_url, "mailto:desk@example.com", "mailto:desk@example.com");
	check(esc_url, "providers/coreweave.html", "providers/coreweave.html");
	check(esc_url, "../index.html#top", "../index.html#top");
	check(esc_url, "#gold", "#gold");
	check(esc_url, "https://e.com/\"><script>alert(1)</script>",
	    "https://e.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E");
	check(esc_url, "https://e.com/it's\\`{x}|^",
	    "https://e.com/it%27s%5C%60%7Bx%7D%7C%5E");
	check(esc_url, "caf\xc3\xa9/\xd7\xa9", "caf%C3%A9/%D7%A9");
	check(esc_url, "a/100%25", "a/100%25");
	/* Refused: what url_allowed refuses. */
	check(esc_url, "", "#");
	check(esc_url, "javascript:alert(1)", "#");
	check(esc_url, "JaVaScRiPt:alert(1)", "#");
	check(esc_url, "data:text/html,<script>", "#");
	check(esc_url, "vbscript:x", "#");
	check(esc_url, "//evil.example/x", "#");
	check(esc_url, "https://", "#");
	check(esc_url, "http:///path", "#");
	check(esc_url, "a b", "#");
	check(esc_url, "java\tscript:x", "#");
	check(esc_url, "x\x01y", "#");
	check(esc_url, "mailto:", "#");
}
END_TEST

START_TEST(test_url_every_byte)
{
	char in[4], want[16];

	for (int c = 0x21; c < 0x100; c++) {
		if (c == 0x7f)
			continue;
		in[0] = 'a';
		in[1] = (char)c;
		in[2] = 'z';
		in[3] = '\0';
		if (c == ':') {
			check(esc_url, in, "#");
			continue;
		}
		if (c == '&')
			snprintf(want, sizeof(want), "a&amp;z");
		else if (c >= 0x80 || strchr("\"'<>\\`{}|^", c) != NULL)
			snprintf(want, sizeof(want), "a%%%02Xz", c);
		else
			snprintf(want, sizeof(want), "a%cz", c);
		check(esc_url, in, want);
	}
}
END_TEST

/*
 * esc_url_bytes() on a URL url_allowed() passes writes what esc_url() does,
 * whole or in any two pieces; and a relative URL it passes is still passed
 * with a root ("../") before it and "index.html" after a final '/', so a
 * link writer may ask url_allowed() once.
 */
START_TEST(test_url_bytes)
{
	static const char alphabet[] = "ab/:#?&.%\"'<>\\`{}|^ \xc3\xa9~-_=";
	static const char *const roots[] = { "", "../", "../../" };
	unsigned long long x = 0x853c49e6748fea9bULL;
	char url[16];
	int i, k;

	for (i = 0; i < 200000; i++) {
		struct buf whole = BUF_INIT, parts = BUF_INIT, joined = BUF_INIT;
		size_t n, cut;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		n = 1 + x % 12;
		for (k = 0; k < (int)n; k++)
			url[k] = alphabet[(x >> (5 + 3 * k)) % (sizeof(alphabet) - 1)];
		url[n] = '\0';
		if (!url_allowed(url))
			continue;
		esc_url(&whole, url);
		cut = (x >> 50) % (n + 1);
		esc_url_bytes(&parts, url, cut);
		esc_url_bytes(&parts, url + cut, n - cut);
		ck_assert_str_eq(parts.data, whole.data);
		if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0 &&
		    strncmp(url, "mailto:", 7) != 0 && strchr("/#?", url[0]) == NULL) {
			cut = strcspn(url, "#?");
			buf_puts(&joined, roots[(x >> 60) % 3]);
			buf_add(&joined, url, cut);
			if (cut > 0 && url[cut - 1] == '/')
				buf_puts(&joined, "index.html");
			buf_puts(&joined, url + cut);
			ck_assert_msg(url_allowed(joined.data), "'%s' passed, '%s' not", url,
			    joined.data);
		}
		buf_release(&whole);
		buf_release(&parts);
		buf_release(&joined);
	}
}
END_TEST

START_TEST(test_url_segment)
{
	char in[2], want[8];

	check(esc_url_segment, "sharon-ai", "sharon-ai");
	check(esc_url_segment, "3.0_b~c", "3.0_b~c");
	check(esc_url_segment, "a b/c?d#e", "a%20b%2Fc%3Fd%23e");
	check(esc_url_segment, "\xc3\xa9", "%C3%A9");
	check(esc_url_segment, "..%2F", "..%252F");
	for (int c = 1; c < 0x100; c++) {
		in[0] = (char)c;
		in[1] = '\0';
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~", c) != NULL)
			snprintf(want, sizeof(want), "%c", c);
		else
			snprintf(want, sizeof(want), "%%%02X", c);
		check(esc_url_segment, in, want);
	}
}
END_TEST

START_TEST(test_csv)
{
	check(esc_csv, "", "");
	check(esc_csv, "CoreWeave", "CoreWeave");
	check(esc_csv, "a,b", "\"a,b\"");
	check(esc_csv, "say \"hi\"", "\"say \"\"hi\"\"\"");
	check(esc_csv, "\"", "\"\"\"\"");
	check(esc_csv, "two\nlines", "\"two\nlines\"");
	check(esc_csv, "cr\rhere", "\"cr\rhere\"");
	check(esc_csv, " lead", "\" lead\"");
	check(esc_csv, "trail ", "\"trail \"");
	check(esc_csv, "in side", "in side");
	check(esc_csv, "<script>'x'</script>", "<script>'x'</script>");
}
END_TEST

/* A deterministic generator, so a failure can be reproduced. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static unsigned
rng(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

static const char *pieces[] = {
	"<", ">", "\"", "'", "&", "&amp;", "&#39;", "<script>", "</script>",
	"onerror=", "javascript:", "\t", "\n", "\r", "\x01", "\x1b", "\x7f",
	"\xc2\x85", "\xd7\xa9\xd7\x9c", "\xe2\x80\xae", "\xe2\x80\x8f",
	"\xf0\x9f\x8f\x86", "a", "Z", " ", ",", "%", "\\", "`", "=", "/",
	"http://", "#", "?", "\xef\xbf\xbe", "\xc3\xa9",
};

static void
random_string(char *out, size_t cap)
{
	size_t n = 0, k = rng(12);

	out[0] = '\0';
	while (k-- > 0) {
		const char *p = pieces[rng(ARRAY_SIZE(pieces))];

		if (n + strlen(p) + 1 > cap)
			break;
		memcpy(out + n, p, strlen(p) + 1);
		n += strlen(p);
	}
}

/* Undoes the five entities; NULL if any other '&' appears. */
static char *
unescape(const char *s)
{
	static const char *ent[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
	static const char chr[] = "&<>\"'";
	struct buf b = BUF_INIT;

	while (*s) {
		size_t i;

		if (*s != '&') {
			buf_putc(&b, *s++);
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(ent); i++)
			if (str_starts(s, ent[i]))
				break;
		if (i == ARRAY_SIZE(ent)) {
			buf_release(&b);
			return NULL;
		}
		buf_putc(&b, chr[i]);
		s += strlen(ent[i]);
	}
	return buf_detach(&b, NULL);
}

/* The input less what markup escaping drops. */
static char *
without_controls(const char *s, bool xml)
{
	struct buf b = BUF_INIT;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == 0x7f || (c < 0x20 && (xml || (c != '\t' && c != '\n'))))
			continue;
		if (c == 0xc2 && (unsigned char)s[1] >= 0x80 &&
		    (unsigned char)s[1] <= 0x9f) {
			s++;
			continue;
		}
		if (xml && c == 0xef && (unsigned char)s[1] == 0xbf &&
		    ((unsigned char)s[2] == 0xbe || (unsigned char)s[2] == 0xbf)) {
			s += 2;
			continue;
		}
		buf_putc(&b, (char)c);
	}
	return buf_detach(&b, NULL);
}

static void
check_markup_property(esc_fn f, const char *in, bool xml)
{
	char *out = esc(f, in), *back, *want;

	ck_assert_msg(strpbrk(out, "<>\"'") == NULL, "raw markup in '%s'", out);
	for (const char *p = out; *p; p++)
		ck_assert((unsigned char)*p >= 0x20 || (!xml &&
		    (*p == '\t' || *p == '\n')));
	back = unescape(out);
	want = without_controls(in, xml);
	ck_assert_ptr_nonnull(back);
	ck_assert_str_eq(back, want);
	free(out);
	free(back);
	free(want);
}

static void
check_url_property(const char *in)
{
	char *out = esc(esc_url, in);

	ck_assert_msg(strpbrk(out, "<>\"' \\`") == NULL, "unsafe url '%s'", out);
	for (const char *p = out; *p; p++)
		ck_assert((unsigned char)*p > 0x20 && (unsigned char)*p < 0x7f);
	if (strcmp(out, "#") != 0)
		ck_assert(!str_starts(out, "javascript") &&
		    !str_starts(out, "//"));
	free(out);
}

/* Reads one RFC 4180 field back (the whole string must be one field). */
static char *
csv_read(const char *s)
{
	struct buf b = BUF_INIT;

	if (*s != '"') {
		buf_puts(&b, s);
		return buf_detach(&b, NULL);
	}
	for (s++; *s; s++) {
		if (*s == '"') {
			if (s[1] != '"') {
				ck_assert_str_eq(s, "\"");
				return buf_detach(&b, NULL);
			}
			s++;
		}
		buf_putc(&b, *s);
	}
	ck_abort_msg("unterminated quoted field");
	return NULL;
}

static void
check_csv_property(const char *in)
{
	char *out = esc(esc_csv, in), *back;

	if (out[0] != '"')
		ck_assert(strpbrk(out, ",\"\r\n") == NULL);
	back = csv_read(out);
	ck_assert_str_eq(back, in);
	free(out);
	free(back);
}

START_TEST(test_properties)
{
	char in[256];

	for (size_t i = 0; i < ARRAY_SIZE(hostile); i++) {
		check_markup_property(esc_html, hostile[i], false);
		check_markup_property(esc_xml, hostile[i], true);
		check_url_property(hostile[i]);
		check_csv_property(hostile[i]);
	}
	for (int i = 0; i < 2000; i++) {
		random_string(in, sizeof(in));
		check_markup_property(esc_html, in, false);
		check_markup_property(esc_attr, in, false);
		check_markup_property(esc_xml, in, true);
		check_url_property(in);
		check_csv_property(in);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("escape");
	TCase *tc = tcase_create("escape");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_html_exact);
	tcase_add_test(tc, test_html_n);
	tcase_add_test(tc, test_bidi_strip);
	tcase_add_test(tc, test_markup_every_byte);
	tcase_add_test(tc, test_markup_long);
	tcase_add_test(tc, test_xml);
	tcase_add_test(tc, test_url);
	tcase_add_test(tc, test_url_every_byte);
	tcase_add_test(tc, test_url_bytes);
	tcase_add_test(tc, test_url_segment);
	tcase_add_test(tc, test_csv);
	tcase_add_test(tc, test_properties);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
