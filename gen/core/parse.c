/* parse.c: scalar parsers and number formatting. Pure functions. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parse.h"
#include "util.h"

bool
id_valid(const char *s)
{
	size_t i;

	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= '0' && s[0] <= '9')))
		return false;
	for (i = 1; s[i] != '\0'; i++) {
		char c = s[i];

		if (i >= 128)
			return false;
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '.' || c == '_' || c == '-'))
			return false;
	}
	return true;
}

/* What podium writes at the top of the site (SPEC 4.1, 5.3). */
static const char *const site_top[] = {"index.html", "index.md", "404.html", "feed.xml",
    "sitemap.xml", "robots.txt", "report.pdf", "llms.txt", "assets", "badges", "changes",
    "charts", "compare", "corrections", "data", "editions", "methodology", "providers",
    "search", "security", "sources", "index", "404", NULL};
/* What podium writes beside the folders of providers/ and editions/. */
static const char *const site_index[] = {"index.html", "index.md", NULL};

static const char *
name_in(const char *id, const char *const *names)
{
	size_t i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], id) == 0)
			return names[i];
	return NULL;
}

const char *
page_id_reserved(const char *id)
{
	return name_in(id, site_top);
}

const char *
folder_id_reserved(const char *id)
{
	return name_in(id, site_index);
}

