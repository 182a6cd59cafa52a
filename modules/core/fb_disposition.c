/*
 * fb_disposition: Content-Disposition for attachments
 * (fb_disposition.h).
 */
#include <string.h>

#include "apr_lib.h"
#include "apr_strings.h"

#include "fb_disposition.h"
#include "fb_utf8.h"

/* RFC 5987's attr-char, the bytes filename* writes as they are. */
static int fb_disposition_attr_char(unsigned char c)
{
    return apr_isalnum(c) || (c != 0 && strchr("!#$&+-.^_`|~", c) != NULL);
}

const char *fb_disposition_attachment(apr_pool_t *p, const char *name)
{
    static const char hex[] = "0123456789ABCDEF";
    apr_size_t len, i, o = 0;
    char *ascii, *ext;
    int same = 1;

    if (name == NULL || *name == '\0') {
        name = "file";
    }
    len = strlen(name);
    ascii = apr_palloc(p, len + 1);
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];

        if (c >= 0x80 && c < 0xC0 && i > 0
            && (unsigned char)name[i - 1] >= 0x80) {
            continue;       /* the rest of a character already made '_' */
        }
        if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\' || c == '%') {
            ascii[o++] = '_';
            same = 0;
        }
        else {
            ascii[o++] = (char)c;
        }
    }
    ascii[o] = '\0';
    if (same || !fb_utf8_valid(name, len)) {
        return apr_pstrcat(p, "attachment; filename=\"", ascii, "\"", NULL);
    }
    ext = apr_palloc(p, 3 * len + 1);
    for (i = 0, o = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];

        if (fb_disposition_attr_char(c)) {
            ext[o++] = (char)c;
        }
        else {
            ext[o++] = '%';
            ext[o++] = hex[c >> 4];
            ext[o++] = hex[c & 15];
        }
    }
    ext[o] = '\0';
    return apr_pstrcat(p, "attachment; filename=\"", ascii,
                       "\"; filename*=UTF-8''", ext, NULL);
}
