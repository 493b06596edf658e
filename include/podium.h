/* podium.h: version and exit statuses (SPEC section 3). */
#ifndef PODIUM_H
#define PODIUM_H

/*
 * PODIUM_VERSION, a string literal: from `git describe` when the history
 * has a release tag, else the Makefile's VERSION (build/VARIANT/version.h,
 * which make writes). podium_version is the same, as one string.
 */
#include "version.h"
#ifndef PODIUM_VERSION
#define PODIUM_VERSION "0.1.0"
#endif
extern const char podium_version[];

enum exit_status {
	EXIT_OK = 0,
	EXIT_CONTENT = 1, /* content errors */
	EXIT_USAGE = 2,   /* bad usage */
	EXIT_SYSTEM = 3   /* I/O, out of memory */
};

#endif
