/* pdf_text.c: paragraphs as pango layouts, placed line by line on pages. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

static PangoAttribute *
attr_range(PangoAttribute *a, size_t start, size_t end)
{
	a->start_index = (guint)start;
	a->end_index = (guint)end;
	return a;
}

PangoAttribute *
pdf_link_colour(void)
{
	return pango_attr_foreground_new((PDF_LINK_RGB >> 16) * 257,
	    ((PDF_LINK_RGB >> 8) & 0xff) * 257, (PDF_LINK_RGB & 0xff) * 257);
}

void
pdf_style_attrs(PangoAttrList *al, unsigned style, bool link, size_t start,
    size_t end)
{
	if (style & PDF_S_BOLD)
		pango_attr_list_insert(al, attr_range(
		    pango_attr_weight_new(PANGO_WEIGHT_BOLD), start, end));
	if (style & PDF_S_ITALIC)
		pango_attr_list_insert(al, attr_range(
		    pango_attr_style_new(PANGO_STYLE_ITALIC), start, end));
	if (style & PDF_S_CODE) {
		pango_attr_list_insert(al, attr_range(
		    pango_attr_family_new(PDF_CODE_FAMILY), start, end));
		pango_attr_list_insert(al, attr_range(
		    pango_attr_scale_new(PDF_CODE_SCALE), start, end));
	}
	if (style & PDF_S_NOBREAK)
		pango_attr_list_insert(al, attr_range(
		    pango_attr_allow_breaks_new(FALSE), start, end));
	if (link)
		pango_attr_list_insert(al, attr_range(pdf_link_colour(), start,
		    end));
}

/* Line i of t. */
static PangoLayoutLine *
text_line(const struct pdf_text *t, int i)
{
	return pango_layout_get_line_readonly(t->layouts[t->line_layout[i]],
	    t->line_no[i]);
}

/* Each line's place: the pieces' lines one below the other. */
static void
text_measure(struct pdf_text *t)
{
	PangoLayoutIter *it;
	PangoRectangle logical;
	double off = 0, bottom = 0;
	int i = 0, j, k, n, y0, y1;

	for (t->nlines = 0, j = 0; j < t->nlayouts; j++)
		t->nlines += pango_layout_get_line_count(t->layouts[j]);
	t->top = xcalloc((size_t)t->nlines + 1, sizeof(double));
	t->bottom = xcalloc((size_t)t->nlines + 1, sizeof(double));
	t->base = xcalloc((size_t)t->nlines + 1, sizeof(double));
	t->lx = xcalloc((size_t)t->nlines + 1, sizeof(double));
	t->line_layout = xcalloc((size_t)t->nlines + 1, sizeof(int));
	t->line_no = xcalloc((size_t)t->nlines + 1, sizeof(int));
	t->width = 0;
	for (j = 0; j < t->nlayouts; j++) {
		n = pango_layout_get_line_count(t->layouts[j]);
		it = pango_layout_get_iter(t->layouts[j]);
		for (k = 0; k < n; k++) {
			pango_layout_iter_get_line_yrange(it, &y0, &y1);
			pango_layout_iter_get_line_extents(it, NULL, &logical);
			t->top[i] = off + (double)y0 / PANGO_SCALE;
			t->bottom[i] = bottom = off + (double)y1 / PANGO_SCALE;
			t->base[i] = off + (double)
			    pango_layout_iter_get_baseline(it) / PANGO_SCALE;
			t->lx[i] = (double)logical.x / PANGO_SCALE;
			t->line_layout[i] = j;
			t->line_no[i] = k;
			i++;
			if (!pango_layout_iter_next_line(it))
				break;
		}
		pango_layout_iter_free(it);
		off = bottom;
		pango_layout_get_extents(t->layouts[j], NULL, &logical);
		if ((double)logical.width / PANGO_SCALE > t->width)
			t->width = (double)logical.width / PANGO_SCALE;
	}
	t->nlines = i;
}

/* Tab stops every four characters of the monospace font. */
static void
code_tabs(struct pdf_ctx *ctx, PangoLayout *l)
{
	PangoLayout *m = pango_layout_new(ctx->pc);
	PangoTabArray *tabs;
	PangoRectangle r;

	pango_layout_set_font_description(m, ctx->font[FONT_CODE]);
	pango_layout_set_text(m, "    ", -1);
	pango_layout_get_extents(m, NULL, &r);
	tabs = pango_tab_array_new_with_positions(1, FALSE, PANGO_TAB_LEFT,
	    r.width);
	pango_layout_set_tabs(l, tabs);
	pango_tab_array_free(tabs);
	g_object_unref(m);
}

/*
 * Short texts without links (headings, labels, table cells, list markers)
 * repeat from page to page: the cache hands out the same prepared text to
 * every request with the same key (font, width, alignment, runs). It holds
 * CACHE_MAX texts at most and is emptied when full, so it stays small.
 */
#define CACHE_TEXT_MAX 80
#define CACHE_MAX 512

