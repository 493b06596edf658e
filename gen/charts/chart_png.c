/*
 * chart_png.c: an RGB24 cairo image surface as PNG bytes, by a small
 * encoder made for charts.
 *
 * Charts are flat colour on white: long runs of one colour, and rows that
 * repeat the row above. Here the deflate stream is made in one pass with
 * two match distances only: the pixel before (3 bytes) and the pixel above
 * (one row), with the fixed Huffman code; the Adler-32 checksum of a run of
 * one colour, or of a row equal to the one above, is computed in closed
 * form. The result is a valid PNG (colour type 2, filter none, one IDAT
 * chunk). No time or text chunks: the bytes depend on the pixels only.
 *
 * Why not a library's DEFLATE. Measured on the 1,000 history charts of the
 * 1,000 x 5 bench project (1280 x 436 pixels, 1.67 MB of rows each), per
 * chart, instructions by callgrind, CPU time on a loaded 2-core machine:
 *
 *   coder                               instructions   bytes    CPU
 *   this one                            3.3M           66,300   0.8 ms
 *   libdeflate 1.14 level 1, filter none   22.5M       27,400   6.7 ms
 *   libdeflate level 2                     45.3M       27,200   5.6 ms
 *   libdeflate level 3                     45.5M       27,500   6.0 ms
 *   libdeflate level 6                     48.8M       25,800   6.8 ms
 *   (filters Sub or Up make libdeflate's output larger: 33,400-33,900
 *   bytes at levels 1-3; zlib level 1 is ~45M instructions, 33 KB.)
 *
 * libdeflate's fastest level writes 2.4 times fewer bytes but does 7 times
 * the work (before the 1M or more it takes to pack cairo's 32-bit pixels
 * into rows), over 6 ms a chart against a budget of 1.5 ms for the whole
 * chart: the charts step of a 1,000-provider build would take 6 s of CPU
 * more. So the coder stays; libdeflate gives the chunks' CRC-32 (7K
 * instructions a chart instead of 0.53M for a byte-at-a-time table).
 * Adler-32 stays in closed form: libdeflate_adler32 would need the rows
 * packed first and costs 0.45M on them.
 *
 * Many charts on one frame (png_encode_ref()) reuse the frame's code for
 * the rows they share with it: the caller says which rows its drawing may
 * have touched, the others are not even compared, and a run of shared rows
 * is copied at once, 56 bits a step. A changed row copies the frame's code
 * of that row up to the last token that began, and looked no further,
 * before the first pixel unlike the frame's (checkpoints every 32 pixels),
 * and is coded from there: the same bits, since the coder is greedy from
 * left to right. (Cutting rows into segments that no match crosses, to
 * reuse the shared parts after a change too, made the files 1-8% larger
 * and saved nothing measurable.) On the 1,000 x 5 bench, per chart:
 * 1.87M instructions before the copy of runs and the rows' hint, 1.37M
 * after; 1.29M with the checkpoints (1.50M without) and SSE2 run ends;
 * 1.23M with a match put at once and each row compared once; 0.97M
 * with the title's first words in the frame (a title row's code is copied
 * up to the provider's name), matches put inline and long copies made in
 * whole words. What is left is the ~107 rows a chart changes (a third of
 * them its title's), some 7,000 tokens, half of them literals: 7K
 * instructions a row. A changed row copies the frame's code between its
 * islands of change too (from a checkpoint past one, where the codings
 * meet again, to the last before the next), but little is left there to
 * take: right of the plot's marks and line a frame's row is one white run
 * to its end, with no token begun in it to meet at, and a run coded anew
 * costs a few matches. On the bench 1.00M a chart before, 0.98M with it,
 * 0.95M with a long run's matches put with their distance at once.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "chart_priv.h"

#define ADLER_MOD 65521u
#define WINDOW 32768u  /* deflate's: the row above must be within it */
#define MAX_MATCH 258u

/* A code as written: its bits, first bit in bit 0, and how many. */
struct code {
	uint32_t bits;
	unsigned n;
};

/* The bit stream, least significant bit first (RFC 1951 3.1.1), written
 * into room made beforehand with bits_room(). */
struct bits {
	struct buf *out;
	uint64_t acc;
	unsigned n;
};

/* Makes room for n more bytes. */
static inline void
bits_room(struct bits *b, size_t n)
{
	if (b->out->cap < b->out->len + n + 9)
		buf_grow(b->out, n + 8);
}

