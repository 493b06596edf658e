/*
 * view_home.c: the home page decided once (issue 26 item 1): its sections
 * in the order a reader meets them (the headline figures, the medal table,
 * the movement, the commentary), each table's rows and each chart, so
 * that the site and the PDF give the same sections in the same order and
 * the same figures in the same words. The headline figures of an edition
 * page are decided here too (vd_figures).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "view_doc.h"

static const char *
ename(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

static const struct claim *
claim_find(const struct edition_stats *s, const char *figure)
{
	size_t i;

	for (i = 0; i < s->nclaims; i++)
		if (strcmp(s->claims[i].claim->figure, figure) == 0)
			return s->claims[i].claim;
	return NULL;
}

char *
vd_figure_value(const struct report *r, const struct edition_stats *s,
    const char *figure, long computed)
{
	const struct claim *cl = claim_find(s, figure);
	const char *counted = report_string(r, s->edition->partial ? "named" : "counted");
	char *w, *out;

	if (cl != NULL && cl->note != NULL && cl->value != computed) {
		char *n = view_int(r, computed);

		w = report_format_n(r, "n_stated", cl->value);
		out = report_format(r, "figure_stated_counted",
		    (const char *[]){"stated", "n", "counted", NULL},
		    (const char *[]){w, n, counted, NULL});
		free(n);
		free(w);
		return out;
	}
	if (s->edition->partial)
		return report_format_n(r, "n_named", computed);
	return view_int(r, computed);
}

/* An acknowledged claim's note where the count differs from it. */
static const char *
claim_note(const struct edition_stats *s, const char *figure, long computed)
{
	size_t i;

	for (i = 0; i < s->nclaims; i++)
		if (strcmp(s->claims[i].claim->figure, figure) == 0 &&
		    s->claims[i].claim->note != NULL &&
		    s->claims[i].claim->value != computed)
			return s->claims[i].claim->note;
	return NULL;
}

/* A note under the figures, once however many figures it is about. */
static void
figure_note(struct table *t, const char *note)
{
	size_t i;

	if (note == NULL)
		return;
	for (i = 0; i < t->nnotes; i++)
		if (strcmp(t->notes[i], note) == 0)
			return;
	table_note_take(t, xstrdup(note));
}

/*
 * A figure of the strip: its label, its value, the words under it; its
 * note (a stated figure the count differs from, a partial edition's) is
 * not in the card but under the strip, once (reader review #18).
 */
static void
figure_row(struct table *t, const char *label, char *value, char *detail,
    const char *note)
{
	struct table_cell *row = table_row(t);

	table_cell_set(&row[0], label, NULL);
	table_cell_take(&row[1], value, NULL);
	row[1].numeric = true;
	table_cell_take(&row[2], detail != NULL ? detail : xstrdup(""), NULL);
	figure_note(t, note);
}

/* The counted figure as the strip's headline ("85", "16 named"), the
 * stated one, where an acknowledged claim differs, before its detail
 * ("84 stated; 60 rated"): the headline is a number, not a sentence. */
static void
figure_counted(struct table *t, const struct report *r, const struct edition_stats *s,
    const char *label, const char *figure, long computed, char *detail, const char *note)
{
	const struct claim *cl = claim_find(s, figure);
	/* a partial edition's reviews are "16 named" (not all it made); the
	 * figures among them are plain counts, their detail says of what */
	char *value = s->edition->partial && strcmp(figure, "reviewed") == 0 ?
	    report_format_n(r, "n_named", computed) : view_int(r, computed), *st, *both;

	/* a partial edition's stated reviews: "26 / stated, 16 of them named",
	 * each figure once (reader review #9) */
	if (s->edition->partial && strcmp(figure, "reviewed") == 0 && cl != NULL &&
	    cl->value > computed) {
		free(value);
		free(detail);
		figure_row(t, label, view_int(r, cl->value),
		    report_format_n(r, "figure_partial_named", computed), note);
		return;
	}
	if (cl != NULL && cl->note != NULL && cl->value != computed) {
		st = report_format_n(r, "n_stated", cl->value);
		if (detail == NULL)
			both = st;
		else {
			both = report_format(r, "figure_stated_detail", (const char *[]){"stated",
			    "detail", NULL}, (const char *[]){st, detail, NULL});
			free(st);
			free(detail);
		}
		detail = both;
	}
	figure_row(t, label, value, detail, note);
}

