/*
 * markdown_chartweak.c: a stand-in for chart_table(), weak so that the
 * chart module (gen/chart*.c) takes its place when it is linked. Without
 * it a {{chart}} block shows its picture and title but no data table.
 */
#include <stddef.h>

#include "chart.h"
#include "table.h"

__attribute__((weak)) struct table *
chart_table(const struct chart *ch, const struct computed *c)
{
	(void)ch;
	(void)c;
	return NULL;
}
