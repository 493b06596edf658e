/*
 * fuzz_markdown.c: a commentary file, front matter and Markdown with
 * shortcodes, checked and rendered against the fixture tests/fixtures/mini
 * (loaded once). The front matter (between "---" lines) goes through the
 * YAML tree; the body through md_parse and md_render_html. A first byte 0x01
 * turns report.allow_html on; otherwise the HTML must hold only the tags the
 * renderer writes, no event-handler attribute, and no link or image whose
 * URL podium refuses.
 */
#include <string.h>
#include <strings.h>

#include "compute.h"
#include "fuzz.h"
#include "load.h"
#include "markdown.h"
#include "parse.h"
#include "util.h"
#include "yamltree.h"

#define FILE_MD "content/commentary/fuzz.md"

static struct project *project;
static struct computed *computed;

static void
fixture_free(void)
{
	computed_free(computed);
	project_free(project);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *dir = path_join(fuzz_root(), "tests/fixtures/mini");
	struct build_opts o = {.drafts = true, .now = 0};
	struct diag d;

	(void)argc;
	(void)argv;
	diag_init(&d);
	project = project_load(dir, &d);
	if (project == NULL || d.nerrors != 0) {
		diag_print(&d, stderr);
		fprintf(stderr, "%s: the fixture does not load (set PODIUM_ROOT)\n", dir);
		exit(2);
	}
	computed = computed_new(project, &o, &d);
	diag_release(&d);
	free(dir);
	atexit(fixture_free);
	return 0;
}

static bool
fence(const char *s, const char *end)
{
	size_t n = (size_t)(end - s);

	return n >= 3 && memcmp(s, "---", 3) == 0 && (n == 3 || s[3] == '\n');
}

/* Parses the front matter, if any; returns where the body starts. */
static const char *
front_matter(const char *s, const char *end, unsigned *line)
{
	const char *p, *fm;
	struct arena *a;
	struct diag d;
	bool empty;

	*line = 1;
	if (!fence(s, end) || (p = memchr(s, '\n', (size_t)(end - s))) == NULL)
		return s;
	fm = ++p;
	for (*line = 2; p < end && !fence(p, end); (*line)++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		p = nl ? nl + 1 : end;
	}
	if (p >= end)
		return s;
	a = arena_new();
	diag_init(&d);
	(void)yaml_tree_parse(fm, (size_t)(p - fm), FILE_MD, 1, a, &d, &empty);
	diag_release(&d);
	arena_free(a);
	(*line)++;
	p = memchr(p, '\n', (size_t)(end - p));
	return p ? p + 1 : end;
}

static bool
tag_known(const char *name, size_t n)
{
	static const char *const tags[] = {"a", "p", "em", "strong", "code", "pre",
	    "blockquote", "ul", "ol", "li", "hr", "br", "img", "h1", "h2", "h3", "h4",
	    "h5", "h6", "figure", "figcaption", "table", "caption", "thead", "tbody",
	    "tr", "th", "td", "span", "abbr", "cite", "time", "sup", "del", "details",
	    "summary", "div", "picture", "source", NULL};
	size_t i;

	for (i = 0; tags[i] != NULL; i++)
		if (strlen(tags[i]) == n && memcmp(tags[i], name, n) == 0)
			return true;
	return false;
}

/* The URL in an attribute value at v (up to '"'), entities decoded; malloc'd. */
static char *
attr_url(const char *v)
{
	struct buf b = BUF_INIT;

	for (; *v && *v != '"'; v++) {
		if (str_starts(v, "&amp;")) {
			buf_putc(&b, '&');
			v += 4;
		} else
			buf_putc(&b, *v);
	}
	return buf_detach(&b, NULL);
}

/* Every tag in html is one the renderer writes, with safe attributes. */
static void
check_html(const char *html)
{
	const char *p, *q, *end;

	for (p = strchr(html, '<'); p != NULL; p = strchr(p + 1, '<')) {
		q = p + 1 + (p[1] == '/');
		end = q + strspn(q, "abcdefghijklmnopqrstuvwxyz0123456789");
		if (!tag_known(q, (size_t)(end - q)))
			fprintf(stderr, "unknown tag '%.*s'\n", (int)(end - q), q);
		FUZZ_ASSERT(tag_known(q, (size_t)(end - q)), "only the renderer's own tags");
		for (q = end; *q && *q != '>'; q++) {
			FUZZ_ASSERT(*q != '<', "no '<' inside a tag");
			if (q[-1] == ' ' && strncasecmp(q, "on", 2) == 0)
				FUZZ_ASSERT(0, "no event-handler attribute");
			if (str_starts(q, " href=\"") || str_starts(q, " src=\"")) {
				char *url = attr_url(strchr(q, '"') + 1);

				FUZZ_ASSERT(strcmp(url, "#") == 0 || url_allowed(url),
				    "a link or image url is one podium allows");
				free(url);
			}
			if (*q == '"')
				q = strchr(q + 1, '"') ? strchr(q + 1, '"') : q;
		}
	}
}

static void
render(const char *body, unsigned line, bool allow_html)
{
	struct md_doc doc;
	struct buf out = BUF_INIT;
	struct diag d;

	diag_init(&d);
	if (md_parse(computed, body, FILE_MD, line, &doc, &d) == 0) {
		FUZZ_ASSERT(d.nerrors == 0, "a parsed document has no error");
		md_render_html(computed, &doc, "../", &out);
		if (!allow_html)
			check_html(out.data);
		buf_reset(&out);
		md_render_html_ids(computed, &doc, "", "sec-", &out);
		md_doc_release(&doc);
	} else
		FUZZ_ASSERT(d.nerrors > 0, "a refused document comes with an error");
	diag_release(&d);
	buf_release(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bool allow_html = size > 0 && data[0] == 0x01;
	char *text = xstrndup((const char *)data + allow_html, size - allow_html);
	const char *body;
	unsigned line;

	if (!utf8_valid(text, strlen(text), NULL)) {
		free(text);
		return 0; /* the loader refuses it before any Markdown is read */
	}
	project->report.allow_html = allow_html;
	body = front_matter(text, text + strlen(text), &line);
	render(body, line, allow_html);
	free(text);
	return 0;
}
