/*
 * load_fields.c: what a report declares about its own subject: the fields
 * of its providers and reviews (provider_fields, review_fields), the
 * security practices it checks (security.practices), its interface words
 * (strings), and the values of those fields in provider and review files.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

const char *const provider_field_keys[] = {"id", "name", "type", "choices",
    "required", "unit", "description", "filter", NULL};
const char *const review_field_keys[] = {"id", "name", "type", "choices",
    "required", "unit", "description", NULL};
const char *const practice_keys[] = {"id", "name", "description", NULL};
const char *const security_decl_keys[] = {"practices", NULL};

/* ISO 3166-1 alpha-2: every code assigned, in order, two letters each. */
static const char iso3166[] =
    "ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZ"
    "CACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFO"
    "FRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJE"
    "JMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMO"
    "MPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPW"
    "PYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTM"
    "TNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW";

bool
country_code_valid(const char *s, size_t len)
{
	size_t lo = 0, hi = (sizeof(iso3166) - 1) / 2;

	if (len != 2)
		return false;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = memcmp(s, iso3166 + 2 * mid, 2);

		if (c == 0)
			return true;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return false;
}

/* The id of a declared field may not be one of builtin (a key of the file). */
static bool
is_builtin(const char *id, const char *const *builtin)
{
	size_t k;

	for (k = 0; builtin[k] != NULL; k++)
		if (strcmp(builtin[k], id) == 0)
			return true;
	return false;
}

/* choices: a sequence of strings, kept NULL-terminated for get_enum. */
static bool
choices_load(struct loader *l, const char *file, const struct ynode *c, struct field_def *f)
{
	const char **v;
	size_t n;

	if (!get_strv(l, file, c, "choices", false, &v, &n))
		return false;
	f->choices = arena_array(l->a, n + 1, sizeof(*f->choices));
	memcpy(f->choices, v, n * sizeof(*v));
	f->choices[n] = NULL;
	f->nchoices = n;
	return true;
}

static void
field_decl_load(struct loader *l, const char *file, const struct ynode *n, bool provider,
    const char *const *builtin, struct field_def *f)
{
	const char *what = provider ? "provider_fields" : "review_fields";
	struct ynode *c;
	int e;

	f->pos = node_pos(l, file, n);
	if (!expect_map(l, file, n, what))
		return;
	check_keys(l, file, n, provider ? provider_field_keys : review_field_keys);
	if (get_id(l, file, (c = need(l, file, n, "id")), "id", &f->id) &&
	    is_builtin(f->id, builtin)) {
		diag_error(l->d, file, c->line, c->col,
		    "field '%s' clashes with the built-in key '%s' of a %s file", f->id,
		    f->id, provider ? "provider" : "review");
		f->id = NULL;
	}
	get_str(l, file, need(l, file, n, "name"), "name", &f->name);
	if (get_enum_of(l, file, need(l, file, n, "type"), "type", &field_types[0].name,
	    sizeof(field_types[0]), FIELD_NTYPES, &e))
		f->type = (enum field_type)e;
	else
		f->id = NULL;
	get_bool(l, file, opt(n, "required"), "required", &f->required);
	get_bool(l, file, opt(n, "filter"), "filter", &f->filter);
	get_str(l, file, opt(n, "unit"), "unit", &f->unit);
	get_str(l, file, opt(n, "description"), "description", &f->description);
	c = opt(n, "choices");
	if (f->id != NULL && f->type == FIELD_CHOICE) {
		if (c == NULL) {
			diag_error(l->d, file, n->line, n->col,
			    "field '%s' of type 'choice' needs 'choices'", f->id);
			f->id = NULL;
		} else if (!choices_load(l, file, c, f) || f->nchoices == 0) {
			if (f->nchoices == 0 && c->kind == YNODE_SEQ)
				diag_error(l->d, file, c->line, c->col,
				    "'choices' must list at least one value");
			f->id = NULL;
		}
	} else if (c != NULL && f->id != NULL)
		diag_error(l->d, file, c->line, c->col,
		    "'choices' is only for a field of type 'choice', and '%s' is '%s'",
		    f->id, field_type_name(f->type));
	if (f->name == NULL)
		f->id = NULL;
}

