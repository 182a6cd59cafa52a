/*
 * fb_fetch: the libcurl request and the checks around it.
 *
 * Why CURLOPT_OPENSOCKETFUNCTION checks the address: of libcurl's hooks,
 * it is the only one that sees the address libcurl chose (after resolving,
 * for each address it tries, IPv4 and IPv6 alike) and runs before a
 * socket exists.  CURLOPT_SOCKOPTFUNCTION runs after socket() but is not
 * told the address; CURLOPT_PREREQFUNCTION (7.80) is told it, but only
 * once the connection is made and TLS is done, so a forbidden host would
 * already have seen a connection.  Refusing in the open-socket callback
 * (returning CURL_SOCKET_BAD) makes libcurl skip that address; when every
 * address was refused it fails with CURLE_COULDNT_CONNECT, which the
 * refusal count (with no socket opened) turns into
 * FB_FETCH_FORBIDDEN_ADDRESS.  The check runs on
 * the address actually connected to, whatever the name resolved to when
 * the URL was stored, which is what defeats DNS rebinding.  fb_fetch()
 * has its own easy handle and forbids reuse, so its connection serves no
 * other request.  A session (fb_fetch_in) keeps its handle: libcurl then
 * reuses a connection only for the scheme, host, port and TLS settings it
 * was opened (and judged) for, which is the same verdict again.  All of
 * this works on Debian 12's libcurl 7.88; CURLOPT_PROTOCOLS_STR needs
 * 7.85.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <apr_strings.h>
#include <curl/curl.h>

#include "fb_fetch.h"

#if LIBCURL_VERSION_NUM < 0x075500
#error "mod_feedback needs libcurl 7.85 or newer (CURLOPT_PROTOCOLS_STR)"
#endif

#define FB_FETCH_MIN_CURL 0x075500
#define FB_FETCH_HOST_MAX 253

/* What the callbacks of one request share. */
typedef struct {
    apr_pool_t *p;
    const fb_netpolicy_t *policy;
    apr_off_t max;              /* body cap */
    apr_off_t received;
    int truncate;               /* FB_FETCH_TRUNCATE was asked */
    int truncated;
    int too_large;
    int sink_failed;
    fb_fetch_sink_fn sink;
    void *sink_baton;
    char *buf;                  /* the body so far (malloc), without sink */
    apr_size_t len, cap;
    int refused;                /* addresses the policy refused */
    int opened;                 /* sockets opened (addresses allowed) */
    const char *refusal;        /* the last refusal, for the message */
    int (*abandon)(void *baton);
    void *abandon_baton;
    int abandoned;
} fb_fetch_ctx_t;

static apr_status_t fb_fetch_global_cleanup(void *data)
{
    (void)data;
    curl_global_cleanup();
    return APR_SUCCESS;
}

apr_status_t fb_fetch_global_init(apr_pool_t *pconf, const char **why)
{
    const curl_version_info_data *v;
    const char *const *proto;
    int https = 0;

    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        *why = "libcurl could not be initialised";
        return APR_EGENERAL;
    }
    apr_pool_cleanup_register(pconf, NULL, fb_fetch_global_cleanup,
                              apr_pool_cleanup_null);
    /* The library loaded may be older than the headers built against. */
    v = curl_version_info(CURLVERSION_NOW);
    for (proto = v->protocols; proto != NULL && *proto != NULL; proto++) {
        https |= strcmp(*proto, "https") == 0;
    }
    if (v->version_num < FB_FETCH_MIN_CURL) {
        *why = apr_psprintf(pconf, "libcurl %s is too old: outbound HTTP "
                            "needs 7.85.0 or newer", v->version);
        return APR_EGENERAL;
    }
    if (!(v->features & CURL_VERSION_SSL) || !https) {
        *why = apr_psprintf(pconf, "libcurl %s was built without https",
                            v->version);
        return APR_EGENERAL;
    }
    return APR_SUCCESS;
}

const char *fb_fetch_error_name(fb_fetch_error_e e)
{
    static const char *const names[] = {
        "ok", "invalid", "forbidden_address", "dns", "connect", "timeout",
        "tls", "too_large", "http_status", "network", "internal",
        "abandoned"
    };

    return (unsigned)e < sizeof(names) / sizeof(names[0]) ? names[e]
                                                          : "internal";
}

