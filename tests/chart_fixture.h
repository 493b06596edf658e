/*
 * chart_fixture.h: a project and its computed model built by hand, for the
 * chart tests: three editions (1.0, 2.0, 3.0 with targets and an
 * acknowledged claim in 2.0), the seven-tier ladder, n providers whose names
 * come from a callback, and failure tests of every shape in 3.0.
 * Everything lives in one arena; fixture_free() frees it.
 */
#ifndef CHART_FIXTURE_H
#define CHART_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "util.h"

#define FX_NED 3

struct fixture {
	struct arena *a;
	struct project p;
	struct computed c;
};

typedef const char *(*fixture_name_fn)(size_t i);

static const char *const fx_tier_ids[] = {"platinum", "gold", "silver", "bronze",
    "ribbon", "underperforming", "unavailable"};
static const char *const fx_tier_names[] = {"Platinum", "Gold", "Silver", "Bronze",
    "Participation Ribbon", "Underperforming", "Unavailable"};
static const char *const fx_tier_colors[] = {"#8fa3b8", "#c9a227", NULL, NULL, NULL,
    NULL, NULL};

/* Which editions review provider i, and its tier there (ladder index). */
static bool
fx_reviewed(size_t i, size_t e)
{
	if (e == 2)
		return true;
	if (e == 1)
		return i % 5 != 4;
	return i % 3 == 0;
}

static size_t
fx_tier(size_t i, size_t e)
{
	static const size_t base[] = {0, 1, 2, 3, 3, 2, 4, 5, 6, 3, 1, 4};
	size_t t = base[i % ARRAY_SIZE(base)];

	/* a little movement between editions, both ways */
	if (e == 1 && i % 4 == 1 && t > 0)
		t--;
	if (e == 1 && i % 4 == 2 && t < 5)
		t++;
	if (e == 0 && i % 6 == 3 && t < 5)
		t += 2;
	if (t == 4 && e < 2)
		t = 3; /* the ribbon is new in 3.0 */
	return t;
}

static void
fx_fault(struct fault_test *f, size_t i)
{
	f->fault = "synthetic XID error";
	f->detected_by = DETECT_PROVIDER;
	f->detect_after = f->drain_after = f->replaced_after = -1;
	f->automatic = TRI_UNSET;
	switch (i % 8) {
	case 0:
		f->detected_by = DETECT_NONE;
		break;
	case 1:
		break;
	case 2:
		f->detect_after = 0, f->drain_after = 67, f->replaced_after = 2107;
		f->automatic = TRI_TRUE;
		break;
	case 3:
		f->detect_after = 120, f->replaced_after = 31200;
		break;
	case 4:
		f->detect_after = 1;
		break;
	case 5:
		f->detected_by = DETECT_CUSTOMER, f->replaced_after = 3000;
		break;
	case 6:
		f->detect_after = 600, f->drain_after = 700, f->replaced_after = 1440;
		f->automatic = TRI_FALSE;
		break;
	default:
		f->detect_after = 660, f->replaced_after = 400000;
	}
}

static void
fx_ladder(struct fixture *fx)
{
	struct report *r = &fx->p.report;
	size_t i;

	r->nladder = ARRAY_SIZE(fx_tier_ids);
	r->ladder = arena_array(fx->a, r->nladder, sizeof(*r->ladder));
	for (i = 0; i < r->nladder; i++) {
		r->ladder[i].id = fx_tier_ids[i];
		r->ladder[i].name = fx_tier_names[i];
		r->ladder[i].color = fx_tier_colors[i];
		r->ladder[i].medal = i < 4;
		r->ladder[i].rated = i < 6;
		r->ladder[i].index = i;
	}
}

static void
fx_editions(struct fixture *fx)
{
	static const char *const ids[FX_NED] = {"1.0", "2.0", "3.0"};
	struct edition *e;
	size_t i;

	fx->p.neditions = FX_NED;
	fx->p.editions = arena_array(fx->a, FX_NED, sizeof(*fx->p.editions));
	for (i = 0; i < FX_NED; i++) {
		e = &fx->p.editions[i];
		e->id = ids[i];
		e->name = arena_printf(fx->a, "ClusterMAX %s", ids[i]);
		e->index = i;
		e->previous = i > 0 ? &fx->p.editions[i - 1] : NULL;
		e->tracked = i == 0 ? -1 : (long)(fx->p.nproviders * 3 + i);
		e->target_detect = i == 2 ? 120 : -1;
		e->target_replace = i == 2 ? 3600 : -1;
	}
	fx->p.report.edition = &fx->p.editions[2];
	fx->p.report.compare = &fx->p.editions[1];
}

static void
fx_providers(struct fixture *fx, size_t n, fixture_name_fn name)
{
	struct provider *pr;
	size_t i;

	fx->p.nproviders = n;
	fx->p.providers = arena_array(fx->a, n ? n : 1, sizeof(*fx->p.providers));
	/* reader order = id order here: the tests' expectations read by id */
	fx->p.by_name = arena_array(fx->a, n ? n : 1, sizeof(*fx->p.by_name));
	for (i = 0; i < n; i++) {
		pr = &fx->p.providers[i];
		pr->id = arena_printf(fx->a, "p%04zu", i);
		pr->name = name(i);
		pr->index = pr->order = i;
		fx->p.by_name[i] = pr;
	}
}

