/* load_report.c: content/report.yaml: the report, its ladder of tiers and focus editions. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define REPORT_FILE "content/report.yaml"

const char *const report_keys[] = {"title", "subtitle", "publisher", "authors",
    "language", "base_url", "paper", "edition", "compare", "featured", "allow_html",
    "ladder", "provider_chart_png", "provider_fields", "review_fields", "security",
    "strings", "description", "published", "lede", NULL};
const char *const tier_keys[] = {"id", "name", "medal", "rated", "color",
    "description", "group", NULL};
const char *const paper_names[] = {"a4", "letter", NULL};

/* A language tag: letters, digits and '-', starting with a letter. */
static bool
language_valid(const char *s)
{
	size_t i, n = strlen(s);

	if (n < 2 || n > 35 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (i = 0; i < n; i++)
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-",
		    s[i]) == NULL)
			return false;
	return true;
}

static void
tier_load(struct loader *l, const char *file, const struct ynode *n, struct tier *t)
{
	struct ynode *c;

	t->rated = true;
	t->pos = node_pos(l, file, n);
	if (!expect_map(l, file, n, "ladder"))
		return;
	check_keys(l, file, n, tier_keys);
	get_id(l, file, need(l, file, n, "id"), "id", &t->id);
	get_str(l, file, need(l, file, n, "name"), "name", &t->name);
	get_bool(l, file, opt(n, "medal"), "medal", &t->medal);
	get_bool(l, file, opt(n, "rated"), "rated", &t->rated);
	if (get_str(l, file, opt(n, "description"), "description", &t->description))
		t->description_at = text_origin_of(l, opt(n, "description"));
	get_str(l, file, opt(n, "group"), "group", &t->group);
	if ((c = opt(n, "color")) != NULL) {
		if (c->kind != YNODE_SCALAR || !color_valid(c->str))
			diag_error(l->d, file, c->line, c->col,
			    "'color' must be a colour #rrggbb, not '%s'", shown(l, c));
		else
			t->color = arena_strdup(l->a, c->str);
	}
}

static void
ladder_load(struct loader *l, const char *file, const struct ynode *n)
{
	struct report *r = &l->p->report;
	const char **ids;
	size_t *first, i, m = 0;

	if (!expect_seq(l, file, n, "ladder"))
		return;
	if (n->nitems == 0) {
		diag_error(l->d, file, n->line, n->col, "'ladder' must list at least one tier");
		return;
	}
	r->ladder = arena_array(l->a, n->nitems, sizeof(*r->ladder));
	ids = xcalloc(n->nitems, sizeof(*ids));
	first = xmalloc(n->nitems * sizeof(*first));
	for (i = 0; i < n->nitems; i++) {
		tier_load(l, file, n->items[i], &r->ladder[i]);
		ids[i] = r->ladder[i].id;
	}
	ids_first_dup(ids, n->nitems, first);
	for (i = 0; i < n->nitems; i++) {
		struct tier *t = &r->ladder[i];

		if (t->id == NULL || t->name == NULL)
			continue;
		if (first[i] != SIZE_MAX) {
			diag_error(l->d, file, t->pos.line, t->pos.col,
			    "duplicate tier '%s' (first at line %u)", t->id,
			    r->ladder[first[i]].pos.line);
			continue;
		}
		t->index = m;
		r->ladder[m++] = *t;
	}
	r->nladder = m;
	free(ids);
	free(first);
}

/* A group names adjacent tiers: the same group twice with another between is refused. */
static void
tiers_grouped_check(struct loader *l, const char *file)
{
	const struct report *r = &l->p->report;
	size_t i, k;

	for (i = 1; i < r->nladder; i++) {
		const struct tier *t = &r->ladder[i];

		if (t->group == NULL || (r->ladder[i - 1].group != NULL &&
		    strcmp(r->ladder[i - 1].group, t->group) == 0))
			continue;
		for (k = 0; k + 1 < i; k++)
			if (r->ladder[k].group != NULL && strcmp(r->ladder[k].group, t->group) == 0) {
				diag_error(l->d, file, t->pos.line, t->pos.col,
				    "group '%s' of tier '%s' is not next to its other tiers "
				    "(a group names adjacent tiers)", t->group, t->id);
				break;
			}
	}
}

