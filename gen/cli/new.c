/*
 * new.c: `podium new review EDITION PROVIDER | provider ID | edition ID |
 * page ID | commentary ID`: a scaffold file to fill in, with every field the
 * format and the report's own declarations (provider_fields, review_fields,
 * security.practices) allow written out as a comment. A new review starts
 * as a draft, so that it changes no count (and breaks no claim) until the
 * editor publishes it. A new edition follows the latest one.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "load.h"
#include "parse.h"
#include "podium.h"
#include "schema.h"

static const char new_usage[] =
    "usage: podium new [-C DIR] review EDITION PROVIDER\n"
    "       podium new [-C DIR] provider ID\n"
    "       podium new [-C DIR] edition ID\n"
    "       podium new [-C DIR] page ID\n"
    "       podium new [-C DIR] commentary ID\n";

static const char review_head[] =
    "# override: {reason: \"...\"}    # the published tier differs from the computed one, on purpose\n"
    "draft: true                    # remove (or set false) to publish this review\n"
    "# summary: |                   # Markdown\n"
    "#   ...\n"
    "# strengths: [\"...\"]           # Markdown, one item each\n"
    "# weaknesses: [\"...\"]\n";

/* Offered only in a report that has failure tests already. */
static const char review_fault[] =
    "# fault_test:                  # the injected-failure test\n"
    "#   fault: \"...\"\n"
    "#   detected_by: provider      # provider | customer | none\n"
    "#   detect_after: 2m           # durations: 90s, 24m, 8h40m, 2d\n"
    "#   drain_after: 67s\n"
    "#   replaced_after: 24m        # back in service\n"
    "#   replaced_from: fault       # or approval: timed from a person's approval\n"
    "#   automatic: true            # no human in the loop\n"
    "#   note: \"...\"                # Markdown\n";

/* Offered only in a report that declares security practices. */
static const char review_findings[] =
    "#   findings:\n"
    "#     - id: f1\n"
    "#       title: \"...\"\n"
    "#       class: cross-tenant    # cross-tenant | container-escape | exposed-service | other\n"
    "#       severity: high         # critical | high | medium | low\n"
    "#       disclosed: YYYY-MM-DD\n"
    "#       patched: YYYY-MM-DD    # or patched_after: 7d\n"
    "#       verified: YYYY-MM-DD   # or true\n"
    "#       public: false          # false: counted, never shown\n";

static const char review_quotes[] =
    "# quotes:\n"
    "#   - {text: \"...\", source: SOURCE, at: \"12:11\"}   # at: m:ss or h:mm:ss into a video\n";

static const char provider_head[] =
    "name:                          # the name readers know, e.g. \"Example Ltd\"\n"
    "# short: \"...\"                 # a short name for charts and tables\n"
    "# url: https://...\n"
    "# aliases: [former-id]         # former ids, so history survives a rename\n"
    "# successor: other-id          # merged into another provider\n";

