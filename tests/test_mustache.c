/*
 * test_mustache.c: the official Mustache conformance suite (every case of
 * every file in tests/fixtures/mustache-spec/), then error reporting and
 * the engine's own choices (escaping, numbers, falsey values, reuse).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mustache.h"
#include "mustache_int.h"
#include "template_values_json.h"

#define SPEC_DIR "tests/fixtures/mustache-spec/"

static const char *spec_files[] = {
	"comments.json", "delimiters.json", "interpolation.json",
	"inverted.json", "partials.json", "sections.json",
	"~inheritance.json", "~dynamic-names.json",
};

/* Partials come from a JSON object of name -> source. */
static int
json_loader(void *ctx, const char *name, char **src, size_t *len,
    char **path, struct diag *d)
{
	json_t *v = json_object_get(ctx, name);

	(void)d;
	if (v == NULL || !json_is_string(v))
		return -1;
	*len = json_string_length(v);
	*src = xmalloc(*len + 1);
	memcpy(*src, json_string_value(v), *len + 1);
	*path = xasprintf("partials/%s", name);
	return 0;
}

static json_t *
spec_load(const char *file)
{
	char *path = xasprintf("%s%s", SPEC_DIR, file);
	json_error_t err;
	json_t *root = json_load_file(path, 0, &err);

	if (root == NULL)
		fprintf(stderr, "%s:%d: %s\n", path, err.line, err.text);
	free(path);
	return root;
}

/* Runs one case; returns 1 when the output is exactly the expected one. */
static int
spec_case(json_t *tc, const char *file)
{
	json_t *partials = json_object_get(tc, "partials");
	const char *tmpl = json_string_value(json_object_get(tc, "template"));
	const char *want = json_string_value(json_object_get(tc, "expected"));
	struct mustache_set *s = mustache_set_new(json_loader, partials);
	struct buf out = BUF_INIT;
	struct diag d;
	int ok;

	diag_init(&d);
	ok = mustache_set_add(s, "main", tmpl, strlen(tmpl), "main", &d) == 0 &&
	    mustache_render(s, "main", tv_from_json(json_object_get(tc, "data")), &out,
	    &d) == 0 && strcmp(out.data, want) == 0;
	if (!ok)
		fprintf(stderr, "%s: '%s' failed\n  template: %s\n  expected: "
		    "[%s]\n  got:      [%s]\n", file,
		    json_string_value(json_object_get(tc, "name")), tmpl, want,
		    out.data);
	buf_release(&out);
	diag_release(&d);
	mustache_set_free(s);
	return ok;
}

START_TEST(test_spec_file)
{
	const char *file = spec_files[_i];
	json_t *root = spec_load(file), *tests, *tc;
	size_t k, passed = 0;

	ck_assert_ptr_nonnull(root);
	tests = json_object_get(root, "tests");
	ck_assert(json_array_size(tests) > 0);
	json_array_foreach(tests, k, tc)
		passed += (size_t)spec_case(tc, file);
	printf("mustache spec %s: %zu cases run, %zu passed\n", file,
	    json_array_size(tests), passed);
	ck_assert_uint_eq(passed, json_array_size(tests));
	json_decref(root);
	tv_reset();
}
END_TEST

/* Compiles src as "t.mustache"; returns the first diagnostic as printed. */
static char *
compile_error(const char *src)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);
	struct buf b = BUF_INIT;
	struct diag d;
	int rc;

	diag_init(&d);
	rc = mustache_set_add(s, "t", src, strlen(src), "t.mustache", &d);
	ck_assert_int_eq(rc, -1);
	ck_assert_uint_eq(d.nerrors, 1);
	diag_format(&d.v[0], false, &b);
	diag_release(&d);
	mustache_set_free(s);
	return buf_detach(&b, NULL);
}

static void
check_error(const char *src, const char *want)
{
	char *got = compile_error(src);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_errors)
{
	check_error("a\n  {{#list}}\n{{x}}\n",
	    "t.mustache:2:3: error: unclosed section 'list'");
	check_error("{{#a}}{{#b}}\n\n x{{/a}}{{/b}}",
	    "t.mustache:3:3: error: closing tag 'a' does not match open "
	    "section 'b'");
	check_error("ok\n{{/a}}",
	    "t.mustache:2:1: error: unexpected closing tag 'a'");
	check_error("one {{two\nthree",
	    "t.mustache:1:5: error: unclosed tag");
	check_error("x\n\t{{=<% %>=}}<%y%>\n<%{{z}}",
	    "t.mustache:3:1: error: unclosed tag");
	check_error("{{=<%=}}",
	    "t.mustache:1:1: error: invalid delimiter change");
	check_error("ab {{= a=b c =}}",
	    "t.mustache:1:4: error: invalid delimiter change");
	check_error("{{=<% %> x=}}",
	    "t.mustache:1:1: error: invalid delimiter change");
	check_error("é {{ }}", "t.mustache:1:3: error: missing name in tag");
	check_error("{{#a b}}{{/a b}}",
	    "t.mustache:1:1: error: invalid tag name 'a b'");
	check_error("{{$blk}}\n{{<p}}{{/blk}}{{/p}}",
	    "t.mustache:2:7: error: closing tag 'blk' does not match open "
	    "section 'p'");
}
END_TEST