struct pdf_text_cache {
	struct cache_entry {
		char *key;
		struct pdf_text *text;
	} v[CACHE_MAX];
	size_t n;
	struct htab index;    /* hash_str(key) -> entry of v */
};

static void
cache_clear(struct pdf_text_cache *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].key);
		pdf_text_free(c->v[i].text);
		c->v[i].key = NULL;
		c->v[i].text = NULL;
	}
	c->n = 0;
	htab_clear(&c->index);
}

static void
cache_free(struct pdf_text_cache **c)
{
	if (*c == NULL)
		return;
	cache_clear(*c);
	htab_free(&(*c)->index);
	free(*c);
	*c = NULL;
}

void
pdf_text_cache_free(struct pdf_ctx *ctx)
{
	cache_free(&ctx->tcache);
	cache_free(&ctx->dcache);
}

/*
 * The cache of texts only the drawing pass asks for is another: the one
 * of both passes must see the same texts in each, to ask the tape alike.
 */
static struct pdf_text_cache **
cache_of(struct pdf_ctx *ctx)
{
	return ctx->tape_bypass ? &ctx->dcache : &ctx->tcache;
}

/* The entry for key, or NULL. */
static struct cache_entry *
cache_find(struct pdf_text_cache *c, const char *key, uint64_t hash)
{
	size_t at = 0, i;

	while (htab_next(&c->index, hash, &at, &i))
		if (strcmp(c->v[i].key, key) == 0)
			return &c->v[i];
	return NULL;
}

/* A key: its header, then each run's style and text; the longest kept. */
#define KEY_MAX (CACHE_TEXT_MAX + 64)

static bool
key_add(char *key, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n >= KEY_MAX)
		return false;
	memcpy(key + *len, s, n + 1);
	*len += n;
	return true;
}

/*
 * The cache key of a text into key[KEY_MAX], or false when it is not one to
 * share: long, or with a link (its target lives with the block). Made by
 * hand: it is made for every text, most of them never shared.
 */
static bool
cache_key(char key[static KEY_MAX], const struct pdf_run *runs,
    const char *plain, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	const struct pdf_run *r;
	unsigned w = width < 0 ? 0xffffffffu :
	    (unsigned)(int)(width * PANGO_SCALE);
	size_t len = 0;
	int i;

	key[len++] = (char)('A' + font);
	for (i = 28; i >= 0; i -= 4)
		key[len++] = "0123456789abcdef"[(w >> i) & 15];
	key[len++] = (char)('A' + align);
	key[len++] = justify ? 'j' : 'n';
	key[len++] = plain != NULL ? 'p' : 'r';
	key[len] = '\0';
	if (plain != NULL && !key_add(key, &len, plain))
		return false;
	for (r = runs; r != NULL; r = r->next) {
		if (r->link != NULL || len > CACHE_TEXT_MAX ||
		    len + 4 >= KEY_MAX)
			return false;
		key[len++] = '\x01';
		key[len++] = (char)('0' + (r->style & 63));
		key[len++] = '\x02';
		key[len] = '\0';
		if (!key_add(key, &len, r->text))
			return false;
	}
	return true;
}

static struct pdf_text *
cache_get(struct pdf_ctx *ctx, const char *key)
{
	struct cache_entry *e;

	if (key == NULL || *cache_of(ctx) == NULL)
		return NULL;
	e = cache_find(*cache_of(ctx), key, hash_str(key));
	if (e == NULL)
		return NULL;
	e->text->refs++;
	return e->text;
}

/* Keeps t under (a copy of) key. */
static void
cache_put(struct pdf_ctx *ctx, const char *key, struct pdf_text *t)
{
	struct pdf_text_cache *c;
	struct cache_entry *e;

	if (key == NULL)
		return;
	if (*cache_of(ctx) == NULL) {
		*cache_of(ctx) = xcalloc(1, sizeof(**cache_of(ctx)));
		(*cache_of(ctx))->index = (struct htab)HTAB_INIT;
	}
	c = *cache_of(ctx);
	if (c->n == CACHE_MAX)
		cache_clear(c);
	e = &c->v[c->n];
	e->key = xstrdup(key);
	e->text = t;
	t->refs++;
	htab_add(&c->index, hash_str(key), c->n);
	c->n++;
}

/*
 * The tape (pdf_layout.h). Each text is known by a hash of what it is made
 * from: font, width, alignment and its runs' styles, link marks and text.
 * The second pass takes the tape's next text when it is the one asked
 * for; any other text (none, when both passes ask alike) it shapes, and
 * then it stops reading the tape, whose order no longer holds.
 */
struct pdf_tape {
	struct tape_entry {
		uint64_t fp;
		struct pdf_text *text;
	} *v;
	size_t n, cap, at;
	size_t bytes;         /* the estimate of what it holds */
	bool full;            /* the budget is spent: nothing more recorded */
	struct htab seen;     /* every text the first pass shaped, by fp */
};