/* "42.2% of 45 rated": a share, then the words of its base. */
static char *
share_of(const struct report *r, double share, char *base)
{
	char *v = view_share(r, share), *out = xasprintf("%s %s", v, base);

	free(v);
	free(base);
	return out;
}

/* The change in medals since the edition before, where there is one. */
static void
figure_change(struct table *t, const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp, bool edition_only)
{
	const struct report *r = &c->project->report;

	/* an edition page says a change it cannot compute in its movement
	 * section, not first thing (edition_only) */
	const struct edition *b, *ce;

	if (cmp == NULL || cmp->baseline == NULL || (edition_only && !cmp->has_change))
		return;
	b = cmp->baseline;
	ce = cmp->edition;
	if (!cmp->has_change)
		figure_row(t, report_string(r, "change_in_medals"), xstrdup("\xe2\x80\x94"),
		    report_format1(r, "not_computed_partial", "edition",
		    ename(b->partial ? b : ce)), b->partial ? b->partial_note : ce->partial_note);
	else {
		char *v = view_signed_int(r, cmp->d_medals);
		char *p = isnan(cmp->d_medals_pct) ? xstrdup("") :
		    view_signed_pct(r, cmp->d_medals_pct, 1);
		const struct edition_stats *bs = computed_edition(c, b);
		char *n = view_int(r, bs != NULL ? bs->medals : s->medals - cmp->d_medals);
		/* the base of the change given: "−48.6% from 37 in 2.0" */
		char *since = report_format(r, "from_n_in_edition",
		    (const char *[]){"n", "edition", NULL}, (const char *[]){n, ename(b), NULL});

		figure_row(t, report_string(r, "change_in_medals"), v,
		    xasprintf("%s%s%s", p, p[0] ? " " : "", since), NULL);
		free(p);
		free(n);
		free(since);
	}
}

/*
 * The headline figures in the order of the funnel (PDF review 7, item
 * 18): tracked, reviewed, rated, medals, then the change in medals since
 * the edition before, each figure that the data has; each step's detail
 * its share of the one before ("23.8% of 323 providers tracked"), the
 * medals' the lede's base, the rated, with the edition before's share.
 */
static struct table *
figures_new(const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp, bool edition_only)
{
	const struct report *r = &c->project->report;
	const struct edition *e = s->edition;
	struct table *t = table_new(NULL, 3);
	const char *note;
	char *detail;

	table_head(t, 0, report_string(r, "figure"), false);
	table_head(t, 1, ename(e), true);
	table_head(t, 2, report_string(r, "details"), false);
	if (!e->partial && s->tracked >= 0)
		figure_row(t, report_string(r, "figures_tracked"), view_int(r, s->tracked),
		    NULL, NULL);
	/* a partial edition's note says why its counts are short: a
	 * claim's note that says it again ("Only the providers named in its
	 * text are here.") is left out, the caveat said once */
	note = e->partial && e->partial_note != NULL ? e->partial_note :
	    claim_note(s, "reviewed", s->reviewed);
	if (e->partial)
		detail = report_format_n(r, "n_rated", s->rated);
	else if (s->tracked > 0)
		detail = share_of(r, (double)s->reviewed / (double)s->tracked,
		    report_format_n(r, "of_n_tracked", s->tracked));
	else
		detail = NULL;
	figure_counted(t, r, s, report_string(r, "reviewed"), "reviewed", s->reviewed,
	    detail, note);
	if (!e->partial)
		figure_counted(t, r, s, report_string(r, "rated"), "rated", s->rated,
		    s->reviewed > 0 ? share_of(r, (double)s->rated / (double)s->reviewed,
		    report_format_n(r, "of_n_reviewed", s->reviewed)) : NULL,
		    claim_note(s, "rated", s->rated));
	note = e->partial && e->partial_note != NULL ? e->partial_note :
	    claim_note(s, "medals", s->medals);
	if (e->partial)
		detail = report_format_n(r, "of_n_reviews_named", s->reviewed);
	else if (s->rated > 0) {
		/* the lede's base: the share of the rated, with the
		 * baseline's where a change is computed (issue: one base) */
		const struct edition_stats *bs = cmp != NULL && cmp->baseline != NULL &&
		    cmp->has_change ? computed_edition(c, cmp->baseline) : NULL;
		char *n = view_int(r, s->rated);

		if (bs != NULL && bs->rated > 0 && !bs->edition->partial) {
			char *was = view_share(r, (double)bs->medals / (double)bs->rated);
			char *m = view_int(r, bs->rated);

			detail = report_format(r, "of_n_rated_against",
			    (const char *[]){"n", "share", "m", "edition", NULL},
			    (const char *[]){n, was, m, ename(bs->edition), NULL});
			free(was);
			free(m);
		} else
			detail = report_format(r, "of_n_rated", (const char *[]){"n", NULL},
			    (const char *[]){n, NULL});
		free(n);
		detail = share_of(r, (double)s->medals / (double)s->rated, detail);
	} else
		detail = report_format_n(r, "of_n_reviewed", s->reviewed);
	figure_counted(t, r, s, report_string(r, "medals"), "medals", s->medals, detail, note);
	figure_change(t, c, s, cmp, edition_only);
	table_drop_empty_columns(t, "");
	return t;
}

