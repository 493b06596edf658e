/*
 * yaml_fast.c: a one-pass reader for the plain subset of YAML that podium's
 * content is written in, tried before libyaml.
 *
 * Why it exists: reading YAML was the largest single cost of
 * `podium build --only html,data`. At 1,000 providers x 5 editions,
 * yaml_tree_parse() took 650 M of 2.08 G instructions (callgrind), about
 * 110,000 instructions for a 700-byte review, nearly all of it in libyaml's
 * scanner and event machinery. This reader builds the same tree straight
 * from the text: yaml_tree_parse() fell to 88 M instructions (about 15,000
 * a review, checking every character first), and the whole build from
 * 1.95 G to 1.39 G (the same commit with and without this reader).
 *
 * libyaml remains the reference and the only source of error messages.
 * This reader either builds exactly the tree the libyaml path builds (kinds,
 * strings, styles, the line and column of every node, order, duplicate
 * marks) for a document that path accepts without any diagnostic, or it
 * answers "not mine", reports nothing, releases what it allocated, and
 * yaml_tree_parse() reads the text again with libyaml. When in doubt it
 * declines: anything outside the subset below, any character libyaml would
 * refuse or treat as a line break, tabs, CR, a BOM, directives, document
 * markers, anchors, aliases, tags, '?' keys, folded and indented block
 * scalars, multi-line plain or quoted scalars, comments or blank lines
 * inside a flow collection, empty values, indentless sequences, duplicate
 * keys, deep nesting and long strings.
 *
 * The subset: a block mapping at the root; keys [A-Za-z0-9_.-]+ followed by
 * ':' and a space or a line end; values that are a one-line plain scalar, a
 * one-line single- or double-quoted scalar (escapes \" \\ \/ \n \t), a
 * literal block scalar ('|', '|-', '|+'), a flow collection of plain and
 * quoted one-line scalars and flow collections (it may break lines between
 * its entries, onto lines more indented than the block around it), or on
 * the following lines a more indented block mapping or block sequence;
 * sequence items are values or compact mappings ("- key: value"); comments
 * and blank lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "util.h"
#include "yaml_fast.h"
#include "yamltree.h"

#define FAST_MAX_DEPTH 48 /* well inside LOAD_MAX_DEPTH */
#define FAST_MAX_KEY 1000 /* inside libyaml's 1024-character simple key */
#define FAST_STACK 128

struct fast {
	const char *s;
	size_t n;
	size_t pos;        /* the cursor */
	size_t bol;        /* start of the cursor's line */
	unsigned line;     /* of the cursor, 1-based, without the offset */
	unsigned line_offset;
	int ind;           /* indentation of the content line at pos; -1 at the end */
	bool ascii;        /* the text is all ASCII: columns are byte offsets */
	unsigned depth;    /* open collections */
	struct arena *a;
	struct ynode **kids; /* finished nodes not yet in their parent */
	size_t nkids, cap;
	struct ynode *stack[FAST_STACK];
};

/* Key characters: [A-Za-z0-9_.-]. */
static bool
key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

static bool
alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

#define ONES ((uint64_t)0x0101010101010101u)
#define HIGHS (ONES * 0x80)

/* Whether the eight bytes of w are all printable ASCII or LF. */
static bool
word_plain(uint64_t w)
{
	uint64_t x = w ^ (ONES * '\n'), nl, v;

	/* 0x80 in each byte of w that is LF, then LF turned into '*' */
	nl = ~(((x & ~HIGHS) + ~HIGHS) | x | ~HIGHS);
	v = w | (nl >> 2);
	/* a byte below 0x20, or one whose low seven bits are all set, or not ASCII */
	return ((((v - ONES * 0x20) & ~v) | v | ((v & ~HIGHS) + ONES)) & HIGHS) == 0;
}

/*
 * The length of the character at s[i] (n bytes in all) if libyaml reads it
 * as an ordinary printable character or LF, else 0: no other control, no
 * DEL, no C1 (so no NEL), no line or paragraph separator, no BOM, no
 * non-character, and valid UTF-8.
 */