static void
tape_free(struct pdf_tape *tp)
{
	size_t i;

	if (tp == NULL)
		return;
	for (i = tp->at; i < tp->n; i++)
		pdf_text_free(tp->v[i].text);
	free(tp->v);
	htab_free(&tp->seen);
	free(tp);
}

void
pdf_tape_mode(struct pdf_ctx *ctx, enum pdf_tape_mode mode)
{
	if (mode != TAPE_PLAY) {
		tape_free(ctx->tape);
		ctx->tape = NULL;
	}
	if (mode == TAPE_RECORD) {
		ctx->tape = xcalloc(1, sizeof(*ctx->tape));
		ctx->tape->seen = (struct htab)HTAB_INIT;
	}
	else if (mode == TAPE_PLAY && ctx->tape != NULL)
		ctx->tape->at = 0;
	ctx->tape_mode = mode;
}

static uint64_t
text_fp(const struct pdf_run *runs, const char *plain, enum pdf_font font,
    double width, PangoAlignment align, bool justify)
{
	unsigned char head[4] = {(unsigned char)font, (unsigned char)align,
	    justify, plain != NULL}, mark[2];
	int w = width < 0 ? -1 : (int)(width * PANGO_SCALE);
	uint64_t h = hash_bytes(HASH_SEED, head, sizeof(head));
	const struct pdf_run *r;

	h = hash_bytes(h, &w, sizeof(w));
	if (plain != NULL)
		h = hash_bytes(h, plain, strlen(plain) + 1);
	for (r = runs; r != NULL; r = r->next) {
		mark[0] = (unsigned char)r->style;
		mark[1] = r->link != NULL;
		h = hash_bytes(h, mark, sizeof(mark));
		h = hash_bytes(h, r->text, strlen(r->text) + 1);
	}
	return h;
}

/* How far ahead the second pass looks for its text on the tape. */
#define TAPE_AHEAD 8

/*
 * The second pass: the tape's next text when it is fp's (the caller's), else
 * NULL. A text that differs from the first pass's (a forward reference's
 * page number, "00" then "9") is shaped anew and the tape stays where it
 * is; the text after it finds its own a step or a few further on, and the
 * ones skipped are freed. Only a text not within TAPE_AHEAD is shaped
 * anew without the tape moving.
 */
static struct pdf_text *
tape_take(struct pdf_ctx *ctx, uint64_t fp)
{
	struct pdf_tape *tp = ctx->tape;
	struct pdf_text *t;
	size_t k;

	if (ctx->tape_mode != TAPE_PLAY || tp == NULL || ctx->tape_bypass)
		return NULL;
	if (tp->at < tp->n && tp->v[tp->at].fp != fp) {
		for (k = 1; k <= TAPE_AHEAD && tp->at + k < tp->n; k++)
			if (tp->v[tp->at + k].fp == fp)
				break;
		if (k > TAPE_AHEAD || tp->at + k >= tp->n)
			return NULL;
		while (k-- > 0)
			pdf_text_free(tp->v[tp->at++].text);
	}
	if (tp->at == tp->n)
		return NULL;
	t = tp->v[tp->at].text;
	tp->v[tp->at++].text = NULL;
	ctx->reused++;
	return t;
}

/* The second pass is about to shape fp's text: counted when the first
 * shaped it too, unless only the second asks for it (tape_bypass: a large
 * table's cells, laid out as they are drawn), which the first never
 * takes on the tape: an equal text elsewhere in the first (a count in the
 * headline figures, the same in a column as wide) is another text. */
static void
tape_miss(struct pdf_ctx *ctx, uint64_t fp)
{
	size_t at = 0, i;

	if (ctx->tape_mode == TAPE_PLAY && ctx->tape != NULL && !ctx->tape_bypass &&
	    htab_next(&ctx->tape->seen, fp, &at, &i))
		ctx->twice++;
}

/* What a text's layouts hold, roughly: glyphs, clusters and attributes for
 * each byte, and each layout's own. */
static size_t
text_bytes(const struct pdf_text *t, size_t len)
{
	return len * 48 + (size_t)t->nlayouts * 1024 + (size_t)t->nlines * 64;
}

/* The first pass: keeps t (len bytes of text) for the second. */
static void
tape_put(struct pdf_ctx *ctx, uint64_t fp, struct pdf_text *t, size_t len)
{
	struct pdf_tape *tp = ctx->tape;
	size_t bytes = text_bytes(t, len);

	if (ctx->tape_mode != TAPE_RECORD || tp == NULL)
		return;
	htab_add(&tp->seen, fp, 0);
	if (tp->full)
		return;
	if (tp->bytes + bytes > PDF_TAPE_BUDGET) {
		tp->full = true;
		return;
	}
	tp->v = xgrow(tp->v, sizeof(*tp->v), tp->n + 1, &tp->cap);
	tp->v[tp->n].fp = fp;
	tp->v[tp->n++].text = t;
	tp->bytes += bytes;
	t->refs++;
}

