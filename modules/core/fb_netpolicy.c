/*
 * fb_netpolicy: address literals, ranges and the verdict.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_netpolicy.h"

/*
 * The ranges refused by default: decisions.md's list, and every other
 * block the IANA special-purpose registries (IPv4 and IPv6) mark as not
 * globally reachable, documentation ranges included (a host's own
 * interface may sit in one).  A block so marked is refused whole even
 * where a smaller entry inside it is marked reachable (192.0.0.0/24,
 * 2001::/23): those entries are anycast services whose nearest instance
 * is often the operator's own (PCP, TURN, AMT, AS112) or identifiers
 * (ORCHIDv2, drone tags), never a webhook receiver or an image host.
 * fec0::/10, the deprecated site-local block, is not in the registry
 * but is private by its definition.  IPv4 ranges are read into their
 * mapped form (see the header).  The text after the range is what a
 * refusal names in the log; where ranges nest, the narrower comes first
 * so that it gives the name.
 */
static const char *const fb_builtin_denied[][2] = {
    {"0.0.0.0/8", "\"this\" network"},
    {"10.0.0.0/8", "private network"},
    {"100.64.0.0/10", "shared address space"},
    {"127.0.0.0/8", "loopback"},
    {"169.254.0.0/16", "link-local"},
    {"172.16.0.0/12", "private network"},
    {"192.0.0.0/24", "IETF protocol assignments"},
    {"192.0.2.0/24", "documentation"},
    {"192.88.99.0/24", "6to4 relay anycast"},
    {"192.168.0.0/16", "private network"},
    {"198.18.0.0/15", "benchmarking"},
    {"198.51.100.0/24", "documentation"},
    {"203.0.113.0/24", "documentation"},
    {"224.0.0.0/4", "multicast"},
    {"240.0.0.0/4", "reserved"},
    {"::/128", "unspecified"},
    {"::1/128", "loopback"},
    {"64:ff9b::/96", "NAT64"},
    {"64:ff9b:1::/48", "local-use NAT64"},
    {"100::/64", "discard-only"},
    {"100:0:0:1::/64", "dummy prefix"},
    {"2001::/32", "Teredo"},
    {"2001:2::/48", "benchmarking"},
    {"2001::/23", "IETF protocol assignments"},
    {"2001:db8::/32", "documentation"},
    {"2002::/16", "6to4"},
    {"3fff::/20", "documentation"},
    {"5f00::/16", "SRv6 segment identifiers"},
    {"fc00::/7", "unique local"},
    {"fe80::/10", "link-local"},
    {"fec0::/10", "site-local"},
    {"ff00::/8", "multicast"},
};

/* What FB_NETPOLICY_TESTING allows. */
static const char *const fb_testing_allowed[] = {"127.0.0.0/8", "::1/128"};

/*
 * IPv6 ranges whose addresses carry an IPv4 address, and where it sits.
 * Teredo carries two: its server's, and its client's with every bit
 * inverted.  Below min the form does not apply: :: and ::1 are the
 * unspecified and loopback addresses, not IPv4-compatible ones.
 */
static const struct {
    const char *range;
    unsigned offset;        /* byte where the IPv4 address starts */
    unsigned char invert;   /* XORed into each of its bytes */
    apr_uint32_t min;
} fb_embeddings[] = {
    {"::/96", 12, 0x00, 2},             /* IPv4-compatible */
    {"::ffff:0:0:0/96", 12, 0x00, 0},   /* IPv4-translated (SIIT) */
    {"64:ff9b::/96", 12, 0x00, 0},      /* NAT64 */
    {"2002::/16", 2, 0x00, 0},          /* 6to4 */
    {"2001::/32", 4, 0x00, 0},          /* Teredo server */
    {"2001::/32", 12, 0xff, 0},         /* Teredo client */
};

#define FB_NELTS(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    fb_netrange_t range;
    int allow;
    const char *name;
} fb_netrule_t;

