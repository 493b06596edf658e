/* pdfw.c: the PDF writer's objects, pages, graphics and structure (pdfw.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "pdfw_int.h"

#define FLUSH_AT 65536

/* Numbers. */
void
buf_uint(struct buf *b, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	buf_grow(b, (size_t)n);
	while (n > 0)
		b->data[b->len++] = tmp[--n];
	b->data[b->len] = '\0';
}

void
pdfw_num(struct buf *b, double v)
{
	int64_t m;
	uint64_t u;
	unsigned frac;
	char d[3];
	int n;

	if (!isfinite(v))
		v = 0;
	if (v > 1e12)
		v = 1e12;
	if (v < -1e12)
		v = -1e12;
	m = (int64_t)llround(v * 1000);
	if (m < 0) {
		buf_putc(b, '-');
		u = (uint64_t)-m;
	} else
		u = (uint64_t)m;
	buf_uint(b, u / 1000);
	frac = (unsigned)(u % 1000);
	if (frac == 0)
		return;
	d[0] = (char)('0' + frac / 100);
	d[1] = (char)('0' + frac / 10 % 10);
	d[2] = (char)('0' + frac % 10);
	n = 3;
	while (d[n - 1] == '0')
		n--;
	buf_putc(b, '.');
	buf_add(b, d, (size_t)n);
}

/* Output. */
static void
flush(struct pdfw *w)
{
	if (w->out.len == 0)
		return;
	if (!w->failed && w->write(w->closure, (const unsigned char *)w->out.data,
	    (unsigned)w->out.len) != CAIRO_STATUS_SUCCESS)
		w->failed = true;
	w->off += w->out.len;
	buf_reset(&w->out);
}

void
pdfw_putn(struct pdfw *w, const void *p, size_t n)
{
	buf_add(&w->out, p, n);
	if (w->out.len >= FLUSH_AT)
		flush(w);
}

void
pdfw_put(struct pdfw *w, const char *s)
{
	pdfw_putn(w, s, strlen(s));
}

void
pdfw_put_uint(struct pdfw *w, uint64_t v)
{
	buf_uint(&w->out, v);
}

void
pdfw_put_ref(struct pdfw *w, uint32_t id)
{
	buf_uint(&w->out, id);
	pdfw_put(w, " 0 R");
}

uint32_t
pdfw_obj_new(struct pdfw *w)
{
	w->xref = xgrow(w->xref, sizeof(*w->xref), w->nobj + 2, &w->xrefcap);
	w->nobj++;
	w->xref[w->nobj] = 0;
	return (uint32_t)w->nobj;
}

void
pdfw_obj_begin(struct pdfw *w, uint32_t id)
{
	w->xref[id] = w->off + w->out.len;
	pdfw_put_uint(w, id);
	pdfw_put(w, " 0 obj\n");
}

void
pdfw_obj_end(struct pdfw *w)
{
	pdfw_put(w, "\nendobj\n");
}

void
pdfw_stream_obj(struct pdfw *w, uint32_t id, const char *dict,
    const void *data, size_t len, bool compress)
{
	size_t n = len;

	if (compress) {
		buf_reset(&w->zbuf);
		buf_grow(&w->zbuf, libdeflate_zlib_compress_bound(w->z, len));
		n = libdeflate_zlib_compress(w->z, data, len, w->zbuf.data,
		    w->zbuf.cap - 1);
		data = w->zbuf.data;
	}
	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	if (dict != NULL)
		pdfw_put(w, dict);
	if (compress)
		pdfw_put(w, "/Filter/FlateDecode");
	pdfw_put(w, "/Length ");
	pdfw_put_uint(w, n);
	pdfw_put(w, ">>\nstream\n");
	pdfw_putn(w, data, n);
	pdfw_put(w, "\nendstream");
	pdfw_obj_end(w);
}

void
pdfw_put_string(struct buf *b, const char *s)
{
	static const char hex[] = "01234567";
	unsigned char c;

	buf_putc(b, '(');
	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c == '(' || c == ')' || c == '\\') {
			buf_putc(b, '\\');
			buf_putc(b, (char)c);
		} else if (c < 32 || c > 126) {
			buf_putc(b, '\\');
			buf_putc(b, hex[c >> 6]);
			buf_putc(b, hex[(c >> 3) & 7]);
			buf_putc(b, hex[c & 7]);
		} else
			buf_putc(b, (char)c);
	}
	buf_putc(b, ')');
}

/* Decodes one UTF-8 character (U+FFFD for a bad one); advances *s. */
static uint32_t
utf8_next(const unsigned char **s)
{
	const unsigned char *p = *s;
	uint32_t c = *p++;
	int n = 0;

	if (c >= 0xf0 && c < 0xf8)
		c &= 7, n = 3;
	else if (c >= 0xe0)
		c &= 15, n = 2;
	else if (c >= 0xc0)
		c &= 31, n = 1;
	else if (c >= 0x80)
		c = 0xfffd;
	while (n-- > 0) {
		if ((*p & 0xc0) != 0x80) {
			*s = p;
			return 0xfffd;
		}
		c = (c << 6) | (*p++ & 0x3f);
	}
	*s = p;
	return c > 0x10ffff ? 0xfffd : c;
}

