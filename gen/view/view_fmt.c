/*
 * view_fmt.c: plural forms, numbers, dates and lists in the report's
 * language, with ICU (CLDR data). The pack's locale is passed to every ICU
 * call and dates are formatted in UTC with the pack's fixed pattern: the
 * process's locale and time zone never matter. Each thread keeps the
 * formatters it opened for the locale it last used (fmt_cache), so no state
 * is shared between threads, and a page of a thousand numbers opens one
 * formatter, not a thousand (opening one costs some hundred times the
 * formatting: the locale's data is looked up anew).
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

/*
 * The formatters of one thread, for one locale (loc) and, for dates, one
 * pattern: opened when first needed, closed when the locale changes or the
 * thread ends (fmt_cache_free, a thread-specific key's destructor).
 */
struct fmt_cache {
	char loc[64];
	const char *date_pattern;   /* the pack's, which date was opened with */
	UNumberFormat *num[2];      /* UNUM_DECIMAL, UNUM_PERCENT */
	UPluralRules *plural;
	UDateFormat *date;
	UListFormatter *list;
};

static pthread_key_t fmt_key;
static pthread_once_t fmt_once = PTHREAD_ONCE_INIT;
static bool fmt_key_ok;

static void
fmt_cache_clear(struct fmt_cache *fc)
{
	for (size_t i = 0; i < ARRAY_SIZE(fc->num); i++)
		if (fc->num[i] != NULL)
			unum_close(fc->num[i]);
	if (fc->plural != NULL)
		uplrules_close(fc->plural);
	if (fc->date != NULL)
		udat_close(fc->date);
	if (fc->list != NULL)
		ulistfmt_close(fc->list);
	memset(fc, 0, sizeof(*fc));
}

static void
fmt_cache_free(void *p)
{
	if (p == NULL)
		return;
	fmt_cache_clear(p);
	free(p);
}

static void
fmt_key_make(void)
{
	fmt_key_ok = pthread_key_create(&fmt_key, fmt_cache_free) == 0;
}

/* This thread's formatters for locale loc (emptied when it had another);
 * NULL when no key could be made: then each call opens its own. */
static struct fmt_cache *
fmt_cache_get(const char *loc)
{
	struct fmt_cache *fc;

	pthread_once(&fmt_once, fmt_key_make);
	if (!fmt_key_ok)
		return NULL;
	if ((fc = pthread_getspecific(fmt_key)) == NULL) {
		fc = xcalloc(1, sizeof(*fc));
		if (pthread_setspecific(fmt_key, fc) != 0) {
			free(fc);
			return NULL;
		}
	}
	if (strcmp(fc->loc, loc) != 0) {
		fmt_cache_clear(fc);
		snprintf(fc->loc, sizeof(fc->loc), "%s", loc);
	}
	return fc;
}

