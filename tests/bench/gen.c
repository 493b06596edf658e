/*
 * gen.c: writes a synthetic report of N providers x E editions, twice: as a
 * podium project (OUT/podium) and as the equivalent Hugo site (OUT/hugo),
 * for the benchmark (tests/bench/run.sh).
 *
 * usage: gen N E OUT [wide]
 *
 * Every edition has a rubric of 3 to 5 weighted criteria and thresholds
 * that rise with the edition; reviews give scores only, so the tier podium
 * computes is the one counted here, and each edition claims the counts this
 * program computed (a wrong tier here would fail the build). Output is the
 * same for the same arguments.
 *
 * The 'wide' shape is a report shaped unlike the first (issue 29): no
 * `featured` list (so the movement chart and the home page fall back to
 * their defaults over every provider), ten criteria in every edition, a
 * fault test in every review (the unavailable ones too) and the same
 * declared fields.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NTIERS 7
#define NRATED 6		/* tiers before 'unavailable' */
#define NMEDALS 4
#define MAXCRIT 10
#define SCALE 5

static const char *tier_id[NTIERS] = {"platinum", "gold", "silver", "bronze",
    "ribbon", "underperforming", "unavailable"};
static const char *tier_name[NTIERS] = {"Platinum", "Gold", "Silver",
    "Bronze", "Participation Ribbon", "Underperforming", "Unavailable"};
static const char *tier_color[NTIERS] = {"#5b6f86", "#8a6a00", "#6e7580",
    "#99582a", "#2e7a6b", "#b0281f", "#626262"};

static const struct {
	const char *id, *name;
	int weight;
} crit_pool[MAXCRIT] = {
	{"security", "Security", 3},
	{"reliability", "Reliability", 2},
	{"networking", "Networking", 2},
	{"support", "Support", 1},
	{"storage", "Storage", 1},
	{"observability", "Observability", 1},
	{"billing", "Billing", 1},
	{"documentation", "Documentation", 1},
	{"capacity", "Capacity", 2},
	{"compliance", "Compliance", 1},
};

static const char *kinds[] = {"neocloud", "neocloud", "neocloud",
    "hyperscaler", "other"};
static const char *countries[] = {"US", "GB", "DE", "FR", "NL", "SE", "FI",
    "JP", "KR", "IN", "SG", "CA", "AU", "IL", "AE"};
static const char *faults[] = {"injected XID 79 (GPU fell off the bus)",
    "synthetic ECC error", "NVLink down on one GPU", "InfiniBand port flap",
    "node kernel panic"};
static const char *adjectives[] = {"steady", "fast", "careful", "uneven",
    "slow", "thorough", "responsive", "opaque", "well documented", "terse"};
static const char *topics[] = {"provisioning", "the scheduler", "storage",
    "the network fabric", "support tickets", "health checks", "billing",
    "driver updates", "node replacement", "monitoring"};

struct review {
	bool present;
	bool unavailable;
	double scores[MAXCRIT];
	double score;		/* 0..100 */
	int tier;
};

struct edition {
	int ncrit;
	double min[NRATED - 1];	/* platinum .. ribbon */
	double require_security; /* platinum's require */
	int counts[NTIERS];
	int reviewed, medals, rated;
};

static int N, E;
static bool wide;		/* the 'wide' shape */
static struct edition *eds;
static struct review *revs;	/* revs[i * E + e] */
static char out_root[4096];

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static double
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

static int
rndi(int n)
{
	return (int)(rnd() * n);
}

static void
die(const char *what, const char *path)
{
	fprintf(stderr, "gen: %s '%s': %s\n", what, path, strerror(errno));
	exit(1);
}

static void
mkdirs(const char *path)
{
	char tmp[8192];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0777) == -1 && errno != EEXIST)
				die("cannot create", tmp);
			*p = '/';
		}
	if (mkdir(tmp, 0777) == -1 && errno != EEXIST)
		die("cannot create", tmp);
}

