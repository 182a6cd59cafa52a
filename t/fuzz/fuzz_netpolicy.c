/*
 * fuzz_netpolicy: outbound URLs and the addresses they may reach.
 *
 * The input is read as a URL a client stores (fb_fetch_check_url, which
 * parses it with libcurl and reads its host), as a URL host in every
 * spelling (fb_netaddr_parse_host), as an operator's range
 * (fb_netrange_parse) and, as raw bytes, as a socket address.  Three
 * policies judge each address: the built-in one, one with an operator's
 * deny and allow ranges, and the testing one.  Properties checked: an
 * address read from a host formats to text that reads back as the same
 * address; a range contains its own address; the testing policy, which
 * only adds allowed ranges, allows whatever the built-in one allows, and
 * accepts every URL it accepts.
 */
#include <string.h>
#include <netinet/in.h>

#include <apr_tables.h>
#include <curl/curl.h>

#include "fz.h"

#include "fb_fetch.h"
#include "fb_netpolicy.h"

static fb_netpolicy_t *fz_builtin, *fz_operator, *fz_testing;

/* An array of the ranges named in texts (NULL-terminated), in p. */
static apr_array_header_t *fz_ranges(apr_pool_t *p, const char *const *texts)
{
    apr_array_header_t *arr = apr_array_make(p, 4, sizeof(fb_netrange_t));

    for (; *texts != NULL; texts++) {
        if (fb_netrange_parse(*texts, apr_array_push(arr)) != NULL) {
            fz_fail("operator range", *texts);
        }
    }
    return arr;
}

static void fz_policies(void)
{
    static const char *const deny[] = {"203.0.113.0/24", "2001:db8::/32",
                                       NULL};
    static const char *const allow[] = {"10.1.0.0/16", "2002::/16",
                                        "fd00::/8", NULL};
    apr_pool_t *p;

    if (fz_builtin != NULL) {
        return;
    }
    /* A pool that is never destroyed, as a server's configuration pool. */
    p = fz_pool_begin();
    curl_global_init(CURL_GLOBAL_DEFAULT);
    fz_builtin = fb_netpolicy_create(p, NULL, NULL, 0);
    fz_operator = fb_netpolicy_create(p, fz_ranges(p, deny),
                                      fz_ranges(p, allow), 0);
    fz_testing = fb_netpolicy_create(p, NULL, NULL, FB_NETPOLICY_TESTING);
    if (fz_builtin == NULL || fz_operator == NULL || fz_testing == NULL) {
        fz_fail("fb_netpolicy_create", "no policy");
    }
}

/* Judges a under every policy; the testing one must be as permissive. */
static void fz_judge(const fb_netaddr_t *a)
{
    const char *why = NULL;
    int builtin = fb_netpolicy_allows(fz_builtin, a, &why);

    if (!builtin && why == NULL) {
        fz_fail("fb_netpolicy_allows", "refused without a rule");
    }
    (void)fb_netpolicy_allows(fz_operator, a, &why);
    if (builtin && !fb_netpolicy_allows(fz_testing, a, NULL)) {
        fz_fail("testing policy", "refuses what the built-in one allows");
    }
}

static void fz_host(apr_pool_t *p, const char *text)
{
    fb_netaddr_t a, back;
    const char *formatted;

    if (fb_netaddr_parse_host(text, &a) != FB_HOST_ADDRESS) {
        return;
    }
    fz_judge(&a);
    formatted = fb_netaddr_format(p, &a);
    if (fb_netaddr_parse_host(formatted, &back) != FB_HOST_ADDRESS
        || memcmp(a.b, back.b, sizeof(a.b)) != 0) {
        fz_fail("address does not read back", formatted);
    }
}

static void fz_range(const char *text)
{
    fb_netrange_t r;

    if (fb_netrange_parse(text, &r) == NULL
        && !fb_netrange_contains(&r, &r.addr)) {
        fz_fail("range does not contain its address", text);
    }
}

static void fz_url(const char *text)
{
    const char *builtin = fb_fetch_check_url(fz_builtin, text);

    (void)fb_fetch_check_url(fz_operator, text);
    if (builtin == NULL && fb_fetch_check_url(fz_testing, text) != NULL) {
        fz_fail("testing policy refuses a URL", text);
    }
}

/* The input's first bytes as an IPv4 and an IPv6 socket address. */
static void fz_sockaddr(const uint8_t *data, size_t size)
{
    struct sockaddr_in in4;
    struct sockaddr_in6 in6;

    memset(&in4, 0, sizeof(in4));
    memset(&in6, 0, sizeof(in6));
    in4.sin_family = AF_INET;
    in6.sin6_family = AF_INET6;
    memcpy(&in4.sin_addr, data, size < 4 ? size : 4);
    memcpy(&in6.sin6_addr, data, size < 16 ? size : 16);
    (void)fb_netpolicy_allows_sockaddr(fz_builtin,
                                       (const struct sockaddr *)&in4,
                                       sizeof(in4), NULL);
    (void)fb_netpolicy_allows_sockaddr(fz_operator,
                                       (const struct sockaddr *)&in6,
                                       sizeof(in6), NULL);
    /* Too short for its family: refused, not read past its end. */
    (void)fb_netpolicy_allows_sockaddr(fz_builtin,
                                       (const struct sockaddr *)&in6,
                                       sizeof(in4), NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    apr_pool_t *p;
    char *text;

    fz_policies();
    p = fz_pool_begin();
    text = fz_string(p, data, size);
    fz_url(text);
    fz_host(p, text);
    fz_range(text);
    fz_sockaddr(data, size);
    fz_pool_end(p);
    return 0;
}
