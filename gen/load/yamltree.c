/* yamltree.c: libyaml events -> a marked node tree, refusing what podium does not accept. */
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "load.h"
#include "parse.h"
#include "util.h"
#include "yamltree.h"

struct frame {
	struct ynode *node;
	struct ynode **kids;
	size_t nkids, cap;
};

struct tree {
	const char *text;     /* the document's bytes */
	size_t len;
	size_t cur_byte, cur_char; /* a place in text: libyaml's marks count characters */
	const char *file;
	unsigned line_offset;
	struct arena *a;
	struct diag *d;
	struct frame stack[LOAD_MAX_DEPTH];
	size_t depth;
	struct ynode *root;
	size_t ndocs;
	bool failed;
};

void
text_line_col(const char *text, size_t len, size_t off, unsigned *line, unsigned *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off && i < len; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (!utf8_continues(text[i]))
			(*col)++;
	}
}

static void
tree_error_at(struct tree *t, const yaml_mark_t *m, const char *msg, const char *arg)
{
	if (arg != NULL)
		diag_error(t->d, t->file, (unsigned)m->line + 1 + t->line_offset,
		    (unsigned)m->column + 1, msg, arg);
	else
		diag_error(t->d, t->file, (unsigned)m->line + 1 + t->line_offset,
		    (unsigned)m->column + 1, "%s", msg);
	t->failed = true;
}

static struct ynode *
node_new(struct tree *t, enum ynode_kind kind, const yaml_mark_t *m)
{
	struct ynode *n = arena_alloc(t->a, sizeof(*n));

	n->kind = kind;
	n->line = (unsigned)m->line + 1 + t->line_offset;
	n->col = (unsigned)m->column + 1;
	return n;
}

/* Attaches a finished node to its parent, or makes it the document's root. */
static void
node_attach(struct tree *t, struct ynode *n)
{
	struct frame *f;

	if (t->depth == 0) {
		t->root = n;
		return;
	}
	f = &t->stack[t->depth - 1];
	f->kids = xgrow(f->kids, sizeof(*f->kids), f->nkids + 1, &f->cap);
	f->kids[f->nkids++] = n;
}

/* Refuses anchors and tags on a node's properties. */
static bool
props_ok(struct tree *t, const yaml_mark_t *m, const yaml_char_t *anchor,
    const yaml_char_t *tag)
{
	if (anchor != NULL) {
		tree_error_at(t, m, "yaml anchors are not allowed ('&%s')", (const char *)anchor);
		return false;
	}
	if (tag != NULL) {
		tree_error_at(t, m, "yaml tags are not allowed ('%s')", (const char *)tag);
		return false;
	}
	return true;
}

/*
 * The first control character of a string (escapes such as "\e" or
 * "\x01" make them): any C0 byte but tab and line feed, DEL, or C1
 * (U+0080-U+009F); -1 when there is none. They reach spreadsheets and
 * terminals raw, so the loader refuses them as it refuses invalid bytes.
 */
static long
control_char(const char *v, size_t len)
{
	const unsigned char *s = (const unsigned char *)v;
	size_t i;

	for (i = 0; i < len; i++) {
		if ((s[i] < 0x20 && s[i] != '\t' && s[i] != '\n') || s[i] == 0x7f)
			return s[i];
		if (s[i] == 0xc2 && i + 1 < len && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f)
			return s[i + 1];
	}
	return -1;
}

/* The byte offset of character index ci in the text (marks come in order, so
 * the walk goes on from the last place asked). */
static size_t
byte_at(struct tree *t, size_t ci)
{
	if (ci < t->cur_char) {
		t->cur_byte = 0;
		t->cur_char = 0;
	}
	while (t->cur_char < ci && t->cur_byte < t->len) {
		t->cur_byte++;
		while (t->cur_byte < t->len && utf8_continues(t->text[t->cur_byte]))
			t->cur_byte++;
		t->cur_char++;
	}
	return t->cur_byte;
}

