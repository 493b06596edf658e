/*
 * serve_http.c: the HTTP side of `podium serve`, on libmicrohttpd with a
 * thread per connection. GET and HEAD only; files from the current build
 * folder only (serve_path.c); HTML pages get the live-reload script; while
 * the last build failed, pages are replaced by the list of its errors.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <sys/socket.h>

#include "serve.h"
#include "serve_mhd.h"
#include "serve_path.h"

#define ALLOWED "GET, HEAD"

/*
 * Slow or idle clients: at most PER_ADDRESS connections from one address
 * at a time (a browser opens 6 to a host, live-reload streams included),
 * and a connection with nothing sent or received for IDLE_SECONDS is
 * closed (the live-reload stream sends a ping more often than that).
 */
#define PER_ADDRESS 32
#define IDLE_SECONDS 10
/*
 * Slow clients: a connection has HEADER_SECONDS to send a request's
 * headers (from its start, or from the end of its previous request), or
 * it is closed, however slowly it trickles bytes in. And when an address
 * has more than PER_ADDRESS connections waiting for their headers, the
 * oldest of them is closed to make room, so that a client sending a byte a
 * second on every connection it may have cannot lock others at the same
 * address (every local client is 127.0.0.1) out. libmicrohttpd's own cap
 * (MHD_PER_ADDRESS) counts answered connections too (live-reload streams).
 */
#define HEADER_SECONDS 5
#define MHD_PER_ADDRESS 128
#define MAX_CONNECTIONS 512

/* A connection and whether it is waiting for a request's headers. */
struct guarded {
	int fd;
	struct sockaddr_storage addr;
	socklen_t addrlen;
	double since;		/* when it began waiting */
	bool waiting;
	struct guarded *prev, *next;
};

/* The connections of the one server a process runs, under lock. */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct guarded *head;
	pthread_t thread;
	bool running, stop;
} guard = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0,
    false, false};

static const struct {
	const char *ext;
	const char *type;
} mime_types[] = {
	{".html", "text/html; charset=utf-8"},
	{".css", "text/css; charset=utf-8"},
	{".js", "text/javascript; charset=utf-8"},
	{".svg", "image/svg+xml"},
	{".png", "image/png"},
	{".pdf", "application/pdf"},
	{".json", "application/json"},
	{".csv", "text/csv; charset=utf-8"},
	{".xml", "application/xml"},
	{".txt", "text/plain; charset=utf-8"},
	{".woff2", "font/woff2"},
	{".woff", "font/woff"},
	{".ico", "image/x-icon"},
	{".jpg", "image/jpeg"},
	{".jpeg", "image/jpeg"},
	{".gif", "image/gif"},
	{".webp", "image/webp"},
};

static const char *
mime_type(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mime_types); i++)
		if (str_ends(name, mime_types[i].ext))
			return mime_types[i].type;
	return "application/octet-stream";
}

static enum MHD_Result
respond(struct MHD_Connection *conn, unsigned status, struct MHD_Response *r,
    const char *type)
{
	enum MHD_Result rc;

	if (r == NULL)
		return MHD_NO;
	if (type != NULL)
		MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	rc = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return rc;
}

/* A response that owns b's storage. */
static struct MHD_Response *
from_buf(struct buf *b)
{
	size_t len;
	char *p = buf_detach(b, &len);

	return MHD_create_response_from_buffer(len, p, MHD_RESPMEM_MUST_FREE);
}

static enum MHD_Result
respond_text(struct MHD_Connection *conn, unsigned status, const char *text)
{
	struct buf b = BUF_INIT;

	buf_puts(&b, text);
	return respond(conn, status, from_buf(&b), "text/plain; charset=utf-8");
}

/* A page of podium's own (errors, not found), with the reload script. */
static enum MHD_Result
respond_own_page(struct MHD_Connection *conn, unsigned status,
    const char *title, const char *body_html, uint64_t seq)
{
	struct buf b = BUF_INIT;
	char *script = serve_reload_script(seq);

	buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "<meta name=\"viewport\" content=\"width=device-width\">"
	    "<title>%s</title><style>body{font:16px/1.5 system-ui,sans-serif;"
	    "margin:2rem;max-width:60rem}pre{white-space:pre-wrap;background:#fee;"
	    "color:#600;padding:1rem;border-left:4px solid #c00}</style></head>\n"
	    "<body>\n<h1>%s</h1>\n%s\n%s</body></html>\n", title, title,
	    body_html, script);
	free(script);
	return respond(conn, status, from_buf(&b), "text/html; charset=utf-8");
}

