/*
 * test_fetch.c: outbound HTTP (fb_fetch): URL checks at store time,
 * refusals before any connection, and live requests to a real HTTPS
 * server on 127.0.0.1.
 *
 * The live suite starts t/unit/fetch_server.py (python3 with the standard
 * library, and the openssl command for its self-signed certificate),
 * which serves TLS and plain HTTP on two free ports and logs every
 * connection it accepts and every request it reads.  The tests read that
 * log to tell what reached the server: a refused request must leave no
 * line at all.  The server ends when its standard input closes, so it
 * also ends if this program dies.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <apr_file_io.h>
#include <apr_network_io.h>
#include <apr_strings.h>
#include <apr_thread_proc.h>

#include "fb_fetch.h"
#include "unit.h"

#define NELTS(a) (sizeof(a) / sizeof((a)[0]))

#ifndef UT_DIR
#error "UT_DIR must name the t/unit directory (the Makefile sets it)"
#endif

/* The server of the live suite. */
static struct {
    apr_pool_t *pool;
    apr_proc_t proc;
    int running;
    int tls_port, plain_port;
    char cert[512], log[512];
} srv;

static fb_netpolicy_t *policy_with(int flags)
{
    fb_netpolicy_t *np = fb_netpolicy_create(ut_pool, NULL, NULL, flags);

    CU_ASSERT_PTR_NOT_NULL_FATAL(np);
    return np;
}

/* ---- URL checks (no network) ---- */