struct table *
vd_figures(const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp)
{
	return figures_new(c, s, cmp, false);
}

/* The edition page's opening sentence: what the edition found, with the
 * change in medals where one is computed; malloc'd. */
static char *
edition_lead(const struct report *r, const struct edition_stats *s)
{
	const struct edition *e = s->edition;
	const struct claim *cl = claim_find(s, "reviewed");
	char rated[32], reviewed[32], medals[32], diff[32], stated[32];
	const char *key;

	view_int_to(r, s->rated, rated, sizeof(rated));
	view_int_to(r, s->reviewed, reviewed, sizeof(reviewed));
	view_int_to(r, s->medals, medals, sizeof(medals));
	if (e->partial) {
		/* "16 of the 26": the stated reviews, where they are more */
		bool st = cl != NULL && cl->value > s->reviewed;

		view_int_to(r, st ? cl->value : 0, stated, sizeof(stated));
		return report_format(r, st ? "edition_lead_partial_stated" : "edition_lead_partial",
		    (const char *[]){"edition", "n", "stated", "medals", NULL},
		    (const char *[]){ename(e), reviewed, stated, medals, NULL});
	}
	if (s->baseline == NULL || !s->has_change)
		key = "edition_lead";
	else
		key = s->d_medals < 0 ? "edition_lead_fewer" : s->d_medals > 0 ?
		    "edition_lead_more" : "edition_lead_same";
	view_int_to(r, s->d_medals < 0 ? -s->d_medals : s->d_medals, diff, sizeof(diff));
	return report_format(r, key,
	    (const char *[]){"edition", "rated", "reviewed", "medals", "diff", "baseline", NULL},
	    (const char *[]){ename(e), rated, reviewed, medals, diff,
	    s->baseline != NULL ? ename(s->baseline) : "", NULL});
}

/* Does text hold the block shortcode {{kind what ...}}? */
static bool
text_has_block(const char *text, const char *kind, const char *what)
{
	const char *p = text;
	size_t lk = strlen(kind), lw = strlen(what);

	while (p != NULL && (p = strstr(p, "{{")) != NULL) {
		p += 2;
		while (*p == ' ')
			p++;
		if (strncmp(p, kind, lk) != 0 || p[lk] != ' ')
			continue;
		p += lk;
		while (*p == ' ')
			p++;
		if (strncmp(p, what, lw) == 0 && (p[lw] == ' ' || p[lw] == '}'))
			return true;
	}
	return false;
}

/* Does text hold a block shortcode of this kind ({{table ...}},
 * {{chart ...}}), whatever it shows? */
static bool
text_has_kind(const char *text, const char *kind)
{
	const char *p = text;
	size_t lk = strlen(kind);

	while (p != NULL && (p = strstr(p, "{{")) != NULL) {
		p += 2;
		while (*p == ' ')
			p++;
		if (strncmp(p, kind, lk) == 0 && p[lk] == ' ')
			return true;
	}
	return false;
}

/* Does a visible commentary section show this table or chart already? */
static bool
sections_have(const struct computed *c, const char *kind, const char *what)
{
	size_t i;

	for (i = 0; i < c->nsections; i++)
		if (c->sections[i]->body != NULL &&
		    text_has_block(c->sections[i]->body, kind, what))
			return true;
	return false;
}

