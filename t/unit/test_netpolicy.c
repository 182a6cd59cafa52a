/*
 * test_netpolicy.c: outbound address rules (fb_netpolicy): ranges, host
 * literals in every spelling, the built-in table edge by edge, embedded
 * IPv4 addresses, operator ranges and the testing flag.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_netpolicy.h"
#include "unit.h"

#define NELTS(a) (sizeof(a) / sizeof((a)[0]))

/* Reads an address written as inet_pton reads it (IPv4 or IPv6). */
static fb_netaddr_t addr(const char *text)
{
    fb_netaddr_t a;
    fb_netrange_t r;

    memset(&a, 0, sizeof(a));
    if (fb_netrange_parse(text, &r) != NULL) {
        UT_ASSERT_STR(text, "(an address)");
        return a;
    }
    return r.addr;
}

/* An array of ranges read from texts (NULL-terminated). */
static apr_array_header_t *ranges(const char *const *texts)
{
    apr_array_header_t *arr = apr_array_make(ut_pool, 4,
                                             sizeof(fb_netrange_t));

    for (; texts != NULL && *texts != NULL; texts++) {
        fb_netrange_t *r = apr_array_push(arr);

        if (!UT_ASSERT_STR(fb_netrange_parse(*texts, r), NULL)) {
            UT_ASSERT_STR(*texts, "(a range)");
        }
    }
    return arr;
}

#define RANGES(...) ranges((const char *const[]){__VA_ARGS__, NULL})

static fb_netpolicy_t *policy(const apr_array_header_t *deny,
                              const apr_array_header_t *allow, int flags)
{
    fb_netpolicy_t *np = fb_netpolicy_create(ut_pool, deny, allow, flags);

    CU_ASSERT_PTR_NOT_NULL_FATAL(np);
    return np;
}

typedef struct {
    const char *address;
    int allowed;
} verdict_t;

/*
 * Checks each address against np, as an fb_netaddr_t and as a socket
 * address: IPv4 ones both as AF_INET and as IPv4-mapped AF_INET6.
 */
static void check_verdicts(const fb_netpolicy_t *np, const verdict_t *v,
                           apr_size_t n)
{
    apr_size_t i;

    for (i = 0; i < n; i++) {
        fb_netaddr_t a = addr(v[i].address);
        struct sockaddr_in in4;
        struct sockaddr_in6 in6;
        const char *label = apr_psprintf(ut_pool, "%s allowed",
                                         v[i].address);

        if (!ut_assert_int(fb_netpolicy_allows(np, &a, NULL), v[i].allowed,
                           label, __FILE__, __LINE__)) {
            continue;
        }
        memset(&in6, 0, sizeof(in6));
        in6.sin6_family = AF_INET6;
        in6.sin6_port = htons(443);
        memcpy(&in6.sin6_addr, a.b, 16);
        ut_assert_int(fb_netpolicy_allows_sockaddr(
                          np, (struct sockaddr *)&in6, sizeof(in6), NULL),
                      v[i].allowed, apr_pstrcat(ut_pool, label,
                                                " (sockaddr_in6)", NULL),
                      __FILE__, __LINE__);
        if (strchr(v[i].address, ':') == NULL) {
            memset(&in4, 0, sizeof(in4));
            in4.sin_family = AF_INET;
            in4.sin_port = htons(443);
            memcpy(&in4.sin_addr, a.b + 12, 4);
            ut_assert_int(fb_netpolicy_allows_sockaddr(
                              np, (struct sockaddr *)&in4, sizeof(in4),
                              NULL),
                          v[i].allowed, apr_pstrcat(ut_pool, label,
                                                    " (sockaddr_in)", NULL),
                          __FILE__, __LINE__);
        }
    }
}

#define CHECK_VERDICTS(np, table) check_verdicts((np), (table), NELTS(table))