/* Reviews of edition e, ratings in ladder then id order, counts, claims. */
static void
fx_stats(struct fixture *fx, size_t e)
{
	struct edition *ed = &fx->p.editions[e];
	struct edition_stats *s = &fx->c.editions[e];
	const struct report *r = &fx->p.report;
	struct rating *rt;
	size_t i, t, n = 0, np = fx->p.nproviders;

	s->edition = ed;
	s->baseline = ed->previous;
	s->counts = arena_array(fx->a, r->nladder, sizeof(*s->counts));
	s->d_counts = arena_array(fx->a, r->nladder, sizeof(*s->d_counts));
	s->ratings = arena_array(fx->a, np ? np : 1, sizeof(*s->ratings));
	s->by_provider = arena_array(fx->a, np ? np : 1, sizeof(*s->by_provider));
	ed->reviews = arena_array(fx->a, np ? np : 1, sizeof(*ed->reviews));
	for (t = 0; t < r->nladder; t++) {
		for (i = 0; i < np; i++) {
			struct review *rv;

			if (!fx_reviewed(i, e) || fx_tier(i, e) != t)
				continue;
			rv = arena_alloc(fx->a, sizeof(*rv));
			rv->edition = ed;
			rv->provider = &fx->p.providers[i];
			rv->tier = &r->ladder[t];
			if (e == 2 && i % 3 != 2) {
				rv->fault = arena_alloc(fx->a, sizeof(*rv->fault));
				fx_fault(rv->fault, i);
			}
			rt = &s->ratings[n++];
			rt->review = rv;
			rt->provider = rv->provider;
			rt->tier = rv->tier;
			rt->score = NAN;
			s->by_provider[i] = rt;
			s->counts[t]++;
			s->reviewed++;
			s->medals += r->ladder[t].medal;
			s->rated += r->ladder[t].rated;
		}
	}
	s->nratings = n;
	s->tracked = ed->tracked;
	/* reviews sorted by provider id */
	for (i = 0, ed->nreviews = 0; i < np; i++)
		if (s->by_provider[i] != NULL)
			ed->reviews[ed->nreviews++] = (struct review *)s->by_provider[i]->review;
	if (e == 1) {
		ed->nclaims = 1;
		ed->claims = arena_alloc(fx->a, sizeof(*ed->claims));
		ed->claims[0].figure = "reviewed";
		ed->claims[0].value = s->reviewed + 1;
		ed->claims[0].note = "the source counts a provider twice";
		s->nclaims = 1;
		s->claims = arena_alloc(fx->a, sizeof(*s->claims));
		s->claims[0].claim = &ed->claims[0];
		s->claims[0].computed = s->reviewed;
		s->claims[0].ok = true;
	}
}

/* Movement of edition e against its previous. */
static void
fx_movement(struct fixture *fx, size_t e)
{
	struct edition_stats *s = &fx->c.editions[e], *b;
	struct rating *rt;
	const struct rating *old;
	size_t i;

	for (i = 0; i < s->nratings; i++) {
		rt = &s->ratings[i];
		rt->status = MOVE_NEW;
		if (e == 0)
			continue;
		b = &fx->c.editions[e - 1];
		if ((old = b->by_provider[rt->provider->index]) == NULL)
			continue;
		rt->previous = old->tier;
		if (old->tier->rated && rt->tier->rated) {
			rt->has_steps = true;
			rt->steps = (int)old->tier->index - (int)rt->tier->index;
			rt->status = rt->steps > 0 ? MOVE_UP : rt->steps < 0 ? MOVE_DOWN :
			    MOVE_SAME;
		} else if (!old->tier->rated && !rt->tier->rated)
			rt->status = MOVE_SAME;
		else
			rt->status = rt->tier->rated ? MOVE_RETURNED : MOVE_UNRATED;
	}
}

static void
fx_history(struct fixture *fx)
{
	struct provider_view *pv;
	size_t i, e;

	fx->c.nproviders = fx->p.nproviders;
	fx->c.providers = arena_array(fx->a, fx->p.nproviders ? fx->p.nproviders : 1,
	    sizeof(*fx->c.providers));
	for (i = 0; i < fx->p.nproviders; i++) {
		pv = &fx->c.providers[i];
		pv->provider = &fx->p.providers[i];
		pv->history = arena_array(fx->a, FX_NED, sizeof(*pv->history));
		for (e = 0; e < FX_NED; e++) {
			const struct rating *rt = fx->c.editions[e].by_provider[i];

			if (rt == NULL)
				continue;
			pv->history[pv->nhistory].edition = &fx->p.editions[e];
			pv->history[pv->nhistory].rating = rt;
			pv->nhistory++;
		}
		pv->visible = pv->nhistory > 0;
	}
}

/* On success, free with fixture_free(). */
static struct fixture *
fixture_new(size_t nproviders, fixture_name_fn name)
{
	struct fixture *fx = xcalloc(1, sizeof(*fx));
	size_t e;

	fx->a = arena_new();
	fx->p.arena = fx->a;
	fx->p.report.title = "Fixture report";
	fx_ladder(fx);
	fx_providers(fx, nproviders, name);
	fx_editions(fx);
	fx->c.project = &fx->p;
	fx->c.neditions = FX_NED;
	fx->c.editions = arena_array(fx->a, FX_NED, sizeof(*fx->c.editions));
	for (e = 0; e < FX_NED; e++) {
		fx_stats(fx, e);
		fx_movement(fx, e);
	}
	fx->c.compare = fx->c.editions[2];
	fx->c.has_compare = true;
	fx_history(fx);
	project_derive(&fx->p);
	return fx;
}

static void
fixture_free(struct fixture *fx)
{
	if (fx == NULL)
		return;
	arena_free(fx->a);
	free(fx);
}

#endif
