/*
 * render_badges.c: badges/<edition>/<provider>.svg and .png (twice the
 * natural size) for every provider in a medal tier of an edition, and
 * badges/<provider>.svg, its latest badge (badge_latest), for a link that
 * always shows its newest medal. Drawn in a fixed order
 * on the build's drawing thread (badge.h), or as jobs over the drawing
 * processes (badge_plan, pipeline/draw.c); each tier of an edition is drawn
 * once per thread or process, the provider being only in the SVG's text
 * alternative; its PNG is written once and linked for the other holders,
 * and badges/<provider>.svg linked to the edition's copy (publish.h,
 * site_out_put_same), which a 1,000-provider report saves half of its
 * badges' 150 MB of writing.
 */
#include <stdlib.h>

#include "badge.h"
#include "render.h"

/* Writes b as p's badge in e; same: the path of a file of the same bytes
 * this process wrote, linked instead (publish.h), or NULL. The path
 * written is kept in *wrote (malloc'd) when wrote is not NULL. */
static int
write_one(struct site_out *o, const struct provider *p,
    const struct edition *e, const char *ext, const struct buf *b,
    const char *same, char **wrote)
{
	char *rel = badge_path(p, e, ext);
	int rc = site_out_record(o, rel, same != NULL ?
	    site_out_put_same(o, same, rel, b->data, b->len) :
	    site_out_put(o, rel, b->data, b->len));

	if (rc == 0 && wrote != NULL)
		*wrote = rel;
	else
		free(rel);
	return rc;
}

/* A badge drawn once for its tier in its edition, for every provider
 * holding it: cairo's SVG (without the provider's text alternative) and
 * the PNG. */
struct drawn {
	const struct edition_stats *es;
	const struct tier *tier;
	struct buf raw, png;
	char *png_rel;          /* the first holder's PNG, the others link it */
};

/* Draws and writes the badges of rating rt in edition es; current: also
 * the provider's badges/<provider>.svg. The drawing is taken from drawn
 * (*n of them) when its tier was drawn for es before, else added. */
static int
badge_write(const struct computed *c, const struct edition_stats *es,
    const struct rating *rt, bool current, struct drawn **drawn, size_t *n,
    size_t *cap, struct site_out *o, struct diag *d)
{
	struct buf svg = BUF_INIT;
	struct drawn *dr = NULL;
	char *svg_rel = NULL;
	struct badge b;
	size_t i;
	int rc = -1;

	badge_init(&b, &c->project->report, rt->provider, es->edition, rt->tier);
	for (i = 0; i < *n && dr == NULL; i++)
		if ((*drawn)[i].es == es && (*drawn)[i].tier == rt->tier)
			dr = &(*drawn)[i];
	if (dr == NULL) {
		*drawn = xgrow(*drawn, sizeof(**drawn), *n + 1, cap);
		dr = &(*drawn)[*n];
		dr->es = es;
		dr->tier = rt->tier;
		buf_init(&dr->raw);
		buf_init(&dr->png);
		dr->png_rel = NULL;
		if (badge_svg_raw(&b, &dr->raw) == -1 || badge_png(&b, 2, &dr->png) == -1) {
			buf_release(&dr->raw);
			buf_release(&dr->png);
			dr = NULL;
		} else
			(*n)++;
	}
	if (dr == NULL || badge_svg_doc(&b, &dr->raw, &svg) == -1)
		diag_system(d, NULL, "cannot draw the badge of '%s' in '%s'",
		    rt->provider->id, es->edition->id);
	else if (write_one(o, rt->provider, es->edition, "svg", &svg, NULL,
	    current ? &svg_rel : NULL) == 0 &&
	    write_one(o, rt->provider, es->edition, "png", &dr->png, dr->png_rel,
	    dr->png_rel == NULL ? &dr->png_rel : NULL) == 0 &&
	    (!current || write_one(o, rt->provider, NULL, "svg", &svg, svg_rel, NULL) == 0))
		rc = 0;
	free(svg_rel);
	badge_release(&b);
	buf_release(&svg);
	return rc;
}

/* Is edition e the one of provider p's latest badge? */
static bool
is_latest(const struct computed *c, const struct provider *p,
    const struct edition *e)
{
	const struct provider_view *v = computed_provider(c, p);
	const struct history_entry *he = v != NULL ? badge_latest(v) : NULL;

	return he != NULL && he->edition == e;
}

/* The badges of one build, in the order they are written (render.h). */
struct badge_plan {
	const struct computed *c;
	const struct edition_stats **es;
	const struct rating **rt;
	size_t n;
	struct drawn *drawn;    /* the badges this process has drawn */
	size_t ndrawn, cap;
};

struct badge_plan *
badge_plan_new(const struct computed *c)
{
	struct badge_plan *pl = xcalloc(1, sizeof(*pl));
	size_t i, k, cap = 0;

	pl->c = c;
	for (i = 0; i < c->neditions; i++)
		cap += c->editions[i].nratings;
	pl->es = xcalloc(cap ? cap : 1, sizeof(*pl->es));
	pl->rt = xcalloc(cap ? cap : 1, sizeof(*pl->rt));
	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *es = &c->editions[i];

		for (k = 0; k < es->nratings; k++) {
			const struct rating *rt = &es->ratings[k];

			if (rt->tier == NULL || !rt->tier->medal)
				continue;
			pl->es[pl->n] = es;
			pl->rt[pl->n++] = rt;
		}
	}
	return pl;
}

size_t
badge_plan_count(const struct badge_plan *pl)
{
	return pl->n;
}

int
badge_plan_run(struct badge_plan *pl, size_t k, struct site_out *o,
    struct diag *d)
{
	const struct rating *rt = pl->rt[k];

	if (badge_write(pl->c, pl->es[k], rt, is_latest(pl->c, rt->provider,
	    pl->es[k]->edition), &pl->drawn, &pl->ndrawn, &pl->cap, o, d) == -1) {
		o->failed = true;
		return -1;
	}
	return 0;
}

void
badge_plan_free(struct badge_plan *pl)
{
	size_t i;

	if (pl == NULL)
		return;
	for (i = 0; i < pl->ndrawn; i++) {
		buf_release(&pl->drawn[i].raw);
		buf_release(&pl->drawn[i].png);
		free(pl->drawn[i].png_rel);
	}
	free(pl->drawn);
	free(pl->es);
	free(pl->rt);
	free(pl);
}

int
render_badges(const struct computed *c, struct site_out *o, struct diag *d)
{
	struct badge_plan *pl = badge_plan_new(c);
	size_t k;
	int rc = 0;

	for (k = 0; k < pl->n && rc == 0; k++)
		rc = badge_plan_run(pl, k, o, d);
	badge_plan_free(pl);
	return rc;
}