static void test_range_parse(void)
{
    static const struct {
        const char *text, *formatted;
        unsigned bits;
    } good[] = {
        {"10.0.0.0/8", "10.0.0.0", 104},
        {"10.1.2.3", "10.1.2.3", 128},
        {"10.1.2.3/32", "10.1.2.3", 128},
        {"0.0.0.0/0", "0.0.0.0", 96},
        {"100.64.0.0/10", "100.64.0.0", 106},
        {"::/0", "::", 0},
        {"::1", "::1", 128},
        {"2001:db8::/32", "2001:db8::", 32},
        {"FE80::/10", "fe80::", 10},
        {"::ffff:10.0.0.0/104", "10.0.0.0", 104},
        {"10.0.0.0/08", "10.0.0.0", 104},
    };
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"10.0.0.1/8", "has bits set after its prefix length"},
        {"2001:db8::1/32", "has bits set after its prefix length"},
        {"10.0.0.0/33", "has a prefix length that is not 0 to 32"},
        {"::/129", "has a prefix length that is not 0 to 128"},
        {"10.0.0.0/", "has a prefix length that is not 0 to 32"},
        {"10.0.0.0/-1", "has a prefix length that is not 0 to 32"},
        {"10.0.0.0/ 8", "has a prefix length that is not 0 to 32"},
        {"10.0.0.0/8/8", "has a prefix length that is not 0 to 32"},
        {"10.0.0.0/0008", "has a prefix length that is not 0 to 32"},
        {"10.1/16", "is not an IPv4 or IPv6 address or range"},
        {"010.0.0.0/8", "is not an IPv4 or IPv6 address or range"},
        {"0x0a.0.0.0/8", "is not an IPv4 or IPv6 address or range"},
        {"example.com", "is not an IPv4 or IPv6 address or range"},
        {"", "is not an IPv4 or IPv6 address or range"},
        {"/8", "is not an IPv4 or IPv6 address or range"},
        {"10.0.0.0 /8", "is not an IPv4 or IPv6 address or range"},
        {"[::1]/128", "is not an IPv4 or IPv6 address or range"},
        {"fe80::1%eth0/128", "is not an IPv4 or IPv6 address or range"},
    };
    apr_size_t i;

    for (i = 0; i < NELTS(good); i++) {
        fb_netrange_t r;

        if (!UT_ASSERT_STR(fb_netrange_parse(good[i].text, &r), NULL)) {
            UT_ASSERT_STR(good[i].text, "(parsed)");
            continue;
        }
        UT_ASSERT_STR(fb_netaddr_format(ut_pool, &r.addr),
                      good[i].formatted);
        UT_ASSERT_INT(r.bits, good[i].bits);
    }
    for (i = 0; i < NELTS(bad); i++) {
        fb_netrange_t r;

        if (!UT_ASSERT_STR(fb_netrange_parse(bad[i].text, &r), bad[i].why)) {
            UT_ASSERT_STR(bad[i].text, "(refused)");
        }
    }
}

static void test_range_contains(void)
{
    static const struct {
        const char *range, *address;
        int inside;
    } cases[] = {
        {"0.0.0.0/0", "255.255.255.255", 1},
        {"0.0.0.0/0", "::1", 0},            /* IPv4 ranges hold IPv4 only */
        {"::/0", "10.0.0.1", 1},            /* ::/0 is everything */
        {"10.0.0.0/8", "::ffff:10.9.9.9", 1},
        {"10.0.0.0/8", "::10.9.9.9", 0},
        {"172.16.0.0/12", "172.31.255.255", 1},
        {"172.16.0.0/12", "172.32.0.0", 0},
        {"172.16.0.0/12", "172.15.255.255", 0},
        {"1.2.3.4", "1.2.3.4", 1},
        {"1.2.3.4", "1.2.3.5", 0},
        {"fe80::/10", "febf:ffff::", 1},
        {"fe80::/10", "fec0::", 0},
    };
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        fb_netrange_t r;
        fb_netaddr_t a = addr(cases[i].address);

        CU_ASSERT_PTR_NULL_FATAL(fb_netrange_parse(cases[i].range, &r));
        ut_assert_int(fb_netrange_contains(&r, &a), cases[i].inside,
                      apr_pstrcat(ut_pool, cases[i].range, " contains ",
                                  cases[i].address, NULL),
                      __FILE__, __LINE__);
    }
}