void
fields_decl_load(struct loader *l, const char *file, const struct ynode *n, bool provider,
    const char *const *builtin, struct field_def **out, size_t *count)
{
	const char **ids;
	size_t *first, i, m = 0;
	struct field_def *v;

	if (!expect_seq(l, file, n, provider ? "provider_fields" : "review_fields"))
		return;
	v = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*v));
	ids = xcalloc(n->nitems + 1, sizeof(*ids));
	first = xmalloc((n->nitems + 1) * sizeof(*first));
	for (i = 0; i < n->nitems; i++) {
		field_decl_load(l, file, n->items[i], provider, builtin, &v[i]);
		ids[i] = v[i].id;
	}
	ids_first_dup(ids, n->nitems, first);
	for (i = 0; i < n->nitems; i++) {
		if (v[i].id == NULL)
			continue;
		if (first[i] != SIZE_MAX) {
			diag_error(l->d, file, v[i].pos.line, v[i].pos.col,
			    "duplicate field '%s' (first at line %u)", v[i].id,
			    v[first[i]].pos.line);
			continue;
		}
		v[m++] = v[i];
	}
	free(ids);
	free(first);
	*out = v;
	*count = m;
}

/* The columns ratings.csv has before the declared fields' own. */
static const char *const csv_columns[] = {"edition", "provider", "name", "tier", "medal",
    "score", "computed", "previous", "steps", "status", NULL};

void
fields_cross_check(struct loader *l, const char *file)
{
	const struct report *r = &l->p->report;
	const struct field_def *f;
	size_t i, k;

	for (i = 0; i < r->nprovider_fields + r->nreview_fields; i++) {
		f = i < r->nprovider_fields ? &r->provider_fields[i] :
		    &r->review_fields[i - r->nprovider_fields];
		if (is_builtin(f->id, csv_columns))
			diag_error(l->d, file, f->pos.line, f->pos.col,
			    "field '%s' clashes with the column '%s' of ratings.csv", f->id, f->id);
	}
	for (i = 0; i < r->nreview_fields; i++)
		for (k = 0; k < r->nprovider_fields; k++)
			if (strcmp(r->review_fields[i].id, r->provider_fields[k].id) == 0)
				diag_error(l->d, file, r->review_fields[i].pos.line,
				    r->review_fields[i].pos.col,
				    "field '%s' is a provider field too (line %u): ratings.csv "
				    "names a column by its field's id", r->review_fields[i].id,
				    r->provider_fields[k].pos.line);
}

const char **
fields_known_keys(struct loader *l, const char *const *builtin,
    const struct field_def *defs, size_t n)
{
	size_t nb = 0, i;
	const char **v;

	while (builtin[nb] != NULL)
		nb++;
	v = arena_array(l->a, nb + n + 1, sizeof(*v));
	for (i = 0; i < nb; i++)
		v[i] = builtin[i];
	for (i = 0; i < n; i++)
		v[nb + i] = defs[i].id;
	v[nb + n] = NULL;
	return v;
}

static void
bad_value(struct loader *l, const char *file, const struct ynode *n, const char *id,
    const char *expected)
{
	if (n->kind == YNODE_SCALAR)
		diag_error(l->d, file, n->line, n->col, "'%s' must be %s, not '%s'", id,
		    expected, shown(l, n));
	else
		diag_error(l->d, file, n->line, n->col, "'%s' must be %s, not %s", id,
		    expected, ynode_kind_name(n));
}

/* A plain decimal number: digits, one point, an exponent; no hex, inf or nan. */
static bool
number_parse(const struct ynode *n, double *out)
{
	char *end;
	size_t i;

	if (n->kind != YNODE_SCALAR || !n->plain || n->len == 0)
		return false;
	for (i = 0; i < n->len; i++)
		if (strchr("0123456789+-.eE", n->str[i]) == NULL)
			return false;
	if (!(n->str[0] == '-' || (n->str[0] >= '0' && n->str[0] <= '9')))
		return false;
	errno = 0;
	*out = strtod(n->str, &end);
	return errno == 0 && *end == '\0' && isfinite(*out);
}

static bool
integer_parse(const struct ynode *n, long *out)
{
	char *end;
	size_t i;

	if (n->kind != YNODE_SCALAR || !n->plain || n->len == 0)
		return false;
	for (i = n->str[0] == '-'; i < n->len; i++)
		if (n->str[i] < '0' || n->str[i] > '9')
			return false;
	if (n->len == (size_t)(n->str[0] == '-'))
		return false;
	errno = 0;
	*out = strtol(n->str, &end, 10);
	return errno == 0 && *end == '\0';
}

