/*
 * test_mail.c: building email messages (fb_mail).
 *
 * Encoded output is checked two ways: exact text for small cases, and for
 * long ones the shape (line lengths, whole characters per encoded word)
 * plus a decoder here that must give the input back.
 */
#include <stdio.h>
#include <string.h>

#include <apr_base64.h>
#include <apr_strings.h>

#include "fb_mail.h"
#include "fb_utf8.h"
#include "unit.h"

/* 2001-09-09T01:46:40Z, a Sunday. */
#define UT_BILLION_SECONDS (APR_INT64_C(1000000000) * APR_USEC_PER_SEC)

static void test_address(void)
{
    static const char *const good[] = {
        "a@b", "voter@x.example", "first.last+tag@sub.example.com",
        "o'neil@example.com", "x_y-z@example-host.org"
    };
    static const char *const bad[] = {
        "", "plain", "@example.com", "user@", "two@at@example.com",
        "sp ace@example.com", "user@exa mple.com", "<user@example.com>",
        "user@example.com>", "user\r\nRCPT TO:<x@y>@example.com",
        "user@example.com\n", ".user@example.com", "user.@example.com",
        "us..er@example.com", "user@.example.com", "user@example.com.",
        "\"quoted\"@example.com", "user@[127.0.0.1]", "user,x@example.com",
        "us\xc3\xa9r@example.com", "user@ex\xc3\xa4mple.com"
    };
    apr_size_t i;

    for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        if (!fb_mail_address_ok(good[i])) {
            CU_FAIL("a plain address was refused");
            fprintf(stderr, "\n    refused: \"%s\"\n", good[i]);
        }
    }
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (fb_mail_address_ok(bad[i])) {
            CU_FAIL("an address SMTP cannot carry was accepted");
            fprintf(stderr, "\n    accepted: \"%s\"\n", bad[i]);
        }
    }
    CU_ASSERT_FALSE(fb_mail_address_ok(NULL));
    CU_ASSERT_FALSE(fb_mail_address_ok(apr_pstrcat(
        ut_pool, apr_psprintf(ut_pool, "%0250d", 0), "@b.cd", NULL)));
}

static void test_date(void)
{
    UT_ASSERT_STR(fb_mail_date(ut_pool, UT_BILLION_SECONDS),
                  "Sun, 09 Sep 2001 01:46:40 +0000");
    UT_ASSERT_STR(fb_mail_date(ut_pool, 0), "Thu, 01 Jan 1970 00:00:00 +0000");
}

/* The text of the encoded words in a header field, decoded and joined;
 * each word must hold whole UTF-8 characters and each line <= 78. */
static const char *ut_decode_words(const char *field)
{
    const char *line = strchr(field, ':') + 2, *end;
    char *out = apr_pcalloc(ut_pool, strlen(field) + 1), *o = out;

    for (end = field; (end = strstr(end, "\r\n")) != NULL; end += 2) {
        const char *start = end;

        while (start > field && start[-1] != '\n') {
            start--;
        }
        CU_ASSERT(end - start <= 78);
    }
    while (*line != '\0') {
        const char *word = strstr(line, "=?UTF-8?B?"), *stop;
        char *b64;
        int n;

        if (word == NULL) {
            break;
        }
        word += 10;
        stop = strstr(word, "?=");
        CU_ASSERT_PTR_NOT_NULL_FATAL(stop);
        b64 = apr_pstrmemdup(ut_pool, word, (apr_size_t)(stop - word));
        n = apr_base64_decode_binary((unsigned char *)o, b64);
        CU_ASSERT(fb_utf8_valid(o, (apr_size_t)n));
        o += n;
        line = stop + 2;
    }
    return out;
}

static void test_header_text(void)
{
    const char *long_ascii, *accents, *field;

    UT_ASSERT_STR(fb_mail_header_text(ut_pool, "Subject", "Hello"),
                  "Subject: Hello\r\n");
    UT_ASSERT_STR(fb_mail_header_text(ut_pool, "Subject", ""),
                  "Subject: \r\n");
    /* A line break cannot start a new header field. */
    UT_ASSERT_STR(fb_mail_header_text(ut_pool, "Subject",
                                      "Hi\r\nBcc: all@example.com"),
                  "Subject: Hi  Bcc: all@example.com\r\n");
    UT_ASSERT_STR(fb_mail_header_text(ut_pool, "Subject", "Caf\xc3\xa9"),
                  "Subject: =?UTF-8?B?Q2Fmw6k=?=\r\n");
    /* Text that looks like an encoded word is encoded, not taken as one. */
    UT_ASSERT_STR(fb_mail_header_text(ut_pool, "Subject", "=?x?="),
                  "Subject: =?UTF-8?B?PT94Pz0=?=\r\n");

    long_ascii = apr_psprintf(ut_pool, "%0100d", 7);
    field = fb_mail_header_text(ut_pool, "Subject", long_ascii);
    UT_ASSERT_STR(ut_decode_words(field), long_ascii);

    /* Two-byte characters at every offset: no word may split one. */
    accents = apr_pstrcat(ut_pool, "x", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                          "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
                          "\xe2\x82\xac\xf0\x9f\x98\x80 \xe2\x82\xac",
                          "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                          "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                          "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
                          NULL);
    field = fb_mail_header_text(ut_pool, "Subject", accents);
    CU_ASSERT_PTR_NOT_NULL(strstr(field, "\r\n =?UTF-8?B?"));
    UT_ASSERT_STR(ut_decode_words(field), accents);
}

