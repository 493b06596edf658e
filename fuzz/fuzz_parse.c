/*
 * fuzz_parse.c: the scalar parsers and formatters of gen/core/parse.c. The input,
 * cut at its first NUL, is offered to every parser; what parses must format
 * back to an equal value. The input's first bytes also make integers and
 * doubles for the formatters.
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "parse.h"
#include "util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void
check_date(const char *s)
{
	pdate d = 0;
	char out[11];

	if (!date_parse(s, &d))
		return;
	date_format(d, out);
	FUZZ_ASSERT(strcmp(out, s) == 0, "date_format(date_parse(s)) == s");
}

static void
check_duration(const char *s)
{
	int64_t secs = -1, again = -1;
	char out[64];

	if (!duration_parse(s, &secs))
		return;
	FUZZ_ASSERT(secs >= 0, "a duration is not negative");
	duration_format(secs, out, sizeof(out));
	FUZZ_ASSERT(duration_parse(out, &again), "a formatted duration parses");
	FUZZ_ASSERT(again == secs, "duration_parse(duration_format(x)) == x");
}

static void
check_timestamp(const char *s)
{
	int64_t secs = -1;

	if (timestamp_parse(s, &secs))
		FUZZ_ASSERT(secs >= 0, "a timestamp is not negative");
}

static void
check_url(const char *s)
{
	if (!url_allowed(s))
		return;
	FUZZ_ASSERT(strpbrk(s, " \t\r\n") == NULL, "an allowed url has no white space");
	FUZZ_ASSERT(strncasecmp(s, "javascript:", 11) != 0, "javascript: is refused");
	FUZZ_ASSERT(strncasecmp(s, "data:", 5) != 0, "data: is refused");
	FUZZ_ASSERT(strncmp(s, "//", 2) != 0, "a protocol-relative url is refused");
}

/* Reads n bytes at p as a big-endian number. */
static uint64_t
bytes_u64(const uint8_t *p, size_t size, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n && i < size; i++)
		v = (v << 8) | p[i];
	return v;
}

static void
check_numbers(const uint8_t *data, size_t size)
{
	uint64_t u = bytes_u64(data, size, 8);
	double v;
	long l;
	char out[400], day[11];
	int digits = size > 8 ? (int)(data[8] % 12) - 1 : 1;

	memcpy(&v, &u, sizeof(v));
	memcpy(&l, &u, sizeof(l) < sizeof(u) ? sizeof(l) : sizeof(u));
	fmt_fixed(v, digits, out, sizeof(out));
	fmt_signed_pct(v, digits, out, sizeof(out));
	fmt_signed_int(l, out, sizeof(out));
	FUZZ_ASSERT(l >= 0 || str_starts(out, "\xe2\x88\x92"), "a negative starts with U+2212");
	duration_format((int64_t)u, out, sizeof(out));
	date_format(date_from_unix((int64_t)u), day);
	if (!isnan(v) && fabs(v) < 1e15 && digits >= 0 && digits <= 6) {
		double back;

		fmt_fixed(v, digits, out, sizeof(out));
		back = strtod(out, NULL);
		FUZZ_ASSERT(fabs(back - v) <= 0.5 * pow(10, -digits) * (1 + 1e-9) + fabs(v) * 2e-12,
		    "fmt_fixed rounds to the nearest");
	}
}

static void
check_utf8(const uint8_t *data, size_t size)
{
	size_t bad = SIZE_MAX;

	if (!utf8_valid((const char *)data, size, &bad)) {
		FUZZ_ASSERT(bad < size, "the bad offset is inside the input");
		FUZZ_ASSERT(utf8_valid((const char *)data, bad, NULL),
		    "the bytes before the bad offset are valid");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xstrndup((const char *)data, size);
	char *sep;

	check_utf8(data, size);
	check_numbers(data, size);
	(void)id_valid(s);
	check_date(s);
	check_duration(s);
	check_timestamp(s);
	check_url(s);
	if ((sep = strchr(s, '|')) != NULL) {
		size_t d;

		*sep = '\0';
		d = edit_distance(s, sep + 1, 3);
		FUZZ_ASSERT(d <= 4, "edit_distance is capped at cap + 1");
		FUZZ_ASSERT(strcmp(s, sep + 1) != 0 || d == 0, "equal strings are 0 apart");
	}
	free(s);
	return 0;
}