/* Content text inside a YAML comment: one line, no control characters. */
static void
comment_text(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++)
		buf_putc(b, (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

/* What a declared field's value looks like, for its comment. */
static void
field_hint(struct buf *b, const struct field_def *f)
{
	size_t i;

	/* a choice's values are its hint */
	if (field_types[f->type].hint == NULL) {
		for (i = 0; i < f->nchoices; i++) {
			buf_puts(b, i ? " | " : "");
			comment_text(b, f->choices[i]);
		}
	} else
		buf_puts(b, field_types[f->type].hint);
	if (f->unit != NULL) {
		buf_puts(b, ", in ");
		comment_text(b, f->unit);
	}
}

/* The report's declared fields: a required one to fill in, the others as comments. */
static void
scaffold_fields(struct buf *b, const struct field_def *defs, size_t n)
{
	size_t i, w;

	for (i = 0; i < n; i++) {
		w = strlen(defs[i].id) + 1 + (defs[i].required ? 0 : 2);
		buf_printf(b, "%s%s:%*s # ", defs[i].required ? "" : "# ", defs[i].id,
		    w < 30 ? (int)(30 - w) : 0, "");
		comment_text(b, defs[i].name);
		buf_puts(b, " (");
		field_hint(b, &defs[i]);
		buf_puts(b, defs[i].required ? "; required)" : ")");
		if (defs[i].description != NULL) {
			buf_puts(b, ": ");
			comment_text(b, defs[i].description);
		}
		buf_putc(b, '\n');
	}
}

static void
scaffold_scores(struct buf *b, const struct rubric *r)
{
	size_t i, w = 0;

	for (i = 0; i < r->ncriteria; i++)
		if (strlen(r->criteria[i].id) > w)
			w = strlen(r->criteria[i].id);
	buf_printf(b, "# Scores 0..%g (decimals allowed) for every criterion; podium\n"
	    "# computes the tier from them.\nscores:\n", r->scale);
	for (i = 0; i < r->ncriteria; i++) {
		buf_printf(b, "  %s:%*s # ", r->criteria[i].id,
		    (int)(w - strlen(r->criteria[i].id)), "");
		comment_text(b, r->criteria[i].name);
		buf_printf(b, ", weight %g\n", r->criteria[i].weight);
	}
	buf_puts(b, "# tier: TIER                   # the published tier, if it must differ "
	    "from the computed one\n");
}

static void
scaffold_tier(struct buf *b, const struct edition *e)
{
	size_t i;

	buf_puts(b, "# The published tier, one of:");
	for (i = 0; i < e->ntiers; i++)
		buf_printf(b, "%s %s", i ? "," : "", e->tiers[i]->id);
	buf_puts(b, "\ntier:\n");
}

static void
scaffold_review(struct buf *b, const struct project *pj, const struct edition *e,
    const struct provider *p)
{
	const struct report *r = &pj->report;
	size_t i;

	buf_printf(b, "# The review of ");
	comment_text(b, p->name ? p->name : p->id);
	buf_puts(b, " in ");
	comment_text(b, e->name ? e->name : e->id);
	buf_puts(b, ".\n# Fill it in, check it with `podium check`, preview it with "
	    "`podium serve`.\n\n");
	if (e->rubric != NULL && e->rubric->ncriteria > 0)
		scaffold_scores(b, e->rubric);
	else
		scaffold_tier(b, e);
	buf_puts(b, review_head);
	scaffold_fields(b, r->review_fields, r->nreview_fields);
	if (project_has_fault_tests(pj))
		buf_puts(b, review_fault);
	if (r->npractices > 0) {
		buf_puts(b, "# security:\n#   practices: {");
		for (i = 0; i < r->npractices; i++)
			buf_printf(b, "%s%s: true", i ? ", " : "", r->practices[i].id);
		buf_puts(b, "}\n");
		buf_puts(b, review_findings);
	}
	buf_puts(b, review_quotes);
	if (e->source != NULL)
		buf_printf(b, "# sources: [%s]\n", e->source->id);
	else
		buf_puts(b, "# sources: [SOURCE]\n");
}

/*
 * Makes the folders of rel under dir one by one, each checked to stay in
 * the project once it exists (a symbolic link may lead elsewhere). Returns
 * 0, or an exit status after an error.
 */
static int
folders_make(const char *dir, const char *rel)
{
	char *root = realpath(dir, NULL), *sub = NULL, *path = NULL, *real = NULL;
	const char *p = rel;
	size_t n = strlen(root != NULL ? root : "");
	int rc = EXIT_SYSTEM;

	if (root == NULL) {
		fprintf(stderr, "podium: error: cannot open project folder '%s': %s\n",
		    dir, strerror(errno));
		return rc;
	}
	while ((p = strchr(p, '/')) != NULL) {
		free(sub);
		free(path);
		free(real);
		sub = xstrndup(rel, (size_t)(p++ - rel));
		path = path_join(dir, sub);
		real = NULL;
		if (mkdir(path, 0777) == -1 && errno != EEXIST) {
			fprintf(stderr, "podium: error: cannot create '%s': %s\n", sub, strerror(errno));
			goto out;
		}
		if ((real = realpath(path, NULL)) == NULL) {
			fprintf(stderr, "podium: error: cannot open '%s': %s\n", sub, strerror(errno));
			goto out;
		}
		if (strncmp(real, root, n) != 0 || (real[n] != '/' && real[n] != '\0')) {
			fprintf(stderr, "podium: error: '%s' leads outside the project folder "
			    "(to '%s'); not writing there\n", sub, real);
			rc = EXIT_CONTENT;
			goto out;
		}
	}
	rc = 0;
out:
	free(root);
	free(sub);
	free(path);
	free(real);
	return rc;
}

/* b after the line that points an editor at rel's schema (schema.h). */
static void
with_modeline(const char *rel, const struct buf *b, struct buf *out)
{
	schema_modeline(rel, out);
	buf_add(out, b->data, b->len);
}

/* Writes a new file; refuses to replace one. Returns an exit status. */
int
write_new(const char *dir, const char *rel, const struct buf *in)
{
	char *path = path_join(dir, rel);
	struct buf text = BUF_INIT, *b = &text;
	int fd, rc;

	with_modeline(rel, in, &text);
	if ((rc = folders_make(dir, rel)) != 0)
		goto out;
	rc = EXIT_SYSTEM;
	/* O_EXCL: never through a symbolic link, never over a file */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666)) == -1) {
		if (errno == EEXIST) {
			fprintf(stderr, "podium: error: '%s' already exists; not overwriting it\n", rel);
			rc = EXIT_CONTENT;
		} else
			fprintf(stderr, "podium: error: cannot create '%s': %s\n", rel, strerror(errno));
		goto out;
	}
	if (write(fd, b->data, b->len) != (ssize_t)b->len || close(fd) == -1) {
		fprintf(stderr, "podium: error: cannot write '%s': %s\n", rel, strerror(errno));
		unlink(path);
		goto out;
	}
	printf("podium: wrote %s\n", rel);
	rc = EXIT_OK;