static void test_check_url(void)
{
    static const char *const https =
        "must be an https URL";
    static const char *const forbidden =
        "must not point to a private, loopback or reserved address";
    static const char *const bad_host =
        "must have a valid host name or address";
    static const char *const ascii =
        "must be printable ASCII without spaces (percent-encode other "
        "characters)";
    static const char *const port = "must have a port from 1 to 65535";
    static const struct {
        const char *url;
        int flags;
        const char *why;        /* NULL: accepted; "*": any refusal */
    } cases[] = {
        {"https://example.com/hook", 0, NULL},
        {"https://example.com:8443/x?y=1&z=%20#frag", 0, NULL},
        {"HTTPS://Example.COM/", 0, NULL},
        {"https://example.com./", 0, NULL},
        {"https://xn--bcher-kva.example/", 0, NULL},
        {"https://under_score.example.com/", 0, NULL},
        {"https://8.8.8.8/", 0, NULL},
        {"https://[2606:4700:4700::1111]:443/", 0, NULL},
        {"https://93.184.216.34/", 0, NULL},
        /* Schemes. */
        {"http://example.com/", 0, https},
        {"http://example.com/", FB_NETPOLICY_TESTING, NULL},
        {"ftp://example.com/", FB_NETPOLICY_TESTING, https},
        {"file:///etc/passwd", 0, "*"},
        {"gopher://example.com/", 0, "*"},
        {"javascript:alert(1)", 0, "*"},
        {"//example.com/", 0, "must be an absolute URL"},
        {"example.com", 0, "must be an absolute URL"},
        {"/relative", 0, "must be an absolute URL"},
        /* User information. */
        {"https://user:pw@example.com/", 0,
         "must not contain a user name or password"},
        {"https://user@example.com/", 0,
         "must not contain a user name or password"},
        {"https://:pw@example.com/", 0,
         "must not contain a user name or password"},
        {"https://evil.example\\@127.0.0.1/", 0, "*"},
        /* Forbidden literals in every spelling. */
        {"https://127.0.0.1/", 0, forbidden},
        {"https://127.1/", 0, forbidden},
        {"https://127.0.1/", 0, forbidden},
        {"https://2130706433/", 0, forbidden},
        {"https://0x7f.1/", 0, forbidden},
        {"https://0x7F000001/", 0, forbidden},
        {"https://017700000001/", 0, forbidden},
        {"https://0177.0.0.1/", 0, forbidden},
        {"https://127.0.0.1.:8443/", 0, forbidden},
        {"https://%31%32%37.0.0.1/", 0, forbidden},
        {"https://0/", 0, forbidden},
        {"https://0.0.0.0/", 0, forbidden},
        {"https://10.0.0.1/", 0, forbidden},
        {"https://10.0.0.1/", FB_NETPOLICY_TESTING, forbidden},
        {"https://169.254.169.254/latest/meta-data/", 0, forbidden},
        {"https://169.254.43518/", 0, forbidden},
        {"https://192.168.1.1/", 0, forbidden},
        {"https://[::1]/", 0, forbidden},
        {"https://[::]/", 0, forbidden},
        {"https://[::ffff:127.0.0.1]/", 0, forbidden},
        {"https://[::ffff:7f00:1]/", 0, forbidden},
        {"https://[0:0:0:0:0:ffff:7f00:1]/", 0, forbidden},
        {"https://[::127.0.0.1]/", 0, forbidden},
        {"https://[::ffff:0:127.0.0.1]/", 0, forbidden},
        {"https://[64:ff9b::a9fe:a9fe]/", 0, forbidden},
        {"https://[2002:7f00:1::]/", 0, forbidden},
        {"https://[fe80::1%25eth0]/", 0, forbidden},
        {"https://[fd00::1]/", 0, forbidden},
        {"https://[ff02::1]/", 0, forbidden},
        {"https://224.0.0.1/", 0, forbidden},
        /* Documentation and other special-purpose ranges, and ports. */
        {"https://192.0.2.2/", 0, forbidden},
        {"https://3221225986/", 0, forbidden},
        {"https://198.51.100.7/", 0, forbidden},
        {"https://203.0.113.1:8443/", 0, forbidden},
        {"https://192.88.99.1/", 0, forbidden},
        {"https://[2001:db8::1]/", 0, forbidden},
        {"https://[::ffff:192.0.2.2]/", 0, forbidden},
        {"https://[3fff::1]/", 0, forbidden},
        {"https://[100::1]/", 0, forbidden},
        {"https://example.com:0/", 0, port},
        {"https://example.com:00/", 0, port},
        {"https://8.8.8.8:0/", 0, port},
        {"https://example.com:65536/", 0, port},
        {"https://example.com:99999999999/", 0, port},
        {"http://127.0.0.1:0/", FB_NETPOLICY_TESTING, port},
        {"https://example.com:1/", 0, NULL},
        {"https://example.com:65535/", 0, NULL},
        /* Loopback in testing. */
        {"https://127.0.0.1/", FB_NETPOLICY_TESTING, NULL},
        {"https://[::1]/", FB_NETPOLICY_TESTING, NULL},
        {"http://127.1:8080/", FB_NETPOLICY_TESTING, NULL},
        /* Not addresses, not names. */
        {"https://256.1.1.1/", 0, bad_host},
        {"https://08.1/", 0, bad_host},
        {"https://1.2.3.4.5/", 0, bad_host},
        {"https://4294967296/", 0, bad_host},
        {"https://example.123/", 0, bad_host},
        {"https://[::ffff:127.1]/", 0, "*"},
        {"https://a%2fb.example/", 0, "*"},
        {"https://a%00b.example/", 0, "*"},
        {"https://exa$mple.com/", 0, "*"},
        /* Characters. */
        {"https://exa mple.com/", 0, ascii},
        {"https://example.com/a b", 0, ascii},
        {"https://example.com/\x01", 0, ascii},
        {"https://example.com/\x7f", 0, ascii},
        {"https://b\xc3\xbc" "cher.example/", 0, ascii},
        {"https://b%C3%BCcher.example/", 0, "*"},
        {"", 0, "must be a URL"},
        {NULL, 0, "must be a URL"},
    };
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        const char *why = fb_fetch_check_url(policy_with(cases[i].flags),
                                             cases[i].url);
        const char *label = apr_psprintf(ut_pool, "check of %s (flags %d)",
                                         cases[i].url ? cases[i].url
                                                      : "NULL",
                                         cases[i].flags);

        if (cases[i].why != NULL && strcmp(cases[i].why, "*") == 0) {
            ut_assert_int(why != NULL, 1, label, __FILE__, __LINE__);
        }
        else {
            ut_assert_str(why, cases[i].why, label, __FILE__, __LINE__);
        }
    }
}