static enum scalar_style
scalar_style(yaml_scalar_style_t s)
{
	switch (s) {
	case YAML_SINGLE_QUOTED_SCALAR_STYLE: return SCALAR_SINGLE;
	case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return SCALAR_DOUBLE;
	case YAML_LITERAL_SCALAR_STYLE: return SCALAR_LITERAL;
	case YAML_FOLDED_SCALAR_STYLE: return SCALAR_FOLDED;
	default: return SCALAR_PLAIN;
	}
}

/* Keeps the scalar's source bytes when they differ from its value. */
static void
scalar_source(struct tree *t, struct ynode *n, const yaml_event_t *ev)
{
	size_t from = byte_at(t, ev->start_mark.index);
	size_t to = byte_at(t, ev->end_mark.index);

	if (to <= from || (to - from == n->len && memcmp(t->text + from, n->str, n->len) == 0))
		return;
	n->src = arena_strndup(t->a, t->text + from, to - from);
	n->src_len = to - from;
}

static void
on_scalar(struct tree *t, yaml_event_t *ev)
{
	struct ynode *n;
	const char *v = (const char *)ev->data.scalar.value;
	size_t len = ev->data.scalar.length;
	uint32_t nc;
	long cc;

	if (!props_ok(t, &ev->start_mark, ev->data.scalar.anchor,
	    ev->data.scalar.plain_implicit || ev->data.scalar.quoted_implicit ?
	    NULL : ev->data.scalar.tag))
		return;
	if (len > LOAD_MAX_STRING) {
		diag_error(t->d, t->file, (unsigned)ev->start_mark.line + 1 + t->line_offset,
		    (unsigned)ev->start_mark.column + 1,
		    "string longer than %u bytes (the limit)", LOAD_MAX_STRING);
		t->failed = true;
		return;
	}
	if (memchr(v, '\0', len) != NULL) {
		tree_error_at(t, &ev->start_mark, "string holds a NUL character", NULL);
		return;
	}
	if (utf8_refused(v, len, false, &nc) != len) {
		diag_error(t->d, t->file, (unsigned)ev->start_mark.line + 1 + t->line_offset,
		    (unsigned)ev->start_mark.column + 1,
		    "noncharacter U+%04lX is not allowed in text", (unsigned long)nc);
		t->failed = true;
		return;
	}
	if ((cc = control_char(v, len)) != -1) {
		diag_error(t->d, t->file, (unsigned)ev->start_mark.line + 1 + t->line_offset,
		    (unsigned)ev->start_mark.column + 1,
		    "string holds a control character (U+%04lX)", cc);
		t->failed = true;
		return;
	}
	n = node_new(t, YNODE_SCALAR, &ev->start_mark);
	n->str = arena_strndup(t->a, v, len);
	n->len = len;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	n->style = scalar_style(ev->data.scalar.style);
	scalar_source(t, n, ev);
	node_attach(t, n);
}

static void
on_start(struct tree *t, yaml_event_t *ev, enum ynode_kind kind)
{
	const yaml_char_t *anchor, *tag;
	int implicit;
	struct frame *f;

	if (kind == YNODE_SEQ) {
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		implicit = ev->data.sequence_start.implicit;
	} else {
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		implicit = ev->data.mapping_start.implicit;
	}
	if (!props_ok(t, &ev->start_mark, anchor, implicit ? NULL : tag))
		return;
	if (t->depth == LOAD_MAX_DEPTH) {
		diag_error(t->d, t->file, (unsigned)ev->start_mark.line + 1 + t->line_offset,
		    (unsigned)ev->start_mark.column + 1,
		    "nesting deeper than %d levels (the limit)", LOAD_MAX_DEPTH);
		t->failed = true;
		return;
	}
	f = &t->stack[t->depth++];
	memset(f, 0, sizeof(*f));
	f->node = node_new(t, kind, &ev->start_mark);
}