/*
 * Pango shapes a line twice when it wraps a text, once to measure it and
 * again when it accepts the line whole; a text laid out unwrapped is shaped
 * once. So a text that likely fits its width is laid out unwrapped first and
 * kept when every line fits with an em to spare (what a hyphen at a break
 * between runs could add), its lines offset for the alignment as pango
 * would (its get_x_offset()). Left-aligned texts of any lines and other
 * alignments of one line, left to right: otherwise it is laid out again at
 * its width.
 */
#define FIT_GUESS 0.55    /* an average advance, in ems */

static bool
likely_fits(const char *s, int size, int w)
{
	long n = 0, room = (long)((double)w / (FIT_GUESS * size));

	for (; *s != '\0'; s++) {
		if (!utf8_continues(*s) && ++n > room)
			return false;
	}
	return true;
}

int
pdf_align_offset(PangoAlignment align, int w, int lw)
{
	int off;

	if (align == PANGO_ALIGN_RIGHT)
		return w - lw;
	if (align != PANGO_ALIGN_CENTER)
		return 0;
	off = (w - lw) / 2;
	if (((w | lw) & (PANGO_SCALE - 1)) == 0)
		off = PANGO_UNITS_ROUND(off);
	return off;
}

static bool
unwrapped_fits(struct pdf_text *t, int w, int slack, PangoAlignment align)
{
	PangoLayoutLine *line;
	PangoRectangle r;
	int i, n = pango_layout_get_line_count(t->layouts[0]);

	if (n != 1 && align != PANGO_ALIGN_LEFT)
		return false;
	for (i = 0; i < n; i++) {
		line = pango_layout_get_line_readonly(t->layouts[0], i);
		if (line->resolved_dir != PANGO_DIRECTION_LTR)
			return false;
		pango_layout_line_get_extents(line, NULL, &r);
		if (r.width + slack > w)
			return false;
	}
	if (n == 1)
		t->link_dx = (double)pdf_align_offset(align, w, r.width) /
		    PANGO_SCALE;
	return true;
}

static PangoLayout *
layout_new(struct pdf_ctx *ctx, const char *s, int len, PangoAttrList *al,
    enum pdf_font font, PangoAlignment align, bool justify)
{
	PangoLayout *l = pango_layout_new(ctx->pc);

	pdf_layout_font(ctx, l, font, al);
	if (font == FONT_BODY)
		pango_layout_set_line_spacing(l, PDF_BODY_SPACING);
	if (font == FONT_CODE)
		code_tabs(ctx, l);
	pango_layout_set_alignment(l, align);
	pango_layout_set_justify(l, justify);
	pango_layout_set_text(l, s, len);
	return l;
}

/*
 * Where the piece of s from byte from ends: about PDF_TEXT_CHUNK bytes on,
 * after a line feed or else a space in its last half, else at a character.
 */
static size_t
chunk_end(const char *s, size_t from, size_t len)
{
	size_t end = from + PDF_TEXT_CHUNK, i;

	if (end >= len)
		return len;
	for (i = end; i > from + PDF_TEXT_CHUNK / 2; i--)
		if (s[i - 1] == '\n')
			return i;
	for (i = end; i > from + PDF_TEXT_CHUNK / 2; i--)
		if (s[i - 1] == ' ')
			return i;
	while (end > from + 1 && utf8_continues(s[end]))
		end--;
	return end;
}

/* The attributes of al over bytes [from, to), moved to start at 0. */
static PangoAttrList *
attrs_slice(GSList *attrs, size_t from, size_t to)
{
	PangoAttrList *al = pango_attr_list_new();
	PangoAttribute *a, *c;
	GSList *k;

	for (k = attrs; k != NULL; k = k->next) {
		a = k->data;
		if (a->end_index <= from || a->start_index >= to)
			continue;
		c = pango_attribute_copy(a);
		c->start_index = (guint)((a->start_index > from ?
		    a->start_index : from) - from);
		c->end_index = (guint)((a->end_index < to ? a->end_index : to) -
		    from);
		pango_attr_list_insert(al, c);
	}
	return al;
}

/* A long text wrapped at w, in pieces (see PDF_TEXT_CHUNK). */
static void
text_pieces(struct pdf_ctx *ctx, struct pdf_text *t, const char *s,
    PangoAttrList *al, enum pdf_font font, int w, PangoAlignment align,
    bool justify)
{
	size_t len = strlen(s), from, to, cap = 0;
	GSList *attrs = al != NULL ? pango_attr_list_get_attributes(al) : NULL;
	PangoAttrList *piece;
	PangoLayout *l;

	for (from = 0; from < len; from = to) {
		to = chunk_end(s, from, len);
		piece = attrs != NULL ? attrs_slice(attrs, from, to) : NULL;
		l = layout_new(ctx, s + from, (int)(to - from), piece, font,
		    align, justify);
		if (piece != NULL)
			pango_attr_list_unref(piece);
		pango_layout_set_width(l, w);
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		t->layouts = xgrow(t->layouts, sizeof(*t->layouts),
		    (size_t)t->nlayouts + 1, &cap);
		t->layout_base = xrealloc(t->layout_base,
		    cap * sizeof(*t->layout_base));
		t->layouts[t->nlayouts] = l;
		t->layout_base[t->nlayouts++] = (int)from;
	}
	g_slist_free_full(attrs, (GDestroyNotify)pango_attribute_destroy);
}

