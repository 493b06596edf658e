/* util.c: memory, buffers, files. See util.h for the invariants. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

char buf_empty[1];

_Noreturn void
oom(void)
{
	fputs("podium: error: out of memory\n", stderr);
	exit(3);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		oom();
	return q;
}

void *
xgrow(void *p, size_t size, size_t need, size_t *cap)
{
	size_t c = *cap;

	if (need <= c)
		return p;
	c = c ? c : 8;
	while (c < need) {
		if (c > SIZE_MAX / 2 / size)
			oom();
		c *= 2;
	}
	*cap = c;
	return xrealloc(p, c * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return buf_detach(&b, NULL);
}

void
buf_init(struct buf *b)
{
	b->data = buf_empty;
	b->len = b->cap = 0;
}

void
buf_release(struct buf *b)
{
	if (b->cap)
		free(b->data);
	buf_init(b);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->cap)
		b->data[0] = '\0';
}

void
buf_grow(struct buf *b, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - b->len - 1)
		oom();
	need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	if (b->cap == 0) {
		size_t cap = 0;
		char *p = xgrow(NULL, 1, need < 64 ? 64 : need, &cap);

		memcpy(p, b->data, b->len + 1);
		b->data = p;
		b->cap = cap;
		return;
	}
	b->data = xgrow(b->data, 1, need, &b->cap);
}

/*
 * One formatting pass when the text fits in the buffer's spare room (or, for
 * a buffer with little or none, in a stack buffer); a second, into storage
 * grown to the measured length, only when it does not.
 */
void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	char small[256];
	size_t spare = b->cap - b->len, room = sizeof(small);
	char *dst = small;
	va_list cp;
	int n;

	if (b->cap != 0 && spare >= 64) {
		dst = b->data + b->len;
		room = spare;
	}
	va_copy(cp, ap);
	n = vsnprintf(dst, room, fmt, cp);
	va_end(cp);
	if (n < 0) {
		if (dst != small)
			b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n < room) {
		if (dst == small)
			buf_add(b, small, (size_t)n);
		else
			b->len += (size_t)n;
		return;
	}
	buf_grow(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *
buf_detach(struct buf *b, size_t *len)
{
	char *p;

	if (b->cap == 0)
		p = xstrdup("");
	else
		p = b->data;
	if (len)
		*len = b->len;
	buf_init(b);
	return p;
}

/* The arena: a chain of blocks, bump-allocated. */
struct arena *
arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

void
arena_free(struct arena *a)
{
	struct arena_block *b, *next;

	if (a == NULL)
		return;
	for (b = a->head; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(a);
}

void
arena_reset(struct arena *a)
{
	struct arena_block *b, *next;

	if (a == NULL || a->head == NULL)
		return;
	/* the oldest block stays (the chain is newest first) */
	for (b = a->head; b->next != NULL; b = next) {
		next = b->next;
		free(b);
	}
	b->used = 0;
	a->head = b;
}

void
arena_adopt(struct arena *dst, struct arena *src)
{
	struct arena_block *tail;

	if (src == NULL || src->head == NULL)
		return;
	if (dst->head == NULL) {
		dst->head = src->head;
		src->head = NULL;
		return;
	}
	/* behind dst's current block, which keeps serving allocations */
	for (tail = src->head; tail->next != NULL; tail = tail->next)
		;
	tail->next = dst->head->next;
	dst->head->next = src->head;
	src->head = NULL;
}

void *
arena_alloc_block(struct arena *a, size_t n)
{
	const size_t align = sizeof(max_align_t);
	struct arena_block *b;
	size_t size;

	n = n ? n : 1;
	if (n > SIZE_MAX - align)
		oom();
	n = (n + align - 1) / align * align;
	size = n > 65536 ? n : 65536;
	b = xmalloc(sizeof(*b) + size);

	b->used = n;
	b->size = size;
	b->next = a->head;
	a->head = b;
	return b->data;
}

void *
arena_array(struct arena *a, size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		oom();
	return arena_alloc(a, nmemb * size);
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	char *p;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	p = arena_strndup(a, b.data, b.len);
	buf_release(&b);
	return p;
}

struct arena_mark
arena_mark(const struct arena *a)
{
	struct arena_mark m;

	m.block = a->head;
	m.used = a->head != NULL ? a->head->used : 0;
	return m;
}

void
arena_release(struct arena *a, struct arena_mark m)
{
	struct arena_block *b;

	while (a->head != NULL && (void *)a->head != m.block) {
		b = a->head;
		a->head = b->next;
		free(b);
	}
	if (a->head != NULL)
		a->head->used = m.used;
}

enum file_status
file_read(const char *path, size_t max, struct buf *out)
{
	struct stat st;
	char chunk[65536];
	size_t total = 0;
	ssize_t n;
	int fd, saved;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return FILE_ERRNO;
	if (fstat(fd, &st) == -1)
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail;
	}
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max) {
		close(fd);
		return FILE_TOO_BIG;
	}
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto fail;
		if (n == 0)
			break;
		total += (size_t)n;
		if (total > max) {
			close(fd);
			return FILE_TOO_BIG;
		}
		buf_add(out, chunk, (size_t)n);
	}
	close(fd);
	return FILE_OK;
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return FILE_ERRNO;
}

