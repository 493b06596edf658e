/* pdf_table.c: tables that wrap their cells, fit the body's width and
 * repeat their header row on every page they span. */
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

#define PAD_X 4.0
#define PAD_Y 2.5
#define HEAD_RGB 0xe3e8efu
#define ZEBRA_RGB 0xf5f7f9u
#define RULE_RGB 0x44546au
#define SEVERE_RGB 0xa3271cu  /* a critical or high severity: the site's --down */

/*
 * A table of at most this many cells (a provider's fault test) has its
 * body cells laid out when it is prepared; a larger one's are laid out a
 * row at a time as they are drawn, to keep the memory small.
 */
#define BODY_AHEAD_MAX 24

/*
 * What placing a table needs: column widths and row heights, kept from the
 * first layout pass to the second. Body cells are laid out only to be drawn,
 * one row at a time, and freed at once.
 */
struct table_prep {
	const struct table *t;
	size_t ncols, nrows;
	double *colw;             /* each column's width, padding included */
	struct pdf_text **head;   /* ncols */
	double head_h;
	double *row_h;
	struct pdf_text **body;   /* a small table's cells, laid out ahead */
	struct pdf_text **kept;   /* drawing pass: cells laid out to be
	                             measured, kept until drawn (NULL: none) */
	struct pdf_text *caption;
	double width;
	double body_h;            /* the page body's height */
};

/*
 * One cell's text measured unwrapped: its width and height (h < 0: more
 * than one line); its widest word only when a table asks for it (min < 0:
 * not yet).
 */
struct cell_size {
	double nat, min, h;
	int nat_units;            /* the width in pango units */
};

/*
 * Measurements by font and text for the whole rendering: tables repeat
 * their cells, and every provider's fault test its labels. Emptied when it
 * reaches MEMO_MAX entries, so it stays small.
 */
#define MEMO_MAX 4096

struct pdf_size_memo {
	struct size_memo_entry {
		char *text;
		enum pdf_font font;
		struct cell_size size;
	} v[MEMO_MAX];
	size_t n;
	struct htab index;        /* hash of (text, font) -> entry of v */
};

static void
memo_clear(struct pdf_size_memo *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->v[i].text);
		m->v[i].text = NULL;
	}
	m->n = 0;
	htab_clear(&m->index);
}

void
pdf_size_memo_free(struct pdf_ctx *ctx)
{
	if (ctx->memo == NULL)
		return;
	memo_clear(ctx->memo);
	htab_free(&ctx->memo->index);
	free(ctx->memo);
	ctx->memo = NULL;
}

void
pdf_cell_measure(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    int *units, double *h)
{
	PangoLayout *l;
	PangoRectangle r;

	l = pango_layout_new(ctx->pc);
	pdf_layout_font(ctx, l, font, NULL);
	pango_layout_set_text(l, s, -1);
	pango_layout_get_extents(l, NULL, &r);
	*units = r.width;
	*h = pango_layout_get_line_count(l) == 1 ?
	    (double)r.height / PANGO_SCALE : -1;
	g_object_unref(l);
}

static void
cell_measure_raw(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    struct cell_size *z)
{
	pdf_cell_measure(ctx, s, font, &z->nat_units, &z->h);
	z->nat = (double)z->nat_units / PANGO_SCALE;
	z->min = -1;
}

/*
 * The widest word of s: s laid out once on one line, each cluster's width
 * added to the word it is in (words end at white space, so that a
 * hyphenated word such as "cross-tenant" is one; spaces count for none). Linear in the length of s, whatever its words
 * (a layout of width 1, a line a word, took quadratic time).
 */
static double
word_measure(struct pdf_ctx *ctx, const char *s, enum pdf_font font)
{
	PangoLayout *l = pango_layout_new(ctx->pc);
	const PangoLogAttr *attrs;
	PangoLayoutIter *it;
	PangoRectangle r;
	size_t len = strlen(s), i, nwords = 1;
	int *word_of, n, ch = 0, best = 0;
	int *width;
	bool white = false;       /* the character before is white space */

	pdf_layout_font(ctx, l, font, NULL);
	pango_layout_set_text(l, s, -1);
	attrs = pango_layout_get_log_attrs_readonly(l, &n);
	/* each byte's word (the line breaks before it), and whether white */
	word_of = xcalloc(len + 1, sizeof(*word_of));
	for (i = 0; i < len; i++) {
		if (!utf8_continues(s[i])) {
			bool w = ch < n && attrs[ch].is_white;

			if (white && !w)
				nwords++;
			white = w;
			ch++;
		}
		word_of[i] = white ? -1 : (int)nwords - 1;
	}
	width = xcalloc(nwords, sizeof(*width));
	it = pango_layout_get_iter(l);
	do {
		i = (size_t)pango_layout_iter_get_index(it);
		if (i >= len || word_of[i] < 0)
			continue;
		pango_layout_iter_get_cluster_extents(it, NULL, &r);
		width[word_of[i]] += r.width;
		if (width[word_of[i]] > best)
			best = width[word_of[i]];
	} while (pango_layout_iter_next_cluster(it));
	pango_layout_iter_free(it);
	free(width);
	free(word_of);
	g_object_unref(l);
	return (double)best / PANGO_SCALE;
}

