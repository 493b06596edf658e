/*
 * fuzz_load.c: the loader with its validation, whole files as input. The
 * valid project tests/corpus/_base is copied once into a temporary folder;
 * each input replaces one of its files (the first byte, modulo the number of
 * slots, says which; its top bit asks for drafts), then the project is
 * loaded, computed and its Markdown linted, as `podium check` does, and the
 * data exports are rendered when that succeeds. The file is put back after.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "compute.h"
#include "fuzz.h"
#include "lint.h"
#include "load.h"
#include "markdown.h"
#include "publish.h"
#include "render.h"
#include "util.h"

static const char *const slots[] = {
	"content/report.yaml",
	"content/sources.yaml",
	"content/editions/2.0.yaml",
	"content/providers/acme.yaml",
	"content/reviews/2.0/acme.yaml",
	"content/commentary/intro.md",
};

static char *work;                       /* the project copy */
static struct buf originals[ARRAY_SIZE(slots)];

/* Copies the tree at from to to (files and folders only). */
static void
copy_tree(const char *from, const char *to)
{
	struct buf b = BUF_INIT;
	struct stat st;
	char **names;
	size_t n, i;

	if ((names = dir_list(from, &n)) == NULL) {
		fprintf(stderr, "%s: cannot list: %s\n", from, strerror(errno));
		exit(2);
	}
	mkdir_p(to);
	for (i = 0; i < n; i++) {
		char *src = path_join(from, names[i]), *dst = path_join(to, names[i]);

		if (stat(src, &st) == 0 && S_ISDIR(st.st_mode))
			copy_tree(src, dst);
		else if (file_read(src, LOAD_MAX_FILE_SIZE, &b) != FILE_OK ||
		    file_write(dst, b.data, b.len) != 0) {
			fprintf(stderr, "%s: cannot copy: %s\n", src, strerror(errno));
			exit(2);
		}
		buf_reset(&b);
		free(src);
		free(dst);
	}
	strv_free(names, n);
	buf_release(&b);
}

static void
cleanup(void)
{
	size_t i;

	remove_tree(work);
	free(work);
	for (i = 0; i < ARRAY_SIZE(slots); i++)
		buf_release(&originals[i]);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *base = path_join(fuzz_root(), "tests/corpus/_base");
	const char *tmp = getenv("TMPDIR");
	size_t i;

	(void)argc;
	(void)argv;
	work = xasprintf("%s/podium-fuzz-load.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(work) == NULL) {
		fprintf(stderr, "%s: %s\n", work, strerror(errno));
		exit(2);
	}
	copy_tree(base, work);
	for (i = 0; i < ARRAY_SIZE(slots); i++) {
		char *path = path_join(work, slots[i]);

		buf_init(&originals[i]);
		if (file_read(path, LOAD_MAX_FILE_SIZE, &originals[i]) != FILE_OK) {
			fprintf(stderr, "%s: cannot read (set PODIUM_ROOT)\n", path);
			exit(2);
		}
		free(path);
	}
	free(base);
	atexit(cleanup);
	return 0;
}

/* What `podium check` does, then the data exports into a folder thrown away. */
static void
check_project(bool drafts)
{
	struct build_opts o = {.drafts = drafts, .now = 20000};
	struct project *p;
	struct computed *c;
	struct site_out so;
	struct md_store *texts = NULL;
	struct diag d;
	char *out;

	diag_init(&d);
	p = project_load(work, &d);
	FUZZ_ASSERT(p != NULL || d.n > 0, "a project that fails to load says why");
	if (p != NULL && !diag_failed(&d)) {
		c = computed_new(p, &o, &d);
		if (c != NULL && !diag_failed(&d)) {
			/* the one parse of each text, as a build keeps it */
			c->texts = texts = lint_markdown(c, &d);
			out = path_join(work, "site");
			if (!diag_failed(&d) && site_out_begin(&so, out, &d) == 0) {
				render_data(c, &so, &d);
				site_out_abort(&so);
			}
			free(out);
		}
		computed_free(c);
		md_store_free(texts);
	}
	project_free(p);
	diag_release(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t slot;
	char *path;

	if (size == 0)
		return 0;
	slot = (data[0] & 0x7f) % ARRAY_SIZE(slots);
	path = path_join(work, slots[slot]);
	if (file_write(path, data + 1, size - 1) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		abort();
	}
	check_project((data[0] & 0x80) != 0);
	if (file_write(path, originals[slot].data, originals[slot].len) != 0)
		abort();
	free(path);
	return 0;
}
