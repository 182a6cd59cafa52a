/*
 * fb_pace: how long a client may take to send its request, given how
 * busy the node is.
 *
 * A client that sends slowly holds one of httpd's workers for as long as
 * it sends (the event MPM reads a request's header and its body on a
 * worker thread), so what a client may take is set by what is left for
 * everyone else.  A setting given as a span has its idle value when no
 * worker of the node is busy and its busy value when every one is (the
 * idea of mod_qos' QS_SrvMinDataRate): the pace it asks for rises in a
 * straight line with the busy workers.  A rate is that pace; a time is
 * its inverse, so it is already short when half the workers are busy
 * (10 s idle and 1 s busy give 1.8 s at half), where a straight line of
 * times would still wait 5.5 s and let slow clients fill the rest.  As
 * free workers run out, the slowest senders are the first whose time is
 * up, while an idle node waits for them as long as ever.  A client that
 * sends its header in one packet and its body at network speed is never
 * near any of these bounds.
 *
 * Plain arithmetic over times and counts; http/fb_pacing.c applies it to
 * a connection's reads.
 */
#ifndef FB_PACE_H
#define FB_PACE_H

#include <apr.h>
#include <apr_time.h>

/* A setting that follows the node's load. */
typedef struct {
    int idle;                   /* with no worker busy */
    int busy;                   /* with every worker busy */
} fb_pace_span_t;

/*
 * A rate with busy of max workers busy: idle at 0, busy at max and
 * beyond, in a straight line between.  With max unknown (0) the node
 * counts as idle.
 */
apr_int64_t fb_pace_rate(const fb_pace_span_t *rate, int busy, int max);

/* A time (of any unit, above 0) with busy of max workers busy: idle at
 * 0, busy at max and beyond, its inverse in a straight line between. */
apr_int64_t fb_pace_time(const fb_pace_span_t *time, int busy, int max);

/* What a request body keeps to. */
typedef struct {
    fb_pace_span_t grace_ms;    /* its first bytes may take this long */
    fb_pace_span_t rate;        /* bytes a second it must keep up after
                                 * the grace, counted from its start; 0:
                                 * none */
    int timeout_ms;             /* the whole body, at most */
} fb_pace_body_t;

/*
 * When a body begun at start, of which bytes have arrived, is late unless
 * more arrives: start + grace + bytes / rate at the present load, and
 * never after start + timeout.  A body that keeps up with the rate
 * pushes its deadline ahead as it goes.
 */
apr_time_t fb_pace_body_deadline(const fb_pace_body_t *rule,
                                 apr_time_t start, apr_off_t bytes,
                                 int busy, int max);

/* When a header begun at start is late unless complete: start plus the
 * span (milliseconds) at the present load. */
apr_time_t fb_pace_header_deadline(const fb_pace_span_t *timeout_ms,
                                   apr_time_t start, int busy, int max);

#endif