/* Non-zero when c may appear in a host name (underscores occur in DNS). */
static int fb_fetch_host_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
           || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

/* Checks the host libcurl read (percent-decoding done); sets *kind. */
static const char *fb_fetch_check_host(const fb_netpolicy_t *np,
                                       const char *host,
                                       fb_fetch_error_e *kind)
{
    fb_netaddr_t a;
    const char *c;

    switch (fb_netaddr_parse_host(host, &a)) {
    case FB_HOST_ADDRESS:
        if (!fb_netpolicy_allows(np, &a, NULL)) {
            *kind = FB_FETCH_FORBIDDEN_ADDRESS;
            return "must not point to a private, loopback or reserved "
                   "address";
        }
        return NULL;
    case FB_HOST_INVALID:
        return "must have a valid host name or address";
    case FB_HOST_NAME:
        break;
    }
    /*
     * Only ASCII names: libcurl would turn an international name into
     * its xn-- form, and some mappings (full-width digits) make a
     * numeric address out of what looked like a name here.
     */
    for (c = host; *c != '\0'; c++) {
        if ((unsigned char)*c >= 0x80) {
            return "must have an ASCII host name (write international "
                   "names in their xn-- form)";
        }
        if (!fb_fetch_host_char((unsigned char)*c)) {
            return "must have a valid host name or address";
        }
    }
    if (c - host > FB_FETCH_HOST_MAX) {
        return "must have a host name of at most 253 characters";
    }
    return NULL;
}

static const char *const fb_fetch_bad_port =
    "must have a port from 1 to 65535";

/*
 * Checks url and parses it with libcurl.  On success (NULL) *out holds
 * the parse, which the caller frees with curl_url_cleanup(); else the
 * reason is returned, *out is NULL and *kind says FB_FETCH_INVALID or
 * FB_FETCH_FORBIDDEN_ADDRESS.
 */