/* width < 0: no wrapping. On success, free with pdf_text_free(). */
static struct pdf_text *
text_make(struct pdf_ctx *ctx, const char *s, PangoAttrList *al,
    enum pdf_font font, double width, PangoAlignment align, bool justify)
{
	struct pdf_text *t = xcalloc(1, sizeof(*t));
	int size = pango_font_description_get_size(ctx->font[font]);
	int w = (int)(width * PANGO_SCALE);
	int i;

	t->refs = 1;
	ctx->shaped[ctx->tape_mode == TAPE_PLAY]++;
	if (width >= 0 && strlen(s) > PDF_TEXT_CHUNK) {
		text_pieces(ctx, t, s, al, font, w, align, justify);
		text_measure(t);
		return t;
	}
	t->layouts = xmalloc(sizeof(*t->layouts));
	t->layout_base = xcalloc(1, sizeof(*t->layout_base));
	t->nlayouts = 1;
	t->layouts[0] = layout_new(ctx, s, -1, al, font, align, justify);
	if (width >= 0 && likely_fits(s, size, w) &&
	    unwrapped_fits(t, w, size, align)) {
		text_measure(t);
		for (i = 0; i < t->nlines; i++)
			t->lx[i] += t->link_dx;
		return t;
	}
	if (width >= 0) {
		pango_layout_set_width(t->layouts[0], w);
		pango_layout_set_wrap(t->layouts[0], PANGO_WRAP_WORD_CHAR);
	}
	text_measure(t);
	return t;
}

static bool
ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

/* Whether byte i of the text is inside a URL run (PDF_S_URL) of runs. */
static bool
in_url(const struct pdf_run *runs, size_t i)
{
	size_t at = 0, len;

	for (; runs != NULL; runs = runs->next, at += len) {
		len = strlen(runs->text);
		if (i >= at && i < at + len)
			return (runs->style & PDF_S_URL) != 0;
	}
	return false;
}

/*
 * No line break after the hyphen of a compound ("Well-known"): a line
 * ending in a hyphen is read back as a word broken in two, and copied out
 * without it ("Wellknown"). A URL's hyphens are its own (url_breaks).
 */
static void
hyphens_keep(PangoAttrList *al, const char *s, const struct pdf_run *runs,
    bool urls)
{
	PangoAttribute *a;
	size_t i;

	if (s[0] == '\0')
		return;
	for (i = 1; s[i] != '\0'; i++) {
		if (s[i] != '-' || !ascii_alnum(s[i - 1]) || !ascii_alnum(s[i + 1]))
			continue;
		if (urls && in_url(runs, i))
			continue;
		a = pango_attr_allow_breaks_new(FALSE);
		a->start_index = (guint)i;
		a->end_index = (guint)i + 2;
		pango_attr_list_insert(al, a);
	}
}

/* A URL's last and first this many bytes stay on one line. */
#define URL_TAIL 16

static void
no_breaks(PangoAttrList *al, size_t from, size_t to)
{
	PangoAttribute *a;

	if (to <= from + 1)
		return;
	a = pango_attr_allow_breaks_new(FALSE);
	a->start_index = (guint)from;
	a->end_index = (guint)to;
	pango_attr_list_insert(al, a);
}

/*
 * The breaks of a URL's bytes [start, end) of s: none when whole (it goes
 * to a line of its own), else only after a "/" of its path (and a "-"
 * when hyphens), at least URL_TAIL bytes from either end (no "ClusterMAX"
 * alone on a line). A "/" first: a line that ends in a hyphen is copied
 * out without it, which breaks the address.
 */
static void
url_breaks(PangoAttrList *al, const char *s, size_t start, size_t end,
    bool whole, bool hyphens)
{
	const char *host = NULL;
	size_t i, from = start, path = start;

	if (!whole) {
		for (i = start; i + 3 <= end; i++)
			if (memcmp(s + i, "://", 3) == 0) {
				host = s + i + 3;
				break;
			}
		path = host != NULL ? (size_t)(host - s) : start;
		while (path < end && s[path] != '/' && s[path] != '?' && s[path] != '#')
			path++;
	}
	for (i = path + 1; !whole && i < end; i++)
		if ((s[i - 1] == '/' || (hyphens && s[i - 1] == '-')) && i - start >= URL_TAIL &&
		    end - i >= URL_TAIL) {
			no_breaks(al, from, i);
			from = i;
		}
	no_breaks(al, from, end);
}

