/*
 * pdf_marks.c: what the layout marks in the PDF besides its ink: the fill
 * colour, structure tags, anchors and their named destinations, links.
 */
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

void
pdf_set_rgb(struct pdf_ctx *ctx, unsigned rgb)
{
	if (ctx->cr != NULL)
		cairo_set_source_rgb(ctx->cr, (rgb >> 16) / 255.0,
		    ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

char *
pdf_attr_escape(const char *s)
{
	struct buf b = BUF_INIT;

	for (; *s != '\0'; s++) {
		if (*s == '\'' || *s == '\\')
			buf_putc(&b, '\\');
		buf_putc(&b, *s);
	}
	return buf_detach(&b, NULL);
}

struct pdf_anchor *
pdf_anchor_find(struct pdf_ctx *ctx, const char *name)
{
	size_t i;

	if (ctx->nbuckets == 0)
		return NULL;
	for (i = ctx->buckets[hash_str(name) & (ctx->nbuckets - 1)]; i != 0;
	    i = ctx->anchors[i - 1].next)
		if (strcmp(ctx->anchors[i - 1].name, name) == 0)
			return &ctx->anchors[i - 1];
	return NULL;
}

/* Chains anchor i (0-based) at the head of its bucket. */
static void
anchor_link(struct pdf_ctx *ctx, size_t i)
{
	size_t *head = &ctx->buckets[hash_str(ctx->anchors[i].name) &
	    (ctx->nbuckets - 1)];

	ctx->anchors[i].next = *head;
	*head = i + 1;
}

static void
anchors_rehash(struct pdf_ctx *ctx)
{
	size_t i;

	free(ctx->buckets);
	ctx->nbuckets = ctx->nbuckets == 0 ? 64 : ctx->nbuckets * 2;
	ctx->buckets = xcalloc(ctx->nbuckets, sizeof(*ctx->buckets));
	for (i = 0; i < ctx->nanchors; i++)
		anchor_link(ctx, i);
}

void
pdf_anchor_push(struct pdf_ctx *ctx, const char *name)
{
	ctx->anchors = xgrow(ctx->anchors, sizeof(*ctx->anchors),
	    ctx->nanchors + 1, &ctx->anchorcap);
	ctx->anchors[ctx->nanchors].name = name;
	ctx->anchors[ctx->nanchors].page = 0;
	ctx->anchors[ctx->nanchors].drawn = false;
	ctx->nanchors++;
	if (ctx->nanchors * 2 > ctx->nbuckets)
		anchors_rehash(ctx);
	else
		anchor_link(ctx, ctx->nanchors - 1);
}

/* Forgets the anchors added since there were n (the newest head chains). */
void
pdf_anchors_pop(struct pdf_ctx *ctx, size_t n)
{
	struct pdf_anchor *a;

	while (ctx->nanchors > n) {
		a = &ctx->anchors[--ctx->nanchors];
		ctx->buckets[hash_str(a->name) & (ctx->nbuckets - 1)] = a->next;
	}
}

/*
 * Structure tags (cairo's, open across pages). Deeper than PDF_TAG_MAX a
 * tag is left out, its content part of the deepest one written.
 */
void
pdf_tag_push(struct pdf_ctx *ctx, const char *name, const char *attrs)
{
	struct pdf_tag *t;

	if (ctx->ntags == PDF_TAG_MAX) {
		ctx->tag_over++;
		return;
	}
	t = &ctx->tags[ctx->ntags++];
	t->name = name;
	t->attrs = attrs != NULL ? xstrdup(attrs) : NULL;
	if (ctx->cr != NULL)
		cairo_tag_begin(ctx->cr, name, attrs);
}

void
pdf_tag_pop(struct pdf_ctx *ctx)
{
	struct pdf_tag *t;

	if (ctx->tag_over > 0) {
		ctx->tag_over--;
		return;
	}
	t = &ctx->tags[--ctx->ntags];
	if (ctx->cr != NULL)
		cairo_tag_end(ctx->cr, t->name);
	free(t->attrs);
	t->attrs = NULL;
}

static bool
url_ok(const char *s)
{
	return str_starts(s, "http://") || str_starts(s, "https://") ||
	    str_starts(s, "mailto:");
}

bool
pdf_target_ok(struct pdf_ctx *ctx, const char *target)
{
	if (target[0] == '#')
		return pdf_anchor_find(ctx, target + 1) != NULL;
	return url_ok(target);
}

/*
 * A link is a cairo link tag over its rectangle, always inside a structure
 * element (cairo 1.16 writes a broken xref for a link outside one).
 */
void
pdf_link(struct pdf_ctx *ctx, const char *target, double x, double y,
    double w, double h)
{
	char *esc, *attrs;

	if (ctx->cr == NULL || target == NULL || !pdf_target_ok(ctx, target))
		return;
	esc = pdf_attr_escape(target[0] == '#' ? target + 1 : target);
	attrs = xasprintf("%s='%s' rect=[%.3f %.3f %.3f %.3f]",
	    target[0] == '#' ? "dest" : "uri", esc, x, y, w, h);
	cairo_tag_begin(ctx->cr, CAIRO_TAG_LINK, attrs);
	cairo_tag_end(ctx->cr, CAIRO_TAG_LINK);
	ctx->res.links++;
	free(attrs);
	free(esc);
}

void
pdf_dest_begin(struct pdf_ctx *ctx, const char *name)
{
	struct pdf_anchor *a;
	char *esc, *attrs;

	if (name == NULL || (a = pdf_anchor_find(ctx, name)) == NULL)
		return;
	if (a->page == 0)
		a->page = ctx->page;
	if (ctx->cr == NULL || a->drawn)
		return;
	a->drawn = true;
	esc = pdf_attr_escape(name);
	attrs = xasprintf("name='%s' x=%.3f y=%.3f", esc, ctx->x0, ctx->y);
	cairo_tag_begin(ctx->cr, CAIRO_TAG_DEST, attrs);
	cairo_tag_end(ctx->cr, CAIRO_TAG_DEST);
	free(attrs);
	free(esc);
}

void
pdf_dest_end(struct pdf_ctx *ctx, const char *name)
{
	(void)ctx;
	(void)name;
}

