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

int
render_badges(const struct computed *c, struct site_out *o, struct diag *d)
{
	size_t i, k;

	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *es = &c->editions[i];

		for (k = 0; k < es->nratings; k++) {
			const struct rating *rt = &es->ratings[k];

			if (rt->tier == NULL || !rt->tier->medal)
				continue;
			if (badge_write(c, es, rt,
			    is_latest(c, rt->provider, es->edition), o, d) == -1) {
				o->failed = true;
				return -1;
			}
		}
	}
	return 0;
}
