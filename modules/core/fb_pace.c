/*
 * fb_pace: the load-dependent bounds on a client's sending (fb_pace.h).
 */
#include "fb_pace.h"

apr_int64_t fb_pace_rate(const fb_pace_span_t *rate, int busy, int max)
{
    if (max <= 0 || busy <= 0) {
        return rate->idle;
    }
    if (busy >= max) {
        return rate->busy;
    }
    return rate->idle
           + ((apr_int64_t)rate->busy - rate->idle) * busy / max;
}

apr_int64_t fb_pace_time(const fb_pace_span_t *time, int busy, int max)
{
    apr_int64_t under;

    if (max <= 0 || busy <= 0) {
        return time->idle;
    }
    if (busy >= max) {
        return time->busy;
    }
    /* 1 / t = 1 / idle + busy / max * (1 / busy_t - 1 / idle), in whole
     * numbers: times are at most a day in ms, workers a few thousand. */
    under = (apr_int64_t)time->busy * max
            + (apr_int64_t)busy * (time->idle - time->busy);
    return under > 0 ? (apr_int64_t)time->idle * time->busy * max / under
                     : time->idle;
}

apr_time_t fb_pace_body_deadline(const fb_pace_body_t *rule,
                                 apr_time_t start, apr_off_t bytes,
                                 int busy, int max)
{
    apr_time_t last = start + apr_time_from_msec(rule->timeout_ms);
    apr_int64_t rate = fb_pace_rate(&rule->rate, busy, max);
    apr_time_t due;

    if (rate <= 0) {
        return last;
    }
    /* bytes / rate seconds, in microseconds; a body is at most a few
     * GiB, so the product stays far inside 64 bits. */
    due = start
          + apr_time_from_msec(fb_pace_time(&rule->grace_ms, busy, max))
          + (apr_time_t)(bytes * APR_USEC_PER_SEC / rate);
    return due < last ? due : last;
}

apr_time_t fb_pace_header_deadline(const fb_pace_span_t *timeout_ms,
                                   apr_time_t start, int busy, int max)
{
    return start + apr_time_from_msec(fb_pace_time(timeout_ms, busy, max));
}