static size_t
char_ok(const unsigned char *s, size_t n, size_t i)
{
	unsigned c = s[i];
	uint32_t cp;

	if (c < 0x80)
		return (c < 0x20 && c != '\n') || c == 0x7f ? 0 : 1;
	if (c >= 0xc2 && c <= 0xdf) {
		if (i + 1 >= n || (s[i + 1] & 0xc0) != 0x80)
			return 0;
		cp = (c & 0x1fu) << 6 | (s[i + 1] & 0x3fu);
		return cp < 0xa0 ? 0 : 2;
	}
	if (c >= 0xe0 && c <= 0xef) {
		if (i + 2 >= n || (s[i + 1] & 0xc0) != 0x80 || (s[i + 2] & 0xc0) != 0x80)
			return 0;
		cp = (c & 0x0fu) << 12 | (s[i + 1] & 0x3fu) << 6 | (s[i + 2] & 0x3fu);
		return cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0x2028 ||
		    cp == 0x2029 || cp == 0xfeff || cp >= 0xfffe ? 0 : 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (i + 3 >= n || (s[i + 1] & 0xc0) != 0x80 ||
		    (s[i + 2] & 0xc0) != 0x80 || (s[i + 3] & 0xc0) != 0x80)
			return 0;
		cp = (c & 0x07u) << 18 | (s[i + 1] & 0x3fu) << 12 |
		    (s[i + 2] & 0x3fu) << 6 | (s[i + 3] & 0x3fu);
		return cp < 0x10000 || cp > 0x10ffff ? 0 : 4;
	}
	return 0;
}

/* Whether every character of the text is one char_ok() takes; notes ASCII. */
static bool
text_ok(struct fast *f)
{
	const unsigned char *s = (const unsigned char *)f->s;
	size_t i = 0, k;
	uint64_t w;

	f->ascii = true;
	while (i < f->n) {
		if (i + 8 <= f->n) {
			memcpy(&w, s + i, 8);
			if (word_plain(w)) {
				i += 8;
				continue;
			}
		}
		if ((k = char_ok(s, f->n, i)) == 0)
			return false;
		f->ascii = f->ascii && k == 1;
		i += k;
	}
	return true;
}

static size_t
skip_spaces(const struct fast *f, size_t i)
{
	while (i < f->n && f->s[i] == ' ')
		i++;
	return i;
}

/* The offset of the line break ending the line holding i, or the end. */
static size_t
line_end(const struct fast *f, size_t i)
{
	const char *nl = i < f->n ? memchr(f->s + i, '\n', f->n - i) : NULL;

	return nl != NULL ? (size_t)(nl - f->s) : f->n;
}

/* The 1-based column of offset at on the cursor's line, in code points. */
static unsigned
col_at(const struct fast *f, size_t at)
{
	unsigned col = 1;
	size_t i;

	if (f->ascii)
		return (unsigned)(at - f->bol) + 1;
	for (i = f->bol; i < at; i++)
		col += ((unsigned char)f->s[i] & 0xc0) != 0x80;
	return col;
}

/*
 * From the start of a line (f->bol), skips blank and comment lines; leaves
 * pos at the first character of the next content line and ind its
 * indentation, or ind -1 at the end of the text.
 */
static void
next_line(struct fast *f)
{
	size_t i;

	for (;;) {
		if (f->bol >= f->n) {
			f->bol = f->pos = f->n;
			f->ind = -1;
			return;
		}
		i = skip_spaces(f, f->bol);
		if (i < f->n && f->s[i] != '\n' && f->s[i] != '#') {
			f->pos = i;
			f->ind = (int)(i - f->bol);
			return;
		}
		f->bol = line_end(f, i) + 1;
		f->line++;
	}
}

/* After a value ending at i: spaces, an optional comment, the line's end. */
static bool
end_line(struct fast *f, size_t i)
{
	i = skip_spaces(f, i);
	if (i < f->n && f->s[i] == '#') {
		if (f->s[i - 1] != ' ')
			return false;
		i = line_end(f, i);
	}
	if (i < f->n && f->s[i] != '\n')
		return false;
	f->bol = i + 1;
	f->line++;
	next_line(f);
	return true;
}

static void
push(struct fast *f, struct ynode *n)
{
	if (f->nkids == f->cap) {
		if (f->kids == f->stack) {
			f->kids = xmalloc(2 * f->cap * sizeof(*f->kids));
			memcpy(f->kids, f->stack, f->cap * sizeof(*f->kids));
			f->cap *= 2;
		} else
			f->kids = xgrow(f->kids, sizeof(*f->kids), f->nkids + 1, &f->cap);
	}
	f->kids[f->nkids++] = n;
}

