/* load_commentary.c: content/commentary/<id>.md: YAML front matter between two "---" lines, then Markdown. */
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define COMMENTARY_DIR "content/commentary"
#define ORDER_MAX 1000000000L

static const char *const section_keys[] = {"title", "order", "draft", "embargo",
    "corrections", "security", "page", NULL};

/* True when the line at s (up to its '\n' or end) is exactly "---" (a '\r' allowed). */
static bool
fence_at(const char *s, const char *end)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));
	size_t n = (size_t)((nl ? nl : end) - s);

	if (n > 0 && s[n - 1] == '\r')
		n--;
	return n == 3 && memcmp(s, "---", 3) == 0;
}

/* The start of the line after s, or end. */
static const char *
next_line(const char *s, const char *end)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));

	return nl ? nl + 1 : end;
}

/*
 * page: the site page that gives the section in full (methodology,
 * security); the home page then gives its opening and a link there.
 * page: security is security: true.
 */
static void
section_page(struct loader *l, const char *file, const struct ynode *n, struct section *s)
{
	static const char *const pages[] = {"methodology", "security", NULL};
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; n->kind == YNODE_SCALAR && pages[i] != NULL; i++)
		if (strcmp(n->str, pages[i]) == 0) {
			s->page = pages[i];
			if (strcmp(pages[i], "security") == 0)
				s->security = true;
			return;
		}
	diag_error(l->d, file, n->line, n->col,
	    "'page' must be methodology or security (the page that gives the section in full)");
}

static void
front_fields(struct loader *l, const char *file, const struct ynode *root, struct section *s)
{
	check_keys(l, file, root, section_keys);
	get_str(l, file, need(l, file, root, "title"), "title", &s->title);
	get_long(l, file, opt(root, "order"), "order", -ORDER_MAX, ORDER_MAX, &s->order);
	get_bool(l, file, given(l, file, root, "draft", "true or false"), "draft", &s->draft);
	get_date(l, file, given(l, file, root, "embargo", "a date YYYY-MM-DD"), "embargo",
	    &s->embargo);
	if (opt(root, "corrections") != NULL)
		corrections_load(l, file, opt(root, "corrections"), &s->corrections,
		    &s->ncorrections);
	get_bool(l, file, given(l, file, root, "security", "true or false"), "security",
	    &s->security);
	section_page(l, file, given(l, file, root, "page", "methodology or security"), s);
}

/*
 * Splits a Markdown file (b) into its YAML front matter, given to
 * front(l, file, root, ctx) as a mapping, and its body (in the arena, with
 * the line it starts at). False after reporting. load_pages.c reads its
 * pages with it too.
 */
bool
md_file_parse(struct loader *l, const char *file, const struct buf *b,
    void (*front)(struct loader *, const char *, const struct ynode *, void *), void *ctx,
    const char **body, unsigned *body_line)
{
	/* a byte order mark opening the file is no content (as in YAML) */
	const char *text = b->data + utf8_bom(b->data, b->len);
	const char *end = b->data + b->len, *p, *fm;
	struct arena *tmp;
	struct ynode *root;
	unsigned line = 2, bl, bc;
	char why[64];
	bool empty;

	/* a NUL would end the body there, silently */
	if (!text_valid(text, (size_t)(end - text), true, &bl, &bc, why)) {
		diag_error(l->d, file, bl, bc, "%s", why);
		return false;
	}
	if (text == end || !fence_at(text, end)) {
		diag_error(l->d, file, 1, 1,
		    "missing front matter (the file must start with a '---' line)");
		return false;
	}
	fm = p = next_line(text, end);
	while (p < end && !fence_at(p, end)) {
		p = next_line(p, end);
		line++;
	}
	if (p == end) {
		diag_error(l->d, file, 1, 1, "front matter has no closing '---' line");
		return false;
	}
	tmp = arena_new();
	root = yaml_tree_parse(fm, (size_t)(p - fm), file, 1, tmp, l->d, &empty);
	if (empty)
		diag_error(l->d, file, 1, 1, "front matter is empty (expected a mapping)");
	else if (root != NULL && root->kind != YNODE_MAP)
		diag_error(l->d, file, root->line, root->col,
		    "front matter must be a mapping, not %s", ynode_kind_name(root));
	else if (root != NULL)
		front(l, file, root, ctx);
	arena_free(tmp);
	p = next_line(p, end);
	*body = arena_strndup(l->a, p, (size_t)(end - p));
	*body_line = line + 1;
	return true;
}

static void
section_front(struct loader *l, const char *file, const struct ynode *root, void *ctx)
{
	front_fields(l, file, root, ctx);
}

static bool
section_load(struct loader *l, const char *id, struct section *s)
{
	char *rel = xasprintf("%s/%s.md", COMMENTARY_DIR, id);
	struct buf b = BUF_INIT;
	bool ok = false;

	memset(s, 0, sizeof(*s));
	s->id = arena_strdup(l->a, id);
	s->embargo = DATE_NONE;
	s->pos.file = arena_strdup(l->a, rel);
	s->pos.line = s->pos.col = 1;
	if (loader_read(l, rel, &b))
		ok = md_file_parse(l, s->pos.file, &b, section_front, s, &s->body,
		    &s->body_line);
	if (s->title == NULL)
		s->title = s->id;
	buf_release(&b);
	free(rel);
	return ok;
}

static int
section_cmp(const void *a, const void *b)
{
	const struct section *x = a, *y = b;

	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return strcmp(x->id, y->id);
}

void
commentary_load(struct loader *l)
{
	struct project *p = l->p;
	char **names, *id;
	size_t n, i;
	bool missing;

	if ((names = loader_list(l, COMMENTARY_DIR, &n, &missing)) == NULL)
		return;
	p->sections = arena_array(l->a, n ? n : 1, sizeof(*p->sections));
	for (i = 0; i < n; i++)
		if ((id = loader_stem(l, COMMENTARY_DIR, names[i], ".md")) != NULL) {
			if (section_load(l, id, &p->sections[p->nsections]))
				p->nsections++;
			free(id);
		}
	strv_free(names, n);
	qsort(p->sections, p->nsections, sizeof(*p->sections), section_cmp);
}
