/*
 * test_yaml_fast.c: the fast YAML reader against the libyaml one. Whenever
 * the fast reader accepts a text, libyaml must accept it without a
 * diagnostic and both trees must be equal in every field; when it declines,
 * nothing may stay behind in the arena. Inputs: every .yaml file under
 * content/ and tests/, the commentary front matter, hand-written cases for
 * each construct and each reason to decline, and thousands of deterministic
 * mutations of all of those. The content files and the bench samples must
 * take the fast path, so a reader that declines everything fails here.
 */
#include <check.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "load.h"
#include "util.h"
#include "yaml_fast.h"
#include "yamltree.h"

/* The texts walked from the tree, each with its name. */
struct corpus {
	char **name;
	struct buf *text;
	size_t n, cap, ncap;
};

static struct corpus corp;
static size_t n_accepted, n_declined;

/* Prints where x and y first differ; returns whether they are equal. */
static bool
tree_eq(const struct ynode *x, const struct ynode *y)
{
	size_t i;

	if (x->kind != y->kind || x->line != y->line || x->col != y->col) {
		fprintf(stderr, "node: fast kind %d at %u:%u, libyaml kind %d at %u:%u\n",
		    x->kind, x->line, x->col, y->kind, y->line, y->col);
		return false;
	}
	switch (x->kind) {
	case YNODE_SCALAR:
		if (x->len != y->len || memcmp(x->str, y->str, x->len) != 0 ||
		    x->str[x->len] != '\0' || x->plain != y->plain) {
			fprintf(stderr, "scalar at %u:%u: fast '%s' (%zu, plain %d), "
			    "libyaml '%s' (%zu, plain %d)\n", x->line, x->col, x->str,
			    x->len, x->plain, y->str, y->len, y->plain);
			return false;
		}
		return x->items == NULL && x->pairs == NULL;
	case YNODE_SEQ:
		if (x->nitems != y->nitems || x->str != NULL || x->items == NULL) {
			fprintf(stderr, "sequence at %u:%u: %zu items, libyaml %zu\n",
			    x->line, x->col, x->nitems, y->nitems);
			return false;
		}
		for (i = 0; i < x->nitems; i++)
			if (!tree_eq(x->items[i], y->items[i]))
				return false;
		return true;
	default:
		if (x->npairs != y->npairs || x->str != NULL || x->pairs == NULL) {
			fprintf(stderr, "mapping at %u:%u: %zu pairs, libyaml %zu\n",
			    x->line, x->col, x->npairs, y->npairs);
			return false;
		}
		for (i = 0; i < x->npairs; i++)
			if (x->pairs[i].duplicate != y->pairs[i].duplicate ||
			    !tree_eq(x->pairs[i].key, y->pairs[i].key) ||
			    !tree_eq(x->pairs[i].value, y->pairs[i].value))
				return false;
		return true;
	}
}

/*
 * Reads text both ways and checks the contract; returns whether the fast
 * reader took it.
 */
static bool
differ(const char *text, size_t len, unsigned offset, const char *what)
{
	struct arena *fa = arena_new(), *la = arena_new();
	struct diag dg;
	struct arena_mark before, after;
	struct ynode *fr, *lr;
	bool empty, took;

	diag_init(&dg);
	/* an allocation first, so the arena has a block to return to */
	arena_alloc(fa, 16);
	before = arena_mark(fa);
	fr = yaml_fast_parse(text, len, offset, fa);
	took = fr != NULL;
	if (took) {
		lr = yaml_tree_parse_libyaml(text, len, "f.yaml", offset, la, &dg, &empty);
		ck_assert_msg(lr != NULL && dg.n == 0,
		    "%s: fast took a text libyaml refuses:\n%.*s", what, (int)len, text);
		ck_assert_msg(tree_eq(fr, lr), "%s: trees differ:\n%.*s", what,
		    (int)len, text);
		n_accepted++;
	} else {
		after = arena_mark(fa);
		ck_assert_msg(after.block == before.block && after.used == before.used,
		    "%s: a declined text left memory in the arena", what);
		n_declined++;
	}
	diag_release(&dg);
	arena_free(fa);
	arena_free(la);
	return took;
}

