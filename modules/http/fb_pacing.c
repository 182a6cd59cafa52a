/*
 * fb_pacing: timing each request's header and body (fb_pacing.h).
 */
#include "httpd.h"
#include <string.h>

#include "apr_poll.h"
#include "apr_strings.h"
#include "http_config.h"
#include "http_connection.h"
#include "http_core.h"
#include "http_log.h"
#include "http_protocol.h"
#include "http_request.h"
#include "util_filter.h"

#include "fb_busy.h"
#include "fb_config.h"
#include "fb_log.h"
#include "fb_pace.h"
#include "fb_pacing.h"
#include "fb_stats.h"

extern module AP_MODULE_DECLARE_DATA feedback_module;

#define FB_PACING_FILTER "FEEDBACK_PACING"

/* The longest one wait for the socket lasts: a deadline the load brings
 * forward is seen within it, and so are mod_reqtimeout's own bounds,
 * which it checks on each read. */
#define FB_PACING_SLICE apr_time_from_msec(100)

typedef enum {
    FB_PHASE_NONE,              /* not timed here: between requests, and
                                 * from the header's end until the
                                 * handler reads the body */
    FB_PHASE_HEADER,
    FB_PHASE_BODY,
    FB_PHASE_CUT                /* cut: every blocking read fails */
} fb_phase_e;

/* What each kind of body keeps to: its directives' fields, and their
 * names for the log line of a cut. */
static const struct {
    apr_size_t rate, timeout;
    const char *rate_name, *timeout_name;
} fb_pacing_kinds[] = {
    [FB_PACING_BODY] = {
        APR_OFFSETOF(fb_server_conf_t, body_rate),
        APR_OFFSETOF(fb_server_conf_t, body_timeout_ms),
        "FeedbackBodyMinRate", "FeedbackBodyTimeout"},
    [FB_PACING_UPLOAD] = {
        APR_OFFSETOF(fb_server_conf_t, upload_rate),
        APR_OFFSETOF(fb_server_conf_t, upload_timeout_ms),
        "FeedbackUploadMinRate", "FeedbackUploadTimeout"},
};

/* One connection's timing: the filter's context and the module's
 * conn_config. */
typedef struct {
    fb_phase_e phase;
    apr_time_t start;           /* of the phase; 0: at the header's first
                                 * byte (a kept-alive connection) */
    fb_pace_span_t header;      /* the header's time */
    fb_pace_body_t body;        /* the body's rule */
    fb_pacing_kind_e kind;
    apr_off_t bytes;            /* of the body so far */
    request_rec *r;             /* whose body is timed */
    const char *who;
    int timed_out;              /* a read of the body ran out of time */
    apr_socket_t *socket;
    apr_bucket_brigade *peek;   /* for the first byte of a request */
} fb_pacing_t;

static ap_filter_rec_t *fb_pacing_handle;

static fb_pacing_t *fb_pacing_of(conn_rec *c)
{
    return ap_get_module_config(c->conn_config, &feedback_module);
}

/* Ends the phase: logged once, counted, and the connection closes. */
static apr_status_t fb_pacing_cut(ap_filter_t *f, fb_pacing_t *pc,
                                  apr_time_t now, int busy, int max)
{
    conn_rec *c = f->c;
    double took = (double)(now - pc->start) / APR_USEC_PER_SEC;

    if (pc->phase == FB_PHASE_HEADER) {
        ap_log_cerror(APLOG_MARK, APLOG_INFO, 0, c, FBLOGNO(00541)
                      "a request header was cut: not complete after "
                      "%.1f s, with %d of %d workers busy "
                      "(FeedbackHeaderTimeout)", took, busy, max);
        FB_STATS_INC(cut_headers);
    }
    else {
        const char *why =
            now >= pc->start + apr_time_from_msec(pc->body.timeout_ms)
            ? apr_psprintf(c->pool, "over the %d s it may take (%s)",
                           pc->body.timeout_ms / 1000,
                           fb_pacing_kinds[pc->kind].timeout_name)
            : apr_psprintf(c->pool, "slower than the %" APR_INT64_T_FMT
                           " bytes a second required now (%s)",
                           fb_pace_rate(&pc->body.rate, busy, max),
                           fb_pacing_kinds[pc->kind].rate_name);

        ap_log_rerror(APLOG_MARK, APLOG_INFO, 0, pc->r, FBLOGNO(00540)
                      "a request body was cut: %s %s of organization %s, "
                      "%" APR_OFF_T_FMT " bytes in %.1f s, %s, with %d of "
                      "%d workers busy", pc->r->method, pc->r->uri,
                      pc->who != NULL && *pc->who ? pc->who : "(none)",
                      pc->bytes, took, why, busy, max);
        FB_STATS_INC(cut_bodies);
    }
    pc->phase = FB_PHASE_CUT;
    pc->timed_out = 1;
    /* As mod_reqtimeout does: the connection carries no further request
     * (httpd would read the rest of a body to discard it) and lingers
     * 2 s at most, not 30. */
    c->keepalive = AP_CONN_CLOSE;
    apr_table_setn(c->notes, "short-lingering-close", "1");
    return APR_TIMEUP;
}