static enum MHD_Result
respond_errors(struct MHD_Connection *conn, const char *errors, uint64_t seq)
{
	struct buf b = BUF_INIT;
	enum MHD_Result rc;

	buf_printf(&b, "<p>The last build failed; this page reloads once the "
	    "files are fixed.</p>\n<pre id=\"podium-errors\">%s</pre>", errors);
	rc = respond_own_page(conn, 500, "podium: build failed", b.data, seq);
	buf_release(&b);
	return rc;
}

/* An HTML file from the site, read whole, with the script injected. */
static enum MHD_Result
respond_html(struct MHD_Connection *conn, unsigned status, int fd, uint64_t seq)
{
	struct buf b = BUF_INIT;
	char chunk[65536], *script;
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		buf_add(&b, chunk, (size_t)n);
	close(fd);
	if (n == -1) {
		buf_release(&b);
		return respond_text(conn, 500, "cannot read the file\n");
	}
	script = serve_reload_script(seq);
	serve_inject(&b, script);
	free(script);
	return respond(conn, status, from_buf(&b), "text/html; charset=utf-8");
}

/*
 * req_path_open in the site, under the files lock (serve.h): a rebuild
 * moves its files in while no request opens one, so a request has the
 * file as it was before the rebuild or as it is after, and once open,
 * keeps its bytes whatever replaces it.
 */
static enum found
site_open(struct serve_state *s, const struct serve_site *site,
    const struct req_path *p, int *fd, struct stat *st, const char **name)
{
	enum found found;

	pthread_rwlock_rdlock(&s->files);
	found = req_path_open(site->dirfd, p, fd, st, name);
	pthread_rwlock_unlock(&s->files);
	return found;
}

static enum MHD_Result
respond_not_found(struct MHD_Connection *conn, struct serve_state *s,
    struct serve_site *site, uint64_t seq)
{
	struct req_path p = {NULL, 0, false};
	const char *name;
	struct stat st;
	int fd;

	p.seg = (char *[]){"404.html"};
	p.nseg = 1;
	if (site != NULL && site->dirfd != -1 &&
	    site_open(s, site, &p, &fd, &st, &name) == FOUND_FILE)
		return respond_html(conn, 404, fd, seq);
	return respond_own_page(conn, 404, "Not found",
	    "<p>There is no such page in the site.</p>", seq);
}

static enum MHD_Result
respond_redirect(struct MHD_Connection *conn, const char *url)
{
	struct MHD_Response *r;
	char *to = xasprintf("%s/", url);

	r = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
	if (r != NULL)
		MHD_add_response_header(r, "Location", to);
	free(to);
	return respond(conn, 301, r, NULL);
}

static enum MHD_Result
respond_file(struct MHD_Connection *conn, int fd, const struct stat *st,
    const char *name, uint64_t seq)
{
	if (str_ends(name, ".html"))
		return respond_html(conn, 200, fd, seq);
	return respond(conn, 200,
	    MHD_create_response_from_fd((uint64_t)st->st_size, fd), mime_type(name));
}

/* Serves a path that parsed cleanly from the current site. */
static enum MHD_Result
serve_path(struct MHD_Connection *conn, struct serve_state *s, const char *url,
    const struct req_path *p)
{
	struct serve_site *site;
	enum found found = FOUND_NONE;
	const char *name = "";
	struct stat st;
	char *errors;
	uint64_t seq;
	enum MHD_Result rc;
	int fd = -1;

	site = serve_site_get(s, &errors, &seq);
	if (site != NULL && site->dirfd != -1)
		found = site_open(s, site, p, &fd, &st, &name);
	if (found == FOUND_FOLDER)
		rc = respond_redirect(conn, url);
	else if (found == FOUND_REFUSED)
		rc = respond_text(conn, 403, "forbidden\n");
	else if (errors != NULL && (found == FOUND_NONE || str_ends(name, ".html"))) {
		if (fd != -1)
			close(fd);
		rc = respond_errors(conn, errors, seq);
	} else if (found == FOUND_NONE)
		rc = respond_not_found(conn, s, site, seq);
	else
		rc = respond_file(conn, fd, &st, name, seq);
	free(errors);
	serve_site_put(s, site);
	return rc;
}

/* An IP address of family af, written as such (no name, no number alone). */
static bool
ip_literal(int af, const char *s)
{
	unsigned char a[16];

	return inet_pton(af, s, a) == 1;
}

/* The same IPv6 address, in any of its spellings. */
static bool
same_ip6(const char *x, const char *y)
{
	unsigned char a[16], b[16];

	return inet_pton(AF_INET6, x, a) == 1 && inet_pton(AF_INET6, y, b) == 1 &&
	    memcmp(a, b, sizeof(a)) == 0;
}

