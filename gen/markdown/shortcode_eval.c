/*
 * shortcode_eval.c: the value of each shortcode, from the computed model.
 * Shortcodes are checked (sc_check) before they are evaluated; anything that
 * still does not resolve gives "?" rather than a crash.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"
#include "parse.h"
#include "util.h"

/* The value of figure fig in edition e (a word or a tier id). */
static long
figure_value(const struct computed *c, const struct edition *e, const char *fig)
{
	const struct edition_stats *s = computed_edition(c, e);
	const struct tier *t;

	if (e == NULL)
		return 0;
	if (strcmp(fig, "tracked") == 0)
		return e->tracked;
	if (s == NULL)
		return 0;
	if (strcmp(fig, "medals") == 0)
		return s->medals;
	if (strcmp(fig, "reviewed") == 0)
		return s->reviewed;
	if (strcmp(fig, "rated") == 0)
		return s->rated;
	t = project_tier(c->project, fig);
	return t ? s->counts[t->index] : 0;
}

/* Options from argument `from` on. */
static void
options(const struct shortcode *sc, size_t from, bool *pct, int *digits)
{
	size_t i;

	for (i = from; i < sc->nargs; i++) {
		if (strcmp(sc->args[i], "pct") == 0)
			*pct = true;
		else if (str_starts(sc->args[i], "digits=") && sc->args[i][7] >= '0' &&
		    sc->args[i][7] <= '9')
			*digits = sc->args[i][7] - '0';
	}
}

/* The acknowledged claim on figure fig of e that differs from the count. */
static const struct claim_check *
acknowledged(const struct computed *c, const struct edition *e, const char *fig)
{
	const struct edition_stats *s = computed_edition(c, e);
	size_t i;

	for (i = 0; s != NULL && i < s->nclaims; i++) {
		const struct claim_check *cc = &s->claims[i];
		const char *f = cc->claim->figure;

		if (str_starts(f, "tiers."))
			f += 6;
		if (strcmp(f, fig) == 0 && cc->claim->note != NULL &&
		    cc->claim->value != cc->computed)
			return cc;
	}
	return NULL;
}

/* A count; where the source states another figure on purpose, both (SPEC 1.2). */
static void
eval_count(const struct computed *c, const struct shortcode *sc, struct sc_inline *out)
{
	const struct edition *e = project_edition(c->project, sc->args[0]);
	const struct claim_check *cc = acknowledged(c, e, sc->args[1]);

	bool named = e != NULL && e->partial && strcmp(sc->args[1], "tracked") != 0;

	const struct report *r = &c->project->report;
	char *a, *b;

	if (cc != NULL) {
		/* "84 stated; 85 counted", as the figures and the claims say it */
		a = report_format_n(r, "n_stated", cc->claim->value);
		b = view_int(r, cc->computed);
		out->text = report_format(r, "figure_stated_counted",
		    (const char *[]){"stated", "n", "counted", NULL},
		    (const char *[]){a, b, report_string(r, named ? "named" : "counted"), NULL});
		free(a);
		free(b);
		out->note = cc->claim->note;
	} else if (named) {
		out->text = report_format_n(r, "n_named", figure_value(c, e, sc->args[1]));
		out->note = e->partial_note;
	} else
		out->text = view_int(r, figure_value(c, e, sc->args[1]));
}

static char *
eval_change(const struct computed *c, const struct shortcode *sc)
{
	const struct project *p = c->project;
	long a = figure_value(c, project_edition(p, sc->args[0]), sc->args[2]);
	long b = figure_value(c, project_edition(p, sc->args[1]), sc->args[2]);
	bool pct = false;
	int digits = 1;

	options(sc, 3, &pct, &digits);
	if (pct)
		return view_signed_pct(&p->report, a ? 100.0 * (double)(b - a) / (double)a : NAN,
		    digits);
	return view_signed_int(&p->report, b - a);
}

static char *
eval_share(const struct computed *c, const struct shortcode *sc)
{
	const struct edition *e = project_edition(c->project, sc->args[0]);
	long a = figure_value(c, e, sc->args[1]);
	long b = figure_value(c, e, sc->args[3]);
	bool pct = false;
	int digits = 1;
	char out[64];

	options(sc, 4, &pct, &digits);
	fmt_fixed(b > 0 ? 100.0 * (double)a / (double)b : NAN, digits, out, sizeof(out));
	return view_percent(&c->project->report, out);
}

enum { MW_KEPT, MW_DROPPED, MW_RATED, MW_UNRATED, MW_UNREVIEWED, MW_LEFT, MW_GAINED };

int
sc_medals_what(const char *what)
{
	static const char *const words[] = {"kept", "dropped", "rated", "unrated",
	    "unreviewed", "left", "gained"};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (strcmp(words[i], what) == 0)
			return (int)i;
	return -1;
}

static bool
has_medal(const struct rating *rt)
{
	return rt != NULL && rt->tier->medal;
}

