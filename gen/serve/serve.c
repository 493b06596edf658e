/*
 * serve.c: `podium serve`: build into a private folder, serve it, watch the
 * project and rebuild on change, until SIGINT or SIGTERM.
 *
 * The first build goes into a fresh folder (TMP/site-N), staged and swapped
 * in as `podium build` does. Each rebuild then updates that folder in place
 * (publish.h, "applied in place"): it hashes each file as it makes it,
 * compares the hash with the one kept for the served file (the site is
 * never read back), writes only the files that differ, into a staging
 * folder beside it, and once the build succeeded moves those in, each by a
 * rename, and removes the files the build no longer makes. While the files
 * move (a few renames), the server holds its requests' opens (serve.h, the
 * files lock): a browser gets every file as it was before the rebuild or
 * as it is after, each whole, never a mix of a half-moved site within one
 * request; a page fetched before the move and a chart after it are told
 * apart by the live-reload stream, which reloads the page. A failed build
 * changes nothing served, and turns every page into the list of its
 * errors, until a build succeeds again. Should an update fail half way (a
 * rename refused), the next rebuild writes a whole new folder (site-N+1),
 * which replaces the served one.
 */
#include <errno.h>
#include <getopt.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <netinet/in.h>

#include "build.h"
#include "cmd.h"
#include "escape.h"
#include "load.h"
#include "markdown.h"
#include "podium.h"
#include "render.h"
#include "serve.h"
#include "serve_mhd.h"

#define DEBOUNCE_MS 50
#define DEBOUNCE_MAX_MS 500
#define DEFAULT_PORT 8000
#define PORT_TRIES 20

static const char serve_usage[] =
    "usage: podium serve [-C DIR] [-p PORT] [--bind ADDR] [--no-drafts] [--pdf] [-v]\n";

struct server {
	const char *dir;
	const char *bind;
	unsigned port;
	bool port_given;
	bool drafts;
	bool pdf;                /* also rebuild report.pdf (slow: off by default) */
	bool verbose;
	struct chart_memo *charts; /* kept between rebuilds: only what changed is redrawn */
	struct load_cache *yaml;   /* kept between rebuilds: only the YAML files
	                              whose bytes changed are parsed again */
	struct md_cache *md;       /* ... and only the Markdown texts that changed */
	struct html_memo *pages;   /* what each provider's page made, kept under
	                              its input key: only the pages whose inputs
	                              changed are built */
	struct site_prev *prev;  /* the served site's files: a rebuild writes
	                            only those that come out different, and
	                            updates the served folder in place */
	char *served;            /* the served folder, while prev holds its files */
	char *tmp;               /* the private folder, removed on exit */
	unsigned nbuilds;
	bool have_hash;
	struct site_hash hash;   /* of the site served now */
	struct serve_state state;
};

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The diagnostics as diag_print writes them, HTML-escaped; malloc'd. */
static char *
errors_html(const struct diag *d)
{
	struct buf b = BUF_INIT, line = BUF_INIT;
	size_t i;

	for (i = 0; i < d->n && i < DIAG_MAX_SHOWN; i++) {
		buf_reset(&line);
		diag_format(&d->v[i], d->strict, &line);
		esc_html(&b, line.data);
		buf_putc(&b, '\n');
	}
	if (d->n > DIAG_MAX_SHOWN)
		buf_printf(&b, "podium: error: %zu more diagnostics not shown\n",
		    d->n - DIAG_MAX_SHOWN);
	if (d->n == 0)
		buf_puts(&b, "podium: error: the build failed\n");
	buf_release(&line);
	return buf_detach(&b, NULL);
}

/* Whether a file a page may embed changed: every page reloads. */
static bool
shared_file(const char *rel)
{
	return str_starts(rel, "assets/") || str_starts(rel, "charts/") ||
	    str_starts(rel, "badges/");
}

static int
str_ptr_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds what changed file rel means to ch: its page, or its folder (a
 * stylesheet is counted by the hashes, a "css" event). */
static void
note_changed(struct serve_change *ch, const char *rel, size_t *cap)
{
	const char *slash = strrchr(rel, '/');

	if (str_ends(rel, ".css"))
		return;
	if (shared_file(rel)) {
		ch->all = true;
		return;
	}
	ch->keys = xgrow(ch->keys, sizeof(char *), ch->n + 1, cap);
	ch->keys[ch->n++] = str_ends(rel, ".html") ? xstrdup(rel) :
	    slash != NULL ? xstrndup(rel, (size_t)(slash - rel + 1)) : xstrdup("");
}

