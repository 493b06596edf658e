/*
 * mustache_parse.c: Mustache source to the node array (mustache_int.h).
 *
 * Two passes. The tokenizer cuts the source into text runs, each ending at a
 * newline or before a tag, and tags, following delimiter changes. The
 * builder then walks the tokens a line at a time: it decides whether the
 * line is standalone (its tags alone on it, so the line itself vanishes),
 * marks where lines start, strips the indentation a block's content carries
 * at its definition, and nests sections.
 */
#include <stdlib.h>
#include <string.h>

#include "mustache_int.h"

enum { TK_TEXT, TK_TAG };

struct mtok {
	int type;
	char sigil;		/* tags: 0 (variable) or one of #^/!>&{=<$ */
	bool dynamic;		/* {{>*name}} */
	bool nl;		/* text: ends with a newline */
	size_t start, len;	/* text, or the tag's name (trimmed) */
	unsigned line, col;	/* tags: where the opening delimiter starts */
};

struct tokenizer {
	struct mtemplate *t;
	struct diag *d;
	struct mtok *v;
	size_t n, cap;
	const char *otag, *ctag; /* the current delimiters */
	size_t olen, clen;
	size_t at;		/* position tracking for line and col */
	unsigned line, col;
};

struct mopen {
	uint32_t node;
	const struct mtok *tok;
	const char *strip;	/* the strip in force before this block */
	size_t striplen;
};

struct builder {
	struct mtemplate *t;
	struct diag *d;
	struct mtok *tok;
	size_t ntok;
	struct mnode *v;
	size_t n, cap;
	struct mopen *stack;
	size_t depth, scap;
	const char *strip;	/* indentation removed from each line start */
	size_t striplen;
};