struct keyref {
	const char *s;
	size_t idx;
};

static int
keyref_cmp(const void *a, const void *b)
{
	const struct keyref *x = a, *y = b;
	int c = strcmp(x->s, y->s);

	if (c != 0)
		return c;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Marks and reports keys that repeat an earlier key, in document order. */
static void
map_find_duplicates(struct tree *t, struct ynode *n)
{
	struct keyref *refs;
	size_t *first, i;

	if (n->npairs < 2)
		return;
	refs = xmalloc(n->npairs * sizeof(*refs));
	first = xmalloc(n->npairs * sizeof(*first));
	for (i = 0; i < n->npairs; i++) {
		refs[i].s = n->pairs[i].key->str;
		refs[i].idx = i;
	}
	qsort(refs, n->npairs, sizeof(*refs), keyref_cmp);
	for (i = 1; i < n->npairs; i++)
		if (strcmp(refs[i].s, refs[i - 1].s) == 0) {
			n->pairs[refs[i].idx].duplicate = true;
			first[refs[i].idx] = refs[i - 1].idx;
			if (n->pairs[refs[i - 1].idx].duplicate)
				first[refs[i].idx] = first[refs[i - 1].idx];
		}
	for (i = 0; i < n->npairs; i++) {
		struct ynode *k = n->pairs[i].key;

		if (n->pairs[i].duplicate)
			diag_error(t->d, t->file, k->line, k->col,
			    "duplicate key '%s' (first at line %u)", k->str,
			    n->pairs[first[i]].key->line);
	}
	free(refs);
	free(first);
}

static void
on_end(struct tree *t)
{
	struct frame *f = &t->stack[t->depth - 1];
	struct ynode *n = f->node;
	size_t i;

	if (n->kind == YNODE_SEQ) {
		n->items = arena_array(t->a, f->nkids ? f->nkids : 1, sizeof(*n->items));
		if (f->nkids > 0)
			memcpy(n->items, f->kids, f->nkids * sizeof(*n->items));
		n->nitems = f->nkids;
	} else {
		n->npairs = f->nkids / 2;
		n->pairs = arena_array(t->a, n->npairs ? n->npairs : 1, sizeof(*n->pairs));
		for (i = 0; i < n->npairs; i++) {
			struct ynode *k = f->kids[2 * i];

			if (k->kind != YNODE_SCALAR) {
				diag_error(t->d, t->file, k->line, k->col,
				    "a mapping key must be a plain string, not %s",
				    ynode_kind_name(k));
				t->failed = true;
				break;
			}
			if (k->plain && k->len == 2 && memcmp(k->str, "<<", 2) == 0) {
				diag_error(t->d, t->file, k->line, k->col,
				    "yaml merge keys ('<<') are not supported: write the keys out");
				t->failed = true;
				break;
			}
			n->pairs[i].key = k;
			n->pairs[i].value = f->kids[2 * i + 1];
		}
		if (!t->failed)
			map_find_duplicates(t, n);
	}
	free(f->kids);
	t->depth--;
	if (!t->failed)
		node_attach(t, n);
}

static void
syntax_error(struct tree *t, const yaml_parser_t *p, const char *text, size_t len)
{
	unsigned line, col;
	const char *problem = p->problem ? p->problem : "unreadable yaml";

	if (p->error == YAML_READER_ERROR) {
		text_line_col(text, len, p->problem_offset, &line, &col);
		diag_error(t->d, t->file, line + t->line_offset, col, "%s", problem);
	} else if (p->context != NULL)
		diag_error(t->d, t->file, (unsigned)p->problem_mark.line + 1 + t->line_offset,
		    (unsigned)p->problem_mark.column + 1, "%s (%s)", problem, p->context);
	else
		diag_error(t->d, t->file, (unsigned)p->problem_mark.line + 1 + t->line_offset,
		    (unsigned)p->problem_mark.column + 1, "%s", problem);
	t->failed = true;
}

/* Feeds one event to the tree; returns false at the stream's end. */
static bool
tree_event(struct tree *t, yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_STREAM_END_EVENT:
		return false;
	case YAML_DOCUMENT_START_EVENT:
		if (++t->ndocs > 1)
			tree_error_at(t, &ev->start_mark,
			    "more than one yaml document in the file", NULL);
		break;
	case YAML_ALIAS_EVENT:
		tree_error_at(t, &ev->start_mark, "yaml aliases are not allowed ('*%s')",
		    (const char *)ev->data.alias.anchor);
		break;
	case YAML_SCALAR_EVENT:
		on_scalar(t, ev);
		break;
	case YAML_SEQUENCE_START_EVENT:
		on_start(t, ev, YNODE_SEQ);
		break;
	case YAML_MAPPING_START_EVENT:
		on_start(t, ev, YNODE_MAP);
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		on_end(t);
		break;
	default:
		break;
	}
	return true;
}