static inline void
bits_put(struct bits *b, struct code c)
{
	unsigned char *p;

	uint32_t v;

	b->acc |= (uint64_t)c.bits << b->n;
	b->n += c.n;
	if (b->n >= 32) {
		p = (unsigned char *)b->out->data + b->out->len;
		v = (uint32_t)b->acc;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		v = __builtin_bswap32(v);
#endif
		memcpy(p, &v, sizeof(v));
		b->out->len += 4;
		b->acc >>= 32;
		b->n -= 32;
	}
}

static void
bits_flush(struct bits *b)
{
	b->out->data[b->out->len] = '\0';
	while (b->n > 0) {
		buf_putc(b->out, (char)(b->acc & 0xff));
		b->acc >>= 8;
		b->n = b->n > 8 ? b->n - 8 : 0;
	}
}

static uint32_t
reverse(uint32_t v, unsigned n)
{
	uint32_t r = 0;
	unsigned i;

	for (i = 0; i < n; i++, v >>= 1)
		r = r << 1 | (v & 1);
	return r;
}

/* The fixed Huffman code of literal/length symbol s (RFC 1951 3.2.6). */
static struct code
fixed_code(unsigned s)
{
	struct code c;

	if (s < 144)
		c.bits = 0x30 + s, c.n = 8;
	else if (s < 256)
		c.bits = 0x190 + s - 144, c.n = 9;
	else if (s < 280)
		c.bits = s - 256, c.n = 7;
	else
		c.bits = 0xc0 + s - 280, c.n = 8;
	c.bits = reverse(c.bits, c.n);
	return c;
}

/* A symbol with extra bits: base values of the length and distance codes. */
static const uint16_t len_base[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19,
    23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint16_t dist_base[] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65,
    97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
    12289, 16385, 24577};

static unsigned
extra_len(unsigned i)
{
	return i < 8 || i == 28 ? 0 : (i - 4) / 4;
}

static unsigned
extra_dist(unsigned i)
{
	return i < 4 ? 0 : (i - 2) / 2;
}

/* The codes, made once (the table is read only afterwards). */
static struct {
	struct code lit[256];
	struct code len[MAX_MATCH + 1];  /* symbol and extra bits, by length */
	struct code eob;
} tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static void
tab_init(void)
{
	unsigned i, l;

	for (i = 0; i < 256; i++)
		tab.lit[i] = fixed_code(i);
	tab.eob = fixed_code(256);
	for (i = 0; i < ARRAY_SIZE(len_base); i++) {
		unsigned top = i + 1 < ARRAY_SIZE(len_base) ? len_base[i + 1] : MAX_MATCH + 1;
		struct code c = fixed_code(257 + i);

		for (l = len_base[i]; l < top && l <= MAX_MATCH; l++) {
			tab.len[l].bits = c.bits | (uint32_t)(l - len_base[i]) << c.n;
			tab.len[l].n = c.n + extra_len(i);
		}
	}
}

/* The code of distance d (1..32768) with its extra bits. */
static struct code
dist_code(unsigned d)
{
	struct code c;
	unsigned i = ARRAY_SIZE(dist_base) - 1;

	while (dist_base[i] > d)
		i--;
	c.bits = reverse(i, 5) | (uint32_t)(d - dist_base[i]) << 5;
	c.n = 5 + extra_dist(i);
	return c;
}

/* The three literals of a pixel as one code (at most 27 bits). */
static inline struct code
lit3(uint32_t px)
{
	struct code c = tab.lit[px >> 16], g = tab.lit[px >> 8 & 0xff],
	    b = tab.lit[px & 0xff];

	c.bits |= g.bits << c.n | b.bits << (c.n + g.n);
	c.n += g.n + b.n;
	return c;
}

/* Copies of more than MAX_MATCH bytes from dist back: several matches,
 * of MAX_MATCH while at least 3 bytes are left after, each put with its
 * distance at once, two at once where they fit in 32 bits (distance 3). */