struct fb_netpolicy {
    /* Checked in order; the first rule containing an address decides. */
    fb_netrule_t *rules;
    apr_size_t nrules;
    fb_netrange_t embeddings[FB_NELTS(fb_embeddings)];
    int flags;
};

/* ::ffff:0:0/96, the mapped form every IPv4 address takes here. */
static const unsigned char fb_mapped_prefix[12] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff
};

static void fb_netaddr_set_v4(fb_netaddr_t *a, const unsigned char v4[4])
{
    memcpy(a->b, fb_mapped_prefix, 12);
    memcpy(a->b + 12, v4, 4);
}

static void fb_netaddr_set_v4_number(fb_netaddr_t *a, apr_uint32_t n)
{
    unsigned char v4[4] = {
        (unsigned char)(n >> 24), (unsigned char)(n >> 16),
        (unsigned char)(n >> 8), (unsigned char)n
    };

    fb_netaddr_set_v4(a, v4);
}

static int fb_netaddr_is_v4(const fb_netaddr_t *a)
{
    return memcmp(a->b, fb_mapped_prefix, 12) == 0;
}

int fb_netrange_contains(const fb_netrange_t *r, const fb_netaddr_t *a)
{
    unsigned whole = r->bits / 8, rest = r->bits % 8;

    if (memcmp(r->addr.b, a->b, whole) != 0) {
        return 0;
    }
    if (rest == 0) {
        return 1;
    }
    return ((r->addr.b[whole] ^ a->b[whole])
            & (unsigned char)(0xff << (8 - rest))) == 0;
}

/* Reads a plain IPv4 dotted quad or IPv6 text (inet_pton's forms). */
static int fb_netaddr_pton(const char *text, apr_size_t len, int v6,
                           fb_netaddr_t *out)
{
    char buf[INET6_ADDRSTRLEN + 1];
    unsigned char v4[4];

    if (len == 0 || len >= sizeof(buf)) {
        return 0;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (v6) {
        return inet_pton(AF_INET6, buf, out->b) == 1;
    }
    if (inet_pton(AF_INET, buf, v4) != 1) {
        return 0;
    }
    fb_netaddr_set_v4(out, v4);
    return 1;
}

const char *fb_netrange_parse(const char *text, fb_netrange_t *out)
{
    const char *slash = strchr(text, '/');
    apr_size_t len = slash ? (apr_size_t)(slash - text) : strlen(text);
    int v6 = memchr(text, ':', len) != NULL;
    unsigned max = v6 ? 128 : 32, bits = max, i;

    if (!fb_netaddr_pton(text, len, v6, &out->addr)) {
        return "is not an IPv4 or IPv6 address or range";
    }
    if (slash != NULL) {
        const char *d = slash + 1;

        /* At most three digits: no sign, no spaces, no 1e2. */
        for (bits = 0, i = 0; d[i] >= '0' && d[i] <= '9' && i < 3; i++) {
            bits = bits * 10 + (unsigned)(d[i] - '0');
        }
        if (i == 0 || d[i] != '\0' || bits > max) {
            return v6 ? "has a prefix length that is not 0 to 128"
                      : "has a prefix length that is not 0 to 32";
        }
    }
    out->bits = v6 ? bits : 96 + bits;
    /* No bit may be set after the prefix. */
    for (i = out->bits; i < 128; i++) {
        if (out->addr.b[i / 8] & (0x80 >> (i % 8))) {
            return "has bits set after its prefix length";
        }
    }
    return NULL;
}

/*
 * Reads one part of an inet_aton-style IPv4 address: decimal, octal with
 * a leading 0, hexadecimal after 0x.  Fails on anything else, and on
 * values over 32 bits.
 */
static int fb_ipv4_part(const char *s, apr_size_t len, apr_uint64_t *out)
{
    unsigned base = 10;
    apr_uint64_t v = 0;
    apr_size_t i = 0;

    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
    }
    else if (len >= 2 && s[0] == '0') {
        base = 8;
        i = 1;
    }
    if (i == len) {
        return 0;           /* "" or a bare "0x" */
    }
    for (; i < len; i++) {
        unsigned c = (unsigned char)s[i], d;

        if (c >= '0' && c <= '9') {
            d = c - '0';
        }
        else if (c >= 'a' && c <= 'f') {
            d = c - 'a' + 10;
        }
        else if (c >= 'A' && c <= 'F') {
            d = c - 'A' + 10;
        }
        else {
            return 0;
        }
        if (d >= base) {
            return 0;
        }
        v = v * base + d;
        if (v > APR_UINT64_C(0xffffffff)) {
            return 0;
        }
    }
    *out = v;
    return 1;
}

