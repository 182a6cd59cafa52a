/*
 * fb_pacing: slow clients cannot hold the node's workers.
 *
 * httpd's event MPM reads a request's header, and a handler its body, on
 * a worker thread, so a client that sends slowly holds a worker until it
 * is done; enough of them hold every worker.  A connection input filter
 * (as mod_reqtimeout's is) times the blocking reads of two phases of
 * each request: its header, from the MPM's first read until it is
 * parsed (FeedbackHeaderTimeout), and its body, once the handler has
 * decided to read it (FeedbackBodyGrace, FeedbackBodyMinRate,
 * FeedbackBodyTimeout; FeedbackUpload* for multipart bodies).  What a
 * client may take follows the node's busy workers (fb_pace.h, counted by
 * fb_busy.h): an idle node waits as long as mod_reqtimeout would, a busy
 * one cuts the slowest senders first.
 *
 * A read never blocks past the phase's deadline: the filter reads
 * without blocking and waits for the socket itself, in slices short
 * enough to see the load change, so a header trickled a byte at a time
 * within one line is cut too.  A cut returns APR_TIMEUP, as a socket
 * time-out does: a cut header answers httpd's 408 (in the envelope under
 * /v2, fb_errordoc.h), a cut body the handler's (fb_body.h).  Either is
 * logged once (FB00541, FB00540, at info) and counted for server-status,
 * and the connection closes with a short linger.
 */
#ifndef FB_PACING_H
#define FB_PACING_H

#include "httpd.h"

/* The filter and the hooks that start and end the header phase. */
void fb_pacing_register_hooks(apr_pool_t *p);

typedef enum {
    FB_PACING_BODY,             /* a JSON body, or one read to discard it */
    FB_PACING_UPLOAD            /* a multipart/form-data body */
} fb_pacing_kind_e;

/*
 * Starts timing r's body under the rules of kind, from now: call it just
 * before the body's first read.  who names the client in the log line
 * of a cut (the organization's id; NULL: none).
 */
void fb_pacing_body(request_rec *r, fb_pacing_kind_e kind, const char *who);

/* Non-zero when a read of r's body failed because it ran out of time: cut
 * here, or by a socket time-out (Timeout, mod_reqtimeout). */
int fb_pacing_timed_out(const request_rec *r);

#endif