static void test_check_url_operator_allow(void)
{
    apr_array_header_t *allow = apr_array_make(ut_pool, 1,
                                               sizeof(fb_netrange_t));
    fb_netpolicy_t *np;

    CU_ASSERT_PTR_NULL_FATAL(fb_netrange_parse("10.1.2.0/24",
                                               apr_array_push(allow)));
    np = fb_netpolicy_create(ut_pool, NULL, allow, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(np);
    UT_ASSERT_STR(fb_fetch_check_url(np, "https://10.1.2.3/"), NULL);
    UT_ASSERT_STR(fb_fetch_check_url(np, "https://10.1.3.3/"),
                  "must not point to a private, loopback or reserved "
                  "address");
}

static void test_check_url_lengths(void)
{
    fb_netpolicy_t *np = policy_with(0);
    const char *base = "https://example.com/";
    char *url = apr_palloc(ut_pool, FB_FETCH_URL_MAX + 2);
    char *host = apr_palloc(ut_pool, 260);
    apr_size_t n = strlen(base);

    memcpy(url, base, n);
    memset(url + n, 'a', FB_FETCH_URL_MAX + 1 - n);
    url[FB_FETCH_URL_MAX] = '\0';
    UT_ASSERT_STR(fb_fetch_check_url(np, url), NULL);
    url[FB_FETCH_URL_MAX] = 'a';
    url[FB_FETCH_URL_MAX + 1] = '\0';
    UT_ASSERT_STR(fb_fetch_check_url(np, url),
                  "must have at most 2048 characters");

    /* Four labels: 63 + 63 + 63 + 61 letters and three dots, 253. */
    memset(host, 'a', 253);
    host[63] = host[127] = host[191] = '.';
    host[253] = '\0';
    UT_ASSERT_STR(fb_fetch_check_url(np, apr_pstrcat(ut_pool, "https://",
                                                     host, "/", NULL)),
                  NULL);
    host[253] = 'a';
    host[254] = '\0';
    UT_ASSERT_STR(fb_fetch_check_url(np, apr_pstrcat(ut_pool, "https://",
                                                     host, "/", NULL)),
                  "must have a host name of at most 253 characters");
}

static void test_error_names(void)
{
    static const struct {
        fb_fetch_error_e e;
        const char *name;
    } cases[] = {
        {FB_FETCH_OK, "ok"}, {FB_FETCH_INVALID, "invalid"},
        {FB_FETCH_FORBIDDEN_ADDRESS, "forbidden_address"},
        {FB_FETCH_DNS, "dns"}, {FB_FETCH_CONNECT, "connect"},
        {FB_FETCH_TIMEOUT, "timeout"}, {FB_FETCH_TLS, "tls"},
        {FB_FETCH_TOO_LARGE, "too_large"},
        {FB_FETCH_HTTP_STATUS, "http_status"},
        {FB_FETCH_NETWORK, "network"}, {FB_FETCH_INTERNAL, "internal"},
        {FB_FETCH_ABANDONED, "abandoned"},
        {(fb_fetch_error_e)99, "internal"},
    };
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        UT_ASSERT_STR(fb_fetch_error_name(cases[i].e), cases[i].name);
    }
}

/* Requests refused before anything is sent (no server needed: the
 * addresses would not answer anyway). */
static void test_refused_before_connecting(void)
{
    fb_fetch_options_t opt = {.policy = policy_with(0)};
    fb_fetch_request_t req;
    fb_fetch_result_t res;
    apr_table_t *h = apr_table_make(ut_pool, 2);

    memset(&req, 0, sizeof(req));
    req.url = "http://example.com/";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message, "the URL must be an https URL");
    UT_ASSERT_INT(res.status, 0);

    req.url = "https://127.1/";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    UT_ASSERT_STR(res.message, "the URL must not point to a private, "
                  "loopback or reserved address");

    req.url = "https://example.invalid/";
    apr_table_set(h, "X-Injected", "a\r\nHost: evil");
    req.headers = h;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message,
                  "a request header has an invalid name or value");
    apr_table_clear(h);
    apr_table_set(h, "Bad Name", "x");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);

    /* Headers libcurl writes itself, in any case. */
    apr_table_clear(h);
    apr_table_set(h, "host", "internal.example");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message, "the request header host is set by the "
                  "server itself");
    apr_table_clear(h);
    apr_table_set(h, "Transfer-Encoding", "chunked");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    apr_table_clear(h);
    apr_table_set(h, "Content-Length", "0");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);

    req.headers = NULL;
    req.method = "GE T";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message, "the method is not GET, HEAD, POST, PUT, "
                  "PATCH or DELETE");
    req.method = "CONNECT";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    req.method = "get";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    req.method = "HEAD";
    req.body = "{}";
    req.body_len = 2;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message, "a HEAD request cannot have a body");
    UT_ASSERT_INT(res.status, 0);
}

/* ---- The live server ---- */

static int server_start(void)
{
    apr_procattr_t *attr;
    const char *args[] = {"/usr/bin/python3", UT_DIR "/fetch_server.py",
                          NULL};
    char line[1200];
    apr_size_t len = 0;

    if (apr_pool_create(&srv.pool, NULL) != APR_SUCCESS
        || apr_procattr_create(&attr, srv.pool) != APR_SUCCESS
        || apr_procattr_io_set(attr, APR_FULL_BLOCK, APR_FULL_BLOCK,
                               APR_NO_PIPE) != APR_SUCCESS
        || apr_procattr_cmdtype_set(attr, APR_PROGRAM) != APR_SUCCESS
        || apr_proc_create(&srv.proc, args[0], args, NULL, attr, srv.pool)
           != APR_SUCCESS) {
        fprintf(stderr, "test_fetch: cannot start %s\n", args[1]);
        return 1;
    }
    srv.running = 1;
    /* One line, once it listens (after making its certificate). */
    while (len + 1 < sizeof(line)) {
        char c;
        apr_size_t one = 1;

        if (apr_file_read(srv.proc.out, &c, &one) != APR_SUCCESS
            || c == '\n') {
            break;
        }
        line[len++] = c;
    }
    line[len] = '\0';
    if (sscanf(line, "READY %d %d %511s %511s", &srv.tls_port,
               &srv.plain_port, srv.cert, srv.log) != 4) {
        fprintf(stderr, "test_fetch: the server said '%s'\n", line);
        return 1;
    }
    return 0;
}

