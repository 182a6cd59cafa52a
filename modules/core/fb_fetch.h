/*
 * fb_fetch: one outbound HTTP request, under the outbound rules.
 *
 * Everything the server fetches or delivers (images in content, webhook
 * deliveries) goes through fb_fetch(), which applies the rules of
 * decisions.md "Outbound HTTP" whatever the caller asks:
 *
 *   - https only (http too when the policy has FB_NETPOLICY_TESTING), for
 *     the request and for any redirect, and redirects are not followed:
 *     a 3xx is an answer like any other (FB_FETCH_HTTP_STATUS);
 *   - the proxy environment variables are ignored;
 *   - a URL is checked before anything is sent (fb_fetch_check_url) and
 *     parsed once, by libcurl's own parser, whose result is the one used
 *     to connect: no second parser can read the host differently;
 *   - every address libcurl is about to connect to, after resolving, is
 *     judged by the policy (fb_netpolicy) before a socket exists, so a
 *     name that resolves to a forbidden address, now or after the URL was
 *     stored (DNS rebinding), reaches nothing;
 *   - connect and total time-outs, TLS 1.2 or newer with the peer and its
 *     name verified, and a cap on the body, enforced while it is read.
 *
 * libcurl must be initialised once per process before the first request,
 * while no other thread runs: fb_fetch_global_init(), called from httpd's
 * post_config hook in the parent (the children inherit it), and by the
 * unit tests before theirs.
 *
 * fb_fetch() is thread-safe: each call has its own libcurl handle and
 * reads the options and the policy only.  It blocks for at most the total
 * time-out (plus name resolution when libcurl's resolver cannot be
 * interrupted, which Debian's threaded resolver can).
 */
#ifndef FB_FETCH_H
#define FB_FETCH_H

#include <apr_pools.h>
#include <apr_tables.h>
#include <apr_time.h>

#include "fb_netpolicy.h"

/* The longest URL accepted (the bound decisions.md sets for webhooks). */
#define FB_FETCH_URL_MAX 2048

/* Defaults where both the options and the request say 0. */
#define FB_FETCH_DEFAULT_TIMEOUT apr_time_from_sec(10)
#define FB_FETCH_DEFAULT_CONNECT_TIMEOUT apr_time_from_sec(5)
#define FB_FETCH_DEFAULT_MAX_SIZE (10 * 1024 * 1024)  /* api.md's file cap */

/* How a request ended. */
typedef enum {
    FB_FETCH_OK = 0,            /* a 2xx answer, its body read */
    FB_FETCH_INVALID,           /* refused before connecting: bad URL,
                                   scheme, header or method */
    FB_FETCH_FORBIDDEN_ADDRESS, /* the host is, or resolved only to,
                                   addresses the policy refuses */
    FB_FETCH_DNS,               /* the host name did not resolve */
    FB_FETCH_CONNECT,           /* no connection could be made */
    FB_FETCH_TIMEOUT,           /* the connect or total time-out passed */
    FB_FETCH_TLS,               /* handshake or certificate check failed */
    FB_FETCH_TOO_LARGE,         /* the body is over the request's cap */
    FB_FETCH_HTTP_STATUS,       /* an answer, but not 2xx (3xx included) */
    FB_FETCH_NETWORK,           /* the exchange broke off or was garbled */
    FB_FETCH_INTERNAL,          /* libcurl or the body sink failed */
    FB_FETCH_ABANDONED          /* the request's abandon() asked to stop */
} fb_fetch_error_e;

/* Server-wide settings, made once at configuration time. */
typedef struct {
    const fb_netpolicy_t *policy;       /* required */
    const char *ca_file;                /* PEM CA bundle, NULL: system's */
    apr_interval_time_t connect_timeout;    /* 0: the default */
    apr_interval_time_t timeout;        /* whole request, when the request
                                           sets none; 0: the default */
    apr_off_t max_size;                 /* body cap, when the request sets
                                           none; 0: the default */
    const char *user_agent;             /* NULL: "mod_feedback" */
} fb_fetch_options_t;

/*
 * Receives the body as it arrives, when a request has a sink: for bodies
 * that should not be held whole in memory.  Anything but APR_SUCCESS
 * aborts the transfer (FB_FETCH_INTERNAL).
 */
typedef apr_status_t (*fb_fetch_sink_fn)(void *baton, const char *data,
                                         apr_size_t len);

/* Flags of a request. */
#define FB_FETCH_TRUNCATE 1     /* a body over max_size is cut there and
                                   the request still succeeds (truncated
                                   is set): for logging answers */

