/*
 * markdown.c: commentary and review text to a checked cmark tree.
 *
 * Every "{{" of the source becomes a placeholder (U+E000, its index, U+E001)
 * before cmark parses the text, so shortcodes never confuse the Markdown
 * parser; "\{{" stays as written, and cmark's backslash escape makes it a
 * literal "{{". Then a walk over the tree checks each shortcode where it is live
 * (text and raw HTML); inside code it stays as written and is not checked.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "markdown.h"
#include "parse.h"
#include "util.h"

#define PH_OPEN "\xee\x80\x80"  /* U+E000 */
#define PH_CLOSE "\xee\x80\x81" /* U+E001 */
#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */

/* What the scan learnt of each "{{", beside its struct shortcode. */
struct pending {
	char *name;        /* NULL: unterminated */
	bool checked;
};

struct scan {
	const struct computed *c;
	const char *src;
	const char *file;
	unsigned first_line;
	struct diag *d;
	struct shortcode *codes;
	struct pending *pend;
	size_t n, cap, pcap;
	struct buf out;    /* the text cmark parses */
	size_t errors;
	/*
	 * The last search for a shortcode's end: from close_from, the first
	 * "}}", line end or string end is at close_at. A "{{" that starts
	 * between the two ends there too, so "{{{{{{..." is searched once.
	 */
	const char *close_from, *close_at;
};

static bool
is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Splits inner (the text between the braces) into name and args. */
static void
shortcode_split(struct shortcode *sc, struct pending *pd, const char *inner, size_t n)
{
	size_t i = 0, start, cap = 0;
	char *word;

	for (;;) {
		while (i < n && is_space(inner[i]))
			i++;
		if (i >= n)
			break;
		start = i;
		while (i < n && !is_space(inner[i]))
			i++;
		word = xstrndup(inner + start, i - start);
		if (pd->name == NULL) {
			pd->name = word;
			continue;
		}
		sc->args = xgrow(sc->args, sizeof(*sc->args), sc->nargs + 1, &cap);
		sc->args[sc->nargs++] = word;
	}
	if (pd->name == NULL)
		pd->name = xstrdup("");
}

/* Records the "{{" at p (line, col); returns the bytes it covers. */
static size_t
scan_shortcode(struct scan *s, const char *p, unsigned line, unsigned col)
{
	const char *end = p + 2;
	struct shortcode *sc;
	struct pending *pd;
	size_t len;

	if (s->close_from != NULL && s->close_from <= end && end <= s->close_at)
		end = s->close_at;
	else {
		s->close_from = end;
		while (*end && *end != '\n' && !(end[0] == '}' && end[1] == '}'))
			end++;
		s->close_at = end;
	}
	s->codes = xgrow(s->codes, sizeof(*s->codes), s->n + 1, &s->cap);
	s->pend = xgrow(s->pend, sizeof(*s->pend), s->n + 1, &s->pcap);
	sc = memset(&s->codes[s->n], 0, sizeof(*sc));
	pd = memset(&s->pend[s->n], 0, sizeof(*pd));
	sc->pos.file = s->file;
	sc->pos.line = line;
	sc->pos.col = col;
	if (end[0] == '}' && end[1] == '}') {
		len = (size_t)(end + 2 - p);
		shortcode_split(sc, pd, p + 2, len - 4);
	} else
		len = 2; /* unterminated: only the braces */
	sc->raw = xstrndup(p, len);
	buf_printf(&s->out, PH_OPEN "%zu" PH_CLOSE, s->n);
	s->n++;
	return len;
}

/*
 * Where the scan is on its line, for columns: counted (in characters, from
 * 1) only where a diagnostic or a shortcode needs one, on from the last
 * place counted on the same line, so a long line is still counted once.
 */
struct linepos {
	const char *at;    /* the last place counted, on this line */
	unsigned col;      /* its column */
};