/* Opens OUT/<fmt...> for writing, creating its folder. */
static FILE *
create(const char *fmt, ...)
{
	char rel[2048], path[8192], *slash;
	va_list ap;
	FILE *fp;

	va_start(ap, fmt);
	vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	snprintf(path, sizeof(path), "%s/%s", out_root, rel);
	slash = strrchr(path, '/');
	*slash = '\0';
	mkdirs(path);
	*slash = '/';
	if ((fp = fopen(path, "w")) == NULL)
		die("cannot write", path);
	return fp;
}

static void
finish(FILE *fp)
{
	if (fflush(fp) == EOF || ferror(fp) || fclose(fp) == EOF) {
		fprintf(stderr, "gen: write error\n");
		exit(1);
	}
}

static int
first_edition(int i)
{
	int f = (i % 10 == 3) + 2 * (i % 25 == 7);

	return f < E ? f : E - 1;
}

static int
last_edition(int i)
{
	return (i % 30 == 11 && E > 1) ? E - 2 : E - 1;
}

static void
edition_id(int e, char *buf, size_t n)
{
	snprintf(buf, n, "%d.0", e + 1);
}

/* The tier the rubric gives; as podium computes it. */
static int
tier_of(const struct edition *ed, const struct review *r)
{
	for (int t = 0; t < NRATED - 1; t++) {
		if (r->score < ed->min[t])
			continue;
		if (t == 0 && r->scores[0] < ed->require_security)
			continue;
		return t;
	}
	return NRATED - 1;
}

static double
score_of(const struct edition *ed, const struct review *r)
{
	double sum = 0, wsum = 0;

	for (int c = 0; c < ed->ncrit; c++) {
		sum += crit_pool[c].weight * r->scores[c];
		wsum += crit_pool[c].weight;
	}
	return 100.0 * sum / (SCALE * wsum);
}

/* Too close to a threshold to be sure both sides round alike. */
static bool
borderline(const struct edition *ed, double score)
{
	for (int t = 0; t < NRATED - 1; t++)
		if (fabs(score - ed->min[t]) < 1e-6)
			return true;
	return false;
}

static void
make_editions(void)
{
	for (int e = 0; e < E; e++) {
		struct edition *ed = &eds[e];

		ed->ncrit = wide ? 10 : 3 + e % 3;
		ed->min[0] = 84 + e;
		ed->min[1] = 74 + e;
		ed->min[2] = 62 + e;
		ed->min[3] = 50 + e;
		ed->min[4] = 36;
		ed->require_security = 4.5;
	}
}

static void
make_review(int i, int e, double quality)
{
	struct edition *ed = &eds[e];
	struct review *r = &revs[i * E + e];

	r->present = true;
	r->unavailable = rndi(40) == 0;
	if (r->unavailable) {
		r->tier = NTIERS - 1;
	} else {
		do {
			for (int c = 0; c < ed->ncrit; c++) {
				double s = quality + (rnd() - 0.5) * 1.6;

				s = s < 0 ? 0 : s > SCALE ? SCALE : s;
				r->scores[c] = floor(s * 2 + 0.5) / 2;
			}
			r->score = score_of(ed, r);
		} while (borderline(ed, r->score));
		r->tier = tier_of(ed, r);
	}
	ed->counts[r->tier]++;
	ed->reviewed++;
	if (r->tier < NMEDALS)
		ed->medals++;
	if (r->tier < NRATED)
		ed->rated++;
}

static void
make_reviews(void)
{
	for (int i = 0; i < N; i++) {
		double quality = 1.2 + rnd() * 3.8;

		for (int e = first_edition(i); e <= last_edition(i); e++) {
			quality += (rnd() - 0.55) * 0.6;
			make_review(i, e, quality);
		}
	}
}

static int
previous_tier(int i, int e)
{
	if (e == 0 || !revs[i * E + e - 1].present)
		return -1;
	return revs[i * E + e - 1].tier;
}

/* Podium's movement status and steps, for the Hugo tables. */
static const char *
movement(int i, int e, int *steps)
{
	int p = previous_tier(i, e), t = revs[i * E + e].tier;

	*steps = 0;
	if (p < 0)
		return "new";
	if ((p == NTIERS - 1) != (t == NTIERS - 1))
		return p == NTIERS - 1 ? "returned" : "unrated";
	if (p == NTIERS - 1)
		return "same";
	*steps = p - t;
	return *steps > 0 ? "up" : *steps < 0 ? "down" : "same";
}

