/*
 * view_fmt.c: plural forms, numbers, dates and lists in the report's
 * language, with ICU (CLDR data). The pack's locale is passed to every ICU
 * call and dates are formatted in UTC with the pack's fixed pattern: the
 * process's locale and time zone never matter. Opening an ICU formatter
 * costs far more than using one (a number formatter resolves its locale's
 * currency and symbols), so each thread keeps the ones it opened for the
 * locale in use (struct fmt_cache) until the locale changes or the thread
 * ends: no formatter is shared between threads.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strings.h>

#include <unicode/udat.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#include "model.h"
#include "parse.h"
#include "util.h"
#include "view.h"

#define MINUS "\xe2\x88\x92"

/*
 * The ICU locale of the report: its language tag when the tag is of the
 * pack's language and says more (de-AT: "Jänner", en-US: "A, B, and C"),
 * else the pack's own locale. Into out (size 64).
 */
static const char *
locale_of(const struct report *r, char out[static 64])
{
	const char *tag = r != NULL ? r->language : NULL;
	const struct view_pack *pk = view_pack_find(tag);
	UErrorCode e = U_ZERO_ERROR;
	size_t n = strlen(pk->tag);

	if (tag != NULL && strlen(tag) > n && (tag[n] == '-' || tag[n] == '_') &&
	    strncasecmp(tag, pk->tag, n) == 0) {
		uloc_forLanguageTag(tag, out, 64, NULL, &e);
		if (U_SUCCESS(e) && e != U_STRING_NOT_TERMINATED_WARNING && out[0] != '\0')
			return out;
	}
	return pk->locale;
}

/* The formatters one thread has opened, for one locale. Numbers are kept
 * by style (decimal, percent) and fraction digits up to FMT_DIGITS - 1. */
#define FMT_DIGITS 8
struct fmt_cache {
	char locale[64];
	UNumberFormat *num[2][FMT_DIGITS];
	UPluralRules *plural;
	UDateFormat *date;
	char date_pattern[64];
	UListFormatter *list;
};

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void
cache_close(struct fmt_cache *c)
{
	size_t i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < FMT_DIGITS; j++)
			unum_close(c->num[i][j]);
	uplrules_close(c->plural);
	udat_close(c->date);
	ulistfmt_close(c->list);
	memset(c, 0, sizeof(*c));
}

static void
cache_free(void *p)
{
	if (p != NULL)
		cache_close(p);
	free(p);
}

static void
cache_key_make(void)
{
	if (pthread_key_create(&cache_key, cache_free) != 0)
		oom();
}

/* This thread's formatters for the report's locale (emptied when the
 * locale differs from the last call's: serve may change the language). */
static struct fmt_cache *
cache_of(const struct report *r)
{
	struct fmt_cache *c;
	char loc[64];
	const char *l = locale_of(r, loc);

	pthread_once(&cache_once, cache_key_make);
	c = pthread_getspecific(cache_key);
	if (c == NULL) {
		c = xcalloc(1, sizeof(*c));
		if (pthread_setspecific(cache_key, c) != 0)
			oom();
	}
	if (strcmp(c->locale, l) != 0) {
		cache_close(c);
		snprintf(c->locale, sizeof(c->locale), "%s", l);
	}
	return c;
}

bool
view_rtl(const struct report *r)
{
	UErrorCode e = U_ZERO_ERROR;
	char loc[64];

	if (r == NULL || r->language == NULL)
		return false;
	uloc_forLanguageTag(r->language, loc, sizeof(loc), NULL, &e);
	if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING || loc[0] == '\0')
		return false;
	return uloc_isRightToLeft(loc) != 0;
}

const char *
view_plural(const struct report *r, double n, const char *one, const char *other)
{
	UErrorCode e = U_ZERO_ERROR;
	struct fmt_cache *c = cache_of(r);
	UChar kw[16];
	int32_t len = 0;
	bool is_one = false;

	if (c->plural == NULL)
		c->plural = uplrules_open(c->locale, &e);
	if (U_SUCCESS(e) && c->plural != NULL)
		len = uplrules_select(c->plural, n, kw, (int32_t)ARRAY_SIZE(kw), &e);
	if (U_SUCCESS(e) && c->plural != NULL && len == 3)
		is_one = kw[0] == 'o' && kw[1] == 'n' && kw[2] == 'e';
	else if (U_FAILURE(e) || c->plural == NULL)
		is_one = n == 1;
	return is_one ? one : other;
}

