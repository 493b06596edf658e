/*
 * markdown_simple.c: the HTML of a text in a small subset of Markdown,
 * written in one pass without cmark. Most review summaries are a few
 * paragraphs and a short list with some emphasis, code and links; parsing
 * them with cmark and walking the tree cost more than all else on a
 * provider page.
 *
 * The subset, where every construct means one thing to CommonMark:
 * - blocks part at exactly one empty line; the text ends with at most one
 *   line end. A paragraph is lines that each start as start_ok() says (no
 *   block can start so, and no line can be a setext underline or interrupt
 *   the paragraph); its lines part with a soft break ("\n").
 * - a list is lines "- " + a start_ok() line, one after another (tight),
 *   not followed by another list (that would make one loose list) nor by a
 *   line that is no item (a lazy continuation).
 * - a line does not end with a space (no hard break, nothing stripped) and
 *   holds letters, digits, UTF-8 (valid, no U+E000..U+EFFF, the
 *   placeholders' block), spaces, the punctuation of PLAIN, and:
 *   - "*" or "**" pairs on the line, each opener after the line's start or
 *     a space and before a letter or digit, each closer after a letter or
 *     digit and before the end, a space or one of ",.;:", with plain text
 *     between: left- and right-flanking as CommonMark says, so each pair is
 *     one <em> or <strong>;
 *   - `code`: one backtick each side, no space next to either, plain text
 *     and '*' between;
 *   - [text](destination): plain text without brackets or parentheses, a
 *     destination of URL characters without parentheses, '&' or '\\' (so
 *     cmark keeps it as written), allowed by url_allowed(); not after '!'.
 * Nothing else: no '{' (shortcodes), '<', '&', '\\', '_', tab or control.
 * So the scan of md_parse() finds nothing to report, and the tree holds
 * only what this file writes, as markdown_html.c writes it. Tests compare
 * the two over many generated texts.
 */
#include <stdint.h>
#include <string.h>

#include "escape.h"
#include "markdown.h"
#include "parse.h"
#include "util.h"

/* Punctuation that means nothing inside a line. */
#define PLAIN " ,.;:'\"?!()/%$@^+-=#~|"

/*
 * Bytes by what a line's text may hold, bit by bit. PLAIN_B: plain text:
 * letters, digits, space and PLAIN, and every byte from 0x80 on but 0xee
 * (the lead byte of the placeholders' block, U+E000..U+EFFF). TEXT_B:
 * plain, and written as it is: put_line() escapes '"' and '\'', and
 * 0xc2 (the lead byte of the C1 controls, which are dropped) itself.
 */