static struct ynode *
node_new(struct fast *f, enum ynode_kind kind, size_t at)
{
	struct ynode *n = arena_alloc(f->a, sizeof(*n));

	n->kind = kind;
	n->line = f->line + f->line_offset;
	n->col = col_at(f, at);
	return n;
}

/* A scalar marked at offset at whose text is str (len bytes, in the arena). */
static bool
scalar_add(struct fast *f, size_t at, char *str, size_t len, bool plain)
{
	struct ynode *n;

	if (len > LOAD_MAX_STRING)
		return false;
	n = node_new(f, YNODE_SCALAR, at);
	str[len] = '\0';
	n->str = str;
	n->len = len;
	n->plain = plain;
	push(f, n);
	return true;
}

static bool
scalar_copy(struct fast *f, size_t at, size_t len)
{
	char *str = arena_alloc(f->a, len + 1);

	memcpy(str, f->s + at, len);
	return scalar_add(f, at, str, len, true);
}

static int
key_cmp(const void *x, const void *y)
{
	const struct ynode *const *a = x, *const *b = y;

	return strcmp((*a)->str, (*b)->str);
}

/* Whether the keys of pairs (npairs of them) are all different. */
static bool
keys_unique(const struct ypair *pairs, size_t npairs)
{
	const struct ynode **keys;
	size_t i, j;
	bool ok = true;

	if (npairs <= 24) {
		for (i = 1; i < npairs; i++)
			for (j = 0; j < i; j++)
				if (pairs[i].key->len == pairs[j].key->len &&
				    memcmp(pairs[i].key->str, pairs[j].key->str,
				    pairs[i].key->len) == 0)
					return false;
		return true;
	}
	keys = xmalloc(npairs * sizeof(*keys));
	for (i = 0; i < npairs; i++)
		keys[i] = pairs[i].key;
	qsort(keys, npairs, sizeof(*keys), key_cmp);
	for (i = 1; i < npairs && ok; i++)
		ok = strcmp(keys[i]->str, keys[i - 1]->str) != 0;
	free(keys);
	return ok;
}

/* Moves the nodes pushed since base into collection n, and pushes n. */
static bool
collection_end(struct fast *f, struct ynode *n, size_t base)
{
	size_t cnt = f->nkids - base, i;

	if (n->kind == YNODE_SEQ) {
		n->items = arena_array(f->a, cnt ? cnt : 1, sizeof(*n->items));
		if (cnt > 0)
			memcpy(n->items, f->kids + base, cnt * sizeof(*n->items));
		n->nitems = cnt;
	} else {
		n->npairs = cnt / 2;
		n->pairs = arena_array(f->a, n->npairs ? n->npairs : 1, sizeof(*n->pairs));
		for (i = 0; i < n->npairs; i++) {
			n->pairs[i].key = f->kids[base + 2 * i];
			n->pairs[i].value = f->kids[base + 2 * i + 1];
		}
		if (!keys_unique(n->pairs, n->npairs))
			return false;
	}
	f->nkids = base;
	f->depth--;
	push(f, n);
	return true;
}

/* The length of a simple key at i, followed by ':' and end; 0 if none. */
static size_t
key_len(const struct fast *f, size_t i, bool flow)
{
	size_t j = i;

	if (i >= f->n || f->s[i] == '-' || f->s[i] == '.')
		return 0;
	while (j < f->n && key_char(f->s[j]))
		j++;
	if (j == i || j - i > FAST_MAX_KEY || j >= f->n || f->s[j] != ':')
		return 0;
	if (j + 1 < f->n && f->s[j + 1] == ' ')
		return j - i;
	if (!flow && (j + 1 == f->n || f->s[j + 1] == '\n'))
		return j - i;
	return 0;
}

/* Whether a plain scalar may start at i (no indicator starts it). */
static bool
plain_starts(const struct fast *f, size_t i)
{
	switch (f->s[i]) {
	case '-':
		return i + 1 < f->n && alnum(f->s[i + 1]);
	case '?': case ':': case ',': case '[': case ']': case '{': case '}':
	case '#': case '&': case '*': case '!': case '|': case '>': case '\'':
	case '"': case '%': case '@': case '`': case ' ': case '\n':
		return false;
	default:
		return true;
	}
}