/* UTF-16 to a malloc'd UTF-8 string (fallback: NULL). */
static char *
utf8_of(const UChar *u, int32_t n)
{
	UErrorCode e = U_ZERO_ERROR;
	int32_t len = 0;
	char *s;

	u_strToUTF8(NULL, 0, &len, u, n, &e);
	if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e))
		return NULL;
	e = U_ZERO_ERROR;
	s = xmalloc((size_t)len + 1);
	u_strToUTF8(s, len + 1, NULL, u, n, &e);
	if (U_FAILURE(e)) {
		free(s);
		return NULL;
	}
	s[len] = '\0';
	return s;
}

/* "-48.6" or "−48.6": whether dec is a plain decimal; the ASCII form in plain. */
static bool
decimal_plain(const char *dec, char *plain, size_t size, int *digits)
{
	const char *s = dec, *dot;
	size_t n;

	if (strncmp(s, MINUS, 3) == 0 || *s == '-')
		s += *s == '-' ? 1 : 3;
	else if (*s == '+')
		s++;
	n = strspn(s, "0123456789");
	if (n == 0 || (s[n] != '\0' && (s[n] != '.' || s[n + 1] < '0' || s[n + 1] > '9')))
		return false;
	dot = s[n] == '.' ? s + n + 1 : NULL;
	if (dot != NULL && dot[strspn(dot, "0123456789")] != '\0')
		return false;
	*digits = dot != NULL ? (int)strlen(dot) : 0;
	if (strlen(s) + 2 > size)
		return false;
	snprintf(plain, size, "%s%s", s != dec && dec[0] != '+' ? "-" : "", s);
	return true;
}

/* A number formatter of style with digits fraction digits, or NULL. */
static UNumberFormat *
number_open(const char *locale, UNumberFormatStyle style, int digits)
{
	static const UChar minus[] = {0x2212, 0};
	UErrorCode e = U_ZERO_ERROR;
	UNumberFormat *f = unum_open(style, NULL, 0, locale, NULL, &e);

	if (U_FAILURE(e)) {
		unum_close(f);
		return NULL;
	}
	unum_setAttribute(f, UNUM_MULTIPLIER, 1);
	/* the locale's own rule: Spanish groups only from five digits on */
	unum_setAttribute(f, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
	unum_setAttribute(f, UNUM_MIN_FRACTION_DIGITS, digits);
	unum_setAttribute(f, UNUM_MAX_FRACTION_DIGITS, digits);
	unum_setSymbol(f, UNUM_MINUS_SIGN_SYMBOL, minus, 1, &e);
	if (U_FAILURE(e)) {
		unum_close(f);
		return NULL;
	}
	return f;
}

/* dec through a number formatter of style (UNUM_DECIMAL or UNUM_PERCENT). */
static char *
decimal_format(const struct report *r, const char *dec, UNumberFormatStyle style)
{
	UErrorCode e = U_ZERO_ERROR;
	struct fmt_cache *c;
	UNumberFormat *f, **slot = NULL;
	UChar out[128];
	char plain[128];
	int digits;
	int32_t n;
	char *s;

	if (!decimal_plain(dec, plain, sizeof(plain), &digits))
		return xstrdup(dec);
	c = cache_of(r);
	if (digits < FMT_DIGITS)
		slot = &c->num[style == UNUM_PERCENT][digits];
	f = slot != NULL && *slot != NULL ? *slot : number_open(c->locale, style, digits);
	if (f == NULL)
		return xstrdup(dec);
	if (slot != NULL)
		*slot = f;
	n = unum_formatDecimal(f, plain, -1, out, (int32_t)ARRAY_SIZE(out), NULL, &e);
	if (slot == NULL)
		unum_close(f);
	if (U_FAILURE(e) || (s = utf8_of(out, n)) == NULL)
		return xstrdup(dec);
	return s;
}

char *
view_decimal(const struct report *r, const char *dec)
{
	return decimal_format(r, dec, UNUM_DECIMAL);
}

char *
view_int(const struct report *r, long long v)
{
	char num[21];

	fmt_int(v, num);
	return decimal_format(r, num, UNUM_DECIMAL);
}

void
view_int_to(const struct report *r, long long v, char *out, size_t n)
{
	char *s = view_int(r, v);

	snprintf(out, n, "%s", s);
	free(s);
}

char *
view_percent(const struct report *r, const char *dec)
{
	return decimal_format(r, dec, UNUM_PERCENT);
}

char *
view_share(const struct report *r, double share)
{
	char out[32];

	if (isnan(share))
		return xstrdup("\xe2\x80\x94");
	fmt_fixed(share * 100.0, 1, out, sizeof(out));
	return view_percent(r, out);
}

/* A sign before a localised number: "+", or U+2212 ahead of the digits. */
static char *
signed_of(char *num, bool negative, bool zero)
{
	char *s;

	if (zero)
		return num;
	s = xasprintf("%s%s", negative ? MINUS : "+", num);
	free(num);
	return s;
}

char *
view_signed_pct(const struct report *r, double v, int digits)
{
	char num[64];

	if (isnan(v))
		return xstrdup("n/a");
	fmt_fixed(fabs(v), digits, num, sizeof(num));
	return signed_of(view_percent(r, num), v < 0, strspn(num, "0.") == strlen(num));
}

char *
view_signed_int(const struct report *r, long v)
{
	char num[32];

	snprintf(num, sizeof(num), "%lu", v < 0 ? 0UL - (unsigned long)v : (unsigned long)v);
	return signed_of(view_decimal(r, num), v < 0, v == 0);
}

char *
view_date(const struct report *r, int32_t days)
{
	const struct view_pack *pk = view_pack_find(r != NULL ? r->language : NULL);
	static const UChar utc[] = {'U', 'T', 'C', 0};
	UErrorCode e = U_ZERO_ERROR;
	struct fmt_cache *c = cache_of(r);
	UChar pat[64], out[128];
	char iso[11];
	int32_t n;
	char *s;

	date_format(days, iso);
	if (c->date != NULL && strcmp(c->date_pattern, pk->date_pattern) != 0) {
		udat_close(c->date);
		c->date = NULL;
	}
	if (c->date == NULL) {
		u_strFromUTF8(pat, (int32_t)ARRAY_SIZE(pat), NULL, pk->date_pattern, -1, &e);
		c->date = udat_open(UDAT_PATTERN, UDAT_PATTERN, c->locale, utc, -1, pat, -1, &e);
		if (U_FAILURE(e)) {
			udat_close(c->date);
			c->date = NULL;
			return xstrdup(iso);
		}
		snprintf(c->date_pattern, sizeof(c->date_pattern), "%s", pk->date_pattern);
	}
	n = udat_format(c->date, (UDate)days * 86400.0 * 1000.0, out, (int32_t)ARRAY_SIZE(out), NULL, &e);
	if (U_FAILURE(e) || (s = utf8_of(out, n)) == NULL)
		return xstrdup(iso);
	return s;
}

/* The pseudo language's list: its word between markers, "A, B ⟦and⟧ C". */
static char *
pseudo_list(const char *const *items, size_t n)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : i + 1 == n ?
		    " \xe2\x9f\xa6" "and\xe2\x9f\xa7 " : ", ", items[i]);
	return buf_detach(&b, NULL);
}

