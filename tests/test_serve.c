/*
 * test_serve.c: which Host headers `podium serve` answers (serve_host_ok):
 * its own address and port, localhost and the loopback addresses with that
 * port; with a wildcard bind, any IP address and the machine's own name.
 * Everything else (another name, another port, a name that only starts or
 * ends like an accepted one, no Host) is refused: DNS rebinding.
 */
#include <check.h>
#include <stdlib.h>

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

int
main(void)
{
	Suite *s = suite_create("serve");
	TCase *tc = tcase_create("host");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_loopback_bind);
	tcase_add_test(tc, test_port_80);
	tcase_add_test(tc, test_named_binds);
	tcase_add_test(tc, test_wildcard_bind);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
