/* view_strings.c: the language packs by tag, and the interface words a report uses. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "parse.h"
#include "util.h"
#include "view.h"

static const struct view_pack pack_en = {"en", "en_001", "d MMMM y", ui_strings_default};
static const struct view_pack pack_de = {"de", "de", "d. MMMM y", pack_de_strings};
static const struct view_pack pack_fr = {"fr", "fr", "d MMMM y", pack_fr_strings};
static const struct view_pack pack_es = {"es", "es", "d 'de' MMMM 'de' y", pack_es_strings};

const struct view_pack *const view_packs[] = {&pack_en, &pack_de, &pack_fr, &pack_es, NULL};

/* The hidden pseudo language: every English text between markers, so a
 * test can tell podium's words from the content's. Made once. */
static struct ui_string *pseudo_strings;
static struct view_pack pack_pseudo = {"x-pseudo", "en_001", "\xe2\x9f\xa6" "d MMMM y\xe2\x9f\xa7", NULL};
static pthread_once_t pseudo_once = PTHREAD_ONCE_INIT;

static void
pseudo_make(void)
{
	size_t i, n = 0;

	while (ui_strings_default[n].key != NULL)
		n++;
	pseudo_strings = xcalloc(n + 1, sizeof(*pseudo_strings));
	for (i = 0; i < n; i++) {
		pseudo_strings[i].key = ui_strings_default[i].key;
		pseudo_strings[i].text = xasprintf("\xe2\x9f\xa6%s\xe2\x9f\xa7",
		    ui_strings_default[i].text);
	}
	pack_pseudo.strings = pseudo_strings;
}

const struct view_pack *
view_pack_find(const char *language)
{
	size_t i, n;

	if (language == NULL)
		return &pack_en;
	if (strcasecmp(language, "x-pseudo") == 0) {
		pthread_once(&pseudo_once, pseudo_make);
		return &pack_pseudo;
	}
	n = strcspn(language, "-_");
	for (i = 0; view_packs[i] != NULL; i++)
		if (strlen(view_packs[i]->tag) == n && strncasecmp(view_packs[i]->tag, language, n) == 0)
			return view_packs[i];
	return &pack_en;
}

/*
 * Each pack's keys in a hash table, made once per pack (the pages ask
 * often). Slot k serves view_packs[k]; the last, the pseudo pack.
 */
#define NPACKS 5
static struct htab pack_index[NPACKS] = {HTAB_INIT, HTAB_INIT, HTAB_INIT, HTAB_INIT, HTAB_INIT};
static pthread_once_t pack_once[NPACKS] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

static void
index_make(size_t k)
{
	const struct ui_string *s = k + 1 == NPACKS ? pack_pseudo.strings : view_packs[k]->strings;
	size_t i;

	for (i = 0; s[i].key != NULL; i++)
		htab_add(&pack_index[k], hash_str(s[i].key), i);
}

static void index_make0(void) { index_make(0); }
static void index_make1(void) { index_make(1); }
static void index_make2(void) { index_make(2); }
static void index_make3(void) { index_make(3); }
static void index_make4(void) { index_make(4); }

const char *
view_pack_text(const struct view_pack *pk, const char *key)
{
	static void (*const make[NPACKS])(void) = {index_make0, index_make1, index_make2,
	    index_make3, index_make4};
	size_t k, i, at = 0;
	uint64_t h;

	for (k = 0; k + 1 < NPACKS && view_packs[k] != pk; k++)
		;
	if (k + 1 == NPACKS && pk != &pack_pseudo)
		return NULL;
	pthread_once(&pack_once[k], make[k]);
	h = hash_str(key);
	while (htab_next(&pack_index[k], h, &at, &i))
		if (strcmp(pk->strings[i].key, key) == 0)
			return pk->strings[i].text;
	return NULL;
}

bool
view_placeholder_next(const char *text, size_t *at, const char **name, size_t *len,
    size_t *off)
{
	const char *s = text + *at, *open, *close;

	while ((open = strchr(s, '{')) != NULL) {
		close = open + 1 + strcspn(open + 1, "{}");
		if (*close != '}') {
			s = *close == '{' ? close : open + 1;
			continue;
		}
		*name = open + 1;
		*len = (size_t)(close - open - 1);
		*off = (size_t)(open - text);
		*at = (size_t)(close + 1 - text);
		return true;
	}
	*at = strlen(text);
	return false;
}