/* Moves p over n bytes, counting lines. */
static void
advance(const char **p, size_t n, unsigned *line, struct linepos *lp)
{
	for (; n > 0 && **p; n--, (*p)++) {
		if (**p == '\n') {
			(*line)++;
			lp->at = *p + 1;
			lp->col = 1;
		}
	}
}

static unsigned
col_at(struct linepos *lp, const char *p)
{
	for (; lp->at < p; lp->at++)
		if (!utf8_continues(*lp->at))
			lp->col++;
	return lp->col;
}

/*
 * A numeric character reference to U+E000 or U+E001 ("&#xE000;") would
 * become a placeholder once cmark decodes it: returns its length, else 0.
 */
static size_t
reserved_reference(const char *p, unsigned long *cp)
{
	const char *q;
	bool hex;
	unsigned long v = 0;
	size_t n = 0;

	if (p[0] != '&' || p[1] != '#')
		return 0;
	q = p + 2;
	hex = *q == 'x' || *q == 'X';
	if (hex)
		q++;
	for (; n < 8; n++, q++) {
		if (*q >= '0' && *q <= '9')
			v = v * (hex ? 16 : 10) + (unsigned long)(*q - '0');
		else if (hex && ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'f'))
			v = v * 16 + (unsigned long)((*q | 0x20) - 'a' + 10);
		else
			break;
	}
	if (n == 0 || *q != ';' || (v != 0xe000 && v != 0xe001))
		return 0;
	*cp = v;
	return (size_t)(q + 1 - p);
}

/* Copies src into s->out, replacing each "{{" and reserved character. */
static void
scan_source(struct scan *s)
{
	const char *p = s->src;
	struct linepos lp = {s->src, 1};
	unsigned line = s->first_line;

	unsigned long cp;
	size_t n;

	while (*p) {
		/* a run with no brace, reference, reserved lead byte or line end */
		if ((n = strcspn(p, "{&\xee\n\\")) > 0) {
			buf_add(&s->out, p, n);
			p += n;
			continue;
		}
		if (p[0] == '\\') {
			/* "\{{" is a literal "{{" (cmark drops the backslash);
			 * "\\" an escaped backslash, before a shortcode or not */
			n = p[1] == '\\' ? 2 : str_starts(p, "\\{{") ? 3 : 1;
			buf_add(&s->out, p, n);
			advance(&p, n, &line, &lp);
		} else if (p[0] == '{' && p[1] == '{') {
			n = scan_shortcode(s, p, line, col_at(&lp, p));
			advance(&p, n, &line, &lp);
		} else if ((n = reserved_reference(p, &cp)) != 0) {
			diag_error(s->d, s->file, line, col_at(&lp, p),
			    "reserved character U+%lX in text", cp);
			s->errors++;
			buf_puts(&s->out, REPLACEMENT);
			advance(&p, n, &line, &lp);
		} else if (str_starts(p, PH_OPEN) || str_starts(p, PH_CLOSE)) {
			diag_error(s->d, s->file, line, col_at(&lp, p),
			    "reserved character U+%s in text", p[2] == '\x80' ? "E000" : "E001");
			s->errors++;
			buf_puts(&s->out, REPLACEMENT);
			advance(&p, 3, &line, &lp);
		} else {
			buf_putc(&s->out, *p);
			advance(&p, 1, &line, &lp);
		}
	}
}

/* Reads a placeholder at p; returns its length, 0 if there is none. */
size_t
md_placeholder(const char *p, size_t *index)
{
	size_t i = 3, v = 0;

	if (!str_starts(p, PH_OPEN))
		return 0;
	if (p[i] < '0' || p[i] > '9')
		return 0;
	while (p[i] >= '0' && p[i] <= '9') {
		if (v > SIZE_MAX / 10 - 10)
			return 0;
		v = v * 10 + (size_t)(p[i++] - '0');
	}
	if (!str_starts(p + i, PH_CLOSE))
		return 0;
	*index = v;
	return i + 3;
}