/* Every spelling of an address a URL host may use, and what is no
 * address at all. */
static void test_host_literals(void)
{
    static const struct {
        const char *host;
        fb_host_kind_e kind;
        const char *address;    /* fb_netaddr_format of the result */
    } cases[] = {
        /* Dotted quad and inet_aton's shorter forms. */
        {"127.0.0.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"127.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"127.0.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"2130706433", FB_HOST_ADDRESS, "127.0.0.1"},
        {"0x7f.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"0x7F000001", FB_HOST_ADDRESS, "127.0.0.1"},
        {"0X7f.0x0.0X0.0x1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"017700000001", FB_HOST_ADDRESS, "127.0.0.1"},
        {"0177.0.0.01", FB_HOST_ADDRESS, "127.0.0.1"},
        {"0177.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"00000177.0x00000.0.1", FB_HOST_ADDRESS, "127.0.0.1"},
        {"127.0.0.1.", FB_HOST_ADDRESS, "127.0.0.1"},
        {"169.254.43518", FB_HOST_ADDRESS, "169.254.169.254"},
        {"0", FB_HOST_ADDRESS, "0.0.0.0"},
        {"00", FB_HOST_ADDRESS, "0.0.0.0"},
        {"4294967295", FB_HOST_ADDRESS, "255.255.255.255"},
        {"0xffffffff", FB_HOST_ADDRESS, "255.255.255.255"},
        {"037777777777", FB_HOST_ADDRESS, "255.255.255.255"},
        {"1.16777215", FB_HOST_ADDRESS, "1.255.255.255"},
        {"1.2.65535", FB_HOST_ADDRESS, "1.2.255.255"},
        {"8.8.8.8", FB_HOST_ADDRESS, "8.8.8.8"},
        /* Written as numbers, but no address. */
        {"4294967296", FB_HOST_INVALID, NULL},
        {"0x100000000", FB_HOST_INVALID, NULL},
        {"040000000000", FB_HOST_INVALID, NULL},
        {"99999999999999999999999", FB_HOST_INVALID, NULL},
        {"256.0.0.1", FB_HOST_INVALID, NULL},
        {"1.256.0.1", FB_HOST_INVALID, NULL},
        {"1.16777216", FB_HOST_INVALID, NULL},
        {"1.2.65536", FB_HOST_INVALID, NULL},
        {"1.2.3.256", FB_HOST_INVALID, NULL},
        {"08.1", FB_HOST_INVALID, NULL},
        {"0x", FB_HOST_INVALID, NULL},
        {"1.2.3.4.5", FB_HOST_INVALID, NULL},
        {"1..2", FB_HOST_INVALID, NULL},
        {".1", FB_HOST_INVALID, NULL},
        {"1.2.3.4..", FB_HOST_INVALID, NULL},
        {"a.1", FB_HOST_INVALID, NULL},
        {"example.123", FB_HOST_INVALID, NULL},
        {"", FB_HOST_INVALID, NULL},
        {".", FB_HOST_INVALID, NULL},
        {"a..b", FB_HOST_INVALID, NULL},
        {NULL, FB_HOST_INVALID, NULL},
        /* Names. */
        {"example.com", FB_HOST_NAME, NULL},
        {"example.com.", FB_HOST_NAME, NULL},
        {"localhost", FB_HOST_NAME, NULL},
        {"1.a", FB_HOST_NAME, NULL},
        {"0x7f.example", FB_HOST_NAME, NULL},
        {"0xg", FB_HOST_NAME, NULL},
        {"1e3", FB_HOST_NAME, NULL},
        {"-1", FB_HOST_NAME, NULL},
        {"123abc", FB_HOST_NAME, NULL},
        {"xn--bcher-kva.example", FB_HOST_NAME, NULL},
        /* IPv6, in brackets as in URLs. */
        {"[::1]", FB_HOST_ADDRESS, "::1"},
        {"[::]", FB_HOST_ADDRESS, "::"},
        {"[::ffff:127.0.0.1]", FB_HOST_ADDRESS, "127.0.0.1"},
        {"[::ffff:7f00:1]", FB_HOST_ADDRESS, "127.0.0.1"},
        {"[0:0:0:0:0:FFFF:7F00:0001]", FB_HOST_ADDRESS, "127.0.0.1"},
        {"[::127.0.0.1]", FB_HOST_ADDRESS, "::127.0.0.1"},
        {"[::ffff:0:127.0.0.1]", FB_HOST_ADDRESS, "::ffff:0:7f00:1"},
        {"[64:ff9b::7f00:1]", FB_HOST_ADDRESS, "64:ff9b::7f00:1"},
        {"[fe80::1%25eth0]", FB_HOST_ADDRESS, "fe80::1"},
        {"[fe80::1%eth0]", FB_HOST_ADDRESS, "fe80::1"},
        {"[2606:4700:4700::1111]", FB_HOST_ADDRESS, "2606:4700:4700::1111"},
        {"::1", FB_HOST_ADDRESS, "::1"},
        {"[::1", FB_HOST_INVALID, NULL},
        {"[", FB_HOST_INVALID, NULL},
        {"[]", FB_HOST_INVALID, NULL},
        {"[%25x]", FB_HOST_INVALID, NULL},
        {"[v1.x]", FB_HOST_INVALID, NULL},
        {"[127.0.0.1]", FB_HOST_INVALID, NULL},
        {"[::ffff:127.1]", FB_HOST_INVALID, NULL},
        {"[::1]x", FB_HOST_INVALID, NULL},
        {"[1:2:3:4:5:6:7:8:9]", FB_HOST_INVALID, NULL},
        {"a:b", FB_HOST_INVALID, NULL},
    };
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        fb_netaddr_t a;
        fb_host_kind_e kind = fb_netaddr_parse_host(cases[i].host, &a);
        const char *label = apr_pstrcat(ut_pool, "kind of ",
                                        cases[i].host ? cases[i].host
                                                      : "NULL", NULL);

        if (ut_assert_int(kind, cases[i].kind, label, __FILE__, __LINE__)
            && kind == FB_HOST_ADDRESS) {
            UT_ASSERT_STR(fb_netaddr_format(ut_pool, &a), cases[i].address);
        }
    }
}

/*
 * Every built-in range: its first and last address are refused, naming
 * the range, and the addresses just before and just after it get the
 * verdict given (refused where they fall in a neighbouring range).  NULL:
 * the range starts or ends its family.
 */
static const struct {
    const char *range, *name;
    const char *first, *last;
    const char *before;
    int before_ok;
    const char *after;
    int after_ok;
} builtin_ranges[] = {
    {"0.0.0.0/8", "\"this\" network", "0.0.0.0", "0.255.255.255",
     NULL, 0, "1.0.0.0", 1},
    {"10.0.0.0/8", "private network", "10.0.0.0", "10.255.255.255",
     "9.255.255.255", 1, "11.0.0.0", 1},
    {"100.64.0.0/10", "shared address space", "100.64.0.0",
     "100.127.255.255", "100.63.255.255", 1, "100.128.0.0", 1},
    {"127.0.0.0/8", "loopback", "127.0.0.0", "127.255.255.255",
     "126.255.255.255", 1, "128.0.0.0", 1},
    {"169.254.0.0/16", "link-local", "169.254.0.0", "169.254.255.255",
     "169.253.255.255", 1, "169.255.0.0", 1},
    {"172.16.0.0/12", "private network", "172.16.0.0", "172.31.255.255",
     "172.15.255.255", 1, "172.32.0.0", 1},
    {"192.0.0.0/24", "IETF protocol assignments", "192.0.0.0",
     "192.0.0.255", "191.255.255.255", 1, "192.0.1.0", 1},
    {"192.0.2.0/24", "documentation", "192.0.2.0", "192.0.2.255",
     "192.0.1.255", 1, "192.0.3.0", 1},
    {"192.88.99.0/24", "6to4 relay anycast", "192.88.99.0",
     "192.88.99.255", "192.88.98.255", 1, "192.88.100.0", 1},
    {"192.168.0.0/16", "private network", "192.168.0.0",
     "192.168.255.255", "192.167.255.255", 1, "192.169.0.0", 1},
    {"198.18.0.0/15", "benchmarking", "198.18.0.0", "198.19.255.255",
     "198.17.255.255", 1, "198.20.0.0", 1},
    {"198.51.100.0/24", "documentation", "198.51.100.0", "198.51.100.255",
     "198.51.99.255", 1, "198.51.101.0", 1},
    {"203.0.113.0/24", "documentation", "203.0.113.0", "203.0.113.255",
     "203.0.112.255", 1, "203.0.114.0", 1},
    {"224.0.0.0/4", "multicast", "224.0.0.0", "239.255.255.255",
     "223.255.255.255", 1, "240.0.0.0", 0},
    {"240.0.0.0/4", "reserved", "240.0.0.0", "255.255.255.255",
     "239.255.255.255", 0, NULL, 0},
    {"::/128", "unspecified", "::", "::", NULL, 0, "::1", 0},
    /* ::2 is the IPv4-compatible form of 0.0.0.2. */
    {"::1/128", "loopback", "::1", "::1", "::", 0, "::2", 0},
    {"64:ff9b::/96", "NAT64", "64:ff9b::", "64:ff9b::ffff:ffff",
     "64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff", 1, "64:ff9b::1:0:0", 1},
    {"64:ff9b:1::/48", "local-use NAT64", "64:ff9b:1::",
     "64:ff9b:1:ffff:ffff:ffff:ffff:ffff",
     "64:ff9b:0:ffff:ffff:ffff:ffff:ffff", 1, "64:ff9b:2::", 1},
    {"100::/64", "discard-only", "100::", "100::ffff:ffff:ffff:ffff",
     "ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "100:0:0:1::", 0},
    {"100:0:0:1::/64", "dummy prefix", "100:0:0:1::",
     "100:0:0:1:ffff:ffff:ffff:ffff", "100::ffff:ffff:ffff:ffff", 0,
     "100:0:0:2::", 1},
    {"2001::/32", "Teredo", "2001::", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff",
     "2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "2001:1::", 0},
    {"2001:2::/48", "benchmarking", "2001:2::",
     "2001:2:0:ffff:ffff:ffff:ffff:ffff",
     "2001:1:ffff:ffff:ffff:ffff:ffff:ffff", 0, "2001:2:1::", 0},
    {"2001::/23", "IETF protocol assignments", "2001::",
     "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff",
     "2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "2001:200::", 1},
    {"2001:db8::/32", "documentation", "2001:db8::",
     "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
     "2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", 1, "2001:db9::", 1},
    {"2002::/16", "6to4", "2002::", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "2003::", 1},
    {"3fff::/20", "documentation", "3fff::",
     "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff",
     "3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "3fff:1000::", 1},
    {"5f00::/16", "SRv6 segment identifiers", "5f00::",
     "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "5f01::", 1},
    {"fc00::/7", "unique local", "fc00::",
     "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "fe00::", 1},
    {"fe80::/10", "link-local", "fe80::",
     "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 1, "fec0::", 0},
    {"fec0::/10", "site-local", "fec0::",
     "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, "ff00::", 0},
    {"ff00::/8", "multicast", "ff00::",
     "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
     "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0, NULL, 0},
};

static void test_builtin_edges(void)
{
    fb_netpolicy_t *np = policy(NULL, NULL, 0);
    apr_size_t i;

    for (i = 0; i < NELTS(builtin_ranges); i++) {
        verdict_t v[4];
        apr_size_t n = 0;
        fb_netaddr_t last = addr(builtin_ranges[i].last);
        const char *why = NULL;

        v[n++] = (verdict_t){builtin_ranges[i].first, 0};
        v[n++] = (verdict_t){builtin_ranges[i].last, 0};
        if (builtin_ranges[i].before != NULL) {
            v[n++] = (verdict_t){builtin_ranges[i].before,
                                 builtin_ranges[i].before_ok};
        }
        if (builtin_ranges[i].after != NULL) {
            v[n++] = (verdict_t){builtin_ranges[i].after,
                                 builtin_ranges[i].after_ok};
        }
        check_verdicts(np, v, n);
        fb_netpolicy_allows(np, &last, &why);
        UT_ASSERT_STR(why, apr_pstrcat(ut_pool, builtin_ranges[i].range,
                                       " (", builtin_ranges[i].name, ")",
                                       NULL));
    }
}

/* Addresses of no special purpose, and the globally reachable entries
 * of the registries that lie outside every refused block. */
static void test_global_addresses(void)
{
    static const verdict_t v[] = {
        {"8.8.8.8", 1}, {"1.1.1.1", 1}, {"93.184.216.34", 1},
        {"192.31.196.1", 1}, {"192.52.193.1", 1}, {"192.175.48.1", 1},
        {"2606:4700:4700::1111", 1}, {"2001:4860:4860::8888", 1},
        {"2620:4f:8000::1", 1}, {"2a00:1450:4001::1", 1},
    };

    CHECK_VERDICTS(policy(NULL, NULL, 0), v);
}

/* IPv4 addresses inside IPv6 ones are judged as IPv4. */
static void test_embedded_ipv4(void)
{
    static const verdict_t by_default[] = {
        /* IPv4-mapped: the IPv4 address itself. */
        {"::ffff:127.0.0.1", 0}, {"::ffff:10.0.0.1", 0},
        {"::ffff:0.0.0.0", 0}, {"::ffff:169.254.169.254", 0},
        {"::ffff:8.8.8.8", 1},
        /* IPv4-compatible (deprecated, still routed by some stacks). */
        {"::127.0.0.1", 0}, {"::10.0.0.1", 0}, {"::0.0.0.2", 0},
        {"::192.168.1.1", 0}, {"::8.8.8.8", 1},
        /* IPv4-translated. */
        {"::ffff:0:127.0.0.1", 0}, {"::ffff:0:8.8.8.8", 1},
        /* Outside every form: no IPv4 inside. */
        {"::1:0:0:0", 1},
        /* The documentation and relay ranges in each form. */
        {"::ffff:192.0.2.2", 0}, {"::ffff:198.51.100.7", 0},
        {"::ffff:203.0.113.1", 0}, {"::ffff:192.88.99.1", 0},
        {"::192.0.2.2", 0}, {"::ffff:0:198.51.100.7", 0},
    };
    /* With the translation ranges allowed, the IPv4 inside still counts. */
    static const verdict_t translated[] = {
        {"64:ff9b::8.8.8.8", 1}, {"64:ff9b::127.0.0.1", 0},
        {"64:ff9b::10.1.2.3", 0}, {"64:ff9b::a9fe:a9fe", 0},
        {"2002:808:808::", 1}, {"2002:808:808:1:2:3:4:5", 1},
        {"2002:7f00:1::", 0}, {"2002:c0a8:101::1", 0},
        {"2002:a00:1::", 0},
        /* Teredo: server 65.54.227.120, client 8.8.4.4 (inverted). */
        {"2001:0:4136:e378:8000:63bf:f7f7:fbfb", 1},
        /* Client 192.0.2.45, a documentation address. */
        {"2001:0:4136:e378:8000:63bf:3fff:fdd2", 0},
        /* Server 192.0.2.1. */
        {"2001:0:c000:201:8000:63bf:f7f7:fbfb", 0},
        /* NAT64 and 6to4 of 192.0.2.2, 203.0.113.1 and 192.88.99.1. */
        {"64:ff9b::c000:202", 0}, {"64:ff9b::cb00:7101", 0},
        {"2002:c000:202::", 0}, {"2002:c058:6301::", 0},
        /* Client 127.0.0.1 (80ff:fffe inverted). */
        {"2001:0:4136:e378:8000:63bf:80ff:fffe", 0},
        /* Server 10.0.0.1. */
        {"2001:0:a00:1:8000:63bf:3fff:fdd2", 0},
    };

    CHECK_VERDICTS(policy(NULL, NULL, 0), by_default);
    CHECK_VERDICTS(policy(NULL, RANGES("64:ff9b::/96", "2002::/16",
                                       "2001::/32"), 0), translated);
}

static void test_operator_ranges(void)
{
    static const verdict_t denied[] = {
        {"203.0.112.255", 1}, {"203.0.113.0", 0}, {"203.0.113.255", 0},
        {"203.0.114.0", 1}, {"::ffff:203.0.113.5", 0},
        {"::203.0.113.5", 0}, {"2606:4700:4700::1111", 0},
        {"2606:4701::", 1}, {"127.0.0.1", 0}, {"8.8.8.8", 1},
    };
    static const verdict_t allowed[] = {
        {"10.1.1.255", 0}, {"10.1.2.0", 1}, {"10.1.2.255", 1},
        {"10.1.3.0", 0}, {"::ffff:10.1.2.3", 1}, {"fd00:1::1", 1},
        {"fd00:2::1", 0}, {"127.0.0.1", 0}, {"8.8.8.8", 1},
    };
    /* An operator's deny beats an allow, whichever is wider. */
    static const verdict_t both[] = {
        {"10.0.0.4", 1}, {"10.0.0.5", 0}, {"10.0.0.6", 1},
        {"192.168.1.1", 0}, {"192.168.2.1", 1},
        /* Through 6to4, once allowed, the deny still applies. */
        {"2002:cb00:7105::", 0}, {"2002:cb00:7205::", 1},
    };

    CHECK_VERDICTS(policy(RANGES("203.0.113.0/24", "2606:4700::/32"), NULL,
                          0), denied);
    CHECK_VERDICTS(policy(NULL, RANGES("10.1.2.0/24", "fd00:1::/32"), 0),
                   allowed);
    CHECK_VERDICTS(policy(RANGES("10.0.0.5", "192.168.1.0/24",
                                 "203.0.113.0/24"),
                          RANGES("10.0.0.0/8", "192.168.0.0/16",
                                 "2002::/16"), 0), both);
}

static void test_testing_flag(void)
{
    static const verdict_t v[] = {
        {"127.0.0.1", 1}, {"127.0.0.0", 1}, {"127.255.255.255", 1},
        {"::1", 1}, {"::ffff:127.0.0.1", 1},
        {"126.255.255.255", 1}, {"128.0.0.0", 1},
        {"10.0.0.1", 0}, {"0.0.0.0", 0}, {"::", 0}, {"fe80::1", 0},
        {"169.254.169.254", 0}, {"8.8.8.8", 1},
    };
    fb_netpolicy_t *np = policy(NULL, NULL, FB_NETPOLICY_TESTING);

    UT_ASSERT_INT(fb_netpolicy_flags(np), FB_NETPOLICY_TESTING);
    UT_ASSERT_INT(fb_netpolicy_flags(policy(NULL, NULL, 0)), 0);
    CHECK_VERDICTS(np, v);
    /* An operator may still deny loopback in testing. */
    np = policy(RANGES("127.0.0.2"), NULL, FB_NETPOLICY_TESTING);
    {
        fb_netaddr_t a = addr("127.0.0.2"), b = addr("127.0.0.1");

        UT_ASSERT_INT(fb_netpolicy_allows(np, &a, NULL), 0);
        UT_ASSERT_INT(fb_netpolicy_allows(np, &b, NULL), 1);
    }
}

/* A refusal names its rule. */
static void test_why(void)
{
    static const struct {
        const char *address, *why;
    } cases[] = {
        {"127.0.0.1", "127.0.0.0/8 (loopback)"},
        {"169.254.169.254", "169.254.0.0/16 (link-local)"},
        {"fd12::1", "fc00::/7 (unique local)"},
        {"64:ff9b:1::808:808", "64:ff9b:1::/48 (local-use NAT64)"},
        {"::ffff:10.0.0.1", "10.0.0.0/8 (private network)"},
        {"2002:7f00:1::", "127.0.0.0/8 (loopback)"},
        {"203.0.113.9", "FeedbackOutboundDeny 203.0.113.0/24"},
        {"2001:db8::1", "FeedbackOutboundDeny 2001:db8::/32"},
    };
    fb_netpolicy_t *np = policy(RANGES("203.0.113.0/24", "2001:db8::/32"),
                                RANGES("2002::/16"), 0);
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        fb_netaddr_t a = addr(cases[i].address);
        const char *why = NULL;

        UT_ASSERT_INT(fb_netpolicy_allows(np, &a, &why), 0);
        UT_ASSERT_STR(why, cases[i].why);
    }
}

/* Port 0 names no service: refused, as a URL's port and at connect. */
static void test_ports(void)
{
    static const struct {
        long port;
        int allowed;
    } cases[] = {
        {0, 0}, {1, 1}, {443, 1}, {65535, 1}, {65536, 0}, {-1, 0},
    };
    fb_netpolicy_t *np = policy(NULL, RANGES("8.8.8.8"),
                                FB_NETPOLICY_TESTING);
    struct sockaddr_in in4;
    struct sockaddr_in6 in6;
    const char *why = NULL;
    apr_size_t i;

    for (i = 0; i < NELTS(cases); i++) {
        ut_assert_int(fb_netpolicy_port_allowed(cases[i].port),
                      cases[i].allowed,
                      apr_psprintf(ut_pool, "port %ld", cases[i].port),
                      __FILE__, __LINE__);
    }
    /* Whatever allows the address, port 0 is refused. */
    memset(&in4, 0, sizeof(in4));
    in4.sin_family = AF_INET;
    in4.sin_addr.s_addr = htonl(0x08080808);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in4,
                                               sizeof(in4), &why), 0);
    UT_ASSERT_STR(why, "port 0");
    in4.sin_port = htons(1);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in4,
                                               sizeof(in4), NULL), 1);
    in4.sin_port = htons(65535);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in4,
                                               sizeof(in4), NULL), 1);
    memset(&in6, 0, sizeof(in6));
    in6.sin6_family = AF_INET6;
    in6.sin6_addr.s6_addr[15] = 1;      /* ::1, allowed in testing */
    why = NULL;
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in6,
                                               sizeof(in6), &why), 0);
    UT_ASSERT_STR(why, "port 0");
    in6.sin6_port = htons(8443);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in6,
                                               sizeof(in6), NULL), 1);
}

static void test_sockaddr_families(void)
{
    fb_netpolicy_t *np = policy(NULL, NULL, 0);
    struct sockaddr_in in4;
    struct sockaddr_in6 in6;
    struct sockaddr sa;
    const char *why = NULL;
    fb_netaddr_t a;

    memset(&in4, 0, sizeof(in4));
    in4.sin_family = AF_INET;
    in4.sin_port = htons(443);
    in4.sin_addr.s_addr = htonl(0x08080808);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in4,
                                               sizeof(in4), NULL), 1);
    /* Too short for its family. */
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, (struct sockaddr *)&in4,
                                               sizeof(in4) - 1, &why), 0);
    UT_ASSERT_STR(why, "not an IPv4 or IPv6 address");
    memset(&in6, 0, sizeof(in6));
    in6.sin6_family = AF_INET6;
    UT_ASSERT_INT(fb_netaddr_from_sockaddr((struct sockaddr *)&in6,
                                           sizeof(in6) - 1, &a), 0);
    memset(&sa, 0, sizeof(sa));
    sa.sa_family = AF_UNIX;
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, &sa, sizeof(sa), NULL),
                  0);
    UT_ASSERT_INT(fb_netpolicy_allows_sockaddr(np, NULL, 0, NULL), 0);
}

void test_netpolicy_register(void)
{
    static const ut_test_t tests[] = {
        {"ranges: parse", test_range_parse},
        {"ranges: contains", test_range_contains},
        {"host literals in every spelling", test_host_literals},
        {"built-in ranges, edge by edge", test_builtin_edges},
        {"globally reachable addresses", test_global_addresses},
        {"ports", test_ports},
        {"IPv4 inside IPv6", test_embedded_ipv4},
        {"operator deny and allow", test_operator_ranges},
        {"testing flag allows loopback", test_testing_flag},
        {"refusals name their rule", test_why},
        {"socket address families", test_sockaddr_families},
        {NULL, NULL}
    };

    ut_add_suite("fb_netpolicy", NULL, NULL, NULL, NULL, tests);
}
