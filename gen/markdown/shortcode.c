/*
 * shortcode.c: the shortcodes of SPEC 1.6, checked against the model. Each
 * shortcode gets at most one error (its first problem), at its "{{".
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "markdown.h"
#include "parse.h"
#include "util.h"

#define DIGITS_MAX 6

static const char *const kind_names[] = {
	"count", "change", "share", "tier", "provider", "at", "cite", "chart", "table",
	"medals"
};


int
sc_kind_parse(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kind_names); i++)
		if (strcmp(kind_names[i], name) == 0)
			return (int)i;
	return -1;
}

const char *
sc_kind_name(enum sc_kind k)
{
	return (size_t)k < ARRAY_SIZE(kind_names) ? kind_names[k] : "?";
}

/* A shortcode being checked: where errors go. */
struct check {
	const struct computed *c;
	const struct shortcode *sc;
	struct diag *d;
};

static bool PRINTF_LIKE(2, 3)
fail(const struct check *k, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	diag_error(k->d, k->sc->pos.file, k->sc->pos.line, k->sc->pos.col, "%s", b.data);
	buf_release(&b);
	return false;
}

static bool
arity(const struct check *k, const char *name, size_t want, size_t got,
    const char *usage)
{
	if (want == got)
		return true;
	return fail(k, "'%s' takes %zu argument%s ({{%s}}), not %zu", name, want,
	    want == 1 ? "" : "s", usage, got);
}

static const struct edition *
need_edition(const struct check *k, const char *id)
{
	const struct edition *e = project_edition(k->c->project, id);

	if (e == NULL)
		fail(k, "unknown edition '%s'", id);
	return e;
}

static const struct provider *
need_provider(const struct check *k, const char *id)
{
	const struct provider *p = project_provider(k->c->project, id);

	if (p == NULL)
		fail(k, "unknown provider '%s'", id);
	return p;
}

static const struct source *
need_source(const struct check *k, const char *id)
{
	const struct source *s = project_source(k->c->project, id);

	if (s == NULL)
		fail(k, "unknown source '%s'", id);
	return s;
}

/*
 * A figure of edition e: one of the words allowed (a NULL-terminated list),
 * or a tier id. Sets *out to its value.
 */
static bool
need_figure(const struct check *k, const struct edition *e, const char *fig,
    const char *const *words, long *out)
{
	const struct edition_stats *s = computed_edition(k->c, e);
	const struct tier *t;
	size_t i;

	for (i = 0; words[i]; i++)
		if (strcmp(words[i], fig) == 0)
			break;
	if (words[i] == NULL) {
		if ((t = project_tier(k->c->project, fig)) == NULL)
			return fail(k, "unknown figure '%s' in '%s'", fig,
			    sc_kind_name(k->sc->kind));
		*out = s ? s->counts[t->index] : 0;
		return true;
	}
	if (strcmp(fig, "tracked") == 0) {
		if (e->tracked < 0)
			return fail(k, "edition '%s' has no tracked count", e->id);
		*out = e->tracked;
	} else if (s == NULL)
		*out = 0;
	else if (strcmp(fig, "medals") == 0)
		*out = s->medals;
	else if (strcmp(fig, "reviewed") == 0)
		*out = s->reviewed;
	else
		*out = s->rated;
	return true;
}

/* Arguments before the first option ("pct", "digits=N"). */
static size_t
count_positional(const struct shortcode *sc)
{
	size_t i;

	for (i = 0; i < sc->nargs; i++)
		if (strcmp(sc->args[i], "pct") == 0 || str_starts(sc->args[i], "digits="))
			break;
	return i;
}

/* Options from argument `from` on; pct only when allow_pct. */
static bool
check_options(const struct check *k, size_t from, bool allow_pct)
{
	const struct shortcode *sc = k->sc;
	bool pct = false, digits = false;
	size_t i;

	for (i = from; i < sc->nargs; i++) {
		const char *a = sc->args[i];

		if (allow_pct && strcmp(a, "pct") == 0) {
			pct = true;
			continue;
		}
		if (!str_starts(a, "digits="))
			return fail(k, "unknown option '%s' in '%s'", a, sc_kind_name(sc->kind));
		if (strlen(a) != 8 || a[7] < '0' || a[7] > '0' + DIGITS_MAX)
			return fail(k, "'digits' must be a whole number from 0 to %d, not '%s'",
			    DIGITS_MAX, a + 7);
		digits = true;
	}
	if (allow_pct && digits && !pct)
		return fail(k, "'digits' needs 'pct' in 'change'");
	return true;
}