/* Text. */

static void
summary_md(FILE *fp, int i, int e, const char *indent)
{
	const struct review *r = &revs[i * E + e];

	fprintf(fp, "%s**Provider %d** was %s in this edition: %s looked %s, and "
	    "%s looked %s. The team reached an engineer within the hour and the "
	    "[status page](https://p%05d.example.com/status) told the truth.\n",
	    indent, i + 1, r->unavailable ? "not tested" : "tested",
	    topics[(i + e) % 10], adjectives[(i * 3 + e) % 10],
	    topics[(i * 7 + e + 3) % 10], adjectives[(i + e * 5 + 1) % 10],
	    i + 1);
	fprintf(fp, "%s\n%s- %s, *%s*\n%s- %s, `%d` nodes a day replaced\n",
	    indent, indent, topics[(i + 2) % 10], adjectives[(e + 4) % 10],
	    indent, topics[(i + 5) % 10], (i + e) % 9 + 1);
}

static void
write_yaml_string_list(FILE *fp, const char *key, int i, int e, int off)
{
	fprintf(fp, "%s: [\"%s is %s\", \"*%s* %s\"]\n", key,
	    topics[(i + e + off) % 10], adjectives[(i * 2 + off) % 10],
	    topics[(i + off * 3) % 10], adjectives[(e + off) % 10]);
}

/* The podium project. */

static void
podium_report(void)
{
	FILE *fp = create("podium/content/report.yaml");
	char last[16], prev[16];
	int k = 0;

	edition_id(E - 1, last, sizeof(last));
	edition_id(E > 1 ? E - 2 : 0, prev, sizeof(prev));
	fprintf(fp, "title: \"Bench report: %d providers, %d editions\"\n"
	    "publisher: \"podium benchmark\"\nauthors: [\"Bench Author\"]\n"
	    "language: en\npaper: a4\nedition: \"%s\"\n", N, E, last);
	if (E > 1)
		fprintf(fp, "compare: \"%s\"\n", prev);
	if (!wide) {
		fputs("featured: [", fp);
		for (int i = 0; i < N && k < 8; i++)
			if (E > 1 && revs[i * E + E - 1].present &&
			    revs[i * E + E - 2].present)
				fprintf(fp, "%sp%05d", k++ ? ", " : "", i + 1);
		fputs("]\n", fp);
	}
	fputs("allow_html: false\nladder:\n", fp);
	for (int t = 0; t < NTIERS; t++)
		fprintf(fp, "  - {id: %s, name: %s, medal: %s,%s color: \"%s\"}\n",
		    tier_id[t], tier_name[t], t < NMEDALS ? "true" : "false",
		    t == NTIERS - 1 ? " rated: false," : "", tier_color[t]);
	/* kind and country are fields the report declares */
	fputs("provider_fields:\n"
	    "  - {id: kind, name: Kind, type: choice, choices: [hyperscaler, neocloud, other],"
	    " filter: true}\n"
	    "  - {id: country, name: Country, type: country, filter: true}\n", fp);
	finish(fp);
}

static void
podium_sources(void)
{
	FILE *fp = create("podium/content/sources.yaml");

	for (int e = 0; e < E; e++)
		fprintf(fp, "bench-%d:\n  title: \"Bench ratings, edition %d\"\n"
		    "  publisher: Bench Ratings\n  date: %d-03-15\n"
		    "  kind: report\n  url: https://bench.example/%d/\n\n",
		    e + 1, e + 1, 2021 + e, e + 1);
	fputs("bench-talk:\n  title: \"What we learned renting GPUs\"\n"
	    "  author: Bench Speaker\n  publisher: Bench Conference\n"
	    "  date: 2026-10-01\n  kind: video\n"
	    "  url: https://video.example/watch?v=bench\n", fp);
	finish(fp);
}