static void
tree_run(struct tree *t, const char *text, size_t len)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	bool more = true;

	if (!yaml_parser_initialize(&parser)) {
		diag_system(t->d, t->file, "cannot start the yaml parser");
		t->failed = true;
		return;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	while (more && !t->failed) {
		if (!yaml_parser_parse(&parser, &ev)) {
			syntax_error(t, &parser, text, len);
			break;
		}
		more = tree_event(t, &ev);
		yaml_event_delete(&ev);
	}
	while (t->depth > 0)
		free(t->stack[--t->depth].kids);
	yaml_parser_delete(&parser);
}

struct ynode *
yaml_tree_parse(const char *text, size_t len, const char *file,
    unsigned line_offset, struct arena *a, struct diag *d, bool *empty)
{
	struct tree t;
	size_t bom;
	unsigned line, col;
	char why[64];

	*empty = false;
	/* a byte order mark opening the stream is no content, as libyaml reads it */
	bom = utf8_bom(text, len);
	text += bom;
	len -= bom;
	/* libyaml lets most noncharacters through, which no output can take,
	 * and calls a NUL byte a control character */
	if (!text_valid(text, len, true, &line, &col, why)) {
		diag_error(d, file, line + line_offset, col, "%s", why);
		return NULL;
	}
	memset(&t, 0, sizeof(t));
	t.text = text;
	t.len = len;
	t.file = file;
	t.line_offset = line_offset;
	t.a = a;
	t.d = d;
	tree_run(&t, text, len);
	if (t.failed)
		return NULL;
	if (t.root == NULL || ynode_is_null(t.root)) {
		*empty = true;
		return NULL;
	}
	return t.root;
}

struct ynode *
ynode_get_n(const struct ynode *map, const char *key, size_t n)
{
	size_t i;

	if (map == NULL || map->kind != YNODE_MAP)
		return NULL;
	/* by length, then first byte: most keys differ in them */
	for (i = 0; i < map->npairs; i++) {
		const struct ynode *k = map->pairs[i].key;

		if (k->len == n && (n == 0 || k->str[0] == key[0]) &&
		    memcmp(k->str, key, n) == 0)
			return map->pairs[i].value;
	}
	return NULL;
}

bool
ynode_is_null(const struct ynode *n)
{
	if (n->kind != YNODE_SCALAR || !n->plain)
		return false;
	switch (n->len) {
	case 0:
		return true;
	case 1:
		return n->str[0] == '~';
	case 4:
		return memcmp(n->str, "null", 4) == 0 || memcmp(n->str, "Null", 4) == 0 ||
		    memcmp(n->str, "NULL", 4) == 0;
	default:
		return false;
	}
}

const char *
ynode_kind_name(const struct ynode *n)
{
	switch (n->kind) {
	case YNODE_SCALAR:
		return "a scalar";
	case YNODE_SEQ:
		return "a sequence";
	default:
		return "a mapping";
	}
}