/* A one-line quoted scalar whose opening quote is at *ip; *ip ends past it. */
static bool
quoted(struct fast *f, size_t *ip)
{
	const char *s = f->s;
	size_t at = *ip, i, nesc = 0, len, k;
	char q = s[at], *str;
	const char *e = memchr(s + at + 1, q, f->n - at - 1);

	/* most strings hold no escape: find the end at once */
	if (e == NULL)
		return false;
	len = (size_t)(e - s) - at - 1;
	if (memchr(s + at + 1, '\n', len) == NULL &&
	    (q == '"' ? memchr(s + at + 1, '\\', len) == NULL :
	    (size_t)(e - s) + 1 >= f->n || e[1] != q)) {
		*ip = (size_t)(e - s) + 1;
		return scalar_add(f, at, arena_strndup(f->a, s + at + 1, len), len, false);
	}
	for (i = at + 1;; i++) {
		if (i >= f->n || s[i] == '\n')
			return false;
		if (s[i] == q) {
			if (q == '\'' && i + 1 < f->n && s[i + 1] == '\'') {
				i++;
				nesc++;
				continue;
			}
			break;
		}
		if (q == '"' && s[i] == '\\') {
			if (i + 1 >= f->n)
				return false;
			switch (s[i + 1]) {
			case '"': case '\\': case '/': case 'n': case 't':
				break;
			default:
				return false;
			}
			i++;
			nesc++;
		}
	}
	*ip = i + 1;
	len = i - at - 1 - nesc;
	str = arena_alloc(f->a, len + 1);
	if (nesc == 0)
		memcpy(str, s + at + 1, len);
	else
		for (k = 0, i = at + 1; k < len; i++) {
			char c = s[i];

			if (q == '\'' && c == q)
				c = s[++i];
			else if (q == '"' && c == '\\') {
				c = s[++i];
				c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
			}
			str[k++] = c;
		}
	return scalar_add(f, at, str, len, false);
}

static bool flow(struct fast *f, size_t *ip, int n);

/*
 * Spaces and line breaks between the tokens of a flow collection at *ip,
 * inside a block indented n: each new line must be more indented and hold
 * a token (no blank or comment line).
 */
static bool
flow_space(struct fast *f, size_t *ip, int n)
{
	size_t i = skip_spaces(f, *ip);

	while (i < f->n && f->s[i] == '\n') {
		f->bol = i + 1;
		f->line++;
		i = skip_spaces(f, f->bol);
		if (i >= f->n || f->s[i] == '\n' || f->s[i] == '#' || (int)(i - f->bol) <= n)
			return false;
	}
	*ip = i;
	return i < f->n;
}

/* One entry of a flow collection at *ip: a scalar or a nested collection. */
static bool
flow_item(struct fast *f, size_t *ip, int n)
{
	const char *s = f->s;
	size_t i = *ip, j, k, end;

	if (i >= f->n)
		return false;
	if (s[i] == '[' || s[i] == '{')
		return flow(f, ip, n);
	if (s[i] == '"' || s[i] == '\'')
		return quoted(f, ip);
	if (!plain_starts(f, i))
		return false;
	for (j = i; j < f->n; j++) {
		char c = s[j];

		if (c == ':' || (c == '#' && s[j - 1] == ' '))
			return false;
		if (c == ',' || c == '[' || c == ']' || c == '{' || c == '}')
			break;
		if (c == '\n') {
			/* the scalar ends here only if the next line goes on with , ] or } */
			k = skip_spaces(f, j + 1);
			if (k >= f->n || (s[k] != ',' && s[k] != ']' && s[k] != '}'))
				return false;
			break;
		}
	}
	if (j >= f->n)
		return false;
	for (end = j; s[end - 1] == ' '; end--)
		;
	*ip = j;
	return scalar_copy(f, i, end - i);
}

/*
 * A flow sequence or mapping whose bracket is at *ip, inside a block
 * indented n; its entries may continue on more indented lines.
 */