/* How URL runs may break: not at all, not at all set a little smaller
 * (URL_SMALL), after a "/", after a "/" or "-", anywhere. */
enum { URLS_WHOLE, URLS_SMALL, URLS_SLASH, URLS_SPLIT, URLS_FREE };
/* A URL a little longer than a line is set this much smaller, whole on a
 * line of its own, rather than broken (a printed copy is typed from). */
#define URL_SMALL 0.85

/* The attributes of runs' texts (s), URLs broken as mode lets them. */
static PangoAttrList *
runs_attrs(const struct pdf_run *runs, const char *s, int mode, bool *urls)
{
	PangoAttrList *al = pango_attr_list_new();
	const struct pdf_run *r;
	size_t start = 0, len;

	*urls = false;
	for (r = runs; r != NULL; r = r->next, start += len) {
		len = strlen(r->text);
		pdf_style_attrs(al, r->style, r->link != NULL, start, start + len);
		if (r->style & PDF_S_URL) {
			if (mode != URLS_FREE)
				url_breaks(al, s, start, start + len, mode <= URLS_SMALL,
				    mode == URLS_SPLIT);
			if (mode == URLS_SMALL)
				pango_attr_list_change(al, attr_range(pango_attr_scale_new(
				    PDF_CODE_SCALE * URL_SMALL), start, start + len));
			*urls = true;
		}
	}
	hyphens_keep(al, s, runs, *urls);
	return al;
}

/* Whether a line of t is wider than w (units): a run that may not break
 * (allow_breaks) is not broken by pango even where it overflows. */
static bool
text_overflows(const struct pdf_text *t, int w)
{
	PangoRectangle r;
	int i;

	for (i = 0; i < t->nlines; i++) {
		pango_layout_line_get_extents(text_line(t, i), NULL, &r);
		if (r.width > w + PANGO_SCALE / 2)
			return true;
	}
	return false;
}

/* Whether each URL run of runs is on one line of t, and no line is wider
 * than w. */
static bool
urls_unbroken(const struct pdf_text *t, const struct pdf_run *runs, int w)
{
	size_t start = 0, len;
	int l0, l1, x;

	if (t->nlayouts != 1 || text_overflows(t, w))
		return false;
	for (; runs != NULL; runs = runs->next, start += len) {
		len = strlen(runs->text);
		if (!(runs->style & PDF_S_URL) || len == 0)
			continue;
		pango_layout_index_to_line_x(t->layouts[0], (int)start, FALSE, &l0, &x);
		pango_layout_index_to_line_x(t->layouts[0], (int)(start + len - 1),
		    FALSE, &l1, &x);
		if (l0 != l1)
			return false;
	}
	return true;
}

/*
 * The links of t, from runs: their byte ranges and targets (a text taken
 * from the tape had the first pass's runs, which may be freed now).
 */
static void
links_set(struct pdf_text *t, const struct pdf_run *runs)
{
	size_t cap = 0, at = 0, len;
	const struct pdf_run *r;

	free(t->links);
	t->links = NULL;
	t->nlinks = 0;
	for (r = runs; r != NULL; r = r->next, at += len) {
		len = strlen(r->text);
		if (r->link == NULL)
			continue;
		t->links = xgrow(t->links, sizeof(*t->links), t->nlinks + 1, &cap);
		t->links[t->nlinks].start = (int)at;
		t->links[t->nlinks].end = (int)(at + len);
		t->links[t->nlinks++].link = r->link;
	}
}

/* On success, free with pdf_text_free(). */
struct pdf_text *
pdf_text_new(struct pdf_ctx *ctx, const struct pdf_run *runs,
    enum pdf_font font, double width, PangoAlignment align, bool justify)
{
	struct buf s = BUF_INIT;
	PangoAttrList *al;
	struct pdf_text *t;
	const struct pdf_run *r;
	bool urls;
	int mode;
	char kbuf[KEY_MAX];
	const char *key = cache_key(kbuf, runs, NULL, font, width, align,
	    justify) ? kbuf : NULL;
	uint64_t fp;

	if ((t = cache_get(ctx, key)) != NULL)
		return t;
	fp = ctx->tape != NULL ? text_fp(runs, NULL, font, width, align,
	    justify) : 0;
	if ((t = tape_take(ctx, fp)) != NULL) {
		links_set(t, runs);
		cache_put(ctx, key, t);
		return t;
	}
	tape_miss(ctx, fp);
	for (r = runs; r != NULL; r = r->next)
		buf_puts(&s, r->text);
	/* a URL whole, on a line of its own; when it is longer than a line,
	 * broken where url_breaks lets it */
	al = runs_attrs(runs, s.data != NULL ? s.data : "", URLS_WHOLE, &urls);
	t = text_make(ctx, s.data != NULL ? s.data : "", al, font, width,
	    align, justify);
	pango_attr_list_unref(al);
	/* then broken after a "/", or a "-" too; a part of it between two
	 * such still wider than a line, anywhere, as any text */
	for (mode = URLS_SMALL; urls && width >= 0 && mode <= URLS_FREE &&
	    (mode <= URLS_SLASH ? !urls_unbroken(t, runs, (int)(width * PANGO_SCALE)) :
	    text_overflows(t, (int)(width * PANGO_SCALE))); mode++) {
		/* the text is shaped once more, not one more text */
		ctx->shaped[ctx->tape_mode == TAPE_PLAY]--;
		pdf_text_free(t);
		al = runs_attrs(runs, s.data, mode, &urls);
		t = text_make(ctx, s.data, al, font, width, align, justify);
		pango_attr_list_unref(al);
	}
	links_set(t, runs);
	cache_put(ctx, key, t);
	tape_put(ctx, fp, t, s.len);
	buf_release(&s);
	return t;
}