static void
put_long_match(struct bits *b, unsigned len, struct code dist)
{
	struct code c = tab.len[MAX_MATCH], two;
	unsigned k;

	c.bits |= dist.bits << c.n;
	c.n += dist.n;
	if (c.n <= 16) {
		two.bits = c.bits | c.bits << c.n;
		two.n = 2 * c.n;
		for (; len >= 2 * MAX_MATCH + 3; len -= 2 * MAX_MATCH)
			bits_put(b, two);
	}
	for (; len >= MAX_MATCH + 3; len -= MAX_MATCH)
		bits_put(b, c);
	while (len > 0) {
		k = len <= MAX_MATCH ? len : len - 3;
		c = tab.len[k];
		c.bits |= dist.bits << c.n;
		c.n += dist.n;
		bits_put(b, c);
		len -= k;
	}
}

/* Copies of len bytes (at least 3) from dist back. Inlined where it is
 * called: most tokens are matches. */
static inline __attribute__((always_inline)) void
put_match(struct bits *b, unsigned len, struct code dist)
{
	struct code c;

	if (len > MAX_MATCH) {
		put_long_match(b, len, dist);
		return;
	}
	/* one put: a length's code and extra bits take 13 bits at most, a
	 * distance's 18 */
	c = tab.len[len];
	c.bits |= dist.bits << c.n;
	c.n += dist.n;
	bits_put(b, c);
}

/* A row's part of the Adler-32: t1 = sum of its bytes, t2 = sum of each
 * byte times the number of bytes from it to the row's end. */
struct sums {
	uint64_t t1, t2;
};

/* k pixels of colour px at once. */
static inline void
sums_run(struct sums *s, uint32_t px, uint64_t k)
{
	uint64_t r = px >> 16 & 0xff, g = px >> 8 & 0xff, bl = px & 0xff;
	uint64_t sum = r + g + bl;

	s->t2 += 3 * k * s->t1 + 3 * sum * (k * (k - 1) / 2) + k * (3 * r + 2 * g + bl);
	s->t1 += k * sum;
}

/* One pixel of colour px. */
static inline void
sums_one(struct sums *s, uint32_t px)
{
	uint64_t r = px >> 16 & 0xff, g = px >> 8 & 0xff, bl = px & 0xff;

	s->t2 += 3 * s->t1 + 3 * r + 2 * g + bl;
	s->t1 += r + g + bl;
}

struct enc {
	struct bits b;
	struct code d3, drow;          /* the pixel before; the row above */
	bool above;                    /* is the row above within the window? */
	uint32_t a, s2;                /* Adler-32 */
	size_t rowlen;                 /* bytes a row takes: filter + 3 w */
};

#define RGB(p) ((p) & 0xffffffu)

/* How many pixels from p[0] on equal v (raw words: equal words are equal
 * colours), up to n. Four, then sixteen at a time where SSE2 is (every
 * x86-64): most runs in text are short, the white ones long. */
static inline int
run_of(const uint32_t *p, int n, uint32_t v)
{
	int k = 0;
#ifdef __SSE2__
	__m128i vv = _mm_set1_epi32((int)v), a, b, c, d;
	int m;

	if (n >= 4) {
		m = _mm_movemask_epi8(_mm_cmpeq_epi32(
		    _mm_loadu_si128((const __m128i *)(const void *)p), vv));
		if (m != 0xffff)
			return __builtin_ctz((unsigned)~m & 0xffffu) / 4;
		k = 4;
	}
	for (; k + 16 <= n; k += 16) {
		a = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + k)), vv);
		b = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + k + 4)), vv);
		c = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + k + 8)), vv);
		d = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(p + k + 12)), vv);
		if (_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(a, b),
		    _mm_and_si128(c, d))) != 0xffff)
			break;
	}
	for (; k + 4 <= n; k += 4) {
		m = _mm_movemask_epi8(_mm_cmpeq_epi32(
		    _mm_loadu_si128((const __m128i *)(const void *)(p + k)), vv));
		if (m != 0xffff)
			return k + __builtin_ctz((unsigned)~m & 0xffffu) / 4;
	}
#endif
	while (k < n && p[k] == v)
		k++;
	return k;
}

/*
 * A place in a row's code where a token begins: x, the bits from the row's
 * start (filter byte included) and the sums so far. Coding the row from
 * there on gives the rest of the row's code.
 */
struct ckpt {
	int x;
	uint32_t bit;
	struct sums s;
};

#define CKPT_STEP 32   /* a checkpoint at the first token from each 32 pixels */