static bool
check_count(const struct check *k)
{
	static const char *const words[] = {"medals", "reviewed", "rated", "tracked", NULL};
	const struct shortcode *sc = k->sc;
	const struct edition *e;
	long v;

	if (!arity(k, "count", 2, sc->nargs, "count EDITION FIGURE"))
		return false;
	if ((e = need_edition(k, sc->args[0])) == NULL)
		return false;
	return need_figure(k, e, sc->args[1], words, &v);
}

static bool
check_change(const struct check *k)
{
	static const char *const words[] = {"medals", "reviewed", "rated", NULL};
	const struct shortcode *sc = k->sc;
	const struct edition *e1, *e2;
	long a, b;
	size_t i;

	if (!arity(k, "change", 3, count_positional(sc),
	    "change FROM TO FIGURE [pct] [digits=N]"))
		return false;
	if ((e1 = need_edition(k, sc->args[0])) == NULL ||
	    (e2 = need_edition(k, sc->args[1])) == NULL)
		return false;
	if (!need_figure(k, e1, sc->args[2], words, &a) ||
	    !need_figure(k, e2, sc->args[2], words, &b))
		return false;
	if (!check_options(k, 3, true))
		return false;
	if (e1->partial || e2->partial)
		return fail(k, "no change %s partial edition '%s': its review list is "
		    "incomplete", e1->partial ? "from" : "to", e1->partial ? e1->id : e2->id);
	for (i = 3; i < sc->nargs; i++)
		if (strcmp(sc->args[i], "pct") == 0 && a == 0)
			return fail(k, "no percent change from zero: '%s' is 0 in edition '%s'",
			    sc->args[2], e1->id);
	return true;
}

static bool
check_share(const struct check *k)
{
	static const char *const num_words[] = {"medals", NULL};
	static const char *const den_words[] = {"reviewed", "rated", "tracked", NULL};
	const struct shortcode *sc = k->sc;
	const struct edition *e;
	long a, b;

	if (!arity(k, "share", 4, count_positional(sc),
	    "share EDITION FIGURE of reviewed|rated|tracked [digits=N]"))
		return false;
	if ((e = need_edition(k, sc->args[0])) == NULL)
		return false;
	if (e->partial)
		return fail(k, "no share of partial edition '%s': its review list is "
		    "incomplete", e->id);
	if (!need_figure(k, e, sc->args[1], num_words, &a))
		return false;
	if (strcmp(sc->args[2], "of") != 0)
		return fail(k, "expected 'of' in 'share', not '%s'", sc->args[2]);
	if (strcmp(sc->args[3], "reviewed") != 0 && strcmp(sc->args[3], "rated") != 0 &&
	    strcmp(sc->args[3], "tracked") != 0)
		return fail(k, "a share is of 'reviewed', 'rated' or 'tracked', not '%s'",
		    sc->args[3]);
	if (!need_figure(k, e, sc->args[3], den_words, &b))
		return false;
	if (b == 0)
		return fail(k, "no share of zero: '%s' is 0 in edition '%s'", sc->args[3], e->id);
	return check_options(k, 4, false);
}

static bool
check_tier(const struct check *k)
{
	const struct shortcode *sc = k->sc;
	const struct provider *p;
	const struct edition *e;

	if (!arity(k, "tier", 2, sc->nargs, "tier PROVIDER EDITION"))
		return false;
	if ((p = need_provider(k, sc->args[0])) == NULL ||
	    (e = need_edition(k, sc->args[1])) == NULL)
		return false;
	if (edition_stats_rating(computed_edition(k->c, e), p) == NULL)
		return fail(k, "provider '%s' has no review in edition '%s'", p->id, e->id);
	return true;
}