static bool
differ_str(const char *text)
{
	return differ(text, strlen(text), 0, "case");
}

static void
corpus_add(const char *name, const char *text, size_t len)
{
	corp.name = xgrow(corp.name, sizeof(*corp.name), corp.n + 1, &corp.cap);
	corp.text = xgrow(corp.text, sizeof(*corp.text), corp.n + 1, &corp.ncap);
	corp.name[corp.n] = xstrdup(name);
	buf_init(&corp.text[corp.n]);
	buf_add(&corp.text[corp.n], text, len);
	corp.n++;
}

/* The front matter of a commentary file (between its '---' lines), or NULL. */
static const char *
front_matter(const struct buf *b, size_t *len)
{
	const char *end;

	if (!str_starts(b->data, "---\n"))
		return NULL;
	end = strstr(b->data + 4, "\n---\n");
	if (end == NULL)
		return NULL;
	*len = (size_t)(end + 1 - (b->data + 4));
	return b->data + 4;
}

/* Adds every .yaml file under dir, and the front matter of content's .md files. */
static void
walk(const char *dir)
{
	char **names;
	size_t n, i;

	names = dir_list(dir, &n);
	ck_assert_ptr_nonnull(names);
	for (i = 0; i < n; i++) {
		char *p = path_join(dir, names[i]);
		struct stat st;
		struct buf b = BUF_INIT;
		const char *fm;
		size_t fmlen;

		ck_assert_int_eq(stat(p, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			if (strcmp(names[i], "work") != 0 && strcmp(names[i], "out") != 0 &&
			    strcmp(names[i], "node_modules") != 0)
				walk(p);
		} else if (str_ends(p, ".yaml")) {
			ck_assert_int_eq(file_read(p, LOAD_MAX_FILE_SIZE, &b), FILE_OK);
			corpus_add(p, b.data, b.len);
		} else if (str_ends(p, ".md") && str_starts(p, "content/")) {
			ck_assert_int_eq(file_read(p, LOAD_MAX_FILE_SIZE, &b), FILE_OK);
			if ((fm = front_matter(&b, &fmlen)) != NULL)
				corpus_add(p, fm, fmlen);
		}
		buf_release(&b);
		free(p);
	}
	strv_free(names, n);
}

static void
corpus_load(void)
{
	if (corp.n > 0)
		return;
	walk("content");
	walk("tests");
}

/* Every file of the default report, its front matter too, takes the fast path. */
START_TEST(test_content_all_fast)
{
	size_t i, n = 0, nfm = 0;

	corpus_load();
	for (i = 0; i < corp.n; i++) {
		bool fm = str_ends(corp.name[i], ".md");

		if (!str_starts(corp.name[i], "content/"))
			continue;
		ck_assert_msg(differ(corp.text[i].data, corp.text[i].len, fm ? 1 : 0,
		    corp.name[i]), "%s: declined", corp.name[i]);
		n++;
		nfm += fm;
	}
	ck_assert_uint_ge(n, 200);
	ck_assert_uint_ge(nfm, 7);
}
END_TEST

/* Samples written by tests/bench/gen.c take the fast path. */
START_TEST(test_bench_fast)
{
	static const char *const files[] = {"review", "provider", "edition", "report",
	    "sources"};
	size_t i, j;

	corpus_load();
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		char *p = xasprintf("tests/fixtures/yaml-fast/%s.yaml", files[i]);

		for (j = 0; j < corp.n; j++)
			if (strcmp(corp.name[j], p) == 0)
				break;
		ck_assert_msg(j < corp.n, "%s missing", p);
		ck_assert_msg(differ(corp.text[j].data, corp.text[j].len, 0, p),
		    "%s: declined", p);
		free(p);
	}
}
END_TEST

/* Every file under tests/: whatever the fast reader takes, it takes right. */
START_TEST(test_tests_tree)
{
	size_t i, took = 0;

	corpus_load();
	for (i = 0; i < corp.n; i++)
		took += differ(corp.text[i].data, corp.text[i].len,
		    str_ends(corp.name[i], ".md"), corp.name[i]);
	ck_assert_uint_ge(corp.n, 500);
	/* most of the fixtures are the plain subset */
	ck_assert_uint_ge(took * 10, corp.n * 9);
}
END_TEST