/* Quoted-printable back to bytes (soft breaks removed). */
static const char *ut_qp_decode(const char *qp)
{
    char *out = apr_pcalloc(ut_pool, strlen(qp) + 1), *o = out;

    while (*qp != '\0') {
        if (qp[0] == '=' && qp[1] == '\r' && qp[2] == '\n') {
            qp += 3;
        }
        else if (qp[0] == '=') {
            char hex[3] = {qp[1], qp[2], 0};

            *o++ = (char)strtol(hex, NULL, 16);
            qp += 3;
        }
        else {
            *o++ = *qp++;
        }
    }
    return out;
}

static void test_qp(void)
{
    const char *long_line = apr_psprintf(ut_pool, "%0200d", 1);
    const char *mixed = apr_pstrcat(ut_pool, "line one \t\n",
                                    apr_psprintf(ut_pool, "%0100d", 2),
                                    "=\xc3\xa9=\xc3\xa9=\xc3\xa9=\xc3\xa9"
                                    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                                    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 end",
                                    NULL);
    const char *qp, *line;

    UT_ASSERT_STR(fb_mail_qp(ut_pool, ""), "");
    UT_ASSERT_STR(fb_mail_qp(ut_pool, "a=b"), "a=3Db");
    UT_ASSERT_STR(fb_mail_qp(ut_pool, "caf\xc3\xa9"), "caf=C3=A9");
    UT_ASSERT_STR(fb_mail_qp(ut_pool, "a b \nc\t"), "a b=20\r\nc=09");
    UT_ASSERT_STR(fb_mail_qp(ut_pool, "a\rb\nc\r\nd\n"),
                  "a\r\nb\r\nc\r\nd\r\n");
    UT_ASSERT_STR(fb_mail_qp(ut_pool, ".\nFrom x"), ".\r\nFrom x");

    qp = fb_mail_qp(ut_pool, long_line);
    UT_ASSERT_STR(ut_qp_decode(qp), long_line);
    qp = fb_mail_qp(ut_pool, mixed);
    CU_ASSERT_PTR_NULL(strstr(qp, "=_"));
    for (line = qp; line != NULL; line = strstr(line, "\r\n")) {
        const char *next;

        line += (line != qp) ? 2 : 0;
        next = strstr(line, "\r\n");
        CU_ASSERT((next ? (apr_size_t)(next - line) : strlen(line)) <= 76);
        if (next == NULL) {
            break;
        }
    }
    /* Decoding gives the text back with CRLF line breaks. */
    UT_ASSERT_STR(ut_qp_decode(qp),
                  apr_pstrcat(ut_pool, "line one \t\r\n", mixed + 11, NULL));
}

static fb_mail_t ut_mail(void)
{
    fb_mail_t m = {
        .from = "feedback@example.com",
        .to = "voter@x.example",
        .subject = "Status update: Dark mode",
        .text = "Dark mode is now Completed.",
        .html = "<p><strong>Dark mode</strong> is now Completed.</p>",
        .message_id = "abc123.org42",
        .date = UT_BILLION_SECONDS
    };

    return m;
}

static void test_build_multipart(void)
{
    fb_mail_t m = ut_mail();
    const char *error = NULL;

    UT_ASSERT_STR(fb_mail_build(ut_pool, &m, &error),
        "Date: Sun, 09 Sep 2001 01:46:40 +0000\r\n"
        "From: feedback@example.com\r\n"
        "To: voter@x.example\r\n"
        "Subject: Status update: Dark mode\r\n"
        "Message-ID: <abc123.org42@example.com>\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: multipart/alternative; boundary=\"=_fb_alternative\""
        "\r\n\r\n"
        "--=_fb_alternative\r\n"
        "Content-Type: text/plain; charset=UTF-8\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
        "Dark mode is now Completed.\r\n"
        "--=_fb_alternative\r\n"
        "Content-Type: text/html; charset=UTF-8\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
        "<p><strong>Dark mode</strong> is now Completed.</p>\r\n"
        "--=_fb_alternative--\r\n");
    UT_ASSERT_STR(error, NULL);
}

static void test_build_text_only(void)
{
    fb_mail_t m = ut_mail();
    const char *error = NULL, *msg;

    m.html = "";
    m.message_id = NULL;
    m.text = "Caf\xc3\xa9";
    msg = fb_mail_build(ut_pool, &m, &error);
    UT_ASSERT_STR(strstr(msg, "MIME-Version"),
                  "MIME-Version: 1.0\r\n"
                  "Content-Type: text/plain; charset=UTF-8\r\n"
                  "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
                  "Caf=C3=A9");
    CU_ASSERT_PTR_NULL(strstr(msg, "Message-ID"));
}