void
view_fmt_thread_done(void)
{
	struct fmt_cache *fc;

	pthread_once(&fmt_once, fmt_key_make);
	if (!fmt_key_ok || (fc = pthread_getspecific(fmt_key)) == NULL)
		return;
	pthread_setspecific(fmt_key, NULL);
	fmt_cache_free(fc);
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
	char loc[64];
	const char *l = locale_of(r, loc);
	struct fmt_cache *fc = fmt_cache_get(l);
	UPluralRules *pr = fc != NULL ? fc->plural : NULL;
	UChar kw[16];
	int32_t len = 0;
	bool is_one = false;

	if (pr == NULL) {
		pr = uplrules_open(l, &e);
		if (fc != NULL && U_SUCCESS(e))
			fc->plural = pr;
	}
	if (U_SUCCESS(e))
		len = uplrules_select(pr, n, kw, (int32_t)ARRAY_SIZE(kw), &e);
	if (U_SUCCESS(e) && len == 3)
		is_one = kw[0] == 'o' && kw[1] == 'n' && kw[2] == 'e';
	else if (U_FAILURE(e))
		is_one = n == 1;
	if (fc == NULL || fc->plural != pr)
		uplrules_close(pr);
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

/* A number formatter of style (UNUM_DECIMAL or UNUM_PERCENT) for locale
 * loc, set as every number is written; NULL if ICU cannot open one. */
static UNumberFormat *
decimal_open(const char *loc, UNumberFormatStyle style)
{
	static const UChar minus[] = {0x2212, 0};
	UErrorCode e = U_ZERO_ERROR;
	UNumberFormat *f = unum_open(style, NULL, 0, loc, NULL, &e);

	if (U_FAILURE(e)) {
		unum_close(f);
		return NULL;
	}
	unum_setAttribute(f, UNUM_MULTIPLIER, 1);
	/* the locale's own rule: Spanish groups only from five digits on */
	unum_setAttribute(f, UNUM_MINIMUM_GROUPING_DIGITS, UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
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
	UNumberFormat *f;
	UChar out[128];
	char plain[128], loc[64];
	const char *l;
	struct fmt_cache *fc;
	size_t k = style == UNUM_PERCENT;
	int digits;
	int32_t n;
	char *s;

	if (!decimal_plain(dec, plain, sizeof(plain), &digits))
		return xstrdup(dec);
	l = locale_of(r, loc);
	fc = fmt_cache_get(l);
	if ((f = fc != NULL ? fc->num[k] : NULL) == NULL &&
	    (f = decimal_open(l, style)) == NULL)
		return xstrdup(dec);
	if (fc != NULL)
		fc->num[k] = f;
	unum_setAttribute(f, UNUM_MIN_FRACTION_DIGITS, digits);
	unum_setAttribute(f, UNUM_MAX_FRACTION_DIGITS, digits);
	n = unum_formatDecimal(f, plain, -1, out, (int32_t)ARRAY_SIZE(out), NULL, &e);
	if (fc == NULL)
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
	UChar pat[64], out[128];
	char loc[64];
	const char *l = locale_of(r, loc);
	struct fmt_cache *fc = fmt_cache_get(l);
	UDateFormat *f = NULL;
	char iso[11];
	int32_t n;
	char *s;

	date_format(days, iso);
	if (fc != NULL && fc->date != NULL && fc->date_pattern == pk->date_pattern)
		f = fc->date;
	else {
		u_strFromUTF8(pat, (int32_t)ARRAY_SIZE(pat), NULL, pk->date_pattern, -1, &e);
		f = udat_open(UDAT_PATTERN, UDAT_PATTERN, l, utc, -1, pat, -1, &e);
		if (U_FAILURE(e)) {
			udat_close(f);
			return xstrdup(iso);
		}
		if (fc != NULL) {
			if (fc->date != NULL)
				udat_close(fc->date);
			fc->date = f;
			fc->date_pattern = pk->date_pattern;
		}
	}
	n = udat_format(f, (UDate)days * 86400.0 * 1000.0, out, (int32_t)ARRAY_SIZE(out), NULL, &e);
	if (fc == NULL)
		udat_close(f);
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
	UListFormatter *f = NULL;
	struct fmt_cache *fc;
	UChar **u = NULL, *out = NULL;
	char loc[64];
	const char *l;
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
	l = locale_of(r, loc);
	fc = fmt_cache_get(l);
	if (U_SUCCESS(e) && (f = fc != NULL ? fc->list : NULL) == NULL) {
		f = ulistfmt_openForType(l, ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, &e);
		if (fc != NULL && U_SUCCESS(e))
			fc->list = f;
	}
	if (U_SUCCESS(e))
		len = ulistfmt_format(f, (const UChar *const *)u, NULL, (int32_t)n, NULL, 0, &e);
	if (e == U_BUFFER_OVERFLOW_ERROR) {
		e = U_ZERO_ERROR;
		out = xmalloc(((size_t)len + 1) * sizeof(UChar));
		ulistfmt_format(f, (const UChar *const *)u, NULL, (int32_t)n, out, len + 1, &e);
	}
	if (U_SUCCESS(e) && out != NULL)
		s = utf8_of(out, len);
	if (f != NULL && (fc == NULL || fc->list != f))
		ulistfmt_close(f);
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
