/*
 * fb_mail: message text, header encoding, quoted-printable.
 */
#include <string.h>

#include <apr_base64.h>
#include <apr_lib.h>
#include <apr_strings.h>

#include "fb_mail.h"

/* RFC 5322: lines SHOULD stay within 78 characters, MUST within 998. */
#define FB_MAIL_LINE 78
#define FB_MAIL_LINE_MAX 998
/* RFC 2045: encoded lines of at most 76 characters, soft break included. */
#define FB_MAIL_QP_LINE 75

/*
 * The boundary between the parts.  Quoted-printable text never contains
 * "=_" (every '=' is written as "=3D"), so a fixed boundary that starts
 * with it cannot occur inside a part, and messages stay reproducible.
 */
#define FB_MAIL_BOUNDARY "=_fb_alternative"

/* Header fields the module writes itself, which a row may not replace. */
static const char *const fb_mail_reserved[] = {
    "Date", "From", "To", "Cc", "Bcc", "Subject", "Message-ID",
    "MIME-Version", "Content-Type", "Content-Transfer-Encoding", NULL
};

static int fb_mail_printable(const char *s)
{
    for (; *s != '\0'; s++) {
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e) {
            return 0;
        }
    }
    return 1;
}

/* A character of an address that needs no quoting and cannot end one. */
static int fb_mail_atom_char(char c)
{
    return c > 0x20 && c < 0x7f && strchr("<>()[]\\,;:\"@", c) == NULL;
}

static int fb_mail_atoms(const char *s, apr_size_t len)
{
    apr_size_t i;

    if (len == 0 || s[0] == '.' || s[len - 1] == '.') {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (!fb_mail_atom_char(s[i]) || (s[i] == '.' && s[i + 1] == '.')) {
            return 0;
        }
    }
    return 1;
}

int fb_mail_address_ok(const char *addr)
{
    const char *at;
    apr_size_t len;

    if (addr == NULL || (len = strlen(addr)) > 254
        || (at = strchr(addr, '@')) == NULL) {
        return 0;
    }
    return fb_mail_atoms(addr, (apr_size_t)(at - addr))
           && fb_mail_atoms(at + 1, len - (apr_size_t)(at - addr) - 1);
}

const char *fb_mail_date(apr_pool_t *p, apr_time_t t)
{
    static const char days[7][4] = {
        "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
    };
    static const char months[12][4] = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun",
        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };
    apr_time_exp_t tm;

    apr_time_exp_gmt(&tm, t);
    return apr_psprintf(p, "%s, %02d %s %04d %02d:%02d:%02d +0000",
                        days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
                        tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* value with every control character made a space. */
static char *fb_mail_one_line(apr_pool_t *p, const char *value)
{
    char *copy = apr_pstrdup(p, value ? value : ""), *c;

    for (c = copy; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20 || *c == 0x7f) {
            *c = ' ';
        }
    }
    return copy;
}

/* Appends encoded words for value, each on its own folded line. */
static void fb_mail_encoded_words(apr_array_header_t *out, apr_pool_t *p,
                                  const char *value, apr_size_t used)
{
    static const char prefix[] = "=?UTF-8?B?", suffix[] = "?=";
    const unsigned char *v = (const unsigned char *)value;
    apr_size_t left = strlen(value);

    do {
        apr_size_t room = FB_MAIL_LINE - used - (sizeof(prefix) - 1)
                          - (sizeof(suffix) - 1);
        apr_size_t take = room / 4 * 3;
        char *b64;

        if (take < 6) {
            take = 6;   /* a whole character always fits, however long */
        }
        if (take >= left) {
            take = left;
        }
        else {
            /* Back off to the start of a UTF-8 sequence. */
            while (take > 1 && (v[take] & 0xc0) == 0x80) {
                take--;
            }
        }
        b64 = apr_palloc(p, (apr_size_t)apr_base64_encode_len((int)take));
        apr_base64_encode_binary(b64, v, (int)take);
        APR_ARRAY_PUSH(out, const char *) = prefix;
        APR_ARRAY_PUSH(out, const char *) = b64;
        APR_ARRAY_PUSH(out, const char *) = suffix;
        v += take;
        left -= take;
        if (left > 0) {
            APR_ARRAY_PUSH(out, const char *) = "\r\n ";
            used = 1;
        }
    } while (left > 0);
}