static bool
flow(struct fast *f, size_t *ip, int n)
{
	const char *s = f->s;
	size_t i = *ip + 1, base = f->nkids, k;
	bool map = s[*ip] == '{';
	char close = map ? '}' : ']';
	struct ynode *node;

	if (++f->depth > FAST_MAX_DEPTH)
		return false;
	node = node_new(f, map ? YNODE_MAP : YNODE_SEQ, *ip);
	if (!flow_space(f, &i, n))
		return false;
	if (s[i] == close) {
		*ip = i + 1;
		return collection_end(f, node, base);
	}
	for (;;) {
		if (map) {
			if ((k = key_len(f, i, true)) == 0 || !scalar_copy(f, i, k))
				return false;
			i = skip_spaces(f, i + k + 1);
		}
		if (!flow_item(f, &i, n) || !flow_space(f, &i, n))
			return false;
		if (s[i] == close)
			break;
		if (s[i] != ',')
			return false;
		i++;
		if (!flow_space(f, &i, n) || s[i] == close)
			return false;
	}
	*ip = i + 1;
	return collection_end(f, node, base);
}

/*
 * The lines of a literal block scalar from first (the line after the
 * header) with indentation ind: returns the offset where it ends (the start
 * of the first less indented line, or the end of the text).
 */
static size_t
literal_extent(const struct fast *f, size_t first, size_t ind)
{
	size_t bol = first, sp, eol;

	for (;;) {
		for (sp = 0; sp < ind && bol + sp < f->n && f->s[bol + sp] == ' '; sp++)
			;
		if (bol + sp >= f->n || (sp < ind && f->s[bol + sp] != '\n'))
			return bol;
		eol = line_end(f, bol + sp);
		if (eol >= f->n)
			return f->n;
		bol = eol + 1;
	}
}

/*
 * The text of a literal block scalar whose lines are [first, end), with
 * chomping chomp (-1 strip, 0 clip, 1 keep), into str; returns its length.
 */
static size_t
literal_text(const struct fast *f, size_t first, size_t end, size_t ind, int chomp,
    char *str, unsigned *nbreaks)
{
	size_t bol = first, sp, eol, len = 0, lead = 0, trail = 0;
	bool content = false;

	*nbreaks = 0;
	while (bol < end) {
		for (sp = 0; sp < ind && bol + sp < end && f->s[bol + sp] == ' '; sp++)
			;
		eol = line_end(f, bol + sp);
		if (sp == ind && bol + sp < eol) {
			if (content) {
				memset(str + len, '\n', lead + trail);
				len += lead + trail;
			}
			memcpy(str + len, f->s + bol + ind, eol - bol - ind);
			len += eol - bol - ind;
			content = true;
			lead = eol < f->n;
			trail = 0;
		} else
			trail += eol < f->n;
		*nbreaks += eol < f->n;
		bol = eol + 1;
	}
	if (chomp >= 0 && lead)
		str[len++] = '\n';
	if (chomp == 1) {
		memset(str + len, '\n', trail);
		len += trail;
	}
	return len;
}

/* A literal block scalar whose '|' is at f->pos, in a block indented n. */
static bool
literal(struct fast *f, int n)
{
	const char *s = f->s;
	size_t at = f->pos, i = at + 1, first, end, ind, len;
	unsigned nbreaks;
	int chomp = 0;
	char *str;

	if (i < f->n && (s[i] == '-' || s[i] == '+'))
		chomp = s[i++] == '-' ? -1 : 1;
	if (i < f->n && s[i] != ' ' && s[i] != '\n')
		return false;
	i = skip_spaces(f, i);
	if (i < f->n && s[i] == '#')
		i = line_end(f, i);
	if (i >= f->n || s[i] != '\n')
		return false;
	first = i + 1;
	ind = skip_spaces(f, first) - first;
	if (first + ind >= f->n || s[first + ind] == '\n' || (int)ind <= n)
		return false;
	end = literal_extent(f, first, ind);
	str = arena_alloc(f->a, end - first + 1);
	len = literal_text(f, first, end, ind, chomp, str, &nbreaks);
	if (!scalar_add(f, at, str, len, false))
		return false;
	f->line += 1 + nbreaks;
	f->bol = end;
	next_line(f);
	return true;
}