static const char *fb_fetch_parse_url(const fb_netpolicy_t *np,
                                      const char *url, CURLU **out,
                                      fb_fetch_error_e *kind)
{
    int testing = (fb_netpolicy_flags(np) & FB_NETPOLICY_TESTING) != 0;
    char *scheme = NULL, *host = NULL, *user = NULL, *password = NULL;
    char *port = NULL;
    const char *why = NULL;
    CURLU *cu = NULL;
    CURLUcode rc;
    const char *c;

    *out = NULL;
    *kind = FB_FETCH_INVALID;
    if (url == NULL || *url == '\0') {
        return "must be a URL";
    }
    for (c = url; *c != '\0'; c++) {
        if ((unsigned char)*c <= 0x20 || (unsigned char)*c >= 0x7f) {
            return "must be printable ASCII without spaces (percent-"
                   "encode other characters)";
        }
    }
    if (c - url > FB_FETCH_URL_MAX) {
        return "must have at most 2048 characters";
    }
    cu = curl_url();
    if (cu == NULL) {
        *kind = FB_FETCH_INTERNAL;
        return "could not be parsed (out of memory)";
    }
    rc = curl_url_set(cu, CURLUPART_URL, url, 0);
    if (rc == CURLUE_BAD_PORT_NUMBER) {
        why = fb_fetch_bad_port;
    }
    else if (rc != CURLUE_OK
             || curl_url_get(cu, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK
             || curl_url_get(cu, CURLUPART_HOST, &host, 0) != CURLUE_OK) {
        why = "must be an absolute URL";
    }
    else if (strcmp(scheme, "https") != 0
             && !(testing && strcmp(scheme, "http") == 0)) {
        why = "must be an https URL";
    }
    else if (curl_url_get(cu, CURLUPART_USER, &user, 0) == CURLUE_OK
             || curl_url_get(cu, CURLUPART_PASSWORD, &password, 0)
                == CURLUE_OK) {
        why = "must not contain a user name or password";
    }
    /* libcurl reads 0 (or 00) as a port, and refuses only what is over
     * 65535 or not a number. */
    else if (curl_url_get(cu, CURLUPART_PORT, &port, 0) == CURLUE_OK
             && !fb_netpolicy_port_allowed(strtol(port, NULL, 10))) {
        why = fb_fetch_bad_port;
    }
    else {
        why = fb_fetch_check_host(np, host, kind);
    }
    curl_free(scheme);
    curl_free(host);
    curl_free(port);
    curl_free(user);
    curl_free(password);
    if (why != NULL) {
        curl_url_cleanup(cu);
        return why;
    }
    *out = cu;
    return NULL;
}

const char *fb_fetch_check_url(const fb_netpolicy_t *np, const char *url)
{
    fb_fetch_error_e kind;
    CURLU *cu;
    const char *why = fb_fetch_parse_url(np, url, &cu, &kind);

    curl_url_cleanup(cu);
    return why;
}

/* Non-zero when s is an HTTP token (a header name or a method). */
static int fb_fetch_token(const char *s)
{
    if (*s == '\0') {
        return 0;
    }
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;

        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9') || strchr("!#$%&'*+-.^_`|~", c))) {
            return 0;
        }
    }
    return 1;
}

/* The method of req. */
static const char *fb_fetch_method(const fb_fetch_request_t *req)
{
    return req->method ? req->method : (req->body ? "POST" : "GET");
}

/* Non-zero for the methods fb_fetch sends (CONNECT, TRACE and the
 * like have no use here). */
static int fb_fetch_method_known(const char *method)
{
    static const char *const known[] = {
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"
    };
    apr_size_t i;

    for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
        if (strcmp(method, known[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

/*
 * Non-zero when req is sent with a body: when it has one, and for POST,
 * PUT and PATCH always (an empty one, with Content-Length: 0, which some
 * servers require).
 */
static int fb_fetch_sends_body(const fb_fetch_request_t *req)
{
    const char *method = fb_fetch_method(req);

    return req->body != NULL || strcmp(method, "POST") == 0
           || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0;
}

/*
 * Headers a caller may not set: libcurl writes them from the URL and the
 * body, and a second Host, Content-Length or Transfer-Encoding would let
 * a stored header change where or how the request is framed.  The rest
 * are hop-by-hop headers, which belong to the connection, not to the
 * caller.
 */
static const char *const fb_fetch_reserved_headers[] = {
    "Host", "Content-Length", "Transfer-Encoding", "Connection", "Expect",
    "Keep-Alive", "Proxy-Authorization", "Proxy-Connection", "TE",
    "Trailer", "Upgrade"
};

/* Non-zero when name is one of fb_fetch_reserved_headers. */
static int fb_fetch_reserved(const char *name)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_fetch_reserved_headers)
                    / sizeof(fb_fetch_reserved_headers[0]); i++) {
        if (strcasecmp(name, fb_fetch_reserved_headers[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

/*
 * The request's header lines for libcurl, appended to *list; NULL or the
 * reason they are refused.  Expect is sent empty so that libcurl never
 * waits for a 100 Continue before sending a larger body.
 */
static const char *fb_fetch_headers(apr_pool_t *p,
                                    const fb_fetch_request_t *req,
                                    struct curl_slist **list)
{
    const apr_array_header_t *arr = req->headers
                                    ? apr_table_elts(req->headers) : NULL;
    const apr_table_entry_t *e = arr ? (const void *)arr->elts : NULL;
    int i, typed = 0;
    struct curl_slist *next;

    for (i = 0; arr != NULL && i < arr->nelts; i++) {
        const char *line;

        if (e[i].key == NULL || !fb_fetch_token(e[i].key)
            || e[i].val == NULL || strpbrk(e[i].val, "\r\n") != NULL) {
            return "a request header has an invalid name or value";
        }
        if (fb_fetch_reserved(e[i].key)) {
            return apr_pstrcat(p, "the request header ", e[i].key,
                               " is set by the server itself", NULL);
        }
        typed |= strcasecmp(e[i].key, "Content-Type") == 0;
        /* "Name;" is how libcurl is told to send an empty value. */
        line = *e[i].val ? apr_pstrcat(p, e[i].key, ": ", e[i].val, NULL)
                         : apr_pstrcat(p, e[i].key, ";", NULL);
        if ((next = curl_slist_append(*list, line)) == NULL) {
            return "out of memory";
        }
        *list = next;
    }
    /* libcurl would label a body as a form; "Content-Type:" removes
     * its label where the body is empty. */
    if (fb_fetch_sends_body(req) && !typed) {
        next = curl_slist_append(*list, req->body != NULL
                                 ? "Content-Type: application/json"
                                 : "Content-Type:");
        if (next == NULL) {
            return "out of memory";
        }
        *list = next;
    }
    if ((next = curl_slist_append(*list, "Expect:")) == NULL) {
        return "out of memory";
    }
    *list = next;
    return NULL;
}

/*
 * libcurl's socket opener: asks the policy about the address first
 * (see the top of this file).
 */
static curl_socket_t fb_fetch_open_socket(void *baton, curlsocktype purpose,
                                          struct curl_sockaddr *addr)
{
    fb_fetch_ctx_t *ctx = baton;
    const char *why = "not a connection to the server";
    fb_netaddr_t a;

    if (purpose != CURLSOCKTYPE_IPCXN
        || !fb_netpolicy_allows_sockaddr(ctx->policy, &addr->addr,
                                         addr->addrlen, &why)) {
        ctx->refused++;
        ctx->refusal = fb_netaddr_from_sockaddr(&addr->addr, addr->addrlen,
                                                &a)
            ? apr_pstrcat(ctx->p, fb_netaddr_format(ctx->p, &a),
                          " is refused: ", why, NULL)
            : apr_pstrcat(ctx->p, "the address is refused: ", why, NULL);
        return CURL_SOCKET_BAD;
    }
    ctx->opened++;
    /* Not inherited by programs httpd's children may start. */
    return socket(addr->family, addr->socktype | SOCK_CLOEXEC,
                  addr->protocol);
}

/* libcurl's progress callback: non-zero aborts the transfer. */
static int fb_fetch_progress(void *baton, curl_off_t dltotal,
                             curl_off_t dlnow, curl_off_t ultotal,
                             curl_off_t ulnow)
{
    fb_fetch_ctx_t *ctx = baton;

    (void)dltotal;
    (void)dlnow;
    (void)ultotal;
    (void)ulnow;
    ctx->abandoned = ctx->abandon(ctx->abandon_baton) != 0;
    return ctx->abandoned;
}

/* Keeps or passes on a piece of the body, at most up to the cap. */
static size_t fb_fetch_write(char *data, size_t size, size_t n, void *baton)
{
    fb_fetch_ctx_t *ctx = baton;
    apr_size_t len = size * n, take = len;

    if ((apr_off_t)len > ctx->max - ctx->received) {
        if (!ctx->truncate) {
            ctx->too_large = 1;
            return 0;           /* anything but len aborts the transfer */
        }
        take = (apr_size_t)(ctx->max - ctx->received);
        ctx->truncated = 1;
    }
    if (ctx->sink != NULL) {
        if (take > 0
            && ctx->sink(ctx->sink_baton, data, take) != APR_SUCCESS) {
            ctx->sink_failed = 1;
            return 0;
        }
    }
    else if (take > 0) {
        if (ctx->len + take > ctx->cap) {
            apr_size_t cap = ctx->cap ? ctx->cap * 2 : 16384;
            char *grown;

            while (cap < ctx->len + take) {
                cap *= 2;
            }
            if ((apr_off_t)cap > ctx->max) {
                cap = (apr_size_t)ctx->max;
            }
            if ((grown = realloc(ctx->buf, cap)) == NULL) {
                ctx->sink_failed = 1;
                return 0;
            }
            ctx->buf = grown;
            ctx->cap = cap;
        }
        memcpy(ctx->buf + ctx->len, data, take);
        ctx->len += take;
    }
    ctx->received += (apr_off_t)take;
    return ctx->truncated ? 0 : len;
}

/* Sets the method and the body. */
static CURLcode fb_fetch_set_method(CURL *curl, const fb_fetch_request_t *req)
{
    const char *method = fb_fetch_method(req);
    CURLcode rc;

    if (!fb_fetch_sends_body(req)) {
        if (strcmp(method, "HEAD") == 0) {
            return curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
        }
        rc = curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
        if (rc == CURLE_OK && strcmp(method, "GET") != 0) {
            rc = curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
        }
        return rc;
    }
    /* The size first: the body may hold NULs, and is not copied. */
    rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                          (curl_off_t)req->body_len);
    if (rc == CURLE_OK) {
        rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                              req->body ? req->body : "");
    }
    if (rc == CURLE_OK && strcmp(method, "POST") != 0) {
        rc = curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    }
    return rc;
}

#define FB_FETCH_SET(option, value) \
    do { \
        if (rc == CURLE_OK) { \
            rc = curl_easy_setopt(curl, option, value); \
        } \
    } while (0)

/* Sets every rule of the top of fb_fetch.h on curl. */
static CURLcode fb_fetch_setup(CURL *curl, CURLU *cu,
                               const fb_fetch_options_t *opt,
                               const fb_fetch_request_t *req,
                               fb_fetch_ctx_t *ctx,
                               struct curl_slist *headers, char *errbuf)
{
    const char *protocols =
        (fb_netpolicy_flags(opt->policy) & FB_NETPOLICY_TESTING)
        ? "http,https" : "https";
    apr_interval_time_t timeout = req->timeout ? req->timeout
                                  : opt->timeout ? opt->timeout
                                  : FB_FETCH_DEFAULT_TIMEOUT;
    apr_interval_time_t connect = opt->connect_timeout
                                  ? opt->connect_timeout
                                  : FB_FETCH_DEFAULT_CONNECT_TIMEOUT;
    CURLcode rc = CURLE_OK;

    FB_FETCH_SET(CURLOPT_ERRORBUFFER, errbuf);
    FB_FETCH_SET(CURLOPT_CURLU, cu);
    FB_FETCH_SET(CURLOPT_PROTOCOLS_STR, protocols);
    FB_FETCH_SET(CURLOPT_REDIR_PROTOCOLS_STR, protocols);
    FB_FETCH_SET(CURLOPT_FOLLOWLOCATION, 0L);
    FB_FETCH_SET(CURLOPT_MAXREDIRS, 0L);
    /* "" disables proxies, those named by environment variables too. */
    FB_FETCH_SET(CURLOPT_PROXY, "");
    /* Time-outs without signals: httpd's children run threads. */
    FB_FETCH_SET(CURLOPT_NOSIGNAL, 1L);
    FB_FETCH_SET(CURLOPT_TIMEOUT_MS, (long)apr_time_as_msec(timeout));
    FB_FETCH_SET(CURLOPT_CONNECTTIMEOUT_MS,
                 (long)apr_time_as_msec(connect < timeout ? connect
                                                          : timeout));
    FB_FETCH_SET(CURLOPT_OPENSOCKETFUNCTION, fb_fetch_open_socket);
    FB_FETCH_SET(CURLOPT_OPENSOCKETDATA, ctx);
    FB_FETCH_SET(CURLOPT_SSL_VERIFYPEER, 1L);
    FB_FETCH_SET(CURLOPT_SSL_VERIFYHOST, 2L);
    FB_FETCH_SET(CURLOPT_SSLVERSION, (long)CURL_SSLVERSION_TLSv1_2);
    if (opt->ca_file != NULL) {
        FB_FETCH_SET(CURLOPT_CAINFO, opt->ca_file);
    }
    FB_FETCH_SET(CURLOPT_USERAGENT,
                 opt->user_agent ? opt->user_agent : "mod_feedback");
    FB_FETCH_SET(CURLOPT_HTTPHEADER, headers);
    FB_FETCH_SET(CURLOPT_WRITEFUNCTION, fb_fetch_write);
    FB_FETCH_SET(CURLOPT_WRITEDATA, ctx);
    /* A declared length over the cap is refused before any byte comes;
     * the write callback catches bodies of unannounced length. */
    if (!ctx->truncate) {
        FB_FETCH_SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)ctx->max);
    }
    if (ctx->abandon != NULL) {
        FB_FETCH_SET(CURLOPT_NOPROGRESS, 0L);
        FB_FETCH_SET(CURLOPT_XFERINFOFUNCTION, fb_fetch_progress);
        FB_FETCH_SET(CURLOPT_XFERINFODATA, ctx);
    }
    return rc;
}

/* The outcome of a transfer that ended with rc. */
static fb_fetch_error_e fb_fetch_outcome(CURLcode rc,
                                         const fb_fetch_ctx_t *ctx,
                                         long status)
{
    switch (rc) {
    case CURLE_OK:
        return (status >= 200 && status <= 299) ? FB_FETCH_OK
                                                : FB_FETCH_HTTP_STATUS;
    case CURLE_ABORTED_BY_CALLBACK:
        return ctx->abandoned ? FB_FETCH_ABANDONED : FB_FETCH_INTERNAL;
    case CURLE_WRITE_ERROR:
        if (ctx->truncated) {
            return (status >= 200 && status <= 299) ? FB_FETCH_OK
                                                    : FB_FETCH_HTTP_STATUS;
        }
        return ctx->too_large ? FB_FETCH_TOO_LARGE : FB_FETCH_INTERNAL;
    case CURLE_FILESIZE_EXCEEDED:
        return FB_FETCH_TOO_LARGE;
    case CURLE_COULDNT_CONNECT:
        /* Forbidden only when no address was left to try. */
        return (ctx->refused && !ctx->opened) ? FB_FETCH_FORBIDDEN_ADDRESS
                                              : FB_FETCH_CONNECT;
    case CURLE_COULDNT_RESOLVE_HOST:
        return FB_FETCH_DNS;
    case CURLE_OPERATION_TIMEDOUT:
        return FB_FETCH_TIMEOUT;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_CRL_BADFILE:
        return FB_FETCH_TLS;
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
        return FB_FETCH_INVALID;
    case CURLE_OUT_OF_MEMORY:
    case CURLE_FAILED_INIT:
    case CURLE_BAD_FUNCTION_ARGUMENT:
    case CURLE_UNKNOWN_OPTION:
    case CURLE_NOT_BUILT_IN:
        return FB_FETCH_INTERNAL;
    default:
        return FB_FETCH_NETWORK;
    }
}

/* Fills res after the transfer that ended with rc. */
static void fb_fetch_finish(apr_pool_t *p, CURL *curl, CURLcode rc,
                            const fb_fetch_ctx_t *ctx, const char *errbuf,
                            fb_fetch_result_t *res)
{
    long status = 0;
    char *type = NULL;
    curl_off_t elapsed = 0;

    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    curl_easy_getinfo(curl, CURLINFO_TOTAL_TIME_T, &elapsed);
    res->curl_code = (int)rc;
    res->status = (int)status;
    res->content_type = type ? apr_pstrdup(p, type) : NULL;
    res->elapsed = (apr_interval_time_t)elapsed;
    res->truncated = ctx->truncated;
    if (ctx->sink == NULL) {
        res->body = apr_pstrmemdup(p, ctx->buf ? ctx->buf : "", ctx->len);
        res->body_len = ctx->len;
    }
    res->error = fb_fetch_outcome(rc, ctx, status);
    switch (res->error) {
    case FB_FETCH_OK:
        break;
    case FB_FETCH_HTTP_STATUS:
        res->message = apr_psprintf(p, "the server answered %ld", status);
        break;
    case FB_FETCH_FORBIDDEN_ADDRESS:
        res->message = ctx->refusal;
        break;
    case FB_FETCH_TOO_LARGE:
        res->message = apr_psprintf(p, "the body is larger than %"
                                    APR_OFF_T_FMT " bytes", ctx->max);
        break;
    default:
        res->message = ctx->sink_failed
            ? "the body could not be kept"
            : apr_pstrdup(p, *errbuf ? errbuf : curl_easy_strerror(rc));
        break;
    }
}

struct fb_fetch_session {
    CURL *curl;
    /* The policy its connections were judged by (the first request's);
     * a request under another one neither reuses nor leaves a
     * connection. */
    const fb_netpolicy_t *policy;
};

static apr_status_t fb_fetch_session_cleanup(void *data)
{
    fb_fetch_session_t *s = data;

    curl_easy_cleanup(s->curl);
    return APR_SUCCESS;
}

fb_fetch_session_t *fb_fetch_session_make(apr_pool_t *p)
{
    fb_fetch_session_t *s = apr_pcalloc(p, sizeof(*s));

    if ((s->curl = curl_easy_init()) == NULL) {
        return NULL;
    }
    apr_pool_cleanup_register(p, s, fb_fetch_session_cleanup,
                              apr_pool_cleanup_null);
    return s;
}

fb_fetch_error_e fb_fetch(apr_pool_t *p, const fb_fetch_options_t *opt,
                          const fb_fetch_request_t *req,
                          fb_fetch_result_t *res)
{
    return fb_fetch_in(NULL, p, opt, req, res);
}

fb_fetch_error_e fb_fetch_in(fb_fetch_session_t *s, apr_pool_t *p,
                             const fb_fetch_options_t *opt,
                             const fb_fetch_request_t *req,
                             fb_fetch_result_t *res)
{
    fb_fetch_ctx_t ctx;
    struct curl_slist *headers = NULL;
    char errbuf[CURL_ERROR_SIZE] = "";
    CURLU *cu = NULL;
    CURL *curl = NULL;
    CURLcode rc = CURLE_OK;
    const char *why;

    memset(res, 0, sizeof(*res));
    memset(&ctx, 0, sizeof(ctx));
    ctx.p = p;
    ctx.policy = opt->policy;
    ctx.max = req->max_size > 0 ? req->max_size
              : opt->max_size > 0 ? opt->max_size
              : FB_FETCH_DEFAULT_MAX_SIZE;
    ctx.truncate = (req->flags & FB_FETCH_TRUNCATE) != 0;
    ctx.sink = req->sink;
    ctx.sink_baton = req->sink_baton;
    ctx.abandon = req->abandon;
    ctx.abandon_baton = req->abandon_baton;

    why = fb_fetch_parse_url(opt->policy, req->url, &cu, &res->error);
    if (why != NULL) {
        res->message = apr_pstrcat(p, "the URL ", why, NULL);
        goto leave;
    }
    res->error = FB_FETCH_INVALID;
    if (!fb_fetch_method_known(fb_fetch_method(req))) {
        res->message = "the method is not GET, HEAD, POST, PUT, PATCH or "
                       "DELETE";
        goto leave;
    }
    /* libcurl would wait for the answer's body that HEAD never has. */
    if (req->body != NULL && strcmp(fb_fetch_method(req), "HEAD") == 0) {
        res->message = "a HEAD request cannot have a body";
        goto leave;
    }
    if ((why = fb_fetch_headers(p, req, &headers)) != NULL) {
        res->message = why;
        goto leave;
    }
    res->error = FB_FETCH_INTERNAL;
    if ((curl = s != NULL ? s->curl : curl_easy_init()) == NULL) {
        res->message = "libcurl could not make a handle";
        goto leave;
    }
    rc = fb_fetch_setup(curl, cu, opt, req, &ctx, headers, errbuf);
    if (s != NULL && s->policy == NULL) {
        s->policy = opt->policy;
    }
    if (rc == CURLE_OK && (s == NULL || s->policy != opt->policy)) {
        /* Alone, the connection goes with the request; a session's, made
         * under another policy, serve it not. */
        rc = curl_easy_setopt(curl, CURLOPT_FORBID_REUSE, 1L);
        if (rc == CURLE_OK && s != NULL) {
            rc = curl_easy_setopt(curl, CURLOPT_FRESH_CONNECT, 1L);
        }
    }
    if (rc == CURLE_OK) {
        rc = fb_fetch_set_method(curl, req);
    }
    if (rc != CURLE_OK) {
        res->curl_code = (int)rc;
        res->message = apr_pstrcat(p, "libcurl refused an option: ",
                                   curl_easy_strerror(rc), NULL);
        goto leave;
    }
    rc = curl_easy_perform(curl);
    fb_fetch_finish(p, curl, rc, &ctx, errbuf, res);

leave:
    if (s == NULL) {
        curl_easy_cleanup(curl);
    }
    else if (curl != NULL) {
        /* Every option goes (they point at this call's errbuf, URL,
         * headers and ctx); the connections and TLS sessions stay. */
        curl_easy_reset(curl);
    }
    curl_slist_free_all(headers);
    curl_url_cleanup(cu);
    free(ctx.buf);
    return res->error;
}
