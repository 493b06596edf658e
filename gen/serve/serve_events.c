/*
 * serve_events.c: live reload. Every HTML page gets a script that listens on
 * SERVE_EVENTS_PATH (Server-Sent Events), naming the page it shows and the
 * generation it was served with (?page=/a/b/&seen=N). The stream starts
 * with a "hello" carrying the generation the server shows now. Then, each
 * time the generation moves past what the page has seen: "reload" when the
 * page changed since (its file, a file of its folder, a file every page may
 * embed, or the error page, which is on every page), else "css" when the
 * stylesheets did, else nothing: a page that did not change is left alone.
 * So a rebuild that finished between the page load and the connection still
 * reloads it, and a stream that reconnects does not reload what did not
 * change. A stream that names no page (or one that is not an HTML page)
 * reloads on every change but of the stylesheets alone. Each stream runs in its own connection thread
 * and waits on the state's condition variable, so it blocks no one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sys/socket.h>

#include "serve_mhd.h"

#include "serve.h"
#include "serve_path.h"

/* below the server's idle timeout (serve_http.c), which the ping resets */
#define PING_SECONDS 4

struct sse_client {
	struct serve_state *s;
	uint64_t seen;   /* generation the client knows */
	bool hello;      /* the hello is sent */
	char *page;      /* the page's file ("a/b/index.html"), or NULL: any */
	char *folder;    /* its folder ("a/b/", "" at the top) */
	int fd;          /* the connection's socket, -1 if unknown */
	bool gone;       /* the browser has closed it */
};

char *
serve_reload_script(uint64_t seq)
{
	return xasprintf(
	    "<script>/* podium serve: live reload */\n"
	    "(function(){var g=%llu,s=new EventSource(\"%s?page=\"+"
	    "encodeURIComponent(location.pathname)+\"&seen=\"+g);\n"
	    "s.addEventListener(\"reload\",function(){s.close();location.reload();});\n"
	    "s.addEventListener(\"css\",function(e){"
	    "var l=document.querySelectorAll('link[rel=\"stylesheet\"]');"
	    "for(var i=0;i<l.length;i++){var u=new URL(l[i].href);"
	    "u.searchParams.set(\"podium\",e.data);l[i].href=u.href;}});})();\n"
	    "</script>\n", (unsigned long long)seq, SERVE_EVENTS_PATH);
}