bool
color_valid(const char *s)
{
	size_t i;

	if (s == NULL || s[0] != '#' || strlen(s) != 7)
		return false;
	for (i = 1; i < 7; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Days from civil date (proleptic Gregorian), after H. Hinnant's algorithm. */
static int32_t
days_from_civil(int y, unsigned m, unsigned d)
{
	int era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int32_t)doe - 719468;
}

static void
civil_from_days(int32_t days, int *y, unsigned *m, unsigned *d)
{
	int64_t z = (int64_t)days + 719468, era; /* 64 bits: no overflow near INT32_MAX */
	unsigned doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	*y = (int)((int64_t)yoe + era * 400);
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y += *m <= 2;
}

static bool
digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

bool
date_parse(const char *s, pdate *out)
{
	static const unsigned mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int y;
	unsigned m, d;
	bool leap;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' || !digits(s, 4) ||
	    !digits(s + 5, 2) || !digits(s + 8, 2))
		return false;
	y = atoi(s);
	m = (unsigned)atoi(s + 5);
	d = (unsigned)atoi(s + 8);
	if (y < 1 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
		return false;
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (m == 2 && d == 29 && !leap)
		return false;
	*out = days_from_civil(y, m, d);
	return true;
}

void
date_format(pdate dt, char out[static 11])
{
	int y;
	unsigned m, d;

	if (dt == DATE_NONE) {
		strcpy(out, "");
		return;
	}
	char tmp[32];

	civil_from_days(dt, &y, &m, &d);
	snprintf(tmp, sizeof(tmp), "%04d-%02u-%02u", y % 10000, m % 100, d % 100);
	memcpy(out, tmp, 10);
	out[10] = '\0';
}

pdate
date_from_unix(int64_t t)
{
	int64_t days = t / 86400;

	if (t < 0 && t % 86400)
		days--;
	if (days < INT32_MIN + 1)
		days = INT32_MIN + 1;
	if (days > INT32_MAX)
		days = INT32_MAX;
	return (pdate)days;
}

/*
 * Each component may be as large as the total allows, so that whatever
 * duration_format writes for a non-negative int64 reads back; a total past
 * INT64_MAX is refused.
 */
bool
duration_parse(const char *s, int64_t *seconds)
{
	static const char units[] = "dhms";
	static const int64_t mult[] = {86400, 3600, 60, 1};
	int64_t total = 0, v, part;
	size_t next = 0, k;
	const char *p = s;

	if (*p == '\0')
		return false;
	while (*p) {
		if (!isdigit((unsigned char)*p))
			return false;
		v = 0;
		while (isdigit((unsigned char)*p)) {
			if (__builtin_mul_overflow(v, 10, &v) ||
			    __builtin_add_overflow(v, *p++ - '0', &v))
				return false;
		}
		for (k = next; k < 4 && units[k] != *p; k++)
			;
		if (k == 4 || *p == '\0')
			return false;
		if (__builtin_mul_overflow(v, mult[k], &part) ||
		    __builtin_add_overflow(total, part, &total))
			return false;
		next = k + 1;
		p++;
	}
	*seconds = total;
	return true;
}

/* s (len bytes) into out as snprintf(out, n, "%s", s) would put it. */
static void
copy_out(const char *s, size_t len, char *out, size_t n)
{
	if (n == 0)
		return;
	if (len > n - 1)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

size_t
fmt_uint(unsigned long long v, char out[static 21])
{
	char tmp[20], *p = tmp + sizeof(tmp);
	size_t len;

	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	len = (size_t)(tmp + sizeof(tmp) - p);
	memcpy(out, p, len);
	out[len] = '\0';
	return len;
}

size_t
fmt_int(long long v, char out[static 21])
{
	char digits[21];
	size_t len;

	if (v >= 0)
		return fmt_uint((unsigned long long)v, out);
	len = fmt_uint(0ULL - (unsigned long long)v, digits);
	out[0] = '-';
	memcpy(out + 1, digits, len + 1);
	return len + 1;
}

void
duration_format(int64_t s, char *out, size_t n)
{
	static const char units[] = "dhms";
	static const int64_t mult[] = {86400, 3600, 60, 1};
	char text[4 * 21];
	size_t k, len = 0;

	if (s <= 0) {
		copy_out("0s", 2, out, n);
		return;
	}
	for (k = 0; k < 4; k++) {
		if (s >= mult[k]) {
			len += fmt_uint((unsigned long long)(s / mult[k]), text + len);
			text[len++] = units[k];
			s %= mult[k];
		}
	}
	copy_out(text, len, out, n);
}

bool
timestamp_parse(const char *s, int64_t *seconds)
{
	int64_t parts[3];
	size_t np = 0, len;
	const char *p = s;

	for (;;) {
		len = 0;
		parts[np] = 0;
		while (isdigit((unsigned char)p[len])) {
			if (len >= 6)
				return false;
			parts[np] = parts[np] * 10 + (p[len] - '0');
			len++;
		}
		if (len == 0)
			return false;
		/* after the first field, fields are exactly two digits */
		if (np > 0 && (len != 2 || parts[np] > 59))
			return false;
		np++;
		p += len;
		if (*p == '\0')
			break;
		if (*p != ':' || np == 3)
			return false;
		p++;
	}
	if (np == 2)
		*seconds = parts[0] * 60 + parts[1];
	else if (np == 3 && parts[0] > 0 && parts[1] <= 59)
		*seconds = parts[0] * 3600 + parts[1] * 60 + parts[2];
	else
		return false;
	return true;
}

bool
url_allowed(const char *s)
{
	const char *colon, *p;

	if (*s == '\0')
		return false;
	for (p = s; *p; p++)
		if ((unsigned char)*p <= 0x20 || *p == 0x7f)
			return false;
	if (str_starts(s, "https://") || str_starts(s, "http://")) {
		const char *host = strstr(s, "//") + 2;

		return *host != '\0' && *host != '/';
	}
	if (str_starts(s, "mailto:"))
		return s[7] != '\0';
	/* relative: no scheme before the first '/', '?' or '#' */
	colon = strchr(s, ':');
	if (colon == NULL)
		return !str_starts(s, "//");
	for (p = s; p < colon; p++)
		if (*p == '/' || *p == '?' || *p == '#')
			return !str_starts(s, "//");
	return false;
}

/* The authority of an http(s) url: after "//", up to '/', '?', '#' or the end. */
static size_t
url_authority(const char *s, const char **from)
{
	const char *a = strstr(s, "//") + 2;

	*from = a;
	return strcspn(a, "/?#");
}

bool
url_absolute(const char *s)
{
	if (!url_allowed(s))
		return false;
	return str_starts(s, "https://") || str_starts(s, "http://") ||
	    str_starts(s, "mailto:");
}

bool
url_has_userinfo(const char *s)
{
	const char *a;
	size_t n;

	if (!str_starts(s, "https://") && !str_starts(s, "http://"))
		return false;
	n = url_authority(s, &a);
	return memchr(a, '@', n) != NULL;
}

/* A host name as written in a url: labels of letters, digits and '-'
 * joined by dots, at least two, the last of two letters or more and not
 * a file's extension ("report.pdf" is a file, not a host). */
static bool
host_like(const char *s, size_t n)
{
	static const char *const files[] = {"csv", "gif", "htm", "html", "jpeg", "jpg",
	    "json", "md", "pdf", "png", "svg", "txt", "xml", "yaml", "yml", NULL};
	size_t i, label = 0, dots = 0, k;
	bool alpha = true;

	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c == '.') {
			if (label == 0)
				return false;
			dots++;
			label = 0;
			alpha = true;
			continue;
		}
		if (!isalnum((unsigned char)c) && c != '-')
			return false;
		if (!isalpha((unsigned char)c))
			alpha = false;
		label++;
	}
	if (dots == 0 || label < 2 || !alpha)
		return false;
	for (k = 0; files[k] != NULL; k++)
		if (strlen(files[k]) == label && strncasecmp(s + n - label, files[k], label) == 0)
			return false;
	return true;
}