struct vd_medals *
vd_medals_new(const struct computed *c, const struct edition *e, bool pdf)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = computed_edition(c, e);
	struct vd_medals *m;
	bool moves;
	size_t i, j;

	if (s == NULL)
		return NULL;
	m = xcalloc(1, sizeof(*m));
	m->caption = report_format1(r, "medal_table_caption", "edition", ename(e));
	m->head_tier = xstrdup(report_string(r, "tier"));
	m->head_count = xstrdup(report_string(r, "providers"));
	m->head_who = xstrdup(report_string(r, "who"));
	m->draft = xstrdup(report_string(r, "draft_label"));
	m->uncertain_label = xstrdup(report_string(r, "uncertain_label"));
	if (pdf)
		m->unrated_ref = report_format1(r, "pdf_medals_unrated", "title",
		    report_string(r, "reviewed_not_rated"));
	/* the PDF gives the movement where no movers table gives it (the
	 * baseline's tiers are the movers table's: not repeated here) */
	moves = pdf && s->baseline != NULL && !(c->has_compare && c->compare.baseline != NULL);
	m->tiers = xcalloc(e->ntiers ? e->ntiers : 1, sizeof(*m->tiers));
	m->n = e->ntiers;
	for (i = 0; i < e->ntiers; i++) {
		struct vd_medal_tier *t = &m->tiers[i];

		t->tier = e->tiers[i];
		/* a group's label heads the first of its adjacent tiers */
		if (t->tier->group != NULL && (i == 0 || e->tiers[i - 1]->group == NULL ||
		    strcmp(e->tiers[i - 1]->group, t->tier->group) != 0))
			t->group = t->tier->group;
		t->count = s->counts[t->tier->index];
		t->count_text = view_int(r, t->count);
		t->unit = xstrdup(report_string(r, view_plural(r, (double)t->count,
		    "provider_unit_one", "provider_unit")));
		for (j = 0; j < s->nratings; j++)
			t->n += s->ratings[j].tier == t->tier;
		t->v = xcalloc(t->n ? t->n : 1, sizeof(*t->v));
		t->n = 0;
		for (j = 0; j < s->nratings; j++) {
			const struct rating *rt = &s->ratings[j];
			struct vd_medal_entry *en;

			if (rt->tier != t->tier)
				continue;
			en = &t->v[t->n++];
			en->rating = rt;
			en->name = xstrdup(rt->provider->name);
			en->draft = rt->review->draft;
			if (rt->review->tier_uncertain != NULL) {
				en->mark = xstrdup(report_string(r, "tier_uncertain"));
				en->uncertain = xstrdup(rt->review->tier_uncertain);
			}
			/* in words, as a sentence gives it ("up 1", not the
			 * tables' arrow), and nothing for no change */
			if (moves && rt->status != MOVE_SAME)
				en->move = move_words(r, rt->status, true, rt->steps,
				    rt->provider->successor != NULL ?
				    rt->provider->successor->name : NULL);
		}
	}
	return m;
}

const struct vd_medals *
vd_page_medals(const struct vd_page *p)
{
	const struct vd_section *sec = p != NULL ? vd_section_find(p->s, p->n, "medals") : NULL;
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == VB_MEDALS)
			return sec->b[i].medals;
	return NULL;
}

static void
figure_add(struct vd_section *sec, enum chart_kind k)
{
	struct vd_block *b = vd_block_add(sec, VB_FIGURE, "chart");

	b->chart = (int)k;
}

/*
 * A commentary section a page of its own gives in full: the security
 * page (security: true, where the report has one) or the methodology
 * (page: methodology). The home page then gives its opening and a link
 * to that page, so that it does not repeat the page (issue 27).
 */
static void
more_add(struct vd_block *b, const struct computed *c, const struct section *cs)
{
	const struct report *r = &c->project->report;
	const char *title;

	if (cs->page != NULL && strcmp(cs->page, "methodology") == 0) {
		/* after the ladder, under its own title */
		b->more_ref = xasprintf("methodology/#section-%s", cs->id);
		title = report_string(r, "methodology");
	} else if (cs->security && project_has_security(c->project)) {
		/* the security page opens with it */
		b->more_ref = xstrdup("security/");
		title = report_string(r, "security");
	} else
		return;
	b->more = report_format1(r, "more_in_page", "page", title);
}

