/* pdf_doc.c: building the PDF document model (see pdfdoc.h). */
#include <stdlib.h>
#include <string.h>

#include "pdfdoc.h"
#include "pdf_layout.h"

struct pdf_free_hook {
	void (*fn)(void *);
	void *arg;
};

/* On success, free with pdfdoc_free(). */
struct pdf_doc *
pdfdoc_new(void)
{
	struct pdf_doc *doc = xcalloc(1, sizeof(*doc));

	doc->arena = arena_new();
	doc->root = arena_alloc(doc->arena, sizeof(*doc->root));
	doc->root->kind = PDF_BODY;
	doc->paper = PDF_A4;
	return doc;
}

void
pdf_blocks_free_tables(struct pdf_block *b)
{
	for (; b != NULL; b = b->next) {
		table_free(b->table);
		b->table = NULL;
		pdf_blocks_free_tables(b->kids);
	}
}

void
pdfdoc_free(struct pdf_doc *doc)
{
	if (doc == NULL)
		return;
	pdf_blocks_free_tables(doc->root);
	pdfdoc_hooks_run(doc, 0);
	free(doc->hooks);
	arena_free(doc->arena);
	free(doc);
}

const char *
pdfdoc_strdup(struct pdf_doc *doc, const char *s)
{
	return s == NULL ? NULL : arena_strdup(doc->arena, s);
}

void
pdfdoc_set(struct pdf_doc *doc, enum pdf_key key, const char *value)
{
	if (key < PDF_KEY_MAX)
		doc->meta[key] = pdfdoc_strdup(doc, value);
}

const char *
pdfdoc_get(const struct pdf_doc *doc, enum pdf_key key)
{
	return key < PDF_KEY_MAX ? doc->meta[key] : NULL;
}

void
pdfdoc_paper(struct pdf_doc *doc, enum pdf_paper paper)
{
	doc->paper = paper;
}

void
pdfdoc_title_line(struct pdf_doc *doc, const char *text)
{
	if (doc->nlines == ARRAY_SIZE(doc->lines))
		return;
	doc->lines[doc->nlines++] = pdfdoc_strdup(doc, text);
}

/* Runs the free hooks from the from-th on, in order, and forgets them. */
void
pdfdoc_hooks_run(struct pdf_doc *doc, size_t from)
{
	size_t i;

	for (i = from; i < doc->nhooks; i++)
		doc->hooks[i].fn(doc->hooks[i].arg);
	doc->nhooks = from;
}

void
pdfdoc_on_free(struct pdf_doc *doc, void (*fn)(void *), void *arg)
{
	doc->hooks = xgrow(doc->hooks, sizeof(*doc->hooks), doc->nhooks + 1,
	    &doc->hookcap);
	doc->hooks[doc->nhooks].fn = fn;
	doc->hooks[doc->nhooks].arg = arg;
	doc->nhooks++;
}

static struct pdf_block *
block_add(struct pdf_doc *doc, struct pdf_block *parent,
    enum pdf_block_kind kind)
{
	struct pdf_block *b = arena_alloc(doc->arena, sizeof(*b));

	if (parent == NULL)
		parent = doc->root;
	b->kind = kind;
	b->after_heading = parent->last_kid != NULL &&
	    parent->last_kid->kind == PDF_HEADING;
	if (parent->last_kid != NULL)
		parent->last_kid->next = b;
	else
		parent->kids = b;
	parent->last_kid = b;
	return b;
}

/*
 * Where a name (a heading, a table cell) is cut: PDF_NAME_MAX bytes at
 * most, at a character's start; len when it is shorter. A name that long
 * is unreadable anyway, and laying out a megabyte of it in a heading, the
 * contents, the outline and each table took seconds.
 */
static size_t
name_cut(const char *s, size_t len)
{
	size_t n = PDF_NAME_MAX;

	if (len <= n)
		return len;
	while (n > 0 && utf8_continues(s[n]))
		n--;
	return n;
}

/* s, cut (name_cut) and ended with an ellipsis, malloc'd; or NULL when
 * s is short enough. */
static char *
name_capped(const char *s)
{
	size_t len = strlen(s), n = name_cut(s, len);
	char *t;

	if (n == len)
		return NULL;
	t = xmalloc(n + sizeof("\u2026"));
	memcpy(t, s, n);
	memcpy(t + n, "\u2026", sizeof("\u2026"));
	return t;
}