out:
	free(path);
	buf_release(&text);
	return rc;
}

/*
 * The loaded project; NULL (after printing why) when nothing could be read
 * or dir is not a project (no content/report.yaml: the loader says so as
 * it does for build), so that nothing is written outside a project.
 */
static struct project *
load(const char *dir, struct diag *d)
{
	char *report = path_join(dir, "content/report.yaml");
	bool is_project = access(report, F_OK) == 0;
	struct project *p = project_load(dir, d);

	free(report);
	if (p != NULL && !is_project) {
		project_free(p);
		p = NULL;
	}
	if (p == NULL)
		diag_print(d, stderr);
	return p;
}

static int
new_review(const char *dir, const char *eid, const char *pid)
{
	const struct edition *e;
	const struct provider *pr;
	const struct review *r;
	struct project *p;
	struct buf b = BUF_INIT;
	struct diag d;
	char *rel = NULL;
	int rc = EXIT_CONTENT;

	diag_init(&d);
	if ((p = load(dir, &d)) == NULL) {
		rc = d.system ? EXIT_SYSTEM : EXIT_CONTENT;
		goto out;
	}
	if ((e = project_edition(p, eid)) == NULL) {
		diag_print(&d, stderr);
		fprintf(stderr, "podium: error: no edition '%s' in content/editions/\n", eid);
		goto out;
	}
	if ((pr = project_provider(p, pid)) == NULL) {
		diag_print(&d, stderr);
		fprintf(stderr, "podium: error: no provider '%s' in content/providers/ "
		    "(add it with 'podium new provider %s')\n", pid, pid);
		goto out;
	}
	if ((r = edition_review(e, pr)) != NULL) {
		fprintf(stderr, "podium: error: '%s' is already reviewed in '%s'\n",
		    pr->id, r->pos.file ? r->pos.file : eid);
		goto out;
	}
	rel = xasprintf("content/reviews/%s/%s.yaml", e->id, pr->id);
	scaffold_review(&b, p, e, pr);
	rc = write_new(dir, rel, &b);
out:
	free(rel);
	buf_release(&b);
	project_free(p);
	diag_release(&d);
	return rc;
}

static int
new_provider(const char *dir, const char *id)
{
	const struct provider *pr;
	struct project *p;
	struct buf b = BUF_INIT;
	struct diag d;
	char *rel = NULL;
	int rc = EXIT_CONTENT;

	diag_init(&d);
	if ((p = load(dir, &d)) == NULL) {
		rc = d.system ? EXIT_SYSTEM : EXIT_CONTENT;
		goto out;
	}
	if ((pr = project_provider(p, id)) != NULL) {
		fprintf(stderr, "podium: error: provider '%s' already exists (as '%s')\n",
		    id, pr->id);
		goto out;
	}
	rel = xasprintf("content/providers/%s.yaml", id);
	buf_puts(&b, "# A rated provider. Fill it in, then check it with `podium check`.\n\n");
	buf_puts(&b, provider_head);
	scaffold_fields(&b, p->report.provider_fields, p->report.nprovider_fields);
	rc = write_new(dir, rel, &b);
out:
	free(rel);
	buf_release(&b);
	project_free(p);
	diag_release(&d);
	return rc;
}

/* A YAML double-quoted string of s (for names and titles). */
void
yaml_quoted(struct buf *b, const char *s)
{
	buf_putc(b, '"');
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\x%02x", c);
		else
			buf_putc(b, (char)c);
	}
	buf_putc(b, '"');
}

