/* cmd_build.c: `podium build` and `podium check`: options, then build_run(). */
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "build.h"
#include "cmd.h"
#include "parse.h"
#include "podium.h"
#include "publish.h"
#include "render.h"
#include "workers.h"

static const char build_usage[] =
    "usage: podium build [-qv] [-C DIR] [-o OUT] [--force] [--strict] [--drafts]\n"
    "                    [--now YYYY-MM-DD] [--only html,pdf,data]\n"
    "                    [--format gcc|github|json]\n"
    "       podium build [-C DIR] [--drafts] [--now YYYY-MM-DD] --dump-data PAGE\n";
static const char check_usage[] =
    "usage: podium check [-qv] [-C DIR] [--strict] [--drafts] [--now YYYY-MM-DD]\n"
    "                    [--format gcc|github|json]\n";

/* Parses "html,pdf,data" into PART_* bits; 0 on a bad word. */
static unsigned
parts_parse(const char *s)
{
	unsigned parts = 0;
	char *copy = xstrdup(s), *tok, *save = NULL;

	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "html") == 0)
			parts |= PART_HTML;
		else if (strcmp(tok, "pdf") == 0)
			parts |= PART_PDF;
		else if (strcmp(tok, "data") == 0)
			parts |= PART_DATA;
		else {
			parts = 0;
			break;
		}
	}
	free(copy);
	return parts;
}

/*
 * dir as seen from the current folder, for paths a CI reads from there:
 * NULL when it is the current folder, relative when it is under it, else
 * absolute. malloc'd.
 */
static char *
dir_from_here(const char *dir)
{
	char *here = realpath(".", NULL), *there = realpath(dir, NULL), *r = NULL;
	size_t n = here != NULL ? strlen(here) : 0;

	if (here == NULL || there == NULL)
		r = strcmp(dir, ".") != 0 ? xstrdup(dir) : NULL;
	else if (strcmp(here, there) == 0)
		r = NULL;
	else if (strcmp(here, "/") == 0)
		r = xstrdup(there + 1);
	else if (strncmp(here, there, n) == 0 && there[n] == '/')
		r = xstrdup(there + n + 1);
	else
		r = xstrdup(there);
	free(here);
	free(there);
	return r;
}

/*
 * Under a limit on the address space (ulimit -v), each thread's stack,
 * 8 MB by default, takes much of it: GLib then cannot start pango's
 * threads and ends the process (it does not report that). The threads'
 * stacks are made smaller for such a limit: a 32nd of it, at least 1 MB.
 */
static void
stacks_fit(void)
{
	const size_t mb = 1u << 20;
	struct rlimit as;
	pthread_attr_t attr;
	size_t want, have;

	if (getrlimit(RLIMIT_AS, &as) == -1 || as.rlim_cur == RLIM_INFINITY ||
	    pthread_getattr_default_np(&attr) != 0)
		return;
	want = as.rlim_cur / 32 > mb ? (size_t)(as.rlim_cur / 32) & ~(mb - 1) : mb;
	if (pthread_attr_getstacksize(&attr, &have) == 0 && want < have &&
	    pthread_attr_setstacksize(&attr, want) == 0)
		pthread_setattr_default_np(&attr);
	pthread_attr_destroy(&attr);
}

/*
 * A limit on the address space (ulimit -v) under what a build needs
 * (workers.h) is refused before anything is read or written: GLib,
 * fontconfig and cairo end the process when an allocation fails, with no
 * word of why. Above it, the threads are as many as it leaves room for.
 */
static bool
memory_fits(void)
{
	unsigned long kb = workers_as_limit_kb();

	if (kb == 0 || kb >= WORKERS_BASE_KB)
		return true;
	fprintf(stderr, "podium: error: out of memory: the address-space limit "
	    "(ulimit -v %lu) is below the %u kB a build needs; raise it, or "
	    "lift it (ulimit -v unlimited)\n", kb, WORKERS_BASE_KB);
	return false;
}