/* n sections of name "t" nested on one line, with x in the middle. */
static char *
nested(size_t n)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < n; i++)
		buf_puts(&b, "{{#t}}");
	buf_puts(&b, "x");
	for (size_t i = 0; i < n; i++)
		buf_puts(&b, "{{/t}}");
	return buf_detach(&b, NULL);
}

/* 100 sections deep renders; the 101st is an error at its tag. */
START_TEST(test_nesting)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);
	char *src = nested(MUSTACHE_MAX_NESTING);
	struct buf out = BUF_INIT;
	struct diag d;
	json_t *data;

	diag_init(&d);
	ck_assert_int_eq(mustache_set_add(s, "t", src, strlen(src), "t.mustache",
	    &d), 0);
	data = json_loads("{\"t\": [1]}", 0, NULL);
	ck_assert_int_eq(mustache_render(s, "t", tv_from_json(data), &out, &d), 0);
	ck_assert_str_eq(out.data, "x");
	free(src);
	src = nested(2000);
	check_error(src, "t.mustache:1:601: error: sections nested more than 100 "
	    "deep at 't'");
	free(src);
	buf_release(&out);
	diag_release(&d);
	mustache_set_free(s);
	json_decref(data);
	tv_reset();
}
END_TEST

struct two {
	const char *name, *src;
};

static int
fixed_loader(void *ctx, const char *name, char **src, size_t *len,
    char **path, struct diag *d)
{
	const struct two *t = ctx;

	(void)d;
	for (; t->name != NULL; t++)
		if (strcmp(t->name, name) == 0) {
			*src = xstrdup(t->src);
			*len = strlen(t->src);
			*path = xasprintf("templates/%s.mustache", name);
			return 0;
		}
	return -1;
}

START_TEST(test_loader_errors)
{
	static const struct two bad[] = {
		{"page", "<main>{{>card}}</main>"},
		{"card", "<p>\n{{#x}}</p>"},
		{"loop", "{{>loop}}"},
		{NULL, NULL},
	};
	struct mustache_set *s = mustache_set_new(fixed_loader, (void *)bad);
	struct buf out = BUF_INIT, msg = BUF_INIT;
	struct diag d;
	json_t *data = json_object();

	diag_init(&d);
	ck_assert_int_eq(mustache_render(s, "page", tv_from_json(data), &out, &d), -1);
	ck_assert_uint_eq(d.nerrors, 1);
	diag_format(&d.v[0], false, &msg);
	ck_assert_str_eq(msg.data,
	    "templates/card.mustache:2:1: error: unclosed section 'x'");
	diag_release(&d);

	diag_init(&d);
	ck_assert_int_eq(mustache_render(s, "nothing", tv_from_json(data), &out, &d), -1);
	buf_reset(&msg);
	diag_format(&d.v[0], false, &msg);
	ck_assert_str_eq(msg.data, "podium: error: unknown template 'nothing'");
	diag_release(&d);

	diag_init(&d);
	ck_assert_int_eq(mustache_render(s, "loop", tv_from_json(data), &out, &d), -1);
	buf_reset(&msg);
	diag_format(&d.v[0], false, &msg);
	ck_assert_str_eq(msg.data, "templates/loop.mustache:1:1: error: "
	    "templates nested too deeply at 'loop'");
	diag_release(&d);

	json_decref(data);
	tv_reset();
	buf_release(&out);
	buf_release(&msg);
	mustache_set_free(s);
}
END_TEST

