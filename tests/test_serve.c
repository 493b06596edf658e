/*
 * test_serve.c: which Host headers `podium serve` answers (serve_host_ok):
 * its own address and port, localhost and the loopback addresses with that
 * port; with a wildcard bind, any IP address and the machine's own name.
 * Everything else (another name, another port, a name that only starts or
 * ends like an accepted one, no Host) is refused: DNS rebinding.
 * Which live-reload streams a rebuild reloads (serve_event_due): those on
 * a page it changed, on a page of a folder whose other files it changed,
 * all of them for a shared file or the error page, and only a restyle for
 * stylesheets; and which file a page's path shows (serve_page_file).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"

static const char *const ok_8000[] = {
	"127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000",
	"[0:0:0:0:0:0:0:1]:8000",
};

static const char *const refused_8000[] = {
	"", "evil.example:8000", "evil.example", "127.0.0.1", "localhost",
	"127.0.0.1:8001", "127.0.0.1:80", "127.0.0.1:08000", "127.0.0.1:8000x",
	"127.0.0.1:8000:8000", "127.0.0.1:", ":8000", "localhost.:8000",
	"localhost.evil.example:8000", "127.0.0.1.evil.example:8000",
	"[::1]", "[::1:8000", "[::2]:8000", "::1:8000", "10.0.0.1:8000",
	"0x7f000001:8000", "2130706433:8000", "127.1:8000", "box:8000",
	"box.local:8000", "127.0.0.1:99999999999999999999",
};

START_TEST(test_loopback_bind)
{
	size_t i;

	for (i = 0; i < sizeof(ok_8000) / sizeof(ok_8000[0]); i++)
		ck_assert_msg(serve_host_ok("127.0.0.1", 8000, "box", ok_8000[i]),
		    "refused: %s", ok_8000[i]);
	for (i = 0; i < sizeof(refused_8000) / sizeof(refused_8000[0]); i++)
		ck_assert_msg(!serve_host_ok("127.0.0.1", 8000, "box", refused_8000[i]),
		    "answered: %s", refused_8000[i]);
	ck_assert(!serve_host_ok("127.0.0.1", 8000, "box", NULL));
}
END_TEST

/* Port 80 may go unnamed, as browsers leave it out. */
START_TEST(test_port_80)
{
	ck_assert(serve_host_ok("127.0.0.1", 80, "", "localhost"));
	ck_assert(serve_host_ok("127.0.0.1", 80, "", "127.0.0.1:80"));
	ck_assert(serve_host_ok("::1", 80, "", "[::1]"));
	ck_assert(!serve_host_ok("127.0.0.1", 80, "", "evil.example"));
}
END_TEST

START_TEST(test_named_binds)
{
	ck_assert(serve_host_ok("::1", 8000, "", "[::1]:8000"));
	ck_assert(serve_host_ok("192.168.1.5", 8000, "", "192.168.1.5:8000"));
	ck_assert(!serve_host_ok("192.168.1.5", 8000, "", "192.168.1.6:8000"));
	ck_assert(serve_host_ok("fe80::1", 8000, "", "[FE80::1]:8000"));
	ck_assert(serve_host_ok("preview.lan", 8000, "", "Preview.LAN:8000"));
	ck_assert(!serve_host_ok("preview.lan", 8000, "", "preview.lan.evil:8000"));
}
END_TEST

/* Serving every address: any IP address, and the machine's own name. */
START_TEST(test_wildcard_bind)
{
	ck_assert(serve_host_ok("0.0.0.0", 8080, "box", "192.168.1.5:8080"));
	ck_assert(serve_host_ok("0.0.0.0", 8080, "box", "box:8080"));
	ck_assert(serve_host_ok("0.0.0.0", 8080, "box", "BOX.local:8080"));
	ck_assert(serve_host_ok("::", 8080, "box", "[fd00::5]:8080"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "box", "boxer:8080"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "box", "box.evil.example:8080"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "box", "evil.example:8080"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "", "evil.example:8080"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "box", "192.168.1.5:8081"));
	ck_assert(!serve_host_ok("0.0.0.0", 8080, "box", "999.1.1.1:8080"));
}
END_TEST

START_TEST(test_page_file)
{
	static const char *const cases[][2] = {
		{"/", "index.html"},
		{"/providers/alpha/", "providers/alpha/index.html"},
		{"/a%20b/", "a b/index.html"},
		{"/404.html", "404.html"},
		{"/no/such/page", NULL},
		{"/data/ratings.json", NULL},
		{"/../", NULL},
		{"/a/%2e%2e/", NULL},
		{"providers/", NULL},
		{"", NULL},
	};
	char *got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = serve_page_file(cases[i][0]);
		if (cases[i][1] == NULL)
			ck_assert_msg(got == NULL, "%s: %s", cases[i][0], got);
		else
			ck_assert_msg(got != NULL && strcmp(got, cases[i][1]) == 0,
			    "%s: %s", cases[i][0], got ? got : "NULL");
		free(got);
	}
	ck_assert_ptr_null(serve_page_file(NULL));
}
END_TEST

/* A build folder to publish (removed when its generation is let go). */
static char *
site_dir(void)
{
	char *d = strdup("/tmp/podium-test-serve.XXXXXX");

	ck_assert_ptr_nonnull(mkdtemp(d));
	return d;
}

#define DUE_(page, folder, seen) serve_event_due(&s, page, folder, seen)
#define DUE(...) DUE_(__VA_ARGS__)
#define A "providers/alpha/index.html", "providers/alpha/"
#define B "providers/beta/index.html", "providers/beta/"
#define SEARCH "search/index.html", "search/"

