/*
 * pdf_quick.c: texts of one line (table cells, labels, headings) shaped
 * without a pango layout.
 *
 * A layout of a short text spends most of its work around the shaping:
 * choosing fonts character by character, finding every break opportunity,
 * building lines, measuring them. For a text of one line in the fonts of
 * the report's styles, whose characters all are Latin or common
 * punctuation and all in those fonts, what the layout does comes to this:
 * one item per run of one font, the script Latin (or Common when there is
 * no Latin letter), the context's language, each item shaped alone, split
 * where a link's colour starts or ends; and the line's height and baseline
 * are those of any line in the same fonts. Anything else (other scripts,
 * marks, tabs, the code font's own texts, a character a font lacks, a text
 * wider than its room) goes to pango's layout as before.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

#define STYLES 8                  /* style_index()'s */

struct quick_geom {
	bool known;
	double top, bottom, base;
};

/*
 * Items shaped before, by font and text: table cells and labels repeat
 * across tables and sections (a provider's name in every edition's table).
 * An item's glyphs depend on nothing else here (one script, no context
 * that acts across words, shape_cache.h). Emptied when full, so it stays
 * small.
 */
#define GLYPHS_SLOTS 4096
#define GLYPHS_BYTES (1u << 20)

struct glyphs_entry {
	uint64_t hash;
	PangoFont *font;          /* NULL: empty */
	bool latin;
	char *text;
	size_t len;
	PangoGlyphString *gs;
};

struct pdf_quick {
	struct glyphs_entry glyphs[GLYPHS_SLOTS];
	size_t nglyphs, glyph_bytes;
	PangoFont *font[FONT_MAX][STYLES];
	struct quick_geom geom[FONT_MAX][1u << STYLES];
	PangoLanguage *lang;
	PangoShapeFlags flags;
};

static atomic_bool quick_off;

void
pdf_quick_enable(bool on)
{
	quick_off = !on;
}

static void
glyphs_clear(struct pdf_quick *q)
{
	size_t i;

	for (i = 0; i < GLYPHS_SLOTS; i++) {
		if (q->glyphs[i].font == NULL)
			continue;
		free(q->glyphs[i].text);
		pango_glyph_string_free(q->glyphs[i].gs);
		q->glyphs[i].font = NULL;
	}
	q->nglyphs = q->glyph_bytes = 0;
}

void
pdf_quick_free(struct pdf_ctx *ctx)
{
	struct pdf_quick *q = ctx->quick;
	size_t f, s;

	if (q == NULL)
		return;
	glyphs_clear(q);
	for (f = 0; f < FONT_MAX; f++)
		for (s = 0; s < STYLES; s++)
			if (q->font[f][s] != NULL)
				g_object_unref(q->font[f][s]);
	free(q);
	ctx->quick = NULL;
}

static struct pdf_quick *
quick_of(struct pdf_ctx *ctx)
{
	struct pdf_quick *q = ctx->quick;

	if (q == NULL) {
		q = ctx->quick = xcalloc(1, sizeof(*q));
		q->lang = pango_context_get_language(ctx->pc);
		q->flags = pango_context_get_round_glyph_positions(ctx->pc) ?
		    PANGO_SHAPE_ROUND_POSITIONS : PANGO_SHAPE_NONE;
	}
	return q;
}

/* A run's style (PDF_S_*) as an index: bold 1, italic 2, code 4. */
static unsigned
style_index(unsigned style)
{
	return (style & PDF_S_BOLD ? 1u : 0u) | (style & PDF_S_ITALIC ? 2u : 0u) |
	    (style & PDF_S_CODE ? 4u : 0u);
}

static unsigned
index_style(unsigned k)
{
	return (k & 1u ? PDF_S_BOLD : 0u) | (k & 2u ? PDF_S_ITALIC : 0u) |
	    (k & 4u ? PDF_S_CODE : 0u);
}

/* The description of font in style k: what pango's itemizer makes of the
 * attributes pdf_style_attrs() gives (a scale multiplies the size). */
static PangoFontDescription *
style_desc(struct pdf_ctx *ctx, enum pdf_font font, unsigned k)
{
	PangoFontDescription *fd = pango_font_description_copy(ctx->font[font]);

	if (k & 1u)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	if (k & 2u)
		pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
	if (k & 4u) {
		pango_font_description_set_family(fd, PDF_CODE_FAMILY);
		pango_font_description_set_absolute_size(fd, PDF_CODE_SCALE *
		    pango_font_description_get_size(fd));
	}
	return fd;
}