/*
 * What changed from the site served now (sv->prev, hash sv->hash) to the
 * one just built (now, hash h): from the hashes, whether the stylesheets
 * and other files changed; from the two lists of files, which pages and
 * folders did. Without both lists, every page reloads.
 */
static void
change_of(struct server *sv, const struct site_hash *h,
    const struct site_prev *now, struct serve_change *ch)
{
	const char *rel;
	uint64_t fh;
	size_t i, n, fsize, cap = 0;

	memset(ch, 0, sizeof(*ch));
	ch->css = !sv->have_hash || h->css != sv->hash.css;
	ch->other = !sv->have_hash || h->other != sv->hash.other;
	sv->hash = *h;
	sv->have_hash = true;
	if (!ch->other)
		return;
	if (sv->prev == NULL || now == NULL) {
		ch->all = true;
		return;
	}
	n = site_prev_count(now);
	for (i = 0; i < n && !ch->all; i++) {
		rel = site_prev_file(now, i, &fh, &fsize);
		if (!site_prev_same(sv->prev, rel, fh, fsize))
			note_changed(ch, rel, &cap);
	}
	n = site_prev_count(sv->prev);
	for (i = 0; i < n && !ch->all; i++) {
		rel = site_prev_file(sv->prev, i, &fh, &fsize);
		if (!site_prev_same(now, rel, fh, fsize))
			note_changed(ch, rel, &cap);
	}
	/* the hashes differ and no file does: not known which, so all */
	if (ch->n == 0)
		ch->all = true;
	/* a changed file is met in both lists; a folder's files many times */
	if (ch->n > 1)
		qsort(ch->keys, ch->n, sizeof(char *), str_ptr_cmp);
	for (i = n = 0; i < ch->n; i++)
		if (n > 0 && strcmp(ch->keys[n - 1], ch->keys[i]) == 0)
			free(ch->keys[i]);
		else
			ch->keys[n++] = ch->keys[i];
	ch->n = n;
}

/* What the browsers are told, for serve -v. */
static void
change_words(const struct serve_change *ch, char *out, size_t n)
{
	if (ch->all)
		snprintf(out, n, "every page reloads");
	else if (ch->other)
		snprintf(out, n, "%zu page%s or folder%s reload%s", ch->n,
		    ch->n == 1 ? "" : "s", ch->n == 1 ? "" : "s", ch->n == 1 ? "s" : "");
	else if (ch->css)
		snprintf(out, n, "every page restyles");
	else
		snprintf(out, n, "no page reloads");
}

static void
change_release(struct serve_change *ch)
{
	strv_free(ch->keys, ch->n);
	ch->keys = NULL;
	ch->n = 0;
}