/*
 * Waits for the socket to have something to read, at most until the
 * phase's deadline at the present load (then the client is cut) and
 * until quiet_until, the socket's own time-out counted from the read's
 * start (then APR_TIMEUP, as the blocking read would have given).
 */
static apr_status_t fb_pacing_wait(ap_filter_t *f, fb_pacing_t *pc,
                                   apr_time_t quiet_until)
{
    apr_time_t now = apr_time_now(), deadline, until;
    apr_pollfd_t pfd;
    apr_int32_t n;
    apr_status_t rv;
    int busy, max;

    fb_busy_workers(&busy, &max);
    deadline = pc->phase == FB_PHASE_HEADER
               ? fb_pace_header_deadline(&pc->header, pc->start, busy, max)
               : fb_pace_body_deadline(&pc->body, pc->start, pc->bytes,
                                       busy, max);
    if (now >= deadline) {
        return fb_pacing_cut(f, pc, now, busy, max);
    }
    if (now >= quiet_until) {
        pc->timed_out = 1;
        return APR_TIMEUP;
    }
    until = deadline < quiet_until ? deadline : quiet_until;
    memset(&pfd, 0, sizeof(pfd));
    pfd.p = f->c->pool;
    pfd.desc_type = APR_POLL_SOCKET;
    pfd.reqevents = APR_POLLIN;
    pfd.desc.s = pc->socket;
    rv = apr_poll(&pfd, 1, &n, until - now < FB_PACING_SLICE
                               ? until - now : FB_PACING_SLICE);
    return rv == APR_SUCCESS || APR_STATUS_IS_TIMEUP(rv)
           || APR_STATUS_IS_EINTR(rv) ? APR_SUCCESS : rv;
}

/*
 * A kept-alive connection's next request is timed from its first byte:
 * the wait for it is the keep-alive's, which the MPM set as the socket's
 * time-out (the event MPM hands the connection to a worker only once it
 * is readable, and this returns at once).
 */
static apr_status_t fb_pacing_first_byte(ap_filter_t *f, fb_pacing_t *pc)
{
    apr_status_t rv;

    if (pc->peek == NULL) {
        pc->peek = apr_brigade_create(f->c->pool, f->c->bucket_alloc);
    }
    rv = ap_get_brigade(f->next, pc->peek, AP_MODE_SPECULATIVE,
                        APR_BLOCK_READ, 1);
    apr_brigade_cleanup(pc->peek);
    if (rv == APR_SUCCESS) {
        pc->start = apr_time_now();
    }
    return rv;
}

static apr_status_t fb_pacing_filter(ap_filter_t *f, apr_bucket_brigade *bb,
                                     ap_input_mode_t mode,
                                     apr_read_type_e block,
                                     apr_off_t readbytes)
{
    fb_pacing_t *pc = f->ctx;
    apr_interval_time_t quiet;
    apr_time_t quiet_until;
    apr_status_t rv;

    /* Only a blocking read holds the worker: the TLS handshake (INIT),
     * the MPM's look for a next request (EATCRLF, non-blocking) and
     * reads outside the phases pass as they are. */
    if (pc->phase == FB_PHASE_NONE || block != APR_BLOCK_READ
        || mode == AP_MODE_INIT || mode == AP_MODE_EATCRLF
        || (pc->socket == NULL
            && (pc->socket = ap_get_conn_socket(f->c)) == NULL)) {
        return ap_get_brigade(f->next, bb, mode, block, readbytes);
    }
    if (pc->phase == FB_PHASE_CUT) {
        return APR_TIMEUP;
    }
    if (pc->start == 0 && (rv = fb_pacing_first_byte(f, pc)) != APR_SUCCESS) {
        return rv;
    }
    quiet_until = apr_socket_timeout_get(pc->socket, &quiet) == APR_SUCCESS
                  && quiet >= 0 ? apr_time_now() + quiet : APR_INT64_MAX;
    /* Reads that do not block, and waits of its own between them: a line
     * trickled a byte at a time is one blocking read, which would let a
     * client run past any deadline checked between reads. */
    for (;;) {
        rv = ap_get_brigade(f->next, bb, mode, APR_NONBLOCK_READ, readbytes);
        if (rv == APR_SUCCESS && !APR_BRIGADE_EMPTY(bb)) {
            apr_off_t len;

            if (pc->phase == FB_PHASE_BODY && mode != AP_MODE_SPECULATIVE
                && apr_brigade_length(bb, 1, &len) == APR_SUCCESS) {
                pc->bytes += len;
            }
            return APR_SUCCESS;
        }
        if (rv != APR_SUCCESS && !APR_STATUS_IS_EAGAIN(rv)) {
            /* mod_reqtimeout's own bound counts as time run out too. */
            pc->timed_out |= APR_STATUS_IS_TIMEUP(rv);
            return rv;
        }
        if ((rv = fb_pacing_wait(f, pc, quiet_until)) != APR_SUCCESS) {
            return rv;
        }
    }
}

