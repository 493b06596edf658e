/*
 * init.c: `podium init [DIR] [--title TEXT]`: a new report project, small
 * and complete, about a made-up subject (city bike-share schemes), so that
 * a newcomer has something that checks and builds before they change it:
 * a ladder of its own, one declared provider field, one edition, two
 * providers, two reviews, one commentary section, one page and a source.
 * Every name and figure in it is invented.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "diag.h"
#include "parse.h"
#include "podium.h"
#include "util.h"

static const char init_usage[] = "usage: podium init [DIR] [--title TEXT]\n";

#define DEFAULT_TITLE "City bike-share schemes: the ratings"

/* report.yaml after its title line. */
static const char report_rest[] =
    "subtitle: \"Five made-up cities, two schemes rated: replace them with your own\"\n"
    "publisher: \"Your name or your firm\"\n"
    "authors: [\"A. Writer\"]\n"
    "language: en\n"
    "paper: a4                         # a4 | letter, for the PDF\n"
    "edition: \"2026\"                   # the edition the report is about\n"
    "allow_html: false\n"
    "# The tiers, best first. medal: true tiers are counted as medals;\n"
    "# rated: false means reviewed but not rated.\n"
    "ladder:\n"
    "  - {id: smooth, name: Smooth ride, medal: true, color: \"#2e6b3a\",\n"
    "     description: \"Bikes in working order at every dock we tried.\"}\n"
    "  - {id: fair, name: Fair ride, medal: true, color: \"#8a6a00\",\n"
    "     description: \"Usable for most trips, with gaps.\"}\n"
    "  - {id: bumpy, name: Bumpy ride, medal: false,\n"
    "     description: \"Too few bikes, or too many of them broken.\"}\n"
    "  - {id: untried, name: Not tried, medal: false, rated: false,\n"
    "     description: \"We could not rent a bike during the test week.\"}\n"
    "# The facts this report keeps on each provider, besides name and url.\n"
    "# Types: string, text (Markdown), integer, number, boolean, date, url,\n"
    "# choice (with choices), country (ISO 3166 alpha-2) and list.\n"
    "provider_fields:\n"
    "  - {id: city, name: City, type: string, required: true, filter: true}\n";

static const char sources_yaml[] =
    "# Every source the report cites, by id.\n"
    "survey-2026:\n"
    "  title: \"Test rides in two cities, spring 2026\"\n"
    "  publisher: \"Your name or your firm\"\n"
    "  date: 2026-05-01\n"
    "  kind: report                   # report | article | video | talk | other\n";

static const char edition_yaml[] =
    "# One edition of the ratings. Its reviews are in content/reviews/2026/.\n"
    "name: \"Ratings 2026\"\n"
    "published: 2026-05-01\n"
    "source: survey-2026\n"
    "universe: {tracked: 5}            # schemes followed, not all reviewed\n"
    "claims:                           # figures you state; podium checks each one\n"
    "  reviewed: 2\n"
    "  medals: 1\n";

static const char provider_a[] =
    "name: \"Greenwheel\"\n"
    "url: https://greenwheel.example/\n"
    "city: \"Northport\"\n";

static const char provider_b[] =
    "name: \"Pedal Point\"\n"
    "short: \"Pedal Pt\"\n"
    "city: \"Easton\"\n";

static const char review_a[] =
    "tier: smooth\n"
    "summary: |\n"
    "  Every dock we visited had a bike, and every bike we rented had air in\n"
    "  its tyres and working lights.\n"
    "strengths: [\"Docks within five minutes' walk everywhere we tried\"]\n"
    "weaknesses: [\"The app asks for a card even for a free first ride\"]\n"
    "sources: [survey-2026]\n";

static const char review_b[] =
    "tier: bumpy\n"
    "summary: |\n"
    "  Half the docks were empty at rush hour, and two of the six bikes we\n"
    "  rented had a flat tyre.\n"
    "strengths: [\"Cheap day pass\"]\n"
    "weaknesses: [\"Empty docks at rush hour\", \"Flat tyres\"]\n"
    "sources: [survey-2026]\n";