static PangoFont *
font_of(struct pdf_ctx *ctx, struct pdf_quick *q, enum pdf_font font, unsigned k)
{
	PangoFontDescription *fd;

	if (q->font[font][k] == NULL) {
		fd = style_desc(ctx, font, k);
		q->font[font][k] = pango_context_load_font(ctx->pc, fd);
		pango_font_description_free(fd);
	}
	return q->font[font][k];
}

/*
 * The top, bottom and baseline of a line in font with the styles of set
 * (bit k: style k), from a layout of one letter in each: a line's extents
 * are its fonts' and not its glyphs'.
 */
static const struct quick_geom *
geom_of(struct pdf_ctx *ctx, struct pdf_quick *q, enum pdf_font font,
    unsigned set)
{
	struct quick_geom *g = &q->geom[font][set];
	PangoLayout *l;
	PangoLayoutIter *it;
	PangoAttrList *al;
	char text[STYLES + 1];
	unsigned k, n = 0;
	int y0, y1;

	if (g->known)
		return g;
	al = pango_attr_list_new();
	for (k = 0; k < STYLES; k++) {
		if (!(set & (1u << k)))
			continue;
		pdf_style_attrs(al, index_style(k), false, n, n + 1);
		text[n++] = 'x';
	}
	text[n] = '\0';
	l = pango_layout_new(ctx->pc);
	pango_layout_set_font_description(l, ctx->font[font]);
	if (font == FONT_BODY)
		pango_layout_set_line_spacing(l, PDF_BODY_SPACING);
	pango_layout_set_text(l, text, -1);
	pango_layout_set_attributes(l, al);
	pango_attr_list_unref(al);
	it = pango_layout_get_iter(l);
	pango_layout_iter_get_line_yrange(it, &y0, &y1);
	g->top = (double)y0 / PANGO_SCALE;
	g->bottom = (double)y1 / PANGO_SCALE;
	g->base = (double)pango_layout_iter_get_baseline(it) / PANGO_SCALE;
	pango_layout_iter_free(it);
	g_object_unref(l);
	g->known = true;
	return g;
}

/*
 * Whether every character of s[0, n) may go the quick way; *latin is set
 * when one is a Latin letter. Not: controls, the soft hyphen, marks, format
 * characters, what may show as emoji, other scripts.
 */
static bool
chars_ok(const char *s, size_t n, bool *latin)
{
	const char *p = s, *end = s + n;
	gunichar c;
	GUnicodeScript sc;

	while (p < end) {
		c = (unsigned char)*p;
		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f)
				return false;
			if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
				*latin = true;
			p++;
			continue;
		}
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2)
			return false;
		p = g_utf8_next_char(p);
		if (c < 0xa0 || c == 0xa9 || c == 0xad || c == 0xae)
			return false;
		if (c > 0x24f && !(c >= 0x2010 && c <= 0x2027) &&
		    !(c >= 0x2030 && c <= 0x205e) &&
		    !(c >= 0x20a0 && c <= 0x20bf) &&
		    !(c >= 0x2190 && c <= 0x2193) && c != 0x2212)
			return false;
		sc = g_unichar_get_script(c);
		if (sc == G_UNICODE_SCRIPT_LATIN)
			*latin = true;
		else if (sc != G_UNICODE_SCRIPT_COMMON)
			return false;
		if (g_unichar_type(c) == G_UNICODE_FORMAT)
			return false;
	}
	return true;
}

void
pdf_quick_runs_free(GSList *runs)
{
	g_slist_free_full(runs, (GDestroyNotify)pango_glyph_item_free);
}

static uint64_t
glyphs_hash(const PangoFont *font, bool latin, const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u ^ (uint64_t)(uintptr_t)font ^ latin;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	return h ^ (h >> 31);
}

/* The cache's slot for the item: its entry, or the empty slot for it. */
static struct glyphs_entry *
glyphs_slot(struct pdf_quick *q, uint64_t h, const PangoFont *font,
    bool latin, const char *s, size_t n)
{
	size_t i = (size_t)h & (GLYPHS_SLOTS - 1);
	struct glyphs_entry *e;

	for (;; i = (i + 1) & (GLYPHS_SLOTS - 1)) {
		e = &q->glyphs[i];
		if (e->font == NULL || (e->hash == h && e->font == font &&
		    e->latin == latin && e->len == n && memcmp(e->text, s, n) == 0))
			return e;
	}
}

/* text[off, off + n) in font, shaped as one item (or found shaped); NULL
 * if a glyph is missing from the font. */