bool
serve_host_ok(const char *bind, unsigned port, const char *self, const char *host)
{
	char name[256];
	const char *start, *rest;
	unsigned long got = 0;
	size_t n, digits;
	bool bracket = host != NULL && host[0] == '[';

	if (host == NULL)
		return false;
	if (bracket) {
		start = host + 1;
		if ((rest = strchr(start, ']')) == NULL)
			return false;
		n = (size_t)(rest - start);
		rest++;
	} else {
		start = host;
		n = strcspn(host, ":");
		rest = host + n;
	}
	if (n == 0 || n >= sizeof(name))
		return false;
	memcpy(name, start, n);
	name[n] = '\0';
	if (*rest == '\0') {
		if (port != 80)
			return false;
	} else {
		if (*rest++ != ':')
			return false;
		for (digits = 0; rest[digits] >= '0' && rest[digits] <= '9'; digits++)
			if (digits < 6)
				got = got * 10 + (unsigned long)(rest[digits] - '0');
		/* as a browser writes it: no sign, no leading zero */
		if (digits == 0 || digits > 5 || rest[digits] != '\0' || got != port ||
		    (digits > 1 && rest[0] == '0'))
			return false;
	}
	if (bracket) {
		if (same_ip6(name, "::1") || (strchr(bind, ':') && same_ip6(name, bind)))
			return true;
		return strcmp(bind, "::") == 0 && ip_literal(AF_INET6, name);
	}
	if (strcasecmp(name, "localhost") == 0 || strcmp(name, "127.0.0.1") == 0 ||
	    strcasecmp(name, bind) == 0)
		return true;
	if (strcmp(bind, "0.0.0.0") != 0 && strcmp(bind, "::") != 0)
		return false;
	n = self != NULL ? strlen(self) : 0;
	return ip_literal(AF_INET, name) || (n > 0 && strncasecmp(name, self, n) == 0 &&
	    (name[n] == '\0' || strcasecmp(name + n, ".local") == 0));
}

/* 421: the request names another host (a DNS-rebinding page, say). */
static enum MHD_Result
respond_misdirected(struct MHD_Connection *conn, const struct serve_state *s)
{
	bool v6 = strchr(s->bind, ':') != NULL;
	char *text = xasprintf("this server answers requests for http://%s%s%s:%u/ "
	    "and http://localhost:%u/ only\n", v6 ? "[" : "", s->bind, v6 ? "]" : "",
	    s->port, s->port);
	enum MHD_Result rc = respond_text(conn, 421, text);

	free(text);
	return rc;
}

static double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool
same_address(const struct guarded *a, const struct guarded *b)
{
	const struct sockaddr *x = (const void *)&a->addr, *y = (const void *)&b->addr;

	if (x->sa_family != y->sa_family)
		return false;
	if (x->sa_family == AF_INET)
		return ((const struct sockaddr_in *)(const void *)x)->sin_addr.s_addr ==
		    ((const struct sockaddr_in *)(const void *)y)->sin_addr.s_addr;
	if (x->sa_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)(const void *)x)->sin6_addr,
		    &((const struct sockaddr_in6 *)(const void *)y)->sin6_addr, 16) == 0;
	return false;
}

/* Closes g's connection under the guard's lock (libmicrohttpd then ends
 * it: its reads see the end of the stream). */
static void
guard_cut(struct guarded *g)
{
	shutdown(g->fd, SHUT_RDWR);
	g->waiting = false;
}

/* A new connection: past PER_ADDRESS waiting at its address, the oldest
 * waiting one is closed. */
static void
guard_add(struct guarded *g)
{
	struct guarded *c, *oldest = NULL;
	unsigned n = 0;

	pthread_mutex_lock(&guard.lock);
	g->next = guard.head;
	if (guard.head != NULL)
		guard.head->prev = g;
	guard.head = g;
	for (c = g; c != NULL; c = c->next)
		if (c->waiting && same_address(c, g)) {
			n++;
			if (oldest == NULL || c->since <= oldest->since)
				oldest = c;
		}
	if (n > PER_ADDRESS && oldest != NULL)
		guard_cut(oldest);
	pthread_mutex_unlock(&guard.lock);
}

static void
guard_remove(struct guarded *g)
{
	pthread_mutex_lock(&guard.lock);
	if (g->prev != NULL)
		g->prev->next = g->next;
	else
		guard.head = g->next;
	if (g->next != NULL)
		g->next->prev = g->prev;
	pthread_mutex_unlock(&guard.lock);
	free(g);
}

