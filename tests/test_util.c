/*
 * test_util.c: growable buffers formatted into (text that fits the spare
 * room, text that does not, a fresh buffer, long text), path_join, files
 * written relative to an open folder, the one hash function, the one hash
 * table and the one UTF-8 decoder.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* What snprintf gives for the same format, to compare against. */
static void
expect_appended(const char *before, const char *fmt, int width, const char *arg)
{
	struct buf b = BUF_INIT;
	char want[4096];

	buf_puts(&b, before);
	buf_printf(&b, fmt, width, arg);
	snprintf(want, sizeof(want), "%s", before);
	snprintf(want + strlen(want), sizeof(want) - strlen(want), fmt, width, arg);
	ck_assert_str_eq(b.data, want);
	ck_assert_uint_eq(b.len, strlen(want));
	buf_release(&b);
}

START_TEST(test_printf_sizes)
{
	static const char *befores[] = { "", "x", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd" };
	static const int widths[] = { 0, 1, 50, 62, 63, 64, 65, 200, 254, 255, 256, 257, 1000, 3000 };
	size_t i, j;

	for (i = 0; i < sizeof(befores) / sizeof(befores[0]); i++)
		for (j = 0; j < sizeof(widths) / sizeof(widths[0]); j++)
			expect_appended(befores[i], "[%*s]", widths[j], "ab");
}
END_TEST

/* Many appends to one buffer: each lands where the last ended. */
START_TEST(test_printf_appends)
{
	struct buf b = BUF_INIT;
	char want[64];
	size_t off = 0;
	int i;

	for (i = 0; i < 5000; i++) {
		buf_printf(&b, "%d,", i * 7);
		snprintf(want, sizeof(want), "%d,", i * 7);
		ck_assert_int_eq(memcmp(b.data + off, want, strlen(want)), 0);
		off += strlen(want);
		ck_assert_uint_eq(b.len, off);
		ck_assert_int_eq(b.data[b.len], '\0');
	}
	buf_release(&b);
}
END_TEST

START_TEST(test_printf_empty)
{
	struct buf b = BUF_INIT;
	char *s;

	buf_printf(&b, "%s", "");
	ck_assert_uint_eq(b.len, 0);
	ck_assert_str_eq(b.data, "");
	s = xasprintf("%s-%d", "a", 12);
	ck_assert_str_eq(s, "a-12");
	free(s);
	buf_release(&b);
}
END_TEST

START_TEST(test_path_join)
{
	static const char *cases[][3] = {
		{ "a", "b", "a/b" },
		{ "a/", "b", "a/b" },
		{ "", "b", "b" },
		{ "/", "b", "/b" },
		{ "out/site", "p/x.html", "out/site/p/x.html" },
		{ "a", "", "a/" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *p = path_join(cases[i][0], cases[i][1]);

		ck_assert_str_eq(p, cases[i][2]);
		free(p);
	}
}
END_TEST

/* The bytes of dir/rel, or NULL. malloc'd. */
static char *
slurp(const char *dir, const char *rel)
{
	char *path = path_join(dir, rel), *s = NULL;
	struct buf b = BUF_INIT;

	if (file_read(path, 1 << 20, &b) == FILE_OK)
		s = xstrndup(b.len > 0 ? b.data : "", b.len);
	free(path);
	buf_release(&b);
	return s;
}

START_TEST(test_file_write_at)
{
	char dir[] = "/tmp/podium-util-XXXXXX";
	char *got;
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ne(fd, -1);
	/* a page in a folder of its own, two folders deep, none there yet */
	ck_assert_int_eq(file_write_at(fd, "a/b/index.html", "page", 4, true), 0);
	/* a file whose folder is missing, made after the open fails */
	ck_assert_int_eq(file_write_at(fd, "c/d/x.svg", "svg", 3, false), 0);
	/* folders that are there already, and a file written over */
	ck_assert_int_eq(file_write_at(fd, "a/b/index.html", "again", 5, true), 0);
	ck_assert_int_eq(file_write_at(fd, "a/y.txt", "", 0, false), 0);
	got = slurp(dir, "a/b/index.html");
	ck_assert_str_eq(got, "again");
	free(got);
	got = slurp(dir, "c/d/x.svg");
	ck_assert_str_eq(got, "svg");
	free(got);
	got = slurp(dir, "a/y.txt");
	ck_assert_str_eq(got, "");
	free(got);
	/* a file where a folder must go: the error comes back, nothing made */
	errno = 0;
	ck_assert_int_eq(file_write_at(fd, "a/y.txt/index.html", "z", 1, true), -1);
	ck_assert_int_eq(errno, ENOTDIR);
	errno = 0;
	ck_assert_int_eq(file_write_at(fd, "a/y.txt/z/w.svg", "z", 1, false), -1);
	ck_assert_int_eq(errno, ENOTDIR);
	close(fd);
	ck_assert_int_eq(remove_tree(dir), 0);
}
END_TEST

/* The one hash: FNV-1a over 64 bits, as its authors give it for these
 * strings, and pieces hashed one after another as the whole. */
START_TEST(test_hash)
{
	ck_assert(hash_bytes(HASH_SEED, "", 0) == UINT64_C(0xcbf29ce484222325));
	ck_assert(hash_str("") == UINT64_C(0xcbf29ce484222325));
	ck_assert(hash_str("a") == UINT64_C(0xaf63dc4c8601ec8c));
	ck_assert(hash_str("foobar") == UINT64_C(0x85944171f73967e8));
	ck_assert(hash_bytes(hash_bytes(HASH_SEED, "foo", 3), "bar", 3) == hash_str("foobar"));
	ck_assert(hash_bytes(HASH_SEED, "a\0b", 3) != hash_str("a"));
}
END_TEST

/* The one hash table: 5,000 items over its growth, each found by its
 * hash; items sharing a hash (as colliding keys do) all come back, each
 * once, and a hash never added gives none. */
START_TEST(test_htab)
{
	struct htab t = HTAB_INIT;
	static unsigned char seen[5000];
	size_t i, at, item, n;

	for (i = 0; i < 5000; i++)   /* hashes 0..2499, two items each */
		htab_add(&t, hash_bytes(HASH_SEED, &(size_t){i / 2}, sizeof(size_t)), i);
	ck_assert_uint_eq(t.n, 5000);
	ck_assert_uint_ge(t.cap, 10000);
	for (i = 0; i < 2500; i++) {
		uint64_t h = hash_bytes(HASH_SEED, &i, sizeof(i));

		at = 0;
		n = 0;
		while (htab_next(&t, h, &at, &item)) {
			ck_assert_uint_eq(item / 2, i);
			ck_assert_uint_eq(seen[item]++, 0);
			n++;
		}
		ck_assert_uint_eq(n, 2);
		ck_assert(!htab_next(&t, h, &at, &item));
	}
	at = 0;
	ck_assert(!htab_next(&t, hash_str("never added"), &at, &item));
	/* Cleared, it keeps its storage, finds nothing, then finds anew. */
	n = t.cap;
	htab_clear(&t);
	ck_assert_uint_eq(t.n, 0);
	ck_assert_uint_eq(t.cap, n);
	at = 0;
	ck_assert(!htab_next(&t, hash_bytes(HASH_SEED, &(size_t){7}, sizeof(size_t)), &at, &item));
	htab_add(&t, hash_str("again"), 41);
	ck_assert_uint_eq(t.cap, n);
	at = 0;
	ck_assert(htab_next(&t, hash_str("again"), &at, &item));
	ck_assert_uint_eq(item, 41);
	ck_assert(!htab_next(&t, hash_str("again"), &at, &item));
	htab_free(&t);
	ck_assert_uint_eq(t.n, 0);
	at = 0;
	ck_assert(!htab_next(&t, 0, &at, &item));
}
END_TEST

/* The one UTF-8 decoder: each length at its bounds, and every kind of
 * byte sequence that is not UTF-8. */
START_TEST(test_utf8_decode)
{
	static const struct {
		const char *s;
		size_t n, len;
		uint32_t cp;
	} cases[] = {
		{"A", 1, 1, 0x41}, {"\x7f", 1, 1, 0x7f}, {"\0", 1, 1, 0},
		{"\xc2\x80", 2, 2, 0x80}, {"\xdf\xbf", 2, 2, 0x7ff},
		{"\xe0\xa0\x80", 3, 3, 0x800}, {"\xef\xbf\xbf", 3, 3, 0xffff},
		{"\xed\x9f\xbf", 3, 3, 0xd7ff}, {"\xee\x80\x80", 3, 3, 0xe000},
		{"\xf0\x90\x80\x80", 4, 4, 0x10000}, {"\xf4\x8f\xbf\xbf", 4, 4, 0x10ffff},
		{"\xc3\xa9x", 3, 2, 0xe9},
		/* not UTF-8 */
		{"\x80", 1, 0, 0}, {"\xbf", 1, 0, 0},             /* continuation */
		{"\xc0\x80", 2, 0, 0}, {"\xc1\xbf", 2, 0, 0},     /* overlong, 2 */
		{"\xe0\x9f\xbf", 3, 0, 0},                        /* overlong, 3 */
		{"\xf0\x8f\xbf\xbf", 4, 0, 0},                    /* overlong, 4 */
		{"\xed\xa0\x80", 3, 0, 0}, {"\xed\xbf\xbf", 3, 0, 0}, /* surrogates */
		{"\xf4\x90\x80\x80", 4, 0, 0}, {"\xf5\x80\x80\x80", 4, 0, 0}, /* > U+10FFFF */
		{"\xff", 1, 0, 0}, {"\xfe", 1, 0, 0},
		{"\xc3", 1, 0, 0}, {"\xe2\x82", 2, 0, 0}, {"\xf0\x9f\x98", 3, 0, 0}, /* cut */
		{"\xc3\xa9", 1, 0, 0},                            /* cut by n */
		{"\xc3(", 2, 0, 0}, {"\xe2\x28\xa1", 3, 0, 0},    /* bad continuation */
	};
	size_t i, len;
	uint32_t cp;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cp = 0xdeadbeef;
		len = utf8_decode(cases[i].s, cases[i].n, &cp);
		ck_assert_msg(len == cases[i].len, "case %zu: length %zu, not %zu", i, len,
		    cases[i].len);
		if (len != 0)
			ck_assert_msg(cp == cases[i].cp, "case %zu: U+%04X, not U+%04X", i,
			    (unsigned)cp, (unsigned)cases[i].cp);
	}
	ck_assert_uint_eq(utf8_bom("\xef\xbb\xbfx", 4), 3);
	ck_assert_uint_eq(utf8_bom("\xef\xbb\xbf", 3), 3);
	ck_assert_uint_eq(utf8_bom("\xef\xbb", 2), 0);
	ck_assert_uint_eq(utf8_bom("x\xef\xbb\xbf", 4), 0);
	ck_assert_uint_eq(utf8_bom("", 0), 0);
}
END_TEST

int
main(void)
{
Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_printf_sizes);
	tcase_add_test(tc, test_printf_appends);
	tcase_add_test(tc, test_printf_empty);
	tcase_add_test(tc, test_path_join);
	tcase_add_test(tc, test_file_write_at);
	tcase_add_test(tc, test_hash);
	tcase_add_test(tc, test_htab);
	tcase_add_test(tc, test_utf8_decode);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