bool
view_key_takes(const char *key, const char *name, size_t len)
{
	const char *en = view_pack_text(&pack_en, key), *p;
	size_t at = 0, n, off;

	while (en != NULL && view_placeholder_next(en, &at, &p, &n, &off))
		if (n == len && strncmp(p, name, len) == 0)
			return true;
	return false;
}

const char *
report_string(const struct report *r, const char *key)
{
	const char *s;
	size_t i;

	for (i = 0; r != NULL && i < r->nstrings; i++)
		if (strcmp(r->strings[i].key, key) == 0)
			return r->strings[i].text;
	if ((s = view_pack_text(view_pack_find(r != NULL ? r->language : NULL), key)) != NULL)
		return s;
	if ((s = view_pack_text(&pack_en, key)) != NULL)
		return s;
	return key;
}

/*
 * A brace that does not open a supplied name is copied as written, so a
 * translation can never read anything the code did not hand over.
 */
char *
report_format(const struct report *r, const char *key,
    const char *const *names, const char *const *values)
{
	const char *s = report_string(r, key), *close;
	struct buf b = BUF_INIT;
	size_t i, n;

	while (*s != '\0') {
		if (*s == '{' && (close = strchr(s + 1, '}')) != NULL) {
			n = (size_t)(close - s - 1);
			for (i = 0; names != NULL && names[i] != NULL; i++)
				if (strlen(names[i]) == n && strncmp(names[i], s + 1, n) == 0)
					break;
			if (names != NULL && names[i] != NULL) {
				buf_puts(&b, values[i] != NULL ? values[i] : "");
				s = close + 1;
				continue;
			}
		}
		buf_putc(&b, *s);
		s++;
	}
	if (b.len == 0)
		buf_puts(&b, "");
	return buf_detach(&b, NULL);
}

char *
report_label_value(const struct report *r, const char *label, const char *value)
{
	return report_format(r, "label_value", (const char *[]){"label", "value", NULL},
	    (const char *[]){label, value, NULL});
}

char *
report_label_sep(const struct report *r)
{
	const char *s = report_string(r, "label_value");
	const char *l = strstr(s, "{label}"), *v = l != NULL ? strstr(l, "{value}") : NULL;

	if (v == NULL)   /* another order: the parts apart, a space between */
		return xstrdup(" ");
	l += strlen("{label}");
	return xstrndup(l, (size_t)(v - l));
}

char *
report_format1(const struct report *r, const char *key, const char *name,
    const char *value)
{
	const char *names[2] = {name, NULL}, *values[2] = {value, NULL};

	return report_format(r, key, names, values);
}

void
report_duration(const struct report *r, int64_t s, char *out, size_t n)
{
	static const char *const units[] = {"unit_d", "unit_h", "unit_m", "unit_s"};
	static const int64_t mult[] = {86400, 3600, 60, 1};
	struct buf b = BUF_INIT;
	char num[21];
	size_t k;

	for (k = 0; k < ARRAY_SIZE(mult); k++)
		if (s >= mult[k] || (k + 1 == ARRAY_SIZE(mult) && b.len == 0)) {
			fmt_uint((unsigned long long)(s > 0 ? s / mult[k] : 0), num);
			buf_printf(&b, "%s%s", num, report_string(r, units[k]));
			s = s > 0 ? s % mult[k] : 0;
		}
	snprintf(out, n, "%s", b.data);
	buf_release(&b);
}

const char *
view_word(const struct report *r, const char *prefix, const char *value)
{
	char key[96];
	size_t i;

	if (value == NULL || value[0] == '\0')
		return value;
	snprintf(key, sizeof(key), "%s_%s", prefix, value);
	for (i = 0; key[i] != '\0'; i++)
		if (key[i] == '-')
			key[i] = '_';
	if (view_pack_text(&pack_en, key) == NULL)
		return value;
	return report_string(r, key);
}

