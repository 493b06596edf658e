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
#include <string.h>

#include "badge.h"
#include "chart_priv.h"
#include "render.h"

/* Writes b as p's badge in e; same: the path of a file of the same bytes
 * this process wrote, linked instead (publish.h), or NULL. The path
 * written is kept in *wrote (malloc'd) when wrote is not NULL; key: what
 * it is made from (publish.h), or 0. */
static int
write_one(struct site_out *o, const struct provider *p,
    const struct edition *e, const char *ext, const struct buf *b,
    const char *same, char **wrote, uint64_t key)
{
	char *rel = badge_path(p, e, ext);
	int put = same != NULL ? site_out_put_same(o, same, rel, b->data, b->len) :
	    site_out_put(o, rel, b->data, b->len);
	int rc;

	if (put == 0)
		site_out_note_key(o, rel, key);
	rc = site_out_record(o, rel, put);

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

/*
 * A badge's key (publish.h): everything its file shows. The drawing shows
 * the tier's colour and name and the edition's name; the SVG also its text
 * alternative (with the provider's name).
 */
static uint64_t
badge_key(const struct badge *b, bool svg)
{
	struct rgb col = tier_rgb(b->tier);
	uint64_t h = hash_str(svg ? "badge svg" : "badge png");

	h = hash_bytes(h, &col, sizeof(col));
	h = hash_bytes(h, b->tier->name, strlen(b->tier->name) + 1);
	h = hash_bytes(h, b->edition->name, strlen(b->edition->name) + 1);
	if (svg)
		h = hash_bytes(h, b->alt, strlen(b->alt) + 1);
	return h + (h == 0);
}

/* Links p's badge file (e NULL: its latest) from the previous build when
 * it was made from key: 0, recorded; 1, not there (to be made); -1. */
static int
reuse_one(struct site_out *o, const struct provider *p,
    const struct edition *e, const char *ext, uint64_t key, char **wrote)
{
	char *rel;
	int rc;

	if (key == 0)
		return 1;
	rel = badge_path(p, e, ext);
	if (site_out_put_prev(o, rel, key) == -1) {
		free(rel);
		return 1;
	}
	rc = site_out_record(o, rel, 0);
	if (rc == 0 && wrote != NULL)
		*wrote = rel;
	else
		free(rel);
	return rc;
}

/* The drawing of b's tier in es from drawn (*n of them), drawn now when it
 * was not before; NULL if cairo failed. */
static struct drawn *
drawn_get(const struct edition_stats *es, const struct badge *b,
    struct drawn **drawn, size_t *n, size_t *cap)
{
	struct drawn *dr;
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*drawn)[i].es == es && (*drawn)[i].tier == b->tier)
			return &(*drawn)[i];
	*drawn = xgrow(*drawn, sizeof(**drawn), *n + 1, cap);
	dr = &(*drawn)[*n];
	dr->es = es;
	dr->tier = b->tier;
	buf_init(&dr->raw);
	buf_init(&dr->png);
	dr->png_rel = NULL;
	if (badge_svg_raw(b, &dr->raw) == -1 || badge_png(b, 2, &dr->png) == -1) {
		buf_release(&dr->raw);
		buf_release(&dr->png);
		return NULL;
	}
	(*n)++;
	return dr;
}

/* b's SVG document into svg, its tier's drawing taken (or drawn) into
 * *dr; 0, or -1 after saying cairo failed. */
static int
svg_make(const struct edition_stats *es, const struct badge *b,
    struct drawn **drawn, size_t *n, size_t *cap, struct drawn **dr,
    struct buf *svg, struct diag *d)
{
	if ((*dr == NULL && (*dr = drawn_get(es, b, drawn, n, cap)) == NULL) ||
	    badge_svg_doc(b, &(*dr)->raw, svg) == -1) {
		diag_system(d, NULL, "cannot draw the badge of '%s' in '%s'",
		    b->provider->id, es->edition->id);
		return -1;
	}
	return 0;
}

/*
 * Draws and writes the badges of rating rt in edition es; current: also
 * the provider's badges/<provider>.svg. The drawing is taken from drawn
 * (*n of them) when its tier was drawn for es before, else added. With
 * reuse (a preview), a file made from the same as the previous build's
 * is linked from there, and nothing is drawn when none is to be made.
 */
