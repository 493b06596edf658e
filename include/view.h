/*
 * view.h: what podium says, in the report's language (SPEC 5.1).
 *
 * The view stage sits between compute and the back ends: the pages, the
 * charts and the PDF ask it for their interface words (report_string and
 * report_format), plural forms, numbers, percentages, dates and lists, and
 * only lay the answers out. report.yaml's `language:` (a BCP 47 tag) picks
 * a built-in pack by its primary subtag (en, de, fr, es; another language
 * gets English); `strings:` replaces single keys of it.
 *
 * Plurals, numbers, dates and lists come from ICU with the pack's locale
 * passed explicitly: never the process's locale or time zone, so a build
 * is byte-identical on any machine. Machine outputs (JSON, CSV, the feed's
 * dates, metadata) do not come here: they stay ISO and language-free.
 *
 * Every function here is safe to call from several threads at once.
 * Results marked malloc'd are the caller's to free().
 */
#ifndef PODIUM_VIEW_H
#define PODIUM_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct report;

/* An interface word: a key of the strings table and its text. */
struct ui_string {
	const char *key;
	const char *text;
};

/* A built-in language pack. */
struct view_pack {
	const char *tag;            /* the language it serves: "de" */
	const char *locale;         /* the ICU locale of its plurals, numbers, dates, lists */
	const char *date_pattern;   /* a date in prose, as a udat pattern */
	const struct ui_string *strings; /* the keys of ui_strings_default, NULL-terminated */
};

/* The English pack's table: every key there is, NULL-terminated. */
extern const struct ui_string ui_strings_default[];
extern const struct ui_string pack_de_strings[], pack_fr_strings[], pack_es_strings[];

/* The built-in packs, English first, NULL-terminated (the hidden pseudo
 * language x-pseudo is not among them: view_pack_find gives it). */
extern const struct view_pack *const view_packs[];
/* The pack for a language tag: by its primary subtag, case-insensitive;
 * "x-pseudo" every English text in ⟦ ⟧ (for tests); English for any other
 * tag or NULL. Never NULL. */
const struct view_pack *view_pack_find(const char *language);
/* A pack's text for key, or NULL when it has none. */
const char *view_pack_text(const struct view_pack *pk, const char *key);

/*
 * The {name} placeholders of text, one after another: *at starts at 0;
 * each call sets *name and *len to the next one (without its braces) and
 * *off to the offset of its '{'; false when there is none left.
 */
bool view_placeholder_next(const char *text, size_t *at, const char **name, size_t *len,
    size_t *off);
/* Whether English text for key has the placeholder name (len bytes). */
bool view_key_takes(const char *key, const char *name, size_t len);

/* An interface word: the report's own text for key when it gives one,
 * else its pack's, else English; key itself when no table has it. */
const char *report_string(const struct report *r, const char *key);
/*
 * The string `key` with each {name} in `names` replaced by the matching
 * entry of `values` (both NULL-terminated lists the caller supplies); a
 * brace that opens no supplied name is copied as written. Plain text,
 * escaped where it is written; malloc'd.
 */
char *report_format(const struct report *r, const char *key,
    const char *const *names, const char *const *values);
char *report_format1(const struct report *r, const char *key, const char *name,
    const char *value);
/*
 * A field's name and its value as the language joins them, the pack's
 * label_value: "Kind: cloud", in French "Kind\u00a0: cloud"; malloc'd.
 */
char *report_label_value(const struct report *r, const char *label, const char *value);
/* What label_value puts between the name and the value (": "), for a back
 * end that lays the two out apart (a bold name, then Markdown); malloc'd. */
char *report_label_sep(const struct report *r);
/* report_format with one number {n}, written as the language writes it. */
char *report_format_n(const struct report *r, const char *key, long n);
/*
 * A duration as the report writes it: days, hours, minutes and seconds,
 * each a number and its unit from the strings table (unit_d, unit_h,
 * unit_m, unit_s; "1h5m" in English), "0s" for zero. A negative duration
 * (not recorded) is never passed.
 */
void report_duration(const struct report *r, int64_t seconds, char *out, size_t n);

/*
 * Plural forms. A key with a singular has a second key, the same name
 * with "_one" after it (summary, summary_one); view_plural gives `one`
 * when the language's CLDR rule puts n in the category "one" (1 in
 * English, German and Spanish; 0 and 1 in French), else `other`.
 */
const char *view_plural(const struct report *r, double n, const char *one,
    const char *other);

/*
 * Numbers as the language writes them: dec is a plain decimal as the core
 * formatters write it ("48.6", "-3", "1000", "−2"; digits after the point
 * are kept as they are), the result has the language's separators and
 * grouping ("48,6", "1.000") and U+2212 for a minus. malloc'd. Anything
 * that is not such a decimal ("n/a", a dash) comes back as it is.
 */
char *view_decimal(const struct report *r, const char *dec);
/* The report's language is written right to left (its tag's script, as
 * ICU's likely subtags give it: ar, he, fa, ur, az-Arab; not ar-Latn). */
bool view_rtl(const struct report *r);
/* An integer: "1,000", "1.000", "1 000" (U+202F in French). malloc'd. */
char *view_int(const struct report *r, long long v);
/* view_int into out (n bytes), truncated if it must be. */
void view_int_to(const struct report *r, long long v, char *out, size_t n);
/* dec (a decimal as for view_decimal) as a percent: "48.6%", "48,6 %". malloc'd. */
char *view_percent(const struct report *r, const char *dec);
/* A share 0..1 at one decimal ("24.7%"), or a dash when NAN; malloc'd. */
char *view_share(const struct report *r, double share);
/* A signed percent at digits ("+5.0%", "−48.6%", "0%" for zero); malloc'd. */
char *view_signed_pct(const struct report *r, double v, int digits);
/* A signed integer: "+3", "−18" (U+2212), "0"; malloc'd. */
char *view_signed_int(const struct report *r, long v);
/* A date (days since 1970-01-01, UTC) in words: "23 September 2026",
 * "23. September 2026", "23 septembre 2026", "23 de septiembre de 2026". malloc'd. */
char *view_date(const struct report *r, int32_t days);
/*
 * A value of one of the content's enums as the language names it: the
 * text of key PREFIX_VALUE ('-' read as '_': "class_cross_tenant"), or
 * value itself when there is no such key. Not malloc'd.
 */
const char *view_word(const struct report *r, const char *prefix, const char *value);

/* The items joined as the language lists them: "A, B and C", "A, B und C";
 * "" for none. malloc'd. */
char *view_list(const struct report *r, const char *const *items, size_t n);

/*
 * The formatters above are opened once per thread and locale, and closed
 * when the thread ends; this closes the calling thread's now (the main
 * thread's, at the end of a build, which no thread-end reaches).
 */
void view_fmt_thread_done(void);

#endif