/* The memo's entry for (s, font), measured on first sight. */
static struct cell_size *
cell_size(struct pdf_ctx *ctx, const char *s, enum pdf_font font)
{
	struct size_memo_entry *e;
	struct pdf_size_memo *m;
	uint64_t hash = hash_bytes(hash_str(s), &font, sizeof(font));
	size_t at = 0, i;

	if (ctx->memo == NULL) {
		ctx->memo = xcalloc(1, sizeof(*ctx->memo));
		ctx->memo->index = (struct htab)HTAB_INIT;
	}
	m = ctx->memo;
	if (m->n == MEMO_MAX)
		memo_clear(m);
	while (htab_next(&m->index, hash, &at, &i)) {
		e = &m->v[i];
		if (e->font == font && strcmp(e->text, s) == 0)
			return &e->size;
	}
	e = &m->v[m->n];
	e->text = xstrdup(s);
	e->font = font;
	cell_measure_raw(ctx, s, font, &e->size);
	htab_add(&m->index, hash, m->n);
	m->n++;
	return &e->size;
}

static double
cell_min(struct pdf_ctx *ctx, const char *s, enum pdf_font font)
{
	struct cell_size *z = cell_size(ctx, s, font);

	if (z->min < 0)
		z->min = word_measure(ctx, s, font);
	return z->min;
}

static enum pdf_font
cell_font(const struct table_cell *c, bool head)
{
	return head || c->tier != NULL || c->role == TABLE_ROLE_SEVERITY ?
	    FONT_TABLE_HEAD : FONT_TABLE;
}

/*
 * A word wider than this share of the body's width does not widen its
 * column past it (a long link may break); narrower ones are never broken;
 * a column no wider than this unwrapped is a short one.
 */
#define WORD_CAP 0.3

/*
 * A numeric column of a table narrower than the body is NUM_COL wide
 * (its natural width when more), whatever its table: the stated and
 * counted columns of one table line up with the next's (PDF review 7,
 * item 19), and a number is not set far from its label.
 */
#define NUM_COL 0.16

/* The text columns take the rest of the width, in proportion to their
 * natural widths; false (nothing set): no text column, or no room. */
static bool
numeric_fit(struct table_prep *p, const double *nat, double avail)
{
	double fixed = 0, text = 0, w;
	size_t c, n = p->ncols;

	for (c = 0; c < n; c++) {
		w = nat[c] + 2 * PAD_X;
		if (p->t->head[c].numeric)
			fixed += w > NUM_COL * avail ? w : NUM_COL * avail;
		else
			text += w;
	}
	if (text <= 0 || fixed == 0 || fixed + text > avail)
		return false;
	for (c = 0; c < n; c++) {
		w = nat[c] + 2 * PAD_X;
		if (p->t->head[c].numeric)
			p->colw[c] = w > NUM_COL * avail ? w : NUM_COL * avail;
		else
			p->colw[c] = w * (avail - fixed) / text;
	}
	p->width = avail;
	return true;
}

/* Column widths: natural widths stretched to the body's width when they
 * fit; otherwise short columns (a name, a tier, a status) whole and the
 * others, which wrap anyway, their widest word and a share of the rest in
 * proportion to how much more each would like; failing that every column
 * its widest word and such a share. */