#define PLAIN_B 1
#define TEXT_B 2
static const unsigned char plain_tab[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	3, 3, 1, 3, 3, 3, 0, 1, 3, 3, 0, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 0, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 3, 0,
	0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 0, 3, 0,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

/* The first byte at or after i (before n) that is not TEXT_B, or n; four
 * bytes a step. */
static size_t
text_span(const unsigned char *s, size_t i, size_t n)
{
	while (i + 4 <= n && (plain_tab[s[i]] & plain_tab[s[i + 1]] &
	    plain_tab[s[i + 2]] & plain_tab[s[i + 3]] & TEXT_B) != 0)
		i += 4;
	while (i < n && (plain_tab[s[i]] & TEXT_B) != 0)
		i++;
	return i;
}

static bool
plain(unsigned char ch)
{
	return (plain_tab[ch] & PLAIN_B) != 0;
}

static bool
is_alnum(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9');
}

static bool
is_letter(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/*
 * Can a line that starts at s (n bytes) start no block but a paragraph?
 * A letter; digits not followed by '.' or ')'; an emphasis opener before
 * a letter or digit; a single backtick.
 */
static bool
start_ok(const unsigned char *s, size_t n)
{
	if (n == 0)
		return false;
	if (is_letter(s[0]))
		return true;
	if (s[0] >= '0' && s[0] <= '9') {
		/* not an ordered list item: digits, then '.' or ')' */
		while (n > 0 && *s >= '0' && *s <= '9')
			s++, n--;
		return n > 0 && *s != '.' && *s != ')';
	}
	if (s[0] == '*')
		return n > 1 && (is_alnum(s[1]) || (s[1] == '*' && n > 2 && is_alnum(s[2])));
	return s[0] == '`' && n > 1 && s[1] != '`';
}

/* Is ch allowed in a link destination as written? */
static bool
dest_char(unsigned char ch)
{
	return is_alnum(ch) || (ch != '\0' && strchr("-._~:/?#@!$+,;=%", ch) != NULL);
}

/* Writes `code` at s[i]; returns the bytes it takes, 0 if it is none. */
static size_t
put_code(struct buf *out, const unsigned char *s, size_t i, size_t n)
{
	size_t j = i + 1;

	while (j < n && (plain(s[j]) || s[j] == '*'))
		j++;
	if (j >= n || s[j] != '`' || j == i + 1 || s[i + 1] == ' ' || s[j - 1] == ' ' ||
	    (j + 1 < n && s[j + 1] == '`'))
		return 0;
	buf_add(out, "<code>", 6);
	esc_html_n(out, (const char *)s + i + 1, j - i - 1);
	buf_add(out, "</code>", 7);
	return j + 1 - i;
}

/* Writes [text](url) at s[i]; returns the bytes it takes, 0 if none. */
static size_t
put_link(struct buf *out, const char *root, const unsigned char *s, size_t i,
    size_t n)
{
	size_t j = i + 1, k;
	char url[256];

	if (i > 0 && s[i - 1] == '!')
		return 0;
	while (j < n && plain(s[j]) && s[j] != '(' && s[j] != ')')
		j++;
	if (j >= n || j == i + 1 || s[j] != ']' || j + 1 >= n || s[j + 1] != '(')
		return 0;
	for (k = j + 2; k < n && dest_char(s[k]); k++)
		;
	if (k >= n || s[k] != ')' || k == j + 2 || k - j - 2 >= sizeof(url))
		return 0;
	memcpy(url, s + j + 2, k - j - 2);
	url[k - j - 2] = '\0';
	if (!url_allowed(url))
		return 0;
	buf_add(out, "<a href=\"", 9);
	md_href_write(out, root, url, true);
	buf_add(out, "\">", 2);
	esc_html_n(out, (const char *)s + i + 1, j - i - 1);
	buf_add(out, "</a>", 4);
	return k + 1 - i;
}

/* Writes the inlines of one line (n bytes, no line end); false if refused. */
static bool
put_line(struct buf *out, const char *root, const unsigned char *s, size_t n)
{
	size_t i = 0, run = 0, k, used;
	size_t open = 0; /* the length of the open delimiter run, or 0 */

	if (n == 0 || s[n - 1] == ' ')
		return false;
	while (i < n) {
		if ((i = text_span(s, i, n)) >= n)
			break;
		buf_add(out, (const char *)s + run, i - run);
		if (plain(s[i])) {
			/* plain, but not TEXT_B: escaped (0xc2 with the byte after it) */
			k = s[i] == 0xc2 && i + 1 < n ? 2 : 1;
			esc_html_n(out, (const char *)s + i, k);
			i += k;
		} else if (s[i] == '*') {
			for (k = 1; i + k < n && s[i + k] == '*'; k++)
				;
			if (k > 2)
				return false;
			if (open == 0) {
				if ((i > 0 && s[i - 1] != ' ') || i + k >= n || !is_alnum(s[i + k]))
					return false;
				open = k;
				buf_puts(out, k == 1 ? "<em>" : "<strong>");
			} else {
				if (k != open || !is_alnum(s[i - 1]) || (i + k < n &&
				    strchr(" ,.;:", s[i + k]) == NULL))
					return false;
				open = 0;
				buf_puts(out, k == 1 ? "</em>" : "</strong>");
			}
			i += k;
		} else if (s[i] == '`' && open == 0 &&
		    (used = put_code(out, s, i, n)) > 0)
			i += used;
		else if (s[i] == '[' && open == 0 &&
		    (used = put_link(out, root, s, i, n)) > 0)
			i += used;
		else
			return false;
		run = i;
	}
	buf_add(out, (const char *)s + run, n - run);
	return open == 0;
}

/* The end of the line at p: its '\n' or its '\0'. */
static const char *
line_end(const char *p)
{
	const char *e = strchr(p, '\n');

	return e ? e : p + strlen(p);
}

/* Writes a list from p; returns where it ends (after its last line end). */
static const char *
put_list(struct buf *out, const char *root, const char *p)
{
	const char *e;

	buf_add(out, "<ul>\n", 5);
	while (p[0] == '-' && p[1] == ' ') {
		e = line_end(p + 2);
		if (!start_ok((const unsigned char *)p + 2, (size_t)(e - p - 2)))
			return NULL;
		buf_add(out, "<li>", 4);
		if (!put_line(out, root, (const unsigned char *)p + 2, (size_t)(e - p - 2)))
			return NULL;
		buf_add(out, "</li>\n", 6);
		p = *e ? e + 1 : e;
	}
	if (*p != '\0' && *p != '\n')
		return NULL; /* a lazy continuation line */
	buf_add(out, "</ul>\n", 6);
	return p;
}

/* Writes a paragraph from p, with <p> unless bare; returns where it ends. */
static const char *
put_paragraph(struct buf *out, const char *root, const char *p, bool bare)
{
	const char *e;

	if (!bare)
		buf_add(out, "<p>", 3);
	for (;;) {
		e = line_end(p);
		if (!start_ok((const unsigned char *)p, (size_t)(e - p)) ||
		    !put_line(out, root, (const unsigned char *)p, (size_t)(e - p)))
			return NULL;
		p = *e ? e + 1 : e;
		if (*p == '\0' || *p == '\n')
			break;
		buf_putc(out, '\n');
	}
	if (!bare)
		buf_add(out, "</p>\n", 5);
	return p;
}

static bool
simple_doc(const char *src, const char *root, bool bare, struct buf *out)
{
	const char *p = src;
	bool list = false, first = true;

	while (*p != '\0') {
		if (!first) {
			/* p is at the empty line between two blocks */
			if (*p != '\n' || p[1] == '\0' || p[1] == '\n')
				return false;
			p++;
		}
		if (p[0] == '-' && p[1] == ' ') {
			if (list)
				return false;
			p = put_list(out, root, p);
			list = true;
		} else {
			p = put_paragraph(out, root, p, bare && first);
			list = false;
			if (p != NULL && bare && first && *p != '\0')
				return false; /* not one paragraph: written with <p> */
		}
		if (p == NULL)
			return false;
		first = false;
	}
	return !first;
}

/* Is some byte of s (n bytes) 0x80 or more? Eight bytes a step. */
static bool
any_high(const char *s, size_t n)
{
	uint64_t w, acc = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		acc |= w;
	}
	for (; i < n; i++)
		acc |= (unsigned char)s[i];
	return (acc & 0x8080808080808080ull) != 0;
}

bool
md_simple_html(const char *src, const char *root_rel, bool bare, struct buf *out)
{
	const char *root = root_rel ? root_rel : "";
	size_t mark = out->len, n;

	if (src == NULL)
		return false;
	n = strlen(src);
	if (any_high(src, n) && !utf8_valid(src, n, NULL))
		return false;
	if (simple_doc(src, root, bare, out))
		return true;
	out->len = mark;
	if (bare && simple_doc(src, root, false, out))
		return true;
	out->len = mark;
	if (out->data)
		out->data[mark] = '\0';
	return false;
}