static void
podium_edition(int e)
{
	const struct edition *ed = &eds[e];
	char id[16], prev[16];
	FILE *fp;

	edition_id(e, id, sizeof(id));
	fp = create("podium/content/editions/%s.yaml", id);
	fprintf(fp, "name: \"Bench %s\"\npublished: %d-03-15\n", id, 2021 + e);
	if (e > 0) {
		edition_id(e - 1, prev, sizeof(prev));
		fprintf(fp, "previous: \"%s\"\n", prev);
	}
	fprintf(fp, "source: bench-%d\nuniverse: {tracked: %d}\n"
	    "targets: {detect: 5m, replace: 1h}\nrubric:\n  scale: %d\n"
	    "  criteria:\n", e + 1, N + N / 5, SCALE);
	for (int c = 0; c < ed->ncrit; c++)
		fprintf(fp, "    - {id: %s, name: %s, weight: %d}\n",
		    crit_pool[c].id, crit_pool[c].name, crit_pool[c].weight);
	fprintf(fp, "  thresholds:\n    platinum: {min: %g, require: "
	    "{security: %g}}\n", ed->min[0], ed->require_security);
	for (int t = 1; t < NRATED - 1; t++)
		fprintf(fp, "    %s: {min: %g}\n", tier_id[t], ed->min[t]);
	fprintf(fp, "  floor: %s\nclaims:\n  reviewed: %d\n  rated: %d\n"
	    "  medals: %d\n  tiers: {", tier_id[NRATED - 1], ed->reviewed,
	    ed->rated, ed->medals);
	for (int t = 0; t < NTIERS; t++)
		fprintf(fp, "%s%s: %d", t ? ", " : "", tier_id[t], ed->counts[t]);
	fputs("}\n", fp);
	finish(fp);
}

static void
podium_provider(int i)
{
	FILE *fp = create("podium/content/providers/p%05d.yaml", i + 1);

	fprintf(fp, "name: \"Provider %d Cloud\"\nshort: \"P%d\"\nkind: %s\n"
	    "country: %s\nurl: https://p%05d.example.com/\n", i + 1, i + 1,
	    kinds[i % 5], countries[i % 15], i + 1);
	finish(fp);
}

static void
podium_fault(FILE *fp, int i, int e)
{
	static const char *by[] = {"provider", "provider", "customer", "none"};
	int k = (i + e) % 4;

	fprintf(fp, "fault_test:\n  fault: \"%s\"\n  detected_by: %s\n",
	    faults[(i + e) % 5], by[k]);
	if (k < 3)
		fprintf(fp, "  detect_after: %dm%ds\n", 1 + i % 9,
		    1 + (i * 7) % 59);
	if (k < 2)
		fprintf(fp, "  drain_after: %ds\n  replaced_after: %dm\n"
		    "  automatic: %s\n", 30 + i % 90, 10 + (i + e) % 50,
		    k == 0 ? "true" : "false");
	fprintf(fp, "  note: \"Seen on node %d; *%s* afterwards.\"\n",
	    (i * 13 + e) % 64, adjectives[(i + e) % 10]);
}

static void
podium_review(int i, int e)
{
	const struct review *r = &revs[i * E + e];
	char id[16];
	FILE *fp;

	edition_id(e, id, sizeof(id));
	fp = create("podium/content/reviews/%s/p%05d.yaml", id, i + 1);
	if (r->unavailable) {
		fprintf(fp, "tier: %s\n", tier_id[NTIERS - 1]);
	} else {
		fputs("scores: {", fp);
		for (int c = 0; c < eds[e].ncrit; c++)
			fprintf(fp, "%s%s: %g", c ? ", " : "", crit_pool[c].id,
			    r->scores[c]);
		fputs("}\n", fp);
	}
	fputs("summary: |\n", fp);
	summary_md(fp, i, e, "  ");
	write_yaml_string_list(fp, "strengths", i, e, 1);
	write_yaml_string_list(fp, "weaknesses", i, e, 2);
	if (!r->unavailable || wide)
		podium_fault(fp, i, e);
	if ((i + e) % 10 == 0)
		fprintf(fp, "quotes:\n  - {text: \"Provider %d got it right\", "
		    "source: bench-talk, at: \"%d:%02d\"}\n", i + 1,
		    1 + i % 50, (i * 7) % 60);
	fprintf(fp, "sources: [bench-%d%s]\n", e + 1,
	    (i + e) % 10 == 0 ? ", bench-talk" : "");
	finish(fp);
}

