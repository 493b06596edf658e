/*
 * test_tv.c: template values (objects keep keys in order, a key set again
 * replaces its value, lookups by hash, marks free what came after them) and
 * the arena hand-over the loader uses for what its jobs build.
 */
#include <check.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "template_values.h"
#include "template_values_json.h"
#include "util.h"

START_TEST(test_objects)
{
	struct tv *o = tv_object(), *a = tv_array();

	tv_set(o, "b", tv_int(1));
	tv_set(o, "a", tv_str("x"));
	tv_set(o, "b", tv_int(2));    /* replaced, keeping its place */
	tv_set(o, "none", tv_str(NULL));
	ck_assert_uint_eq(o->u.obj.n, 3);
	ck_assert_str_eq(o->u.obj.v[0].key, "b");
	ck_assert_int_eq(o->u.obj.v[0].value->u.i, 2);
	ck_assert_str_eq(o->u.obj.v[1].key, "a");
	ck_assert_str_eq(tv_str_value(tv_get(o, "a")), "x");
	ck_assert_int_eq(tv_get(o, "none")->type, TV_NULL);
	ck_assert_ptr_null(tv_get(o, "c"));
	ck_assert_ptr_eq(tv_get_hashed(o, "a", 1, tv_hash("a")), tv_get(o, "a"));
	/* a key whose hash or length does not match is not found */
	ck_assert_ptr_null(tv_get_hashed(o, "a", 1, tv_hash("a") + 1));
	ck_assert_ptr_null(tv_get_hashed(o, "a", 2, tv_hash("a")));
	/* lookups in what is not an object find nothing */
	ck_assert_ptr_null(tv_get(a, "a"));
	ck_assert_ptr_null(tv_str_value(tv_get(o, "b")));
	tv_reset();
}
END_TEST

/* tv_set keeps its key as given; tv_set_copy keeps a copy of a key that
 * does not last. */
START_TEST(test_keys)
{
	static const char lit[] = "kept";
	struct tv *o = tv_object();
	char tmp[8];

	tv_set(o, lit, tv_int(1));
	ck_assert_ptr_eq(o->u.obj.v[0].key, lit);
	strcpy(tmp, "copy");
	tv_set_copy(o, tmp, tv_int(2));
	ck_assert_ptr_ne(o->u.obj.v[1].key, tmp);
	strcpy(tmp, "gone");
	ck_assert_str_eq(o->u.obj.v[1].key, "copy");
	ck_assert_int_eq(tv_get(o, "copy")->u.i, 2);
	ck_assert_ptr_null(tv_get(o, "gone"));
	tv_set_copy(o, "kept", tv_int(3)); /* replaces, keeping the first key */
	ck_assert_uint_eq(o->u.obj.n, 2);
	ck_assert_ptr_eq(o->u.obj.v[0].key, lit);
	ck_assert_int_eq(tv_get(o, "kept")->u.i, 3);
	tv_reset();
}
END_TEST

/* tv_lit keeps the text it is given; tv_str keeps a copy. */
START_TEST(test_lit)
{
	static const char text[] = "kept as is";
	struct tv *l = tv_lit(text), *c = tv_str(text);

	ck_assert_ptr_eq(tv_str_value(l), text);
	ck_assert_uint_eq(l->u.str.len, strlen(text));
	ck_assert_ptr_ne(tv_str_value(c), text);
	ck_assert_str_eq(tv_str_value(c), text);
	ck_assert_int_eq(tv_lit(NULL)->type, TV_NULL);
	ck_assert_uint_eq(tv_lit("")->u.str.len, 0);
	tv_reset();
}
END_TEST

/* Keys whose bits are shared by many others are still told apart, found
 * and replaced; keys never set are not found. */
START_TEST(test_many_keys)
{
	struct tv *o = tv_object();
	char k[16];
	int i;

	for (i = 0; i < 200; i++) {
		snprintf(k, sizeof(k), "k%d", i);
		tv_set_copy(o, k, tv_int(i));
	}
	for (i = 0; i < 200; i += 3) {
		snprintf(k, sizeof(k), "k%d", i);
		tv_set_copy(o, k, tv_int(-i));
	}
	ck_assert_uint_eq(o->u.obj.n, 200);
	for (i = 0; i < 400; i++) {
		snprintf(k, sizeof(k), "k%d", i);
		if (i >= 200)
			ck_assert_ptr_null(tv_get(o, k));
		else
			ck_assert_int_eq(tv_get(o, k)->u.i, i % 3 == 0 ? -i : i);
	}
	ck_assert_ptr_null(tv_get(tv_object(), "k1"));
	tv_reset();
}
END_TEST

/*
 * Keys of every length from 0 to 40, and long keys that differ only in the
 * middle, are each kept, found and replaced on their own; a literal key
 * finds what a copied key of the same bytes set.
 */