const char *fb_mail_header_text(apr_pool_t *p, const char *name,
                                const char *value)
{
    apr_array_header_t *out = apr_array_make(p, 16, sizeof(char *));
    char *line = fb_mail_one_line(p, value);
    apr_size_t used = strlen(name) + 2;

    APR_ARRAY_PUSH(out, const char *) = name;
    APR_ARRAY_PUSH(out, const char *) = ": ";
    /* Plain text that could be read as an encoded word is encoded too. */
    if (fb_mail_printable(line) && strstr(line, "=?") == NULL
        && used + strlen(line) <= FB_MAIL_LINE) {
        APR_ARRAY_PUSH(out, const char *) = line;
    }
    else {
        fb_mail_encoded_words(out, p, line, used);
    }
    APR_ARRAY_PUSH(out, const char *) = "\r\n";
    return apr_array_pstrcat(p, out, 0);
}

/*
 * "Name: value" CRLF for a printable ASCII value, folded at spaces where a
 * line would pass 78 characters (structured fields such as
 * List-Unsubscribe may not be encoded, only folded).
 */
static const char *fb_mail_header_ascii(apr_pool_t *p, const char *name,
                                        const char *value)
{
    char *line = apr_pstrcat(p, name, ": ", value, NULL);
    apr_array_header_t *out = apr_array_make(p, 8, sizeof(char *));
    char *start = line;
    /* Never fold right after the colon: the value would start blank. */
    apr_size_t skip = strlen(name) + 2;

    while (strlen(start) > FB_MAIL_LINE) {
        char *space = NULL, *c;

        /* The last space that keeps this line short, else the first. */
        for (c = start + skip; *c != '\0'; c++) {
            if (*c == ' ' && (c - start <= FB_MAIL_LINE || space == NULL)) {
                space = c;
            }
            if (c - start > FB_MAIL_LINE && space != NULL) {
                break;
            }
        }
        if (space == NULL) {
            break;
        }
        APR_ARRAY_PUSH(out, const char *) = apr_pstrmemdup(
            p, start, (apr_size_t)(space - start));
        APR_ARRAY_PUSH(out, const char *) = "\r\n";
        start = space;  /* the space begins the continuation line */
        skip = 1;
    }
    APR_ARRAY_PUSH(out, const char *) = start;
    APR_ARRAY_PUSH(out, const char *) = "\r\n";
    return apr_array_pstrcat(p, out, 0);
}

const char *fb_mail_qp(apr_pool_t *p, const char *text)
{
    static const char hex[] = "0123456789ABCDEF";
    apr_size_t len = strlen(text), col = 0, i;
    /* At worst every byte is "=XX", plus soft breaks and CRLFs. */
    char *out = apr_palloc(p, len * 3 + (len * 3 / FB_MAIL_QP_LINE + 1) * 3
                              + len + 1);
    char *o = out;

    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        int line_end = i + 1 == len || text[i + 1] == '\n'
                       || text[i + 1] == '\r';
        apr_size_t width;

        if (c == '\r' || c == '\n') {
            if (c == '\r' && text[i + 1] == '\n') {
                i++;
            }
            *o++ = '\r';
            *o++ = '\n';
            col = 0;
            continue;
        }
        /* Spaces and tabs before a line break would be lost in transit. */
        width = ((c > 0x20 && c < 0x7f && c != '=')
                 || ((c == ' ' || c == '\t') && !line_end)) ? 1 : 3;
        if (col + width > FB_MAIL_QP_LINE) {
            memcpy(o, "=\r\n", 3);
            o += 3;
            col = 0;
        }
        if (width == 1) {
            *o++ = (char)c;
        }
        else {
            *o++ = '=';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 0x0f];
        }
        col += width;
    }
    *o = '\0';
    return out;
}