static void
columns_fit(struct table_prep *p, const double *nat, const double *min,
    double avail)
{
	double sn = 0, sm = 0, slack = 0, ss = 0, sslack = 0;
	size_t c, n = p->ncols;
	bool *whole = xcalloc(n ? n : 1, sizeof(*whole));

	for (c = 0; c < n; c++) {
		sn += nat[c] + 2 * PAD_X;
		sm += min[c] + 2 * PAD_X;
		slack += nat[c] - min[c];
		whole[c] = nat[c] + 2 * PAD_X <= WORD_CAP * avail;
		ss += (whole[c] ? nat[c] : min[c]) + 2 * PAD_X;
		if (!whole[c])
			sslack += nat[c] - min[c];
	}
	/* short columns whole, when the long ones can still take the rest */
	if (sn > avail && ss <= avail && sslack > 0) {
		for (c = 0; c < n; c++)
			p->colw[c] = whole[c] ? nat[c] + 2 * PAD_X : min[c] +
			    2 * PAD_X + (nat[c] - min[c]) * (avail - ss) / sslack;
		p->width = avail;
		free(whole);
		return;
	}
	free(whole);
	if (sn <= avail && numeric_fit(p, nat, avail))
		return;
	for (c = 0; c < n; c++) {
		if (sn <= avail)
			p->colw[c] = (nat[c] + 2 * PAD_X) * avail / sn;
		else if (sm >= avail)
			p->colw[c] = (min[c] + 2 * PAD_X) * avail / sm;
		else
			p->colw[c] = min[c] + 2 * PAD_X + (slack > 0 ?
			    (nat[c] - min[c]) * (avail - sm) / slack : 0);
	}
	p->width = avail;
}

static struct pdf_text *
cell_text(struct pdf_ctx *ctx, const struct table_cell *c, bool head,
    double w)
{
	struct pdf_run run;

	memset(&run, 0, sizeof(run));
	run.text = c->text != NULL ? c->text : "";
	run.link = c->href;       /* checked when the block was built */
	return pdf_text_new(ctx, &run, cell_font(c, head), w - 2 * PAD_X,
	    c->numeric ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT, false);
}

/*
 * A body cell's height at column width w: a text that is one line unwrapped
 * and clearly narrower than the column keeps its unwrapped height; others
 * are laid out at that width, and in the drawing pass kept in *keep until
 * drawn, so that no cell is shaped twice.
 */
static double
cell_height(struct pdf_ctx *ctx, const struct table_cell *c,
    const struct cell_size *z, double w, struct pdf_text **keep)
{
	struct pdf_text *t;
	double h;

	if (z->h >= 0 && z->nat_units + 2 < (int)((w - 2 * PAD_X) *
	    PANGO_SCALE))
		return z->h;
	t = cell_text(ctx, c, false, w);
	h = pdf_text_height(t);
	if (ctx->cr != NULL)
		*keep = t;
	else
		pdf_text_free(t);
	return h;
}

static const char *
cell_str(const struct table_cell *c)
{
	return c->text != NULL ? c->text : "";
}

/* Each column's widest word (at most WORD_CAP of width), for a table wider
 * than the body. */
static void
columns_min(struct pdf_ctx *ctx, const struct table *t, double *min,
    double width)
{
	size_t r, c, n = t->ncols;
	double w, cap = WORD_CAP * width - 2 * PAD_X;

	for (c = 0; c < n; c++)
		min[c] = cell_min(ctx, cell_str(&t->head[c]), FONT_TABLE_HEAD);
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < n; c++) {
			const struct table_cell *cell = &t->cells[r * n + c];

			w = cell_min(ctx, cell_str(cell), cell_font(cell, false));
			if (w > min[c])
				min[c] = w;
		}
	for (c = 0; c < n; c++)
		if (min[c] > cap)
			min[c] = cap;
}