static void
rebuild(struct server *sv)
{
	struct build_request rq;
	struct serve_change ch;
	struct site_hash h;
	struct diag d;
	double t0 = now_ms(), t1, change_ms = 0;
	char what[64] = "";
	char *out;
	size_t hits, parses, nkept_yaml, md_hits, md_puts, nkept_md;
	size_t pages_taken, pages_made;
	bool in_place = sv->prev != NULL && sv->served != NULL &&
	    !site_prev_broken(sv->prev);
	int rc;

	/* updated in place, or (the first build, or after an update that
	 * failed half way) a new folder */
	if (in_place)
		out = xstrdup(sv->served);
	else
		out = xasprintf("%s/site-%u", sv->tmp, ++sv->nbuilds);
	memset(&rq, 0, sizeof(rq));
	rq.dir = sv->dir;
	rq.out = out;
	rq.opts.drafts = sv->drafts;
	rq.opts.now = build_now();
	/* the preview is the site; the PDF only on request (--pdf) */
	rq.parts = PART_HTML | PART_DATA | (sv->pdf ? PART_PDF : 0);
	rq.write = true;
	rq.quiet = true;
	rq.charts_kept = sv->charts;
	rq.load_kept = sv->yaml;
	rq.md_kept = sv->md;
	rq.pages_kept = sv->pages;
	/* the build hashes what it writes: nothing is read back, and what is
	 * the same as in the site served now is not written again */
	rq.hash = true;
	rq.prev = in_place ? sv->prev : NULL;
	diag_init(&d);
	rc = build_run(&rq, &d);
	diag_print(&d, stderr);
	if (rq.hashed) {
		h.css = rq.hash_css;
		h.other = rq.hash_other;
	}
	if (rc == EXIT_OK && mkdir_p(out) == 0 && (rq.hashed || site_hash_dir(out, &h) == 0)) {
		t1 = now_ms();
		change_of(sv, &h, rq.prev_out, &ch);
		change_ms = now_ms() - t1;
		change_words(&ch, what, sizeof(what));
		if (in_place) {
			serve_publish(&sv->state, NULL, &ch);
		} else {
			free(sv->served);
			sv->served = xstrdup(out);
			serve_publish(&sv->state, out, &ch);
			out = NULL;
		}
		change_release(&ch);
		/* the next rebuild compares with this one, and updates its
		 * folder; none (not hashed): it writes a new folder and
		 * reloads every page */
		site_prev_free(sv->prev);
		sv->prev = rq.prev_out;
		rq.prev_out = NULL;
		site_prev_lock(sv->prev, &sv->state.files);
	} else {
		serve_fail(&sv->state, errors_html(&d));
		sv->have_hash = false;
		/* an update that failed half way: the served folder is not what
		 * prev says; the next build writes a new one */
		if (site_prev_broken(sv->prev)) {
			site_prev_free(sv->prev);
			sv->prev = NULL;
		}
	}
	site_prev_free(rq.prev_out);
	if (out != NULL && !in_place)
		remove_tree(out);
	free(out);
	nkept_yaml = load_cache_count(sv->yaml, &hits, &parses);
	nkept_md = md_cache_count(sv->md, &md_hits, &md_puts);
	pages_taken = html_memo_count(sv->pages, &pages_made);
	if (sv->verbose && what[0] != '\0')
		fprintf(stderr, "podium: built in %.1f ms (build %.1f ms: %s; "
		    "changes %.2f ms: %s; YAML files: %zu parsed, %zu taken as before, "
		    "%zu kept; Markdown texts: %zu parsed, %zu taken as before, %zu kept; "
		    "provider pages: %zu made, %zu taken as before; "
		    "%zu of %zu files kept)\n", now_ms() - t0,
		    rq.elapsed_ms, rq.timing, change_ms, what, parses, hits,
		    nkept_yaml, md_puts, md_hits, nkept_md, pages_made, pages_taken,
		    rq.nkept, rq.nfiles);
	else if (sv->verbose)
		fprintf(stderr, "podium: %s in %.1f ms (build %.1f ms: %s)\n",
		    rc == EXIT_OK ? "built" : "build failed", now_ms() - t0,
		    rq.elapsed_ms, rq.timing);
	diag_release(&d);
}

/*
 * Removes the private folder while the build's threads may still write in
 * it: a file made in a folder already emptied makes its removal fail, so
 * it is tried again (a build writes through its folder's descriptor, and
 * makes nothing once the folder is gone).
 */
static void
remove_hard(const char *path)
{
	for (int i = 0; i < 200 && remove_tree(path) != 0; i++)
		usleep(1000);
}

struct rebuild_watch {
	const char *tmp;
	int sigfd;
	int done[2];	/* a pipe: written when the rebuild is over */
};

/* While a rebuild runs: a stop signal abandons it (its folders removed)
 * and ends the process at once, instead of after the build. */
static void *
rebuild_watch_run(void *arg)
{
	struct rebuild_watch *rw = arg;
	struct signalfd_siginfo si;
	struct pollfd pf[2] = {{rw->sigfd, POLLIN, 0}, {rw->done[0], POLLIN, 0}};

	while (poll(pf, 2, -1) == -1 && errno == EINTR)
		;
	if ((pf[0].revents & POLLIN) == 0)
		return NULL;
	if (read(rw->sigfd, &si, sizeof(si)) < 0)
		(void)0;
	fputs("podium: stopped (the rebuild abandoned)\n", stderr);
	remove_hard(rw->tmp);
	_exit(EXIT_OK);
}

/* rebuild(), stopped by a signal on sigfd (-1: not watched). */
static void
rebuild_watched(struct server *sv, int sigfd)
{
	struct rebuild_watch rw = {sv->tmp, sigfd, {-1, -1}};
	pthread_t tid;
	bool watching = false;

	if (sigfd != -1 && pipe(rw.done) == 0) {
		watching = pthread_create(&tid, NULL, rebuild_watch_run, &rw) == 0;
		if (!watching) {
			close(rw.done[0]);
			close(rw.done[1]);
		}
	}
	rebuild(sv);
	if (!watching)
		return;
	if (write(rw.done[1], "", 1) < 0)
		(void)0;
	pthread_join(tid, NULL);
	close(rw.done[0]);
	close(rw.done[1]);
}

