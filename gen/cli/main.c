/* main.c: parses the command word and dispatches; nothing else. */
#include <stdio.h>
#include <string.h>

#include "chart.h"
#include "cmd.h"
#include "podium.h"
#include "schema.h"

static const char usage[] =
    "usage: podium build [-qv] [-C DIR] [-o OUT] [--force] [--strict] [--drafts]\n"
    "                    [--now YYYY-MM-DD] [--only html,pdf,data]\n"
    "                    [--format gcc|github|json]\n"
    "       podium build [-C DIR] [--drafts] [--now YYYY-MM-DD] --dump-data PAGE\n"
    "       podium check [-qv] [-C DIR] [--strict] [--drafts] [--now YYYY-MM-DD]\n"
    "                    [--format gcc|github|json]\n"
    "       podium serve [-C DIR] [-p PORT] [--bind ADDR] [--no-drafts] [--pdf] [-v]\n"
    "       podium init [DIR] [--title TEXT]\n"
    "       podium new [-C DIR] review EDITION PROVIDER\n"
    "       podium new [-C DIR] provider|edition|page|commentary ID\n"
    "       podium schema [-C DIR] [-o DIR]\n"
    "       podium --version | --help | COMMAND --help\n";

int
main(int argc, char *argv[])
{
	static const struct {
		const char *name;
		int (*fn)(int, char *[]);
	} cmds[] = {
		{"build", cmd_build},
		{"check", cmd_check},
		{"serve", cmd_serve},
		{"new", cmd_new},
		{"init", cmd_init},
		{"schema", cmd_schema},
	};
	size_t i;
	int rc;

	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("podium %s\n", podium_version);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		if (strcmp(argv[1], cmds[i].name) == 0) {
			if ((rc = env_check()) != EXIT_OK)
				return rc;
			rc = cmds[i].fn(argc - 1, argv + 1);
			chart_fonts_release();
			chart_marks_forget();
			return rc;
		}
	}
	fprintf(stderr, "podium: error: unknown command '%s'\n", argv[1]);
	fputs(usage, stderr);
	return EXIT_USAGE;
}