char *
view_list(const struct report *r, const char *const *items, size_t n)
{
	UErrorCode e = U_ZERO_ERROR;
	struct fmt_cache *c;
	UListFormatter *f;
	UChar **u = NULL, *out = NULL;
	int32_t len = 0;
	char *s = NULL;
	size_t i;

	if (n == 0)
		return xstrdup("");
	if (n == 1)
		return xstrdup(items[0]);
	if (strcmp(view_pack_find(r != NULL ? r->language : NULL)->tag, "x-pseudo") == 0)
		return pseudo_list(items, n);
	u = xcalloc(n, sizeof(*u));
	for (i = 0; i < n && U_SUCCESS(e); i++) {
		int32_t ul = 0;

		u_strFromUTF8(NULL, 0, &ul, items[i], -1, &e);
		e = U_ZERO_ERROR;
		u[i] = xmalloc(((size_t)ul + 1) * sizeof(UChar));
		u_strFromUTF8(u[i], ul + 1, NULL, items[i], -1, &e);
	}
	c = cache_of(r);
	if (c->list == NULL && U_SUCCESS(e)) {
		c->list = ulistfmt_openForType(c->locale, ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, &e);
		if (U_FAILURE(e)) {
			ulistfmt_close(c->list);
			c->list = NULL;
		}
	}
	f = c->list;
	if (U_SUCCESS(e))
		len = ulistfmt_format(f, (const UChar *const *)u, NULL, (int32_t)n, NULL, 0, &e);
	if (e == U_BUFFER_OVERFLOW_ERROR) {
		e = U_ZERO_ERROR;
		out = xmalloc(((size_t)len + 1) * sizeof(UChar));
		ulistfmt_format(f, (const UChar *const *)u, NULL, (int32_t)n, out, len + 1, &e);
	}
	if (U_SUCCESS(e) && out != NULL)
		s = utf8_of(out, len);
	for (i = 0; i < n; i++)
		free(u[i]);
	free(u);
	free(out);
	if (s == NULL) {
		struct buf b = BUF_INIT;

		for (i = 0; i < n; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", items[i]);
		s = buf_detach(&b, NULL);
	}
	return s;
}

/* Here, beside view_int, so that the strings never call the formatters. */
char *
report_format_n(const struct report *r, const char *key, long n)
{
	char *num = view_int(r, n), *s;

	s = report_format1(r, key, "n", num);
	free(num);
	return s;
}