void
pdf_table_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	const struct table *t = b->table;
	struct table_prep *p = xcalloc(1, sizeof(*p));
	struct cell_size *sz;
	double *nat, *min, h, sum = 0;
	size_t r, c, n = t->ncols;

	b->prep = p;
	p->t = t;
	p->body_h = ctx->y1 - ctx->y0;
	p->ncols = n;
	p->nrows = t->nrows;
	if (n == 0)
		return;
	nat = xcalloc(n, sizeof(double));
	min = xcalloc(n, sizeof(double));
	sz = xcalloc(t->nrows * n + 1, sizeof(*sz));
	p->colw = xcalloc(n, sizeof(double));
	for (c = 0; c < n; c++)
		nat[c] = cell_size(ctx, cell_str(&t->head[c]),
		    FONT_TABLE_HEAD)->nat;
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < n; c++) {
			const struct table_cell *cell = &t->cells[r * n + c];

			sz[r * n + c] = *cell_size(ctx, cell_str(cell),
			    cell_font(cell, false));
			if (sz[r * n + c].nat > nat[c])
				nat[c] = sz[r * n + c].nat;
		}
	for (c = 0; c < n; c++)
		sum += nat[c] + 2 * PAD_X;
	if (sum > width)
		columns_min(ctx, t, min, width);
	columns_fit(p, nat, min, width);
	free(nat);
	free(min);
	p->head = xcalloc(n, sizeof(*p->head));
	p->row_h = xcalloc(t->nrows + 1, sizeof(double));
	for (c = 0; c < n; c++) {
		p->head[c] = cell_text(ctx, &t->head[c], true, p->colw[c]);
		h = pdf_text_height(p->head[c]) + 2 * PAD_Y;
		if (h > p->head_h)
			p->head_h = h;
	}
	if (ctx->cr != NULL && t->nrows * n > BODY_AHEAD_MAX)
		p->kept = xcalloc(t->nrows * n, sizeof(*p->kept));
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < n; c++) {
			struct pdf_text *keep = NULL;

			h = cell_height(ctx, &t->cells[r * n + c],
			    &sz[r * n + c], p->colw[c], &keep) + 2 * PAD_Y;
			if (p->kept != NULL)
				p->kept[r * n + c] = keep;
			else
				pdf_text_free(keep);
			if (h > p->row_h[r])
				p->row_h[r] = h;
		}
	free(sz);
	if (t->nrows * n <= BODY_AHEAD_MAX) {
		p->body = xcalloc(t->nrows * n + 1, sizeof(*p->body));
		for (r = 0; r < t->nrows; r++)
			for (c = 0; c < n; c++)
				p->body[r * n + c] = cell_text(ctx,
				    &t->cells[r * n + c], false, p->colw[c]);
	}
	if (t->caption != NULL)
		p->caption = pdf_text_plain(ctx, t->caption, FONT_H3, width,
		    PANGO_ALIGN_LEFT);
}

void
pdf_table_release(struct pdf_block *b)
{
	struct table_prep *p = b->prep;
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; p->head != NULL && i < p->ncols; i++)
		pdf_text_free(p->head[i]);
	for (i = 0; p->body != NULL && i < p->nrows * p->ncols; i++)
		pdf_text_free(p->body[i]);
	for (i = 0; p->kept != NULL && i < p->nrows * p->ncols; i++)
		pdf_text_free(p->kept[i]);
	free(p->body);
	free(p->kept);
	pdf_text_free(p->caption);
	free(p->head);
	free(p->row_h);
	free(p->colw);
	free(p);
	b->prep = NULL;
}

/*
 * A table starts on a page with TABLE_KEEP rows (all of them if it has
 * fewer), and a page it continues on gets as many: never a few rows
 * under a repeated header (three rows alone at a page's top read as a
 * stub: review item 15).
 */
#define TABLE_KEEP 4
/*
 * A table that fits on one page is split only with a fair share on each
 * side of the break: SPLIT_ROWS rows and a third of its rows, else it goes
 * whole to the next page (a 32-row table split 4 and 28 read as a stub:
 * PDF review 7, item 11); the space it leaves is at most that share. A
 * longer table keeps SPLIT_ROWS rows (half of them at most) on each side.
 */
#define SPLIT_ROWS 8

static double
rows_h(const struct table_prep *p, size_t from, size_t n)
{
	double h = 0;
	size_t r;

	for (r = from; r < p->nrows && r < from + n; r++)
		h += p->row_h[r];
	return h;
}

static double
caption_h(const struct table_prep *p)
{
	return p->caption != NULL ? pdf_text_height(p->caption) + 4 : 0;
}

/* The fewest rows a page may hold of a table broken over pages. */
static size_t
side_rows(const struct table_prep *p)
{
	size_t n = p->nrows, want;

	if (caption_h(p) + p->head_h + rows_h(p, 0, n) <= p->body_h) {
		want = (n + 2) / 3 > SPLIT_ROWS ? (n + 2) / 3 : SPLIT_ROWS;
		/* too few for a fair share on each side: whole */
		return 2 * want <= n ? want : n;
	}
	want = n / 2 < SPLIT_ROWS ? n / 2 : SPLIT_ROWS;
	return want > TABLE_KEEP ? want : TABLE_KEEP;
}

double
pdf_table_min(const struct pdf_block *b)
{
	const struct table_prep *p = b->prep;

	if (p->ncols == 0)
		return 0;
	return caption_h(p) + p->head_h + rows_h(p, 0, side_rows(p));
}