static int server_stop(void)
{
    apr_exit_why_e why;
    int code, i;

    if (srv.running) {
        /* Closing its input ends it; a kill if it lingers. */
        apr_file_close(srv.proc.in);
        for (i = 0; i < 100; i++) {
            if (apr_proc_wait(&srv.proc, &code, &why, APR_NOWAIT)
                == APR_CHILD_DONE) {
                break;
            }
            apr_sleep(apr_time_from_msec(50));
        }
        if (i == 100) {
            apr_proc_kill(&srv.proc, SIGKILL);
            apr_proc_wait(&srv.proc, &code, &why, APR_WAIT);
        }
        srv.running = 0;
    }
    if (srv.pool != NULL) {
        apr_pool_destroy(srv.pool);
        srv.pool = NULL;
    }
    return 0;
}

static int live_init(void)
{
    const char *why = NULL;

    memset(&srv, 0, sizeof(srv));
    if (server_start() != 0) {
        server_stop();
        return 1;
    }
    if (fb_fetch_global_init(srv.pool, &why) != APR_SUCCESS) {
        fprintf(stderr, "test_fetch: %s\n", why);
        server_stop();
        return 1;
    }
    return 0;
}

static int live_cleanup(void)
{
    /* Destroying the pool also runs libcurl's global clean-up. */
    return server_stop();
}

/* The server's log, all of it. */
static const char *server_log(void)
{
    char *text = NULL;
    apr_file_t *f;
    apr_finfo_t fi;
    apr_size_t len;

    if (apr_file_open(&f, srv.log, APR_FOPEN_READ, 0, ut_pool)
        != APR_SUCCESS
        || apr_file_info_get(&fi, APR_FINFO_SIZE, f) != APR_SUCCESS) {
        return "(unreadable)";
    }
    len = (apr_size_t)fi.size;
    text = apr_pcalloc(ut_pool, len + 1);
    apr_file_read_full(f, text, len, &len);
    apr_file_close(f);
    return text;
}

/* What the server logged since mark (a length of server_log()). */
static const char *server_log_since(apr_size_t mark)
{
    const char *text = server_log();

    return strlen(text) >= mark ? text + mark : "(log shrank)";
}

static apr_size_t server_log_mark(void)
{
    return strlen(server_log());
}

static const char *tls_url(const char *host, const char *path)
{
    return apr_psprintf(ut_pool, "https://%s:%d%s", host, srv.tls_port,
                        path);
}

/* Options trusting the test certificate. */
static fb_fetch_options_t options(int flags)
{
    fb_fetch_options_t opt = {.policy = policy_with(flags),
                              .ca_file = srv.cert,
                              .timeout = apr_time_from_sec(20)};

    return opt;
}

static fb_fetch_request_t get(const char *url)
{
    fb_fetch_request_t req;

    memset(&req, 0, sizeof(req));
    req.url = url;
    return req;
}

static void test_live_ok(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/ok"));
    fb_fetch_result_t res;
    apr_size_t mark = server_log_mark();

    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.status, 200);
    UT_ASSERT_INT(res.curl_code, 0);
    UT_ASSERT_STR(res.body, "hello");
    UT_ASSERT_INT(res.body_len, 5);
    UT_ASSERT_STR(res.content_type, "text/plain");
    UT_ASSERT_STR(res.message, NULL);
    UT_ASSERT_INT(res.truncated, 0);
    CU_ASSERT(res.elapsed > 0);
    UT_ASSERT_STR(server_log_since(mark), "CONNECT tls\nGET /ok\n");

    /* By name: localhost resolves to loopback, allowed in testing. */
    req = get(tls_url("localhost", "/ok"));
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_STR(res.body, "hello");
}

/* A session reuses its connection for the same origin; fb_fetch() never
 * does; a request under another policy is judged afresh. */