static PangoGlyphItem *
shape(struct pdf_quick *q, const char *text, size_t len, size_t off,
    size_t n, PangoFont *font, bool latin)
{
	PangoGlyphItem *gi = g_slice_new0(PangoGlyphItem);
	PangoItem *it = pango_item_new();
	uint64_t h = glyphs_hash(font, latin, text + off, n);
	struct glyphs_entry *e = glyphs_slot(q, h, font, latin, text + off, n);
	int i;

	it->offset = (int)off;
	it->length = (int)n;
	it->num_chars = (int)g_utf8_strlen(text + off, (gssize)n);
	it->analysis.font = g_object_ref(font);
	it->analysis.level = 0;
	it->analysis.gravity = PANGO_GRAVITY_SOUTH;
	it->analysis.flags = 0;
	it->analysis.script = latin ? PANGO_SCRIPT_LATIN : PANGO_SCRIPT_COMMON;
	it->analysis.language = q->lang;
	gi->item = it;
	if (e->font != NULL) {
		gi->glyphs = pango_glyph_string_copy(e->gs);
		return gi;
	}
	gi->glyphs = pango_glyph_string_new();
	pango_shape_with_flags(text + off, (int)n, text, (int)len, &it->analysis,
	    gi->glyphs, q->flags);
	for (i = 0; i < gi->glyphs->num_glyphs; i++)
		if (gi->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG) {
			pango_glyph_item_free(gi);
			return NULL;
		}
	if (q->nglyphs + 1 > GLYPHS_SLOTS * 3 / 4 ||
	    q->glyph_bytes > GLYPHS_BYTES) {
		glyphs_clear(q);
		e = glyphs_slot(q, h, font, latin, text + off, n);
	}
	e->hash = h;
	e->font = font;
	e->latin = latin;
	e->text = xmalloc(n);
	memcpy(e->text, text + off, n);
	e->len = n;
	e->gs = pango_glyph_string_copy(gi->glyphs);
	q->nglyphs++;
	q->glyph_bytes += n + (size_t)gi->glyphs->num_glyphs *
	    (sizeof(PangoGlyphInfo) + sizeof(int)) + 64;
	return gi;
}

static void
link_colour(PangoGlyphItem *gi)
{
	PangoAttribute *a = pdf_link_colour();

	a->start_index = (guint)gi->item->offset;
	a->end_index = (guint)(gi->item->offset + gi->item->length);
	gi->item->analysis.extra_attrs =
	    g_slist_append(gi->item->analysis.extra_attrs, a);
}

/* A run as the list of pdf_run pieces the quick path works on. */
struct piece {
	size_t start, end;
	unsigned k;               /* style index */
	bool link;
};

#define PIECES_MAX 16

