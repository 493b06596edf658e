/*
 * fmt_chk.h: fixed-point numbers as printf writes them, without printf.
 *
 * cairo's SVG writer prints every coordinate of every path and glyph
 * outline with snprintf(buf, n, "%f") (and "%.18f", "%.*f" below 0.1, "%d"
 * for integers); glibc's general formatter took a seventh of an html
 * build. fmt_chk.c defines __snprintf_chk() (what a fortified
 * snprintf() call compiles to, as cairo's do), so those calls come to it
 * first: these four formats are written by chk_fixed() and chk_int(), the
 * same bytes glibc writes (correctly rounded, halves to even, a minus sign
 * on negative zero); every other format, and values out of their range,
 * go to glibc's own __vsnprintf_chk(). test_util compares both ways on
 * millions of values.
 */
#ifndef PODIUM_FMT_CHK_H
#define PODIUM_FMT_CHK_H

#include <stddef.h>

/* d with prec decimals at out (room for 64 bytes): the length, or -1 when
 * d is not finite, |d| >= 2^63 or prec is not 0..18 (then printf's). */
int chk_fixed(char *out, double d, int prec);
/* v as "%d" writes it; the length. */
int chk_int(char *out, int v);

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen,
    const char *format, ...);

#endif
