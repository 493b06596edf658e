/*
 * serve_mhd.c: libmicrohttpd, opened when `podium serve` starts rather than
 * when podium does. The library brings GnuTLS and seven more libraries
 * with it; linked in, loading and relocating them took about 6 ms of every
 * `podium build` and `podium check` (12.9 ms of start-up, 7.1 ms without),
 * none of which serves a page. The library's name (its soname) is the one
 * pkg-config's libmicrohttpd named at build time (MHD_SONAME, set by the
 * Makefile), and each function's type is checked against microhttpd.h here.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "serve_mhd.h"

#ifndef MHD_SONAME
#define MHD_SONAME "libmicrohttpd.so.12"
#endif

struct serve_mhd mhd;

/* A compile-time error if a member's type is not the header's. */
#define SAME_TYPE(member, fn) \
	_Static_assert(__builtin_types_compatible_p(__typeof__(mhd.member), \
	    __typeof__(&fn)), "serve_mhd." #member " is not the type of " #fn)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;

static void
load(void)
{
	static const struct {
		const char *name;
		size_t off;
	} fns[] = {
		{"MHD_start_daemon", offsetof(struct serve_mhd, start_daemon)},
		{"MHD_stop_daemon", offsetof(struct serve_mhd, stop_daemon)},
		{"MHD_create_response_from_buffer", offsetof(struct serve_mhd, create_response_from_buffer)},
		{"MHD_create_response_from_callback", offsetof(struct serve_mhd, create_response_from_callback)},
		{"MHD_create_response_from_fd", offsetof(struct serve_mhd, create_response_from_fd)},
		{"MHD_add_response_header", offsetof(struct serve_mhd, add_response_header)},
		{"MHD_queue_response", offsetof(struct serve_mhd, queue_response)},
		{"MHD_destroy_response", offsetof(struct serve_mhd, destroy_response)},
		{"MHD_lookup_connection_value", offsetof(struct serve_mhd, lookup_connection_value)},
		{"MHD_get_connection_info", offsetof(struct serve_mhd, get_connection_info)},
	};
	struct serve_mhd got;
	void *lib, *sym;
	size_t i;

	SAME_TYPE(start_daemon, MHD_start_daemon);
	SAME_TYPE(stop_daemon, MHD_stop_daemon);
	SAME_TYPE(create_response_from_buffer, MHD_create_response_from_buffer);
	SAME_TYPE(create_response_from_callback, MHD_create_response_from_callback);
	SAME_TYPE(create_response_from_fd, MHD_create_response_from_fd);
	SAME_TYPE(add_response_header, MHD_add_response_header);
	SAME_TYPE(queue_response, MHD_queue_response);
	SAME_TYPE(destroy_response, MHD_destroy_response);
	SAME_TYPE(lookup_connection_value, MHD_lookup_connection_value);
	SAME_TYPE(get_connection_info, MHD_get_connection_info);
	/* kept open for the rest of the process: its threads run its code */
	if ((lib = dlopen(MHD_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		fprintf(stderr, "podium: error: podium serve needs libmicrohttpd: %s\n", dlerror());
		return;
	}
	memset(&got, 0, sizeof(got));
	for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		if ((sym = dlsym(lib, fns[i].name)) == NULL) {
			fprintf(stderr, "podium: error: %s has no %s\n", MHD_SONAME, fns[i].name);
			return;
		}
		/* a function's address, as POSIX has dlsym() return it */
		memcpy((char *)&got + fns[i].off, &sym, sizeof(sym));
	}
	mhd = got;
	loaded = 0;
}

int
serve_mhd_load(void)
{
	pthread_once(&once, load);
	return loaded;
}
