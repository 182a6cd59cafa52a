/*
 * fb_smtp: one libcurl easy handle per session.
 */
#include <string.h>

#include <apr_strings.h>
#include <curl/curl.h>

#include "fb_smtp.h"

/* Connecting may take at most this long, within the whole timeout. */
#define FB_SMTP_CONNECT_MS 10000L

struct fb_smtp_t {
    CURL *curl;
    fb_smtp_conf_t conf;
    char errbuf[CURL_ERROR_SIZE];
    char reply[256];            /* the server's last refusal (4xx, 5xx) */
    /* The message being uploaded. */
    const char *data;
    apr_size_t len;
    apr_size_t off;
};

static apr_status_t fb_smtp_cleanup(void *data)
{
    fb_smtp_t *smtp = data;

    curl_easy_cleanup(smtp->curl);
    return APR_SUCCESS;
}

static size_t fb_smtp_read(char *buf, size_t size, size_t n, void *data)
{
    fb_smtp_t *smtp = data;
    apr_size_t room = size * n, left = smtp->len - smtp->off;

    if (room > left) {
        room = left;
    }
    memcpy(buf, smtp->data + smtp->off, room);
    smtp->off += room;
    return room;
}

/*
 * Keeps the server's last refusal, for the error an operator reads (only
 * refusals: after one, libcurl's QUIT brings a "221 Bye" that says
 * nothing).
 */
static int fb_smtp_debug(CURL *curl, curl_infotype type, char *text,
                         size_t len, void *data)
{
    fb_smtp_t *smtp = data;

    (void)curl;
    if (type == CURLINFO_HEADER_IN && len > 0
        && (text[0] == '4' || text[0] == '5')) {
        while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r')) {
            len--;
        }
        if (len >= sizeof(smtp->reply)) {
            len = sizeof(smtp->reply) - 1;
        }
        memcpy(smtp->reply, text, len);
        smtp->reply[len] = '\0';
    }
    return 0;
}

static int fb_smtp_progress(void *data, curl_off_t dltotal, curl_off_t dlnow,
                            curl_off_t ultotal, curl_off_t ulnow)
{
    fb_smtp_t *smtp = data;

    (void)dltotal;
    (void)dlnow;
    (void)ultotal;
    (void)ulnow;
    return smtp->conf.abandon != NULL && smtp->conf.abandon(smtp->conf.baton);
}

fb_smtp_t *fb_smtp_create(apr_pool_t *p, const fb_smtp_conf_t *conf)
{
    fb_smtp_t *smtp = apr_pcalloc(p, sizeof(*smtp));
    CURL *c = curl_easy_init();
    long connect_ms = conf->timeout_ms < FB_SMTP_CONNECT_MS
                      ? conf->timeout_ms : FB_SMTP_CONNECT_MS;

    if (c == NULL) {
        return NULL;
    }
    smtp->curl = c;
    smtp->conf = *conf;
    apr_pool_cleanup_register(p, smtp, fb_smtp_cleanup,
                              apr_pool_cleanup_null);
    /* Threads: no signals for timeouts (libcurl would use SIGALRM). */
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_URL, conf->url);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, conf->timeout_ms);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    curl_easy_setopt(c, CURLOPT_USE_SSL,
                     conf->user ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
    if (conf->user != NULL) {
        curl_easy_setopt(c, CURLOPT_USERNAME, conf->user);
        curl_easy_setopt(c, CURLOPT_PASSWORD,
                         conf->password ? conf->password : "");
    }
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, smtp->errbuf);
    curl_easy_setopt(c, CURLOPT_READFUNCTION, fb_smtp_read);
    curl_easy_setopt(c, CURLOPT_READDATA, smtp);
    curl_easy_setopt(c, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(c, CURLOPT_DEBUGFUNCTION, fb_smtp_debug);
    curl_easy_setopt(c, CURLOPT_DEBUGDATA, smtp);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, fb_smtp_progress);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, smtp);
    return smtp;
}

static fb_smtp_result_e fb_smtp_result(fb_smtp_t *smtp, apr_pool_t *p,
                                       CURLcode rc, const char **error)
{
    long code = 0;

    if (rc == CURLE_OK) {
        return FB_SMTP_SENT;
    }
    curl_easy_getinfo(smtp->curl, CURLINFO_RESPONSE_CODE, &code);
    *error = apr_psprintf(p, "%s%s%s%s%s", curl_easy_strerror(rc),
                          smtp->errbuf[0] ? ": " : "", smtp->errbuf,
                          smtp->reply[0] ? "; server said: " : "",
                          smtp->reply);
    if (rc == CURLE_ABORTED_BY_CALLBACK) {
        return FB_SMTP_ABANDONED;
    }
    /* A 5xx reply to the sender, a recipient or the data is final
     * (libcurl reports a refusal after the data as a weird reply); a
     * refused login or TLS is a configuration problem worth retrying. */
    if ((rc == CURLE_SEND_ERROR || rc == CURLE_RECV_ERROR
         || rc == CURLE_WEIRD_SERVER_REPLY)
        && code >= 500 && code < 600) {
        return FB_SMTP_PERMANENT;
    }
    return FB_SMTP_TRANSIENT;
}

fb_smtp_result_e fb_smtp_send(fb_smtp_t *smtp, apr_pool_t *p,
                              const char *from, const char *to,
                              const char *message, const char **error)
{
    struct curl_slist *rcpt;
    CURLcode rc;

    rcpt = curl_slist_append(NULL, apr_pstrcat(p, "<", to, ">", NULL));
    if (rcpt == NULL) {
        *error = "out of memory";
        return FB_SMTP_TRANSIENT;
    }
    smtp->data = message;
    smtp->len = strlen(message);
    smtp->off = 0;
    smtp->errbuf[0] = '\0';
    smtp->reply[0] = '\0';
    curl_easy_setopt(smtp->curl, CURLOPT_MAIL_FROM,
                     apr_pstrcat(p, "<", from, ">", NULL));
    curl_easy_setopt(smtp->curl, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(smtp->curl, CURLOPT_INFILESIZE_LARGE,
                     (curl_off_t)smtp->len);
    rc = curl_easy_perform(smtp->curl);
    /* The handle must not keep pointers to what is freed here. */
    curl_easy_setopt(smtp->curl, CURLOPT_MAIL_RCPT, NULL);
    curl_slist_free_all(rcpt);
    smtp->data = NULL;
    return fb_smtp_result(smtp, p, rc, error);
}
