/*
 * tv_json.h: a template value made from a jansson value, for the tests and
 * the Mustache fuzz target, which write their data as JSON. podium itself
 * never reads JSON, so this lives here and only the test programs link
 * jansson.
 */
#ifndef PODIUM_TESTS_TEMPLATE_VALUES_JSON_H
#define PODIUM_TESTS_TEMPLATE_VALUES_JSON_H

#include <jansson.h>

#include "template_values.h"

static inline struct tv *
tv_from_json(const json_t *j)
{
	struct tv *v;
	const char *k;
	json_t *e;
	size_t i;

	switch (json_typeof(j)) {
	case JSON_OBJECT:
		v = tv_object();
		json_object_foreach((json_t *)j, k, e)
			tv_set_copy(v, k, tv_from_json(e));
		return v;
	case JSON_ARRAY:
		v = tv_array();
		json_array_foreach(j, i, e)
			tv_append(v, tv_from_json(e));
		return v;
	case JSON_STRING:
		return tv_strn(json_string_value(j), json_string_length(j));
	case JSON_INTEGER:
		return tv_int((long long)json_integer_value(j));
	case JSON_REAL:
		return tv_real(json_real_value(j));
	case JSON_TRUE:
		return tv_bool(true);
	case JSON_FALSE:
		return tv_bool(false);
	default:
		return tv_null();
	}
}

#endif
