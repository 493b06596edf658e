/*
 * pdate.h: a calendar date, as the content's scalars, the model and every
 * stage after it hold one (parsed and written by parse.h).
 */
#ifndef PODIUM_PDATE_H
#define PODIUM_PDATE_H

#include <stdint.h>

/* A calendar date as days since 1970-01-01 (UTC). */
typedef int32_t pdate;
#define DATE_NONE INT32_MIN

#endif
