/*
 * serve.h: `podium serve`, shared between its files.
 *
 * serve.c runs the command: it builds into a private folder, starts the HTTP
 * server (serve_http.c), watches the project (watch.c) and rebuilds. The main
 * thread builds; the server's threads read the state below under its lock.
 *
 * Invariants:
 * - A site (struct serve_site) is a complete, published build folder. A
 *   rebuild that succeeded updates it in place (publish.h, "applied in
 *   place"): only the files that differ are replaced, each by a rename,
 *   while the server's threads are kept from opening files (the files
 *   lock); a rebuild that failed changes none of it. A rebuild after one
 *   whose update failed half way writes a new folder, which replaces the
 *   current site; an old one is removed from disk once no request holds
 *   it (refs == 0).
 * - seq grows by one whenever what a browser shows changes (a new site, or a
 *   change of the error text); live-reload clients wait on cond for it.
 */
#ifndef PODIUM_SERVE_H
#define PODIUM_SERVE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "util.h"

#define SERVE_EVENTS_PATH "/__podium/events"

struct serve_site {
	char *path;      /* the build folder */
	int dirfd;       /* open on path (O_DIRECTORY) */
	unsigned refs;   /* requests reading it, plus one while current */
};

/*
 * What a good rebuild changed, for the live-reload streams: nothing, or the
 * stylesheets (a "css" event restyles every page), or other files. Of
 * those, either all pages must reload (a file a page may embed changed:
 * under assets/, charts/ or badges/, or the change is not known file by
 * file), or only those that keys name: a page ("providers/a/index.html")
 * or a folder ("search/", "" for the top) whose files other than pages
 * changed, for the pages in it (search/index.html embeds search/index.js).
 */
struct serve_change {
	bool css, other, all;
	char **keys;
	size_t n;
};

/* A page or folder, and the generation that last changed it. */
struct serve_page_gen {
	char *key;
	uint64_t gen;
};

struct serve_state {
	pthread_mutex_t lock;
	/* held for reading while a request opens a file of the site, for
	 * writing while a rebuild moves its files into the site's folder:
	 * a request sees the site before the rebuild or after it, whole */
	pthread_rwlock_t files;
	pthread_cond_t cond;       /* signalled when seq grows or stopping */
	struct serve_site *site;   /* last good build, or NULL */
	char *errors;              /* HTML-escaped diagnostics of a failed build, or NULL */
	uint64_t seq;              /* generation of what is shown */
	uint64_t other_gen;        /* the last generation that changed more than
	                              the stylesheets */
	uint64_t all_gen;          /* ... that changed every page */
	uint64_t css_gen;          /* ... that changed the stylesheets */
	struct serve_page_gen *pages; /* ... that changed each page or folder */
	size_t npages, cap;
	struct htab page_t;        /* hash_str(key) -> pages */
	bool stopping;
	char **dead;               /* folders of sites no longer served nor read,
	                              to remove while no rebuild runs (serve_reap) */
	size_t ndead, capdead;
	const char *bind;          /* the address served, as given (--bind) */
	unsigned port;             /* ... and its port: the Host a request must name */
	char self[256];            /* the machine's name (gethostname), or "" */
};

void serve_state_init(struct serve_state *s);
void serve_state_release(struct serve_state *s);

/* Takes a reference on the current site (NULL if none); give it back with
 * serve_site_put(). Copies the error text (malloc'd, or NULL) into *errors
 * and the generation into *seq when those are not NULL. */
struct serve_site *serve_site_get(struct serve_state *s, char **errors,
    uint64_t *seq);
void serve_site_put(struct serve_state *s, struct serve_site *site);

/* Publishes a new site (takes ownership of path) and clears the errors;
 * ch says what changed (NULL: everything). path NULL: the current site's
 * folder was updated in place. */
void serve_publish(struct serve_state *s, char *path,
    const struct serve_change *ch);
/* The generation that last changed page or folder key (0: none); the lock
 * is held. */
uint64_t serve_page_gen(const struct serve_state *s, const char *key);
/* Shows errors (takes ownership of the HTML text) on every page. */
void serve_fail(struct serve_state *s, char *errors_html);
/*
 * Removes one folder of a site no longer served nor read (a site's last
 * reference queues its folder instead of removing it: the rebuild that
 * replaced it is not held up by it). Returns whether more are queued.
 */
bool serve_reap(struct serve_state *s);
/* Whether a folder is queued for serve_reap. */
bool serve_reap_due(struct serve_state *s);
/* Wakes every waiting live-reload client so that it ends. */
void serve_stop(struct serve_state *s);

struct MHD_Daemon;
/* Starts the server on a listening socket (taken over). NULL on failure. */
struct MHD_Daemon *serve_http_start(struct serve_state *s, int listen_fd);
void serve_http_stop(struct MHD_Daemon *daemon);

struct MHD_Response;
struct MHD_Connection;
/*
 * The live-reload event stream (one per browser tab). It ends within
 * SERVE_GONE_MS of the browser closing it, so that its thread is not held.
 */
struct MHD_Response *serve_events_response(struct serve_state *s,
    struct MHD_Connection *conn);
#define SERVE_GONE_MS 200

/*
 * Whether a request's Host header names this server: the address and port
 * it serves, or localhost, 127.0.0.1 or [::1] with that port; when it
 * serves every address (0.0.0.0 or ::), also an IP address or the
 * machine's own name self (and self.local) with that port. A host name
 * other than these is refused, so that a page of another site cannot reach
 * the preview by pointing its name at 127.0.0.1 (DNS rebinding). NULL (no
 * Host) is refused too.
 */
bool serve_host_ok(const char *bind, unsigned port, const char *self,
    const char *host);

/*
 * The live-reload script for a page of generation seq, malloc'd. It opens
 * the stream with the page's path and seq (?page=/a/b/&seen=N): the stream
 * sends "reload" only when that page (or every page) changed after seen.
 */
char *serve_reload_script(uint64_t seq);
/* The file a page's path shows ("/a/b/" is "a/b/index.html"), decoded as
 * a request's (serve_path.h); NULL when it is not an HTML page or not a
 * path. malloc'd. */
char *serve_page_file(const char *path);
/*
 * What a stream must send once the generation has moved past seen, the
 * one its page was served with: "reload" when page (a serve_page_file; NULL:
 * any page, which reloads on every change but of the stylesheets alone),
 * its folder ("a/b/") or every page changed after seen; else "css" when the
 * stylesheets did; else NULL, nothing. seen 0: "reload". The lock is held.
 */
const char *serve_event_due(const struct serve_state *s, const char *page,
    const char *folder, uint64_t seen);
/* Inserts the script before the last </body> (or at the end) of an HTML page. */
void serve_inject(struct buf *page, const char *script);

/* Content hashes of a built folder: CSS files, and everything else. */
struct site_hash {
	uint64_t css;
	uint64_t other;
};
int site_hash_dir(const char *path, struct site_hash *h);

/* The watcher: inotify on DIR/content, DIR/templates and DIR/assets. */
struct watch;
/* On success, free with watch_free(); NULL + errno on failure. */
struct watch *watch_new(const char *dir);
void watch_free(struct watch *w);
int watch_fd(const struct watch *w);
/* Reads pending events; true when one of them is a change worth a rebuild. */
bool watch_read(struct watch *w);

#endif