static void
podium_commentary(void)
{
	char last[16], prev[16];
	FILE *fp = create("podium/content/commentary/10-summary.md");

	edition_id(E - 1, last, sizeof(last));
	edition_id(E > 1 ? E - 2 : 0, prev, sizeof(prev));
	fprintf(fp, "---\ntitle: Summary\norder: 10\n---\n"
	    "Edition %s ({{cite bench-%d}}) tracked {{count %s tracked}} "
	    "providers, reviewed {{count %s reviewed}} and gave "
	    "{{count %s medals}} medals ({{share %s medals of reviewed}} of "
	    "those reviewed). {{provider p00001}} is {{tier p00001 %s}}, as "
	    "the speaker said at {{at bench-talk 1:23}}.\n\n"
	    "{{table medals %s}}\n\n{{chart distribution}}\n",
	    last, E, last, last, last, last, last, last);
	finish(fp);
	if (E < 2)
		return;
	fp = create("podium/content/commentary/20-movement.md");
	fprintf(fp, "---\ntitle: Movement\norder: 20\n---\n"
	    "Medals went from {{count %s medals}} to {{count %s medals}} "
	    "({{change %s %s medals pct}}; {{change %s %s medals}}).\n\n"
	    "{{chart movement}}\n\n{{table movers %s %s}}\n\n"
	    "{{chart faults}}\n",
	    prev, last, prev, last, prev, last, prev, last);
	finish(fp);
}

/* The Hugo site. */

static void
hugo_config(void)
{
	FILE *fp = create("hugo/hugo.toml");

	fprintf(fp, "baseURL = \"https://bench.example/\"\n"
	    "title = \"Bench report: %d providers, %d editions\"\n"
	    "languageCode = \"en\"\nrelativeURLs = true\n"
	    "disableKinds = [\"taxonomy\", \"term\", \"RSS\", \"sitemap\", "
	    "\"robotsTXT\", \"404\"]\n", N, E);
	finish(fp);
}

static void
hugo_layouts(void)
{
	FILE *fp = create("hugo/layouts/_default/baseof.html");

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>{{ .Title }} - {{ site.Title }}"
	    "</title>\n</head>\n<body>\n<header><a href=\"{{ relURL \"/\" }}\">"
	    "{{ site.Title }}</a></header>\n<main>\n<h1>{{ .Title }}</h1>\n"
	    "{{ block \"main\" . }}{{ end }}\n</main>\n</body>\n</html>\n", fp);
	finish(fp);
	fp = create("hugo/layouts/partials/table.html");
	fputs("<table>\n<thead><tr><th>Provider</th><th>Tier</th><th>Score</th>"
	    "<th>Previous</th><th>Movement</th></tr></thead>\n<tbody>\n"
	    "{{ range . }}<tr><td><a href=\"{{ printf \"providers/%s/\" .id | "
	    "relURL }}\">{{ .name }}</a></td><td>{{ .tier }}</td><td>"
	    "{{ with .score }}{{ printf \"%.1f\" . }}{{ end }}</td><td>"
	    "{{ .previous }}</td><td>{{ .status }}{{ with .steps }} {{ . }}"
	    "{{ end }}</td></tr>\n{{ end }}</tbody>\n</table>\n", fp);
	finish(fp);
	fp = create("hugo/layouts/partials/counts.html");
	fputs("<p>{{ .reviewed }} reviewed, {{ .medals }} medals.</p>\n<ul>\n"
	    "{{ range .counts }}<li>{{ .name }}: {{ .n }}</li>\n{{ end }}</ul>\n",
	    fp);
	finish(fp);
	fp = create("hugo/layouts/index.html");
	fputs("{{ define \"main\" }}{{ .Content }}\n"
	    "{{ range site.Data.editions }}<section>\n<h2>{{ .name }}</h2>\n"
	    "{{ partial \"counts.html\" . }}"
	    "{{ partial \"table.html\" (index site.Data.ratings .key) }}"
	    "</section>\n{{ end }}{{ end }}\n", fp);
	finish(fp);
	fp = create("hugo/layouts/editions/single.html");
	fputs("{{ define \"main\" }}{{ .Content }}\n"
	    "{{ $e := index (where site.Data.editions \"key\" .Params.key) 0 }}"
	    "{{ partial \"counts.html\" $e }}"
	    "{{ partial \"table.html\" (index site.Data.ratings .Params.key) }}"
	    "{{ end }}\n", fp);
	finish(fp);
	fp = create("hugo/layouts/providers/single.html");
	fputs("{{ define \"main\" }}<p>{{ .Params.kind }}, {{ .Params.country }}"
	    " &middot; <a href=\"{{ .Params.homepage }}\">{{ .Params.homepage }}</a></p>\n"
	    "<table>\n<thead><tr><th>Edition</th><th>Tier</th><th>Score</th>"
	    "</tr></thead>\n<tbody>\n{{ range .Params.history }}<tr><td>"
	    "{{ .edition }}</td><td>{{ .tier }}</td><td>{{ with .score }}"
	    "{{ printf \"%.1f\" . }}{{ end }}</td></tr>\n{{ end }}</tbody>\n"
	    "</table>\n{{ .Content }}{{ end }}\n", fp);
	finish(fp);
	fp = create("hugo/layouts/_default/list.html");
	fputs("{{ define \"main\" }}<ul>\n{{ range .Pages }}<li><a href=\""
	    "{{ .RelPermalink }}\">{{ .Title }}</a></li>\n{{ end }}</ul>\n"
	    "{{ end }}\n", fp);
	finish(fp);
	fp = create("hugo/layouts/_default/single.html");
	fputs("{{ define \"main\" }}{{ .Content }}{{ end }}\n", fp);
	finish(fp);
}

