/*
 * pdf_bound.c: an upper bound on the height of built content, from its
 * text's length alone. The measuring pass needs only page counts: a lazy
 * block whose content surely fits below the cursor need not be laid out
 * there (pango's shaping is most of the layout's cost).
 */
#include <math.h>
#include <string.h>

#include "pdf_layout.h"

/* Characters outside ASCII: no glyph the bound accepts is wider (ems). */
#define ADVANCE_EM 1.3
/* Kerning and rounding: a margin on measured widths and heights. */
#define SLACK 1.03

/* The same text in every style a run may have: plain, bold, italic, both,
 * and code (monospace, scaled as pdf_text.c draws it). */
static PangoLayout *
styled(struct pdf_ctx *ctx, enum pdf_font font, const char *text, int style)
{
	PangoLayout *l = pango_layout_new(ctx->pc);
	PangoAttrList *al = pango_attr_list_new();

	pango_layout_set_font_description(l, ctx->font[font]);
	if (font == FONT_BODY)
		pango_layout_set_line_spacing(l, 1.3f);
	if (style & 1)
		pango_attr_list_insert(al, pango_attr_weight_new(PANGO_WEIGHT_BOLD));
	if (style & 2)
		pango_attr_list_insert(al, pango_attr_style_new(PANGO_STYLE_ITALIC));
	if (style & 4) {
		pango_attr_list_insert(al, pango_attr_family_new("DejaVu Sans Mono"));
		pango_attr_list_insert(al, pango_attr_scale_new(0.88));
	}
	pango_layout_set_attributes(l, al);
	pango_attr_list_unref(al);
	pango_layout_set_text(l, text, -1);
	return l;
}

/* Each printable ASCII character's widest advance in font, any style. */
static const double *
advances(struct pdf_ctx *ctx, enum pdf_font font)
{
	char text[2 * 95 + 1], *p = text;
	PangoLayoutIter *it;
	PangoRectangle r;
	PangoLayout *l;
	double *adv;
	int style, c;

	if (ctx->adv_ub[font] != NULL)
		return ctx->adv_ub[font];
	for (c = 0x20; c < 0x7f; c++) {
		*p++ = (char)c;
		*p++ = '\n';
	}
	*p = '\0';
	adv = ctx->adv_ub[font] = xcalloc(128, sizeof(double));
	for (style = 0; style < 8; style++) {
		if ((style & 4) && (style & 3))
			continue;
		l = styled(ctx, font, text, style);
		it = pango_layout_get_iter(l);
		c = 0x20;
		do {
			pango_layout_iter_get_line_extents(it, NULL, &r);
			if ((double)r.width / PANGO_SCALE > adv[c])
				adv[c] = (double)r.width / PANGO_SCALE;
		} while (++c < 0x7f && pango_layout_iter_next_line(it));
		pango_layout_iter_free(it);
		g_object_unref(l);
	}
	/* a space ends a line unmeasured: give it the width of an n */
	if (adv[' '] < adv['n'])
		adv[' '] = adv['n'];
	return adv;
}

void
pdf_bound_release(struct pdf_ctx *ctx)
{
	size_t i;

	for (i = 0; i < FONT_MAX; i++) {
		free(ctx->adv_ub[i]);
		ctx->adv_ub[i] = NULL;
	}
}

/* A line's height at most: three lines mixing every style, measured. */
static double
line_bound(struct pdf_ctx *ctx, enum pdf_font font)
{
	static const char *line = "Xg\nXg\nXg";
	PangoRectangle r1, r3;
	PangoLayout *l;
	double step;
	int style;

	if (ctx->line_ub[font] > 0)
		return ctx->line_ub[font];
	for (style = 0; style < 8; style++) {
		if ((style & 4) && (style & 3))
			continue;
		l = styled(ctx, font, "Xg", style);
		pango_layout_get_extents(l, NULL, &r1);
		g_object_unref(l);
		l = styled(ctx, font, line, style);
		pango_layout_get_extents(l, NULL, &r3);
		g_object_unref(l);
		step = (double)(r3.height - r1.height) / 2 / PANGO_SCALE;
		if (step < (double)r1.height / PANGO_SCALE)
			step = (double)r1.height / PANGO_SCALE;
		if (SLACK * step > ctx->line_ub[font])
			ctx->line_ub[font] = SLACK * step;
	}
	return ctx->line_ub[font];
}

/*
 * The length of the UTF-8 character at s if it is one the fonts draw
 * without a fallback font (printable ASCII, Latin-1 and Latin Extended-A,
 * general punctuation, arrows, minus, euro); 0 otherwise.
 */
static size_t
char_ok(const unsigned char *s)
{
	unsigned c;

	if (s[0] >= 0x20 && s[0] < 0x7f)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xc5 && (s[1] & 0xc0) == 0x80)
		return s[0] == 0xc2 && s[1] < 0xa0 ? 0 : 2;
	if (s[0] == 0xe2 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80) {
		c = ((unsigned)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
		c |= 0x2000;
		if ((c >= 0x2010 && c <= 0x2027) || (c >= 0x2190 &&
		    c <= 0x2193) || c == 0x2212 || c == 0x20ac)
			return 3;
	}
	return 0;
}