int
mkdir_p(const char *path)
{
	const char *slash;
	char *parent;
	int rc;

	/* most often only the last part is missing: one call, not one a part */
	if (mkdir(path, 0777) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT || (slash = strrchr(path, '/')) == NULL || slash == path)
		return -1;
	parent = xstrndup(path, (size_t)(slash - path));
	rc = mkdir_p(parent);
	free(parent);
	if (rc == -1 || (mkdir(path, 0777) == -1 && errno != EEXIST))
		return -1;
	return 0;
}

int
mkdir_p_at(int dirfd, const char *rel)
{
	const char *slash;
	char *parent;
	int rc;

	if (mkdirat(dirfd, rel, 0777) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT || (slash = strrchr(rel, '/')) == NULL || slash == rel)
		return -1;
	parent = xstrndup(rel, (size_t)(slash - rel));
	rc = mkdir_p_at(dirfd, parent);
	free(parent);
	if (rc == -1 || (mkdirat(dirfd, rel, 0777) == -1 && errno != EEXIST))
		return -1;
	return 0;
}

int
write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	ssize_t w;

	while (n > 0) {
		w = write(fd, c, n);
		if (w == -1 && errno == EINTR)
			continue;
		if (w == -1)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Writes all n bytes of p to fd and closes it; 0 or -1 (errno). */
static int
write_close(int fd, const void *p, size_t n)
{
	int saved;

	if (write_all(fd, p, n) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

/*
 * Folders are made one at a time: pages made on several threads make their
 * folders in the same parent (providers/), and the kernel's lock on it
 * made the waiting thread spin on a core while the other made its folder.
 * Waiting here sleeps instead, and leaves the core to other work.
 */
static pthread_mutex_t mkdir_lock = PTHREAD_MUTEX_INITIALIZER;

/* The folder part of rel made, relative to dirfd; 0 or -1 (errno). */
static int
mkdir_parent_at(int dirfd, const char *rel)
{
	const char *slash = strrchr(rel, '/');
	char *dir;
	int rc, saved;

	if (slash == NULL || slash == rel)
		return 0;
	dir = xstrndup(rel, (size_t)(slash - rel));
	pthread_mutex_lock(&mkdir_lock);
	rc = mkdir_p_at(dirfd, dir);
	saved = errno;
	pthread_mutex_unlock(&mkdir_lock);
	free(dir);
	errno = saved;
	return rc;
}

int
file_open_at(int dirfd, const char *rel, bool own_dir)
{
	const int flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC;
	int fd;

	if (own_dir && mkdir_parent_at(dirfd, rel) == -1)
		return -1;
	fd = openat(dirfd, rel, flags, 0666);
	if (fd == -1 && errno == ENOENT && !own_dir) {
		if (mkdir_parent_at(dirfd, rel) == -1)
			return -1;
		fd = openat(dirfd, rel, flags, 0666);
	}
	return fd;
}

int
file_write_at(int dirfd, const char *rel, const void *p, size_t n, bool own_dir)
{
	int fd = file_open_at(dirfd, rel, own_dir);

	if (fd == -1)
		return -1;
	return write_close(fd, p, n);
}

int
file_write(const char *path, const void *p, size_t n)
{
	const char *slash = strrchr(path, '/');
	int fd;

	/* the folder usually exists: make it only when the open says it does not */
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd == -1 && errno == ENOENT && slash != NULL && slash != path) {
		char *dir = xstrndup(path, (size_t)(slash - path));
		int rc = mkdir_p(dir);

		free(dir);
		if (rc == -1)
			return -1;
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	}
	if (fd == -1)
		return -1;
	return write_close(fd, p, n);
}

int
remove_tree(const char *path)
{
	struct stat st;
	DIR *dir;
	struct dirent *de;
	int rc = 0;

	if (lstat(path, &st) == -1)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	/* a read-only folder is emptied too (its entries need write access) */
	if ((st.st_mode & S_IRWXU) != S_IRWXU)
		chmod(path, st.st_mode | S_IRWXU);
	if ((dir = opendir(path)) == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		char *sub;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		sub = path_join(path, de->d_name);
		if (remove_tree(sub) == -1)
			rc = -1;
		free(sub);
	}
	closedir(dir);
	if (rmdir(path) == -1)
		rc = -1;
	return rc;
}

char *
path_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), slash;
	char *p;

	if (la == 0)
		return xstrndup(b, lb);
	slash = a[la - 1] == '/' ? 0 : 1;
	p = xmalloc(la + slash + lb + 1);
	memcpy(p, a, la);
	p[la] = '/';
	memcpy(p + la + slash, b, lb + 1);
	return p;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
dir_list(const char *path, size_t *n)
{
	DIR *dir;
	struct dirent *de;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if ((dir = opendir(path)) == NULL)
		return NULL;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		v = xgrow(v, sizeof(*v), *n + 1, &cap);
		v[(*n)++] = xstrdup(de->d_name);
	}
	closedir(dir);
	if (v == NULL)
		v = xcalloc(1, sizeof(*v));
	qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

void
strv_free(char **v, size_t n)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

uint64_t
hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n-- > 0) {
		h ^= *c++;
		h *= UINT64_C(1099511628211);
	}
	return h;
}

