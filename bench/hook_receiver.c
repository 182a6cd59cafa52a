/*
 * hook_receiver: a webhook receiver for the bench (bench/webhooks.sh)
 * that is not the bottleneck: HTTPS (OpenSSL), HTTP/1.1 keep-alive,
 * TCP_NODELAY, one thread per connection (the worker keeps one kept-alive
 * connection per delivering thread), every answer in one write.
 *
 *   hook_receiver CERT KEY      prints "port N" once it listens on
 *                               127.0.0.1 (a free port), then serves
 *
 * POST /_secret with the webhook's secret as the body: from then on the
 * signatures of every delivery are checked under both schemes
 * (decisions.md "Webhooks"); a delivery whose signature does not match is
 * answered 401 and counted as bad.  Any other POST is a delivery: 200
 * with a tiny body, its webhook-id counted once.  GET /_stats answers
 * {"requests", "ok", "bad", "unique", "cpu_us", "first", "last"}: cpu_us
 * is this process's CPU time (user + system), so the bench can show the
 * receiver's cost per request; first and last are the times (Unix
 * seconds) of the first and the last delivery answered 200.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/ssl.h>

#define HEAD_MAX 16384
#define BODY_MAX (4 * 1024 * 1024)
#define ID_MAX 64

static SSL_CTX *ctx;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *secret;                /* NULL until POST /_secret */
static unsigned long requests, ok, bad;
static double first_ok, last_ok;    /* Unix seconds of the 200s */

/* The webhook-ids answered 200: open addressing, doubled when half
 * full, under lock. */
static char (*ids)[ID_MAX];
static size_t ids_cap, ids_len;

static size_t hash(const char *s)
{
    size_t h = 1469598103934665603ULL;

    while (*s) {
        h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    }
    return h;
}

static void ids_put_one(char (*set)[ID_MAX], size_t cap, const char *id,
                        size_t *len)
{
    size_t i = hash(id) & (cap - 1);

    while (set[i][0] != '\0') {
        if (strcmp(set[i], id) == 0) {
            return;
        }
        i = (i + 1) & (cap - 1);
    }
    strcpy(set[i], id);
    (*len)++;
}

static void ids_add(const char *id)
{
    if (ids_len * 2 >= ids_cap) {
        size_t cap = ids_cap ? ids_cap * 2 : 4096, n = 0, i;
        char (*set)[ID_MAX] = calloc(cap, ID_MAX);

        if (set == NULL) {
            abort();
        }
        for (i = 0; i < ids_cap; i++) {
            if (ids[i][0] != '\0') {
                ids_put_one(set, cap, ids[i], &n);
            }
        }
        free(ids);
        ids = set;
        ids_cap = cap;
        ids_len = n;
    }
    ids_put_one(ids, ids_cap, id, &ids_len);
}

/* Lower-case hex of len bytes into out (2 * len + 1). */
static void hex(const unsigned char *b, size_t len, char *out)
{
    static const char d[] = "0123456789abcdef";
    size_t i;

    for (i = 0; i < len; i++) {
        out[2 * i] = d[b[i] >> 4];
        out[2 * i + 1] = d[b[i] & 15];
    }
    out[2 * len] = '\0';
}

/* HMAC-SHA256 under key of the n parts joined by '.'. */
static void mac(const void *key, int key_len, int n, const char *part[],
                const size_t len[], unsigned char out[32])
{
    size_t total = (size_t)n, at = 0;
    unsigned int out_len = 32;
    char *text;
    int i;

    for (i = 0; i < n; i++) {
        total += len[i];
    }
    if ((text = malloc(total)) == NULL) {
        abort();
    }
    for (i = 0; i < n; i++) {
        if (i > 0) {
            text[at++] = '.';
        }
        memcpy(text + at, part[i], len[i]);
        at += len[i];
    }
    HMAC(EVP_sha256(), key, key_len, (unsigned char *)text, at, out,
         &out_len);
    free(text);
}

typedef struct {
    const char *ts, *sig;           /* X-Webhook-Timestamp, -Signature */
    const char *sw_id, *sw_ts, *sw_sig;     /* Standard Webhooks */
} sigs_t;