static bool
check_at(const struct check *k)
{
	const struct shortcode *sc = k->sc;
	int64_t secs;

	if (!arity(k, "at", 2, sc->nargs, "at SOURCE m:ss"))
		return false;
	if (need_source(k, sc->args[0]) == NULL)
		return false;
	if (!timestamp_parse(sc->args[1], &secs))
		return fail(k, "malformed timestamp '%s' (expected m:ss or h:mm:ss)",
		    sc->args[1]);
	return true;
}

static bool
check_chart(const struct check *k)
{
	const struct shortcode *sc = k->sc;
	struct buf b = BUF_INIT;
	bool ok;

	buf_puts(&b, "chart ");
	chart_kind_names(&b, "|", "|");
	ok = arity(k, "chart", 1, sc->nargs, b.data);
	buf_reset(&b);
	if (ok && chart_kind_check(k->c, sc->args[0], &b) < 0)
		ok = fail(k, "%s", b.data);
	buf_release(&b);
	return ok;
}

/*
 * {{medals FROM TO WHAT}}: how the medal holders of FROM fared in TO (see
 * sc_medals_count()). Both editions complete, as for a change.
 */
static bool
check_medals(const struct check *k)
{
	const struct shortcode *sc = k->sc;
	const struct edition *e1, *e2;

	if (!arity(k, "medals", 3, sc->nargs, "medals FROM TO kept|dropped|rated|"
	    "unrated|unreviewed|left|gained"))
		return false;
	if ((e1 = need_edition(k, sc->args[0])) == NULL ||
	    (e2 = need_edition(k, sc->args[1])) == NULL)
		return false;
	if (e1 == e2)
		return fail(k, "'medals' compares two editions, not '%s' with itself", e1->id);
	if (e1->partial || e2->partial)
		return fail(k, "no medal flow %s partial edition '%s': its review list is "
		    "incomplete", e1->partial ? "from" : "to", e1->partial ? e1->id : e2->id);
	if (sc_medals_what(sc->args[2]) < 0)
		return fail(k, "'medals' counts kept, dropped, rated, unrated, unreviewed, "
		    "left or gained, not '%s'", sc->args[2]);
	return true;
}

static bool
check_table(const struct check *k)
{
	const struct shortcode *sc = k->sc;
	const char *what = sc->nargs ? sc->args[0] : "";

	if (sc->nargs == 0)
		return fail(k, "'table' needs a table name (medals, movers or security)");
	if (strcmp(what, "security") == 0 && !project_has_security(k->c->project))
		return fail(k, "no security table: report.yaml declares no security "
		    "practices and there are no findings");
	if (strcmp(what, "medals") == 0 || strcmp(what, "security") == 0) {
		if (sc->nargs != 2)
			return fail(k, "'table %s' takes 1 argument ({{table %s EDITION}}), "
			    "not %zu", what, what, sc->nargs - 1);
		return need_edition(k, sc->args[1]) != NULL;
	}
	if (strcmp(what, "movers") == 0) {
		if (sc->nargs != 3)
			return fail(k, "'table movers' takes 2 arguments "
			    "({{table movers FROM TO}}), not %zu", sc->nargs - 1);
		return need_edition(k, sc->args[1]) && need_edition(k, sc->args[2]);
	}
	return fail(k, "unknown table '%s' (expected medals, movers or security)", what);
}

bool
sc_check(const struct computed *c, const struct shortcode *sc, struct diag *d)
{
	struct check k = {c, sc, d};

	switch (sc->kind) {
	case SC_COUNT:
		return check_count(&k);
	case SC_CHANGE:
		return check_change(&k);
	case SC_SHARE:
		return check_share(&k);
	case SC_TIER:
		return check_tier(&k);
	case SC_PROVIDER:
		return arity(&k, "provider", 1, sc->nargs, "provider PROVIDER") &&
		    need_provider(&k, sc->args[0]) != NULL;
	case SC_AT:
		return check_at(&k);
	case SC_CITE:
		return arity(&k, "cite", 1, sc->nargs, "cite SOURCE") &&
		    need_source(&k, sc->args[0]) != NULL;
	case SC_CHART:
		return check_chart(&k);
	case SC_TABLE:
		return check_table(&k);
	case SC_MEDALS:
		return check_medals(&k);
	}
	return fail(&k, "unknown shortcode");
}
