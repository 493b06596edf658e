/*
 * badge.c: medal badges (badge.h). The drawing: a disc in the tier's
 * colour with a ring and two ribbon tails on the left; on the right the
 * tier's name and the edition's name (the report's short name: its long
 * title, cut to the badge's width, told little and was cut mid-word), each
 * on one line cut with an ellipsis to the space there is. Colours are fixed (a badge
 * is shown on other sites, on any background): dark text on white.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "badge.h"
#include "chart_priv.h"

#define DISC_X 36.0
#define DISC_Y 30.0
#define DISC_R 21.0
#define TEXT_X 70.0

static const struct rgb badge_ink = RGB8(0x1a1a1a);
static const struct rgb badge_muted = RGB8(0x4a4a4a);
static const struct rgb badge_paper = RGB8(0xffffff);

void
badge_init(struct badge *b, const struct report *rep, const struct provider *p,
    const struct edition *e, const struct tier *t)
{
	b->report = rep;
	b->provider = p;
	b->edition = e;
	b->tier = t;
	b->alt = report_format(rep, "badge_alt",
	    (const char *[]){"provider", "tier", "edition", NULL},
	    (const char *[]){p->name, t->name, e->name, NULL});
}

void
badge_release(struct badge *b)
{
	free(b->alt);
	b->alt = NULL;
}

char *
badge_path(const struct provider *p, const struct edition *e, const char *ext)
{
	if (e == NULL)
		return xasprintf("badges/%s.%s", p->id, ext);
	return xasprintf("badges/%s/%s.%s", e->id, p->id, ext);
}

const struct history_entry *
badge_latest(const struct provider_view *v)
{
	size_t i;

	for (i = v->nhistory; i-- > 0;) {
		const struct tier *t = v->history[i].rating->tier;

		if (t != NULL && t->medal)
			return &v->history[i];
	}
	return NULL;
}

/* A rounded rectangle's path. */
static void
round_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

static void
set_rgb(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

/* The medal: ribbon tails behind a ringed disc. */
static void
medal_draw(cairo_t *cr, struct rgb col)
{
	struct rgb dark = {col.r * 0.7, col.g * 0.7, col.b * 0.7};

	set_rgb(cr, dark);
	cairo_move_to(cr, DISC_X - 14, DISC_Y + 8);
	cairo_line_to(cr, DISC_X - 20, DISC_Y + 38);
	cairo_line_to(cr, DISC_X - 11, DISC_Y + 33);
	cairo_line_to(cr, DISC_X - 5, DISC_Y + 40);
	cairo_line_to(cr, DISC_X, DISC_Y + 10);
	cairo_close_path(cr);
	cairo_fill(cr);
	cairo_move_to(cr, DISC_X + 14, DISC_Y + 8);
	cairo_line_to(cr, DISC_X + 20, DISC_Y + 38);
	cairo_line_to(cr, DISC_X + 11, DISC_Y + 33);
	cairo_line_to(cr, DISC_X + 5, DISC_Y + 40);
	cairo_line_to(cr, DISC_X, DISC_Y + 10);
	cairo_close_path(cr);
	cairo_fill(cr);
	set_rgb(cr, col);
	cairo_arc(cr, DISC_X, DISC_Y, DISC_R, 0, 2 * M_PI);
	cairo_fill_preserve(cr);
	set_rgb(cr, dark);
	cairo_set_line_width(cr, 2.0);
	cairo_stroke(cr);
	cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
	cairo_set_line_width(cr, 1.2);
	cairo_arc(cr, DISC_X, DISC_Y, DISC_R - 5, 0, 2 * M_PI);
	cairo_stroke(cr);
}

/* Draws the badge at its natural size onto cr. */
static void
badge_draw(const struct badge *b, cairo_t *cr)
{
	struct chart ch = {0};
	struct canvas cv;
	struct cx x;
	struct rgb col = tier_rgb(b->tier);
	double maxw = BADGE_W - TEXT_X - 10;

	ch.width = BADGE_W;
	ch.height = BADGE_H;
	round_rect(cr, 1, 1, BADGE_W - 2, BADGE_H - 2, 8);
	set_rgb(cr, badge_paper);
	cairo_fill_preserve(cr);
	set_rgb(cr, col);
	cairo_set_line_width(cr, 2.0);
	cairo_stroke(cr);
	cairo_save(cr);
	round_rect(cr, 1, 1, BADGE_W - 2, BADGE_H - 2, 8);
	cairo_clip(cr);
	medal_draw(cr, col);
	cairo_restore(cr);
	canvas_cairo_init(&cv, cr);
	cx_begin(&x, &ch, &cv, 1, NULL);
	cx_text(&x, b->tier->name, TEXT_X, 26, AL_LEFT, 17, true, maxw,
	    badge_ink);
	cx_text(&x, b->edition->name, TEXT_X, 48, AL_LEFT, 13, false, maxw,
	    badge_muted);
	cx_end(&x);
}

int
badge_svg_raw(const struct badge *b, struct buf *raw)
{
	cairo_surface_t *s;
	cairo_t *cr;
	int rc = -1;

	s = cairo_svg_surface_create_for_stream(chart_to_buf, raw, BADGE_W,
	    BADGE_H);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	badge_draw(b, cr);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		cairo_surface_finish(s);
		if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
			rc = 0;
	} else
		cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc;
}

int
badge_svg_doc(const struct badge *b, const struct buf *raw, struct buf *out)
{
	return svg_document(b->alt, b->alt, raw, out);
}

int
badge_svg(const struct badge *b, struct buf *out)
{
	struct buf raw = BUF_INIT;
	int rc = badge_svg_raw(b, &raw);

	if (rc == 0)
		rc = badge_svg_doc(b, &raw, out);
	buf_release(&raw);
	return rc;
}

int
badge_png(const struct badge *b, double scale, struct buf *out)
{
	int w = (int)ceil(BADGE_W * scale), h = (int)ceil(BADGE_H * scale);
	cairo_surface_t *s;
	cairo_t *cr;
	int rc = -1;

	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	cr = cairo_create(s);
	cairo_scale(cr, scale, scale);
	badge_draw(b, cr);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		rc = surface_png(s, out);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc;
}
