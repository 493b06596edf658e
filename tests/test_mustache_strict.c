/*
 * test_mustache_strict.c: what --strict makes an error in a template, as
 * warnings at the tag's line and column: a partial (or parent, or dynamic
 * partial) naming no template, and a name that no render found and that
 * the built-in templates do not use.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mustache.h"
#include "template_values.h"

/* Every diagnostic of d as printed, one a line; malloc'd. */
static char *
all(const struct diag *d)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < d->n; i++) {
		diag_format(&d->v[i], d->strict, &b);
		buf_putc(&b, '\n');
	}
	return buf_detach(&b, NULL);
}

static struct mustache_set *
set_of(const char *src, struct diag *d)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);

	ck_assert_int_eq(mustache_set_add(s, "t", src, strlen(src), "templates/t.mustache", d), 0);
	return s;
}

START_TEST(test_missing_partial)
{
	struct diag d;
	struct mustache_set *s;
	char *got;

	diag_init(&d);
	s = set_of("x\n  {{>nosuch}}\n{{<noparent}}{{/noparent}}", &d);
	got = all(&d);
	ck_assert_str_eq(got,
	    "templates/t.mustache:2:3: warning: no template 'nosuch' for this partial\n"
	    "templates/t.mustache:3:1: warning: no template 'noparent' for this parent\n");
	free(got);
	ck_assert(!diag_failed(&d));
	d.strict = true;
	ck_assert(diag_failed(&d));
	mustache_set_free(s);
	diag_release(&d);
}
END_TEST

START_TEST(test_dynamic_partial)
{
	struct diag d;
	struct mustache_set *s;
	struct buf out = BUF_INIT;
	struct tv *o;
	char *got;

	diag_init(&d);
	s = set_of("a{{>*which}}b", &d);
	ck_assert_uint_eq(d.n, 0);
	o = tv_object();
	tv_set(o, "which", tv_str("gone"));
	ck_assert_int_eq(mustache_render(s, "t", o, &out, &d), 0);
	ck_assert_str_eq(out.data, "ab");
	got = all(&d);
	ck_assert_str_eq(got, "templates/t.mustache:1:2: warning: no template 'gone' for this partial\n");
	free(got);
	buf_release(&out);
	mustache_set_free(s);
	diag_release(&d);
	tv_reset();
}
END_TEST

START_TEST(test_unknown_names)
{
	struct diag d;
	struct mustache_set *s;
	struct buf out = BUF_INIT;
	struct tv *a, *b, *p;
	char *got;

	diag_init(&d);
	/* line 1: found in one render only (fine); line 2: found in none
	 * (misspelt); line 3: a name the built-in templates use (fine though
	 * absent); line 4: a section's name found in none (reported) and a
	 * name inside it, never looked up (not known, not reported) */
	s = set_of("{{sometimes}}\n"
	    "  {{provider.nmae}} {{#nosuch}}x{{/nosuch}}\n"
	    "{{title}}\n"
	    "{{#never}}{{inside}}{{/never}}", &d);
	a = tv_object();
	p = tv_object();
	tv_set(p, "name", tv_str("A"));
	tv_set(a, "provider", p);
	tv_set(a, "sometimes", tv_int(1));
	b = tv_object();
	ck_assert_int_eq(mustache_render(s, "t", a, &out, &d), 0);
	ck_assert_int_eq(mustache_render(s, "t", b, &out, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	mustache_names_check(s, &d);
	got = all(&d);
	ck_assert_str_eq(got,
	    "templates/t.mustache:2:3: warning: no template value named 'provider.nmae'\n"
	    "templates/t.mustache:2:21: warning: no template value named 'nosuch'\n"
	    "templates/t.mustache:4:1: warning: no template value named 'never'\n");
	free(got);
	buf_release(&out);
	mustache_set_free(s);
	diag_release(&d);
	tv_reset();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("mustache_strict");
	TCase *tc = tcase_create("strict");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_missing_partial);
	tcase_add_test(tc, test_dynamic_partial);
	tcase_add_test(tc, test_unknown_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