static const char *const accepted[] = {
	"a: 1\n",
	"a: 1",
	"a: b c  \n",
	"a: b # c\n",
	"a: b#c\n",
	"a:    spaced\n",
	"a: http://x.y/z?q=1\n",
	"a: 2025-03-26\nb: 1:00\nc: 1m1s\n",
	"a: -5\nb: -x\n",
	"a: Tiny & Test <b> !x *y &z\n",
	"a: x, y [z] {w}\n",
	"a: ~\nb: null\n",
	"a: 'it''s'\n",
	"a: ''''\n",
	"a: 'x' # c\n",
	"a: \"q \\\" \\\\ \\/ \\n \\t\"\n",
	"a: \"\"\nb: ''\n",
	"a: \"x\"   \n",
	"a: \"#5b6f86\"\n",
	"a: [x, 'y', \"z\", [1, 2], {k: v}]\n",
	"a: []\nb: {}\nc: [ ]\nd: { }\n",
	"a: [ x , y ]\n",
	"a: [x,y]\n",
	"a: [Participation  Ribbon, x#y]\n",
	"a: {k: v, l: [1], m: {n: o}}\n",
	"a: {k: 'v', l: \"w\"}\n",
	"a: [[[]]]\n",
	"a: [x,\n  y]\n",
	"a: [x ,\n  y]  # c\n",
	"a: [\n  x, y\n  ]\n",
	"a: [x\n  , y]\n",
	"a: {k: v  \n  , l: w\n  }\n",
	"a: {k: [1,\n    2], l: m}\n",
	"a: ['é',\n  é, [x,\n   y]]\n",
	"a:\n  - {id: x, t: \"y\",\n     z: 1}\n  - {id: w}\nb: 1\n",
	"a:\n  - k: {id: x,\n     z: 1}\n    l: 2\n",
	"a: [-5, x-y]\n",
	"a: |\n  x\n  y\n",
	"a: |-\n  x\n",
	"a: |+\n  x\n\n\nb: 1\n",
	"a: |\n  x\n\n  y\n\n",
	"a: |\n  x\n   \n  y\n",
	"a: |\n  x\n  \n  y\n",
	"a: |\n  x\n \n  y\n",
	"a: |\n  # not a comment\n  x: y\n",
	"a: |  # c\n  x\n",
	"a: |-  # c\n  x\n\n",
	"a: |\n  x",
	"a: |+\n  x",
	"a: |\n  x\n  ",
	"a: |+\n  x\n  \n\n",
	"a: |-\n  x\n\n\n# c\nb: 2\n",
	"a: |\n    deep\n    er\nb: 1\n",
	"a: |\n  x\n# c\n  \nb: 1\n",
	"a: |\n  é\n  x\nb: 1\n",
	"a:\n  b: 1\n  c:\n    d: 2\ne: 3\n",
	"a:\n    b: 1\n    c: 2\n",
	"a:   # c\n  b: 1\n",
	"a:\n  - x\n  - y: 1\n    z: 2\n  - [1]\n  - |\n    lit\nb: 1\n",
	"a:\n  - 'q'\n  - \"r\"\n  - {s: t}\n",
	"a:\n  -   x: 1\n      y: 2\n  - z\n",
	"a:\n  - x: |\n      lit\n    y: 2\n",
	"a:\n  - x:\n      - 1\n      - 2\n    y:\n      k: v\n",
	"a:\n  -  x\n",
	"# c\n\na: 1\n  # indented comment\nb: 2\n# end\n",
	"a: b\n\n  # c\n\nc: d\n",
	"  a: 1\n  b: 2\n",
	"a: é ü\nb: [é, ü, x]\nc: {k: 'é', l: x}\n",
	"a: a long line to cross whole words of text\xc2\xa0é\nb: [\xef\xbf\xbd, 'é', x]\n",
	"a: ['é', b]\n",
	"a: 𝄞 x\nb: [𝄞, y]\n",
	"a: \"é\" # é\n",
	"a-b_c.d: 1\n1.0: 2\n",
	"a: b\nb: a\nc: 1\nd: 2\ne: 3\nf: 4\ng: 5\nh: 6\ni: 7\nj: 8\nk: 9\nl: 10\n"
	    "m: 1\nn: 1\no: 1\np: 1\nq: 1\nr: 1\ns: 1\nt: 1\nu: 1\nv: 1\nw: 1\nx: 1\n"
	    "y: 1\nz: 1\n",
};

