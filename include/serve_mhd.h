/*
 * serve_mhd.h: libmicrohttpd's API for `podium serve` (linked as any other
 * library), with the system headers microhttpd.h expects before it.
 */
#ifndef PODIUM_SERVE_MHD_H
#define PODIUM_SERVE_MHD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

#endif