bool
url_guess(const char *s, char *out, size_t n)
{
	const char *p = str_starts(s, "//") ? s + 2 : s;
	size_t h = strcspn(p, "/?#:");

	if (p[h] == ':' || !host_like(p, h) ||
	    (size_t)snprintf(out, n, "https://%s", p) >= n)
		return false;
	return url_allowed(out);
}

bool
utf8_valid(const char *str, size_t n, size_t *bad)
{
	size_t i = 0, len;
	uint32_t cp;

	while (i < n) {
		if ((unsigned char)str[i] < 0x80) {
			i++;
			continue;
		}
		if ((len = utf8_decode(str + i, n - i, &cp)) == 0) {
			if (bad)
				*bad = i;
			return false;
		}
		i += len;
	}
	return true;
}

bool
utf8_noncharacter(uint32_t cp)
{
	return (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe;
}

bool
utf8_bidi_control(uint32_t cp)
{
	return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

bool
utf8_bidi_format(uint32_t cp)
{
	return utf8_bidi_control(cp) || cp == 0x200e || cp == 0x200f || cp == 0x061c;
}

size_t
utf8_refused(const char *s, size_t n, bool nul, uint32_t *cp)
{
	size_t i = 0, len;

	while (i < n) {
		if ((unsigned char)s[i] < 0x80) {
			if (nul && s[i] == '\0') {
				*cp = 0;
				return i;
			}
			i++;
			continue;
		}
		/* invalid bytes are the caller's to report first: stepped over */
		if ((len = utf8_decode(s + i, n - i, cp)) == 0)
			len = 1;
		else if (utf8_noncharacter(*cp))
			return i;
		i += len;
	}
	return n;
}

bool
text_valid(const char *s, size_t n, bool nul, unsigned *line, unsigned *col,
    char why[static 64])
{
	size_t bad = n, i;
	uint32_t cp = 0;

	if (!utf8_valid(s, n, &bad))
		snprintf(why, 64, "invalid UTF-8 (byte 0x%02x)", (unsigned char)s[bad]);
	else if ((bad = utf8_refused(s, n, nul, &cp)) == n)
		return true;
	else if (cp == 0)
		snprintf(why, 64, "NUL byte is not allowed in text");
	else
		snprintf(why, 64, "noncharacter U+%04lX is not allowed in text",
		    (unsigned long)cp);
	*line = 1;
	*col = 1;
	for (i = 0; i < bad; i++) {
		if (s[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (!utf8_continues(s[i]))
			(*col)++;
	}
	return false;
}

size_t
edit_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b), i, j, best;
	size_t row[65];

	if (la > 64 || lb > 64)
		return cap + 1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		best = row[0];
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], v;

			v = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
			if (v < best)
				best = v;
		}
		if (best > cap)
			return cap + 1;
	}
	return row[lb] > cap ? cap + 1 : row[lb];
}