struct pdf_text *
pdf_quick_new(struct pdf_ctx *ctx, const struct pdf_run *runs,
    const char *plain, enum pdf_font font, double width, PangoAlignment align)
{
	struct piece pc[PIECES_MAX];
	struct pdf_quick *q;
	struct buf s = BUF_INIT;
	const struct pdf_run *r;
	const struct quick_geom *g;
	struct pdf_text *t;
	GSList *out = NULL;
	PangoGlyphItem *gi, *head;
	PangoFont *pf;
	size_t np = 0, i, j, a, b, start;
	unsigned set = 0;
	bool latin = false;
	int lw = 0, w = (int)(width * PANGO_SCALE), size;

	if (quick_off || font == FONT_CODE)
		return NULL;
	if (plain != NULL) {
		if (*plain == '\0' || !chars_ok(plain, strlen(plain), &latin))
			return NULL;
		buf_puts(&s, plain);
		pc[np++] = (struct piece){0, s.len, 0, false};
	}
	for (r = plain == NULL ? runs : NULL; r != NULL; r = r->next) {
		start = s.len;
		if (r->text[0] == '\0')
			continue;
		if (np == PIECES_MAX || !chars_ok(r->text, strlen(r->text), &latin))
			goto fail;
		buf_puts(&s, r->text);
		pc[np++] = (struct piece){start, s.len, style_index(r->style),
		    r->link != NULL};
	}
	if (np == 0)
		goto fail;
	q = quick_of(ctx);
	/*
	 * The items: pango starts one wherever a bold or italic attribute
	 * starts or ends, even between two runs in the same font, so only
	 * plain runs one after another share one. Each is split into runs
	 * where a link starts or ends (a link's colour is an attribute of its
	 * own).
	 */
	for (i = 0; i < np; i = j) {
		for (j = i + 1; j < np && pc[i].k == 0 && pc[j].k == 0; j++)
			;
		set |= 1u << pc[i].k;
		/* no font at all (none installed): pango's layout copes */
		if ((pf = font_of(ctx, q, font, pc[i].k)) == NULL)
			goto fail;
		gi = shape(q, s.data, s.len, pc[i].start, pc[j - 1].end - pc[i].start,
		    pf, latin);
		if (gi == NULL)
			goto fail;
		for (a = i; a < j; a = b) {
			b = a + 1;
			if (!pc[a].link)
				while (b < j && !pc[b].link)
					b++;
			head = b < j ? pango_glyph_item_split(gi, s.data,
			    (int)(pc[b].start - (size_t)gi->item->offset)) : gi;
			if (pc[a].link)
				link_colour(head);
			lw += pango_glyph_string_get_width(head->glyphs);
			out = g_slist_prepend(out, head);
		}
	}
	size = pango_font_description_get_size(ctx->font[font]);
	if (width >= 0 && lw + size > w)
		goto fail;
	g = geom_of(ctx, q, font, set);
	t = xcalloc(1, sizeof(*t));
	t->refs = 1;
	t->qruns = g_slist_reverse(out);
	t->qtext = buf_detach(&s, NULL);
	t->nlines = 1;
	t->top = xcalloc(2, sizeof(double));
	t->bottom = xcalloc(2, sizeof(double));
	t->base = xcalloc(2, sizeof(double));
	t->lx = xcalloc(2, sizeof(double));
	t->top[0] = g->top;
	t->bottom[0] = g->bottom;
	t->base[0] = g->base;
	t->width = (double)lw / PANGO_SCALE;
	if (width >= 0)
		t->link_dx = (double)pdf_align_offset(align, w, lw) / PANGO_SCALE;
	t->lx[0] = t->link_dx;
	return t;
fail:
	pdf_quick_runs_free(out);
	buf_release(&s);
	return NULL;
}

void
pdf_text_line_draw(struct pdfw *w, const struct pdf_text *t, int i, double x,
    double y)
{
	if (t->layout != NULL)
		pdfw_layout_line(w, pango_layout_get_line_readonly(t->layout, i),
		    x, y);
	else if (i == 0)
		pdfw_glyph_runs(w, t->qtext, t->qruns, x, y);
}

double
pdf_text_line_width(const struct pdf_text *t, int i)
{
	PangoRectangle r;

	if (t->layout == NULL)
		return i == 0 ? t->width : 0;
	pango_layout_line_get_extents(pango_layout_get_line_readonly(t->layout,
	    i), NULL, &r);
	return (double)r.width / PANGO_SCALE;
}

void
pdf_text_x_ranges(const struct pdf_text *t, int i, int a, int b, int **ranges,
    int *n)
{
	PangoLayoutLine *line;
	const GSList *l;
	const PangoGlyphItem *gi;
	int x = 0, x0, x1, wd, lo, hi;

	if (t->layout != NULL) {
		line = pango_layout_get_line_readonly(t->layout, i);
		if (a < line->start_index)
			a = line->start_index;
		if (b > line->start_index + line->length)
			b = line->start_index + line->length;
		if (a >= b) {
			*ranges = NULL;
			*n = 0;
			return;
		}
		pango_layout_line_get_x_ranges(line, a, b, ranges, n);
		return;
	}
	/* as pango gives them: a range for each run the bytes touch */
	*ranges = NULL;
	*n = 0;
	for (l = i == 0 ? t->qruns : NULL; l != NULL; l = l->next) {
		gi = l->data;
		wd = pango_glyph_string_get_width(gi->glyphs);
		lo = gi->item->offset;
		hi = lo + gi->item->length;
		if (lo < b && a < hi) {
			x0 = x;
			x1 = x + wd;
			if (a > lo) {
				pango_glyph_string_index_to_x(gi->glyphs,
				    t->qtext + lo, gi->item->length,
				    &gi->item->analysis, a - lo, FALSE, &x0);
				x0 += x;
			}
			if (b < hi) {
				pango_glyph_string_index_to_x(gi->glyphs,
				    t->qtext + lo, gi->item->length,
				    &gi->item->analysis, b - lo, FALSE, &x1);
				x1 += x;
			}
			*ranges = g_renew(int, *ranges, 2 * (*n + 1));
			(*ranges)[2 * *n] = x0;
			(*ranges)[2 * *n + 1] = x1;
			(*n)++;
		}
		x += wd;
	}
}
