/*
 * resources.h: the built-in templates and assets, compiled into the binary
 * (see tools/embed.c). A project's own templates/ and assets/ override them
 * file by file.
 */
#ifndef PODIUM_RESOURCES_H
#define PODIUM_RESOURCES_H

#include <stddef.h>

struct resource {
	const char *name; /* "templates/page.mustache", "assets/style.css" */
	const char *data; /* NUL-terminated */
	size_t len;
};

extern const struct resource resources[]; /* ends with {NULL} */
extern const size_t nresources;

/* The built-in resource called name, or NULL. */
const struct resource *resource_find(const char *name);

#endif