static const char *const declined[] = {
	"",
	"# only a comment\n",
	"- a\n",
	"x\n",
	"[a]\n",
	"a: &x 1\n",
	"a: *x\n",
	"a: !t 1\n",
	"---\na: 1\n",
	"a: 1\n...\n",
	"a: 1\n---\nb: 1\n",
	"%YAML 1.1\n---\na: 1\n",
	"? a\n: b\n",
	"a: >\n  x\n",
	"a: |2\n  x\n",
	"a: |\n\n  x\n",
	"a: |\n  x\n b: 1\n",
	"a: |\nb: 1\n",
	"a: |",
	"a: |x\n  y\n",
	"a: |\n    x\n  y\n",
	"a: b\n  c\n",
	"a: b\n  c: d\n",
	"a: 'x\n  y'\n",
	"a: \"x\n  y\"\n",
	"a: [x,\ny]\n",
	"a: [x,\n\n  y]\n",
	"a: [x, # c\n  y]\n",
	"a: [x\n  y]\n",
	"a: [x\n  [y]]\n",
	"a: [x\n]\n",
	"a: {k:\n  v}\n",
	"a:\n  - [x,\n  y]\n",
	"a: [x,\n  y\n",
	"a: [x,]\n",
	"a: [x, , y]\n",
	"a: [, y]\n",
	"a: {x}\n",
	"a: {x: }\n",
	"a: {x:y}\n",
	"a: {\"x\": y}\n",
	"a: [a:b]\n",
	"a: [a: b]\n",
	"a: [\"a\": b]\n",
	"a: [a #c]\n",
	"a: [x] y\n",
	"a: [x]#c\n",
	"a: 'x' y\n",
	"a: \"x\"#c\n",
	"a: b: c\n",
	"a: b:\n",
	"a: - b\n",
	"a: ? b\n",
	"a: , b\n",
	"a: %b\n",
	"a: @b\n",
	"a: `b\n",
	"a:\tb\n",
	"a: b\r\n",
	"\xef\xbb\xbf" "a: 1\n",
	"a: x\xef\xbb\xbfy\n",
	"a: x\xc2\x85y\n",
	"a: x\xe2\x80\xa8y\n",
	"a: x\xe2\x80\xa9y\n",
	"a: x\xc2\x9fy\n",
	"a: x\x7fy\n",
	"a: a long line to cross whole words\x7f of text\n",
	"a: a long line to cross whole words\x1f of text\n",
	"a: a long line to cross whole words\x0b of text\n",
	"a: a long line to cross whole words\xc2\x85 of text\n",
	"a: a long line to cross whole words\xc2\xa0\xff of text\n",
	"a: a long line to cross whole words\r\nb: of text\n",
	"a: x\x01y\n",
	"a: x\xef\xbf\xbey\n",
	"a: x\xffy\n",
	"a: x\xc3\n",
	"a: 1\na: 2\n",
	"a:\n  - {k: 1, k: 2}\n",
	"a:\n",
	"a:\nb: 1\n",
	"a: # c\nb: 1\n",
	"a:\n- x\n- y\n",
	"a:\n  -\n    x\n",
	"a:\n  - - x\n",
	"a:\n  - x\n  b: 1\n",
	"a:\n  - x\n    - y\n",
	"a:\n  x\n",
	"a:\n  b: 1\n c: 2\n",
	"a:\n  b: 1\n   c: 2\n",
	"a: \"\\x41\"\n",
	"a: \"\\0\"\n",
	"a: \"\\\n  b\"\n",
	"\"a\": 1\n",
	"'a': 1\n",
	"a b: 1\n",
	"a :1\n",
	"a:b\n",
	"-a: 1\n",
	".a: 1\n",
	"a: 1\n b: 2\n",
	"a: 1\n  b: 2\n",
	"  a: 1\nb: 2\n",
	"<<: 1\n",
};