/* A plain scalar in block context at f->pos, up to the line's end or a comment. */
static bool
plain(struct fast *f)
{
	const char *s = f->s, *c;
	size_t i, end, at = f->pos;

	if (!plain_starts(f, at))
		return false;
	/* the end: the line's, or a comment's start */
	i = line_end(f, at);
	for (c = s + at; (c = memchr(c, '#', (size_t)(s + i - c))) != NULL; c++)
		if (c[-1] == ' ') {
			i = (size_t)(c - s);
			break;
		}
	/* ": " or ':' at the line's end would make a mapping */
	for (c = s + at; (c = memchr(c, ':', (size_t)(s + i - c))) != NULL; c++)
		if (c + 1 == s + f->n || c[1] == ' ' || c[1] == '\n')
			return false;
	for (end = i; s[end - 1] == ' '; end--)
		;
	return scalar_copy(f, at, end - at) && end_line(f, i);
}

/* A value starting on the cursor's line, in a block indented n. */
static bool
inline_value(struct fast *f, int n)
{
	size_t i = f->pos;

	switch (f->s[i]) {
	case '"':
	case '\'':
		return quoted(f, &i) && end_line(f, i);
	case '[':
	case '{':
		return flow(f, &i, n) && end_line(f, i);
	case '|':
		return literal(f, n);
	default:
		return plain(f);
	}
}

static bool block_map(struct fast *f, int indent);

/* A block sequence whose first '-' is at f->pos, in column indent. */
static bool
block_seq(struct fast *f, int indent)
{
	const char *s = f->s;
	size_t base = f->nkids, i;
	struct ynode *n;

	if (++f->depth > FAST_MAX_DEPTH)
		return false;
	n = node_new(f, YNODE_SEQ, f->pos);
	for (;;) {
		i = skip_spaces(f, f->pos + 1);
		if (i >= f->n || s[i] == '\n' || s[i] == '#')
			return false;
		f->pos = i;
		if (key_len(f, i, false) > 0) {
			if (!block_map(f, (int)(i - f->bol)))
				return false;
		} else if (!inline_value(f, indent))
			return false;
		if (f->ind < indent)
			break;
		if (f->ind > indent || s[f->pos] != '-' || f->pos + 1 >= f->n ||
		    s[f->pos + 1] != ' ')
			return false;
	}
	return collection_end(f, n, base);
}

/* The value of a key that ended its line: a more indented collection. */
static bool
nested(struct fast *f, int indent)
{
	if (f->ind <= indent)
		return false;
	if (f->s[f->pos] == '-')
		return f->pos + 1 < f->n && f->s[f->pos + 1] == ' ' && block_seq(f, f->ind);
	return block_map(f, f->ind);
}

/* A block mapping whose first key is at f->pos, in column indent. */
static bool
block_map(struct fast *f, int indent)
{
	size_t base = f->nkids, k, i;
	struct ynode *n;

	if (++f->depth > FAST_MAX_DEPTH)
		return false;
	n = node_new(f, YNODE_MAP, f->pos);
	for (;;) {
		if ((k = key_len(f, f->pos, false)) == 0 || !scalar_copy(f, f->pos, k))
			return false;
		i = skip_spaces(f, f->pos + k + 1);
		if (i >= f->n || f->s[i] == '\n' || f->s[i] == '#') {
			if (!end_line(f, i) || !nested(f, indent))
				return false;
		} else {
			f->pos = i;
			if (!inline_value(f, indent))
				return false;
		}
		if (f->ind < indent)
			break;
		if (f->ind > indent)
			return false;
	}
	return collection_end(f, n, base);
}

static struct ynode *
fast_run(struct fast *f)
{
	if (!text_ok(f))
		return NULL;
	next_line(f);
	if (f->ind < 0 || !block_map(f, f->ind) || f->ind != -1)
		return NULL;
	return f->kids[0];
}

struct ynode *
yaml_fast_parse(const char *text, size_t len, unsigned line_offset, struct arena *a)
{
	struct fast f;
	struct arena_mark m = arena_mark(a);
	struct ynode *root;

	f.s = text;
	f.n = len;
	f.pos = f.bol = 0;
	f.line = 1;
	f.line_offset = line_offset;
	f.ind = -1;
	f.depth = 0;
	f.a = a;
	f.kids = f.stack;
	f.nkids = 0;
	f.cap = FAST_STACK;
	root = fast_run(&f);
	if (f.kids != f.stack)
		free(f.kids);
	if (root == NULL)
		arena_release(a, m);
	return root;
}