/* Where enc_row() records checkpoints (NULL: nowhere). */
struct ckpt_rec {
	struct ckpt *v;
	size_t n, cap;
	size_t row_bit;   /* the row's first bit */
};

/* The tokens of a row that differs from the one above (or is the first),
 * from pixel x, where a token begins, until one begins at stop (at most
 * w) or after; returns where. Runs of one colour first (their checksum is closed-form
 * and their distance costs no extra bits), then pixels equal to those
 * above, else literals. A token at x looks at cur[x - 1] to the pixel
 * after its last, and at up[x] to there: nothing else. Room for the bits
 * is made beforehand. */
static inline __attribute__((always_inline)) int
enc_until(struct enc *e, const uint32_t *cur, const uint32_t *up, int w,
    struct sums *s, int x, int stop)
{
	int k;
	uint32_t px;

	while (x < stop) {
		px = RGB(cur[x]);
		if (x > 0 && cur[x - 1] == cur[x]) {
			k = run_of(cur + x, w - x, cur[x]);
			put_match(&e->b, 3 * (unsigned)k, e->d3);
			sums_run(s, px, (uint64_t)k);
			x += k;
			continue;
		}
		if (up != NULL && up[x] == cur[x]) {
			for (k = 1; x + k < w && up[x + k] == cur[x + k] &&
			    cur[x + k] != cur[x + k - 1]; k++)
				;
			put_match(&e->b, 3 * (unsigned)k, e->drow);
			for (; k > 0; k--, x++)
				sums_one(s, RGB(cur[x]));
			continue;
		}
		bits_put(&e->b, lit3(px));
		sums_one(s, px);
		x++;
	}
	return x;
}

/* One row that differs from the one above (or is the first), from pixel x
 * on (0: from the filter byte; else the row's code up to x is written and s
 * holds its sums). With rec, a checkpoint at the first token from each
 * CKPT_STEP pixels. */
static void
enc_row(struct enc *e, const uint32_t *cur, const uint32_t *up, int w,
    struct sums *s, int x, struct ckpt_rec *rec)
{
	int mark;

	bits_room(&e->b, 4 * (size_t)(w - x) + 16);
	if (x == 0)
		bits_put(&e->b, tab.lit[0]);   /* filter: none */
	if (rec == NULL) {
		enc_until(e, cur, up, w, s, x, w);
		return;
	}
	while (x < w) {
		rec->v = xgrow(rec->v, sizeof(*rec->v), rec->n + 1, &rec->cap);
		rec->v[rec->n].x = x;
		rec->v[rec->n].bit = (uint32_t)(e->b.out->len * 8 + e->b.n - rec->row_bit);
		rec->v[rec->n++].s = *s;
		mark = (x / CKPT_STEP + 1) * CKPT_STEP;
		x = enc_until(e, cur, up, w, s, x, mark < w ? mark : w);
	}
}

/*
 * A reference image (a history chart's frame) coded once: where each row's
 * code starts in its stream, and each row's Adler-32 parts. A row of an
 * image that equals the reference's row, under a row that does too, is
 * coded with the same bits (a row's code depends on it and the row above
 * only), so they are copied instead of made again.
 */
struct png_ref {
	const unsigned char *px;  /* the reference's pixels (not owned) */
	int w, h, stride;
	unsigned char *code;      /* its zlib stream, 8 bytes of slack after */
	size_t *at;               /* row y's bits: at[y] to at[y + 1] */
	struct sums *sums;        /* row y's Adler-32 parts */
	/* each row coded as a row that differs from the one above, and
	 * checkpoints in it: row y's are ck[ck_at[y]] to ck[ck_at[y + 1]] */
	unsigned char *rcode;     /* 8 bytes of slack after */
	size_t *rat;              /* row y's bits in rcode start at rat[y] */
	struct ckpt *ck;
	size_t *ck_at;
};

static size_t
bits_at(const struct bits *b)
{
	return b->out->len * 8 + b->n;
}

/* The 8 bytes at p as a little-endian number. */
static inline uint64_t
load_le64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static inline void
store_le64(unsigned char *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(p, &v, sizeof(v));
}

/* The 64 bits of src from bit from on (src has 8 bytes of slack after
 * them). */
static inline uint64_t
load_bits64(const unsigned char *src, size_t from)
{
	uint64_t v = load_le64(src + from / 8) >> (from % 8);

	if (from % 8 != 0)
		v |= (uint64_t)src[from / 8 + 8] << (64 - from % 8);
	return v;
}