/* The rubric of e as YAML, for a new edition to start from. */
static void
scaffold_rubric(struct buf *b, const struct rubric *r)
{
	size_t i, k;

	buf_printf(b, "rubric:\n  scale: %g\n  criteria:\n", r->scale);
	for (i = 0; i < r->ncriteria; i++) {
		buf_printf(b, "    - {id: %s, name: ", r->criteria[i].id);
		yaml_quoted(b, r->criteria[i].name != NULL ? r->criteria[i].name :
		    r->criteria[i].id);
		buf_printf(b, ", weight: %g}\n", r->criteria[i].weight);
	}
	buf_puts(b, "  thresholds:\n");
	for (i = 0; i < r->nthresholds; i++) {
		const struct threshold *t = &r->thresholds[i];

		buf_printf(b, "    %s: {min: %g", t->tier->id, t->min);
		if (t->nrequire > 0) {
			buf_puts(b, ", require: {");
			for (k = 0; k < t->nrequire; k++)
				buf_printf(b, "%s%s: %g", k ? ", " : "", t->require[k].criterion->id,
				    t->require[k].min);
			buf_putc(b, '}');
		}
		buf_puts(b, "}\n");
	}
	if (r->floor != NULL)
		buf_printf(b, "  floor: %s\n", r->floor->id);
}

/* Today (SOURCE_DATE_EPOCH, else the clock) as YYYY-MM-DD. */
static void
today(char out[11])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	long long t = sde != NULL && *sde != '\0' ? strtoll(sde, NULL, 10) : (long long)time(NULL);

	date_format((pdate)(t / 86400), out);
}