/* Whether the delivery carries both signatures of the secret. */
static int signed_ok(const char *key, const sigs_t *h, const char *body,
                     size_t body_len)
{
    unsigned char m[32], raw[64];
    char want[128];
    int raw_len;

    if (h->ts == NULL || h->sig == NULL || h->sw_id == NULL
        || h->sw_ts == NULL || h->sw_sig == NULL) {
        return 0;
    }
    {
        const char *part[] = {h->ts, body};
        const size_t len[] = {strlen(h->ts), body_len};

        mac(key, (int)strlen(key), 2, part, len, m);
    }
    hex(m, 32, want);
    if (strcasecmp(want, h->sig) != 0 || strncmp(key, "whsec_", 6) != 0) {
        return 0;
    }
    raw_len = EVP_DecodeBlock(raw, (const unsigned char *)key + 6,
                              (int)strlen(key + 6));
    if (raw_len < 0) {
        return 0;
    }
    /* EVP_DecodeBlock counts the padding's zero bytes. */
    raw_len -= (int)(strlen(key) > 6 && key[strlen(key) - 1] == '=')
               + (int)(strlen(key) > 7 && key[strlen(key) - 2] == '=');
    {
        const char *part[] = {h->sw_id, h->sw_ts, body};
        const size_t len[] = {strlen(h->sw_id), strlen(h->sw_ts), body_len};

        mac(raw, raw_len, 3, part, len, m);
    }
    memcpy(want, "v1,", 3);
    EVP_EncodeBlock((unsigned char *)want + 3, m, 32);
    return strcmp(h->ts, h->sw_ts) == 0 && strcmp(want, h->sw_sig) == 0;
}

static int send_all(SSL *ssl, const char *out, int len)
{
    return SSL_write(ssl, out, len) == len;
}

static int answer(SSL *ssl, int code, const char *type, const char *body)
{
    char out[1024];
    int n = snprintf(out, sizeof(out),
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
                     "Content-Length: %zu\r\n\r\n%s", code,
                     code == 200 ? "OK" : code == 401 ? "Unauthorized"
                                                      : "Bad Request",
                     type, strlen(body), body);

    return n > 0 && n < (int)sizeof(out) && send_all(ssl, out, n);
}