/* Appends n bits of src from bit from on; src has 8 bytes of slack. The
 * waiting bits are written out to fewer than 8 first; a long copy then
 * writes whole 8-byte words, a short one steps of 56 bits, 7 bytes each
 * (one 8-byte store). */
static void
bits_copy(struct bits *b, const unsigned char *src, size_t from, size_t n)
{
	unsigned char *p;
	uint64_t v;

	size_t q;
	unsigned sh;

	bits_room(b, n / 8 + 16);
	p = (unsigned char *)b->out->data + b->out->len;
	for (; b->n >= 8; b->n -= 8, b->acc >>= 8)
		*p++ = (unsigned char)b->acc;
	if (n >= 128) {
		/* the waiting bits and the first ones copied make a whole word;
		 * then words of 64 bits, each from 9 bytes of src */
		store_le64(p, b->acc | load_bits64(src, from) << b->n);
		p += 8;
		from += 64 - b->n;
		n -= 64 - b->n;
		b->acc = 0;
		b->n = 0;
		q = from / 8;
		sh = (unsigned)(from % 8);
		if (sh == 0)
			for (; n >= 64; n -= 64, q += 8, p += 8)
				memcpy(p, src + q, 8);
		else
			for (; n >= 64; n -= 64, q += 8, p += 8)
				store_le64(p, load_le64(src + q) >> sh |
				    (uint64_t)src[q + 8] << (64 - sh));
		from = q * 8 + sh;
	}
	for (; n >= 56; n -= 56, from += 56, p += 7) {
		v = load_le64(src + from / 8) >> (from % 8);
		b->acc |= (v & 0xffffffffffffffu) << b->n;
		store_le64(p, b->acc);
		b->acc >>= 56;
	}
	for (; n >= 32; n -= 32, from += 32, p += 4) {
		v = load_le64(src + from / 8) >> (from % 8);
		b->acc |= (v & 0xffffffffu) << b->n;
		store_le64(p, b->acc);
		b->acc >>= 32;
	}
	b->out->len = (size_t)(p - (unsigned char *)b->out->data);
	if (n > 0) {
		v = load_le64(src + from / 8) >> (from % 8);
		bits_put(b, (struct code){(uint32_t)(v & ((1u << n) - 1)), (unsigned)n});
	}
}

/* The first of n pixels where a and b differ; n if none. Sixteen at a
 * time where SSE2 is. */
static int
first_diff(const uint32_t *a, const uint32_t *b, int n)
{
	int k = 0;
#ifdef __SSE2__
	__m128i c0, c1, c2, c3;
	int m;

	for (; k + 16 <= n; k += 16) {
		c0 = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + k)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + k)));
		c1 = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + k + 4)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + k + 4)));
		c2 = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + k + 8)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + k + 8)));
		c3 = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + k + 12)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + k + 12)));
		if (_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(c0, c1),
		    _mm_and_si128(c2, c3))) != 0xffff)
			break;
	}
	for (; k + 4 <= n; k += 4) {
		m = _mm_movemask_epi8(_mm_cmpeq_epi32(
		    _mm_loadu_si128((const __m128i *)(const void *)(a + k)),
		    _mm_loadu_si128((const __m128i *)(const void *)(b + k))));
		if (m != 0xffff)
			return k + __builtin_ctz((unsigned)~m & 0xffffu) / 4;
	}
#endif
	while (k < n && a[k] == b[k])
		k++;
	return k;
}

/* The first pixel from x on where cur, or up, differs from ref's row,
 * fcur, or the one above it, fup (up NULL: cur only); w if none. */
static int
diff_from(const uint32_t *cur, const uint32_t *fcur, const uint32_t *up,
    const uint32_t *fup, int x, int w)
{
	int d = x + first_diff(cur + x, fcur + x, w - x);

	if (up != NULL && d > x)
		d = x + first_diff(up + x, fup + x, d - x);
	return d;
}

/*
 * Appends ref's code of row y from checkpoint a to checkpoint b (NULL: to
 * the row's end), and adds the sums of those pixels to s. A span's sums
 * are the difference of ref's at its ends, less, for t2, what ref's bytes
 * before a gained over the span's length L: then t2 grows by the t1 before
 * it times L, plus the span's own (modulo 2^64 throughout: the sum is
 * exact in the end).
 */