static int
new_edition(const char *dir, const char *id)
{
	const struct edition *last;
	struct project *p;
	struct buf b = BUF_INIT;
	struct diag d;
	char *rel = NULL, date[11];
	size_t i;
	int rc = EXIT_CONTENT;

	diag_init(&d);
	if ((p = load(dir, &d)) == NULL) {
		rc = d.system ? EXIT_SYSTEM : EXIT_CONTENT;
		goto out;
	}
	if (project_edition(p, id) != NULL) {
		fprintf(stderr, "podium: error: edition '%s' already exists\n", id);
		goto out;
	}
	rel = xasprintf("content/editions/%s.yaml", id);
	today(date);
	last = p->neditions > 0 ? &p->editions[p->neditions - 1] : NULL;
	buf_puts(&b, "# A new edition. Its reviews go in content/reviews/");
	buf_puts(&b, id);
	buf_puts(&b, "/ (podium new review ");
	buf_puts(&b, id);
	buf_puts(&b, " PROVIDER).\n");
	if (last != NULL) {
		buf_puts(&b, "# It starts from the latest edition, ");
		comment_text(&b, last->name != NULL ? last->name : last->id);
		buf_puts(&b, ": its tiers and rubric, which you may change.\n");
	}
	buf_puts(&b, "\nname: ");
	yaml_quoted(&b, id);
	buf_printf(&b, "\npublished: %s             # the day it was published\n", date);
	if (last != NULL) {
		buf_puts(&b, "previous: ");
		yaml_quoted(&b, last->id);
		buf_puts(&b, "\n");
		buf_puts(&b, "tiers: [");
		for (i = 0; i < last->ntiers; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", last->tiers[i]->id);
		buf_puts(&b, "]\n");
		if (last->source != NULL)
			buf_printf(&b, "# source: %s              # a sources.yaml id\n",
			    last->source->id);
		if (last->tracked >= 0)
			buf_printf(&b, "universe: {tracked: %ld}\n", last->tracked);
		if (last->rubric != NULL)
			scaffold_rubric(&b, last->rubric);
	} else
		buf_puts(&b, "# source: SOURCE               # a sources.yaml id\n"
		    "# universe: {tracked: 100}     # providers followed, not all reviewed\n");
	buf_puts(&b, "# claims:                       # figures the source states; checked\n"
	    "#   reviewed: 10\n#   medals: 4\n");
	rc = write_new(dir, rel, &b);
out:
	free(rel);
	buf_release(&b);
	project_free(p);
	diag_release(&d);
	return rc;
}

/* A page (pages) or a commentary section (commentary). */
static int
new_markdown(const char *dir, const char *what, const char *id)
{
	struct project *p;
	struct buf b = BUF_INIT;
	struct diag d;
	char *rel = NULL;
	long order = 10;
	bool page = strcmp(what, "page") == 0;
	size_t i;
	int rc = EXIT_CONTENT;

	diag_init(&d);
	if ((p = load(dir, &d)) == NULL) {
		rc = d.system ? EXIT_SYSTEM : EXIT_CONTENT;
		goto out;
	}
	/* after the last one */
	if (page) {
		for (i = 0; i < p->npages; i++)
			if (p->pages[i].order + 10 > order)
				order = p->pages[i].order + 10;
	} else
		for (i = 0; i < p->nsections; i++)
			if (p->sections[i].order + 10 > order)
				order = p->sections[i].order + 10;
	rel = xasprintf("content/%s/%s.md", page ? "pages" : "commentary", id);
	buf_puts(&b, "---\ntitle: ");
	yaml_quoted(&b, id);
	buf_printf(&b, "\norder: %ld\n", order);
	if (page)
		buf_puts(&b, "nav: true                  # listed in the site's navigation\n"
		    "# pdf: true                # also a section of the PDF\n"
		    "# layout: NAME             # templates/NAME.mustache instead of the page layout\n");
	else
		buf_puts(&b, "draft: true                # remove to publish\n"
		    "# embargo: YYYY-MM-DD      # not published before this day\n");
	buf_puts(&b, "---\n");
	if (p->report.edition != NULL && p->report.edition->source != NULL)
		buf_printf(&b, "Markdown, with the shortcodes of the commentary: "
		    "{{count %s reviewed}} reviews in {{cite %s}}.\n", p->report.edition->id,
		    p->report.edition->source->id);
	else if (p->report.edition != NULL)
		buf_printf(&b, "Markdown, with the shortcodes of the commentary: "
		    "{{count %s reviewed}} reviews.\n", p->report.edition->id);
	else
		buf_puts(&b, "Markdown.\n");
	rc = write_new(dir, rel, &b);
out:
	free(rel);
	buf_release(&b);
	project_free(p);
	diag_release(&d);
	return rc;
}

/* Checks the ids of the words after the kind; returns 0 or an exit status. */
static int
ids_check(int n, char *ids[])
{
	int i;

	for (i = 0; i < n; i++)
		if (!id_valid(ids[i]))
			return usage_error(new_usage, "'%s' is not a valid id ([a-z0-9][a-z0-9._-]*)", ids[i]);
	return 0;
}

/* Refuses (exit 2) an id whose folder in the site would take the place of
 * one of the site's own files, as the loader refuses the file. */
static int
site_place_check(const char *kind, const char *id)
{
	bool page = strcmp(kind, "page") == 0;
	char *msg;
	int rc;

	if ((page ? page_id_reserved(id) : folder_id_reserved(id)) == NULL)
		return 0;
	msg = xasprintf("%s '%s' would take the place of the site's own '%s%s%s' "
	    "(choose another id)", kind, id, page ? "" : kind, page ? "" : "s/", id);
	rc = usage_error(new_usage, "%s", msg);
	free(msg);
	return rc;
}

int
cmd_new(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *dir = ".";
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":C:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			dir = optarg;
			break;
		case 'h':
			fputs(new_usage, stdout);
			return EXIT_OK;
		case ':':
			return usage_error(new_usage, "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error(new_usage, "unknown option '%s'", argv[optind - 1]);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 3 && strcmp(argv[0], "review") == 0) {
		if ((rc = ids_check(2, argv + 1)) != 0)
			return rc;
		return new_review(dir, argv[1], argv[2]);
	}
	if (argc == 2 && strcmp(argv[0], "provider") == 0) {
		if ((rc = ids_check(1, argv + 1)) != 0 ||
		    (rc = site_place_check("provider", argv[1])) != 0)
			return rc;
		return new_provider(dir, argv[1]);
	}
	if (argc == 2 && strcmp(argv[0], "edition") == 0) {
		if ((rc = ids_check(1, argv + 1)) != 0 ||
		    (rc = site_place_check("edition", argv[1])) != 0)
			return rc;
		return new_edition(dir, argv[1]);
	}
	if (argc == 2 && (strcmp(argv[0], "page") == 0 || strcmp(argv[0], "commentary") == 0)) {
		if ((rc = ids_check(1, argv + 1)) != 0 || (strcmp(argv[0], "page") == 0 &&
		    (rc = site_place_check("page", argv[1])) != 0))
			return rc;
		return new_markdown(dir, argv[0], argv[1]);
	}
	if (argc == 0)
		return usage_error(new_usage, "%s", "new wants 'review EDITION PROVIDER', 'provider ID', "
		    "'edition ID', 'page ID' or 'commentary ID'");
	return usage_error(new_usage, "cannot make a new '%s'", argv[0]);
}
