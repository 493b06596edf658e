/* new.c: `podium new` (stub until its issue lands). */
#include <stdio.h>

#include "cmd.h"
#include "podium.h"

int
cmd_new(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	fputs("podium: error: new is not built yet\n", stderr);
	return EXIT_USAGE;
}