/* On success, free with pdf_text_free(). */
struct pdf_text *
pdf_text_plain(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    double width, PangoAlignment align)
{
	char kbuf[KEY_MAX];
	const char *key = cache_key(kbuf, NULL, s, font, width, align, false) ?
	    kbuf : NULL;
	struct pdf_text *t;

	uint64_t fp;

	if ((t = cache_get(ctx, key)) != NULL)
		return t;
	fp = ctx->tape != NULL ? text_fp(NULL, s, font, width, align, false) :
	    0;
	if ((t = tape_take(ctx, fp)) == NULL) {
		tape_miss(ctx, fp);
		t = text_make(ctx, s, NULL, font, width, align, false);
		tape_put(ctx, fp, t, strlen(s));
	}
	cache_put(ctx, key, t);
	return t;
}

void
pdf_text_free(struct pdf_text *t)
{
	int i;

	if (t == NULL || --t->refs > 0)
		return;
	for (i = 0; i < t->nlayouts; i++)
		g_object_unref(t->layouts[i]);
	free(t->layouts);
	free(t->layout_base);
	free(t->line_layout);
	free(t->line_no);
	free(t->top);
	free(t->bottom);
	free(t->base);
	free(t->lx);
	free(t->links);
	free(t);
}

double
pdf_text_height(const struct pdf_text *t)
{
	return pdf_text_head(t, t->nlines);
}

double
pdf_text_head(const struct pdf_text *t, int n)
{
	if (n > t->nlines)
		n = t->nlines;
	if (n <= 0)
		return 0;
	return t->bottom[n - 1] - t->top[0];
}

/* The first byte of line i in t's text. */
static int
line_start(const struct pdf_text *t, int i)
{
	return t->layout_base[t->line_layout[i]] + text_line(t, i)->start_index;
}

