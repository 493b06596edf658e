/*
 * load_helper.h: builds a small valid project in a temporary folder, lays
 * test files over it, loads it, and returns the diagnostics as printed.
 */
#ifndef PODIUM_LOAD_HELPER_H
#define PODIUM_LOAD_HELPER_H

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "load.h"
#include "util.h"

/* One file of a test project: text NULL removes it. */
struct tfile {
	const char *path;
	const char *text;
};

static const struct tfile base_files[] = {
	{"content/report.yaml",
	    "title: T\npublisher: P\nedition: \"2.0\"\nladder:\n"
	    "  - {id: gold, name: Gold, medal: true}\n"
	    "  - {id: silver, name: Silver, medal: true}\n"
	    "  - {id: none, name: None, rated: false}\n"},
	{"content/sources.yaml", "s1:\n  title: S\n  kind: video\n"},
	{"content/editions/1.0.yaml", "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\n"},
	{"content/editions/2.0.yaml",
	    "name: E2\npublished: 2026-01-01\nprevious: \"1.0\"\nrubric:\n  scale: 5\n"
	    "  criteria:\n    - {id: sec, name: Security, weight: 2}\n"
	    "    - {id: rel, name: Reliability}\n"
	    "  thresholds:\n    gold: {min: 80}\n  floor: silver\n"},
	{"content/providers/acme.yaml", "name: Acme\nshort: A\naliases: [old]\n"},
	{"content/providers/beta.yaml", "name: Beta\n"},
	{"content/reviews/1.0/old.yaml", "tier: gold\n"},
	{"content/reviews/2.0/acme.yaml", "scores: {sec: 4, rel: 5}\n"},
	{"content/reviews/2.0/beta.yaml", "tier: none\n"},
	{"content/commentary/a.md", "---\ntitle: A\n---\nBody\n"},
};

static void
tfile_put(const char *dir, const struct tfile *f)
{
	char *path = path_join(dir, f->path);

	if (f->text == NULL)
		remove_tree(path);
	else
		ck_assert_int_eq(file_write(path, f->text, strlen(f->text)), 0);
	free(path);
}

/* Makes the project; free the returned folder name with project_dir_free(). */
static char *
project_dir_new(const struct tfile *over, size_t n)
{
	char tmpl[] = "/tmp/podium-load-XXXXXX";
	char *dir;
	size_t i;

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	dir = xstrdup(tmpl);
	for (i = 0; i < ARRAY_SIZE(base_files); i++)
		tfile_put(dir, &base_files[i]);
	for (i = 0; i < n; i++)
		tfile_put(dir, &over[i]);
	return dir;
}

static void
project_dir_free(char *dir)
{
	remove_tree(dir);
	free(dir);
}

/* Loads the base with files laid over; returns the diagnostics, one a line
 * (malloc'd). */
static char *
load_diags(const struct tfile *over, size_t n)
{
	char *dir = project_dir_new(over, n);
	struct diag d;
	struct buf b = BUF_INIT;
	struct project *p;
	size_t i;

	diag_init(&d);
	p = project_load(dir, &d);
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &b);
		buf_putc(&b, '\n');
	}
	project_free(p);
	diag_release(&d);
	project_dir_free(dir);
	return buf_detach(&b, NULL);
}

/* Asserts that one file laid over the base gives exactly want. */
#define ck_load(path, text, want) do { \
	struct tfile f_[] = {{(path), (text)}}; \
	char *got_ = load_diags(f_, 1); \
	ck_assert_str_eq(got_, (want)); \
	free(got_); \
} while (0)

#endif