char *
serve_page_file(const char *path)
{
	struct req_path p;
	struct buf b = BUF_INIT;
	size_t i;

	if (path == NULL || req_path_parse(path, &p) != 0)
		return NULL;
	for (i = 0; i < p.nseg; i++) {
		if (i > 0)
			buf_putc(&b, '/');
		buf_puts(&b, p.seg[i]);
	}
	if (p.slash || p.nseg == 0)
		buf_puts(&b, p.nseg == 0 ? "index.html" : "/index.html");
	req_path_free(&p);
	if (!str_ends(b.data != NULL ? b.data : "", ".html")) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

const char *
serve_event_due(const struct serve_state *s, const char *page,
    const char *folder, uint64_t seen)
{
	if (seen == 0 || (page == NULL ? s->other_gen > seen :
	    s->all_gen > seen || serve_page_gen(s, page) > seen ||
	    serve_page_gen(s, folder) > seen))
		return "reload";
	if (s->css_gen > seen)
		return "css";
	return NULL;
}

void
serve_inject(struct buf *page, const char *script)
{
	size_t n = strlen(script), at = page->len, i;

	for (i = page->len; i >= 7; i--)
		if (strncasecmp(page->data + i - 7, "</body>", 7) == 0) {
			at = i - 7;
			break;
		}
	buf_grow(page, n);
	memmove(page->data + at + n, page->data + at, page->len - at + 1);
	memcpy(page->data + at, script, n);
	page->len += n;
}

/*
 * Whether the browser has closed the stream: an end of file (or an error)
 * waiting on the socket. A browser sends nothing on it after its request.
 */
static bool
peer_gone(int fd)
{
	char ch;
	ssize_t n;

	if (fd == -1)
		return false;
	n = recv(fd, &ch, 1, MSG_PEEK | MSG_DONTWAIT);
	return n == 0 || (n == -1 && errno != EAGAIN && errno != EWOULDBLOCK &&
	    errno != EINTR);
}

static bool
ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/*
 * Waits until the generation moves, the server stops, a ping is due, or
 * the browser goes away (looked at every SERVE_GONE_MS: a closed stream
 * would otherwise hold its thread until the next ping's write failed).
 */
static void
sse_wait(struct sse_client *c)
{
	struct serve_state *s = c->s;
	struct timespec until, slice;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += PING_SECONDS;
	while (!s->stopping && s->seq == c->seen) {
		clock_gettime(CLOCK_REALTIME, &slice);
		slice.tv_nsec += SERVE_GONE_MS * 1000000L;
		if (slice.tv_nsec >= 1000000000L) {
			slice.tv_sec++;
			slice.tv_nsec -= 1000000000L;
		}
		if (ts_before(&until, &slice))
			slice = until;
		if (pthread_cond_timedwait(&s->cond, &s->lock, &slice) == ETIMEDOUT &&
		    !ts_before(&slice, &until))
			break;
		if (peer_gone(c->fd)) {
			c->gone = true;
			break;
		}
	}
}

static ssize_t
sse_read(void *cls, uint64_t pos, char *out, size_t max)
{
	struct sse_client *c = cls;
	struct serve_state *s = c->s;
	const char *ev;
	int n;

	(void)pos;
	pthread_mutex_lock(&s->lock);
	if (!c->hello) {
		c->hello = true;
		/* none given: from now on; one the page cannot have seen
		 * (another server's): 0, stale */
		if (c->seen == 0)
			c->seen = s->seq;
		else if (c->seen > s->seq)
			c->seen = 0;
		n = snprintf(out, max, "retry: 500\nevent: hello\ndata: %llu\n\n",
		    (unsigned long long)s->seq);
	} else {
		for (;;) {
			sse_wait(c);
			if (c->gone) {
				pthread_mutex_unlock(&s->lock);
				return MHD_CONTENT_READER_END_WITH_ERROR;
			}
			if (s->stopping) {
				pthread_mutex_unlock(&s->lock);
				return MHD_CONTENT_READER_END_OF_STREAM;
			}
			if (s->seq == c->seen) {
				n = snprintf(out, max, ": ping\n\n");
				break;
			}
			ev = serve_event_due(s, c->page, c->folder, c->seen);
			c->seen = s->seq;
			if (ev != NULL) {
				n = snprintf(out, max, "event: %s\ndata: %llu\n\n", ev,
				    (unsigned long long)c->seen);
				break;
			}
			/* a change this page does not show: wait on */
		}
	}
	pthread_mutex_unlock(&s->lock);
	return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : n;
}

static void
sse_free(void *cls)
{
	struct sse_client *c = cls;

	free(c->page);
	free(c->folder);
	free(c);
}

struct MHD_Response *
serve_events_response(struct serve_state *s, struct MHD_Connection *conn)
{
	struct sse_client *c = xcalloc(1, sizeof(*c));
	const union MHD_ConnectionInfo *ci;
	struct MHD_Response *r;
	const char *seen, *slash, *page;
	char *end, *raw;

	c->s = s;
	/* the server unescapes nothing (serve_http.c): the script's
	 * encodeURIComponent is undone here, once, giving the path as the
	 * browser has it, whose segments serve_page_file decodes */
	if ((page = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND,
	    "page")) != NULL) {
		raw = xstrdup(page);
		raw[MHD_http_unescape(raw)] = '\0';
		c->page = serve_page_file(raw);
		free(raw);
	}
	if (c->page != NULL) {
		slash = strrchr(c->page, '/');
		c->folder = slash != NULL ?
		    xstrndup(c->page, (size_t)(slash - c->page + 1)) : xstrdup("");
	}
	seen = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "seen");
	if (seen != NULL && *seen >= '0' && *seen <= '9') {
		c->seen = strtoull(seen, &end, 10);
		if (*end != '\0' || c->seen == 0)
			c->seen = UINT64_MAX;   /* garbage: as stale */
	}
	ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	c->fd = ci != NULL ? ci->connect_fd : -1;
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, sse_read,
	    c, sse_free);
	if (r == NULL) {
		sse_free(c);
		return NULL;
	}
	MHD_add_response_header(r, "Content-Type", "text/event-stream");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	return r;
}