/* A commentary section of the home page. */
static void
commentary_add(struct vd_page *p, const struct computed *c, const struct section *cs)
{
	struct vd_section *sec = vd_section_add(&p->s, &p->n, "commentary",
	    cs->title != NULL ? cs->title : cs->id);
	struct vd_block *b = vd_block_add(sec, VB_MARKDOWN, "commentary");

	b->md = cs->body;
	b->file = cs->pos.file;
	b->line = cs->body_line;
	b->section = cs;
	more_add(b, c, cs);
}

struct vd_page *
vd_home_new(const struct computed *c)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = computed_edition(c, r->edition);
	const struct edition_stats *cmp = c->has_compare ? &c->compare : NULL;
	struct vd_page *p = xcalloc(1, sizeof(*p));
	struct vd_section *sec;
	struct vd_block *b;
	bool table, chart, first;
	size_t i;

	p->id = "home";
	if (s == NULL)
		return p;
	/* the first commentary section, when it is prose alone (a summary:
	 * no table, no chart), before the figures and tables: the words they
	 * use (tracked, reviewed, rated, medal) are defined before a reader
	 * meets them (reader review, pdf 5); one that shows a table or a
	 * chart keeps its place after them */
	first = c->nsections > 0 && c->sections[0]->body != NULL &&
	    !text_has_kind(c->sections[0]->body, "table") &&
	    !text_has_kind(c->sections[0]->body, "chart");
	if (first)
		commentary_add(p, c, c->sections[0]);
	sec = vd_section_add(&p->s, &p->n, "figures", report_string(r, "headline_figures"));
	b = vd_block_add(sec, VB_TABLE, "figures");
	b->table = vd_figures(c, s, cmp);
	/* the medal table, distribution, movement and movers appear once:
	 * here only when no commentary section shows them already */
	table = !sections_have(c, "table", "medals");
	chart = !sections_have(c, "chart", chart_kind_name(CHART_DISTRIBUTION));
	if (table || chart) {
		sec = vd_section_add(&p->s, &p->n, "medals", report_string(r, "the_medal_table"));
		if (table) {
			b = vd_block_add(sec, VB_MEDALS, "medal-table");
			b->medals = vd_medals_new(c, r->edition, true);
		}
		if (chart)
			figure_add(sec, CHART_DISTRIBUTION);
	}
	if (cmp != NULL && cmp->baseline != NULL) {
		char *title;

		chart = !sections_have(c, "chart", chart_kind_name(CHART_MOVEMENT));
		table = !sections_have(c, "table", "movers");
		if (chart || table) {
			title = report_format1(r, "movement_since", "edition", ename(cmp->baseline));
			sec = vd_section_add(&p->s, &p->n, "movement", title);
			free(title);
			if (chart)
				figure_add(sec, CHART_MOVEMENT);
			if (table) {
				b = vd_block_add(sec, VB_TABLE, "movers");
				b->table = table_movers(c, cmp->baseline, cmp->edition);
			}
		}
	}
	for (i = first ? 1 : 0; i < c->nsections; i++)
		commentary_add(p, c, c->sections[i]);
	return p;
}

/* A funnel step: its count, strong, and what it counts. */
static void
step_add(struct vd_block *b, const struct report *r, long value, const char *key)
{
	struct vd_inlines *it = vd_item_add(b);
	char *n = view_int(r, value);

	vd_add(it, VD_STRONG, n);
	vd_add(it, VD_TEXT, " ");
	vd_add(it, VD_TEXT, report_string(r, key));
	free(n);
}

static const char *
claim_label(const struct report *r, const struct claim *cl)
{
	if (cl->tier != NULL)
		return cl->tier->name != NULL ? cl->tier->name : cl->tier->id;
	if (strcmp(cl->figure, "reviewed") == 0 || strcmp(cl->figure, "rated") == 0 ||
	    strcmp(cl->figure, "medals") == 0)
		return report_string(r, cl->figure);
	return cl->figure;
}

/* Whether the figures strip shows claim ck with its note: a stated medals
 * or reviewed count that differs from the count (vd_figures). */
static bool
claim_in_strip(const struct claim_check *ck)
{
	return ck->claim->note != NULL && ck->claim->value != ck->computed &&
	    (strcmp(ck->claim->figure, "medals") == 0 ||
	    strcmp(ck->claim->figure, "reviewed") == 0);
}

/* Whether every claim of s is in the strip already (none: false, the
 * section says there is none). */
static bool
claims_all_in_strip(const struct edition_stats *s)
{
	size_t i;

	for (i = 0; i < s->nclaims; i++)
		if (!claim_in_strip(&s->claims[i]))
			return false;
	return s->nclaims > 0;
}

