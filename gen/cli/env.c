/*
 * env.c: the environment podium reads (podium(1), ENVIRONMENT), checked
 * once before any command runs: a value that cannot be read is refused
 * rather than ignored, as a malformed SOURCE_DATE_EPOCH would otherwise
 * give a build dated by the clock and an unreadable PODIUM_THREADS a
 * thread count no one asked for.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "podium.h"

/* 9999-12-31T23:59:59Z: the last second whose day podium can write. */
#define EPOCH_MAX 253402300799LL

/* A whole number of at most max, in decimal digits only (no sign, space
 * or other base); empty is not one. */
static bool
decimal(const char *s, long long max)
{
	long long v = 0;

	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (*s - '0');
		if (v > max)
			return false;
	}
	return true;
}

/* The value as shown in a message: cut, control bytes as '?'. */
static void
env_refuse(const char *name, const char *v, const char *expected)
{
	char shown[41];
	size_t i;

	for (i = 0; v[i] != '\0' && i + 1 < sizeof(shown); i++)
		shown[i] = (unsigned char)v[i] < 0x20 || v[i] == 0x7f ? '?' : v[i];
	shown[i] = '\0';
	fprintf(stderr, "podium: error: %s must be %s, not '%s%s'\n", name, expected, shown,
	    v[i] != '\0' ? "..." : "");
}

int
env_check(void)
{
	const char *v;

	/* set but empty is unset, as CI systems often leave it */
	if ((v = getenv("SOURCE_DATE_EPOCH")) != NULL && *v != '\0' && !decimal(v, EPOCH_MAX)) {
		env_refuse("SOURCE_DATE_EPOCH", v,
		    "a whole number of seconds since 1970-01-01 (up to 9999-12-31)");
		return EXIT_USAGE;
	}
	if ((v = getenv("PODIUM_THREADS")) != NULL && *v != '\0' && !decimal(v, 1000000)) {
		env_refuse("PODIUM_THREADS", v, "a whole number of threads (0: one per core)");
		return EXIT_USAGE;
	}
	if ((v = getenv("PODIUM_DRAWERS")) != NULL && *v != '\0' && !decimal(v, 1000000)) {
		env_refuse("PODIUM_DRAWERS", v,
		    "a whole number of drawing processes (0: none, draw on a thread)");
		return EXIT_USAGE;
	}
	if ((v = getenv("PODIUM_MD_KEEP")) != NULL && *v != '\0' && !decimal(v, 1024 * 1024)) {
		env_refuse("PODIUM_MD_KEEP", v,
		    "a whole number of MiB of Markdown trees to keep (0: none)");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