double
pdf_table_height(const struct pdf_block *b)
{
	const struct table_prep *p = b->prep;

	if (p->ncols == 0)
		return 0;
	return caption_h(p) + p->head_h + rows_h(p, 0, p->nrows) + 12;
}

/*
 * Whether row r heads a group (the medal table's "Gold (2)"): its first
 * cell names a tier, the others are empty. A page never ends with one.
 */
static bool
group_row(const struct table_prep *p, size_t r)
{
	const struct table_cell *row = &p->t->cells[r * p->ncols];
	size_t c;

	if (p->ncols < 2 || row[0].tier == NULL)
		return false;
	for (c = 1; c < p->ncols; c++)
		if (row[c].text != NULL && row[c].text[0] != '\0')
			return false;
	return true;
}

bool
pdf_table_breaks(const struct pdf_block *b)
{
	const struct table_prep *p = b->prep;

	return p->ncols > 0 && p->nrows >= 2 * TABLE_KEEP &&
	    side_rows(p) < p->nrows;
}

/*
 * The row before which the page that row `from` starts must break: the
 * first that does not fit below y, moved up so that side_rows() rows go
 * over (unless that would leave fewer than that here). p->nrows: the rest
 * fits, and so does `after` below it (what the table is kept with: its
 * notes); when that does not, the last TABLE_KEEP rows go over with it.
 */
static size_t
rows_break(const struct pdf_ctx *ctx, const struct table_prep *p,
    size_t from, double y, double after)
{
	size_t r = from, side = side_rows(p);

	while (r < p->nrows && y + p->row_h[r] <= ctx->y1 + 0.01)
		y += p->row_h[r++];
	if (r == p->nrows) {
		if (after <= 0 || y + 12 + after <= ctx->y1 + 0.01 ||
		    p->nrows < from + 2 * TABLE_KEEP)
			return r;
		r = p->nrows - TABLE_KEEP;
	} else if (p->nrows - r < side && r > from + side) {
		size_t back = side - (p->nrows - r);

		r = r - back >= from + side ? r - back : from + side;
	}
	/* a group's heading row goes over with its first rows */
	while (r > from + 1 && r < p->nrows && group_row(p, r - 1))
		r--;
	return r > from ? r : from + 1;
}

static void
fill(struct pdf_ctx *ctx, unsigned rgb, double x, double y, double w,
    double h)
{
	if (ctx->cr == NULL)
		return;
	pdf_set_rgb(ctx, rgb);
	cairo_rectangle(ctx->cr, x, y, w, h);
	cairo_fill(ctx->cr);
}

/* Whether a body cell is a critical or high severity, drawn in red as
 * the site's badge is. */
static bool
cell_severe(const struct table_cell *c)
{
	return c != NULL && c->role == TABLE_ROLE_SEVERITY && c->role_id != NULL &&
	    (strcmp(c->role_id, "critical") == 0 || strcmp(c->role_id, "high") == 0);
}

/* A row of texts; cells: the body row's cells (NULL: the header). */
static void
row_draw(struct pdf_ctx *ctx, const struct table_prep *p,
    struct pdf_text **texts, const struct table_cell *cells, double x,
    double h, const char *cell_tag)
{
	double cx = x;
	unsigned ink = ctx->ink;
	size_t c;

	pdf_tag_push(ctx, "TR", NULL);
	for (c = 0; c < p->ncols; c++) {
		/* a row's destination, at its top */
		if (cells != NULL && cells[c].anchor != NULL)
			pdf_dest_begin(ctx, cells[c].anchor);
		pdf_tag_push(ctx, cell_tag, NULL);
		if (cells != NULL && cell_severe(&cells[c]))
			ctx->ink = SEVERE_RGB;
		if (texts[c] != NULL)
			pdf_text_draw(ctx, texts[c], cx + PAD_X,
			    ctx->y + PAD_Y, 0, texts[c]->nlines);
		ctx->ink = ink;
		pdf_tag_pop(ctx);
		cx += p->colw[c];
	}
	pdf_tag_pop(ctx);
	ctx->y += h;
	ctx->at_top = false;
}

/*
 * A body row: its cells laid out only when they are drawn (those measured
 * laid out are kept from then), which only the drawing pass asks for: not
 * from the tape.
 */