/* One figure the source states, as the agreeing sentence lists it:
 * "77 reviewed", "19 medals", "2 Platinum"; malloc'd. */
static char *
claim_item(const struct report *r, const struct claim *cl)
{
	char *n = view_int(r, cl->value), *out;

	if (cl->tier != NULL)
		out = report_format(r, "claims_agree_tier", (const char *[]){"n", "tier", NULL},
		    (const char *[]){n, cl->tier->name != NULL ? cl->tier->name : cl->tier->id, NULL});
	else if (strcmp(cl->figure, "reviewed") == 0)
		out = report_format1(r, "claims_agree_reviewed", "n", n);
	else if (strcmp(cl->figure, "rated") == 0)
		out = report_format1(r, "claims_agree_rated", "n", n);
	else if (strcmp(cl->figure, "medals") == 0)
		out = report_format1(r, view_plural(r, (double)cl->value, "claims_agree_medals_one",
		    "claims_agree_medals"), "n", n);
	else
		out = report_label_value(r, claim_label(r, cl), n);
	free(n);
	return out;
}

/* "Reviewed: The article has one review section more than it states…" */
static void
claims_note(struct table *t, const struct report *r, const char *key,
    const struct claim *cl)
{
	const char *label = claim_label(r, cl);

	table_note_take(t, cl->note != NULL ? report_format(r, key,
	    (const char *[]){"figure", "note", NULL}, (const char *[]){label, cl->note, NULL}) :
	    report_format1(r, key, "figure", label));
}

/* Whether claim ck has a note to give beside its figures: its own, or that
 * the two differ; not one the figures strip gives (strip). */
static bool
claim_noted(const struct claim_check *ck, bool strip)
{
	return !(strip && claim_in_strip(ck)) &&
	    (ck->claim->note != NULL || ck->claim->value != ck->computed);
}

struct table *
vd_claims_table(const struct computed *c, const struct edition *e, bool strip)
{
	const struct edition_stats *s = computed_edition(c, e);
	const struct report *r = &c->project->report;
	struct table *t;
	size_t i, agree = 0;
	bool column = false;
	char *cap, *n, **items = xcalloc(s != NULL ? s->nclaims + 1 : 1, sizeof(*items));

	/* a page with the figures strip (the site's edition page) gives a
	 * note the strip does not beside its figure, in a column, as its
	 * tables have no lines under them; where the strip gives them all,
	 * none (and no "the other figures agree") */
	for (i = 0; strip && s != NULL && i < s->nclaims; i++)
		column |= claim_noted(&s->claims[i], strip);
	cap = report_format1(r, "table_claims_caption", "edition", ename(e));
	t = table_new(cap, column ? 4 : 3);
	free(cap);
	table_head(t, 0, report_string(r, "figure"), false);
	table_head(t, 1, report_string(r, "stated_head"), true);
	table_head(t, 2, report_string(r, "counted_head"), true);
	if (column)
		table_head(t, 3, report_string(r, "note"), false);
	/* one layout for every edition (PDF review 7, item 19): no column
	 * of notes in one table and not in the next, each note a sentence
	 * under the table, the figures that agree said once */
	for (i = 0; s != NULL && i < s->nclaims; i++) {
		const struct claim_check *ck = &s->claims[i];
		const struct claim *cl = ck->claim;
		struct table_cell *row = table_row(t);

		table_cell_set(&row[0], claim_label(r, cl), NULL);
		row[0].tier = cl->tier;
		table_cell_take(&row[1], view_int(r, cl->value), NULL);
		row[1].numeric = true;
		table_cell_take(&row[2], view_int(r, ck->computed), NULL);
		row[2].numeric = true;
		if (strip) {
			if (column && claim_noted(ck, strip))
				table_cell_set(&row[3], cl->note != NULL ? cl->note :
				    report_string(r, "does_not_match"), NULL);
			continue;
		}
		if (cl->note != NULL)
			claims_note(t, r, "claims_note_line", cl);
		else if (cl->value != ck->computed)
			claims_note(t, r, "claims_note_differs", cl);
		else
			items[agree++] = claim_item(r, cl);
	}
	if (s != NULL && agree > 0 && agree == s->nclaims)
		table_note_take(t, report_format1(r, "claims_all_agree", "edition",
		    ename(e)));
	else if (agree > 0) {
		/* the figures that agree, named, as an editor would ("The other
		 * figure ClusterMAX 2.0 states, 60 rated, agrees with the
		 * count.", site review 8, item 13) */
		char *list = view_list(r, (const char *const *)items, agree);

		n = view_int(r, (long long)agree);
		table_note_take(t, report_format(r, view_plural(r, (double)agree,
		    "claims_rest_agree_one", "claims_rest_agree"),
		    (const char *[]){"n", "edition", "list", NULL},
		    (const char *[]){n, ename(e), list, NULL}));
		free(list);
		free(n);
	}
	for (i = 0; i < agree; i++)
		free(items[i]);
	free(items);
	return t;
}

