/* fmt_chk.c: cairo's "%f" numbers without printf (fmt_chk.h says why). */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "fmt_chk.h"
#include "parse.h"

int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen,
    const char *format, va_list ap);
_Noreturn void __chk_fail(void);

static const uint64_t pow10[19] = {
	1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
	100000000u, 1000000000u, 10000000000u, 100000000000u,
	1000000000000u, 10000000000000u, 100000000000000u,
	1000000000000000u, 10000000000000000u, 100000000000000000u,
	1000000000000000000u,
};

/*
 * d = m * 2^e exactly, so d * 10^prec = m * 10^prec / 2^-e: with m below
 * 2^53 and 10^prec below 2^60 the product fits 128 bits, and the quotient
 * and remainder give the rounding printf does (to nearest, halves to even).
 */
int
chk_fixed(char *out, double d, int prec)
{
	__extension__ typedef unsigned __int128 u128;
	uint64_t bits, m, ip, fp;
	unsigned ex;
	int e, k, n = 0, len;
	u128 num, q, r, half;

	if (prec < 0 || prec > 18)
		return -1;
	memcpy(&bits, &d, sizeof(bits));
	ex = (unsigned)(bits >> 52) & 0x7ffu;
	m = bits & ((UINT64_C(1) << 52) - 1);
	if (ex == 0x7ffu)
		return -1;
	if (ex == 0) {
		e = -1074;
	} else {
		m |= UINT64_C(1) << 52;
		e = (int)ex - 1075;
	}
	if (e > 10)
		return -1;
	num = (u128)m * pow10[prec];
	if (e >= 0) {
		q = num << e;
	} else if ((k = -e) >= 128) {
		q = 0;
	} else {
		q = num >> k;
		r = num - (q << k);
		half = (u128)1 << (k - 1);
		if (r > half || (r == half && (q & 1) != 0))
			q++;
	}
	ip = (uint64_t)(q / pow10[prec]);
	fp = (uint64_t)(q % pow10[prec]);
	if (bits >> 63)
		out[n++] = '-';
	n += (int)fmt_uint(ip, out + n);
	if (prec > 0) {
		out[n++] = '.';
		for (k = prec - 1; k >= 0; k--) {
			out[n + k] = (char)('0' + fp % 10);
			fp /= 10;
		}
		n += prec;
	}
	len = n;
	out[len] = '\0';
	return len;
}

int
chk_int(char *out, int v)
{
	int n = 0;

	if (v < 0)
		out[n++] = '-';
	n += (int)fmt_uint(v < 0 ? (uint64_t)0 - (uint64_t)(int64_t)v :
	    (uint64_t)v, out + n);
	out[n] = '\0';
	return n;
}

/* What a fortified snprintf() calls: the four formats above here, the rest
 * (and what they cannot write) glibc's. */
int
__snprintf_chk(char *s, size_t maxlen, int flag, size_t slen,
    const char *format, ...)
{
	va_list ap;
	char tmp[64];
	int n = -1, prec;

	if (slen < maxlen)
		__chk_fail();
	va_start(ap, format);
	if (format[0] == '%') {
		if (strcmp(format, "%f") == 0)
			n = chk_fixed(tmp, va_arg(ap, double), 6);
		else if (strcmp(format, "%.18f") == 0)
			n = chk_fixed(tmp, va_arg(ap, double), 18);
		else if (strcmp(format, "%d") == 0)
			n = chk_int(tmp, va_arg(ap, int));
		else if (strcmp(format, "%.*f") == 0) {
			prec = va_arg(ap, int);
			n = chk_fixed(tmp, va_arg(ap, double), prec);
		}
	}
	va_end(ap);
	if (n < 0) {
		va_start(ap, format);
		n = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
		va_end(ap);
		return n;
	}
	if (maxlen > 0) {
		size_t c = (size_t)n < maxlen - 1 ? (size_t)n : maxlen - 1;

		memcpy(s, tmp, c);
		s[c] = '\0';
	}
	return n;
}