/* The line holding byte at (the last line whose start is at or before). */
static int
line_of(const struct pdf_text *t, int at)
{
	int lo = 0, hi = t->nlines - 1;

	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;

		if (line_start(t, mid) <= at)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The first link that ends after byte at (links are in text order). */
static size_t
link_after(const struct pdf_text *t, int at)
{
	size_t lo = 0, hi = t->nlinks;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->links[mid].end <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Link k's part on line i as one rectangle (x, y, w, h into r), from the
 * leftmost to the rightmost of its ranges. Returns false when it has none.
 */
static bool
link_line_rect(const struct pdf_text *t, size_t k, int i, double x,
    double top, double h, double *r)
{
	int base = t->layout_base[t->line_layout[i]], *ranges, n, j, x0, x1;
	PangoLayoutLine *l = text_line(t, i);
	const struct pdf_link_span *ln = &t->links[k];

	if (ln->end <= base + l->start_index ||
	    ln->start >= base + l->start_index + l->length)
		return false;
	pango_layout_line_get_x_ranges(l, ln->start - base, ln->end - base,
	    &ranges, &n);
	for (j = 0, x0 = x1 = 0; j < n; j++) {
		if (j == 0 || ranges[2 * j] < x0)
			x0 = ranges[2 * j];
		if (j == 0 || ranges[2 * j + 1] > x1)
			x1 = ranges[2 * j + 1];
	}
	g_free(ranges);
	if (n == 0)
		return false;
	r[0] = x + t->link_dx + (double)x0 / PANGO_SCALE;
	r[1] = top;
	r[2] = (double)(x1 - x0) / PANGO_SCALE;
	r[3] = h;
	return true;
}

/*
 * The links of lines [first, last), drawn with line first's top at off:
 * one annotation for each link, a rectangle for each of its lines here,
 * so that a link broken over lines writes its address once a page. Only a
 * link's first PDF_LINK_LINES lines are clickable: past them a very long
 * link (a 200 KB address) is only coloured, and the PDF grows with its
 * text, not with the text times its pages.
 */
static void
text_links(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    double off, int first, int last)
{
	int stop = last < t->nlines ? line_start(t, last) : INT_MAX, i, from, to;
	double *r = NULL;
	size_t k, n, cap = 0;

	for (k = link_after(t, line_start(t, first));
	    k < t->nlinks && t->links[k].start < stop; k++) {
		from = line_of(t, t->links[k].start);
		to = from + PDF_LINK_LINES;
		if (to > last)
			to = last;
		for (n = 0, i = from > first ? from : first; i < to; i++) {
			r = xgrow(r, 4 * sizeof(*r), n + 1, &cap);
			if (link_line_rect(t, k, i, x, off + t->top[i],
			    t->bottom[i] - t->top[i], r + 4 * n))
				n++;
		}
		pdf_link_rects(ctx, t->links[k].link, r, n);
	}
	free(r);
}

static void
marker_draw(struct pdf_ctx *ctx, double baseline)
{
	struct pdf_text *m = ctx->marker;

	ctx->marker = NULL;
	if (ctx->cr == NULL || m == NULL)
		return;
	pdf_set_rgb(ctx, 0x222222);
	pdf_text_line_draw(ctx, m, 0, ctx->marker_x + m->lx[0], baseline);
}

/* Draws lines [first, last) with line first's top at y. */
void
pdf_text_draw(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    double y, int first, int last)
{
	double off = y - t->top[first];
	int i;

	if (first == 0 && ctx->marker != NULL)
		marker_draw(ctx, off + t->base[0]);
	if (ctx->cr == NULL)
		return;
	if (t->nlinks > 0 && first < last)
		text_links(ctx, t, x, off, first, last);
	for (i = first; i < last; i++) {
		pdf_set_rgb(ctx, ctx->ink);
		pdf_text_line_draw(ctx, t, i, x + t->lx[i], off + t->base[i]);
	}
}

/*
 * How many lines from first go on this page: all that fit, less those that
 * would leave a single first line (orphan) here or a single last line
 * (widow) on the next page. 0 means: start a new page first.
 */
static int
lines_here(struct pdf_ctx *ctx, const struct pdf_text *t, int first,
    double extra)
{
	double avail = ctx->y1 - ctx->y - extra;
	int n = t->nlines, k = 0;

	while (first + k < n &&
	    t->bottom[first + k] - t->top[first] <= avail + 0.01)
		k++;
	/* the text ends here but what it is kept with would not follow:
	 * its last two lines go over with it (never one left behind) */
	if (first + k == n && ctx->keep_after > 0 && !ctx->at_top &&
	    t->bottom[n - 1] - t->top[first] + ctx->keep_after > avail + 0.01) {
		k -= 2;
		if (k <= 0 || (first == 0 && k < 2))
			return 0;
		return k;
	}
	if (first + k == n)
		return k;
	if (ctx->at_top)
		return k > 0 ? k : 1;
	if (k == 0 || (first == 0 && k < 2))
		return 0;
	if (n - (first + k) == 1) {
		if (first > 0 || k >= 3)
			return k - 1;
		return 0;
	}
	return k;
}

static void
text_place(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    double w, const char *tag, unsigned rgb, double pad)
{
	const char *anchor = ctx->anchor;

	int i = 0, k;
	double h;

	ctx->anchor = NULL;
	if (t->nlines < 5)        /* kept whole with the next, by the caller */
		ctx->keep_after = 0;
	while (i < t->nlines) {
		k = lines_here(ctx, t, i, 2 * pad);
		if (k == 0) {
			pdf_new_page(ctx);
			continue;
		}
		h = t->bottom[i + k - 1] - t->top[i];
		if (tag != NULL)
			pdf_tag_push(ctx, tag, NULL);
		if (i == 0)
			pdf_dest_begin(ctx, anchor);
		if (pad > 0 && ctx->cr != NULL) {
			pdf_set_rgb(ctx, rgb);
			cairo_rectangle(ctx->cr, x, ctx->y, w, h + 2 * pad);
			cairo_fill(ctx->cr);
		}
		pdf_text_draw(ctx, t, x + pad, ctx->y + pad, i, i + k);
		if (i == 0)
			pdf_dest_end(ctx, anchor);
		if (tag != NULL)
			pdf_tag_pop(ctx);
		ctx->y += h + 2 * pad;
		ctx->at_top = false;
		i += k;
		if (i < t->nlines)
			pdf_new_page(ctx);
	}
	ctx->keep_after = 0;
}

void
pdf_text_place(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    const char *tag)
{
	text_place(ctx, t, x, 0, tag, 0, 0);
}

void
pdf_text_place_boxed(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    double w, const char *tag, unsigned rgb)
{
	text_place(ctx, t, x, w, tag, rgb, 4);
}

void
pdf_text_line_draw(struct pdf_ctx *ctx, const struct pdf_text *t, int i,
    double x, double y)
{
	cairo_move_to(ctx->cr, x, y);
	pango_cairo_show_layout_line(ctx->cr, text_line(t, i));
}

double
pdf_text_line_width(const struct pdf_text *t, int i)
{
	PangoRectangle r;

	pango_layout_line_get_extents(text_line(t, i), NULL, &r);
	return (double)r.width / PANGO_SCALE;
}
