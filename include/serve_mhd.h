/*
 * serve_mhd.h: libmicrohttpd's functions, as `podium serve` calls them,
 * from the library opened when serving starts (serve_mhd_load()).
 */
#ifndef PODIUM_SERVE_MHD_H
#define PODIUM_SERVE_MHD_H

#include <stddef.h>
#include <stdint.h>

#include <microhttpd.h>

struct serve_mhd {
	struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port,
	    MHD_AcceptPolicyCallback apc, void *apc_cls,
	    MHD_AccessHandlerCallback dh, void *dh_cls, ...);
	void (*stop_daemon)(struct MHD_Daemon *daemon);
	struct MHD_Response *(*create_response_from_buffer)(size_t size,
	    void *buffer, enum MHD_ResponseMemoryMode mode);
	struct MHD_Response *(*create_response_from_callback)(uint64_t size,
	    size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls,
	    MHD_ContentReaderFreeCallback crfc);
	struct MHD_Response *(*create_response_from_fd)(size_t size, int fd);
	enum MHD_Result (*add_response_header)(struct MHD_Response *response,
	    const char *header, const char *content);
	enum MHD_Result (*queue_response)(struct MHD_Connection *connection,
	    unsigned int status_code, struct MHD_Response *response);
	void (*destroy_response)(struct MHD_Response *response);
	const char *(*lookup_connection_value)(struct MHD_Connection *connection,
	    enum MHD_ValueKind kind, const char *key);
	const union MHD_ConnectionInfo *(*get_connection_info)(
	    struct MHD_Connection *connection, enum MHD_ConnectionInfoType info_type,
	    ...);
};

/* Set by serve_mhd_load(); all NULL before. */
extern struct serve_mhd mhd;

/*
 * Opens libmicrohttpd (once; later calls return at once) and fills mhd.
 * Returns 0, or -1 after printing why to stderr.
 */
int serve_mhd_load(void);

#endif