static void stats(char *out, size_t size)
{
    struct rusage ru;
    unsigned long long cpu;

    getrusage(RUSAGE_SELF, &ru);
    cpu = (unsigned long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
          * 1000000ULL
          + (unsigned long long)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    pthread_mutex_lock(&lock);
    snprintf(out, size, "{\"requests\":%lu,\"ok\":%lu,\"bad\":%lu,"
             "\"unique\":%zu,\"cpu_us\":%llu,\"first\":%.6f,"
             "\"last\":%.6f}", requests, ok, bad, ids_len, cpu, first_ok,
             last_ok);
    pthread_mutex_unlock(&lock);
}

/* One request whose head is head (NUL-terminated, without the blank
 * line) and whose body is body[0..len).  Returns 0 to close. */
static int serve(SSL *ssl, char *head, const char *body, size_t len)
{
    char *line, *save = NULL, *method, *path;
    sigs_t h = {0};
    char id[ID_MAX] = "", out[256];
    int good;

    line = strtok_r(head, "\r\n", &save);
    method = line ? strtok(line, " ") : NULL;
    path = method ? strtok(NULL, " ") : NULL;
    if (path == NULL) {
        return 0;
    }
    while ((line = strtok_r(NULL, "\r\n", &save)) != NULL) {
        char *v = strchr(line, ':');

        if (v == NULL) {
            continue;
        }
        *v++ = '\0';
        v += strspn(v, " \t");
        if (strcasecmp(line, "X-Webhook-Timestamp") == 0) {
            h.ts = v;
        }
        else if (strcasecmp(line, "X-Webhook-Signature") == 0) {
            h.sig = v;
        }
        else if (strcasecmp(line, "webhook-id") == 0) {
            h.sw_id = v;
        }
        else if (strcasecmp(line, "webhook-timestamp") == 0) {
            h.sw_ts = v;
        }
        else if (strcasecmp(line, "webhook-signature") == 0) {
            h.sw_sig = v;
        }
    }
    if (strcmp(method, "GET") == 0 && strcmp(path, "/_stats") == 0) {
        stats(out, sizeof(out));
        return answer(ssl, 200, "application/json", out);
    }
    if (strcmp(method, "POST") != 0) {
        return answer(ssl, 400, "text/plain", "POST only\n");
    }
    if (strcmp(path, "/_secret") == 0) {
        char *s = strndup(body, len);

        pthread_mutex_lock(&lock);
        free(secret);
        secret = s;
        pthread_mutex_unlock(&lock);
        return answer(ssl, 200, "text/plain", "ok\n");
    }
    if (h.sw_id != NULL) {
        snprintf(id, sizeof(id), "%s", h.sw_id);
    }
    pthread_mutex_lock(&lock);
    /* The secret is read under the lock but used outside it: copy it. */
    {
        char *key = secret ? strdup(secret) : NULL;

        pthread_mutex_unlock(&lock);
        good = key == NULL || signed_ok(key, &h, body, len);
        free(key);
    }
    pthread_mutex_lock(&lock);
    requests++;
    if (good) {
        struct timespec now;

        clock_gettime(CLOCK_REALTIME, &now);
        last_ok = (double)now.tv_sec + (double)now.tv_nsec / 1e9;
        if (ok++ == 0) {
            first_ok = last_ok;
        }
        if (id[0] != '\0') {
            ids_add(id);
        }
    }
    else {
        bad++;
    }
    pthread_mutex_unlock(&lock);
    return good ? answer(ssl, 200, "application/json", "{\"received\":true}")
                : answer(ssl, 401, "text/plain", "bad signature\n");
}

/* The Content-Length of head, or -1. */
static long content_length(const char *head)
{
    const char *p = head;

    while ((p = strchr(p, '\n')) != NULL) {
        p++;
        if (strncasecmp(p, "Content-Length:", 15) == 0) {
            return strtol(p + 15, NULL, 10);
        }
    }
    return 0;
}

static void *connection(void *arg)
{
    int fd = (int)(long)arg;
    SSL *ssl = SSL_new(ctx);
    char *buf = malloc(HEAD_MAX + BODY_MAX + 1);
    size_t have = 0;

    if (ssl == NULL || buf == NULL || !SSL_set_fd(ssl, fd)
        || SSL_accept(ssl) != 1) {
        goto done;
    }
    for (;;) {
        char *end;
        size_t head_len, need;
        long clen;
        int n;

        buf[have] = '\0';
        while ((end = strstr(buf, "\r\n\r\n")) == NULL) {
            if (have >= HEAD_MAX) {
                goto done;
            }
            n = SSL_read(ssl, buf + have, (int)(HEAD_MAX - have));
            if (n <= 0) {
                goto done;
            }
            have += (size_t)n;
            buf[have] = '\0';
        }
        head_len = (size_t)(end - buf) + 4;
        clen = content_length(buf);
        if (clen < 0 || clen > BODY_MAX) {
            goto done;
        }
        need = head_len + (size_t)clen;
        while (have < need) {
            n = SSL_read(ssl, buf + have, (int)(need - have));
            if (n <= 0) {
                goto done;
            }
            have += (size_t)n;
        }
        {
            char *body = buf + head_len;

            /* The head ends at its blank line, for serve()'s parse. */
            *end = '\0';
            n = serve(ssl, buf, body, (size_t)clen);
        }
        if (!n) {
            goto done;
        }
        memmove(buf, buf + need, have - need);
        have -= need;
    }
done:
    if (ssl != NULL) {
        SSL_free(ssl);
    }
    free(buf);
    close(fd);
    return NULL;
}

int main(int argc, char **argv)
{
    struct sockaddr_in a = {0};
    socklen_t alen = sizeof(a);
    int one = 1, lfd;

    if (argc != 3) {
        fprintf(stderr, "usage: %s CERT KEY\n", argv[0]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == NULL
        || SSL_CTX_use_certificate_chain_file(ctx, argv[1]) != 1
        || SSL_CTX_use_PrivateKey_file(ctx, argv[2], SSL_FILETYPE_PEM) != 1) {
        ERR_print_errors_fp(stderr);
        return 1;
    }
    lfd = socket(AF_INET, SOCK_STREAM, 0);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) != 0
        || listen(lfd, 128) != 0
        || getsockname(lfd, (struct sockaddr *)&a, &alen) != 0) {
        perror("listen");
        return 1;
    }
    printf("port %d\n", ntohs(a.sin_port));
    fflush(stdout);
    for (;;) {
        int fd = accept(lfd, NULL, NULL);
        pthread_t t;

        if (fd < 0) {
            continue;
        }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        if (pthread_create(&t, NULL, connection, (void *)(long)fd) != 0) {
            close(fd);
            continue;
        }
        pthread_detach(t);
    }
}