static void
guard_mark(struct MHD_Connection *conn, bool waiting)
{
	const union MHD_ConnectionInfo *ci =
	    MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct guarded *g = ci != NULL ? ci->socket_context : NULL;

	if (g == NULL)
		return;
	pthread_mutex_lock(&guard.lock);
	g->waiting = waiting;
	g->since = mono_now();
	pthread_mutex_unlock(&guard.lock);
}

static void
on_connection(void *cls, struct MHD_Connection *conn, void **ctx,
    enum MHD_ConnectionNotificationCode code)
{
	const union MHD_ConnectionInfo *fd, *addr;
	struct guarded *g;

	(void)cls;
	if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
		if (*ctx != NULL)
			guard_remove(*ctx);
		*ctx = NULL;
		return;
	}
	fd = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	addr = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	if (fd == NULL || addr == NULL || addr->client_addr == NULL)
		return;
	g = xcalloc(1, sizeof(*g));
	g->fd = fd->connect_fd;
	g->addrlen = addr->client_addr->sa_family == AF_INET6 ?
	    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
	memcpy(&g->addr, addr->client_addr, g->addrlen);
	g->waiting = true;
	g->since = mono_now();
	guard_add(g);
	*ctx = g;
}

/* A request ended: the connection waits for the next one's headers. */
static void
on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	(void)cls;
	(void)con_cls;
	(void)toe;
	guard_mark(conn, true);
}

/* Once a second, closes the connections past their headers' deadline. */
static void *
guard_run(void *arg)
{
	struct timespec at;
	struct guarded *g;
	double now;

	(void)arg;
	pthread_mutex_lock(&guard.lock);
	while (!guard.stop) {
		clock_gettime(CLOCK_REALTIME, &at);
		at.tv_sec += 1;
		pthread_cond_timedwait(&guard.wake, &guard.lock, &at);
		now = mono_now();
		for (g = guard.head; g != NULL; g = g->next)
			if (g->waiting && now - g->since > HEADER_SECONDS)
				guard_cut(g);
	}
	pthread_mutex_unlock(&guard.lock);
	return NULL;
}

static enum MHD_Result
handle(void *cls, struct MHD_Connection *conn, const char *url,
    const char *method, const char *version, const char *upload_data,
    size_t *upload_data_size, void **con_cls)
{
	struct serve_state *s = cls;
	struct MHD_Response *r;
	struct req_path p;
	enum MHD_Result rc;

	(void)version;
	(void)upload_data;
	(void)upload_data_size;
	(void)con_cls;
	guard_mark(conn, false);
	if (!serve_host_ok(s->bind, s->port, s->self,
	    MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host")))
		return respond_misdirected(conn, s);
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
		r = MHD_create_response_from_buffer(19, "method not allowed\n",
		    MHD_RESPMEM_PERSISTENT);
		if (r != NULL)
			MHD_add_response_header(r, "Allow", ALLOWED);
		return respond(conn, 405, r, "text/plain; charset=utf-8");
	}
	if (strcmp(url, SERVE_EVENTS_PATH) == 0)
		return respond(conn, 200, serve_events_response(s, conn), NULL);
	if (req_path_parse(url, &p) == -1)
		return respond_text(conn, 400, "bad request path\n");
	rc = serve_path(conn, s, url, &p);
	req_path_free(&p);
	return rc;
}

static void
guard_end(void)
{
	if (!guard.running)
		return;
	pthread_mutex_lock(&guard.lock);
	guard.stop = true;
	pthread_cond_signal(&guard.wake);
	pthread_mutex_unlock(&guard.lock);
	pthread_join(guard.thread, NULL);
	guard.running = false;
}

/* Leaves the path as sent: serve_path.c decodes it, refusing what it must. */
static size_t
unescape_none(void *cls, struct MHD_Connection *conn, char *uri)
{
	(void)cls;
	(void)conn;
	return strlen(uri);
}

struct MHD_Daemon *
serve_http_start(struct serve_state *s, int listen_fd)
{
	struct MHD_Daemon *d;

	guard.stop = false;
	if (pthread_create(&guard.thread, NULL, guard_run, NULL) != 0)
		return NULL;
	guard.running = true;
	d = MHD_start_daemon(MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD |
	    MHD_USE_THREAD_PER_CONNECTION, 0, NULL, NULL, handle, s,
	    MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
	    MHD_OPTION_UNESCAPE_CALLBACK, unescape_none, NULL,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS,
	    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)MHD_PER_ADDRESS,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
	    MHD_OPTION_NOTIFY_CONNECTION, on_connection, NULL,
	    MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
	    MHD_OPTION_END);
	if (d == NULL)
		guard_end();
	return d;
}

void
serve_http_stop(struct MHD_Daemon *daemon)
{
	if (daemon != NULL)
		MHD_stop_daemon(daemon);
	guard_end();
}
