/*
 * fb_time: a strict ISO 8601 reader and an exact writer.
 */
#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_time.h"

/* Reads exactly n digits at *s into *out and advances *s. */
static int fb_digits(const char **s, int n, int *out)
{
    int i;

    *out = 0;
    for (i = 0; i < n; i++) {
        if (!apr_isdigit((*s)[i])) {
            return 0;
        }
        *out = *out * 10 + ((*s)[i] - '0');
    }
    *s += n;
    return 1;
}

/* Days from 1970-01-01 to year-month-day (proleptic Gregorian). */
static apr_int64_t fb_days(int y, int m, int d)
{
    /* The classic civil-from-days inverse, with March as the first month. */
    apr_int64_t era, yoe, doy, doe;

    y -= m <= 2;
    era = y / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int fb_days_in_month(int y, int m)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
                               31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

    return m == 2 && leap ? 29 : days[m - 1];
}

apr_status_t fb_time_parse(const char *s, apr_time_t *out)
{
    int y, mo, d, h = 0, mi = 0, sec = 0, oh = 0, om = 0, sign = 1;
    apr_int64_t micros = 0, seconds;
    int scale = 100000;

    if (s == NULL || !fb_digits(&s, 4, &y) || *s++ != '-'
        || !fb_digits(&s, 2, &mo) || *s++ != '-' || !fb_digits(&s, 2, &d)
        || y < 1970 || mo < 1 || mo > 12 || d < 1
        || d > fb_days_in_month(y, mo)) {
        return APR_EINVAL;
    }
    if (*s != '\0') {
        if (*s++ != 'T' || !fb_digits(&s, 2, &h) || *s++ != ':'
            || !fb_digits(&s, 2, &mi) || h > 23 || mi > 59) {
            return APR_EINVAL;
        }
        if (*s == ':' && (s++, !fb_digits(&s, 2, &sec) || sec > 59)) {
            return APR_EINVAL;
        }
        if (*s == '.') {
            s++;
            if (!apr_isdigit(*s)) {
                return APR_EINVAL;
            }
            for (; apr_isdigit(*s); s++) {
                if (scale == 0) {
                    return APR_EINVAL;      /* more than six digits */
                }
                micros += (*s - '0') * scale;
                scale /= 10;
            }
        }
        if (*s == 'Z') {
            s++;
        }
        else if (*s == '+' || *s == '-') {
            sign = *s++ == '-' ? -1 : 1;
            if (!fb_digits(&s, 2, &oh) || *s++ != ':'
                || !fb_digits(&s, 2, &om) || oh > 23 || om > 59) {
                return APR_EINVAL;
            }
        }
        else {
            return APR_EINVAL;
        }
        if (*s != '\0') {
            return APR_EINVAL;
        }
    }
    seconds = fb_days(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec
              - sign * (oh * 3600 + om * 60);
    if (seconds < 0) {
        return APR_EINVAL;
    }
    *out = seconds * APR_USEC_PER_SEC + micros;
    return APR_SUCCESS;
}

const char *fb_time_format(apr_pool_t *p, apr_time_t t)
{
    apr_time_exp_t tm;

    apr_time_exp_gmt(&tm, t);
    return apr_psprintf(p, "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ",
                        tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                        tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_usec);
}