static bool
is_block_kind(enum sc_kind k)
{
	return k == SC_CHART || k == SC_TABLE;
}

static const char *
nearest_name(const char *name)
{
	static const char *const names[] = {"count", "change", "share", "tier",
	    "provider", "at", "cite", "chart", "table", "medals"};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (edit_distance(name, names[i], 2) <= 2 && strlen(name) > 1)
			return names[i];
	return NULL;
}

/* Settles the name of shortcode i; reports an unknown one. */
static bool
check_name(struct scan *s, size_t i)
{
	struct shortcode *sc = &s->codes[i];
	struct pending *pd = &s->pend[i];
	const char *near;
	int k;

	if (pd->name == NULL) {
		diag_error(s->d, s->file, sc->pos.line, sc->pos.col,
		    "unterminated shortcode: no '}}' on its line");
		return false;
	}
	if (*pd->name == '\0') {
		diag_error(s->d, s->file, sc->pos.line, sc->pos.col, "empty shortcode");
		return false;
	}
	if ((k = sc_kind_parse(pd->name)) < 0) {
		if ((near = nearest_name(pd->name)) != NULL)
			diag_error(s->d, s->file, sc->pos.line, sc->pos.col,
			    "unknown shortcode '%s'; did you mean '%s'?", pd->name, near);
		else
			diag_error(s->d, s->file, sc->pos.line, sc->pos.col,
			    "unknown shortcode '%s'", pd->name);
		return false;
	}
	sc->kind = (enum sc_kind)k;
	sc->block = is_block_kind(sc->kind);
	return true;
}

/* Is text exactly the placeholder, alone in a paragraph? */
static bool
alone_in_paragraph(cmark_node *text, size_t phlen)
{
	cmark_node *para = cmark_node_parent(text);
	const char *lit = cmark_node_get_literal(text);

	return para && cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH &&
	    cmark_node_first_child(para) == text && cmark_node_next(text) == NULL &&
	    lit && strlen(lit) == phlen;
}

/* Checks every placeholder in a live node (text or raw HTML). */
static void
check_live(struct scan *s, cmark_node *node)
{
	const char *lit = cmark_node_get_literal(node), *p;
	size_t idx, len;

	/* by its lead byte: strstr may read the rest of the text at each call
	 * (sanitizers' strstr does), once per placeholder */
	for (p = lit ? strchr(lit, PH_OPEN[0]) : NULL; p; p = strchr(p + 1, PH_OPEN[0])) {
		if ((len = md_placeholder(p, &idx)) == 0 || idx >= s->n)
			continue;
		if (s->pend[idx].checked)
			continue;
		s->pend[idx].checked = true;
		if (!check_name(s, idx) || !sc_check(s->c, &s->codes[idx], s->d)) {
			s->errors++;
			continue;
		}
		if (s->codes[idx].block && (cmark_node_get_type(node) != CMARK_NODE_TEXT ||
		    !alone_in_paragraph(node, len))) {
			diag_error(s->d, s->file, s->codes[idx].pos.line, s->codes[idx].pos.col,
			    "'%s' must stand alone in its paragraph",
			    sc_kind_name(s->codes[idx].kind));
			s->errors++;
		}
	}
}

/* Line and column of url in the source, searched from the block's line. */
static void
url_pos(const struct scan *s, cmark_node *node, const char *url, unsigned *line,
    unsigned *col)
{
	cmark_node *b = node;
	const char *p = s->src, *hit, *q;
	int want;

	while (b && cmark_node_get_start_line(b) == 0)
		b = cmark_node_parent(b);
	want = b ? cmark_node_get_start_line(b) : 1;
	*line = s->first_line + (unsigned)(want > 0 ? want - 1 : 0);
	*col = 1;
	for (; want > 1 && *p; p++)
		if (*p == '\n')
			want--;
	if ((hit = strstr(p, url)) == NULL)
		return;
	for (q = s->src + (p - s->src); q < hit; q++) {
		if (*q == '\n') {
			(*line)++;
			*col = 1;
		} else if (!utf8_continues(*q))
			(*col)++;
	}
}