static void
copy_span(struct enc *e, const struct png_ref *ref, int y, const struct ckpt *a,
    const struct ckpt *b, struct sums *s)
{
	const struct sums *sb = b != NULL ? &b->s : &ref->sums[y];
	size_t from = ref->rat[y] + a->bit;
	size_t to = b != NULL ? ref->rat[y] + b->bit : ref->rat[y + 1];
	uint64_t len = 3 * (uint64_t)((b != NULL ? b->x : ref->w) - a->x);

	bits_copy(&e->b, ref->rcode, from, to - from);
	s->t2 += s->t1 * len + sb->t2 - a->s.t2 - a->s.t1 * len;
	s->t1 += sb->t1 - a->s.t1;
}

static const uint32_t *
ref_row(const struct png_ref *ref, int y)
{
	return (const uint32_t *)(const void *)(ref->px + (size_t)y * (size_t)ref->stride);
}

/*
 * Row y of an image on ref, which differs from the row above; its pixels
 * before d, and those of the row above, are ref's. The row is coded as
 * ref's row up to ref's last checkpoint before d: the tokens up to there
 * looked at those pixels only, so their code is copied. From there it is
 * coded anew, but only over the islands where it differs from ref's: once
 * past one, when a token begins at one of ref's checkpoints, x, where
 * cur[x - 1] is ref's and cur and up from x on are ref's up to the next
 * island at d, ref's tokens from x to its last checkpoint before d are
 * this row's too, and so is their code. The bits are those of enc_row().
 */
static void
enc_row_ref(struct enc *e, const struct png_ref *ref, int y, const uint32_t *cur,
    const uint32_t *up, int w, struct sums *s, int d)
{
	const struct ckpt *ck = ref->ck + ref->ck_at[y];
	const uint32_t *fcur = ref_row(ref, y), *fup = up != NULL ? ref_row(ref, y - 1) : NULL;
	size_t n = ref->ck_at[y + 1] - ref->ck_at[y], i, j;
	int x = 0;

	for (i = 0; i < n && ck[i].x < d; i++)
		;
	if (i > 0) {
		/* the filter byte at least */
		bits_copy(&e->b, ref->rcode, ref->rat[y], ck[i - 1].bit);
		*s = ck[i - 1].s;
		x = ck[i - 1].x;
		bits_room(&e->b, 4 * (size_t)(w - x) + 16);
	} else {
		s->t1 = s->t2 = 0;
		bits_room(&e->b, 4 * (size_t)w + 16);
		bits_put(&e->b, tab.lit[0]);   /* filter: none */
	}
	for (;;) {
		/* the next checkpoint past the island at d and at x or after */
		while (i < n && (ck[i].x <= d || ck[i].x < x))
			i++;
		if (i == n) {
			enc_until(e, cur, up, w, s, x, w);
			return;
		}
		x = enc_until(e, cur, up, w, s, x, ck[i].x);
		if (x != ck[i].x)
			continue;
		if (cur[x - 1] != fcur[x - 1]) {
			d = x;
			continue;
		}
		d = diff_from(cur, fcur, up, fup, x, w);
		if (d == w) {
			copy_span(e, ref, y, &ck[i], NULL, s);
			return;
		}
		for (j = i; j + 1 < n && ck[j + 1].x < d; j++)
			;
		if (j > i) {
			copy_span(e, ref, y, &ck[i], &ck[j], s);
			x = ck[j].x;
			i = j;
			bits_room(&e->b, 4 * (size_t)(w - x) + 16);
		}
	}
}

/* Adds a row's sums to the Adler-32. */
static inline void
adler_row(struct enc *e, const struct sums *s)
{
	e->s2 = (uint32_t)((e->s2 + (uint64_t)e->rowlen * e->a + s->t2) % ADLER_MOD);
	e->a = (uint32_t)((e->a + s->t1) % ADLER_MOD);
}

/*
 * The zlib stream of the image's rows; with ref, rows equal to its rows are
 * copied from its code (a run of them at once) and changed[y] says whether
 * row y differs from it. maybe (NULL: every row) says which rows may differ:
 * the others are taken as equal without a look. With rec, where each row's
 * code starts and its sums are recorded.
 */