START_TEST(test_cases)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(accepted); i++)
		ck_assert_msg(differ_str(accepted[i]), "declined:\n%s", accepted[i]);
	for (i = 0; i < ARRAY_SIZE(declined); i++)
		ck_assert_msg(!differ_str(declined[i]), "took:\n%s", declined[i]);
}
END_TEST

/* Limits: long keys, deep nesting, long strings, many keys. */
START_TEST(test_limits)
{
	struct buf b = BUF_INIT;
	size_t i;

	/* a key of 1,000 characters is taken, one of 1,001 is not */
	buf_puts(&b, "k");
	for (i = 1; i < 1000; i++)
		buf_putc(&b, 'x');
	buf_puts(&b, ": 1\n");
	ck_assert(differ(b.data, b.len, 0, "key 1000"));
	buf_reset(&b);
	for (i = 0; i < 1001; i++)
		buf_putc(&b, 'x');
	buf_puts(&b, ": 1\n");
	ck_assert(!differ(b.data, b.len, 0, "key 1001"));
	/* nesting: 40 levels taken, 70 declined (libyaml's path refuses them) */
	buf_reset(&b);
	buf_puts(&b, "a: ");
	for (i = 0; i < 40; i++)
		buf_putc(&b, '[');
	for (i = 0; i < 40; i++)
		buf_putc(&b, ']');
	buf_putc(&b, '\n');
	ck_assert(differ(b.data, b.len, 0, "depth 40"));
	buf_reset(&b);
	buf_puts(&b, "a: ");
	for (i = 0; i < 70; i++)
		buf_putc(&b, '[');
	for (i = 0; i < 70; i++)
		buf_putc(&b, ']');
	buf_putc(&b, '\n');
	ck_assert(!differ(b.data, b.len, 0, "depth 70"));
	/* a string over LOAD_MAX_STRING */
	buf_reset(&b);
	buf_puts(&b, "a: ");
	for (i = 0; i <= LOAD_MAX_STRING; i++)
		buf_putc(&b, 'x');
	buf_putc(&b, '\n');
	ck_assert(!differ(b.data, b.len, 0, "long string"));
	/* 300 keys (the sorted duplicate check), then one repeated */
	buf_reset(&b);
	for (i = 0; i < 300; i++)
		buf_printf(&b, "k%zu: [%zu]\n", i, i);
	ck_assert(differ(b.data, b.len, 0, "300 keys"));
	buf_puts(&b, "k17: 1\n");
	ck_assert(!differ(b.data, b.len, 0, "300 keys, one twice"));
	/* a sequence longer than the reader's first stack */
	buf_reset(&b);
	buf_puts(&b, "a:\n");
	for (i = 0; i < 500; i++)
		buf_printf(&b, "  - {x: %zu, y: [a, b]}\n", i);
	ck_assert(differ(b.data, b.len, 0, "500 items"));
	buf_release(&b);
}
END_TEST

/* The line offset moves every line; an arena with no block stays empty on decline. */
START_TEST(test_offset_and_arena)
{
	struct arena *a = arena_new();
	struct arena_mark m;
	struct ynode *r;

	ck_assert(differ("a: 1\nb:\n  - x\n", 14, 7, "offset"));
	r = yaml_fast_parse("a: 1\nb:\n  - x\n", 14, 7, a);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->line, 8);
	ck_assert_uint_eq(ynode_get(r, "b")->items[0]->line, 10);
	ck_assert_uint_eq(ynode_get(r, "b")->items[0]->col, 5);
	arena_free(a);
	a = arena_new();
	ck_assert_ptr_null(yaml_fast_parse("a: 1\nb: &x 2\n", 13, 0, a));
	m = arena_mark(a);
	ck_assert_ptr_null(m.block);
	arena_free(a);
}
END_TEST

/* A deterministic generator (xorshift64*). */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1du;
}

static size_t
rng_below(size_t n)
{
	return n ? (size_t)(rng() % n) : 0;
}

static const char *const pieces[] = {
	" ", ":", "#", "-", "|", "'", "\"", "[", "]", "{", "}", ",", "\n", "\t",
	"  ", ": ", " #", "- ", "|-", "|+", ">", "&", "*", "!", "?", "%", "\\",
	"''", "\r", "\x7f", "\x01", "\xff", "é", "\xc2\x85", "x", "...", "---", "\n\n", "\n  ", "1",
};