static const char commentary_md[] =
    "---\n"
    "title: Overview\n"
    "order: 10\n"
    "---\n"
    "We rented bikes from {{count 2026 reviewed}} of the {{count 2026 tracked}}\n"
    "schemes we follow ({{cite survey-2026}}). {{provider greenwheel}} earned\n"
    "{{tier greenwheel 2026}}; {{provider pedalpoint}} got {{tier pedalpoint 2026}}.\n"
    "\n"
    "{{chart distribution}}\n"
    "\n"
    "{{table medals 2026}}\n";

static const char page_md[] =
    "---\n"
    "title: About these ratings\n"
    "nav: true                         # listed in the site's navigation\n"
    "order: 10\n"
    "---\n"
    "These ratings are an example that `podium init` wrote: the schemes, cities\n"
    "and figures are made up. Replace them with your own, then run\n"
    "`podium check` and `podium build`.\n";

struct init_file {
	const char *rel;
	const char *text;
};

static const struct init_file files[] = {
	{"content/sources.yaml", sources_yaml},
	{"content/editions/2026.yaml", edition_yaml},
	{"content/providers/greenwheel.yaml", provider_a},
	{"content/providers/pedalpoint.yaml", provider_b},
	{"content/reviews/2026/greenwheel.yaml", review_a},
	{"content/reviews/2026/pedalpoint.yaml", review_b},
	{"content/commentary/10-overview.md", commentary_md},
	{"content/pages/about.md", page_md},
};

/* A title: one line of UTF-8 text, without control characters. */
static bool
title_valid(const char *s)
{
	size_t bad, i;

	for (i = 0; s[i] != '\0'; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return i > 0 && utf8_valid(s, i, &bad);
}

int
cmd_init(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{"title", required_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *dir = ".", *title = DEFAULT_TITLE;
	struct buf b = BUF_INIT;
	char *content;
	struct stat st;
	size_t i;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			title = optarg;
			break;
		case 'h':
			fputs(init_usage, stdout);
			return EXIT_OK;
		case ':':
			return usage_error(init_usage, "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error(init_usage, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind > 1)
		return usage_error(init_usage, "init takes one folder, not '%s' too", argv[optind + 1]);
	if (argc - optind == 1)
		dir = argv[optind];
	if (*dir == '\0')
		return usage_error(init_usage, "%s", "the folder must not be an empty name "
		    "(leave it out for the current folder)");
	if (!title_valid(title))
		return usage_error(init_usage, "%s", "'--title' must be one line of UTF-8 text");
	if (mkdir_p(dir) == -1) {
		fprintf(stderr, "podium: error: cannot create '%s': %s\n", dir, strerror(errno));
		return EXIT_SYSTEM;
	}
	content = path_join(dir, "content");
	rc = lstat(content, &st);
	free(content);
	if (rc == 0) {
		fprintf(stderr, "podium: error: '%s' already holds a project (it has content/); "
		    "not writing there\n", dir);
		return EXIT_CONTENT;
	}
	buf_puts(&b, "# The report: what it is called, its ladder of tiers, and the facts it\n"
	    "# keeps on each provider. See podium(5) for every key.\ntitle: ");
	yaml_quoted(&b, title);
	buf_putc(&b, '\n');
	buf_puts(&b, report_rest);
	rc = write_new(dir, "content/report.yaml", &b);
	for (i = 0; rc == EXIT_OK && i < ARRAY_SIZE(files); i++) {
		buf_reset(&b);
		buf_puts(&b, files[i].text);
		rc = write_new(dir, files[i].rel, &b);
	}
	buf_release(&b);
	if (rc == EXIT_OK)
		printf("podium: a new report in '%s'. Next: podium check -C %s; "
		    "podium build -C %s\n", dir, dir, dir);
	return rc;
}