/*
 * The stated and counted figures (site review 3): where every one agrees
 * with the count, one sentence that lists them ("The 7 figures that
 * ClusterMAX 3.0 states agree with the count of its reviews here: 77
 * reviewed, ..."); else the table of each figure stated, counted and
 * noted (table_claims, as the PDF gives it), without the notes the
 * figures strip above gives (a stated medals or reviewed count that
 * differs: vd_figures) when the page has that strip (strip); with no
 * figure stated, a sentence that says so.
 */
static void
claims_add(struct vd_section *sec, const struct computed *c, const struct edition_stats *s,
    bool strip)
{
	const struct report *r = &c->project->report;
	const struct edition *e = s->edition;
	struct vd_block *b;
	bool agree = true;
	size_t i;

	if (s->nclaims == 0) {
		b = vd_block_add(sec, VB_PARA, "empty");
		vd_add(&b->in, VD_TEXT, report_string(r, "no_claims"));
		return;
	}
	for (i = 0; i < s->nclaims; i++)
		agree &= s->claims[i].claim->value == s->claims[i].computed &&
		    s->claims[i].claim->note == NULL;
	if (agree) {
		char **items = xcalloc(s->nclaims, sizeof(*items)), *list, *n, *text;
		const char *key;

		for (i = 0; i < s->nclaims; i++)
			items[i] = claim_item(r, s->claims[i].claim);
		list = view_list(r, (const char *const *)items, s->nclaims);
		n = view_int(r, (long long)s->nclaims);
		key = e->partial ? view_plural(r, (double)s->nclaims, "claims_agree_partial_one",
		    "claims_agree_partial") : view_plural(r, (double)s->nclaims,
		    "claims_agree_one", "claims_agree");
		text = report_format(r, key, (const char *[]){"n", "edition", "list", NULL},
		    (const char *[]){n, ename(e), list, NULL});
		b = vd_block_add(sec, VB_PARA, "claims-agree");
		vd_add(&b->in, VD_TEXT, text);
		for (i = 0; i < s->nclaims; i++)
			free(items[i]);
		free(items);
		free(list);
		free(n);
		free(text);
		return;
	}
	b = vd_block_add(sec, VB_TABLE, "claims");
	/* the notes the strip above gives (a stated medals or reviewed
	 * count that differs) are not given again */
	b->table = vd_claims_table(c, e, strip);
}

/*
 * The focus edition's pointer to the front page, where its overview is
 * (site review 6): "The tier table of ClusterMAX 3.0, its charts and who
 * moved since ClusterMAX 2.0 are on the report's front page.", the front
 * page's words a link to it.
 */
static void
see_home_add(struct vd_section *sec, const struct report *r, const struct edition_stats *s)
{
	struct vd_block *b = vd_block_add(sec, VB_PARA, "see-home");
	struct vd_inline v[3];

	memset(v, 0, sizeof(v));
	v[0].kind = VD_TEXT;
	v[0].text = (char *)ename(s->edition);
	v[1].kind = VD_TEXT;
	v[1].text = (char *)(s->baseline != NULL ? ename(s->baseline) : "");
	v[2].kind = VD_LINK;
	v[2].text = (char *)report_string(r, "edition_see_home_link");
	v[2].target = VD_PAGE;
	v[2].ref = (char *)"";
	vd_add_format(&b->in, r, s->baseline != NULL ? "edition_see_home" :
	    "edition_see_home_first", (const char *[]){"edition", "baseline", "home", NULL}, v);
}