static int
run(int argc, char *argv[], bool write)
{
	enum { OPT_DRAFTS = 256, OPT_NOW, OPT_ONLY, OPT_STRICT, OPT_HELP, OPT_FORCE,
		OPT_FORMAT, OPT_DUMP };
	static const struct option longopts[] = {
		{"force", no_argument, NULL, OPT_FORCE},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"dump-data", required_argument, NULL, OPT_DUMP},
		{"drafts", no_argument, NULL, OPT_DRAFTS},
		{"now", required_argument, NULL, OPT_NOW},
		{"only", required_argument, NULL, OPT_ONLY},
		{"strict", no_argument, NULL, OPT_STRICT},
		{"quiet", no_argument, NULL, 'q'},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, OPT_HELP},
		{NULL, 0, NULL, 0},
	};
	const char *usage = write ? build_usage : check_usage;
	struct build_request rq;
	struct diag d;
	enum diag_style style = DIAG_GCC;
	char *prefix;
	bool have_now = false, verbose = false;
	const char *dump = NULL;
	struct render_dump dumped = {0};
	int c, rc;

	memset(&rq, 0, sizeof(rq));
	rq.dir = ".";
	rq.parts = PART_ALL;
	rq.write = write;
	diag_init(&d);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, write ? ":C:o:qv" : ":C:qv", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			rq.dir = optarg;
			break;
		case 'o':
			rq.out = optarg;
			break;
		case 'q':
			rq.quiet = true;
			break;
		case 'v':
			verbose = true;
			break;
		case OPT_DRAFTS:
			rq.opts.drafts = true;
			break;
		case OPT_NOW:
			if (!date_parse(optarg, &rq.opts.now)) {
				fprintf(stderr, "podium: error: --now wants a date YYYY-MM-DD, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			have_now = true;
			break;
		case OPT_ONLY:
			if (!write || (rq.parts = parts_parse(optarg)) == 0) {
				fprintf(stderr, "podium: error: --only wants html, pdf or data (comma-separated), not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_STRICT:
			d.strict = true;
			break;
		case OPT_FORCE:
			if (!write) {
				fprintf(stderr, "podium: error: unknown option '%s'\n", argv[optind - 1]);
				fputs(usage, stderr);
				return EXIT_USAGE;
			}
			rq.force = true;
			break;
		case OPT_DUMP:
			if (!write) {
				fprintf(stderr, "podium: error: unknown option '%s'\n", argv[optind - 1]);
				fputs(usage, stderr);
				return EXIT_USAGE;
			}
			dump = optarg;
			break;
		case OPT_FORMAT:
			if (!diag_style_parse(optarg, &style)) {
				fprintf(stderr, "podium: error: --format wants gcc, github or json, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_HELP:
			fputs(usage, stdout);
			return EXIT_OK;
		case ':':
			fprintf(stderr, "podium: error: option '%s' needs a value\n", argv[optind - 1]);
			fputs(usage, stderr);
			return EXIT_USAGE;
		default:
			fprintf(stderr, "podium: error: unknown option '%s'\n", argv[optind - 1]);
			fputs(usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "podium: error: unexpected argument '%s'\n", argv[optind]);
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (!have_now)
		rq.opts.now = build_now();
	if (dump != NULL) {
		/* the pages are made, not written: a check of the HTML that prints one */
		rq.write = write = false;
		rq.parts = PART_HTML;
		dumped.page = dump;
		rq.dump = &dumped;
	}
	rq.progress = write && !rq.quiet && style == DIAG_GCC && isatty(STDERR_FILENO);
	/* a file over the size limit (ulimit -f) is a failed write, reported
	 * as one (EFBIG), not the end of the process with the staging left */
	signal(SIGXFSZ, SIG_IGN);
	if (!memory_fits()) {
		diag_release(&d);
		return EXIT_SYSTEM;
	}
	stacks_fit();
	/* a run stopped by a signal removes its staging (or check's) folder */
	site_out_guard_signals();
	rc = build_run(&rq, &d);
	site_out_guard_stop();
	if (dump != NULL && rc == EXIT_OK && !dumped.found) {
		fprintf(stderr, "podium: error: no page '%s' in the site (a site path, such as "
		    "index.html, providers/ID/ or a page of content/pages)\n", dump);
		rc = EXIT_CONTENT;
	}
	/* GitHub reads paths from the repository's root: the project's folder first */
	prefix = style == DIAG_GITHUB ? dir_from_here(rq.dir) : NULL;
	/* --dump-data's JSON has standard output: then diagnostics go to stderr */
	diag_print_style(&d, dump != NULL ? stderr : diag_stream(style), style, prefix);
	free(prefix);
	if (verbose)
		fprintf(stderr, "podium: built in %.1f ms (%s)\n", rq.elapsed_ms, rq.timing);
	diag_release(&d);
	return rc;
}

int
cmd_build(int argc, char *argv[])
{
	return run(argc, argv, true);
}

int
cmd_check(int argc, char *argv[])
{
	return run(argc, argv, false);
}