/* The start of the line holding offset i. */
static size_t
line_start(const struct buf *b, size_t i)
{
	while (i > 0 && b->data[i - 1] != '\n')
		i--;
	return i;
}

static size_t
line_after(const struct buf *b, size_t i)
{
	while (i < b->len && b->data[i] != '\n')
		i++;
	return i < b->len ? i + 1 : b->len;
}

static void
buf_splice(struct buf *b, size_t at, size_t del, const char *ins, size_t inslen)
{
	struct buf t = BUF_INIT;

	buf_add(&t, b->data, at);
	buf_add(&t, ins, inslen);
	buf_add(&t, b->data + at + del, b->len - at - del);
	buf_release(b);
	*b = t;
}

/* One random edit of b. */
static void
mutate(struct buf *b)
{
	size_t at = rng_below(b->len + 1), ls, le, del;
	const char *p = pieces[rng_below(ARRAY_SIZE(pieces))];
	struct buf line = BUF_INIT;

	switch (rng_below(7)) {
	case 0: /* insert */
		buf_splice(b, at, 0, p, strlen(p));
		break;
	case 1: /* delete one to three bytes */
		del = 1 + rng_below(3);
		if (at + del <= b->len)
			buf_splice(b, at, del, "", 0);
		break;
	case 2: /* replace */
		if (at < b->len)
			buf_splice(b, at, 1, p, strlen(p));
		break;
	case 3: /* duplicate a line */
		ls = line_start(b, at < b->len ? at : b->len);
		le = line_after(b, ls);
		buf_add(&line, b->data + ls, le - ls);
		buf_splice(b, le, 0, line.data, line.len);
		break;
	case 4: /* indent a line more */
		ls = line_start(b, at < b->len ? at : b->len);
		buf_splice(b, ls, 0, rng_below(2) ? " " : "  ", rng_below(2) ? 1 : 2);
		break;
	case 5: /* indent a line less */
		ls = line_start(b, at < b->len ? at : b->len);
		if (ls < b->len && b->data[ls] == ' ')
			buf_splice(b, ls, 1, "", 0);
		break;
	default: /* drop a line */
		ls = line_start(b, at < b->len ? at : b->len);
		buf_splice(b, ls, line_after(b, ls) - ls, "", 0);
		break;
	}
	buf_release(&line);
}

START_TEST(test_mutations)
{
	size_t i, k, e, n = 0, took = 0;
	struct buf b = BUF_INIT;
	char what[64];

	corpus_load();
	for (i = 0; i < corp.n; i++)
		for (k = 0; k < 16; k++) {
			buf_reset(&b);
			buf_add(&b, corp.text[i].data, corp.text[i].len);
			for (e = 0; e <= rng_below(3); e++)
				mutate(&b);
			snprintf(what, sizeof(what), "mutation %zu of file %zu", k, i);
			took += differ(b.data, b.len, str_ends(corp.name[i], ".md"), what);
			n++;
		}
	for (i = 0; i < ARRAY_SIZE(accepted); i++)
		for (k = 0; k < 40; k++) {
			buf_reset(&b);
			buf_puts(&b, accepted[i]);
			for (e = 0; e <= rng_below(2); e++)
				mutate(&b);
			took += differ(b.data, b.len, 0, "mutated case");
			n++;
		}
	buf_release(&b);
	ck_assert_uint_ge(n, 6000);
	/* the mutations reach both sides of the fast reader */
	ck_assert_uint_ge(took * 4, n);
	ck_assert_uint_ge((n - took) * 10, n);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("yaml_fast");
	TCase *tc = tcase_create("fast");
	SRunner *sr;
	int failed;
	size_t i;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_content_all_fast);
	tcase_add_test(tc, test_bench_fast);
	tcase_add_test(tc, test_tests_tree);
	tcase_add_test(tc, test_cases);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_offset_and_arena);
	tcase_add_test(tc, test_mutations);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	for (i = 0; i < corp.n; i++) {
		free(corp.name[i]);
		buf_release(&corp.text[i]);
	}
	free(corp.name);
	free(corp.text);
	printf("yaml_fast: %zu texts taken, %zu declined\n", n_accepted, n_declined);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
