/* pdfw_draw.c: the PDF writer's graphics state, paths and forms (pdfw.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pdfw_int.h"

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
	pdfw_mc_close(w);
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
	pdfw_mc_close(w);
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
		pdfw_mc_close(w);
		buf_init(&fcs);
		saved_cs = w->cs;
		saved_ngs = w->ngs;
		inherit = *gs(w);
		buf_init(&w->path);
		w->cs = &fcs;
		w->form_depth++;
		pdfw_save(w);
		pdfw_gs_reset(gs(w));
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
	pdfw_page_xobj(w, f->id);
}

void
pdfw_fill_font(struct pdfw *w, uint32_t id)
{
	size_t i;

	if (w->filling == 0)
		return;
	for (i = 0; i < w->nfill_fonts; i++)
		if (w->fill_fonts[i] == id)
			return;
	w->fill_fonts = xgrow(w->fill_fonts, sizeof(*w->fill_fonts),
	    w->nfill_fonts + 1, &w->fillfontcap);
	w->fill_fonts[w->nfill_fonts++] = id;
}

void
pdfw_page_xobj(struct pdfw *w, uint32_t id)
{
	size_t i;

	if (!w->in_page || w->form_depth > 0 || w->filling != 0)
		return;
	for (i = 0; i < w->nxobjs; i++)
		if (w->xobjs[i] == id)
			return;
	w->xobjs = xgrow(w->xobjs, sizeof(*w->xobjs), w->nxobjs + 1,
	    &w->xobjcap);
	w->xobjs[w->nxobjs++] = id;
}

/* Forms drawn later. */
uint32_t
pdfw_form_later(struct pdfw *w, double x, double y, double wd, double h)
{
	struct pdfw_later *l;

	w->later = xgrow(w->later, sizeof(*w->later), w->nlater + 1,
	    &w->latercap);
	l = &w->later[w->nlater++];
	l->id = pdfw_obj_new(w);
	l->box[0] = x;
	l->box[1] = y;
	l->box[2] = wd;
	l->box[3] = h;
	return l->id;
}

void
pdfw_form_paint(struct pdfw *w, uint32_t id)
{
	if (w->cs == NULL || w->filling != 0)
		return;
	pdfw_mark(w);
	buf_puts(w->cs, "/X");
	buf_uint(w->cs, id);
	buf_puts(w->cs, " Do\n");
	pdfw_page_xobj(w, id);
}

/* The later form of id (ids grow with the array), or NULL. */
static struct pdfw_later *
later_find(struct pdfw *w, uint32_t id)
{
	size_t lo = 0, hi = w->nlater, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (w->later[mid].id == id)
			return &w->later[mid];
		if (w->later[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void
pdfw_form_fill_begin(struct pdfw *w, uint32_t id)
{
	struct pdfw_later *l = later_find(w, id);

	if (l == NULL || w->in_page || w->filling != 0 || w->xref[id] != 0)
		return;
	w->filling = id;
	w->nfill_fonts = 0;
	buf_reset(&w->later_cs);
	w->cs = &w->later_cs;
	w->form_depth++;
	w->ngs = 1;
	pdfw_gs_reset(&w->gs[0]);
	pdfw_new_path(w);
}

void
pdfw_form_fill_end(struct pdfw *w)
{
	struct pdfw_later *l;
	struct buf dict = BUF_INIT;
	size_t i;

	if (w->filling == 0)
		return;
	l = later_find(w, w->filling);
	while (w->ngs > 1)
		pdfw_restore(w);
	buf_puts(&dict, "/Type/XObject/Subtype/Form/BBox[");
	for (i = 0; i < 4; i++) {
		if (i > 0)
			buf_putc(&dict, ' ');
		pdfw_num(&dict, i < 2 ? l->box[i] : l->box[i - 2] + l->box[i]);
	}
	/* only the fonts it uses: a reader loads them at each use */
	buf_puts(&dict, "]/Resources<</Font<<");
	for (i = 0; i < w->nfill_fonts; i++) {
		buf_puts(&dict, "/F");
		buf_uint(&dict, w->fill_fonts[i]);
		buf_putc(&dict, ' ');
		buf_uint(&dict, w->fill_fonts[i]);
		buf_puts(&dict, " 0 R");
	}
	buf_puts(&dict, ">>>>");
	pdfw_stream_obj(w, l->id, dict.data, w->later_cs.data,
	    w->later_cs.len, true);
	buf_release(&dict);
	w->form_depth--;
	w->filling = 0;
	w->cs = NULL;
}

void
pdfw_later_close(struct pdfw *w)
{
	size_t i;

	for (i = 0; i < w->nlater; i++)
		if (w->xref[w->later[i].id] == 0) {
			pdfw_form_fill_begin(w, w->later[i].id);
			pdfw_form_fill_end(w);
		}
}