/* Renders src with data given as JSON text. */
static char *
render(const char *src, const char *json)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);
	struct buf out = BUF_INIT;
	struct diag d;
	json_error_t err;
	json_t *data = json_loads(json, 0, &err);

	ck_assert_ptr_nonnull(data);
	diag_init(&d);
	ck_assert_int_eq(mustache_set_add(s, "t", src, strlen(src), NULL, &d), 0);
	ck_assert_int_eq(mustache_render(s, "t", tv_from_json(data), &out, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	diag_release(&d);
	json_decref(data);
	tv_reset();
	mustache_set_free(s);
	return buf_detach(&out, NULL);
}

static void
check_render(const char *src, const char *json, const char *want)
{
	char *got = render(src, json);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_values)
{
	check_render("{{x}}", "{\"x\": \"<a href='u'>&\\\"</a>\"}",
	    "&lt;a href=&#39;u&#39;&gt;&amp;&quot;&lt;/a&gt;");
	check_render("{{{x}}}|{{&x}}", "{\"x\": \"<b>'\"}", "<b>'|<b>'");
	check_render("{{x}}", "{\"x\": \"a\\u0001b\\tc\\rd\"}", "ab\tcd");
	check_render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{g}} {{h}}",
	    "{\"a\": 0.1, \"b\": 100.0, \"c\": -2.5, \"d\": 1e300, "
	    "\"e\": -9007199254740993, \"f\": 0.000001, "
	    "\"g\": 12345.678, \"h\": -0.0}",
	    "0.1 100 -2.5 1e+300 -9007199254740993 1e-06 12345.678 0");
	check_render("{{t}} {{f}} [{{n}}] [{{o}}] [{{l}}]",
	    "{\"t\": true, \"f\": false, \"n\": null, \"o\": {}, \"l\": [1]}",
	    "true false [] [] []");
	/* Empty strings are falsey; zero is not. */
	check_render("{{#s}}S{{/s}}{{^s}}no s{{/s}} {{#z}}z={{z}}{{/z}}",
	    "{\"s\": \"\", \"z\": 0}", "no s z=0");
	check_render("{{#a}}{{#b}}{{c}}{{/b}}{{/a}}",
	    "{\"a\": {\"b\": [{\"c\": 1}, {}, {\"c\": 3}]}, \"c\": 2}", "123");
	/*
	 * A name is looked for first where it was found last: objects with
	 * the key at another place, with fewer keys than that place, with the
	 * place holding another key, or without the key (found further out).
	 */
	check_render("{{#l}}{{a}},{{/l}}",
	    "{\"a\": \"out\", \"l\": [{\"x\": 0, \"y\": 0, \"a\": 1}, "
	    "{\"a\": 3}, {\"a\": 2, \"x\": 0, \"y\": 0}, "
	    "{\"x\": 0, \"y\": 0, \"b\": 9}, {\"x\": 0, \"a\": 4, \"y\": 0}, "
	    "{}, {\"y\": 0, \"x\": 0, \"a\": 5}]}",
	    "1,3,2,out,4,out,5,");
}
END_TEST

/* A list made item by item: each item is freed before the next is made. */
struct made {
	size_t made;
	struct tv_mark first; /* the arena when the first item was made */
	bool reused;          /* every later item was made where the first was */
};

static struct tv *
make_item(size_t i, void *arg)
{
	struct made *m = arg;
	struct tv_mark mk = tv_mark();
	struct tv *o = tv_object();

	if (m->made == 0) {
		m->first = mk;
		m->reused = true;
	} else if (mk.block != m->first.block || mk.used != m->first.used)
		m->reused = false;
	tv_set(o, "i", tv_int((long long)i));
	m->made++;
	return o;
}