static void
enc_image(struct enc *e, const unsigned char *data, int w, int h, int stride,
    const struct png_ref *ref, const unsigned char *maybe, unsigned char *changed,
    struct png_ref *rec)
{
	struct sums s = {0, 0};
	const uint32_t *cur, *up = NULL;
	bool same, same_above = false;
	size_t rowbytes = (size_t)w * sizeof(*cur);
	int y, y1, dcur = w, dup = w;   /* the first pixels unlike ref's */

	buf_putc(e->b.out, 0x78);      /* deflate, 32K window */
	buf_putc(e->b.out, 0x01);
	bits_room(&e->b, 16);
	bits_put(&e->b, (struct code){3, 3}); /* the last block, fixed codes */
	for (y = 0; y < h; y++, up = cur, same_above = same) {
		cur = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		dcur = ref == NULL || (maybe != NULL && !maybe[y]) ? w : first_diff(cur,
		    (const uint32_t *)(const void *)(ref->px + (size_t)y * (size_t)ref->stride), w);
		same = ref != NULL && dcur == w;
		if (changed != NULL)
			changed[y] = !same;
		if (rec != NULL)
			rec->at[y] = bits_at(&e->b);
		if (same && (y == 0 || same_above)) {
			/* this row and those after it not marked */
			for (y1 = y + 1; maybe != NULL && y1 < h && !maybe[y1]; y1++)
				if (changed != NULL)
					changed[y1] = 0;
			bits_copy(&e->b, ref->code, ref->at[y], ref->at[y1] - ref->at[y]);
			for (; y < y1; y++)
				adler_row(e, &ref->sums[y]);
			y--;
			s = ref->sums[y];
			cur = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
			dup = dcur = w;
			continue;
		} else if (e->above && up != NULL && memcmp(cur, up, rowbytes) == 0) {
			/* the whole row again, filter byte included: same sums */
			bits_room(&e->b, e->rowlen / 64 + 16);
			put_match(&e->b, (unsigned)e->rowlen, e->drow);
		} else if (ref != NULL) {
			enc_row_ref(e, ref, y, cur, e->above ? up : NULL, w, &s,
			    y == 0 || !e->above ? dcur : dcur < dup ? dcur : dup);
		} else {
			s.t1 = s.t2 = 0;
			enc_row(e, cur, e->above ? up : NULL, w, &s, 0, NULL);
		}
		if (rec != NULL)
			rec->sums[y] = s;
		adler_row(e, &s);
		dup = dcur;
	}
	if (rec != NULL)
		rec->at[h] = bits_at(&e->b);
	bits_room(&e->b, 16);
	bits_put(&e->b, tab.eob);
	bits_flush(&e->b);
	buf_putc(e->b.out, (char)(e->s2 >> 8));
	buf_putc(e->b.out, (char)e->s2);
	buf_putc(e->b.out, (char)(e->a >> 8));
	buf_putc(e->b.out, (char)e->a);
}

static void
put_be32(struct buf *b, uint32_t v)
{
	unsigned char q[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
	    (unsigned char)(v >> 8), (unsigned char)v};

	buf_add(b, q, 4);
}

/* Closes the chunk whose length field is at out[at]. */
static void
chunk_end(struct buf *out, size_t at)
{
	size_t n = out->len - at - 8;
	unsigned char *p = (unsigned char *)out->data + at;

	p[0] = (unsigned char)(n >> 24);
	p[1] = (unsigned char)(n >> 16);
	p[2] = (unsigned char)(n >> 8);
	p[3] = (unsigned char)n;
	put_be32(out, (uint32_t)libdeflate_crc32(0, p + 4, n + 4));
}

static size_t
chunk_begin(struct buf *out, const char *type)
{
	size_t at = out->len;

	put_be32(out, 0);
	buf_add(out, type, 4);
	return at;
}

/* Is s an image png_encode() takes (and the same size as ref, if any)? */
static bool
encodable(cairo_surface_t *s, const struct png_ref *ref)
{
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);

	if (cairo_image_surface_get_data(s) == NULL || w <= 0 || h <= 0 ||
	    cairo_image_surface_get_format(s) != CAIRO_FORMAT_RGB24)
		return false;
	return ref == NULL || (ref->w == w && ref->h == h);
}

