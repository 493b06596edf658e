/* serve.c: `podium serve` (stub until its issue lands). */
#include <stdio.h>

#include "cmd.h"
#include "podium.h"

int
cmd_serve(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	fputs("podium: error: serve is not built yet\n", stderr);
	return EXIT_USAGE;
}