static void
hugo_counts_json(FILE *fp, const struct edition *ed)
{
	fprintf(fp, "\"reviewed\": %d, \"medals\": %d, \"counts\": [",
	    ed->reviewed, ed->medals);
	for (int t = 0; t < NTIERS; t++)
		fprintf(fp, "%s{\"name\": \"%s\", \"n\": %d}", t ? ", " : "",
		    tier_name[t], ed->counts[t]);
	fputs("]", fp);
}

static void
hugo_edition_data(void)
{
	FILE *fp = create("hugo/data/editions.json");
	char id[16];

	fputs("[\n", fp);
	for (int e = 0; e < E; e++) {
		edition_id(e, id, sizeof(id));
		fprintf(fp, "%s{\"key\": \"e%d\", \"id\": \"%s\", \"name\": "
		    "\"Bench %s\", ", e ? ",\n" : "", e + 1, id, id);
		hugo_counts_json(fp, &eds[e]);
		fputs("}", fp);
	}
	fputs("\n]\n", fp);
	finish(fp);
}

static void
hugo_ratings(int e)
{
	FILE *fp = create("hugo/data/ratings/e%d.json", e + 1);
	bool first = true;

	fputs("[\n", fp);
	/* Ladder order, then provider id, as podium's tables. */
	for (int t = 0; t < NTIERS; t++)
		for (int i = 0; i < N; i++) {
			const struct review *r = &revs[i * E + e];
			int steps, p;
			const char *st;

			if (!r->present || r->tier != t)
				continue;
			st = movement(i, e, &steps);
			p = previous_tier(i, e);
			fprintf(fp, "%s{\"id\": \"p%05d\", \"name\": \"Provider "
			    "%d Cloud\", \"tier\": \"%s\", \"score\": ",
			    first ? "" : ",\n", i + 1, i + 1, tier_name[t]);
			if (r->unavailable)
				fputs("null", fp);
			else
				fprintf(fp, "%.6f", r->score);
			fprintf(fp, ", \"previous\": \"%s\", \"status\": \"%s\", "
			    "\"steps\": %d}", p < 0 ? "" : tier_name[p], st, steps);
			first = false;
		}
	fputs("\n]\n", fp);
	finish(fp);
}

static void
hugo_edition_page(int e)
{
	char id[16];
	FILE *fp;

	edition_id(e, id, sizeof(id));
	fp = create("hugo/content/editions/%s.md", id);
	fprintf(fp, "---\ntitle: \"Bench %s\"\ndate: %d-03-15\nkey: e%d\n---\n"
	    "Edition %s of the bench ratings: %d tracked, %d reviewed, "
	    "**%d medals**.\n", id, 2021 + e, e + 1, id, N + N / 5,
	    eds[e].reviewed, eds[e].medals);
	finish(fp);
}