/*
 * Round half away from zero at digits, as a reader would by hand: 1.005
 * typed in is the binary double 1.00499999..., so the scaled value is nudged
 * away from zero by a relative 1e-12 before rounding.
 */
size_t
fmt_scaled(unsigned long long m, bool negative, int digits, char *out, size_t n)
{
	char num[21], text[32];
	size_t len = fmt_uint(m, num), pos = 0, whole;

	if (negative)
		text[pos++] = '-';
	if (len <= (size_t)digits) {
		/* "0." and the zeros before the first digit */
		text[pos++] = '0';
		text[pos++] = '.';
		memset(text + pos, '0', (size_t)digits - len);
		pos += (size_t)digits - len;
		memcpy(text + pos, num, len);
		pos += len;
	} else {
		whole = len - (size_t)digits;
		memcpy(text + pos, num, whole);
		pos += whole;
		if (digits > 0) {
			text[pos++] = '.';
			memcpy(text + pos, num + whole, (size_t)digits);
			pos += (size_t)digits;
		}
	}
	copy_out(text, pos, out, n);
	return pos;
}

/*
 * Round half away from zero at digits, as a reader would by hand: 1.005
 * typed in is the binary double 1.00499999..., so the scaled value is nudged
 * away from zero by a relative 1e-12 before rounding. The rounded value is
 * a whole number q of 10^-digits: below 2^51 the double q / 10^digits lies
 * within half a unit of its last place of q * 10^-digits, far closer than
 * half of 10^-digits, so "%.*f" would print q's own digits: written so
 * without printf.
 */
void
fmt_fixed(double v, int digits, char *out, size_t n)
{
	double scale, q, r;

	if (digits < 0)
		digits = 0;
	if (digits > 9)
		digits = 9;
	if (isnan(v)) {
		copy_out("n/a", 3, out, n);
		return;
	}
	scale = pow(10, digits);
	r = v * scale;
	q = round(r + r * 1e-12); /* round() is half away from zero */
	if (fabs(q) < 0x1p51) {
		fmt_scaled((unsigned long long)fabs(q), q < 0, digits, out, n);
		return;
	}
	r = q / scale;
	snprintf(out, n, "%.*f", digits, r);
}

void
fmt_signed_int(long v, char *out, size_t n)
{
	if (v > 0)
		snprintf(out, n, "+%ld", v);
	else if (v < 0)
		snprintf(out, n, "\xe2\x88\x92%lu", 0UL - (unsigned long)v); /* LONG_MIN too */
	else
		snprintf(out, n, "0");
}

char *
share_text(double share)
{
	char out[32];

	if (isnan(share))
		return xstrdup("\xe2\x80\x94");
	fmt_fixed(share * 100.0, 1, out, sizeof(out));
	return xasprintf("%s%%", out);
}

void
fmt_signed_pct(double v, int digits, char *out, size_t n)
{
	char num[64];

	if (isnan(v)) {
		snprintf(out, n, "n/a");
		return;
	}
	fmt_fixed(fabs(v), digits, num, sizeof(num));
	if (strspn(num, "0.") == strlen(num))
		snprintf(out, n, "%s%%", num);
	else
		snprintf(out, n, "%s%s%%", v < 0 ? "\xe2\x88\x92" : "+", num);
}