/* One value of field f at node n; false after reporting. */
static bool
field_value_load(struct loader *l, const char *file, const struct ynode *n,
    const struct field_def *f, struct field_value *v)
{
	int e;

	v->pos = node_pos(l, file, n);
	switch (f->type) {
	case FIELD_STRING:
		return get_str(l, file, n, f->id, &v->text);
	case FIELD_TEXT:
		if (!get_str(l, file, n, f->id, &v->text))
			return false;
		v->at = text_origin_of(l, n);
		return true;
	case FIELD_INTEGER:
		if (!integer_parse(n, &v->integer)) {
			bad_value(l, file, n, f->id, "a whole number");
			return false;
		}
		break;
	case FIELD_NUMBER:
		if (!number_parse(n, &v->number)) {
			bad_value(l, file, n, f->id, "a number");
			return false;
		}
		break;
	case FIELD_BOOLEAN:
		if (!get_bool(l, file, n, f->id, &v->boolean))
			return false;
		v->text = v->boolean ? "true" : "false";
		return true;
	case FIELD_DATE:
		if (!get_date(l, file, n, f->id, &v->date))
			return false;
		break;
	case FIELD_URL:
		return get_url(l, file, n, f->id, &v->text);
	case FIELD_CHOICE:
		if (!get_enum(l, file, n, f->id, f->choices, &e))
			return false;
		v->text = f->choices[e];
		return true;
	case FIELD_COUNTRY:
		if (n->kind != YNODE_SCALAR || !country_code_valid(n->str, n->len)) {
			bad_value(l, file, n, f->id, "an ISO 3166 alpha-2 code like 'US'");
			return false;
		}
		break;
	case FIELD_LIST:
		return get_strv(l, file, n, f->id, false, &v->items, &v->nitems);
	}
	v->text = arena_strndup(l->a, n->str, n->len);
	return true;
}

void
field_values_load(struct loader *l, const char *file, const struct ynode *root,
    const struct field_def *defs, size_t n, struct field_value **out)
{
	struct field_value *v;
	const struct ynode *x;
	size_t i;

	*out = NULL;
	if (n == 0)
		return;
	v = arena_array(l->a, n, sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].date = DATE_NONE;
		x = defs[i].required ? need(l, file, root, defs[i].id) : opt(root, defs[i].id);
		if (x != NULL && field_value_load(l, file, x, &defs[i], &v[i]))
			v[i].set = true;
	}
	*out = v;
}

void
practices_decl_load(struct loader *l, const char *file, const struct ynode *sec)
{
	struct report *r = &l->p->report;
	const struct ynode *n;
	const char **ids;
	size_t *first, i, m = 0;

	if (!expect_map(l, file, sec, "security"))
		return;
	check_keys(l, file, sec, security_decl_keys);
	if ((n = opt(sec, "practices")) == NULL || !expect_seq(l, file, n, "practices"))
		return;
	r->practices = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*r->practices));
	ids = xcalloc(n->nitems + 1, sizeof(*ids));
	first = xmalloc((n->nitems + 1) * sizeof(*first));
	for (i = 0; i < n->nitems; i++) {
		struct practice_def *p = &r->practices[i];
		const struct ynode *it = n->items[i];

		p->pos = node_pos(l, file, it);
		if (!expect_map(l, file, it, "practices"))
			continue;
		check_keys(l, file, it, practice_keys);
		get_id(l, file, need(l, file, it, "id"), "id", &p->id);
		get_str(l, file, need(l, file, it, "name"), "name", &p->name);
		get_str(l, file, opt(it, "description"), "description", &p->description);
		if (p->name == NULL)
			p->id = NULL;
		ids[i] = p->id;
	}
	ids_first_dup(ids, n->nitems, first);
	for (i = 0; i < n->nitems; i++) {
		struct practice_def *p = &r->practices[i];

		if (p->id == NULL)
			continue;
		if (first[i] != SIZE_MAX) {
			diag_error(l->d, file, p->pos.line, p->pos.col,
			    "duplicate practice '%s' (first at line %u)", p->id,
			    r->practices[first[i]].pos.line);
			continue;
		}
		r->practices[m++] = *p;
	}
	r->npractices = m;
	free(ids);
	free(first);
}

void
practice_values_load(struct loader *l, const char *file, const struct ynode *map,
    enum tri **out)
{
	const struct report *r = &l->p->report;
	const char **ids = xcalloc(r->npractices + 1, sizeof(*ids));
	enum tri *v;
	size_t i, k;
	bool b;