static void
body_row(struct pdf_ctx *ctx, const struct table_prep *p, size_t r, double x)
{
	struct pdf_text *one[8], **texts = one;
	size_t c, n = p->ncols;

	if (p->body != NULL) {
		row_draw(ctx, p, p->body + r * n, p->t->cells + r * n, x,
		    p->row_h[r], "TD");
		return;
	}
	if (n > ARRAY_SIZE(one))
		texts = xcalloc(n, sizeof(*texts));
	ctx->tape_bypass = true;
	for (c = 0; c < n; c++) {
		if (ctx->cr == NULL)
			texts[c] = NULL;
		else if (p->kept != NULL && p->kept[r * n + c] != NULL) {
			texts[c] = p->kept[r * n + c];
			p->kept[r * n + c] = NULL;
		} else
			texts[c] = cell_text(ctx, &p->t->cells[r * n + c],
			    false, p->colw[c]);
	}
	ctx->tape_bypass = false;
	row_draw(ctx, p, texts, p->t->cells + r * n, x, p->row_h[r], "TD");
	for (c = 0; c < n; c++)
		pdf_text_free(texts[c]);
	if (texts != one)
		free(texts);
}

static void
head_draw(struct pdf_ctx *ctx, const struct table_prep *p, double x)
{
	fill(ctx, HEAD_RGB, x, ctx->y, p->width, p->head_h);
	fill(ctx, RULE_RGB, x, ctx->y + p->head_h - 0.8, p->width, 0.8);
	row_draw(ctx, p, p->head, NULL, x, p->head_h, "TH");
}

/*
 * On a page a table continues on, the line over its repeated header that
 * says so (PDF review 8, item 10: the movers' table went on overleaf
 * under its header alone): its caption, else the heading it stands under
 * (the running head's section or entry), in the document's words.
 */
static void
cont_draw(struct pdf_ctx *ctx, const struct table_prep *p, double x)
{
	const char *fmt = ctx->doc->meta[PDF_TABLE_CONT], *s;
	const char *title = p->t->caption != NULL ? p->t->caption : ctx->section;
	struct buf b = BUF_INIT;
	struct pdf_text *t;

	if (fmt == NULL || title == NULL)
		return;
	for (s = fmt; *s != '\0'; s++) {
		if (strncmp(s, "{title}", 7) == 0) {
			buf_puts(&b, title);
			s += 6;
		} else
			buf_putc(&b, *s);
	}
	if (b.len > 0) {
		t = pdf_text_plain(ctx, b.data, FONT_CAPTION, p->width,
		    PANGO_ALIGN_LEFT);
		pdf_text_draw(ctx, t, x, ctx->y, 0, t->nlines);
		ctx->y += pdf_text_height(t) + 2;
		pdf_text_free(t);
	}
	buf_release(&b);
}

void
pdf_table_place(struct pdf_ctx *ctx, struct pdf_block *b, double x)
{
	const struct table_prep *p = b->prep;
	double after = ctx->keep_after;
	size_t r, brk;

	ctx->keep_after = 0;
	if (p->ncols == 0)
		return;
	pdf_need(ctx, pdf_table_min(b));
	pdf_tag_push(ctx, "Table", NULL);
	pdf_dest_begin(ctx, b->anchor);
	if (p->caption != NULL) {
		pdf_tag_push(ctx, "Caption", NULL);
		pdf_text_draw(ctx, p->caption, x, ctx->y, 0,
		    p->caption->nlines);
		pdf_tag_pop(ctx);
		ctx->y += caption_h(p);
	}
	head_draw(ctx, p, x);
	pdf_dest_end(ctx, b->anchor);
	brk = rows_break(ctx, p, 0, ctx->y, after);
	for (r = 0; r < p->nrows; r++) {
		if (r == brk && r > 0) {
			fill(ctx, RULE_RGB, x, ctx->y, p->width, 0.5);
			pdf_new_page(ctx);
			cont_draw(ctx, p, x);
			head_draw(ctx, p, x);
			brk = rows_break(ctx, p, r, ctx->y, after);
		}
		if (r % 2 == 1)
			fill(ctx, ZEBRA_RGB, x, ctx->y, p->width, p->row_h[r]);
		body_row(ctx, p, r, x);
	}
	fill(ctx, RULE_RGB, x, ctx->y, p->width, 0.5);
	pdf_tag_pop(ctx);
	/* the page it ends on, for a reference to it ("pages 5–6") */
	if (b->anchor != NULL) {
		char *end = xasprintf("%s" PDF_END_SUFFIX, b->anchor);

		pdf_placed_note(ctx, end, ctx->page, ctx->y);
		free(end);
	}
	ctx->y += 12;
}