uint64_t
hash_str(const char *s)
{
	return hash_bytes(HASH_SEED, s, strlen(s));
}

static void
htab_put(struct htab_slot *slots, size_t cap, uint64_t hash, size_t item1)
{
	size_t i = (size_t)hash & (cap - 1);

	while (slots[i].item != 0)
		i = (i + 1) & (cap - 1);
	slots[i].hash = hash;
	slots[i].item = item1;
}

void
htab_add(struct htab *t, uint64_t hash, size_t item)
{
	struct htab_slot *slots;
	size_t cap, i;

	if (2 * (t->n + 1) > t->cap) {
		cap = t->cap != 0 ? t->cap * 2 : 16;
		slots = xcalloc(cap, sizeof(*slots));
		for (i = 0; i < t->cap; i++)
			if (t->slots[i].item != 0)
				htab_put(slots, cap, t->slots[i].hash, t->slots[i].item);
		free(t->slots);
		t->slots = slots;
		t->cap = cap;
	}
	htab_put(t->slots, t->cap, hash, item + 1);
	t->n++;
}

bool
htab_next(const struct htab *t, uint64_t hash, size_t *at, size_t *item)
{
	const struct htab_slot *s;

	for (; *at < t->cap; (*at)++) {
		s = &t->slots[((size_t)hash + *at) & (t->cap - 1)];
		if (s->item == 0)
			break;
		if (s->hash == hash) {
			*item = s->item - 1;
			(*at)++;
			return true;
		}
	}
	*at = t->cap;
	return false;
}

void
htab_clear(struct htab *t)
{
	if (t->cap != 0)
		memset(t->slots, 0, t->cap * sizeof(*t->slots));
	t->n = 0;
}

void
htab_free(struct htab *t)
{
	free(t->slots);
	t->slots = NULL;
	t->cap = t->n = 0;
}

size_t
utf8_decode(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c = s[0];
	size_t len, k;
	uint32_t v;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		v = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		v = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		v = c & 0x07;
	} else
		return 0;
	if (len > n)
		return 0;
	for (k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (s[k] & 0x3f);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && v < 0x10000) ||
	    v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

size_t
utf8_bom(const char *s, size_t n)
{
	return n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

bool
utf8_continues(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

bool
str_starts(const char *s, const char *prefix)
{
	while (*prefix != '\0')
		if (*s++ != *prefix++)
			return false;
	return true;
}

bool
str_ends(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}