START_TEST(test_key_lengths)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO";
	struct tv *o = tv_object();
	char k[64];
	size_t n;

	for (n = 0; n <= 40; n++) {
		memcpy(k, abc, n);
		k[n] = '\0';
		tv_set_copy(o, k, tv_int((long long)n));
	}
	strcpy(k, "first-eight-X-last-eight");
	tv_set_copy(o, k, tv_int(100));
	k[12] = 'Y';
	tv_set_copy(o, k, tv_int(101));
	ck_assert_uint_eq(o->u.obj.n, 43);
	for (n = 0; n <= 40; n++) {
		memcpy(k, abc, n);
		k[n] = '\0';
		ck_assert_int_eq(tv_get(o, k)->u.i, (long long)n);
		/* the same length, one byte changed in the middle: not there */
		if (n > 0) {
			k[n / 2] = '#';
			ck_assert_ptr_null(tv_get(o, k));
		}
	}
	ck_assert_int_eq(tv_get(o, "first-eight-X-last-eight")->u.i, 100);
	ck_assert_int_eq(tv_get(o, "first-eight-Y-last-eight")->u.i, 101);
	ck_assert_ptr_null(tv_get(o, "first-eight-Z-last-eight"));
	tv_set(o, "first-eight-Y-last-eight", tv_int(102));
	ck_assert_uint_eq(o->u.obj.n, 43);
	ck_assert_int_eq(tv_get(o, "first-eight-Y-last-eight")->u.i, 102);
	ck_assert_int_eq(tv_get(o, "first-eight-X-last-eight")->u.i, 100);
	tv_set(o, "abcdefghij", tv_int(-10));
	ck_assert_uint_eq(o->u.obj.n, 43);
	ck_assert_int_eq(tv_get(o, "abcdefghij")->u.i, -10);
	tv_reset();
}
END_TEST

START_TEST(test_arrays)
{
	struct tv *a = tv_array();
	long long i;

	for (i = 0; i < 100; i++)
		tv_append(a, tv_int(i));
	ck_assert_uint_eq(tv_size(a), 100);
	ck_assert_int_eq(tv_at(a, 99)->u.i, 99);
	ck_assert_ptr_null(tv_at(a, 100));
	ck_assert_uint_eq(tv_size(tv_str("s")), 0);
	tv_reset();
}
END_TEST

/* What is made after a mark is freed by tv_release: the next value made
 * takes the same place; what was made before stays. */
START_TEST(test_marks)
{
	struct tv *keep = tv_str("kept"), *v, *w;
	struct tv_mark m = tv_mark();
	int i;

	v = tv_str("first");
	for (i = 0; i < 5000; i++)     /* past one block */
		tv_str("filler filler filler");
	tv_release(m);
	w = tv_str("second");
	ck_assert_ptr_eq(w, v);
	ck_assert_str_eq(tv_str_value(keep), "kept");
	tv_reset();
}
END_TEST

START_TEST(test_from_json)
{
	json_error_t err;
	json_t *j = json_loads("{\"a\": [1, 2.5, true, null, \"s\"], \"b\": {}}", 0, &err);
	struct tv *v = tv_from_json(j), *a = tv_get(v, "a");

	ck_assert_uint_eq(tv_size(a), 5);
	ck_assert_int_eq(tv_at(a, 0)->u.i, 1);
	ck_assert(tv_at(a, 1)->type == TV_REAL && tv_at(a, 1)->u.r == 2.5);
	ck_assert_int_eq(tv_at(a, 2)->type, TV_TRUE);
	ck_assert_int_eq(tv_at(a, 3)->type, TV_NULL);
	ck_assert_str_eq(tv_str_value(tv_at(a, 4)), "s");
	ck_assert_int_eq(tv_get(v, "b")->type, TV_OBJECT);
	json_decref(j);
	tv_reset();
}
END_TEST

/* arena_adopt: what src held lives on, freed with dst; dst keeps serving. */
START_TEST(test_arena_adopt)
{
	struct arena *dst = arena_new(), *src = arena_new(), *empty = arena_new();
	char *a = arena_strdup(src, "from src"), *b, *c;
	int i;

	for (i = 0; i < 3000; i++)    /* src spans several blocks */
		arena_strdup(src, "0123456789012345678901234567890123456789");
	b = arena_strdup(dst, "from dst");
	arena_adopt(dst, src);
	arena_adopt(dst, empty);
	arena_free(src);               /* frees nothing of what was adopted */
	arena_free(empty);
	c = arena_strdup(dst, "after");
	ck_assert_str_eq(a, "from src");
	ck_assert_str_eq(b, "from dst");
	ck_assert_str_eq(c, "after");
	/* into an empty arena too */
	src = arena_new();
	empty = arena_new();
	a = arena_strdup(src, "moved");
	arena_adopt(empty, src);
	arena_free(src);
	ck_assert_str_eq(a, "moved");
	arena_free(empty);
	arena_free(dst);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("tv");
	TCase *tc = tcase_create("tv");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_objects);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_many_keys);
	tcase_add_test(tc, test_key_lengths);
	tcase_add_test(tc, test_lit);
	tcase_add_test(tc, test_arrays);
	tcase_add_test(tc, test_marks);
	tcase_add_test(tc, test_from_json);
	tcase_add_test(tc, test_arena_adopt);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