static int fb_pacing_pre_connection(conn_rec *c, void *csd)
{
    fb_pacing_t *pc;

    (void)csd;
    /* An HTTP/2 stream has no socket of its own, and a proxy's
     * connection to its backend no client. */
    if (c->master != NULL || c->outgoing) {
        return OK;
    }
    pc = apr_pcalloc(c->pool, sizeof(*pc));
    ap_set_module_config(c->conn_config, &feedback_module, pc);
    ap_add_input_filter_handle(fb_pacing_handle, pc, NULL, c);
    return OK;
}

static void fb_pacing_before_header(request_rec *r, conn_rec *c)
{
    fb_pacing_t *pc = fb_pacing_of(c);

    (void)r;
    if (pc == NULL) {
        return;
    }
    pc->phase = FB_PHASE_HEADER;
    /* A connection's first request is timed from the MPM's first read,
     * a kept-alive one's from its first byte. */
    pc->start = c->keepalives > 0 ? 0 : apr_time_now();
    pc->header = fb_config_get(c->base_server)->header_timeout_ms;
    pc->r = NULL;
    pc->timed_out = 0;
}

static int fb_pacing_after_header(request_rec *r)
{
    fb_pacing_t *pc = fb_pacing_of(r->connection);

    /* Internal redirects run this hook too: only a header ends here. */
    if (pc != NULL && pc->phase == FB_PHASE_HEADER) {
        pc->phase = FB_PHASE_NONE;
    }
    return DECLINED;
}

/* The request is over: its body is timed no more (and it names no
 * request of a pool that is gone). */
static apr_status_t fb_pacing_body_end(void *data)
{
    fb_pacing_t *pc = data;

    if (pc->phase == FB_PHASE_BODY) {
        pc->phase = FB_PHASE_NONE;
    }
    pc->r = NULL;
    pc->who = NULL;
    return APR_SUCCESS;
}

void fb_pacing_body(request_rec *r, fb_pacing_kind_e kind, const char *who)
{
    fb_pacing_t *pc = fb_pacing_of(r->connection);
    const fb_server_conf_t *conf = fb_config_get(r->server);
    const char *base = (const char *)conf;

    if (pc == NULL || pc->phase == FB_PHASE_CUT) {
        return;
    }
    if (pc->r != r) {
        apr_pool_cleanup_register(r->pool, pc, fb_pacing_body_end,
                                  apr_pool_cleanup_null);
    }
    pc->phase = FB_PHASE_BODY;
    pc->kind = kind;
    pc->start = apr_time_now();
    pc->bytes = 0;
    pc->r = r;
    pc->who = who;
    pc->timed_out = 0;
    pc->body.grace_ms = conf->body_grace_ms;
    pc->body.rate =
        *(const fb_pace_span_t *)(base + fb_pacing_kinds[kind].rate);
    pc->body.timeout_ms =
        *(const int *)(base + fb_pacing_kinds[kind].timeout);
}

int fb_pacing_timed_out(const request_rec *r)
{
    const fb_pacing_t *pc = fb_pacing_of(r->connection);

    return pc != NULL && pc->r == r && pc->timed_out;
}

void fb_pacing_register_hooks(apr_pool_t *p)
{
    (void)p;
    /* Above mod_ssl (CONNECTION + 5), so that it reads lines in clear,
     * and above mod_reqtimeout (+ 8), which checks its own bounds on
     * each of this filter's reads. */
    fb_pacing_handle = ap_register_input_filter(
        FB_PACING_FILTER, fb_pacing_filter, NULL, AP_FTYPE_CONNECTION + 3);
    ap_hook_pre_connection(fb_pacing_pre_connection, NULL, NULL,
                           APR_HOOK_MIDDLE);
    ap_hook_pre_read_request(fb_pacing_before_header, NULL, NULL,
                             APR_HOOK_MIDDLE);
    ap_hook_post_read_request(fb_pacing_after_header, NULL, NULL,
                              APR_HOOK_MIDDLE);
}