static void
cell_cap(struct table_cell *c)
{
	char *t = c->text != NULL ? name_capped(c->text) : NULL;

	if (t != NULL) {
		free(c->text);
		c->text = t;
	}
}

struct pdf_block *
pdf_heading(struct pdf_doc *doc, struct pdf_block *parent, unsigned level,
    const char *text, const char *anchor, unsigned flags)
{
	struct pdf_block *b = block_add(doc, parent, PDF_HEADING);

	b->level = level < 1 ? 1 : level > 3 ? 3 : level;
	b->flags = flags;
	b->anchor = pdfdoc_strdup(doc, anchor);
	b->keep_with_next = true;
	if (text != NULL) {
		char *t = name_capped(text);

		pdf_run(doc, b, t != NULL ? t : text, (size_t)-1, 0, NULL);
		free(t);
	}
	return b;
}

struct pdf_block *
pdf_para(struct pdf_doc *doc, struct pdf_block *parent)
{
	return block_add(doc, parent, PDF_PARA);
}

void
pdf_run(struct pdf_doc *doc, struct pdf_block *b, const char *text,
    size_t len, unsigned style, const char *link)
{
	struct pdf_run *r;

	if (len == (size_t)-1)
		len = strlen(text);
	if (len == 0)
		return;
	r = arena_alloc(doc->arena, sizeof(*r));
	r->text = arena_strndup(doc->arena, text, len);
	r->style = style;
	r->link = pdfdoc_strdup(doc, link);
	if (b->last_run != NULL)
		b->last_run->next = r;
	else
		b->runs = r;
	b->last_run = r;
}

struct pdf_block *
pdf_list(struct pdf_doc *doc, struct pdf_block *parent, unsigned start)
{
	struct pdf_block *b = block_add(doc, parent, PDF_LIST);

	b->start = start;
	return b;
}

struct pdf_block *
pdf_item(struct pdf_doc *doc, struct pdf_block *list)
{
	return block_add(doc, list, PDF_ITEM);
}

struct pdf_block *
pdf_quote(struct pdf_doc *doc, struct pdf_block *parent)
{
	return block_add(doc, parent, PDF_QUOTE);
}

struct pdf_block *
pdf_code(struct pdf_doc *doc, struct pdf_block *parent, const char *text)
{
	struct pdf_block *b = block_add(doc, parent, PDF_CODE);
	size_t n = strlen(text);

	while (n > 0 && text[n - 1] == '\n')
		n--;
	pdf_run(doc, b, n > 0 ? text : " ", n > 0 ? n : 1, PDF_S_CODE, NULL);
	return b;
}

struct pdf_block *
pdf_table(struct pdf_doc *doc, struct pdf_block *parent, struct table *t,
    const char *anchor)
{
	struct pdf_block *b = block_add(doc, parent, PDF_TABLE);
	size_t i;

	for (i = 0; i < t->ncols; i++)
		cell_cap(&t->head[i]);
	for (i = 0; i < t->nrows * t->ncols; i++)
		cell_cap(&t->cells[i]);
	if (t->caption != NULL) {
		char *c = name_capped(t->caption);

		if (c != NULL) {
			free(t->caption);
			t->caption = c;
		}
	}
	b->table = t;
	b->anchor = pdfdoc_strdup(doc, anchor);
	return b;
}

struct pdf_block *
pdf_figure(struct pdf_doc *doc, struct pdf_block *parent, double width,
    double height, pdf_draw_fn *draw, void *arg, const char *caption,
    const char *anchor)
{
	struct pdf_block *b = block_add(doc, parent, PDF_FIGURE);

	b->width = width;
	b->height = height;
	b->draw = draw;
	b->arg = arg;
	b->caption = pdfdoc_strdup(doc, caption);
	b->anchor = pdfdoc_strdup(doc, anchor);
	return b;
}

struct pdf_block *
pdf_lazy(struct pdf_doc *doc, struct pdf_block *parent, pdf_fill_fn *fill,
    void *arg)
{
	struct pdf_block *b = block_add(doc, parent, PDF_LAZY);

	b->fill = fill;
	b->arg = arg;
	return b;
}

struct pdf_block *
pdf_pagebreak(struct pdf_doc *doc, struct pdf_block *parent)
{
	return block_add(doc, parent, PDF_PAGEBREAK);
}