static void test_live_session(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_options_t strict = options(0);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/ok"));
    fb_fetch_session_t *s = fb_fetch_session_make(ut_pool);
    fb_fetch_result_t res;
    apr_size_t mark;
    int i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    mark = server_log_mark();
    for (i = 0; i < 3; i++) {
        UT_ASSERT_INT(fb_fetch_in(s, ut_pool, &opt, &req, &res),
                      FB_FETCH_OK);
        UT_ASSERT_STR(res.body, "hello");
    }
    UT_ASSERT_STR(server_log_since(mark),
                  "CONNECT tls\nGET /ok\nGET /ok\nGET /ok\n");

    /* The open connection does not carry a request the strict policy
     * refuses: nothing more reaches the server. */
    mark = server_log_mark();
    UT_ASSERT_INT(fb_fetch_in(s, ut_pool, &strict, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    UT_ASSERT_STR(server_log_since(mark), "");

    /* Alone, every request has its own connection. */
    mark = server_log_mark();
    for (i = 0; i < 2; i++) {
        UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    }
    UT_ASSERT_STR(server_log_since(mark),
                  "CONNECT tls\nGET /ok\nCONNECT tls\nGET /ok\n");
}

/* Without the testing flag, a name that resolves to loopback is refused
 * at connect time, and the server sees nothing at all. */
static void test_live_loopback_refused(void)
{
    fb_fetch_options_t opt = options(0);
    fb_fetch_request_t req = get(tls_url("localhost", "/ok"));
    fb_fetch_result_t res;
    apr_size_t mark = server_log_mark();

    /* The store-time check cannot know: localhost is a name. */
    UT_ASSERT_STR(fb_fetch_check_url(opt.policy, req.url), NULL);
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    UT_ASSERT_INT(res.status, 0);
    CU_ASSERT_PTR_NOT_NULL(res.message != NULL
                           ? strstr(res.message, "is refused: ") : NULL);
    CU_ASSERT_PTR_NOT_NULL(res.message != NULL
                           ? strstr(res.message, "(loopback)") : NULL);

    /* The literal, in two spellings: refused before resolving. */
    req = get(tls_url("127.0.0.1", "/ok"));
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    req = get(tls_url("[::ffff:127.0.0.1]", "/ok"));
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    UT_ASSERT_STR(server_log_since(mark), "");
}

/* An operator's deny applies even with the testing flag. */
static void test_live_operator_deny(void)
{
    apr_array_header_t *deny = apr_array_make(ut_pool, 1,
                                              sizeof(fb_netrange_t));
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("localhost", "/ok"));
    fb_fetch_result_t res;
    apr_size_t mark = server_log_mark();

    CU_ASSERT_PTR_NULL_FATAL(fb_netrange_parse("127.0.0.0/8",
                                               apr_array_push(deny)));
    CU_ASSERT_PTR_NULL_FATAL(fb_netrange_parse("::1",
                                               apr_array_push(deny)));
    opt.policy = fb_netpolicy_create(ut_pool, deny, NULL,
                                     FB_NETPOLICY_TESTING);
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_FORBIDDEN_ADDRESS);
    CU_ASSERT_PTR_NOT_NULL(res.message != NULL
                           ? strstr(res.message, "FeedbackOutboundDeny")
                           : NULL);
    UT_ASSERT_STR(server_log_since(mark), "");
}

static void test_live_http(void)
{
    const char *url = apr_psprintf(ut_pool, "http://127.0.0.1:%d/ok",
                                   srv.plain_port);
    const char *by_name = apr_psprintf(ut_pool, "http://localhost:%d/ok",
                                       srv.plain_port);
    fb_fetch_options_t opt = options(0);
    fb_fetch_request_t req = get(by_name);
    fb_fetch_result_t res;
    apr_size_t mark = server_log_mark();

    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INVALID);
    UT_ASSERT_STR(res.message, "the URL must be an https URL");
    UT_ASSERT_STR(server_log_since(mark), "");

    opt = options(FB_NETPOLICY_TESTING);
    req = get(url);
    mark = server_log_mark();
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_STR(res.body, "hello");
    UT_ASSERT_STR(server_log_since(mark), "CONNECT plain\nGET /ok\n");
}

static void test_live_redirect_not_followed(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/redirect"));
    fb_fetch_result_t res;
    apr_size_t mark = server_log_mark();

    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_HTTP_STATUS);
    UT_ASSERT_INT(res.status, 302);
    UT_ASSERT_STR(res.body, "moved");
    UT_ASSERT_STR(res.message, "the server answered 302");
    UT_ASSERT_STR(server_log_since(mark), "CONNECT tls\nGET /redirect\n");
}