static int fb_mail_reserved_name(const char *name)
{
    const char *const *r;

    for (r = fb_mail_reserved; *r != NULL; r++) {
        if (strcasecmp(name, *r) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The extra header fields, or NULL with *error. */
static const char *fb_mail_extra(apr_pool_t *p,
                                 const apr_array_header_t *headers,
                                 const char **error)
{
    apr_array_header_t *out = apr_array_make(p, 4, sizeof(char *));
    int i;

    for (i = 0; headers != NULL && i < headers->nelts; i++) {
        const fb_mail_header_t *h = &APR_ARRAY_IDX(headers, i,
                                                   fb_mail_header_t);
        const char *c;

        for (c = h->name; *c != '\0' && *c > 0x20 && *c < 0x7f && *c != ':';
             c++) {
        }
        if (*c != '\0' || c == h->name || c - h->name > 76) {
            *error = apr_psprintf(p, "extra header name '%s' is not a "
                                  "field name", h->name);
            return NULL;
        }
        if (fb_mail_reserved_name(h->name)) {
            *error = apr_psprintf(p, "extra header %s would replace one "
                                  "the module writes", h->name);
            return NULL;
        }
        if (h->value == NULL || !fb_mail_printable(h->value)
            || strlen(h->name) + 2 + strlen(h->value) > FB_MAIL_LINE_MAX) {
            *error = apr_psprintf(p, "extra header %s: the value must be "
                                  "printable ASCII on one line", h->name);
            return NULL;
        }
        APR_ARRAY_PUSH(out, const char *) = fb_mail_header_ascii(p, h->name,
                                                                 h->value);
    }
    return apr_array_pstrcat(p, out, 0);
}

static const char *fb_mail_part(apr_pool_t *p, const char *type,
                                const char *body)
{
    return apr_pstrcat(p, "Content-Type: ", type, "; charset=UTF-8\r\n"
                       "Content-Transfer-Encoding: quoted-printable\r\n\r\n",
                       fb_mail_qp(p, body ? body : ""), NULL);
}

/* The message's own fields, or NULL with *error. */
static const char *fb_mail_fields(apr_pool_t *p, const fb_mail_t *m,
                                  const char **error)
{
    const char *message_id = "";

    if (!fb_mail_address_ok(m->from)) {
        *error = "the sender address cannot be used in SMTP";
        return NULL;
    }
    if (!fb_mail_address_ok(m->to)) {
        *error = "the recipient address cannot be used in SMTP";
        return NULL;
    }
    if (m->message_id != NULL) {
        if (!fb_mail_atoms(m->message_id, strlen(m->message_id))) {
            *error = "the message id has characters it may not have";
            return NULL;
        }
        message_id = apr_pstrcat(p, "Message-ID: <", m->message_id,
                                 strchr(m->from, '@'), ">\r\n", NULL);
    }
    return apr_pstrcat(p, "Date: ", fb_mail_date(p, m->date), "\r\n",
                       "From: ", m->from, "\r\n", "To: ", m->to, "\r\n",
                       fb_mail_header_text(p, "Subject", m->subject),
                       message_id, "MIME-Version: 1.0\r\n", NULL);
}

const char *fb_mail_build(apr_pool_t *p, const fb_mail_t *mail,
                          const char **error)
{
    const char *fields = fb_mail_fields(p, mail, error);
    const char *extra = fields ? fb_mail_extra(p, mail->headers, error)
                               : NULL;

    if (fields == NULL || extra == NULL) {
        return NULL;
    }
    if (mail->html == NULL || *mail->html == '\0') {
        return apr_pstrcat(p, fields, extra,
                           fb_mail_part(p, "text/plain", mail->text), NULL);
    }
    return apr_pstrcat(
        p, fields, extra,
        "Content-Type: multipart/alternative; boundary=\""
        FB_MAIL_BOUNDARY "\"\r\n\r\n"
        "--" FB_MAIL_BOUNDARY "\r\n",
        fb_mail_part(p, "text/plain", mail->text),
        "\r\n--" FB_MAIL_BOUNDARY "\r\n",
        fb_mail_part(p, "text/html", mail->html),
        "\r\n--" FB_MAIL_BOUNDARY "--\r\n", NULL);
}