static void
check_url(struct scan *s, cmark_node *node)
{
	const char *url = cmark_node_get_url(node);
	unsigned line, col;

	const char *ph = url != NULL ? strstr(url, PH_OPEN) : NULL;
	size_t idx;

	if (ph != NULL && md_placeholder(ph, &idx) != 0 && idx < s->n) {
		/* its text is not known before rendering, nor checked as a URL */
		s->pend[idx].checked = true;
		diag_error(s->d, s->file, s->codes[idx].pos.line, s->codes[idx].pos.col,
		    "a shortcode cannot be part of a link's destination");
		s->errors++;
		return;
	}
	if (url == NULL || *url == '\0' || url_allowed(url))
		return;
	url_pos(s, node, url, &line, &col);
	diag_error(s->d, s->file, line, col,
	    "link to '%s' refused: only http(s), mailto and relative links", url);
	s->errors++;
}

static void
check_tree(struct scan *s, cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *node = cmark_iter_get_node(it);

		if (ev != CMARK_EVENT_ENTER)
			continue;
		switch (cmark_node_get_type(node)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_HTML_INLINE:
		case CMARK_NODE_HTML_BLOCK:
			check_live(s, node);
			break;
		case CMARK_NODE_LINK:
		case CMARK_NODE_IMAGE:
			check_url(s, node);
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
}

static void
codes_free(struct shortcode *codes, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < codes[i].nargs; k++)
			free(codes[i].args[k]);
		free(codes[i].args);
		free(codes[i].raw);
	}
	free(codes);
}

/* On success (0), release doc with md_doc_release(). */
/* Scans src (text, shortcodes, placeholders) into s->out, reporting into d. */
static void
scan_text(struct scan *s, const struct computed *c, const char *src,
    const char *file, unsigned first_line, struct diag *d)
{
	memset(s, 0, sizeof(*s));
	s->c = c;
	s->src = src ? src : "";
	s->file = file;
	s->first_line = first_line ? first_line : 1;
	s->d = d;
	buf_init(&s->out);
	scan_source(s);
}

/* Every parse, for the count a test holds to one per text. */
static atomic_ulong parses;

unsigned long
md_parse_count(void)
{
	return atomic_load(&parses);
}

int
md_parse(const struct computed *c, const char *src, const char *file,
    unsigned first_line, struct md_doc *doc, struct diag *d)
{
	struct scan s;
	size_t i;
	cmark_node *root;

	atomic_fetch_add(&parses, 1);
	memset(doc, 0, sizeof(*doc));
	scan_text(&s, c, src, file, first_line, d);
	/* smart punctuation: typographic quotes, dashes and ellipses in
	 * text; code spans, link destinations and placeholders keep theirs */
	root = cmark_parse_document(s.out.data, s.out.len, CMARK_OPT_DEFAULT | CMARK_OPT_SMART);
	check_tree(&s, root);
	buf_release(&s.out);
	for (i = 0; i < s.n; i++)
		free(s.pend[i].name);
	free(s.pend);
	if (s.errors) {
		cmark_node_free(root);
		codes_free(s.codes, s.n);
		return -1;
	}
	doc->root = root;
	doc->codes = s.codes;
	doc->ncodes = s.n;
	return 0;
}

/* The parse's diagnostics, and the scan's, without a tree to keep. */
int
md_check(const struct computed *c, const char *src, const char *file,
    unsigned first_line, struct diag *d)
{
	struct md_doc doc;

	if (src == NULL)
		return 0;
	if (md_parse(c, src, file, first_line, &doc, d) != 0)
		return -1;
	md_doc_release(&doc);
	return 0;
}

void
md_doc_release(struct md_doc *doc)
{
	if (doc->root)
		cmark_node_free(doc->root);
	codes_free(doc->codes, doc->ncodes);
	memset(doc, 0, sizeof(*doc));
}