/* A listening socket on addr:port, or -1 with errno (EADDRINUSE if taken). */
static int
listen_on(const char *addr, unsigned port, unsigned *bound)
{
	struct addrinfo hints, *res = NULL;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	char portstr[16];
	int fd = -1, one = 1, saved, gai;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE;
	snprintf(portstr, sizeof(portstr), "%u", port);
	if ((gai = getaddrinfo(addr, portstr, &hints, &res)) != 0) {
		errno = gai == EAI_SYSTEM ? errno : EADDRNOTAVAIL;
		return -1;
	}
	if ((fd = socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, 0)) == -1)
		goto fail;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, res->ai_addr, res->ai_addrlen) == -1 || listen(fd, 64) == -1)
		goto fail;
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0)
		*bound = ntohs(ss.ss_family == AF_INET6 ?
		    ((struct sockaddr_in6 *)&ss)->sin6_port :
		    ((struct sockaddr_in *)&ss)->sin_port);
	freeaddrinfo(res);
	return fd;
fail:
	saved = errno;
	if (fd != -1)
		close(fd);
	freeaddrinfo(res);
	errno = saved;
	return -1;
}

/* Opens the port asked for; the default one may move on to the next free. */
static int
open_listener(struct server *sv)
{
	unsigned i, bound = sv->port;
	int fd = -1;

	for (i = 0; i < (sv->port_given ? 1 : PORT_TRIES); i++) {
		if ((fd = listen_on(sv->bind, sv->port + i, &bound)) != -1)
			break;
		if (errno != EADDRINUSE)
			break;
	}
	if (fd == -1) {
		if (errno == EADDRINUSE && sv->port_given)
			fprintf(stderr, "podium: error: port %u on %s is in use; "
			    "choose another with -p PORT\n", sv->port, sv->bind);
		else if (errno == EADDRINUSE)
			fprintf(stderr, "podium: error: ports %u to %u on %s are in use; "
			    "choose another with -p PORT\n", sv->port,
			    sv->port + PORT_TRIES - 1, sv->bind);
		else
			fprintf(stderr, "podium: error: cannot listen on %s port %u: %s\n",
			    sv->bind, sv->port, strerror(errno));
		return -1;
	}
	if (i > 0)
		printf("podium: port %u is in use; using %u\n", sv->port, bound);
	sv->port = bound;
	return fd;
}

/* Waits for changes and rebuilds, debounced, until a signal arrives. */
static void
serve_loop(struct server *sv, struct watch *w, int sigfd)
{
	struct pollfd pf[2];
	struct signalfd_siginfo si;
	double first = 0, last = 0, now;
	bool pending = false;
	int timeout, n;

	pf[0].fd = sigfd;
	pf[0].events = POLLIN;
	pf[1].fd = w != NULL ? watch_fd(w) : -1;
	pf[1].events = POLLIN;
	for (;;) {
		/* idle: the folders of sites no longer served are removed one
		 * by one, a change coming first */
		timeout = serve_reap_due(&sv->state) ? 0 : -1;
		if (pending) {
			now = now_ms();
			timeout = (int)(last + DEBOUNCE_MS - now);
			if (first + DEBOUNCE_MAX_MS - now < timeout)
				timeout = (int)(first + DEBOUNCE_MAX_MS - now);
			if (timeout < 0)
				timeout = 0;
		}
		n = poll(pf, 2, timeout);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 || (pf[0].revents & POLLIN)) {
			if (read(sigfd, &si, sizeof(si)) < 0)
				(void)0;
			return;
		}
		if (n > 0 && (pf[1].revents & POLLIN)) {
			if (watch_read(w)) {
				last = now_ms();
				if (!pending)
					first = last;
				pending = true;
			}
			continue;
		}
		if (pending) {
			pending = false;
			rebuild_watched(sv, sigfd);
		} else if (n == 0)
			serve_reap(&sv->state);
	}
}

/*
 * $TMPDIR, else shared memory where there is some: every rebuild writes a
 * whole site, and on a disk the writeback of the earlier ones slows the
 * next (a rebuild of the default report measured 30-40 ms in memory, 150-
 * 300 ms and growing on disk).
 */
static const char *
temp_root(void)
{
	const char *t = getenv("TMPDIR");

	if (t != NULL && *t != '\0')
		return t;
	if (access("/dev/shm", W_OK | X_OK) == 0)
		return "/dev/shm";
	return "/tmp";
}

static char *
private_folder(void)
{
	const char *t = temp_root();
	char *tmpl = xasprintf("%s/podium-serve.XXXXXX", t);

	if (mkdtemp(tmpl) == NULL) {
		fprintf(stderr, "podium: error: cannot create a folder in '%s': %s\n",
		    t, strerror(errno));
		free(tmpl);
		return NULL;
	}
	return tmpl;
}