static void test_live_status(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/status?code=410"));
    fb_fetch_result_t res;

    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res),
                  FB_FETCH_HTTP_STATUS);
    UT_ASSERT_INT(res.status, 410);
    UT_ASSERT_STR(res.body, "status 410");
    req = get(tls_url("127.0.0.1", "/status?code=204"));
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.status, 204);
}

/* The cap, at the edge and over it, declared and not declared. */
static void test_live_size_cap(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/bytes?n=1000"));
    fb_fetch_result_t res;

    req.max_size = 1000;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.body_len, 1000);

    req.url = tls_url("127.0.0.1", "/bytes?n=1001");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
    UT_ASSERT_STR(res.message, "the body is larger than 1000 bytes");

    /* No Content-Length: counted while reading. */
    req.url = tls_url("127.0.0.1", "/chunked?n=1000");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.body_len, 1000);
    req.url = tls_url("127.0.0.1", "/chunked?n=1001");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
    req.url = tls_url("127.0.0.1", "/chunked?n=300000");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
    UT_ASSERT_INT(res.body_len, 0);

    /* A large body under a larger cap, kept whole. */
    req.url = tls_url("127.0.0.1", "/chunked?n=300000");
    req.max_size = 300000;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.body_len, 300000);
    UT_ASSERT_INT(res.body[299999], 'y');
    UT_ASSERT_INT(res.body[300000], '\0');

    /* Truncation asked for: a prefix, and success. */
    req.url = tls_url("127.0.0.1", "/chunked?n=50000");
    req.max_size = 1000;
    req.flags = FB_FETCH_TRUNCATE;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.truncated, 1);
    UT_ASSERT_INT(res.body_len, 1000);
    UT_ASSERT_INT(res.status, 200);

    /* Without a cap of its own, a request takes the options' cap; a
     * request's own cap wins over it, larger or smaller. */
    opt.max_size = 2000;
    req.flags = 0;
    req.max_size = 0;
    req.url = tls_url("127.0.0.1", "/bytes?n=2000");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.body_len, 2000);
    req.url = tls_url("127.0.0.1", "/bytes?n=2001");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
    UT_ASSERT_STR(res.message, "the body is larger than 2000 bytes");
    req.max_size = 3000;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.body_len, 2001);
    req.max_size = 1500;
    req.url = tls_url("127.0.0.1", "/bytes?n=1600");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
}

static void test_live_timeout(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/slow"));
    fb_fetch_result_t res;
    apr_time_t start = apr_time_now();

    req.timeout = apr_time_from_msec(1000);
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TIMEOUT);
    UT_ASSERT_INT(res.status, 0);
    /* Well before the server's ten seconds. */
    CU_ASSERT(apr_time_now() - start < apr_time_from_sec(8));

    /* Without a time-out of its own, a request takes the options'. */
    req.timeout = 0;
    opt.timeout = apr_time_from_msec(800);
    start = apr_time_now();
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TIMEOUT);
    CU_ASSERT(apr_time_now() - start >= apr_time_from_msec(700));
    CU_ASSERT(apr_time_now() - start < apr_time_from_sec(8));
}

/* The abandon callback: set to stop after the first few polls. */
static int abandon_after(void *baton)
{
    int *polls = baton;

    return ++*polls > 3;
}

/* A stopping caller ends a slow exchange at once. */
static void test_live_abandon(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/slow"));
    fb_fetch_result_t res;
    apr_time_t start = apr_time_now();
    int polls = 0;

    req.abandon = abandon_after;
    req.abandon_baton = &polls;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_ABANDONED);
    UT_ASSERT_INT(polls, 4);
    CU_ASSERT(apr_time_now() - start < apr_time_from_sec(5));
    UT_ASSERT_STR(fb_fetch_error_name(res.error), "abandoned");

    /* Never asked to stop: the exchange runs as usual. */
    polls = -1000000;
    req.url = tls_url("127.0.0.1", "/ok");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    CU_ASSERT(polls > -1000000);
}

/* Without the test certificate the handshake fails. */
static void test_live_untrusted_certificate(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/ok"));
    fb_fetch_result_t res;

    opt.ca_file = NULL;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TLS);
    CU_ASSERT_PTR_NOT_NULL(res.message);
}

