/*
 * canvas.h: the drawing calls the charts make, over a cairo context (SVG,
 * PNG, and the report's PDF), so that one drawing routine makes every
 * format. The calls mean what the cairo calls of the same names mean: a
 * current path, a current colour, a transformation saved and restored with
 * the rest of the state; coordinates are in points (CSS px), y down.
 *
 * Text is drawn from a PangoLayout, shaped once by pango whatever the
 * back end: cv_layout() puts the layout's top-left corner at (x, y) in user
 * space, cv_layout_line() puts one line's baseline start there. Text takes
 * the current colour unless the layout's attributes give one.
 *
 * cv_form() draws something shared by many drawings (a chart's frame) once:
 * it is recorded once under key and painted from the recording (cairo's
 * PDF surface writes it once, as a Form XObject), or drawn each time by a
 * canvas_cairo_init_direct() canvas. draw must paint the same thing for
 * the same key.
 */
#ifndef PODIUM_CANVAS_H
#define PODIUM_CANVAS_H

#include <cairo.h>
#include <pango/pango.h>

enum cv_cap { CV_CAP_BUTT, CV_CAP_ROUND, CV_CAP_SQUARE };

struct canvas;

struct canvas_ops {
	void (*save)(void *impl);
	void (*restore)(void *impl);
	void (*translate)(void *impl, double x, double y);
	void (*scale)(void *impl, double sx, double sy);
	void (*rgb)(void *impl, double r, double g, double b);
	void (*line_width)(void *impl, double w);
	void (*line_cap)(void *impl, enum cv_cap cap);
	void (*dash)(void *impl, const double *d, int n, double offset);
	void (*new_path)(void *impl);
	void (*move_to)(void *impl, double x, double y);
	void (*line_to)(void *impl, double x, double y);
	void (*rect)(void *impl, double x, double y, double w, double h);
	void (*arc)(void *impl, double xc, double yc, double r, double a1, double a2);
	void (*close_path)(void *impl);
	void (*fill)(void *impl, int preserve);
	void (*stroke)(void *impl);
	void (*clip)(void *impl);
	void (*layout)(void *impl, PangoLayout *l, double x, double y);
	void (*layout_line)(void *impl, PangoLayoutLine *line, double x, double y);
	void (*form)(void *impl, struct canvas *self, const void *key, double w,
	    double h, void (*draw)(void *arg, struct canvas *cv), void *arg);
	/* the cairo context under the canvas */
	cairo_t *(*cairo)(void *impl);
};

struct canvas {
	const struct canvas_ops *ops;
	void *impl;
};

/*
 * A canvas drawing with cr (which it does not own). Its forms are recorded
 * once per key (and size) into a cairo recording surface, kept for the
 * process, and painted from it: a PDF surface writes one Form XObject.
 * A form's draw must not draw a form itself.
 */
void canvas_cairo_init(struct canvas *cv, cairo_t *cr);
/*
 * The same, drawing each form as it comes, never from a recording: for
 * the report's PDF, where cairo 1.16 names a recording painted twice on a
 * page twice in the page's resources (qpdf: "duplicated key").
 */
void canvas_cairo_init_direct(struct canvas *cv, cairo_t *cr);
/* Drops the cairo canvases' recordings of key; call it before the object
 * key points to is freed (its address may be reused). */
void canvas_cairo_forget(const void *key);

static inline void cv_save(struct canvas *cv) { cv->ops->save(cv->impl); }
static inline void cv_restore(struct canvas *cv) { cv->ops->restore(cv->impl); }
static inline void cv_translate(struct canvas *cv, double x, double y)
{ cv->ops->translate(cv->impl, x, y); }
static inline void cv_scale(struct canvas *cv, double sx, double sy)
{ cv->ops->scale(cv->impl, sx, sy); }
static inline void cv_rgb(struct canvas *cv, double r, double g, double b)
{ cv->ops->rgb(cv->impl, r, g, b); }
static inline void cv_line_width(struct canvas *cv, double w)
{ cv->ops->line_width(cv->impl, w); }
static inline void cv_line_cap(struct canvas *cv, enum cv_cap cap)
{ cv->ops->line_cap(cv->impl, cap); }
static inline void cv_dash(struct canvas *cv, const double *d, int n, double offset)
{ cv->ops->dash(cv->impl, d, n, offset); }
static inline void cv_new_path(struct canvas *cv) { cv->ops->new_path(cv->impl); }
static inline void cv_move_to(struct canvas *cv, double x, double y)
{ cv->ops->move_to(cv->impl, x, y); }
static inline void cv_line_to(struct canvas *cv, double x, double y)
{ cv->ops->line_to(cv->impl, x, y); }
static inline void cv_rect(struct canvas *cv, double x, double y, double w, double h)
{ cv->ops->rect(cv->impl, x, y, w, h); }
static inline void cv_arc(struct canvas *cv, double xc, double yc, double r,
    double a1, double a2)
{ cv->ops->arc(cv->impl, xc, yc, r, a1, a2); }
static inline void cv_close_path(struct canvas *cv) { cv->ops->close_path(cv->impl); }
static inline void cv_fill(struct canvas *cv) { cv->ops->fill(cv->impl, 0); }
static inline void cv_fill_preserve(struct canvas *cv) { cv->ops->fill(cv->impl, 1); }
static inline void cv_stroke(struct canvas *cv) { cv->ops->stroke(cv->impl); }
static inline void cv_clip(struct canvas *cv) { cv->ops->clip(cv->impl); }
static inline void cv_layout(struct canvas *cv, PangoLayout *l, double x, double y)
{ cv->ops->layout(cv->impl, l, x, y); }
static inline void cv_layout_line(struct canvas *cv, PangoLayoutLine *line,
    double x, double y)
{ cv->ops->layout_line(cv->impl, line, x, y); }
static inline void cv_form(struct canvas *cv, const void *key, double w, double h,
    void (*draw)(void *arg, struct canvas *cv), void *arg)
{ cv->ops->form(cv->impl, cv, key, w, h, draw, arg); }
static inline cairo_t *cv_cairo(struct canvas *cv) { return cv->ops->cairo(cv->impl); }

#endif