static void
print_url(const struct server *sv)
{
	bool v6 = strchr(sv->bind, ':') != NULL;

	printf("podium: serving http://%s%s%s:%u/ (Ctrl-C to stop)\n",
	    v6 ? "[" : "", sv->bind, v6 ? "]" : "", sv->port);
	fflush(stdout);
}

static int
serve_run(struct server *sv)
{
	struct MHD_Daemon *daemon = NULL;
	struct watch *w = NULL;
	sigset_t mask;
	int lfd, sigfd = -1, rc = EXIT_SYSTEM;

	if ((lfd = open_listener(sv)) == -1)
		return EXIT_SYSTEM;
	if ((sv->tmp = private_folder()) == NULL) {
		close(lfd);
		return EXIT_SYSTEM;
	}
	/* block the stop signals in every thread; the main loop reads them */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &mask, NULL);
	signal(SIGPIPE, SIG_IGN);
	if ((sigfd = signalfd(-1, &mask, SFD_CLOEXEC)) == -1) {
		fprintf(stderr, "podium: error: signalfd: %s\n", strerror(errno));
		close(lfd);
		goto out;
	}
	serve_state_init(&sv->state);
	sv->state.bind = sv->bind;
	sv->state.port = sv->port;
	if (gethostname(sv->state.self, sizeof(sv->state.self)) == -1)
		sv->state.self[0] = '\0';
	sv->state.self[sizeof(sv->state.self) - 1] = '\0';
	if ((w = watch_new(sv->dir)) == NULL)
		fprintf(stderr, "podium: warning: cannot watch '%s' for changes: %s\n",
		    sv->dir, strerror(errno));
	if (sv->verbose)
		fprintf(stderr, "podium: building into %s\n", sv->tmp);
	rebuild_watched(sv, sigfd);
	if ((daemon = serve_http_start(&sv->state, lfd)) == NULL) {
		fprintf(stderr, "podium: error: cannot start the HTTP server\n");
		close(lfd);
	} else {
		print_url(sv);
		serve_loop(sv, w, sigfd);
		fputs("podium: stopped\n", stderr);
		rc = EXIT_OK;
	}
	serve_stop(&sv->state);
	serve_http_stop(daemon);
	serve_state_release(&sv->state);
	watch_free(w);
out:
	if (sigfd != -1)
		close(sigfd);
	remove_tree(sv->tmp);
	free(sv->tmp);
	return rc;
}

int
cmd_serve(int argc, char *argv[])
{
	enum { OPT_BIND = 256, OPT_NO_DRAFTS, OPT_PDF, OPT_HELP };
	static const struct option longopts[] = {
		{"port", required_argument, NULL, 'p'},
		{"bind", required_argument, NULL, OPT_BIND},
		{"no-drafts", no_argument, NULL, OPT_NO_DRAFTS},
		{"pdf", no_argument, NULL, OPT_PDF},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, OPT_HELP},
		{NULL, 0, NULL, 0},
	};
	struct server sv;
	char *end;
	long port;
	int c;

	memset(&sv, 0, sizeof(sv));
	sv.dir = ".";
	sv.bind = "127.0.0.1";
	sv.port = DEFAULT_PORT;
	sv.drafts = true;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":C:p:v", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			sv.dir = optarg;
			break;
		case 'p':
			port = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || port < 0 || port > 65535)
				return usage_error(serve_usage, "-p wants a port number 0..65535, not '%s'", optarg);
			sv.port = (unsigned)port;
			sv.port_given = true;
			break;
		case OPT_BIND:
			sv.bind = optarg;
			break;
		case OPT_NO_DRAFTS:
			sv.drafts = false;
			break;
		case OPT_PDF:
			sv.pdf = true;
			break;
		case 'v':
			sv.verbose = true;
			break;
		case OPT_HELP:
			fputs(serve_usage, stdout);
			return EXIT_OK;
		case ':':
			return usage_error(serve_usage, "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error(serve_usage, "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error(serve_usage, "unexpected argument '%s'", argv[optind]);
	sv.charts = chart_memo_new();
	sv.yaml = load_cache_new();
	sv.md = md_cache_new();
	/* the provider pages keyed by the bytes the load read (html_inputs.c):
	 * the load's cache hashes and scans every file as it reads it */
	sv.pages = html_memo_new();
	html_memo_reads(sv.pages, sv.yaml);
	load_cache_scan(sv.yaml, html_inputs_scan);
	c = serve_run(&sv);
	chart_memo_free(sv.charts);
	load_cache_free(sv.yaml);
	md_cache_free(sv.md);
	html_memo_free(sv.pages);
	site_prev_free(sv.prev);
	free(sv.served);
	return c;
}
