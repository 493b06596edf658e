/* podium.h: version and exit statuses (SPEC section 3). */
#ifndef PODIUM_H
#define PODIUM_H

#define PODIUM_VERSION "0.1.0"

enum exit_status {
	EXIT_OK = 0,
	EXIT_CONTENT = 1, /* content errors */
	EXIT_USAGE = 2,   /* bad usage */
	EXIT_SYSTEM = 3   /* I/O, out of memory */
};

#endif
