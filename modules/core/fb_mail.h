/*
 * fb_mail: Internet messages (RFC 5322 with MIME) for the email outbox.
 *
 * A message is built whole in a pool: the header fields the module always
 * writes (Date, From, To, Subject, Message-ID, MIME-Version), any extra
 * fields a row carries (List-Unsubscribe for bulk mail, for example), then
 * a multipart/alternative body with a text/plain and a text/html part,
 * both UTF-8 in quoted-printable.  Lines end in CRLF, as SMTP wants.
 *
 * Everything that comes from data is made safe here: line breaks in a
 * subject cannot start a new header field, non-ASCII subjects become
 * RFC 2047 encoded words, addresses with characters SMTP cannot carry are
 * refused, and extra fields may not replace the ones the module writes.
 */
#ifndef FB_MAIL_H
#define FB_MAIL_H

#include <apr_pools.h>
#include <apr_tables.h>
#include <apr_time.h>

/* One extra header field; the value must be printable ASCII. */
typedef struct {
    const char *name;
    const char *value;
} fb_mail_header_t;

typedef struct {
    const char *from;           /* envelope and From address */
    const char *to;             /* envelope and To address */
    const char *subject;        /* UTF-8, any length */
    const char *text;           /* UTF-8 plain text body */
    const char *html;           /* UTF-8 HTML body; NULL or "": text only */
    const char *message_id;     /* left part of the Message-ID, or NULL */
    apr_time_t date;
    const apr_array_header_t *headers;  /* of fb_mail_header_t, or NULL */
} fb_mail_t;

/*
 * The whole message, or NULL with *error saying why it cannot be built
 * (an address or an extra header field that cannot be sent); retrying
 * would not change the answer.
 */
const char *fb_mail_build(apr_pool_t *p, const fb_mail_t *mail,
                          const char **error);

/*
 * Non-zero when addr is a plain address SMTP can carry without SMTPUTF8:
 * printable ASCII, one '@' with text on both sides, none of the characters
 * that would need quoting or could end the envelope command.
 */
int fb_mail_address_ok(const char *addr);

/*
 * The header field "Name: value" for an unstructured value (Subject),
 * CRLF-terminated and folded so that lines stay within 78 characters.
 * Line breaks and other control characters in value become spaces; a
 * value that is not printable ASCII, or too long for one line, is written
 * as RFC 2047 encoded words (UTF-8, base64), never splitting a character.
 */
const char *fb_mail_header_text(apr_pool_t *p, const char *name,
                                const char *value);

/*
 * text in quoted-printable (RFC 2045), with CRLF line breaks for any of
 * CRLF, LF or CR in text, and encoded lines of at most 76 characters.
 */
const char *fb_mail_qp(apr_pool_t *p, const char *text);

/* t as an RFC 5322 date in UTC: "Tue, 03 Mar 2026 09:05:00 +0000". */
const char *fb_mail_date(apr_pool_t *p, apr_time_t t);

#endif