struct text_count {
	const double *adv;        /* ASCII advances */
	double em;                /* for the other characters */
	double room;              /* the least a full line holds; 0: first pass */
	double width;             /* of the line */
	double seg, word, longest; /* the paragraph's, word's, longest word's */
	size_t lines;
};

/* A paragraph of width w takes one line if it fits, else every line but
 * the last holds room at least. */
static void
count_seg(struct text_count *tc)
{
	if (tc->room > 0)
		tc->lines += SLACK * tc->seg <= tc->width ? 1 :
		    1 + (size_t)floor(SLACK * tc->seg / tc->room);
	tc->seg = tc->word = 0;
}

/* Counts s; false when it has a character the bound does not cover. */
static bool
count_text(struct text_count *tc, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;
	double a;

	while (*p != '\0') {
		if (*p == '\n') {
			count_seg(tc);
			p++;
			continue;
		}
		if ((n = char_ok(p)) == 0)
			return false;
		a = n == 1 ? tc->adv[*p] : ADVANCE_EM * tc->em;
		tc->seg += a;
		if (*p == ' ')
			tc->word = 0;
		else if ((tc->word += a) > tc->longest)
			tc->longest = tc->word;
		p += n;
	}
	return true;
}

static bool
count_all(struct text_count *tc, const struct pdf_run *runs,
    const char *plain)
{
	if (plain != NULL && !count_text(tc, plain))
		return false;
	for (; runs != NULL; runs = runs->next)
		if (!count_text(tc, runs->text))
			return false;
	count_seg(tc);
	return true;
}

/*
 * The height of runs (or of plain) in font at width, at most: a paragraph
 * that fits takes a line, and every line of one that does not but its last
 * is filled to the width less its longest word.
 */
static double
text_bound(struct pdf_ctx *ctx, const struct pdf_run *runs, const char *plain,
    enum pdf_font font, double width)
{
	struct text_count tc;

	memset(&tc, 0, sizeof(tc));
	tc.adv = advances(ctx, font);
	tc.em = (double)pango_font_description_get_size(ctx->font[font]) /
	    PANGO_SCALE;
	if (width <= 0 || !count_all(&tc, runs, plain))
		return -1;
	tc.room = width - SLACK * tc.longest - tc.adv[' '];
	if (tc.room < width / 2)
		return -1;
	tc.width = width;
	tc.lines = 0;
	tc.longest = 0;
	if (!count_all(&tc, runs, plain))
		return -1;
	return (double)tc.lines * line_bound(ctx, font);
}

static double kids_bound(struct pdf_ctx *, struct pdf_block *, double);

static double
figure_bound(struct pdf_ctx *ctx, const struct pdf_block *b, double width)
{
	double maxh = (ctx->y1 - ctx->y0) * 0.8, s = 1, cap = 0;

	if (b->width <= 0 || b->height <= 0)
		return 0;
	if (b->width > width)
		s = width / b->width;
	if (b->height * s > maxh)
		s = maxh / b->height;
	if (b->caption != NULL &&
	    (cap = text_bound(ctx, NULL, b->caption, FONT_CAPTION, width)) < 0)
		return -1;
	return b->height * s + (b->caption != NULL ? cap + 4 : 0) + 10;
}

static double
block_bound(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	double h;

	switch (b->kind) {
	case PDF_HEADING:
		if (b->flags & (PDF_H_NEWPAGE | PDF_H_RUNNING))
			return -1;
		h = text_bound(ctx, b->runs, NULL, FONT_H1 + b->level - 1,
		    width);
		return h < 0 ? -1 : pdf_heading_before[b->level - 1] + h + 5;
	case PDF_PARA:
		h = text_bound(ctx, b->runs, NULL, FONT_BODY, width);
		return h < 0 ? -1 : h + PARA_AFTER;
	case PDF_CODE:
		h = text_bound(ctx, NULL, b->runs->text, FONT_CODE,
		    width - 2 * CODE_PAD);
		return h < 0 ? -1 : h + 2 * CODE_PAD + PARA_AFTER;
	case PDF_LIST:
		h = kids_bound(ctx, b, width - LIST_INDENT);
		return h < 0 ? -1 : h + PARA_AFTER - ITEM_AFTER;
	case PDF_ITEM:
		return kids_bound(ctx, b, width);
	case PDF_QUOTE:
		h = kids_bound(ctx, b, width - QUOTE_INDENT);
		return h < 0 ? -1 : h + 2;
	case PDF_TABLE:
		pdf_table_prepare(ctx, b, width);
		h = pdf_table_height(b);
		pdf_table_release(b);
		return h;
	case PDF_FIGURE:
		return figure_bound(ctx, b, width);
	default:
		return -1;
	}
}

static double
kids_bound(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	struct pdf_block *k;
	double h, sum = 0;

	for (k = b->kids; k != NULL; k = k->next) {
		if ((h = block_bound(ctx, k, width)) < 0)
			return -1;
		sum += h;
	}
	return sum;
}

double
pdf_bound_kids(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	return kids_bound(ctx, b, width);
}