long
sc_medals_count(const struct computed *c, const struct edition *from,
    const struct edition *to, int what)
{
	const struct edition_stats *s1 = computed_edition(c, from);
	const struct edition_stats *s2 = computed_edition(c, to);
	const struct project *p = c->project;
	long n = 0;
	size_t i;

	if (s1 == NULL || s2 == NULL)
		return 0;
	for (i = 0; i < p->nproviders; i++) {
		const struct rating *a = edition_stats_rating(s1, &p->providers[i]);
		const struct rating *b = edition_stats_rating(s2, &p->providers[i]);
		bool hit;

		if (what == MW_GAINED) {
			n += has_medal(b) && !has_medal(a);
			continue;
		}
		if (!has_medal(a))
			continue;
		switch (what) {
		case MW_KEPT: hit = has_medal(b); break;
		case MW_DROPPED: hit = b && b->tier->rated && !b->tier->medal; break;
		case MW_RATED: hit = b && b->tier->rated; break;
		case MW_UNRATED: hit = b && !b->tier->rated; break;
		case MW_UNREVIEWED: hit = b == NULL; break;
		case MW_LEFT: hit = b == NULL || !b->tier->rated; break;
		default: hit = false; break;
		}
		n += hit;
	}
	return n;
}

/* url with "t=SECONDS" added to its query, before any fragment. */
static char *
url_at(const char *url, int64_t secs)
{
	const char *hash = strchr(url, '#');
	size_t n = hash ? (size_t)(hash - url) : strlen(url);
	const char *q = memchr(url, '?', n);
	const char *sep = q == NULL ? "?" : (n > 0 && (url[n - 1] == '?' ||
	    url[n - 1] == '&')) ? "" : "&";

	return xasprintf("%.*s%st=%lld%s", (int)n, url, sep, (long long)secs,
	    hash ? hash : "");
}

static void
eval_at(const struct computed *c, const struct shortcode *sc, struct sc_inline *out)
{
	const struct source *s = project_source(c->project, sc->args[0]);
	int64_t secs;

	out->text = xstrdup(sc->args[1]);
	if (s && s->url && timestamp_parse(sc->args[1], &secs)) {
		out->href = url_at(s->url, secs);
		out->external = true;
	}
}

static void
eval_provider(const struct computed *c, const struct shortcode *sc,
    struct sc_inline *out)
{
	const struct provider *p = project_provider(c->project, sc->args[0]);

	if (p == NULL) {
		out->text = xstrdup("?");
		return;
	}
	out->text = xstrdup(p->name);
	out->href = xasprintf("providers/%s/", p->id);
}

static void
eval_tier(const struct computed *c, const struct shortcode *sc, struct sc_inline *out)
{
	const struct provider *p = project_provider(c->project, sc->args[0]);
	const struct edition *e = project_edition(c->project, sc->args[1]);
	const struct rating *rt = NULL;

	if (p && e)
		rt = edition_stats_rating(computed_edition(c, e), p);
	if (rt == NULL) {
		out->text = xstrdup("?");
		return;
	}
	/* a tier's name links to what the tier means, not to the provider
	 * (whose name, beside it, links there) */
	out->text = xstrdup(rt->tier->name);
	out->href = xasprintf("methodology/#tier-%s", rt->tier->id);
	out->tier = rt->tier;
}

static void
eval_cite(const struct computed *c, const struct shortcode *sc, struct sc_inline *out)
{
	const struct source *s = project_source(c->project, sc->args[0]);

	if (s == NULL) {
		out->text = xstrdup("?");
		return;
	}
	out->text = xstrdup(s->title);
	out->href = xasprintf("sources/#%s", s->id);
}

/* On return, release out with sc_inline_release(). */
void
sc_eval_inline(const struct computed *c, const struct shortcode *sc,
    struct sc_inline *out)
{
	memset(out, 0, sizeof(*out));
	switch (sc->kind) {
	case SC_COUNT:
		eval_count(c, sc, out);
		break;
	case SC_CHANGE:
		out->text = eval_change(c, sc);
		break;
	case SC_SHARE:
		out->text = eval_share(c, sc);
		break;
	case SC_TIER:
		eval_tier(c, sc, out);
		break;
	case SC_PROVIDER:
		eval_provider(c, sc, out);
		break;
	case SC_AT:
		eval_at(c, sc, out);
		break;
	case SC_CITE:
		eval_cite(c, sc, out);
		break;
	case SC_MEDALS:
		out->text = view_int(&c->project->report, sc_medals_count(c,
		    project_edition(c->project, sc->args[0]),
		    project_edition(c->project, sc->args[1]), sc_medals_what(sc->args[2])));
		break;
	default:
		out->text = xstrdup(sc->raw ? sc->raw : "");
		break;
	}
}

void
sc_inline_release(struct sc_inline *v)
{
	free(v->text);
	free(v->href);
	v->text = v->href = NULL;
}

/* On success, free with table_free(); NULL when the shortcode is no table. */
struct table *
sc_table(const struct computed *c, const struct shortcode *sc)
{
	const struct project *p = c->project;
	const struct edition *e1, *e2;

	if (sc->kind != SC_TABLE || sc->nargs < 2 ||
	    (e1 = project_edition(p, sc->args[1])) == NULL)
		return NULL;
	if (strcmp(sc->args[0], "medals") == 0)
		return table_medals_by_tier(c, e1);
	if (strcmp(sc->args[0], "security") == 0)
		return table_security(c, e1);
	if (strcmp(sc->args[0], "movers") == 0 && sc->nargs == 3 &&
	    (e2 = project_edition(p, sc->args[2])) != NULL)
		return table_movers(c, e1, e2);
	return NULL;
}