/* Non-zero when label (len bytes) is written as a number. */
static int fb_label_is_number(const char *s, apr_size_t len)
{
    apr_size_t i = 0;
    int hex = 0;

    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        hex = 1;
        i = 2;
    }
    if (len == 0) {
        return 0;
    }
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];

        if (!(c >= '0' && c <= '9')
            && !(hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))) {
            return 0;
        }
    }
    return 1;
}

/* Non-zero when s (len bytes) holds two dots in a row. */
static int fb_has_empty_label(const char *s, apr_size_t len)
{
    apr_size_t i;

    for (i = 1; i < len; i++) {
        if (s[i] == '.' && s[i - 1] == '.') {
            return 1;
        }
    }
    return 0;
}

/* Reads an IPv4 address in any of inet_aton's spellings (len bytes). */
static int fb_parse_ipv4_forms(const char *s, apr_size_t len,
                               fb_netaddr_t *out)
{
    apr_uint64_t parts[4], last_max;
    apr_uint32_t v = 0;
    apr_size_t n = 0, start = 0, i;

    for (i = 0; i <= len; i++) {
        if (i < len && s[i] != '.') {
            continue;
        }
        if (n == 4 || !fb_ipv4_part(s + start, i - start, &parts[n])) {
            return 0;
        }
        n++;
        start = i + 1;
    }
    /* All parts but the last are bytes; the last fills what is left. */
    for (i = 0; i + 1 < n; i++) {
        if (parts[i] > 255) {
            return 0;
        }
        v |= (apr_uint32_t)parts[i] << (24 - 8 * i);
    }
    last_max = (APR_UINT64_C(1) << (8 * (5 - n))) - 1;
    if (parts[n - 1] > last_max) {
        return 0;
    }
    v |= (apr_uint32_t)parts[n - 1];
    fb_netaddr_set_v4_number(out, v);
    return 1;
}

fb_host_kind_e fb_netaddr_parse_host(const char *host, fb_netaddr_t *out)
{
    apr_size_t len = host ? strlen(host) : 0;
    const char *last;

    if (len == 0) {
        return FB_HOST_INVALID;
    }
    if (host[0] == '[') {
        const char *zone = memchr(host, '%', len);
        apr_size_t end = zone ? (apr_size_t)(zone - host) : len - 1;

        if (host[len - 1] != ']'
            || !fb_netaddr_pton(host + 1, end - 1, 1, out)) {
            return FB_HOST_INVALID;
        }
        return FB_HOST_ADDRESS;
    }
    if (memchr(host, ':', len) != NULL) {
        /* Not in a URL, but no name holds a colon either. */
        return fb_netaddr_pton(host, len, 1, out) ? FB_HOST_ADDRESS
                                                   : FB_HOST_INVALID;
    }
    if (host[len - 1] == '.') {
        len--;              /* the root of the DNS tree: same host */
    }
    /* No label may be empty, in a name or in an address. */
    if (len == 0 || host[0] == '.' || host[len - 1] == '.'
        || fb_has_empty_label(host, len)) {
        return FB_HOST_INVALID;
    }
    for (last = host + len; last > host && last[-1] != '.'; last--) {
    }
    if (!fb_label_is_number(last, (apr_size_t)(host + len - last))) {
        return FB_HOST_NAME;
    }
    return fb_parse_ipv4_forms(host, len, out) ? FB_HOST_ADDRESS
                                               : FB_HOST_INVALID;
}

