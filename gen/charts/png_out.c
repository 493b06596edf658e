/*
 * png_out.c: a cairo image surface as PNG bytes, encoded by libpng.
 *
 * cairo_surface_write_to_png_stream() encodes with libpng too, but with
 * libpng's defaults: every row is tried with all five filters and the best
 * kept, which took more time than the deflate itself on a chart (flat
 * colours, long runs). A chart's rows compress about as well with the "Up"
 * filter alone (the row above is almost always the same), and zlib's level
 * 3 instead of 6 halves the deflate for files 6% larger (measured on the
 * bench's charts and badges: 2.2 G instructions to encode them at level 6
 * with Up, 1.2 G at level 3; libpng's default, every filter tried, 4.7 G).
 * No time or text chunks: the bytes depend on the pixels only.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "chart_priv.h"
#include "util.h"

static void
append_bytes(png_structp png, png_bytep data, size_t n)
{
	buf_add(png_get_io_ptr(png), data, n);
}

static void
flush_nothing(png_structp png)
{
	(void)png;
}

/* One row of a cairo surface (native-endian 32-bit pixels, alpha
 * premultiplied) as RGB or RGBA bytes. */
static void
row_bytes(const unsigned char *src, int w, bool alpha, unsigned char *dst)
{
	const uint32_t *p = (const uint32_t *)(const void *)src;
	int x;

	for (x = 0; x < w; x++) {
		uint32_t v = p[x];
		unsigned a = alpha ? v >> 24 : 255;
		unsigned r = (v >> 16) & 0xff, g = (v >> 8) & 0xff, b = v & 0xff;

		if (a != 0 && a != 255) {
			r = (r * 255 + a / 2) / a;
			g = (g * 255 + a / 2) / a;
			b = (b * 255 + a / 2) / a;
		} else if (a == 0)
			r = g = b = 0;
		*dst++ = (unsigned char)r;
		*dst++ = (unsigned char)g;
		*dst++ = (unsigned char)b;
		if (alpha)
			*dst++ = (unsigned char)a;
	}
}

int
surface_png(cairo_surface_t *s, struct buf *out)
{
	cairo_format_t f = cairo_image_surface_get_format(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *data;
	bool alpha = f == CAIRO_FORMAT_ARGB32;
	unsigned char *volatile row = NULL;
	png_structp png;
	png_infop info;
	size_t start = out->len;
	int y;

	if ((f != CAIRO_FORMAT_ARGB32 && f != CAIRO_FORMAT_RGB24) || w <= 0 || h <= 0)
		return -1;
	cairo_surface_flush(s);
	data = cairo_image_surface_get_data(s);
	if (data == NULL)
		return -1;
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (png == NULL)
		return -1;
	info = png_create_info_struct(png);
	if (info == NULL || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		out->len = start;
		return -1;
	}
	row = xmalloc((size_t)w * 4);
	png_set_write_fn(png, out, append_bytes, flush_nothing);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	    alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
	png_set_compression_level(png, 3);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		row_bytes(data + (size_t)y * (size_t)stride, w, alpha, row);
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(row);
	return 0;
}
