/* resources.c: lookup in the built-in templates and assets. */
#include <string.h>

#include "resources.h"

const struct resource *
resource_find(const char *name)
{
	size_t i;

	for (i = 0; i < nresources; i++)
		if (strcmp(resources[i].name, name) == 0)
			return &resources[i];
	return NULL;
}
