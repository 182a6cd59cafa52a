/*
 * fb_time: timestamps as clients send them.
 *
 * Accepted: ISO 8601 date-times with seconds optional, a fraction of up
 * to six digits optional, and an offset or Z required
 * ("2026-01-01T12:00:00.000Z", "2026-01-01T14:00+02:00"), and plain dates
 * ("2026-01-01", that day at 00:00 UTC).  Years 1970 to 9999.
 */
#ifndef FB_TIME_H
#define FB_TIME_H

#include <apr_pools.h>
#include <apr_time.h>

/* Parses s into *out (microseconds since the epoch, UTC). */
apr_status_t fb_time_parse(const char *s, apr_time_t *out);

/* t as "YYYY-MM-DDTHH:MM:SS.ffffffZ" in p, which PostgreSQL reads back
 * exactly. */
const char *fb_time_format(apr_pool_t *p, apr_time_t t);

#endif