	v = arena_array(l->a, r->npractices ? r->npractices : 1, sizeof(*v));
	for (k = 0; k < r->npractices; k++) {
		v[k] = TRI_UNSET;
		ids[k] = r->practices[k].id;
	}
	for (i = 0; i < map->npairs; i++) {
		const struct ynode *key = map->pairs[i].key;
		const char *guess;

		if (map->pairs[i].duplicate)
			continue;
		for (k = 0; k < r->npractices; k++)
			if (strcmp(ids[k], key->str) == 0)
				break;
		if (k < r->npractices) {
			if (get_bool(l, file, map->pairs[i].value, ids[k], &b))
				v[k] = b ? TRI_TRUE : TRI_FALSE;
			continue;
		}
		if (r->npractices == 0)
			diag_error(l->d, file, key->line, key->col,
			    "unknown practice '%s' (report.yaml declares no security practices)",
			    shown(l, key));
		else if ((guess = closest_id(key->str, ids, r->npractices)) != NULL)
			diag_error(l->d, file, key->line, key->col,
			    "unknown practice '%s' (did you mean '%s'?)", shown(l, key), guess);
		else
			diag_error(l->d, file, key->line, key->col,
			    "unknown practice '%s' (report.yaml declares: %s)", shown(l, key),
			    practice_list(l));
	}
	free(ids);
	*out = v;
}

const char *
practice_list(struct loader *l)
{
	const struct report *r = &l->p->report;
	struct buf b = BUF_INIT;
	const char *s;
	size_t i;

	for (i = 0; i < r->npractices; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", r->practices[i].id);
	s = arena_strdup(l->a, r->npractices ? b.data : "none");
	buf_release(&b);
	return s;
}

/* "{n}, {edition}": the placeholders the English text of key takes (arena). */
static const char *
string_takes(struct loader *l, const char *key)
{
	const char *en = view_pack_text(view_pack_find("en"), key), *name;
	struct buf b = BUF_INIT;
	size_t at = 0, len, off;
	const char *s;

	while (en != NULL && view_placeholder_next(en, &at, &name, &len, &off))
		buf_printf(&b, "%s{%.*s}", b.len ? ", " : "", (int)len, name);
	s = b.len ? arena_strdup(l->a, b.data) : NULL;
	buf_release(&b);
	return s;
}

/*
 * A placeholder in an override that its key does not take (a misspelt
 * {cout}) is an error where it stands in the file: its line and column
 * in the value, mapped through where the scalar was written.
 */
static void
string_placeholders_check(struct loader *l, const char *file, const struct ynode *v,
    const char *key, const char *text)
{
	struct text_origin o;
	const char *name, *takes;
	size_t at = 0, len, off, i;
	unsigned line, col;

	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		if (view_key_takes(key, name, len))
			continue;
		line = 1;
		col = 1;
		for (i = 0; i < off; i++)
			if (text[i] == '\n') {
				line++;
				col = 1;
			} else if (((unsigned char)text[i] & 0xc0) != 0x80)
				col++;
		o = text_origin_of(l, v);
		text_origin_map(&o, text, strlen(text), 1, &line, &col);
		takes = string_takes(l, key);
		diag_error(l->d, file, line, col,
		    "string '%s' takes no placeholder '{%.*s}' (%s%s)", key, (int)len, name,
		    takes != NULL ? "it takes " : "it takes none", takes != NULL ? takes : "");
	}
}

/*
 * strings: single keys of the language pack replaced. A key that no pack
 * has is an error with a "did you mean"; so is a placeholder the key does
 * not take (report_format would print it as written).
 */
void
strings_load(struct loader *l, const char *file, const struct ynode *n)
{
	struct report *r = &l->p->report;
	const char **keys, *guess;
	size_t i, nk = 0;

	if (!expect_map(l, file, n, "strings"))
		return;
	while (ui_strings_default[nk].key != NULL)
		nk++;
	keys = xcalloc(nk + 1, sizeof(*keys));
	for (i = 0; i < nk; i++)
		keys[i] = ui_strings_default[i].key;
	r->strings = arena_array(l->a, n->npairs ? n->npairs : 1, sizeof(*r->strings));
	for (i = 0; i < n->npairs; i++) {
		const struct ypair *kv = &n->pairs[i];
		const char *text;
		size_t k;

		if (kv->duplicate)
			continue;
		for (k = 0; k < nk; k++)
			if (strcmp(keys[k], kv->key->str) == 0)
				break;
		if (k == nk) {
			if ((guess = closest_id(kv->key->str, keys, nk)) != NULL)
				diag_error(l->d, file, kv->key->line, kv->key->col,
				    "unknown string key '%s' (did you mean '%s'?)", shown(l, kv->key),
				    guess);
			else
				diag_error(l->d, file, kv->key->line, kv->key->col,
				    "unknown string key '%s'", shown(l, kv->key));
			continue;
		}
		if (!get_str(l, file, kv->value, keys[k], &text))
			continue;
		string_placeholders_check(l, file, kv->value, keys[k], text);
		r->strings[r->nstrings].key = keys[k];
		r->strings[r->nstrings++].text = text;
	}
	free(keys);
}