int fb_netaddr_from_sockaddr(const struct sockaddr *sa, apr_size_t len,
                             fb_netaddr_t *out)
{
    if (sa == NULL) {
        return 0;
    }
    if (sa->sa_family == AF_INET && len >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

        fb_netaddr_set_v4(out, (const unsigned char *)&in->sin_addr);
        return 1;
    }
    if (sa->sa_family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;

        memcpy(out->b, &in6->sin6_addr, 16);
        return 1;
    }
    return 0;
}

const char *fb_netaddr_format(apr_pool_t *p, const fb_netaddr_t *a)
{
    char buf[INET6_ADDRSTRLEN];

    if (fb_netaddr_is_v4(a)) {
        return apr_psprintf(p, "%u.%u.%u.%u", a->b[12], a->b[13], a->b[14],
                            a->b[15]);
    }
    if (inet_ntop(AF_INET6, a->b, buf, sizeof(buf)) == NULL) {
        return "?";
    }
    return apr_pstrdup(p, buf);
}

/* The text of r as an operator writes it. */
static const char *fb_netrange_format(apr_pool_t *p, const fb_netrange_t *r)
{
    int v4 = fb_netaddr_is_v4(&r->addr) && r->bits >= 96;

    return apr_psprintf(p, "%s/%u", fb_netaddr_format(p, &r->addr),
                        v4 ? r->bits - 96 : r->bits);
}

/* Appends the operator's ranges of arr to np's rules. */
static void fb_netpolicy_add(apr_pool_t *p, fb_netpolicy_t *np,
                             const apr_array_header_t *arr, int allow)
{
    int i;

    for (i = 0; arr != NULL && i < arr->nelts; i++) {
        fb_netrule_t *rule = &np->rules[np->nrules++];

        rule->range = APR_ARRAY_IDX(arr, i, fb_netrange_t);
        rule->allow = allow;
        rule->name = apr_pstrcat(p, allow ? "FeedbackOutboundAllow "
                                          : "FeedbackOutboundDeny ",
                                 fb_netrange_format(p, &rule->range), NULL);
    }
}

/* Appends a rule read from text; zero when text is not a range. */
static int fb_netpolicy_add_text(apr_pool_t *p, fb_netpolicy_t *np,
                                 const char *text, const char *label,
                                 int allow)
{
    fb_netrule_t *rule = &np->rules[np->nrules];

    if (fb_netrange_parse(text, &rule->range) != NULL) {
        return 0;
    }
    rule->allow = allow;
    rule->name = apr_pstrcat(p, text, " (", label, ")", NULL);
    np->nrules++;
    return 1;
}

fb_netpolicy_t *fb_netpolicy_create(apr_pool_t *p,
                                    const apr_array_header_t *deny,
                                    const apr_array_header_t *allow,
                                    int flags)
{
    fb_netpolicy_t *np = apr_pcalloc(p, sizeof(*np));
    apr_size_t max = FB_NELTS(fb_builtin_denied) + FB_NELTS(fb_testing_allowed)
                     + (deny ? (apr_size_t)deny->nelts : 0)
                     + (allow ? (apr_size_t)allow->nelts : 0);
    apr_size_t i;
    int ok = 1;

    np->rules = apr_pcalloc(p, max * sizeof(*np->rules));
    np->flags = flags;
    /* Order is precedence: an operator's deny beats every allow. */
    fb_netpolicy_add(p, np, deny, 0);
    fb_netpolicy_add(p, np, allow, 1);
    for (i = 0; (flags & FB_NETPOLICY_TESTING)
                && i < FB_NELTS(fb_testing_allowed); i++) {
        ok &= fb_netpolicy_add_text(p, np, fb_testing_allowed[i],
                                    "FeedbackOutboundAllowLoopback", 1);
    }
    for (i = 0; i < FB_NELTS(fb_builtin_denied); i++) {
        ok &= fb_netpolicy_add_text(p, np, fb_builtin_denied[i][0],
                                    fb_builtin_denied[i][1], 0);
    }
    for (i = 0; i < FB_NELTS(fb_embeddings); i++) {
        ok &= fb_netrange_parse(fb_embeddings[i].range,
                                &np->embeddings[i]) == NULL;
    }
    /* The tables are constants: a failure is a defect of this file, which
     * the unit tests catch. */
    return ok ? np : NULL;
}

