/*
 * fb_netpolicy: which network addresses outbound HTTP may reach.
 *
 * Webhook deliveries and image downloads go to URLs that API clients
 * choose, so the server must not become a way into its own network
 * (server-side request forgery).  This file decides, for an address, yes
 * or no; fb_fetch asks it twice: when a URL is stored (is its host a
 * literal forbidden address, in any spelling?) and when a connection is
 * about to be opened (is the address the name resolved to forbidden?).
 *
 * Addresses are held as 16 bytes: an IPv6 address, or an IPv4 address in
 * its IPv4-mapped form ::ffff:a.b.c.d.  So one table of ranges covers both
 * families, an IPv4 range a.b.c.d/n being ::ffff:a.b.c.d/(96+n), and a
 * mapped address is refused exactly when its IPv4 address is.
 *
 * Refused by default (the built-in table, docs/decisions.md): 0/8, 10/8,
 * 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24,
 * 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24,
 * 224/4, 240/4, ::/128, ::1/128, 64:ff9b::/96 (NAT64), 64:ff9b:1::/48
 * (local-use NAT64, whose mapping is the operator's own), 100::/64,
 * 100:0:0:1::/64, 2001::/23 (Teredo's 2001::/32 among them),
 * 2001:db8::/32, 2002::/16 (6to4), 3fff::/20, 5f00::/16, fc00::/7,
 * fe80::/10, fec0::/10 and ff00::/8: every block the IANA
 * special-purpose registries mark as not globally reachable, and a few
 * more.  Port 0 is refused too.
 *
 * IPv6 forms that carry an IPv4 address (IPv4-compatible ::a.b.c.d,
 * IPv4-translated ::ffff:0:a.b.c.d, NAT64, 6to4, both addresses of
 * Teredo) are judged twice: the IPv6 address itself, and each IPv4
 * address inside it.  Both must be allowed.  So an operator who allows
 * 2002::/16 still cannot reach 10.0.0.1 through 2002:a00:1::.
 *
 * For one view (an address, or an IPv4 address found inside one), the
 * rules in order: an operator deny range refuses; else an operator allow
 * range allows; else a built-in range refuses; else it is allowed.
 * FB_NETPOLICY_TESTING adds 127.0.0.0/8 and ::1/128 to the allow ranges
 * (and tells fb_fetch to accept http URLs).
 *
 * A policy is made once, at configuration time, and only read afterwards:
 * any number of threads may use it at once.
 */
#ifndef FB_NETPOLICY_H
#define FB_NETPOLICY_H

#include <sys/socket.h>

#include <apr_pools.h>
#include <apr_tables.h>

/* An IPv6 address, or an IPv4 address as ::ffff:a.b.c.d. */
typedef struct {
    unsigned char b[16];
} fb_netaddr_t;

/* The addresses whose first bits (0 to 128) equal those of addr. */
typedef struct {
    fb_netaddr_t addr;
    unsigned bits;
} fb_netrange_t;

/* Flags of fb_netpolicy_create(). */
#define FB_NETPOLICY_TESTING 1  /* allow loopback, and http in fb_fetch */

typedef struct fb_netpolicy fb_netpolicy_t;

/* What a URL host is (fb_netaddr_parse_host). */
typedef enum {
    FB_HOST_NAME,           /* a name: it is resolved and checked later */
    FB_HOST_ADDRESS,        /* an address literal, now in *out */
    FB_HOST_INVALID         /* written like an address, but is none */
} fb_host_kind_e;

/*
 * Parses a range written "a.b.c.d/n" (n: 0 to 32), "ipv6/n" (0 to 128),
 * or a bare address (a range of one).  IPv4 must be a plain dotted quad
 * here: an operator's configuration has no business with 127.1.  Bits set
 * after the prefix are refused (10.0.0.1/8 is most likely a typing
 * mistake).  NULL on success, else why not, as a sentence fragment.
 */
const char *fb_netrange_parse(const char *text, fb_netrange_t *out);

/* Non-zero when a lies in r. */
int fb_netrange_contains(const fb_netrange_t *r, const fb_netaddr_t *a);

/*
 * Reads the host of a URL (as curl hands it back: IPv6 in brackets,
 * percent-decoding done) and says whether it is an address literal.
 *
 * Bracketed: an IPv6 address (a zone "%..." is ignored); anything else in
 * brackets is invalid.  Otherwise, after one trailing dot is dropped, a
 * host whose last label is a number (decimal digits, or 0x and hex
 * digits) is read the way inet_aton and curl read IPv4: one to four
 * parts separated by dots, each decimal, octal (leading 0) or hex (0x),
 * the last one filling the remaining bytes (127.1, 2130706433, 0x7f.1,
 * 017700000001 all being 127.0.0.1).  Such a host that does not parse is
 * invalid rather than a name: no resolver should be asked about it.
 */
fb_host_kind_e fb_netaddr_parse_host(const char *host, fb_netaddr_t *out);

/*
 * Reads a socket address (AF_INET or AF_INET6) of len bytes.  Returns
 * non-zero on success; zero for other families or a short length.
 */
int fb_netaddr_from_sockaddr(const struct sockaddr *sa, apr_size_t len,
                             fb_netaddr_t *out);

/* The usual text of a: dotted quad for IPv4 (mapped) addresses. */
const char *fb_netaddr_format(apr_pool_t *p, const fb_netaddr_t *a);

/*
 * Makes a policy in p: the built-in refused ranges, then the operator's
 * deny and allow ranges (arrays of fb_netrange_t, either may be NULL),
 * then flags (FB_NETPOLICY_TESTING or 0).  The arrays are copied.
 */
fb_netpolicy_t *fb_netpolicy_create(apr_pool_t *p,
                                    const apr_array_header_t *deny,
                                    const apr_array_header_t *allow,
                                    int flags);

/* The flags the policy was made with. */
int fb_netpolicy_flags(const fb_netpolicy_t *np);

/*
 * Non-zero when np allows connecting to a.  When it does not and why is
 * not NULL, *why names the rule that refused (static text, or text in
 * np's pool), for logs: "127.0.0.0/8 (loopback)".
 */
int fb_netpolicy_allows(const fb_netpolicy_t *np, const fb_netaddr_t *a,
                        const char **why);

/*
 * Non-zero when a connection may go to port: 1 to 65535.  Port 0 names
 * no service (a stack may pick a port of its own or refuse), so a URL
 * or a socket address with it is refused like a forbidden address.
 */
int fb_netpolicy_port_allowed(long port);

/* The same as fb_netpolicy_allows for a socket address, and its port
 * must pass fb_netpolicy_port_allowed; other families than IPv4 and IPv6
 * are refused. */
int fb_netpolicy_allows_sockaddr(const fb_netpolicy_t *np,
                                 const struct sockaddr *sa, apr_size_t len,
                                 const char **why);

#endif