static void
base_url_load(struct loader *l, const char *file, const struct ynode *n)
{
	const char *s, *q;
	char guess[256];

	if (n == NULL)
		return;
	/* base_url: ~ says the site has no fixed address, on purpose */
	if (ynode_is_null(n)) {
		l->p->report.base_url_none = true;
		return;
	}
	if (n->kind == YNODE_SCALAR && !url_absolute(n->str) &&
	    url_guess(n->str, guess, sizeof(guess))) {
		diag_error(l->d, file, n->line, n->col,
		    "'base_url' must be an http(s) url, not '%s' (did you mean '%s'?)",
		    shown(l, n), guess);
		return;
	}
	if (n->kind != YNODE_SCALAR || !url_allowed(n->str) ||
	    !(str_starts(n->str, "http://") || str_starts(n->str, "https://"))) {
		diag_error(l->d, file, n->line, n->col,
		    "'base_url' must be an http(s) url, not '%s'",
		    n->kind == YNODE_SCALAR ? shown(l, n) : ynode_kind_name(n));
		return;
	}
	s = n->str;
	/* every canonical link, the sitemap and the feed are made from it */
	if (url_has_userinfo(s)) {
		diag_error(l->d, file, n->line, n->col,
		    "'base_url' must not hold a user name or password ('user@' before the "
		    "host): it would be published in every page's links");
		return;
	}
	if ((q = strpbrk(s, "?#")) != NULL) {
		diag_error(l->d, file, n->line, n->col,
		    "'base_url' must not have a %s ('%c...'): every page's address is made "
		    "by adding its path to it", *q == '?' ? "query" : "fragment", *q);
		return;
	}
	l->p->report.base_url = str_ends(s, "/") ? arena_strdup(l->a, s) :
	    arena_printf(l->a, "%s/", s);
}

static void
report_fields(struct loader *l, const char *file, const struct ynode *root)
{
	struct report *r = &l->p->report;
	struct ynode *n;
	int e;

	check_keys(l, file, root, report_keys);
	get_str(l, file, need(l, file, root, "title"), "title", &r->title);
	get_str(l, file, opt(root, "subtitle"), "subtitle", &r->subtitle);
	get_str(l, file, opt(root, "description"), "description", &r->description);
	if (get_str(l, file, opt(root, "lede"), "lede", &r->lede))
		r->lede_at = text_origin_of(l, opt(root, "lede"));
	get_date(l, file, opt(root, "published"), "published", &r->published);
	get_str(l, file, need(l, file, root, "publisher"), "publisher", &r->publisher);
	if ((n = opt(root, "authors")) != NULL)
		get_strv(l, file, n, "authors", false, &r->authors, &r->nauthors);
	r->language = "en";
	if ((n = opt(root, "language")) != NULL) {
		if (n->kind != YNODE_SCALAR || !language_valid(n->str))
			diag_error(l->d, file, n->line, n->col,
			    "'language' must be a language tag like 'en' or 'en-GB', not '%s'",
			    shown(l, n));
		else
			r->language = arena_strdup(l->a, n->str);
	}
	/* ynode_get, not opt: a null base_url says something (base_url_load) */
	base_url_load(l, file, ynode_get(root, "base_url"));
	if (get_enum(l, file, opt(root, "paper"), "paper", paper_names, &e))
		r->paper = (enum paper)e;
	get_id(l, file, need(l, file, root, "edition"), "edition", &r->edition_id);
	get_id(l, file, opt(root, "compare"), "compare", &r->compare_id);
	if ((n = opt(root, "featured")) != NULL)
		expect_seq(l, file, n, "featured");
	get_bool(l, file, opt(root, "allow_html"), "allow_html", &r->allow_html);
	get_bool(l, file, opt(root, "provider_chart_png"), "provider_chart_png",
	    &r->provider_chart_png);
	if ((n = need(l, file, root, "ladder")) != NULL)
		ladder_load(l, file, n);
	if ((n = opt(root, "provider_fields")) != NULL)
		fields_decl_load(l, file, n, true, provider_builtin_keys, &r->provider_fields,
		    &r->nprovider_fields);
	if ((n = opt(root, "review_fields")) != NULL)
		fields_decl_load(l, file, n, false, review_builtin_keys, &r->review_fields,
		    &r->nreview_fields);
	fields_cross_check(l, file);
	l->provider_known = fields_known_keys(l, provider_builtin_keys, r->provider_fields,
	    r->nprovider_fields);
	l->review_known = fields_known_keys(l, review_builtin_keys, r->review_fields,
	    r->nreview_fields);
	if ((n = opt(root, "security")) != NULL)
		practices_decl_load(l, file, n);
	if ((n = opt(root, "strings")) != NULL)
		strings_load(l, file, n);
	tiers_grouped_check(l, file);
}