static bool
is_space(char c)
{
	return c == ' ' || c == '\t';
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Moves line and col (1-based, col in characters) up to pos. */
static void
tk_advance(struct tokenizer *tk, size_t pos)
{
	const char *s = tk->t->src;

	for (; tk->at < pos; tk->at++) {
		if (s[tk->at] == '\n') {
			tk->line++;
			tk->col = 1;
		} else if (!utf8_continues(s[tk->at]))
			tk->col++;
	}
}

static struct mtok *
tk_push(struct tokenizer *tk, int type)
{
	struct mtok *k;

	tk->v = xgrow(tk->v, sizeof(*tk->v), tk->n + 1, &tk->cap);
	k = &tk->v[tk->n++];
	memset(k, 0, sizeof(*k));
	k->type = type;
	return k;
}

/* Text from start to end, cut after each newline. */
static void
tk_text(struct tokenizer *tk, size_t start, size_t end)
{
	const char *s = tk->t->src;

	while (start < end) {
		const char *nl = memchr(s + start, '\n', end - start);
		size_t stop = nl != NULL ? (size_t)(nl - s) + 1 : end;
		struct mtok *k = tk_push(tk, TK_TEXT);

		k->start = start;
		k->len = stop - start;
		k->nl = nl != NULL;
		start = stop;
	}
}

/* Where the tag's closer starts (at or after from), or NULL. */
static const char *
tk_find_close(struct tokenizer *tk, size_t from, char before)
{
	const char *s = tk->t->src, *end = s + tk->t->len, *p = s + from;

	for (;;) {
		p = memmem(p, (size_t)(end - p), tk->ctag, tk->clen);
		if (p == NULL)
			return NULL;
		if (before == 0)
			return p;
		if (p > s + from && p[-1] == before)
			return p - 1;
		p++;
	}
}

static void
trim(const char *s, size_t *start, size_t *end)
{
	while (*start < *end && is_blank(s[*start]))
		(*start)++;
	while (*end > *start && is_blank(s[*end - 1]))
		(*end)--;
}

/* {{=<% %>=}}: the content between the two '=' is two delimiters. */
static int
tk_delims(struct tokenizer *tk, size_t start, size_t end)
{
	const char *s = tk->t->src;
	size_t a = start, b;

	trim(s, &start, &end);
	a = start;
	while (a < end && !is_blank(s[a]))
		a++;
	b = a;
	while (b < end && is_blank(s[b]))
		b++;
	if (a == start || b == a || b == end)
		return -1;
	if (memchr(s + start, '=', end - start) != NULL)
		return -1;
	for (size_t i = b; i < end; i++)
		if (is_blank(s[i]))
			return -1;
	tk->otag = s + start;
	tk->olen = a - start;
	tk->ctag = s + b;
	tk->clen = end - b;
	return 0;
}

static int
tk_name(struct tokenizer *tk, struct mtok *k, size_t start, size_t end)
{
	const char *s = tk->t->src;

	trim(s, &start, &end);
	if (k->sigil == '>' && start < end && s[start] == '*') {
		k->dynamic = true;
		start++;
		trim(s, &start, &end);
	}
	k->start = start;
	k->len = end - start;
	if (start == end) {
		diag_error(tk->d, tk->t->path, k->line, k->col,
		    "missing name in tag");
		return -1;
	}
	/* no blank and no control character */
	for (size_t i = start; i < end; i++)
		if (is_blank(s[i]) || (unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
			diag_error(tk->d, tk->t->path, k->line, k->col,
			    "invalid tag name '%.*s'", (int)(end - start),
			    s + start);
			return -1;
		}
	return 0;
}

/* Reads the tag whose opening delimiter is at pos; returns the end or 0. */
static size_t
tk_tag(struct tokenizer *tk, size_t pos)
{
	const char *s = tk->t->src, *close;
	size_t q = pos + tk->olen, end;
	struct mtok *k = tk_push(tk, TK_TAG);
	char before = 0;

	tk_advance(tk, pos);
	k->line = tk->line;
	k->col = tk->col;
	if (q < tk->t->len && strchr("#^/!>&{=<$", s[q]) != NULL && s[q])
		k->sigil = s[q++];
	if (k->sigil == '{')
		before = '}';
	else if (k->sigil == '=')
		before = '=';
	close = tk_find_close(tk, q, before);
	if (close == NULL) {
		diag_error(tk->d, tk->t->path, k->line, k->col, "unclosed tag");
		return 0;
	}
	end = (size_t)(close - s) + (before ? 1 : 0) + tk->clen;
	if (k->sigil == '!')
		return end;
	if (k->sigil == '=') {
		if (tk_delims(tk, q, (size_t)(close - s)) == -1) {
			diag_error(tk->d, tk->t->path, k->line, k->col,
			    "invalid delimiter change");
			return 0;
		}
		return end;
	}
	if (tk_name(tk, k, q, (size_t)(close - s)) == -1)
		return 0;
	return end;
}

static int
tokenize(struct tokenizer *tk)
{
	const char *s = tk->t->src;
	size_t pos = 0, len = tk->t->len;

	tk->otag = "{{";
	tk->ctag = "}}";
	tk->olen = tk->clen = 2;
	tk->line = tk->col = 1;
	while (pos < len) {
		const char *p = memmem(s + pos, len - pos, tk->otag, tk->olen);
		size_t stop = p != NULL ? (size_t)(p - s) : len;

		tk_text(tk, pos, stop);
		if (p == NULL)
			break;
		pos = tk_tag(tk, stop);
		if (pos == 0)
			return -1;
	}
	return 0;
}

/* Builder. */

static struct mnode *
bd_node(struct builder *b, enum mnode_kind kind, const struct mtok *k)
{
	struct mnode *n;

	b->v = xgrow(b->v, sizeof(*b->v), b->n + 1, &b->cap);
	n = &b->v[b->n];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->end = (uint32_t)++b->n;
	n->indent = "";
	if (k != NULL) {
		n->line = k->line;
		n->col = k->col;
	}
	return n;
}

static void
bd_name(struct builder *b, struct mnode *n, const struct mtok *k)
{
	const char *s = b->t->src + k->start, *p, *dot;
	size_t i = 0, nseg = 1;

	n->name = arena_strndup(b->t->arena, s, k->len);
	if (strcmp(n->name, ".") == 0)
		return;
	for (p = n->name; (p = strchr(p, '.')) != NULL; p++)
		nseg++;
	n->seg = arena_array(b->t->arena, nseg, sizeof(*n->seg));
	n->seglen = arena_array(b->t->arena, nseg, sizeof(*n->seglen));
	n->seghash = arena_array(b->t->arena, nseg, sizeof(*n->seghash));
	for (p = n->name; i < nseg; i++) {
		dot = strchr(p, '.');
		if (dot == NULL)
			dot = p + strlen(p);
		n->seg[i] = arena_strndup(b->t->arena, p, (size_t)(dot - p));
		n->seglen[i] = (size_t)(dot - p);
		n->seghash[i] = tv_hash_n(n->seg[i], n->seglen[i]);
		p = dot + 1;
	}
	n->nseg = (uint32_t)nseg;
}

static void
bd_open(struct builder *b, struct mnode *n, const struct mtok *k)
{
	struct mopen *o;

	b->stack = xgrow(b->stack, sizeof(*b->stack), b->depth + 1, &b->scap);
	o = &b->stack[b->depth++];
	o->node = (uint32_t)(n - b->v);
	o->tok = k;
	o->strip = b->strip;
	o->striplen = b->striplen;
}

static int
bd_close(struct builder *b, const struct mtok *k)
{
	const char *name = b->t->src + k->start;
	struct mopen *o;
	struct mnode *n;

	if (b->depth == 0) {
		diag_error(b->d, b->t->path, k->line, k->col,
		    "unexpected closing tag '%.*s'", (int)k->len, name);
		return -1;
	}
	o = &b->stack[b->depth - 1];
	n = &b->v[o->node];
	if (strlen(n->name) != k->len || memcmp(n->name, name, k->len) != 0) {
		diag_error(b->d, b->t->path, k->line, k->col,
		    "closing tag '%.*s' does not match open section '%s'",
		    (int)k->len, name, n->name);
		return -1;
	}
	n->end = (uint32_t)b->n;
	b->strip = o->strip;
	b->striplen = o->striplen;
	b->depth--;
	return 0;
}

/* Leading spaces and tabs of token k (none when k is not text). */
static size_t
lead_ws(const struct builder *b, size_t k)
{
	const struct mtok *t;
	size_t i = 0;

	if (k >= b->ntok || b->tok[k].type != TK_TEXT)
		return 0;
	t = &b->tok[k];
	while (i < t->len && is_space(b->t->src[t->start + i]))
		i++;
	return i;
}

/*
 * A standalone block's content is reindented: the indentation of its first
 * line is removed from each line (and the block's site indentation is what
 * remains of it past the enclosing block's).
 */
static void
bd_block_strip(struct builder *b, struct mnode *n, size_t next)
{
	const char *s = b->t->src + (next < b->ntok ? b->tok[next].start : 0);
	size_t len = lead_ws(b, next), common = 0;

	while (common < len && common < b->striplen &&
	    s[common] == b->strip[common])
		common++;
	n->indent = s + common;
	n->indent_len = len - common;
	b->strip = s;
	b->striplen = len;
}

static int
bd_tag(struct builder *b, const struct mtok *k, bool standalone,
    const char *indent, size_t indent_len, size_t next)
{
	struct mnode *n;

	switch (k->sigil) {
	case '!':
	case '=':
		return 0;
	case '/':
		return bd_close(b, k);
	case 0:
	case '&':
	case '{':
		n = bd_node(b, k->sigil == 0 ? MN_VAR : MN_RAW, k);
		bd_name(b, n, k);
		return 0;
	case '>':
		n = bd_node(b, MN_PARTIAL, k);
		break;
	case '#':
		n = bd_node(b, MN_SECTION, k);
		break;
	case '^':
		n = bd_node(b, MN_INVERTED, k);
		break;
	case '<':
		n = bd_node(b, MN_PARENT, k);
		break;
	default:
		n = bd_node(b, MN_BLOCK, k);
		break;
	}
	bd_name(b, n, k);
	n->dynamic = k->dynamic;
	n->standalone = standalone;
	if (standalone || k->sigil == '$') {
		n->indent = indent;
		n->indent_len = indent_len;
	}
	if (k->sigil == '>')
		return 0;
	if (b->depth >= MUSTACHE_MAX_NESTING) {
		diag_error(b->d, b->t->path, k->line, k->col,
		    "sections nested more than %d deep at '%s'",
		    MUSTACHE_MAX_NESTING, n->name);
		return -1;
	}
	bd_open(b, n, k);
	if (k->sigil == '$' && standalone)
		bd_block_strip(b, n, next);
	return 0;
}

/* Removes the block strip from the start of the line's first token. */
static void
bd_apply_strip(struct builder *b, struct mtok *k)
{
	const char *s = b->t->src + k->start;
	size_t i = 0;

	if (k->type != TK_TEXT)
		return;
	while (i < b->striplen && i < k->len && s[i] == b->strip[i])
		i++;
	k->start += i;
	k->len -= i;
}

static bool
text_is_space(const struct builder *b, const struct mtok *k)
{
	const char *s = b->t->src + k->start;

	for (size_t i = 0; i < k->len; i++)
		if (!is_space(s[i]))
			return false;
	return true;
}

/* Spaces and tabs, then "\n" or "\r\n" (or nothing, at the end). */
static bool
text_is_trail(const struct builder *b, const struct mtok *k, bool last)
{
	const char *s = b->t->src + k->start;
	size_t n = k->len;

	if (!k->nl)
		return last && text_is_space(b, k);
	n--;
	if (n > 0 && s[n - 1] == '\r')
		n--;
	for (size_t i = 0; i < n; i++)
		if (!is_space(s[i]))
			return false;
	return true;
}

static bool
same_name(const struct builder *b, const struct mtok *k, const char *name)
{
	return strlen(name) == k->len &&
	    memcmp(b->t->src + k->start, name, k->len) == 0;
}

/* Tags that may stand alone on a line: one, or a pair around a parent. */
static bool
tags_standalone(const struct builder *b, const struct mtok *k, size_t n)
{
	const struct mnode *top, *below;

	if (n == 1)
		return k[0].sigil != 0 && strchr("#^/!>=<$", k[0].sigil);
	if (n != 2)
		return false;
	if (k[0].sigil == '<')
		return k[1].sigil == '$' ||
		    (k[1].sigil == '/' && k[1].len == k[0].len &&
		    memcmp(b->t->src + k[0].start, b->t->src + k[1].start,
		    k[0].len) == 0);
	if (k[0].sigil != '/' || k[1].sigil != '/' || b->depth < 2)
		return false;
	top = &b->v[b->stack[b->depth - 1].node];
	below = &b->v[b->stack[b->depth - 2].node];
	return top->kind == MN_BLOCK && below->kind == MN_PARENT &&
	    same_name(b, &k[0], top->name) && same_name(b, &k[1], below->name);
}

/*
 * Is the line of tokens [i, j) standalone? If so, *first and *ntags give
 * its tags and *lead its leading whitespace token (or SIZE_MAX).
 */
static bool
line_standalone(const struct builder *b, size_t i, size_t j, size_t *first,
    size_t *ntags, size_t *lead)
{
	size_t k = i;

	*lead = SIZE_MAX;
	if (k < j && b->tok[k].type == TK_TEXT) {
		if (b->tok[k].nl || !text_is_space(b, &b->tok[k]))
			return false;
		*lead = k++;
	}
	*first = k;
	while (k < j && b->tok[k].type == TK_TAG)
		k++;
	*ntags = k - *first;
	if (*ntags == 0 || !tags_standalone(b, &b->tok[*first], *ntags))
		return false;
	if (k == j)
		return j == b->ntok;
	return k + 1 == j && text_is_trail(b, &b->tok[k], j == b->ntok);
}

static bool
line_is_empty(const struct builder *b, size_t i, size_t j)
{
	const struct mtok *k = &b->tok[i];
	const char *s = b->t->src + k->start;

	if (j != i + 1 || k->type != TK_TEXT)
		return false;
	return (k->len == 1 && s[0] == '\n') ||
	    (k->len == 2 && s[0] == '\r' && s[1] == '\n');
}

static int
bd_line_standalone(struct builder *b, size_t first, size_t ntags,
    size_t lead, size_t next)
{
	const char *indent = "";
	size_t indent_len = 0;

	if (lead != SIZE_MAX) {
		indent = b->t->src + b->tok[lead].start;
		indent_len = b->tok[lead].len;
	}
	for (size_t k = first; k < first + ntags; k++)
		if (bd_tag(b, &b->tok[k], true, indent, indent_len, next) == -1)
			return -1;
	return 0;
}

static int
bd_line(struct builder *b, size_t i, size_t j)
{
	bool marked = line_is_empty(b, i, j), ws_only = true;
	const char *lead = "";
	size_t lead_len = 0, first, ntags, leadk;

	bd_apply_strip(b, &b->tok[i]);
	if (line_standalone(b, i, j, &first, &ntags, &leadk))
		return bd_line_standalone(b, first, ntags, leadk, j);
	for (size_t k = i; k < j; k++) {
		const struct mtok *t = &b->tok[k];
		struct mnode *n;

		if (t->type == TK_TEXT && t->len == 0)
			continue;
		if (!marked && !(t->type == TK_TAG && t->sigil == '/')) {
			bd_node(b, MN_LINE, NULL);
			marked = true;
		}
		if (t->type == TK_TAG) {
			if (bd_tag(b, t, false, ws_only ? lead : "",
			    ws_only ? lead_len : 0, j) == -1)
				return -1;
			ws_only = false;
			continue;
		}
		n = bd_node(b, MN_TEXT, NULL);
		n->text = b->t->src + t->start;
		n->len = t->len;
		if (k == i && !t->nl && text_is_space(b, t)) {
			lead = n->text;
			lead_len = n->len;
		} else
			ws_only = false;
	}
	return 0;
}

static int
build(struct builder *b)
{
	size_t i = 0, j;
	const struct mopen *o;

	while (i < b->ntok) {
		for (j = i; j < b->ntok; j++)
			if (b->tok[j].type == TK_TEXT && b->tok[j].nl)
				break;
		j = j < b->ntok ? j + 1 : j;
		if (bd_line(b, i, j) == -1)
			return -1;
		i = j;
	}
	if (b->depth > 0) {
		o = &b->stack[b->depth - 1];
		diag_error(b->d, b->t->path, o->tok->line, o->tok->col,
		    "unclosed section '%s'", b->v[o->node].name);
		return -1;
	}
	return 0;
}

/*
 * Marks each run of text and line nodes whose texts are one piece of the
 * source (no tag between them), so that rendering writes it in one go.
 * Walked from the end, so that each node learns where its run ends from
 * the text node after it: one pass, however long the run.
 */
static void
mark_runs(struct mtemplate *t)
{
	uint32_t i = t->nnodes, next = t->nnodes, run_end = t->nnodes;
	const char *start = NULL, *stop = NULL;

	/* next: the first node after i that is not a line node; start,
	 * stop and run_end: the run of the text node at next, if it is one */
	while (i-- > 0) {
		struct mnode *n = &t->nodes[i];
		const struct mnode *m = next < t->nnodes ? &t->nodes[next] : NULL;
		bool joins = m != NULL && m->kind == MN_TEXT;

		if (n->kind == MN_TEXT) {
			if (!joins || m->text != n->text + n->len) {
				run_end = next;
				stop = n->text + n->len;
			}
			start = n->text;
			joins = true;
			next = i;
		} else if (n->kind != MN_LINE) {
			next = i;
			continue;
		}
		if (joins && run_end > i + 1) {
			n->run_end = run_end;
			n->run = start;
			n->run_len = (size_t)(stop - start);
		}
	}
}

int
mustache_parse(struct mtemplate *t, struct diag *d)
{
	struct tokenizer tk;
	struct builder b;
	int rc = -1;

	memset(&tk, 0, sizeof(tk));
	memset(&b, 0, sizeof(b));
	tk.t = t;
	tk.d = d;
	if (tokenize(&tk) == -1)
		goto out;
	b.t = t;
	b.d = d;
	b.tok = tk.v;
	b.ntok = tk.n;
	b.strip = "";
	if (build(&b) == -1)
		goto out;
	t->nodes = b.v;
	t->nnodes = (uint32_t)b.n;
	b.v = NULL;
	mark_runs(t);
	rc = 0;
out:
	free(tk.v);
	free(b.v);
	free(b.stack);
	return rc;
}