static void
hugo_provider(int i)
{
	FILE *fp = create("hugo/content/providers/p%05d.md", i + 1);
	char id[16];

	fprintf(fp, "---\ntitle: \"Provider %d Cloud\"\nshort: \"P%d\"\n"
	    "kind: %s\ncountry: %s\nhomepage: \"https://p%05d.example.com/\"\n"
	    "history:\n", i + 1, i + 1, kinds[i % 5], countries[i % 15], i + 1);
	for (int e = 0; e < E; e++) {
		const struct review *r = &revs[i * E + e];

		if (!r->present)
			continue;
		edition_id(e, id, sizeof(id));
		fprintf(fp, "  - {edition: \"%s\", tier: \"%s\"", id,
		    tier_name[r->tier]);
		if (!r->unavailable)
			fprintf(fp, ", score: %.6f", r->score);
		fputs("}\n", fp);
	}
	fputs("---\n", fp);
	for (int e = E - 1; e >= 0; e--) {
		if (!revs[i * E + e].present)
			continue;
		edition_id(e, id, sizeof(id));
		fprintf(fp, "## Bench %s\n\n", id);
		summary_md(fp, i, e, "");
		fprintf(fp, "\n**Strengths:** %s is %s; *%s* %s.\n\n",
		    topics[(i + e + 1) % 10], adjectives[(i * 2 + 1) % 10],
		    topics[(i + 3) % 10], adjectives[(e + 1) % 10]);
		if (!revs[i * E + e].unavailable || wide)
			fprintf(fp, "**Fault test:** %s; seen on node %d.\n\n",
			    faults[(i + e) % 5], (i * 13 + e) % 64);
	}
	finish(fp);
}

static void
hugo_home(void)
{
	FILE *fp = create("hugo/content/_index.md");
	const struct edition *ed = &eds[E - 1];

	fprintf(fp, "---\ntitle: \"Bench report\"\n---\n"
	    "The last edition reviewed %d providers and gave %d medals.\n",
	    ed->reviewed, ed->medals);
	finish(fp);
	fp = create("hugo/content/editions/_index.md");
	fputs("---\ntitle: Editions\n---\n", fp);
	finish(fp);
	fp = create("hugo/content/providers/_index.md");
	fputs("---\ntitle: Providers\n---\n", fp);
	finish(fp);
}

int
main(int argc, char *argv[])
{
	char *end;

	if (argc == 5 && strcmp(argv[4], "wide") == 0)
		wide = true;
	else if (argc != 4) {
		fputs("usage: gen N E OUT [wide]\n", stderr);
		return 2;
	}
	N = (int)strtol(argv[1], &end, 10);
	if (*end != '\0' || N < 1 || N > 99999) {
		fputs("gen: N must be 1..99999\n", stderr);
		return 2;
	}
	E = (int)strtol(argv[2], &end, 10);
	if (*end != '\0' || E < 1 || E > 50) {
		fputs("gen: E must be 1..50\n", stderr);
		return 2;
	}
	snprintf(out_root, sizeof(out_root), "%s", argv[3]);
	eds = calloc((size_t)E, sizeof(*eds));
	revs = calloc((size_t)N * (size_t)E, sizeof(*revs));
	if (eds == NULL || revs == NULL) {
		fputs("gen: out of memory\n", stderr);
		return 1;
	}
	make_editions();
	make_reviews();
	podium_report();
	podium_sources();
	podium_commentary();
	for (int e = 0; e < E; e++) {
		podium_edition(e);
		hugo_edition_page(e);
		hugo_ratings(e);
	}
	for (int i = 0; i < N; i++) {
		podium_provider(i);
		hugo_provider(i);
		for (int e = 0; e < E; e++)
			if (revs[i * E + e].present)
				podium_review(i, e);
	}
	hugo_config();
	hugo_layouts();
	hugo_edition_data();
	hugo_home();
	free(eds);
	free(revs);
	return 0;
}