static void
put_hex16(struct buf *b, unsigned v)
{
	static const char hex[] = "0123456789ABCDEF";

	buf_putc(b, hex[(v >> 12) & 15]);
	buf_putc(b, hex[(v >> 8) & 15]);
	buf_putc(b, hex[(v >> 4) & 15]);
	buf_putc(b, hex[v & 15]);
}

void
pdfw_put_text(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c;

	for (; *p != '\0'; p++)
		if (*p >= 127 || *p < 32)
			break;
	if (*p == '\0') {
		pdfw_put_string(b, s);
		return;
	}
	buf_puts(b, "<FEFF");
	p = (const unsigned char *)s;
	while (*p != '\0') {
		c = utf8_next(&p);
		if (c >= 0x10000) {
			c -= 0x10000;
			put_hex16(b, 0xd800 + (c >> 10));
			put_hex16(b, 0xdc00 + (c & 0x3ff));
		} else
			put_hex16(b, c);
	}
	buf_putc(b, '>');
}

/* The document. */
static void
gs_reset(struct pdfw_gs *g)
{
	memset(g, 0, sizeof(*g));
	g->fill[0] = g->stroke[0] = NAN;
	g->lw = 2;
	g->lw_have = -1;
	g->cap_have = -1;
	g->dash_dirty = false;
}