static int
badge_write(const struct computed *c, const struct edition_stats *es,
    const struct rating *rt, bool current, bool reuse, struct drawn **drawn,
    size_t *n, size_t *cap, struct site_out *o, struct diag *d)
{
	struct buf svg = BUF_INIT;
	struct drawn *dr = NULL;
	char *svg_rel = NULL;
	uint64_t ksvg = 0, kpng = 0;
	struct badge b;
	int rc = -1, r;

	badge_init(&b, &c->project->report, rt->provider, es->edition, rt->tier);
	if (reuse) {
		ksvg = badge_key(&b, true);
		kpng = badge_key(&b, false);
	}
	/* the edition's SVG */
	if ((r = reuse_one(o, rt->provider, es->edition, "svg", ksvg,
	    current ? &svg_rel : NULL)) == -1)
		goto out;
	if (r == 1 && (svg_make(es, &b, drawn, n, cap, &dr, &svg, d) == -1 ||
	    write_one(o, rt->provider, es->edition, "svg", &svg, NULL,
	    current ? &svg_rel : NULL, ksvg) == -1))
		goto out;
	/* its PNG, the same for every holder of the tier */
	if ((r = reuse_one(o, rt->provider, es->edition, "png", kpng, NULL)) == -1)
		goto out;
	if (r == 1) {
		if (dr == NULL && (dr = drawn_get(es, &b, drawn, n, cap)) == NULL) {
			diag_system(d, NULL, "cannot draw the badge of '%s' in '%s'",
			    rt->provider->id, es->edition->id);
			goto out;
		}
		if (write_one(o, rt->provider, es->edition, "png", &dr->png, dr->png_rel,
		    dr->png_rel == NULL ? &dr->png_rel : NULL, kpng) == -1)
			goto out;
	}
	/* the latest, badges/<provider>.svg: the edition's SVG again */
	if (current && (r = reuse_one(o, rt->provider, NULL, "svg", ksvg, NULL)) != 0 &&
	    (r == -1 || (svg.len == 0 && svg_make(es, &b, drawn, n, cap, &dr, &svg, d) == -1) ||
	    write_one(o, rt->provider, NULL, "svg", &svg, svg_rel, NULL, ksvg) == -1))
		goto out;
	rc = 0;
out:
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
	bool reuse;             /* a preview: render_opts' reuse */
	const struct edition_stats **es;
	const struct rating **rt;
	size_t n;
	/* the jobs: the holders of one tier in one edition, next to each
	 * other in the list (ratings are in ladder order), are one job, so
	 * that one process draws their badge, once; job k is the ratings
	 * from group[k] to group[k + 1] */
	size_t *group;
	size_t ngroups;
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
	pl->group = xcalloc(pl->n + 1, sizeof(*pl->group));
	for (i = 0; i < pl->n; i++)
		if (i == 0 || pl->es[i] != pl->es[i - 1] ||
		    pl->rt[i]->tier != pl->rt[i - 1]->tier)
			pl->group[pl->ngroups++] = i;
	pl->group[pl->ngroups] = pl->n;
	return pl;
}

size_t
badge_plan_count(const struct badge_plan *pl)
{
	return pl->ngroups;
}

int
badge_plan_run(struct badge_plan *pl, size_t k, struct site_out *o,
    struct diag *d)
{
	size_t i;

	for (i = pl->group[k]; i < pl->group[k + 1]; i++) {
		const struct rating *rt = pl->rt[i];

		if (badge_write(pl->c, pl->es[i], rt, is_latest(pl->c, rt->provider,
		    pl->es[i]->edition), pl->reuse, &pl->drawn, &pl->ndrawn, &pl->cap,
		    o, d) == -1) {
			o->failed = true;
			return -1;
		}
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
	free(pl->group);
	free(pl->es);
	free(pl->rt);
	free(pl);
}

int
render_badges(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	struct badge_plan *pl = badge_plan_new(c);
	size_t k;
	int rc = 0;

	pl->reuse = ro->reuse;
	for (k = 0; k < pl->ngroups && rc == 0; k++)
		rc = badge_plan_run(pl, k, o, d);
	badge_plan_free(pl);
	return rc;
}
