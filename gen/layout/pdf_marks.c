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

/* The newest anchor named name, or NULL. */
struct pdf_anchor *
pdf_anchor_find(struct pdf_ctx *ctx, const char *name)
{
	struct pdf_anchor *found = NULL;
	size_t at = 0, i;

	while (htab_next(&ctx->anchor_index, hash_str(name), &at, &i))
		if (strcmp(ctx->anchors[i].name, name) == 0 &&
		    (found == NULL || &ctx->anchors[i] > found))
			found = &ctx->anchors[i];
	return found;
}

static struct pdf_placed *
placed_find(struct pdf_ctx *ctx, const char *name)
{
	size_t at = 0, i;

	while (htab_next(&ctx->placed_index, hash_str(name), &at, &i))
		if (strcmp(ctx->placed[i].name, name) == 0)
			return &ctx->placed[i];
	return NULL;
}

/* Notes that name is placed on page (its first placing holds). */
static void
placed_add(struct pdf_ctx *ctx, const char *name, unsigned page, double y)
{
	if (placed_find(ctx, name) != NULL)
		return;
	ctx->placed = xgrow(ctx->placed, sizeof(*ctx->placed), ctx->nplaced + 1,
	    &ctx->placedcap);
	ctx->placed[ctx->nplaced].name = xstrdup(name);
	ctx->placed[ctx->nplaced].page = page;
	ctx->placed[ctx->nplaced].y = y;
	htab_add(&ctx->placed_index, hash_str(name), ctx->nplaced);
	ctx->nplaced++;
}

unsigned
pdf_anchor_where(struct pdf_ctx *ctx, const char *name, double *y)
{
	const struct pdf_anchor *a = pdf_anchor_find(ctx, name);
	const struct pdf_placed *p;

	if (a != NULL && a->page > 0) {
		*y = a->y;
		return a->page;
	}
	p = placed_find(ctx, name);
	*y = p != NULL ? p->y : 0;
	return p != NULL ? p->page : 0;
}

/* Notes where a name with no block of its own is (a table's end). */
void
pdf_placed_note(struct pdf_ctx *ctx, const char *name, unsigned page, double y)
{
	placed_add(ctx, name, page, y);
}

unsigned
pdf_anchor_page(struct pdf_ctx *ctx, const char *name)
{
	double y;

	return pdf_anchor_where(ctx, name, &y);
}

void
pdf_placed_free(struct pdf_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->nplaced; i++)
		free(ctx->placed[i].name);
	free(ctx->placed);
	htab_free(&ctx->placed_index);
	ctx->placed = NULL;
	ctx->nplaced = ctx->placedcap = 0;
}

void
pdf_anchor_push(struct pdf_ctx *ctx, const char *name)
{
	ctx->anchors = xgrow(ctx->anchors, sizeof(*ctx->anchors),
	    ctx->nanchors + 1, &ctx->anchorcap);
	ctx->anchors[ctx->nanchors].name = name;
	ctx->anchors[ctx->nanchors].page = 0;
	ctx->anchors[ctx->nanchors].y = 0;
	ctx->anchors[ctx->nanchors].drawn = false;
	htab_add(&ctx->anchor_index, hash_str(name), ctx->nanchors);
	ctx->nanchors++;
}

/* Forgets the anchors added since there were n: the index is made anew
 * from those kept (rare: only a lazy block that added some). */
void
pdf_anchors_pop(struct pdf_ctx *ctx, size_t n)
{
	size_t i;

	if (ctx->nanchors <= n)
		return;
	ctx->nanchors = n;
	htab_clear(&ctx->anchor_index);
	for (i = 0; i < n; i++)
		htab_add(&ctx->anchor_index, hash_str(ctx->anchors[i].name), i);
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
		return pdf_anchor_find(ctx, target + 1) != NULL ||
		    placed_find(ctx, target + 1) != NULL;
	return url_ok(target);
}

/*
 * A link is a cairo link tag over its rectangles (one annotation, its
 * address written once), always inside a structure element (cairo 1.16
 * writes a broken xref for a link outside one).
 */
void
pdf_link_rects(struct pdf_ctx *ctx, const char *target, const double *r,
    size_t n)
{
	struct buf attrs = BUF_INIT;
	char *esc;
	size_t i;

	if (ctx->cr == NULL || target == NULL || n == 0 ||
	    !pdf_target_ok(ctx, target))
		return;
	esc = pdf_attr_escape(target[0] == '#' ? target + 1 : target);
	buf_printf(&attrs, "%s='%s' rect=[", target[0] == '#' ? "dest" : "uri",
	    esc);
	for (i = 0; i < 4 * n; i++)
		buf_printf(&attrs, "%s%.3f", i > 0 ? " " : "", r[i]);
	buf_putc(&attrs, ']');
	cairo_tag_begin(ctx->cr, CAIRO_TAG_LINK, attrs.data);
	cairo_tag_end(ctx->cr, CAIRO_TAG_LINK);
	ctx->res.links++;
	buf_release(&attrs);
	free(esc);
}

void
pdf_link(struct pdf_ctx *ctx, const char *target, double x, double y,
    double w, double h)
{
	const double r[4] = {x, y, w, h};

	pdf_link_rects(ctx, target, r, 1);
}

void
pdf_dest_begin(struct pdf_ctx *ctx, const char *name)
{
	struct pdf_anchor *a;
	char *esc, *attrs;

	if (name == NULL || (a = pdf_anchor_find(ctx, name)) == NULL)
		return;
	if (a->page == 0) {
		a->page = ctx->page;
		a->y = ctx->y;
	}
	placed_add(ctx, name, a->page, a->y);
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