/* On success, free with pdfw_free() after pdfw_finish(). */
struct pdfw *
pdfw_new(cairo_write_func_t write, void *closure, double page_w,
    double page_h)
{
	struct pdfw *w = xcalloc(1, sizeof(*w));

	w->write = write;
	w->closure = closure;
	w->page_w = page_w;
	w->page_h = page_h;
	buf_init(&w->out);
	buf_init(&w->zbuf);
	buf_init(&w->page_cs);
	buf_init(&w->path);
	w->z = libdeflate_alloc_compressor(6);
	if (w->z == NULL)
		abort();
	w->catalog_id = pdfw_obj_new(w);
	w->pages_id = pdfw_obj_new(w);
	w->res_id = pdfw_obj_new(w);
	w->struct_id = pdfw_obj_new(w);
	pdfw_put(w, "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
	return w;
}

void
pdfw_info(struct pdfw *w, enum pdfw_info key, const char *value)
{
	free(w->info[key]);
	w->info[key] = value != NULL ? xstrdup(value) : NULL;
}

unsigned
pdfw_pages(const struct pdfw *w)
{
	return (unsigned)w->npages;
}

/* Pages. */
void
pdfw_page_begin(struct pdfw *w)
{
	w->page_id = pdfw_obj_new(w);
	w->in_page = true;
	buf_reset(&w->page_cs);
	w->cs = &w->page_cs;
	w->ngs = 1;
	gs_reset(&w->gs[0]);
	w->nannots = 0;
	w->nmcid = 0;
	w->mc_open = false;
	buf_puts(w->cs, "1 0 0 -1 0 ");
	pdfw_num(w->cs, w->page_h);
	buf_puts(w->cs, " cm\n");
}

static void
mc_close(struct pdfw *w)
{
	if (!w->mc_open || w->form_depth > 0)
		return;
	buf_puts(w->cs, "EMC\n");
	w->mc_open = false;
}

static void
kid_add(struct pdfw_elem *e, uint32_t ref, uint32_t page)
{
	e->kids = xgrow(e->kids, sizeof(*e->kids), e->nkids + 1, &e->kidcap);
	e->kids[e->nkids].ref = ref;
	e->kids[e->nkids].page = page;
	e->nkids++;
}

/* The next ParentTree key, for obj. */
static size_t
pdfw_parent_key(struct pdfw *w, uint32_t obj)
{
	w->nums = xgrow(w->nums, sizeof(*w->nums), w->nnums + 1, &w->numcap);
	w->nums[w->nnums] = obj;
	return w->nnums++;
}

void
pdfw_mark(struct pdfw *w)
{
	struct pdfw_elem *e;

	if (w->mc_open || w->artifact || w->form_depth > 0 || w->ntags == 0 ||
	    !w->in_page)
		return;
	e = &w->tags[w->ntags - 1];
	w->mcid_parent = xgrow(w->mcid_parent, sizeof(*w->mcid_parent),
	    w->nmcid + 1, &w->mcidcap);
	w->mcid_parent[w->nmcid] = e->id;
	if (e->page == UINT32_MAX)
		e->page = w->page_id;
	kid_add(e, (uint32_t)w->nmcid, w->page_id);
	buf_putc(w->cs, '/');
	buf_puts(w->cs, e->role);
	buf_puts(w->cs, "<</MCID ");
	buf_uint(w->cs, w->nmcid);
	buf_puts(w->cs, ">>BDC\n");
	w->nmcid++;
	w->mc_open = true;
}

void
pdfw_page_end(struct pdfw *w)
{
	uint32_t cs_id, pt_id = 0;
	size_t i;

	if (!w->in_page)
		return;
	while (w->ngs > 1)
		pdfw_restore(w);
	mc_close(w);
	cs_id = pdfw_obj_new(w);
	pdfw_stream_obj(w, cs_id, NULL, w->page_cs.data, w->page_cs.len, true);
	if (w->nmcid > 0) {
		pt_id = pdfw_obj_new(w);
		pdfw_obj_begin(w, pt_id);
		pdfw_put(w, "[");
		for (i = 0; i < w->nmcid; i++) {
			if (i > 0)
				pdfw_put(w, " ");
			pdfw_put_ref(w, w->mcid_parent[i]);
		}
		pdfw_put(w, "]");
		pdfw_obj_end(w);
	}
	pdfw_obj_begin(w, w->page_id);
	pdfw_put(w, "<</Type/Page/Parent ");
	pdfw_put_ref(w, w->pages_id);
	pdfw_put(w, "/MediaBox[0 0 ");
	pdfw_num(&w->out, w->page_w);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h);
	pdfw_put(w, "]/Resources ");
	pdfw_put_ref(w, w->res_id);
	pdfw_put(w, "/Contents ");
	pdfw_put_ref(w, cs_id);
	if (pt_id != 0) {
		pdfw_put(w, "/StructParents ");
		pdfw_put_uint(w, pdfw_parent_key(w, pt_id));
		pdfw_put(w, "/Tabs/S");
	}
	if (w->nannots > 0) {
		pdfw_put(w, "/Annots[");
		for (i = 0; i < w->nannots; i++) {
			if (i > 0)
				pdfw_put(w, " ");
			pdfw_put_ref(w, w->annots[i]);
		}
		pdfw_put(w, "]");
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	w->page_ids = xgrow(w->page_ids, sizeof(*w->page_ids), w->npages + 1,
	    &w->pagecap);
	w->page_ids[w->npages] = w->page_id;
	w->npages++;
	w->in_page = false;
	w->cs = NULL;
}

/* Graphics state. */
static struct pdfw_gs *
gs(struct pdfw *w)
{
	return &w->gs[w->ngs - 1];
}

void
pdfw_save(struct pdfw *w)
{
	if (w->cs == NULL)
		return;
	mc_close(w);
	if (w->ngs == PDFW_GS_MAX)
		abort();
	w->gs[w->ngs] = w->gs[w->ngs - 1];
	w->ngs++;
	buf_puts(w->cs, "q\n");
}

void
pdfw_restore(struct pdfw *w)
{
	if (w->cs == NULL || w->ngs <= 1)
		return;
	mc_close(w);
	w->ngs--;
	buf_puts(w->cs, "Q\n");
}

static void
put_nums(struct buf *b, const double *v, int n, const char *op)
{
	int i;

	for (i = 0; i < n; i++) {
		pdfw_num(b, v[i]);
		buf_putc(b, ' ');
	}
	buf_puts(b, op);
	buf_putc(b, '\n');
}

void
pdfw_translate(struct pdfw *w, double x, double y)
{
	double m[6] = {1, 0, 0, 1, x, y};

	if (w->cs != NULL && (x != 0 || y != 0))
		put_nums(w->cs, m, 6, "cm");
}

void
pdfw_scale(struct pdfw *w, double sx, double sy)
{
	double m[6] = {sx, 0, 0, sy, 0, 0};

	if (w->cs != NULL && (sx != 1 || sy != 1))
		put_nums(w->cs, m, 6, "cm");
}

void
pdfw_rgb(struct pdfw *w, double r, double g, double b)
{
	if (w->cs == NULL)
		return;
	gs(w)->rgb[0] = r;
	gs(w)->rgb[1] = g;
	gs(w)->rgb[2] = b;
}

void
pdfw_rgb_hex(struct pdfw *w, unsigned rgb)
{
	pdfw_rgb(w, (rgb >> 16) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
	    (rgb & 0xff) / 255.0);
}

void
pdfw_line_width(struct pdfw *w, double lw)
{
	if (w->cs != NULL)
		gs(w)->lw = lw;
}

void
pdfw_line_cap(struct pdfw *w, enum cv_cap cap)
{
	if (w->cs != NULL)
		gs(w)->cap = (int)cap;
}

void
pdfw_dash(struct pdfw *w, const double *d, int n, double offset)
{
	struct pdfw_gs *g;
	int i;

	if (w->cs == NULL)
		return;
	g = gs(w);
	if (n < 0)
		n = 0;
	if (n > 8)
		n = 8;
	for (i = 0; i < n; i++)
		g->dash[i] = d[i];
	g->ndash = n;
	g->dash_off = offset;
	g->dash_dirty = true;
}

static bool
same_rgb(const double a[3], const double b[3])
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

void
pdfw_fill_color(struct pdfw *w, const double rgb[3])
{
	struct pdfw_gs *g = gs(w);

	if (same_rgb(g->fill, rgb))
		return;
	memcpy(g->fill, rgb, sizeof(g->fill));
	put_nums(w->cs, rgb, 3, "rg");
}

static void
stroke_state(struct pdfw *w)
{
	struct pdfw_gs *g = gs(w);
	int i;

	if (!same_rgb(g->stroke, g->rgb)) {
		memcpy(g->stroke, g->rgb, sizeof(g->stroke));
		put_nums(w->cs, g->rgb, 3, "RG");
	}
	if (g->lw != g->lw_have) {
		g->lw_have = g->lw;
		put_nums(w->cs, &g->lw, 1, "w");
	}
	if (g->cap != g->cap_have) {
		g->cap_have = g->cap;
		buf_putc(w->cs, (char)('0' + g->cap));
		buf_puts(w->cs, " J\n");
	}
	if (g->dash_dirty) {
		g->dash_dirty = false;
		buf_putc(w->cs, '[');
		for (i = 0; i < g->ndash; i++) {
			if (i > 0)
				buf_putc(w->cs, ' ');
			pdfw_num(w->cs, g->dash[i]);
		}
		buf_puts(w->cs, "] ");
		put_nums(w->cs, &g->dash_off, 1, "d");
	}
}

/* Paths. */
void
pdfw_new_path(struct pdfw *w)
{
	buf_reset(&w->path);
	w->has_point = false;
}

static void
path_op(struct pdfw *w, const double *v, int n, const char *op)
{
	put_nums(&w->path, v, n, op);
}

void
pdfw_move_to(struct pdfw *w, double x, double y)
{
	double v[2] = {x, y};

	if (w->cs == NULL)
		return;
	path_op(w, v, 2, "m");
	w->px = w->sx = x;
	w->py = w->sy = y;
	w->has_point = true;
}

void
pdfw_line_to(struct pdfw *w, double x, double y)
{
	double v[2] = {x, y};

	if (w->cs == NULL)
		return;
	if (!w->has_point) {
		pdfw_move_to(w, x, y);
		return;
	}
	path_op(w, v, 2, "l");
	w->px = x;
	w->py = y;
}

void
pdfw_rect(struct pdfw *w, double x, double y, double wd, double h)
{
	double v[4] = {x, y, wd, h};

	if (w->cs == NULL)
		return;
	path_op(w, v, 4, "re");
	w->px = w->sx = x;
	w->py = w->sy = y;
	w->has_point = true;
}

void
pdfw_close_path(struct pdfw *w)
{
	if (w->cs == NULL || !w->has_point)
		return;
	buf_puts(&w->path, "h\n");
	w->px = w->sx;
	w->py = w->sy;
}

/* One piece of arc of at most a quarter turn, as a Bézier curve. */
static void
arc_piece(struct pdfw *w, double xc, double yc, double r, double a, double b)
{
	double k = 4.0 / 3.0 * tan((b - a) / 4), v[6];

	v[0] = xc + r * (cos(a) - k * sin(a));
	v[1] = yc + r * (sin(a) + k * cos(a));
	v[2] = xc + r * (cos(b) + k * sin(b));
	v[3] = yc + r * (sin(b) - k * cos(b));
	v[4] = xc + r * cos(b);
	v[5] = yc + r * sin(b);
	path_op(w, v, 6, "c");
	w->px = v[4];
	w->py = v[5];
}

void
pdfw_arc(struct pdfw *w, double xc, double yc, double r, double a1,
    double a2)
{
	double x0, y0, step;
	int i, n;

	if (w->cs == NULL)
		return;
	while (a2 < a1)
		a2 += 2 * M_PI;
	x0 = xc + r * cos(a1);
	y0 = yc + r * sin(a1);
	if (w->has_point)
		pdfw_line_to(w, x0, y0);
	else
		pdfw_move_to(w, x0, y0);
	if (r <= 0 || a2 == a1)
		return;
	n = (int)ceil((a2 - a1) / (M_PI / 2) - 1e-9);
	if (n < 1)
		n = 1;
	step = (a2 - a1) / n;
	for (i = 0; i < n; i++)
		arc_piece(w, xc, yc, r, a1 + i * step, i == n - 1 ? a2 :
		    a1 + (i + 1) * step);
}

static void
paint(struct pdfw *w, const char *op, bool keep)
{
	if (w->path.len == 0)
		return;
	pdfw_mark(w);
	buf_add(w->cs, w->path.data, w->path.len);
	buf_puts(w->cs, op);
	buf_putc(w->cs, '\n');
	if (!keep)
		pdfw_new_path(w);
}

void
pdfw_fill(struct pdfw *w, bool preserve)
{
	if (w->cs == NULL)
		return;
	if (w->path.len > 0)
		pdfw_fill_color(w, gs(w)->rgb);
	paint(w, "f", preserve);
}

void
pdfw_stroke(struct pdfw *w)
{
	if (w->cs == NULL)
		return;
	if (w->path.len > 0)
		stroke_state(w);
	paint(w, "S", false);
}

void
pdfw_clip(struct pdfw *w)
{
	if (w->cs == NULL || w->path.len == 0)
		return;
	buf_add(w->cs, w->path.data, w->path.len);
	buf_puts(w->cs, "W n\n");
	pdfw_new_path(w);
}

/* Forms. */
void
pdfw_form(struct pdfw *w, struct canvas *cv, const void *key, double wd,
    double h, void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	struct pdfw_form *f = NULL;
	struct buf fcs = BUF_INIT, *saved_cs, saved_path = w->path;
	struct pdfw_gs inherit;
	int saved_ngs;
	size_t i;
	char *dict;

	if (w->cs == NULL)
		return;
	for (i = 0; i < w->nforms; i++)
		if (w->forms[i].key == key && w->forms[i].w == wd &&
		    w->forms[i].h == h)
			f = &w->forms[i];
	if (f == NULL) {
		w->forms = xgrow(w->forms, sizeof(*w->forms), w->nforms + 1,
		    &w->formcap);
		f = &w->forms[w->nforms++];
		f->key = key;
		f->w = wd;
		f->h = h;
		f->id = pdfw_obj_new(w);
		mc_close(w);
		buf_init(&fcs);
		saved_cs = w->cs;
		saved_ngs = w->ngs;
		inherit = *gs(w);
		buf_init(&w->path);
		w->cs = &fcs;
		w->form_depth++;
		pdfw_save(w);
		gs_reset(gs(w));
		memcpy(gs(w)->rgb, inherit.rgb, sizeof(inherit.rgb));
		gs(w)->lw = inherit.lw;
		draw(arg, cv);
		while (w->ngs > saved_ngs)
			pdfw_restore(w);
		w->form_depth--;
		w->cs = saved_cs;
		buf_release(&w->path);
		w->path = saved_path;
		dict = xasprintf("/Type/XObject/Subtype/Form/BBox[0 0 %d %d]"
		    "/Resources %u 0 R", (int)ceil(wd), (int)ceil(h), w->res_id);
		pdfw_stream_obj(w, f->id, dict, fcs.data, fcs.len, true);
		free(dict);
		buf_release(&fcs);
	}
	pdfw_mark(w);
	buf_puts(w->cs, "/X");
	buf_uint(w->cs, f->id);
	buf_puts(w->cs, " Do\n");
}

/* Structure. */
void
pdfw_tag_begin(struct pdfw *w, const char *role)
{
	struct pdfw_elem *e;

	if (w->ntags == PDFW_TAG_MAX)
		abort();
	mc_close(w);
	e = &w->tags[w->ntags];
	memset(e, 0, sizeof(*e));
	e->id = pdfw_obj_new(w);
	e->parent = w->ntags > 0 ? w->tags[w->ntags - 1].id : w->struct_id;
	snprintf(e->role, sizeof(e->role), "%s", role);
	e->page = UINT32_MAX;
	w->ntags++;
}

static void
elem_write(struct pdfw *w, const struct pdfw_elem *e)
{
	const struct pdfw_kid *k;
	size_t i;

	pdfw_obj_begin(w, e->id);
	pdfw_put(w, "<</Type/StructElem/S/");
	pdfw_put(w, e->role);
	pdfw_put(w, "/P ");
	pdfw_put_ref(w, e->parent);
	if (e->page != UINT32_MAX) {
		pdfw_put(w, "/Pg ");
		pdfw_put_ref(w, e->page);
	}
	pdfw_put(w, "/K[");
	for (i = 0; i < e->nkids; i++) {
		k = &e->kids[i];
		if (i > 0)
			pdfw_put(w, " ");
		if (k->page == UINT32_MAX)
			pdfw_put_ref(w, k->ref);
		else if (k->page == e->page)
			pdfw_put_uint(w, k->ref);
		else {
			pdfw_put(w, "<</Type/MCR/Pg ");
			pdfw_put_ref(w, k->page);
			pdfw_put(w, "/MCID ");
			pdfw_put_uint(w, k->ref);
			pdfw_put(w, ">>");
		}
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

void
pdfw_tag_end(struct pdfw *w)
{
	struct pdfw_elem *e;

	if (w->ntags == 0)
		return;
	mc_close(w);
	e = &w->tags[--w->ntags];
	elem_write(w, e);
	kid_add(w->ntags > 0 ? &w->tags[w->ntags - 1] : &w->root, e->id,
	    UINT32_MAX);
	free(e->kids);
	e->kids = NULL;
}

void
pdfw_artifact_begin(struct pdfw *w)
{
	if (w->cs == NULL || w->artifact)
		return;
	mc_close(w);
	buf_puts(w->cs, "/Artifact BMC\n");
	w->artifact = true;
}

void
pdfw_artifact_end(struct pdfw *w)
{
	if (w->cs == NULL || !w->artifact)
		return;
	buf_puts(w->cs, "EMC\n");
	w->artifact = false;
}

/* Links and destinations. */
/*
 * A Link structure element for annotation id under the open element; its
 * ParentTree key goes to the annotation, the element is written after it.
 */
static void
link_elem(struct pdfw *w, uint32_t id)
{
	uint32_t e;

	w->link_elem = 0;
	if (w->ntags == 0)
		return;
	e = pdfw_obj_new(w);
	pdfw_put(w, "/StructParent ");
	pdfw_put_uint(w, pdfw_parent_key(w, e));
	kid_add(&w->tags[w->ntags - 1], e, UINT32_MAX);
	w->link_elem = e;
	w->link_annot = id;
	w->link_parent = w->tags[w->ntags - 1].id;
}

static void
link_end(struct pdfw *w)
{
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	if (w->link_elem == 0)
		return;
	pdfw_obj_begin(w, w->link_elem);
	pdfw_put(w, "<</Type/StructElem/S/Link/P ");
	pdfw_put_ref(w, w->link_parent);
	pdfw_put(w, "/Pg ");
	pdfw_put_ref(w, w->page_id);
	pdfw_put(w, "/K<</Type/OBJR/Obj ");
	pdfw_put_ref(w, w->link_annot);
	pdfw_put(w, ">>>>");
	pdfw_obj_end(w);
	w->link_elem = 0;
}

static void
link_begin(struct pdfw *w, double x, double y, double wd, double h)
{
	uint32_t id = pdfw_obj_new(w);

	w->annots = xgrow(w->annots, sizeof(*w->annots), w->nannots + 1,
	    &w->annotcap);
	w->annots[w->nannots++] = id;
	pdfw_obj_begin(w, id);
	pdfw_put(w, "<</Type/Annot/Subtype/Link/Border[0 0 0]/Rect[");
	pdfw_num(&w->out, x);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h - y - h);
	pdfw_put(w, " ");
	pdfw_num(&w->out, x + wd);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h - y);
	pdfw_put(w, "]");
	link_elem(w, id);
}

void
pdfw_link_dest(struct pdfw *w, const char *name, double x, double y,
    double wd, double h)
{
	if (!w->in_page)
		return;
	link_begin(w, x, y, wd, h);
	pdfw_put(w, "/Dest");
	pdfw_put_string(&w->out, name);
	link_end(w);
}

void
pdfw_link_uri(struct pdfw *w, const char *uri, double x, double y,
    double wd, double h)
{
	if (!w->in_page)
		return;
	link_begin(w, x, y, wd, h);
	pdfw_put(w, "/A<</S/URI/URI");
	pdfw_put_string(&w->out, uri);
	pdfw_put(w, ">>");
	link_end(w);
}

void
pdfw_dest(struct pdfw *w, const char *name, double x, double y)
{
	struct pdfw_dest *d;

	if (!w->in_page)
		return;
	w->dests = xgrow(w->dests, sizeof(*w->dests), w->ndests + 1,
	    &w->destcap);
	d = &w->dests[w->ndests++];
	d->name = xstrdup(name);
	d->page = w->page_id;
	d->x = x;
	d->y = w->page_h - y;
}

unsigned
pdfw_outline(struct pdfw *w, unsigned parent, const char *title,
    const char *dest)
{
	struct pdfw_outline *o;
	unsigned i, *first, *last;

	w->outlines = xgrow(w->outlines, sizeof(*w->outlines),
	    w->noutlines + 1, &w->outlinecap);
	o = &w->outlines[w->noutlines++];
	memset(o, 0, sizeof(*o));
	i = (unsigned)w->noutlines;
	o->title = xstrdup(title);
	o->dest = xstrdup(dest);
	o->id = pdfw_obj_new(w);
	if (parent > w->noutlines)
		parent = 0;
	o->parent = parent;
	first = parent == 0 ? &w->outline_first : &w->outlines[parent - 1].first;
	last = parent == 0 ? &w->outline_last : &w->outlines[parent - 1].last;
	if (*last != 0) {
		w->outlines[*last - 1].next = i;
		o->prev = *last;
	} else
		*first = i;
	*last = i;
	if (parent == 0)
		w->outline_top++;
	else
		w->outlines[parent - 1].nkids++;
	return i;
}

/* The end of the file. */
static void
put_ref_key(struct pdfw *w, const char *key, unsigned idx)
{
	if (idx == 0)
		return;
	pdfw_put(w, key);
	pdfw_put(w, " ");
	pdfw_put_ref(w, w->outlines[idx - 1].id);
}

static uint32_t
outlines_write(struct pdfw *w)
{
	const struct pdfw_outline *o;
	uint32_t root;
	size_t i;

	if (w->noutlines == 0)
		return 0;
	root = pdfw_obj_new(w);
	for (i = 0; i < w->noutlines; i++) {
		o = &w->outlines[i];
		pdfw_obj_begin(w, o->id);
		pdfw_put(w, "<</Title");
		pdfw_put_text(&w->out, o->title);
		pdfw_put(w, "/Dest");
		pdfw_put_string(&w->out, o->dest);
		pdfw_put(w, "/Parent ");
		pdfw_put_ref(w, o->parent == 0 ? root :
		    w->outlines[o->parent - 1].id);
		put_ref_key(w, "/Prev", o->prev);
		put_ref_key(w, "/Next", o->next);
		put_ref_key(w, "/First", o->first);
		put_ref_key(w, "/Last", o->last);
		if (o->nkids > 0) {
			pdfw_put(w, "/Count -");
			pdfw_put_uint(w, o->nkids);
		}
		pdfw_put(w, ">>");
		pdfw_obj_end(w);
	}
	pdfw_obj_begin(w, root);
	pdfw_put(w, "<</Type/Outlines");
	put_ref_key(w, "/First", w->outline_first);
	put_ref_key(w, "/Last", w->outline_last);
	pdfw_put(w, "/Count ");
	pdfw_put_uint(w, w->outline_top);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	return root;
}

static int
dest_cmp(const void *a, const void *b)
{
	const struct pdfw_dest *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x < y ? -1 : x > y;
}

/* The named destinations: a name tree of leaves of DEST_LEAF names. */
#define DEST_LEAF 64

static void
dest_leaf(struct pdfw *w, uint32_t id, const struct pdfw_dest *d, size_t n,
    bool limits)
{
	size_t i;

	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	if (limits) {
		pdfw_put(w, "/Limits[");
		pdfw_put_string(&w->out, d[0].name);
		pdfw_put_string(&w->out, d[n - 1].name);
		pdfw_put(w, "]");
	}
	pdfw_put(w, "/Names[");
	for (i = 0; i < n; i++) {
		pdfw_put_string(&w->out, d[i].name);
		pdfw_put(w, "[");
		pdfw_put_ref(w, d[i].page);
		pdfw_put(w, "/XYZ ");
		pdfw_num(&w->out, d[i].x);
		pdfw_put(w, " ");
		pdfw_num(&w->out, d[i].y);
		pdfw_put(w, " 0]\n");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

static uint32_t
dests_write(struct pdfw *w)
{
	uint32_t root, *leaves;
	size_t i, j, n = 0, nleaves;

	if (w->ndests == 0)
		return 0;
	qsort(w->dests, w->ndests, sizeof(*w->dests), dest_cmp);
	for (i = 0; i < w->ndests; i++) {
		if (n > 0 && strcmp(w->dests[n - 1].name, w->dests[i].name) == 0) {
			free(w->dests[i].name);
			continue;
		}
		w->dests[n++] = w->dests[i];
	}
	w->ndests = n;
	root = pdfw_obj_new(w);
	if (n <= DEST_LEAF) {
		dest_leaf(w, root, w->dests, n, false);
		return root;
	}
	nleaves = (n + DEST_LEAF - 1) / DEST_LEAF;
	leaves = xcalloc(nleaves, sizeof(*leaves));
	for (j = 0; j < nleaves; j++) {
		leaves[j] = pdfw_obj_new(w);
		i = j * DEST_LEAF;
		dest_leaf(w, leaves[j], &w->dests[i], n - i < DEST_LEAF ?
		    n - i : DEST_LEAF, true);
	}
	pdfw_obj_begin(w, root);
	pdfw_put(w, "<</Kids[");
	for (j = 0; j < nleaves; j++) {
		if (j > 0)
			pdfw_put(w, " ");
		pdfw_put_ref(w, leaves[j]);
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
	free(leaves);
	return root;
}

static void
resources_write(struct pdfw *w)
{
	size_t i;

	pdfw_obj_begin(w, w->res_id);
	pdfw_put(w, "<<");
	if (w->nfonts > 0) {
		pdfw_put(w, "/Font<<");
		for (i = 0; i < w->nfonts; i++) {
			pdfw_put(w, "/F");
			pdfw_put_uint(w, pdfw_font_id(w->fonts[i]));
			pdfw_put(w, " ");
			pdfw_put_ref(w, pdfw_font_id(w->fonts[i]));
		}
		pdfw_put(w, ">>");
	}
	if (w->nforms > 0) {
		pdfw_put(w, "/XObject<<");
		for (i = 0; i < w->nforms; i++) {
			pdfw_put(w, "/X");
			pdfw_put_uint(w, w->forms[i].id);
			pdfw_put(w, " ");
			pdfw_put_ref(w, w->forms[i].id);
		}
		pdfw_put(w, ">>");
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
}

static void
struct_write(struct pdfw *w)
{
	uint32_t pt = pdfw_obj_new(w);
	size_t i;

	while (w->ntags > 0)
		pdfw_tag_end(w);
	pdfw_obj_begin(w, pt);
	pdfw_put(w, "<</Nums[");
	for (i = 0; i < w->nnums; i++) {
		pdfw_put_uint(w, i);
		pdfw_put(w, " ");
		pdfw_put_ref(w, w->nums[i]);
		pdfw_put(w, "\n");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
	pdfw_obj_begin(w, w->struct_id);
	pdfw_put(w, "<</Type/StructTreeRoot/K[");
	for (i = 0; i < w->root.nkids; i++) {
		if (i > 0)
			pdfw_put(w, " ");
		pdfw_put_ref(w, w->root.kids[i].ref);
	}
	pdfw_put(w, "]/ParentTree ");
	pdfw_put_ref(w, pt);
	pdfw_put(w, "/ParentTreeNextKey ");
	pdfw_put_uint(w, w->nnums);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
}

static void
pages_write(struct pdfw *w)
{
	size_t i;

	pdfw_obj_begin(w, w->pages_id);
	pdfw_put(w, "<</Type/Pages/Count ");
	pdfw_put_uint(w, w->npages);
	pdfw_put(w, "/Kids[");
	for (i = 0; i < w->npages; i++) {
		pdfw_put_ref(w, w->page_ids[i]);
		pdfw_put(w, i % 8 == 7 ? "\n" : " ");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

/* "YYYY-MM-DDThh:mm:ssZ" as a PDF date. */
static void
put_date(struct buf *b, const char *iso)
{
	char d[32];
	size_t n = 0;

	d[n++] = 'D';
	d[n++] = ':';
	for (; *iso != '\0' && n < 16; iso++)
		if (*iso >= '0' && *iso <= '9')
			d[n++] = *iso;
	d[n++] = 'Z';
	d[n] = '\0';
	pdfw_put_string(b, d);
}

static uint32_t
info_write(struct pdfw *w)
{
	static const char *const keys[] = {
		[PDFW_TITLE] = "/Title", [PDFW_AUTHOR] = "/Author",
		[PDFW_SUBJECT] = "/Subject", [PDFW_KEYWORDS] = "/Keywords",
		[PDFW_CREATOR] = "/Creator",
	};
	uint32_t id = pdfw_obj_new(w);
	size_t i;

	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (keys[i] == NULL || w->info[i] == NULL)
			continue;
		pdfw_put(w, keys[i]);
		pdfw_put_text(&w->out, w->info[i]);
	}
	pdfw_put(w, "/Producer(podium)");
	if (w->info[PDFW_DATE] != NULL) {
		pdfw_put(w, "/CreationDate");
		put_date(&w->out, w->info[PDFW_DATE]);
		pdfw_put(w, "/ModDate");
		put_date(&w->out, w->info[PDFW_DATE]);
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	return id;
}

static void
xref_write(struct pdfw *w, uint32_t info)
{
	uint64_t start = w->off + w->out.len;
	char row[24];
	size_t i;
	int k;
	uint64_t v;

	pdfw_put(w, "xref\n0 ");
	pdfw_put_uint(w, w->nobj + 1);
	pdfw_put(w, "\n0000000000 65535 f \n");
	for (i = 1; i <= w->nobj; i++) {
		v = w->xref[i];
		for (k = 9; k >= 0; k--) {
			row[k] = (char)('0' + v % 10);
			v /= 10;
		}
		memcpy(row + 10, w->xref[i] != 0 ? " 00000 n \n" :
		    " 00000 f \n", 10);
		pdfw_putn(w, row, 20);
	}
	pdfw_put(w, "trailer\n<</Size ");
	pdfw_put_uint(w, w->nobj + 1);
	pdfw_put(w, "/Root ");
	pdfw_put_ref(w, w->catalog_id);
	pdfw_put(w, "/Info ");
	pdfw_put_ref(w, info);
	pdfw_put(w, ">>\nstartxref\n");
	pdfw_put_uint(w, start);
	pdfw_put(w, "\n%%EOF\n");
}

int
pdfw_finish(struct pdfw *w, const char **err)
{
	uint32_t outlines, dests, info;

	pdfw_page_end(w);
	struct_write(w);
	pdfw_fonts_write(w);
	resources_write(w);
	pages_write(w);
	outlines = outlines_write(w);
	dests = dests_write(w);
	info = info_write(w);
	pdfw_obj_begin(w, w->catalog_id);
	pdfw_put(w, "<</Type/Catalog/Pages ");
	pdfw_put_ref(w, w->pages_id);
	pdfw_put(w, "/MarkInfo<</Marked true>>/StructTreeRoot ");
	pdfw_put_ref(w, w->struct_id);
	if (outlines != 0) {
		pdfw_put(w, "/Outlines ");
		pdfw_put_ref(w, outlines);
		pdfw_put(w, "/PageMode/UseOutlines");
	}
	if (dests != 0) {
		pdfw_put(w, "/Names<</Dests ");
		pdfw_put_ref(w, dests);
		pdfw_put(w, ">>");
	}
	if (w->info[PDFW_LANG] != NULL) {
		pdfw_put(w, "/Lang");
		pdfw_put_text(&w->out, w->info[PDFW_LANG]);
	}
	if (w->info[PDFW_TITLE] != NULL)
		pdfw_put(w, "/ViewerPreferences<</DisplayDocTitle true>>");
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	xref_write(w, info);
	flush(w);
	if (w->failed) {
		*err = "cannot write the PDF";
		return -1;
	}
	return 0;
}

void
pdfw_free(struct pdfw *w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; i < w->ntags; i++)
		free(w->tags[i].kids);
	free(w->root.kids);
	pdfw_fonts_free(w);
	for (i = 0; i < w->noutlines; i++) {
		free(w->outlines[i].title);
		free(w->outlines[i].dest);
	}
	for (i = 0; i < w->ndests; i++)
		free(w->dests[i].name);
	for (i = 0; i < PDFW_INFO_MAX; i++)
		free(w->info[i]);
	free(w->outlines);
	free(w->dests);
	free(w->forms);
	free(w->xref);
	free(w->page_ids);
	free(w->nums);
	free(w->annots);
	free(w->mcid_parent);
	buf_release(&w->out);
	buf_release(&w->zbuf);
	buf_release(&w->page_cs);
	buf_release(&w->path);
	libdeflate_free_compressor(w->z);
	free(w);
}
