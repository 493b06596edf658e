/*
 * canvas.c: the canvas over a cairo context (the charts' SVG and PNG, and
 * the report's PDF). Every call is the cairo call of the same meaning. A
 * form is recorded once per key into a cairo recording surface and
 * replayed, so that a vector surface writes it once for every page that
 * shows it; a canvas made with canvas_cairo_init_direct() draws it each
 * time.
 */
#include <pthread.h>
#include <stdlib.h>

#include <pango/pangocairo.h>

#include "canvas.h"
#include "util.h"

static void
cc_save(void *impl)
{
	cairo_save(impl);
}

static void
cc_restore(void *impl)
{
	cairo_restore(impl);
}

static void
cc_translate(void *impl, double x, double y)
{
	cairo_translate(impl, x, y);
}

static void
cc_scale(void *impl, double sx, double sy)
{
	cairo_scale(impl, sx, sy);
}

static void
cc_rgb(void *impl, double r, double g, double b)
{
	cairo_set_source_rgb(impl, r, g, b);
}

static void
cc_line_width(void *impl, double w)
{
	cairo_set_line_width(impl, w);
}

static void
cc_line_cap(void *impl, enum cv_cap cap)
{
	cairo_set_line_cap(impl, cap == CV_CAP_ROUND ? CAIRO_LINE_CAP_ROUND :
	    cap == CV_CAP_SQUARE ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
}

static void
cc_dash(void *impl, const double *d, int n, double offset)
{
	cairo_set_dash(impl, d, n, offset);
}

static void
cc_new_path(void *impl)
{
	cairo_new_path(impl);
}

static void
cc_move_to(void *impl, double x, double y)
{
	cairo_move_to(impl, x, y);
}

static void
cc_line_to(void *impl, double x, double y)
{
	cairo_line_to(impl, x, y);
}

static void
cc_rect(void *impl, double x, double y, double w, double h)
{
	cairo_rectangle(impl, x, y, w, h);
}

static void
cc_arc(void *impl, double xc, double yc, double r, double a1, double a2)
{
	cairo_arc(impl, xc, yc, r, a1, a2);
}

static void
cc_close_path(void *impl)
{
	cairo_close_path(impl);
}

static void
cc_fill(void *impl, int preserve)
{
	if (preserve)
		cairo_fill_preserve(impl);
	else
		cairo_fill(impl);
}

static void
cc_stroke(void *impl)
{
	cairo_stroke(impl);
}

static void
cc_clip(void *impl)
{
	cairo_clip(impl);
}

static void
cc_layout(void *impl, PangoLayout *l, double x, double y)
{
	cairo_move_to(impl, x, y);
	pango_cairo_show_layout(impl, l);
	/* no current point left: an arc drawn next would start with a line
	 * from the text (the failure-test legend's first marker did) */
	cairo_new_path(impl);
}

static void
cc_layout_line(void *impl, PangoLayoutLine *line, double x, double y)
{
	cairo_move_to(impl, x, y);
	pango_cairo_show_layout_line(impl, line);
	cairo_new_path(impl);
}

static cairo_t *
cc_cairo(void *impl)
{
	return impl;
}

/* The forms recorded so far, by key. */
struct form {
	const void *key;
	double w, h;
	cairo_surface_t *rec;
};

static pthread_mutex_t forms_lock = PTHREAD_MUTEX_INITIALIZER;
static struct form *forms;
static size_t nforms, capforms;

/* The recording of key, made by draw on first use (under forms_lock). */
static cairo_surface_t *
form_recording(const void *key, double w, double h,
    void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	cairo_rectangle_t r = {0, 0, w, h};
	struct canvas rc;
	cairo_t *cr;
	size_t i;

	for (i = 0; i < nforms; i++)
		if (forms[i].key == key && forms[i].w == w && forms[i].h == h)
			return forms[i].rec;
	forms = xgrow(forms, sizeof(*forms), nforms + 1, &capforms);
	forms[nforms].key = key;
	forms[nforms].w = w;
	forms[nforms].h = h;
	forms[nforms].rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &r);
	cr = cairo_create(forms[nforms].rec);
	canvas_cairo_init(&rc, cr);
	draw(arg, &rc);
	cairo_destroy(cr);
	return forms[nforms++].rec;
}

static void
cc_form(void *impl, struct canvas *self, const void *key, double w, double h,
    void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	cairo_surface_t *rec;

	(void)self;
	pthread_mutex_lock(&forms_lock);
	rec = form_recording(key, w, h, draw, arg);
	pthread_mutex_unlock(&forms_lock);
	cairo_save(impl);
	cairo_set_source_surface(impl, rec, 0, 0);
	cairo_paint(impl);
	cairo_restore(impl);
}

void
canvas_cairo_forget(const void *key)
{
	size_t i;

	pthread_mutex_lock(&forms_lock);
	for (i = 0; i < nforms; )
		if (forms[i].key == key) {
			cairo_surface_destroy(forms[i].rec);
			forms[i] = forms[--nforms];
		} else
			i++;
	if (nforms == 0) {
		free(forms);
		forms = NULL;
		capforms = 0;
	}
	pthread_mutex_unlock(&forms_lock);
}

static void
cc_form_direct(void *impl, struct canvas *self, const void *key, double w,
    double h, void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	(void)key;
	(void)w;
	(void)h;
	cairo_save(impl);
	draw(arg, self);
	cairo_restore(impl);
}

/* Every call but the form's: the same in both kinds of cairo canvas. */
#define CAIRO_CALLS \
	.save = cc_save, \
	.restore = cc_restore, \
	.translate = cc_translate, \
	.scale = cc_scale, \
	.rgb = cc_rgb, \
	.line_width = cc_line_width, \
	.line_cap = cc_line_cap, \
	.dash = cc_dash, \
	.new_path = cc_new_path, \
	.move_to = cc_move_to, \
	.line_to = cc_line_to, \
	.rect = cc_rect, \
	.arc = cc_arc, \
	.close_path = cc_close_path, \
	.fill = cc_fill, \
	.stroke = cc_stroke, \
	.clip = cc_clip, \
	.layout = cc_layout, \
	.layout_line = cc_layout_line, \
	.cairo = cc_cairo

static const struct canvas_ops cairo_ops = {
	CAIRO_CALLS,
	.form = cc_form,
};

void
canvas_cairo_init(struct canvas *cv, cairo_t *cr)
{
	cv->ops = &cairo_ops;
	cv->impl = cr;
}

static const struct canvas_ops direct_ops = {
	CAIRO_CALLS,
	.form = cc_form_direct,
};

void
canvas_cairo_init_direct(struct canvas *cv, cairo_t *cr)
{
	cv->ops = &direct_ops;
	cv->impl = cr;
}
