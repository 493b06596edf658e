/*
 * cmd_schema.c: `podium schema [-C DIR] [-o DIR]`: the project's JSON
 * Schemas, written into DIR/schemas (or -o), each file replaced whole
 * (written beside it, then renamed over it).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "load.h"
#include "podium.h"
#include "schema.h"

static const char schema_usage[] = "usage: podium schema [-C DIR] [-o DIR]\n";

#define REPORT_FILE "content/report.yaml"

/* True when d holds an error about report.yaml, or about no file at all
 * (a folder that cannot be read): the schemas would describe it wrongly. */
static bool
report_failed(const struct diag *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].kind == DIAG_ERROR && (d->v[i].file == NULL ||
		    strcmp(d->v[i].file, REPORT_FILE) == 0 ||
		    strcmp(d->v[i].file, "content") == 0))
			return true;
	return d->system;
}

/*
 * Writes b to dir/name through a temporary file in dir, renamed over name:
 * a reader sees the old file or the new one, never half of one. Returns 0,
 * or an exit status after printing why.
 */
static int
file_replace(const char *dir, const char *name, const struct buf *b)
{
	char *path = path_join(dir, name);
	char *tmp = xasprintf("%s/.%s.XXXXXX", dir, name);
	mode_t mask = umask(0);
	int fd, rc = EXIT_SYSTEM;

	umask(mask);
	if ((fd = mkstemp(tmp)) == -1) {
		fprintf(stderr, "podium: error: cannot write '%s': %s\n", path, strerror(errno));
		goto out;
	}
	if (fchmod(fd, 0666 & ~mask) == -1 || write_all(fd, b->data, b->len) == -1 ||
	    close(fd) == -1 || rename(tmp, path) == -1) {
		fprintf(stderr, "podium: error: cannot write '%s': %s\n", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	rc = EXIT_OK;
out:
	free(path);
	free(tmp);
	return rc;
}

static int
schemas_write(const struct project *p, const char *out)
{
	struct buf b = BUF_INIT;
	struct stat st;
	int k, rc = EXIT_OK;

	if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "podium: error: '%s' is not a folder; no schema written\n", out);
		return EXIT_USAGE;
	}
	if (mkdir_p(out) == -1) {
		fprintf(stderr, "podium: error: cannot create '%s': %s\n", out, strerror(errno));
		return EXIT_SYSTEM;
	}
	for (k = 0; rc == EXIT_OK && k < SCHEMA_COUNT; k++) {
		buf_reset(&b);
		schema_build(p, (enum schema_kind)k, &b);
		rc = file_replace(out, schema_file_name((enum schema_kind)k), &b);
	}
	buf_release(&b);
	if (rc == EXIT_OK)
		printf("podium: wrote %d schemas in %s\n", SCHEMA_COUNT, out);
	return rc;
}

int
cmd_schema(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *dir = ".", *out = NULL;
	struct project *p = NULL;
	struct diag d;
	char *def = NULL;
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":C:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			dir = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			fputs(schema_usage, stdout);
			return EXIT_OK;
		case ':':
			return usage_error(schema_usage, "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error(schema_usage, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(schema_usage, "schema takes no operand, not '%s'", argv[optind]);
	diag_init(&d);
	p = project_load(dir, &d);
	if (p == NULL || report_failed(&d)) {
		/* errors elsewhere are podium check's to report: the schemas
		 * are what helps fix them */
		diag_print(&d, stderr);
		fprintf(stderr, "podium: error: no schema written: the report (%s) must load "
		    "without errors\n", REPORT_FILE);
		rc = d.system ? EXIT_SYSTEM : EXIT_CONTENT;
		goto done;
	}
	if (out == NULL)
		out = def = path_join(dir, SCHEMA_DIR);
	rc = schemas_write(p, out);
done:
	free(def);
	project_free(p);
	diag_release(&d);
	return rc;
}