static char *
render_list(const char *src, size_t n, struct made *m)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);
	struct mustache_list l = {n, make_item, m};
	struct tv *data = tv_object();
	struct buf out = BUF_INIT;
	struct diag d;

	tv_set(data, "l", tv_list(&l));
	tv_set(data, "x", tv_str("outer"));
	diag_init(&d);
	ck_assert_int_eq(mustache_set_add(s, "t", src, strlen(src), NULL, &d), 0);
	ck_assert_int_eq(mustache_render(s, "t", data, &out, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	diag_release(&d);
	tv_reset();
	mustache_set_free(s);
	return buf_detach(&out, NULL);
}

START_TEST(test_lists)
{
	struct made m = {0, {NULL, 0}, false};
	char *got;

	got = render_list("{{#l}}{{i}}{{x}},{{/l}}", 3, &m);
	ck_assert_str_eq(got, "0outer,1outer,2outer,");
	ck_assert_uint_eq(m.made, 3);
	ck_assert(m.reused); /* each item's memory was given back */
	free(got);
	/* an empty list is falsey; nothing can be looked up inside a list */
	m.made = 0;
	got = render_list("{{^l}}none{{/l}}{{#l}}x{{/l}}[{{l.n}}{{l.i}}]", 0, &m);
	ck_assert_str_eq(got, "none[]");
	ck_assert_uint_eq(m.made, 0);
	free(got);
	got = render_list("{{#l}}{{#l}}{{i}}{{/l}}{{/l}}|{{^l}}no{{/l}}", 2, &m);
	ck_assert_str_eq(got, "0101|");
	free(got);
	/* a template cannot name the key a list is kept under */
	check_error("{{\x01list}}", "t.mustache:1:1: error: invalid tag name '<U+0001>list'");
}
END_TEST

/* The pieces a sink was given, joined with '|'. */
static void
take_piece(void *arg, struct buf *out)
{
	struct buf *pieces = arg;

	if (pieces->len > 0)
		buf_putc(pieces, '|');
	buf_add(pieces, out->data, out->len);
	buf_reset(out);
}

START_TEST(test_sink)
{
	struct mustache_set *s = mustache_set_new(NULL, NULL);
	struct made m = {0, {NULL, 0}, false};
	struct mustache_list l = {5, make_item, &m};
	struct buf pieces = BUF_INIT, out = BUF_INIT;
	const struct mustache_sink sink = {8, take_piece, &pieces};
	const char *src = "<{{#l}}{{i}}{{x}},{{/l}}>{{#a}}{{.}}{{/a}}.";
	struct tv *data = tv_object(), *a = tv_array();
	struct diag d;
	int i;

	for (i = 0; i < 3; i++)
		tv_append(a, tv_str("abcd"));
	tv_set(data, "l", tv_list(&l));
	tv_set(data, "x", tv_str("outer"));
	tv_set(data, "a", a);
	diag_init(&d);
	ck_assert_int_eq(mustache_set_add(s, "t", src, strlen(src), NULL, &d), 0);
	ck_assert_int_eq(mustache_render_sink(s, "t", data, &out, &sink, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	/* emptied after an item once 8 bytes or more wait; the rest stays */
	ck_assert_str_eq(pieces.data,
	    "<0outer,|1outer,2outer,|3outer,4outer,|>abcdabcd");
	ck_assert_str_eq(out.data, "abcd.");
	/* without a sink, the same text in one piece */
	buf_reset(&out);
	ck_assert_int_eq(mustache_render_sink(s, "t", data, &out, NULL, &d), 0);
	ck_assert_str_eq(out.data, "<0outer,1outer,2outer,3outer,4outer,>abcdabcdabcd.");
	diag_release(&d);
	buf_release(&pieces);
	buf_release(&out);
	tv_reset();
	mustache_set_free(s);
}
END_TEST

START_TEST(test_indentation)
{
	static const struct two parts[] = {
		{"item", "<li>\n\n  {{name}}\n</li>\n"},
		{"list", "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n"},
		{"base", "<html>\n  <body>\n    {{$main}}\n    nothing\n"
		    "    {{/main}}\n  </body>\n</html>\n"},
		{NULL, NULL},
	};
	static const char page[] =
	    "{{<base}}\n"
	    "{{$main}}\n"
	    "<h1>{{title}}</h1>\n"
	    "{{>list}}\n"
	    "{{/main}}\n"
	    "{{/base}}\n";
	struct mustache_set *s = mustache_set_new(fixed_loader, (void *)parts);
	struct buf out = BUF_INIT;
	struct diag d;
	json_t *data = json_pack("{s:s, s:[{s:s}, {s:s}]}", "title", "T & U",
	    "items", "name", "a", "name", "<b>");

	diag_init(&d);
	ck_assert_int_eq(mustache_set_add(s, "page", page, strlen(page),
	    "page.mustache", &d), 0);
	/* Compiled once, rendered many times, always the same. */
	for (int k = 0; k < 3; k++) {
		buf_reset(&out);
		ck_assert_int_eq(mustache_render(s, "page", tv_from_json(data), &out, &d), 0);
		ck_assert_str_eq(out.data,
		    "<html>\n"
		    "  <body>\n"
		    "    <h1>T &amp; U</h1>\n"
		    "    <ul>\n"
		    "      <li>\n"
		    "\n"
		    "        a\n"
		    "      </li>\n"
		    "      <li>\n"
		    "\n"
		    "        &lt;b&gt;\n"
		    "      </li>\n"
		    "    </ul>\n"
		    "  </body>\n"
		    "</html>\n");
	}
	ck_assert_uint_eq(d.n, 0);
	ck_assert_int_eq(mustache_set_add(s, "page", "x", 1, "again", &d), -1);
	diag_release(&d);
	json_decref(data);
	tv_reset();
	buf_release(&out);
	mustache_set_free(s);
}
END_TEST

/* Forgets the text runs of the templates named, as if never marked. */
static void
runs_clear(struct mustache_set *s, const char *const *names)
{
	for (; *names != NULL; names++) {
		struct mtemplate *t = mustache_find(s, *names);

		for (uint32_t i = 0; t != NULL && i < t->nnodes; i++)
			t->nodes[i].run_end = 0;
	}
}

/* Random templates from tag pieces: each compiles or fails with exactly
 * one diagnostic at a real position, and what compiles renders, the same
 * with text runs written at once as node by node. */
static uint64_t fuzz_state = 88172645463325252ULL;

static unsigned
fuzz_rng(unsigned n)
{
	fuzz_state ^= fuzz_state << 13;
	fuzz_state ^= fuzz_state >> 7;
	fuzz_state ^= fuzz_state << 17;
	return (unsigned)(fuzz_state % n);
}

START_TEST(test_random_templates)
{
	static const char *pieces[] = {
		"{{", "}}", "{{a}}", "{{{a}}}", "{{#a}}", "{{/a}}", "{{^b}}",
		"{{/b}}", "{{$b}}", "{{<p}}", "{{/p}}", "{{>p}}", "{{>*n}}",
		"{{=| |=}}", "|a|", "|#a|", "|/a|", "{{! c }}", "\n", "\r\n",
		"  ", "x", "{{.}}", "{{a.b}}", "{{& a}}", "{{=", "}", "{",
	};
	static const struct two parts[] = {
		{"p", "<{{$b}}d{{/b}}\n  {{a}}>"},
		{"q", "[{{#a}}{{c}}{{/a}}]"},
		{NULL, NULL},
	};
	json_t *data = json_pack("{s:[i,s,{s:s}], s:b, s:s}", "a", 1, "two",
	    "b", "c", "b", 1, "n", "q");
	char src[512];

	for (int k = 0; k < 20000; k++) {
		struct mustache_set *s = mustache_set_new(fixed_loader,
		    (void *)parts);
		struct buf out = BUF_INIT;
		struct diag d;
		size_t len = 0;
		int rc;

		for (unsigned m = fuzz_rng(24); m > 0; m--) {
			const char *p = pieces[fuzz_rng(ARRAY_SIZE(pieces))];

			memcpy(src + len, p, strlen(p));
			len += strlen(p);
		}
		src[len] = '\0';
		diag_init(&d);
		rc = mustache_set_add(s, "t", src, len, "t", &d);
		if (rc == 0) {
			ck_assert_uint_eq(d.n, 0);
			rc = mustache_render(s, "t", tv_from_json(data), &out, &d);
			ck_assert_msg(rc == 0, "'%s' failed: %s", src,
			    d.n > 0 ? d.v[0].msg : "");
			{
				static const char *const names[] = {"t", "p", "q", NULL};
				struct buf again = BUF_INIT;

				runs_clear(s, names);
				ck_assert_int_eq(mustache_render(s, "t", tv_from_json(data),
				    &again, &d), 0);
				ck_assert_msg(strcmp(out.data, again.data) == 0,
				    "'%s': '%s' with runs, '%s' without", src, out.data,
				    again.data);
				buf_release(&again);
			}
		} else {
			ck_assert_uint_eq(d.nerrors, 1);
			ck_assert_uint_ge(d.v[0].line, 1);
			ck_assert_uint_ge(d.v[0].col, 1);
		}
		diag_release(&d);
		buf_release(&out);
		mustache_set_free(s);
	}
	json_decref(data);
	tv_reset();
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("mustache");
	TCase *tc = tcase_create("mustache");
	SRunner *sr;
	size_t total = 0, i;
	int failed;

	for (i = 0; i < ARRAY_SIZE(spec_files); i++) {
		json_t *root = spec_load(spec_files[i]);

		total += json_array_size(json_object_get(root, "tests"));
		json_decref(root);
		tv_reset();
	}
	printf("mustache spec: %zu cases in %zu files\n", total,
	    ARRAY_SIZE(spec_files));
	tcase_add_loop_test(tc, test_spec_file, 0, (int)ARRAY_SIZE(spec_files));
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_nesting);
	tcase_add_test(tc, test_loader_errors);
	tcase_add_test(tc, test_values);
	tcase_add_test(tc, test_lists);
	tcase_add_test(tc, test_sink);
	tcase_add_test(tc, test_indentation);
	tcase_add_test(tc, test_random_templates);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