bool
report_load(struct loader *l)
{
	l->p->report.pos.file = REPORT_FILE;
	l->p->report.pos.line = 1;
	l->p->report.pos.col = 1;
	l->p->report.published = DATE_NONE;
	if (!loader_exists(l, REPORT_FILE)) {
		/* -C content: the folder given is the content folder itself */
		if (loader_exists(l, "report.yaml"))
			diag_error(l->d, REPORT_FILE, 0, 0,
			    "file not found: '%s' holds report.yaml itself, so it is a "
			    "content folder; give the project folder above it", l->p->dir);
		else
			diag_error(l->d, REPORT_FILE, 0, 0,
			    "file not found: is '%s' a podium project folder?", l->p->dir);
		return false;
	}
	if (yfile_load(l, REPORT_FILE, &l->report))
		report_fields(l, l->report.path, l->report.root);
	l->p->report.pos.file = l->report.path;
	return true;
}

/* "1.0, 2.0, 3.0": the edition ids, for messages (in the arena). */
static const char *
edition_list(struct loader *l)
{
	struct buf b = BUF_INIT;
	const char *s;
	size_t i;

	for (i = 0; i < l->p->neditions; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", l->p->editions[i].id);
	s = arena_strdup(l->a, l->p->neditions ? b.data : "none");
	buf_release(&b);
	return s;
}

static const struct edition *
edition_ref(struct loader *l, const char *file, const char *key, const char *id)
{
	const struct ynode *n = ynode_get(l->report.root, key);
	const struct edition *e = project_edition(l->p, id);

	if (e == NULL)
		diag_error(l->d, file, n->line, n->col, "unknown edition '%s' (editions: %s)",
		    id, edition_list(l));
	return e;
}

static void
featured_resolve(struct loader *l, const char *file, const struct ynode *n)
{
	struct report *r = &l->p->report;
	const struct provider *pr;
	bool *seen = xcalloc(l->p->nproviders + 1, sizeof(*seen));
	size_t i;

	r->featured = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*r->featured));
	for (i = 0; i < n->nitems; i++) {
		const struct ynode *it = n->items[i];

		if (it->kind != YNODE_SCALAR || (pr = project_provider(l->p, it->str)) == NULL) {
			diag_error(l->d, file, it->line, it->col,
			    "unknown provider '%s' in 'featured'", shown(l, it));
			continue;
		}
		if (seen[pr->index]) {
			diag_error(l->d, file, it->line, it->col,
			    "provider '%s' is featured twice", pr->id);
			continue;
		}
		seen[pr->index] = true;
		r->featured[r->nfeatured++] = pr;
	}
	free(seen);
}

void
report_resolve(struct loader *l)
{
	struct report *r = &l->p->report;
	const char *file = l->report.path;
	struct ynode *n;

	if (l->report.root == NULL)
		goto out;
	if (r->edition_id != NULL)
		r->edition = edition_ref(l, file, "edition", r->edition_id);
	if (r->compare_id != NULL) {
		r->compare = edition_ref(l, file, "compare", r->compare_id);
		if (r->compare != NULL && r->compare == r->edition) {
			n = ynode_get(l->report.root, "compare");
			diag_error(l->d, file, n->line, n->col,
			    "'compare' must name an edition other than '%s'", r->edition_id);
			r->compare = NULL;
		}
	} else if (r->edition != NULL)
		r->compare = r->edition->previous;
	if ((n = opt(l->report.root, "featured")) != NULL && n->kind == YNODE_SEQ)
		featured_resolve(l, file, n);
out:
	yfile_release(l, &l->report);
}