static void test_build_extra_headers(void)
{
    fb_mail_t m = ut_mail();
    apr_array_header_t *h = apr_array_make(ut_pool, 2,
                                           sizeof(fb_mail_header_t));
    const char *url = "<https://feedback.example.com/v2/unsubscribe?"
                      "token=0123456789abcdef0123456789abcdef>";
    const char *error = NULL, *msg;

    ((fb_mail_header_t *)apr_array_push(h))->name = "List-Unsubscribe";
    ((fb_mail_header_t *)h->elts)[0].value =
        apr_pstrcat(ut_pool, "<mailto:unsub@example.com>, ", url, NULL);
    ((fb_mail_header_t *)apr_array_push(h))->name = "List-Unsubscribe-Post";
    ((fb_mail_header_t *)h->elts)[1].value = "List-Unsubscribe=One-Click";
    m.headers = h;
    msg = fb_mail_build(ut_pool, &m, &error);
    CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
    /* Folded at the space: structured fields are never encoded. */
    CU_ASSERT_PTR_NOT_NULL(strstr(msg,
        apr_pstrcat(ut_pool, "MIME-Version: 1.0\r\n"
                    "List-Unsubscribe: <mailto:unsub@example.com>,\r\n ",
                    url, "\r\nList-Unsubscribe-Post: "
                    "List-Unsubscribe=One-Click\r\nContent-Type: ", NULL)));
    /* One long word: left whole on the line of its name, not folded
     * after the colon. */
    ((fb_mail_header_t *)h->elts)[0].value = url;
    h->nelts = 1;
    msg = fb_mail_build(ut_pool, &m, &error);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, apr_pstrcat(
        ut_pool, "\r\nList-Unsubscribe: ", url, "\r\nContent-Type", NULL)));
}

static void test_build_refused(void)
{
    static const struct {
        const char *name;
        const char *value;
        const char *error;
    } cases[] = {
        {"From", "boss@example.com",
         "extra header From would replace one the module writes"},
        {"content-type", "text/plain",
         "extra header content-type would replace one the module writes"},
        {"X-Bad", "a\r\nBcc: all@example.com",
         "extra header X-Bad: the value must be printable ASCII on one line"},
        {"X-Bad", "caf\xc3\xa9",
         "extra header X-Bad: the value must be printable ASCII on one line"},
        {"X Bad", "x", "extra header name 'X Bad' is not a field name"},
        {"X:Bad", "x", "extra header name 'X:Bad' is not a field name"},
        {"", "x", "extra header name '' is not a field name"},
    };
    apr_size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fb_mail_t m = ut_mail();
        apr_array_header_t *h = apr_array_make(ut_pool, 1,
                                               sizeof(fb_mail_header_t));
        fb_mail_header_t *one = apr_array_push(h);
        const char *error = NULL;

        one->name = cases[i].name;
        one->value = cases[i].value;
        m.headers = h;
        CU_ASSERT_PTR_NULL(fb_mail_build(ut_pool, &m, &error));
        UT_ASSERT_STR(error, cases[i].error);
    }
}

static void test_build_bad_addresses(void)
{
    fb_mail_t m = ut_mail();
    const char *error = NULL;

    m.to = "voter@x.example\r\nBcc: all@example.com";
    CU_ASSERT_PTR_NULL(fb_mail_build(ut_pool, &m, &error));
    UT_ASSERT_STR(error, "the recipient address cannot be used in SMTP");
    m = ut_mail();
    m.from = "nobody";
    CU_ASSERT_PTR_NULL(fb_mail_build(ut_pool, &m, &error));
    UT_ASSERT_STR(error, "the sender address cannot be used in SMTP");
    m = ut_mail();
    m.message_id = "a>b";
    CU_ASSERT_PTR_NULL(fb_mail_build(ut_pool, &m, &error));
    UT_ASSERT_STR(error, "the message id has characters it may not have");
}

static void test_build_subject_encoded(void)
{
    fb_mail_t m = ut_mail();
    const char *error = NULL, *msg;

    m.subject = "Statut : \xc2\xab Mode sombre \xc2\xbb termin\xc3\xa9";
    msg = fb_mail_build(ut_pool, &m, &error);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "\r\nSubject: =?UTF-8?B?"));
    CU_ASSERT_PTR_NULL(strstr(msg, "\xc3\xa9"));
}

void test_mail_register(void)
{
    static const ut_test_t tests[] = {
        {"addresses SMTP can carry", test_address},
        {"RFC 5322 dates", test_date},
        {"unstructured header fields, RFC 2047", test_header_text},
        {"quoted-printable", test_qp},
        {"build: multipart/alternative, exact", test_build_multipart},
        {"build: text only", test_build_text_only},
        {"build: extra header fields, folded", test_build_extra_headers},
        {"build: extra header fields refused", test_build_refused},
        {"build: addresses and ids refused", test_build_bad_addresses},
        {"build: non-ASCII subject is encoded", test_build_subject_encoded},
        {NULL, NULL}
    };

    ut_add_suite("fb_mail", NULL, NULL, NULL, NULL, tests);
}
