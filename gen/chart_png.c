/*
 * chart_png.c: an RGB24 cairo image surface as PNG bytes, through libpng.
 *
 * Charts are flat colour on white with antialiased edges: most have fewer
 * than 257 colours, and then the image is written with a palette (one byte
 * a pixel instead of three). zlib's run-length strategy suits the long runs
 * of one colour; see png_encode() for the figures. No time or text chunks,
 * so the bytes depend on the pixels only; the palette is in order of first
 * appearance.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <zlib.h>

#include "chart_priv.h"

#define HASH_SIZE 1024 /* a power of two, over 256 */
#define HASH_FREE 0xffffffffu

struct palette {
	png_color col[256];
	int n;
	uint32_t key[HASH_SIZE];   /* colour 0xrrggbb, or HASH_FREE */
	uint8_t val[HASH_SIZE];    /* its index in col */
};

/* The index of colour px, added if new; -1 when the palette is full. */
static int
palette_index(struct palette *p, uint32_t px)
{
	uint32_t h = (px * 2654435761u) >> 22;

	for (;; h = (h + 1) & (HASH_SIZE - 1)) {
		if (p->key[h] == px)
			return p->val[h];
		if (p->key[h] == HASH_FREE)
			break;
	}
	if (p->n == 256)
		return -1;
	p->key[h] = px;
	p->val[h] = (uint8_t)p->n;
	p->col[p->n].red = (png_byte)(px >> 16);
	p->col[p->n].green = (png_byte)(px >> 8);
	p->col[p->n].blue = (png_byte)px;
	return p->n++;
}

/* Maps every pixel to its index in p (w x h bytes in idx); false when the
 * image has more than 256 colours. */
static bool
palette_map(const unsigned char *data, int w, int h, int stride,
    struct palette *p, uint8_t *idx)
{
	uint32_t px, last = HASH_FREE;
	int x, y, v = 0;

	memset(p->key, 0xff, sizeof(p->key));
	p->n = 0;
	for (y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(const void *)(data +
		    (size_t)y * (size_t)stride);

		for (x = 0; x < w; x++) {
			px = row[x] & 0xffffffu;
			if (px != last) {
				if ((v = palette_index(p, px)) < 0)
					return false;
				last = px;
			}
			*idx++ = (uint8_t)v;
		}
	}
	return true;
}

static void
png_to_buf(png_structp png, png_bytep data, png_size_t n)
{
	buf_add(png_get_io_ptr(png), data, n);
}

static void
png_flush_none(png_structp png)
{
	(void)png;
}

/* Writes the rows: palette indices when pal is set, else RGB. */
static int
png_write(struct buf *out, const unsigned char *data, int w, int h, int stride,
    const struct palette *pal, const uint8_t *idx)
{
	png_structp png;
	png_infop info;
	unsigned char *volatile row = NULL;
	volatile int rc = -1;
	uint32_t px;
	int x, y;

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png != NULL ? png_create_info_struct(png) : NULL;
	if (info == NULL || setjmp(png_jmpbuf(png)))
		goto out;
	png_set_write_fn(png, out, png_to_buf, png_flush_none);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	    pal != NULL ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (pal != NULL)
		png_set_PLTE(png, info, pal->col, pal->n);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(png, 1);
	png_set_compression_buffer_size(png, 1 << 16);
	png_write_info(png, info);
	if (pal != NULL) {
		for (y = 0; y < h; y++)
			png_write_row(png, idx + (size_t)y * (size_t)w);
	} else {
		row = xmalloc((size_t)w * 3);
		for (y = 0; y < h; y++) {
			const unsigned char *src = data + (size_t)y * (size_t)stride;
			unsigned char *dst = row;

			for (x = 0; x < w; x++, src += 4, dst += 3) {
				memcpy(&px, src, 4);
				dst[0] = (unsigned char)(px >> 16);
				dst[1] = (unsigned char)(px >> 8);
				dst[2] = (unsigned char)px;
			}
			png_write_row(png, row);
		}
	}
	png_write_end(png, info);
	rc = 0;
out:
	png_destroy_write_struct(&png, &info);
	free(row);
	return rc;
}

int
png_encode(cairo_surface_t *s, struct buf *out)
{
	unsigned char *data = cairo_image_surface_get_data(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), rc;
	struct palette *pal = xmalloc(sizeof(*pal));
	uint8_t *idx = xmalloc((size_t)w * (size_t)h);

	if (!palette_map(data, w, h, stride, pal, idx))
		rc = png_write(out, data, w, h, stride, NULL, NULL);
	else
		rc = png_write(out, data, w, h, stride, pal, idx);
	free(pal);
	free(idx);
	return rc;
}