struct vd_page *
vd_edition_new(const struct computed *c, const struct edition_stats *s)
{
	const struct report *r = &c->project->report;
	const struct edition *e = s->edition;
	bool named = e->partial;
	/* the front page has the focus edition's overview only when it shows
	 * its own tier table: not when a commentary section shows a tier table
	 * instead (vd_home_new), which may be another edition's */
	bool focus = e == r->edition;
	bool on_home = focus && !sections_have(c, "table", "medals");
	struct vd_page *p = xcalloc(1, sizeof(*p));
	struct vd_section *sec;
	struct vd_block *b;
	char *title;

	p->id = e->id;
	/* what the edition found, first; then each count in one place (reader
	 * review #8): the figures, the tier table (each tier's count), the
	 * tiers by edition and the funnel as charts with their data on the
	 * focus edition's page, else the funnel's steps */
	sec = vd_section_add(&p->s, &p->n, "lead", NULL);
	b = vd_block_add(sec, VB_PARA, "lead");
	title = edition_lead(r, s);
	vd_add(&b->in, VD_TEXT, title);
	free(title);
	/*
	 * The edition this report is about has its overview on the front page
	 * (the figures, the tier table, the tiers by edition, the movers and
	 * their lists): its own page gives what is particular to it, how its
	 * figures were counted and what changed, and points there for the
	 * rest (site review 6). Every other edition's page gives it all.
	 */
	if (on_home) {
		sec = vd_section_add(&p->s, &p->n, "see-home", NULL);
		see_home_add(sec, r, s);
	} else {
		sec = vd_section_add(&p->s, &p->n, "figures", NULL);
		b = vd_block_add(sec, VB_TABLE, "figures");
		b->table = figures_new(c, s, s, true);
		sec = vd_section_add(&p->s, &p->n, "medals", report_string(r, "medal_table"));
		b = vd_block_add(sec, VB_MEDALS, "medal-table");
		b->medals = vd_medals_new(c, e, false);
	}
	/* the funnel: its chart on the focus edition's page; elsewhere its
	 * steps only where the figures leave some out (a partial edition's
	 * tracked and named on the ladder), which are "named" */
	if (focus) {
		sec = vd_section_add(&p->s, &p->n, "funnel", report_string(r, "chart_funnel"));
		figure_add(sec, CHART_FUNNEL);
	} else if (named) {
		sec = vd_section_add(&p->s, &p->n, "funnel", report_string(r, "chart_funnel"));
		b = vd_block_add(sec, VB_LIST, "funnel");
		if (s->tracked >= 0)
			step_add(b, r, s->tracked, "step_tracked");
		step_add(b, r, s->reviewed, named ? "step_reviews_named" : "step_reviewed");
		step_add(b, r, s->rated, named ? "step_named_on_ladder" : "step_rated_on_ladder");
		step_add(b, r, s->medals, named ? "step_named_with_medal" : "step_given_medal");
	}
	/* the first edition has no movers: no heading over nothing (reader
	 * review #19); against a partial baseline, why no change is computed
	 * is said here, not before anything about this edition */
	if (s->baseline != NULL && !on_home) {
		const struct edition *pe = s->baseline->partial ? s->baseline :
		    e->partial ? e : NULL;

		title = report_format1(r, "movers_since", "edition", ename(s->baseline));
		sec = vd_section_add(&p->s, &p->n, "movers", title);
		free(title);
		size_t k, unlisted = 0;

		for (k = 0; k < s->nratings; k++)
			unlisted += s->ratings[k].status == MOVE_UNLISTED;
		/* the movers table's own line says why those it cannot place
		 * have no movement ("70 providers ... have no movement shown:
		 * ClusterMAX 1.0 names only some of its reviews"): the caveat
		 * once on the page, not that line and the edition's note too */
		if (!s->has_change && pe != NULL && pe->partial_note != NULL && unlisted == 0) {
			b = vd_block_add(sec, VB_PARA, "baseline-note");
			vd_add(&b->in, VD_TEXT, pe->partial_note);
		}
		b = vd_block_add(sec, VB_TABLE, "movers");
		b->table = table_movers(c, s->baseline, e);
	}
	/* the stated figures, unless the strip above says all they say; the
	 * focus edition's page, without the strip, gives each one */
	if ((on_home && s->nclaims > 0) || !claims_all_in_strip(s)) {
		sec = vd_section_add(&p->s, &p->n, "claims", report_string(r, "stated_and_counted"));
		claims_add(sec, c, s, !on_home);
	}
	return p;
}
