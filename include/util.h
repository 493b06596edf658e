/*
 * util.h: memory, growable buffers, an arena, files.
 *
 * Invariants:
 * - The x* allocators never return NULL: out of memory prints a message and
 *   exits with status 3 (the only place outside main() that exits).
 * - A struct buf's data is never NULL after buf_init() and is always
 *   NUL-terminated at data[len]; buf_detach() hands the storage to the caller.
 * - An arena owns everything allocated from it; arena_free() frees it all.
 */
#ifndef PODIUM_UTIL_H
#define PODIUM_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Says the machine is out of memory and exits with status 3. */
_Noreturn void oom(void);
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/* Grow *p (an array of nmemb items of size bytes, capacity *cap) to hold need. */
void *xgrow(void *p, size_t size, size_t need, size_t *cap);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a malloc'd string; free with free(). */
char *xasprintf(const char *fmt, ...) PRINTF_LIKE(1, 2);

struct buf {
	char *data; /* never NULL after buf_init; NUL at data[len] */
	size_t len;
	size_t cap;
};

#define BUF_INIT {buf_empty, 0, 0}
extern char buf_empty[];

void buf_init(struct buf *b);
void buf_release(struct buf *b);
void buf_reset(struct buf *b);
void buf_grow(struct buf *b, size_t extra);

/* Appends n bytes (in line: the pages, the data and the charts' SVG are
 * written a few bytes at a time, millions of times a build). */
static inline void
buf_add(struct buf *b, const void *p, size_t n)
{
	if (n >= b->cap - b->len)
		buf_grow(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static inline void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

static inline void
buf_putc(struct buf *b, char c)
{
	if (b->len + 1 >= b->cap)
		buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}
void buf_printf(struct buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
void buf_vprintf(struct buf *b, const char *fmt, va_list ap);
/* Hands over the storage (malloc'd, NUL-terminated); b is left empty. */
char *buf_detach(struct buf *b, size_t *len);

/* A chain of blocks, newest first; allocations come from the newest. */
struct arena_block {
	struct arena_block *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct arena_block *head;
};

/* On success, free with arena_free(). */
struct arena *arena_new(void);
void arena_free(struct arena *a);
/* Forgets everything allocated, keeping one block for reuse. */
void arena_reset(struct arena *a);
/* n bytes from a new block (arena_alloc_raw's slow way). */
void *arena_alloc_block(struct arena *a, size_t n);

/* n bytes, aligned, not zeroed. In line: the loader asks hundreds of
 * thousands of times, and nearly every time the block has room. */
static inline void *
arena_alloc_raw(struct arena *a, size_t n)
{
	const size_t align = sizeof(max_align_t);
	struct arena_block *b = a->head;
	void *p;

	n = n ? n : 1;
	if (n > SIZE_MAX - align)
		oom();
	n = (n + align - 1) / align * align;
	if (b == NULL || b->size - b->used < n)
		return arena_alloc_block(a, n);
	p = (char *)b->data + b->used;
	b->used += n;
	return p;
}

/* n bytes, zeroed, aligned. */
static inline void *
arena_alloc(struct arena *a, size_t n)
{
	void *p = arena_alloc_raw(a, n);

	memset(p, 0, n);
	return p;
}

/* Moves everything allocated from src into dst (freed with dst); src is left empty. */
void arena_adopt(struct arena *dst, struct arena *src);
void *arena_array(struct arena *a, size_t nmemb, size_t size);
char *arena_strdup(struct arena *a, const char *s);
/* The n bytes at s and a NUL. */
static inline char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc_raw(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}
char *arena_printf(struct arena *a, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* A point in an arena's allocations: arena_release() forgets everything
 * allocated after arena_mark() returned it (no arena_adopt() in between). */
struct arena_mark {
	void *block;
	size_t used;
};
struct arena_mark arena_mark(const struct arena *a);
void arena_release(struct arena *a, struct arena_mark m);

enum file_status { FILE_OK = 0, FILE_ERRNO = -1, FILE_TOO_BIG = -2 };
/* Reads the whole file into out (appending). max: refuse files larger. */
enum file_status file_read(const char *path, size_t max, struct buf *out);
/* Writes the whole buffer; creates parent folders. Returns 0 or -1 (errno). */
int file_write(const char *path, const void *p, size_t n);
/* mkdir -p; returns 0 or -1 (errno). */
int mkdir_p(const char *path);
/*
 * file_write and mkdir_p for a path relative to the folder open as dirfd.
 * own_dir: the file's folder is most likely new (a page in a folder of its
 * own), so it is made before the file is opened, not after an open fails.
 */
int file_write_at(int dirfd, const char *rel, const void *p, size_t n,
    bool own_dir);
/* The opening half of file_write_at, for a file written in pieces: a
 * descriptor open for writing, or -1 (errno). */
int file_open_at(int dirfd, const char *rel, bool own_dir);
/* Writes all n bytes of p to fd (retrying short writes); 0 or -1 (errno). */
int write_all(int fd, const void *p, size_t n);
int mkdir_p_at(int dirfd, const char *rel);
/* rm -rf; returns 0 or -1. */
int remove_tree(const char *path);
/* Joins two path parts with one '/'; malloc'd. */
char *path_join(const char *a, const char *b);

/* Sorted list of the names in a folder (no dot files); NULL + errno on error.
 * Free with strv_free(). */
char **dir_list(const char *path, size_t *n);
void strv_free(char **v, size_t n);

/*
 * The one hash function (FNV-1a, 64 bits) for every table and every content
 * hash: n bytes at p mixed into h, which starts as HASH_SEED; so pieces can
 * be hashed one after another. hash_str() is a string from the seed.
 */
#define HASH_SEED UINT64_C(14695981039346656037)
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);
uint64_t hash_str(const char *s);

/*
 * The one hash table: it maps hash_bytes() hashes to the indices of items
 * the caller keeps in an array of its own (open addressing, linear probing,
 * at most half full). htab_next() gives, one a call, the items added with
 * a hash; the caller compares their keys. Start with HTAB_INIT; free with
 * htab_free().
 */
struct htab_slot {
	uint64_t hash;
	size_t item;          /* index + 1; 0 for an empty slot */
};
struct htab {
	struct htab_slot *slots;
	size_t cap, n;        /* cap: 0 or a power of two */
};
#define HTAB_INIT {NULL, 0, 0}
void htab_add(struct htab *t, uint64_t hash, size_t item);
/* The next item added with hash after cursor *at (0 to start), into *item;
 * false when there is none left. */
bool htab_next(const struct htab *t, uint64_t hash, size_t *at, size_t *item);
/* Empties t, keeping its storage for the items added next. */
void htab_clear(struct htab *t);
void htab_free(struct htab *t);

/*
 * UTF-8, in one place. utf8_decode() reads the sequence at s (n > 0 bytes
 * there): its length, 1 to 4, with the code point in *cp; 0 when the bytes
 * are not UTF-8 (a stray continuation byte, an overlong form, a surrogate,
 * above U+10FFFF, or cut short by n).
 */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);
/* 3 when s (n bytes) starts with a byte order mark (EF BB BF), else 0. */
size_t utf8_bom(const char *s, size_t n);
/* Whether c continues a character (10xxxxxx) rather than starting one:
 * what counting characters (columns) and cutting between them ask. */
bool utf8_continues(char c);

bool str_starts(const char *s, const char *prefix);
bool str_ends(const char *s, const char *suffix);

#endif