START_TEST(test_reload_due)
{
	struct serve_state s;
	char *alpha[] = {"providers/alpha/index.html"}, *search[] = {"search/"};
	struct serve_change ch;
	uint64_t g;

	serve_state_init(&s);
	/* the first site: everything is new */
	serve_publish(&s, site_dir(), NULL);
	g = s.seq;
	ck_assert_ptr_null(DUE(A, g));
	ck_assert_ptr_null(DUE(NULL, NULL, g));
	ck_assert_str_eq(DUE(A, g - 1), "reload");
	ck_assert_str_eq(DUE(A, 0), "reload");

	/* alpha's page changed: alpha's stream reloads, beta's does not */
	memset(&ch, 0, sizeof(ch));
	ch.other = true;
	ch.keys = alpha;
	ch.n = 1;
	serve_publish(&s, site_dir(), &ch);
	ck_assert_uint_eq(s.seq, g + 1);
	ck_assert_str_eq(DUE(A, g), "reload");
	ck_assert_ptr_null(DUE(B, g));
	ck_assert_ptr_null(DUE(A, g + 1));
	ck_assert_str_eq(DUE(NULL, NULL, g), "reload");

	/* nothing changed: no new generation */
	memset(&ch, 0, sizeof(ch));
	serve_publish(&s, site_dir(), &ch);
	ck_assert_uint_eq(s.seq, g + 1);

	/* stylesheets alone: every page restyles, none reloads */
	ch.css = true;
	serve_publish(&s, site_dir(), &ch);
	ck_assert_uint_eq(s.seq, g + 2);
	ck_assert_str_eq(DUE(B, g + 1), "css");
	ck_assert_str_eq(DUE(NULL, NULL, g + 1), "css");
	/* a page that missed both (a stream that reconnects) */
	ck_assert_str_eq(DUE(A, g), "reload");
	ck_assert_str_eq(DUE(B, g), "css");

	/* a file beside search/index.html (its index.js) */
	memset(&ch, 0, sizeof(ch));
	ch.other = true;
	ch.keys = search;
	ch.n = 1;
	serve_publish(&s, site_dir(), &ch);
	ck_assert_str_eq(DUE(SEARCH, g + 2), "reload");
	ck_assert_ptr_null(DUE(B, g + 2));
	ck_assert_ptr_null(DUE("index.html", "", g + 2));

	/* a shared file (assets/, charts/, badges/): every page */
	memset(&ch, 0, sizeof(ch));
	ch.other = ch.all = true;
	serve_publish(&s, site_dir(), &ch);
	ck_assert_str_eq(DUE(B, g + 3), "reload");

	/* the error page is on every page, and so is the fix */
	serve_fail(&s, strdup("content/x.yaml:1:1: error: boom\n"));
	ck_assert_uint_eq(s.seq, g + 5);
	ck_assert_str_eq(DUE(B, g + 4), "reload");
	serve_fail(&s, strdup("content/x.yaml:1:1: error: boom\n"));
	ck_assert_uint_eq(s.seq, g + 5);
	memset(&ch, 0, sizeof(ch));
	serve_publish(&s, site_dir(), &ch);
	ck_assert_uint_eq(s.seq, g + 6);
	ck_assert_str_eq(DUE(B, g + 5), "reload");
	ck_assert_str_eq(DUE(SEARCH, g + 5), "reload");
	serve_state_release(&s);
}
END_TEST

/* A rebuild that updated the served folder in place (path NULL): the
 * same site, its generation moved on as for a new folder, the error page
 * cleared; a failed rebuild keeps the site. */
START_TEST(test_publish_in_place)
{
	struct serve_state s;
	struct serve_site *site, *now;
	char *beta[] = {"providers/beta/index.html"}, *errors = NULL;
	struct serve_change ch;
	uint64_t g, seq;

	serve_state_init(&s);
	serve_publish(&s, site_dir(), NULL);
	site = s.site;
	g = s.seq;

	memset(&ch, 0, sizeof(ch));
	ch.other = true;
	ch.keys = beta;
	ch.n = 1;
	serve_publish(&s, NULL, &ch);
	ck_assert_ptr_eq(s.site, site);
	ck_assert_uint_eq(site->refs, 1);
	ck_assert_uint_eq(s.seq, g + 1);
	ck_assert_str_eq(DUE(B, g), "reload");
	ck_assert_ptr_null(DUE(A, g));

	/* failed: the site stays, the error page shows */
	serve_fail(&s, strdup("content/x.yaml:1:1: error: boom\n"));
	now = serve_site_get(&s, &errors, &seq);
	ck_assert_ptr_eq(now, site);
	ck_assert_str_eq(errors, "content/x.yaml:1:1: error: boom\n");
	ck_assert_uint_eq(seq, g + 2);
	free(errors);
	serve_site_put(&s, now);
	ck_assert_uint_eq(site->refs, 1);

	/* repaired in place: the same site, every page reloads */
	memset(&ch, 0, sizeof(ch));
	serve_publish(&s, NULL, &ch);
	ck_assert_ptr_eq(s.site, site);
	ck_assert_ptr_null(s.errors);
	ck_assert_uint_eq(s.seq, g + 3);
	ck_assert_str_eq(DUE(A, g + 2), "reload");
	/* nothing queued for removal: the folder is still served */
	ck_assert(!serve_reap_due(&s));
	serve_state_release(&s);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("serve");
	TCase *tc = tcase_create("host");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_loopback_bind);
	tcase_add_test(tc, test_publish_in_place);
	tcase_add_test(tc, test_port_80);
	tcase_add_test(tc, test_named_binds);
	tcase_add_test(tc, test_wildcard_bind);
	suite_add_tcase(s, tc);
	tc = tcase_create("reload");
	tcase_add_test(tc, test_page_file);
	tcase_add_test(tc, test_reload_due);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