static void test_live_connect_refused(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req;
    fb_fetch_result_t res;
    apr_socket_t *s;
    apr_sockaddr_t *sa;
    apr_port_t port = 0;

    /* A port that was free a moment ago, and is closed again. */
    CU_ASSERT_FATAL(apr_sockaddr_info_get(&sa, "127.0.0.1", APR_INET, 0, 0,
                                          ut_pool) == APR_SUCCESS);
    CU_ASSERT_FATAL(apr_socket_create(&s, APR_INET, SOCK_STREAM,
                                      APR_PROTO_TCP, ut_pool)
                    == APR_SUCCESS);
    CU_ASSERT_FATAL(apr_socket_bind(s, sa) == APR_SUCCESS);
    CU_ASSERT_FATAL(apr_socket_addr_get(&sa, APR_LOCAL, s) == APR_SUCCESS);
    port = sa->port;
    apr_socket_close(s);
    req = get(apr_psprintf(ut_pool, "https://127.0.0.1:%u/", port));
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_CONNECT);
}

/* A webhook-like POST: method, headers and body arrive as given. */
static void test_live_post(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/echo"));
    fb_fetch_result_t res;
    apr_table_t *h = apr_table_make(ut_pool, 2);
    json_object *echo, *headers, *v;
    const char *body = "{\"topic\":\"post.created\",\"n\":1}";
    char big[5000];

    apr_table_set(h, "X-Webhook-Signature", "abc123");
    apr_table_set(h, "X-Empty", "");
    req.headers = h;
    req.body = body;
    req.body_len = strlen(body);
    opt.user_agent = "mod_feedback-test/1";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_STR(res.content_type, "application/json");
    echo = ut_json(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(echo);
    UT_ASSERT_STR(ut_json_str(echo, "method"), "POST");
    UT_ASSERT_STR(ut_json_str(echo, "body"), body);
    CU_ASSERT_FATAL(json_object_object_get_ex(echo, "headers", &headers));
    UT_ASSERT_STR(ut_json_str(headers, "x-webhook-signature"), "abc123");
    UT_ASSERT_STR(ut_json_str(headers, "x-empty"), "");
    UT_ASSERT_STR(ut_json_str(headers, "content-type"), "application/json");
    UT_ASSERT_STR(ut_json_str(headers, "user-agent"), "mod_feedback-test/1");
    CU_ASSERT(!json_object_object_get_ex(headers, "expect", &v));

    /* A larger body is sent at once (no Expect: 100-continue wait), with
     * the caller's type and method. */
    memset(big, 'b', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    apr_table_clear(h);
    apr_table_set(h, "Content-Type", "text/plain");
    req.body = big;
    req.body_len = strlen(big);
    req.method = "PUT";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    echo = ut_json(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(echo);
    UT_ASSERT_STR(ut_json_str(echo, "method"), "PUT");
    UT_ASSERT_INT(strlen(ut_json_str(echo, "body")), sizeof(big) - 1);
    CU_ASSERT_FATAL(json_object_object_get_ex(echo, "headers", &headers));
    UT_ASSERT_STR(ut_json_str(headers, "content-type"), "text/plain");
    CU_ASSERT(!json_object_object_get_ex(headers, "expect", &v));

    /* Methods without a body. */
    req.headers = NULL;
    req.body = NULL;
    req.body_len = 0;
    req.method = "DELETE";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    echo = ut_json(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(echo);
    UT_ASSERT_STR(ut_json_str(echo, "method"), "DELETE");
    UT_ASSERT_STR(ut_json_str(echo, "body"), "");
    CU_ASSERT_FATAL(json_object_object_get_ex(echo, "headers", &headers));
    CU_ASSERT(!json_object_object_get_ex(headers, "content-type", &v));
    CU_ASSERT(!json_object_object_get_ex(headers, "content-length", &v));
    /* POST without a body: an empty one, declared, and not a form. */
    req.method = "POST";
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    echo = ut_json(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(echo);
    UT_ASSERT_STR(ut_json_str(echo, "method"), "POST");
    CU_ASSERT_FATAL(json_object_object_get_ex(echo, "headers", &headers));
    UT_ASSERT_STR(ut_json_str(headers, "content-length"), "0");
    CU_ASSERT(!json_object_object_get_ex(headers, "content-type", &v));
    req.method = "HEAD";
    req.url = tls_url("127.0.0.1", "/ok");
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(res.status, 200);
    UT_ASSERT_INT(res.body_len, 0);
}

typedef struct {
    apr_size_t len, calls;
    int fail;
} sink_t;

static apr_status_t count_sink(void *baton, const char *data, apr_size_t len)
{
    sink_t *s = baton;
    apr_size_t i;

    for (i = 0; i < len; i++) {
        if (data[i] != 'y') {
            return APR_EGENERAL;
        }
    }
    s->len += len;
    s->calls++;
    return s->fail ? APR_EGENERAL : APR_SUCCESS;
}

static void test_live_sink(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    fb_fetch_request_t req = get(tls_url("127.0.0.1", "/chunked?n=100000"));
    fb_fetch_result_t res;
    sink_t sink = {0, 0, 0};

    req.sink = count_sink;
    req.sink_baton = &sink;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_OK);
    UT_ASSERT_INT(sink.len, 100000);
    CU_ASSERT(sink.calls >= 1);
    CU_ASSERT_PTR_NULL(res.body);

    /* The cap applies to what reaches the sink too. */
    memset(&sink, 0, sizeof(sink));
    req.max_size = 50000;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_TOO_LARGE);
    CU_ASSERT(sink.len <= 50000);

    /* A failing sink stops the transfer. */
    memset(&sink, 0, sizeof(sink));
    sink.fail = 1;
    req.max_size = 0;
    UT_ASSERT_INT(fb_fetch(ut_pool, &opt, &req, &res), FB_FETCH_INTERNAL);
    UT_ASSERT_INT(sink.calls, 1);
}

/* What one thread of the concurrency test shares with the test. */
typedef struct {
    const fb_fetch_options_t *opt;
    const char *url;
    int ok;                     /* requests that got "hello" */
} worker_t;

static void *APR_THREAD_FUNC fetch_worker(apr_thread_t *t, void *baton)
{
    worker_t *w = baton;
    apr_pool_t *p;
    int i;

    apr_pool_create(&p, NULL);
    for (i = 0; i < 5; i++) {
        fb_fetch_request_t req = get(w->url);
        fb_fetch_result_t res;

        if (fb_fetch(p, w->opt, &req, &res) == FB_FETCH_OK
            && strcmp(res.body, "hello") == 0) {
            w->ok++;
        }
        apr_pool_clear(p);
    }
    apr_pool_destroy(p);
    /* A plain return, not apr_thread_exit(): AddressSanitizer reports the
     * stack left behind by pthread_exit() as used after its scope. */
    (void)t;
    return NULL;
}

/* httpd's children run requests on threads: one shared options and
 * policy, many requests at once. */
static void test_live_threads(void)
{
    fb_fetch_options_t opt = options(FB_NETPOLICY_TESTING);
    worker_t w[6];
    apr_thread_t *t[6];
    apr_status_t rv;
    apr_size_t i;

    for (i = 0; i < NELTS(w); i++) {
        w[i].opt = &opt;
        w[i].url = tls_url(i % 2 ? "localhost" : "127.0.0.1", "/ok");
        w[i].ok = 0;
        CU_ASSERT_FATAL(apr_thread_create(&t[i], NULL, fetch_worker, &w[i],
                                          ut_pool) == APR_SUCCESS);
    }
    for (i = 0; i < NELTS(w); i++) {
        apr_thread_join(&rv, t[i]);
        UT_ASSERT_INT(w[i].ok, 5);
    }
}

/* libcurl initialised around the offline suite, as httpd does it. */
static apr_pool_t *checks_pool;

static int checks_init(void)
{
    const char *why = NULL;

    if (apr_pool_create(&checks_pool, NULL) != APR_SUCCESS
        || fb_fetch_global_init(checks_pool, &why) != APR_SUCCESS) {
        fprintf(stderr, "test_fetch: %s\n", why ? why : "no pool");
        return 1;
    }
    return 0;
}

static int checks_cleanup(void)
{
    apr_pool_destroy(checks_pool);
    return 0;
}

void test_fetch_register(void)
{
    static const ut_test_t checks[] = {
        {"URL checks", test_check_url},
        {"URL checks: operator allow", test_check_url_operator_allow},
        {"URL checks: lengths", test_check_url_lengths},
        {"error names", test_error_names},
        {"refused before connecting", test_refused_before_connecting},
        {NULL, NULL}
    };
    static const ut_test_t live[] = {
        {"200 with a body", test_live_ok},
        {"a session reuses its connection", test_live_session},
        {"loopback refused at connect, nothing reaches the server",
         test_live_loopback_refused},
        {"operator deny at connect", test_live_operator_deny},
        {"http refused without the testing flag", test_live_http},
        {"redirect not followed", test_live_redirect_not_followed},
        {"other statuses", test_live_status},
        {"size cap", test_live_size_cap},
        {"time-out", test_live_timeout},
        {"abandoned by a stopping caller", test_live_abandon},
        {"untrusted certificate", test_live_untrusted_certificate},
        {"connection refused", test_live_connect_refused},
        {"POST with headers", test_live_post},
        {"body sink", test_live_sink},
        {"threads share options and policy", test_live_threads},
        {NULL, NULL}
    };

    ut_add_suite("fb_fetch", checks_init, checks_cleanup, NULL, NULL, checks);
    ut_add_suite("fb_fetch: live", live_init, live_cleanup, NULL, NULL,
                 live);
}