typedef struct {
    const char *url;
    const char *method;         /* GET, HEAD, POST, PUT, PATCH or DELETE;
                                   NULL: GET, or POST when body is set */
    const char *body;           /* sent as is, or NULL */
    apr_size_t body_len;
    /* Extra headers (names are HTTP tokens, values without CR or LF), or
     * NULL.  Host, Content-Length, Transfer-Encoding and the hop-by-hop
     * headers are refused (FB_FETCH_INVALID).  With a body and no
     * Content-Type, it is application/json. */
    const apr_table_t *headers;
    apr_off_t max_size;         /* body cap in bytes; 0: the options' */
    apr_interval_time_t timeout;    /* 0: the options' (a webhook's
                                       timeoutMs goes here) */
    int flags;                  /* FB_FETCH_TRUNCATE or 0 */
    fb_fetch_sink_fn sink;      /* NULL: the body is kept in the result */
    void *sink_baton;
    /* Polled during the exchange, connecting included (several times a
     * second): non-zero ends it at once as FB_FETCH_ABANDONED (a
     * stopping server).  NULL: never. */
    int (*abandon)(void *baton);
    void *abandon_baton;
} fb_fetch_request_t;

typedef struct {
    fb_fetch_error_e error;
    int curl_code;              /* libcurl's CURLcode (0: none) */
    int status;                 /* HTTP status; 0 when none came */
    const char *body;           /* NUL-terminated (may hold NULs), in the
                                   pool; NULL with a sink */
    apr_size_t body_len;
    int truncated;              /* FB_FETCH_TRUNCATE cut the body */
    const char *content_type;   /* or NULL */
    apr_interval_time_t elapsed;
    const char *message;        /* what went wrong, for logs, or NULL */
} fb_fetch_result_t;

/*
 * Initialises libcurl for this process and checks that it can do what
 * fb_fetch() needs (7.85 or newer, with TLS).  Registers the matching
 * clean-up on pconf, so that a restart, which unloads and reloads the
 * module, starts again from a clean library.  Call it from post_config in
 * the parent, or before the first request in a program, while no other
 * thread runs.  On failure, *why says what is missing.
 */
apr_status_t fb_fetch_global_init(apr_pool_t *pconf, const char **why);

/*
 * Checks a URL that is about to be stored (a webhook's, a file's
 * source): at most FB_FETCH_URL_MAX characters, printable ASCII, a URL
 * that libcurl parses, scheme https (or http when the policy has
 * FB_NETPOLICY_TESTING), no user name or password, a port (when one is
 * written) from 1 to 65535, an ASCII host that is not a forbidden or
 * malformed address literal.  NULL when it may be
 * stored; else why not, to follow the field's name in a 400 message
 * ("must be an https URL").  Names are not resolved here: an address a
 * name leads to is judged when connecting.
 */
const char *fb_fetch_check_url(const fb_netpolicy_t *np, const char *url);

/*
 * Performs req under opt's rules and fills *res, whose strings live in p.
 * Returns res->error.  Its connection is closed at the end.
 */
fb_fetch_error_e fb_fetch(apr_pool_t *p, const fb_fetch_options_t *opt,
                          const fb_fetch_request_t *req,
                          fb_fetch_result_t *res);

/*
 * A libcurl handle that one thread keeps across requests, so that the
 * next request to the same scheme, host and port reuses the connection
 * and its TLS session (a webhook worker delivering to one receiver).
 * Every connection is still judged by the policy when it is opened;
 * libcurl only ever reuses one for the origin it was opened to, and only
 * for requests under the policy of the session's first request (one
 * under another policy gets a connection of its own, not kept).  It holds
 * at most a few idle connections, closed with it.
 */
typedef struct fb_fetch_session fb_fetch_session_t;

/* A session ended with p (its connections closed), or NULL when libcurl
 * cannot make a handle.  Not to be shared between threads. */
fb_fetch_session_t *fb_fetch_session_make(apr_pool_t *p);

/* fb_fetch() on the session's handle; s NULL: fb_fetch(). */
fb_fetch_error_e fb_fetch_in(fb_fetch_session_t *s, apr_pool_t *p,
                             const fb_fetch_options_t *opt,
                             const fb_fetch_request_t *req,
                             fb_fetch_result_t *res);

/* The name of an outcome, for logs and delivery records: "ok",
 * "invalid", "forbidden_address", "dns", "connect", "timeout", "tls",
 * "too_large", "http_status", "network", "internal", "abandoned". */
const char *fb_fetch_error_name(fb_fetch_error_e e);

#endif