int fb_netpolicy_flags(const fb_netpolicy_t *np)
{
    return np->flags;
}

/* The first rule containing a, or NULL when none does. */
static const fb_netrule_t *fb_netpolicy_rule(const fb_netpolicy_t *np,
                                             const fb_netaddr_t *a)
{
    apr_size_t i;

    for (i = 0; i < np->nrules; i++) {
        if (fb_netrange_contains(&np->rules[i].range, a)) {
            return &np->rules[i];
        }
    }
    return NULL;
}

/* The rule refusing a itself, or NULL when a itself is allowed. */
static const fb_netrule_t *fb_netpolicy_refusal(const fb_netpolicy_t *np,
                                                const fb_netaddr_t *a)
{
    const fb_netrule_t *rule = fb_netpolicy_rule(np, a);

    return (rule != NULL && !rule->allow) ? rule : NULL;
}

int fb_netpolicy_allows(const fb_netpolicy_t *np, const fb_netaddr_t *a,
                        const char **why)
{
    const fb_netrule_t *refused = fb_netpolicy_refusal(np, a);
    apr_size_t i;

    /* Then every IPv4 address carried inside a, judged on its own. */
    for (i = 0; refused == NULL && i < FB_NELTS(fb_embeddings); i++) {
        const unsigned char *at = a->b + fb_embeddings[i].offset;
        unsigned char v4[4];
        fb_netaddr_t inner;
        unsigned k;

        if (!fb_netrange_contains(&np->embeddings[i], a)) {
            continue;
        }
        for (k = 0; k < 4; k++) {
            v4[k] = at[k] ^ fb_embeddings[i].invert;
        }
        fb_netaddr_set_v4(&inner, v4);
        if ((((apr_uint32_t)v4[0] << 24) | ((apr_uint32_t)v4[1] << 16)
             | ((apr_uint32_t)v4[2] << 8) | v4[3]) < fb_embeddings[i].min) {
            continue;
        }
        refused = fb_netpolicy_refusal(np, &inner);
    }
    if (refused != NULL && why != NULL) {
        *why = refused->name;
    }
    return refused == NULL;
}

int fb_netpolicy_port_allowed(long port)
{
    return port >= 1 && port <= 65535;
}

int fb_netpolicy_allows_sockaddr(const fb_netpolicy_t *np,
                                 const struct sockaddr *sa, apr_size_t len,
                                 const char **why)
{
    fb_netaddr_t a;
    in_port_t port;

    if (!fb_netaddr_from_sockaddr(sa, len, &a)) {
        if (why != NULL) {
            *why = "not an IPv4 or IPv6 address";
        }
        return 0;
    }
    /* fb_netaddr_from_sockaddr has checked the family and the length. */
    port = sa->sa_family == AF_INET
           ? ((const struct sockaddr_in *)sa)->sin_port
           : ((const struct sockaddr_in6 *)sa)->sin6_port;
    if (!fb_netpolicy_port_allowed(ntohs(port))) {
        if (why != NULL) {
            *why = "port 0";
        }
        return 0;
    }
    return fb_netpolicy_allows(np, &a, why);
}
