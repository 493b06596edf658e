/*
 * render_badges.c: badges/<edition>/<provider>.svg and .png (twice the
 * natural size) for every provider in a medal tier of an edition, and
 * badges/<provider>.svg, its latest badge (badge_latest), for a link that
 * always shows its newest medal. Drawn in a fixed order
 * on the build's drawing thread (badge.h).
 */
#include <stdlib.h>

#include "badge.h"
#include "render.h"

static int
write_one(struct site_out *o, const struct provider *p,
    const struct edition *e, const char *ext, const struct buf *b)
{
	char *rel = badge_path(p, e, ext);
	int rc = site_out_write(o, rel, b->data, b->len);

	free(rel);
	return rc;
}

/* Draws and writes the badges of rating rt in edition es; current: also
 * the provider's badges/<provider>.svg. */
static int
badge_write(const struct computed *c, const struct edition_stats *es,
    const struct rating *rt, bool current, struct site_out *o,
    struct diag *d)
{
	struct buf svg = BUF_INIT, png = BUF_INIT;
	struct badge b;
	int rc = -1;

	badge_init(&b, &c->project->report, rt->provider, es->edition, rt->tier);
	if (badge_svg(&b, &svg) == -1 || badge_png(&b, 2, &png) == -1)
		diag_system(d, NULL, "cannot draw the badge of '%s' in '%s'",
		    rt->provider->id, es->edition->id);
	else if (write_one(o, rt->provider, es->edition, "svg", &svg) == 0 &&
	    write_one(o, rt->provider, es->edition, "png", &png) == 0 &&
	    (!current || write_one(o, rt->provider, NULL, "svg", &svg) == 0))
		rc = 0;
	badge_release(&b);
	buf_release(&svg);
	buf_release(&png);
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
	    pl->es[k]->edition), o, d) == -1) {
		o->failed = true;
		return -1;
	}
	return 0;
}

void
badge_plan_free(struct badge_plan *pl)
{
	if (pl == NULL)
		return;
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