static void
enc_start(struct enc *e, struct buf *out, int w)
{
	pthread_once(&tab_once, tab_init);
	memset(e, 0, sizeof(*e));
	e->b.out = out;
	e->a = 1;
	e->rowlen = 1 + 3 * (size_t)w;
	e->above = e->rowlen <= WINDOW;
	e->d3 = dist_code(3);
	e->drow = dist_code(e->above ? (unsigned)e->rowlen : 3);
}

int
png_encode_ref(cairo_surface_t *s, const struct png_ref *ref,
    const unsigned char *maybe, unsigned char *changed, struct buf *out)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	int w, h;
	struct enc e;
	size_t at;

	if (!encodable(s, ref))
		return -1;
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	enc_start(&e, out, w);
	if (ref != NULL) /* once, not row by row: a chart's code is the frame's and a bit */
		buf_grow(out, ref->at[h] / 8 + ref->at[h] / 32 + 4096);
	buf_add(out, sig, sizeof(sig));
	at = chunk_begin(out, "IHDR");
	put_be32(out, (uint32_t)w);
	put_be32(out, (uint32_t)h);
	buf_add(out, "\x08\x02\x00\x00\x00", 5); /* 8 bits, RGB, deflate, none, no interlace */
	chunk_end(out, at);
	at = chunk_begin(out, "IDAT");
	enc_image(&e, cairo_image_surface_get_data(s), w, h,
	    cairo_image_surface_get_stride(s), ref, maybe, changed, NULL);
	chunk_end(out, at);
	at = chunk_begin(out, "IEND");
	chunk_end(out, at);
	return 0;
}

int
png_encode(cairo_surface_t *s, struct buf *out)
{
	return png_encode_ref(s, NULL, NULL, NULL, out);
}

/* Codes each of r's rows as one that differs from the row above, and
 * records checkpoints in them. */
static void
ref_rows(struct png_ref *r)
{
	struct buf code = BUF_INIT;
	struct ckpt_rec rec = {NULL, 0, 0, 0};
	struct sums s;
	struct enc e;
	const uint32_t *cur, *up = NULL;
	int y;

	r->rat = xcalloc((size_t)r->h + 1, sizeof(*r->rat));
	r->ck_at = xcalloc((size_t)r->h + 1, sizeof(*r->ck_at));
	enc_start(&e, &code, r->w);
	for (y = 0; y < r->h; y++, up = cur) {
		cur = (const uint32_t *)(const void *)(r->px + (size_t)y * (size_t)r->stride);
		r->rat[y] = rec.row_bit = bits_at(&e.b);
		r->ck_at[y] = rec.n;
		s.t1 = s.t2 = 0;
		enc_row(&e, cur, e.above ? up : NULL, r->w, &s, 0, &rec);
	}
	r->rat[r->h] = bits_at(&e.b);
	r->ck_at[r->h] = rec.n;
	bits_room(&e.b, 16);
	bits_flush(&e.b);
	buf_grow(&code, 8);
	memset(code.data + code.len, 0, 8);
	r->rcode = (unsigned char *)buf_detach(&code, NULL);
	r->ck = rec.v;
}

/* On success, free with png_ref_free(); s must outlive it, unchanged. */
struct png_ref *
png_ref_new(cairo_surface_t *s)
{
	struct png_ref *r;
	struct buf code = BUF_INIT;
	struct enc e;

	if (!encodable(s, NULL))
		return NULL;
	r = xcalloc(1, sizeof(*r));
	r->px = cairo_image_surface_get_data(s);
	r->w = cairo_image_surface_get_width(s);
	r->h = cairo_image_surface_get_height(s);
	r->stride = cairo_image_surface_get_stride(s);
	r->at = xcalloc((size_t)r->h + 1, sizeof(*r->at));
	r->sums = xcalloc((size_t)r->h, sizeof(*r->sums));
	enc_start(&e, &code, r->w);
	enc_image(&e, r->px, r->w, r->h, r->stride, NULL, NULL, NULL, r);
	buf_grow(&code, 8);
	memset(code.data + code.len, 0, 8);
	r->code = (unsigned char *)buf_detach(&code, NULL);
	ref_rows(r);
	return r;
}

void
png_ref_free(struct png_ref *r)
{
	if (r == NULL)
		return;
	free(r->code);
	free(r->rcode);
	free(r->rat);
	free(r->ck);
	free(r->ck_at);
	free(r->at);
	free(r->sums);
	free(r);
}
