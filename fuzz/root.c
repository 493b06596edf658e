/* root.c: where the fuzz targets find the repository's fixtures. */
#include <stdlib.h>

#include "fuzz.h"

#ifndef FUZZ_ROOT
#define FUZZ_ROOT "."
#endif

const char *
fuzz_root(void)
{
	const char *r = getenv("PODIUM_ROOT");

	return r != NULL && *r != '\0' ? r : FUZZ_ROOT;
}
