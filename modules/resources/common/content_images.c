/*
 * content_images: taking the images of content in (content_images.h).
 */
#include <stdlib.h>
#include <string.h>

#include <gumbo.h>

#include "content_images.h"

#include "apr_base64.h"
#include "apr_strings.h"
#include "http_log.h"

#include "fb_fetch.h"
#include "fb_filesign.h"
#include "fb_log.h"
#include "files/files.h"

/* One <img src> of the input: where its value is and what it says. */
typedef struct {
    apr_size_t at;          /* offset of the value as written (quotes in) */
    apr_size_t len;
    const char *value;      /* decoded by the parser */
} fb_img_src_t;

static void fb_content_collect(const GumboNode *node, const char *base,
                               apr_array_header_t *out)
{
    const GumboVector *children;
    unsigned int i;

    if (node->type != GUMBO_NODE_ELEMENT
        && node->type != GUMBO_NODE_TEMPLATE) {
        return;
    }
    if (node->v.element.tag == GUMBO_TAG_IMG) {
        const GumboAttribute *src = gumbo_get_attribute(
            &node->v.element.attributes, "src");

        if (src != NULL && src->original_value.length > 0
            && src->original_value.data >= base) {
            fb_img_src_t *s = apr_array_push(out);

            s->at = (apr_size_t)(src->original_value.data - base);
            s->len = src->original_value.length;
            s->value = src->value;
        }
    }
    children = &node->v.element.children;
    for (i = 0; i < children->length; i++) {
        fb_content_collect(children->data[i], base, out);
    }
}

static int fb_content_by_offset(const void *a, const void *b)
{
    const fb_img_src_t *x = a, *y = b;

    return x->at < y->at ? -1 : x->at > y->at;
}

/* The file key of an image at an http(s) URL, or NULL. */
static const char *fb_content_fetch(fb_req_t *fr, const char *url)
{
    const fb_fetch_options_t *opt = fb_config_outbound(fr->r->server);
    fb_fetch_result_t res;
    fb_file_writer_t *w;
    const char *key;
    const char *why;

    if (opt == NULL
        || (why = fb_fetch_check_url(opt->policy, url)) != NULL) {
        return NULL;
    }
    if (fb_file_begin(fr, url, &w) != NULL) {
        fb_file_finish(w, 0, &key);
        return NULL;
    }
    fb_file_fetch(fr, opt, url, w, &res);
    fb_file_finish(w, res.error == FB_FETCH_OK, &key);
    if (key == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_INFO, 0, fr->r, FBLOGNO(00111)
                      "image not taken from %s: %s", url,
                      res.error == FB_FETCH_OK
                      ? "not an image" : fb_fetch_error_name(res.error));
    }
    return key;
}

/* The file key of an image in a base64 data URI, or NULL. */
static const char *fb_content_data(fb_req_t *fr, const char *uri)
{
    const char *comma = strchr(uri, ',');
    fb_file_writer_t *w;
    const char *key;
    char *bin;
    int len;

    if (comma == NULL || comma - uri < 7
        || strncasecmp(comma - 7, ";base64", 7) != 0
        || strlen(comma + 1) > (FB_FILE_MAX_SIZE / 3 + 1) * 4) {
        return NULL;
    }
    bin = apr_palloc(fr->pool, apr_base64_decode_len(comma + 1));
    len = apr_base64_decode(bin, comma + 1);
    if (len <= 0 || fb_file_begin(fr, "data:", &w) != NULL) {
        return NULL;
    }
    fb_file_finish(w, fb_file_write(w, bin, (apr_size_t)len)
                      == APR_SUCCESS, &key);
    return key;
}

const char *fb_content_images(fb_req_t *fr, const char *html)
{
    apr_array_header_t *srcs, *out;
    GumboOutput *doc;
    apr_size_t from = 0;
    int i;

    if (ap_strcasestr(html, "<img") == NULL) {
        return html;
    }
    srcs = apr_array_make(fr->pool, 4, sizeof(fb_img_src_t));
    doc = gumbo_parse(html);
    fb_content_collect(doc->root, html, srcs);
    /* The tree's order need not be the source's (foster parenting). */
    qsort(srcs->elts, (size_t)srcs->nelts, sizeof(fb_img_src_t),
          fb_content_by_offset);
    /* The pieces of the result, joined once at the end: a string grown
     * piece by piece is copied whole for every image. */
    out = apr_array_make(fr->pool, 4 * srcs->nelts + 1, sizeof(char *));
    for (i = 0; i < srcs->nelts; i++) {
        fb_img_src_t *s = &APR_ARRAY_IDX(srcs, i, fb_img_src_t);
        const char *v = apr_pstrdup(fr->pool, s->value), *key = NULL;

        if (s->at < from) {
            continue;
        }
        if (i >= FB_CONTENT_MAX_IMAGES) {
            key = NULL;
        }
        else if (strncasecmp(v, "data:image/", 11) == 0) {
            key = fb_content_data(fr, v);
        }
        else if (strncasecmp(v, "https://", 8) == 0
                 || strncasecmp(v, "http://", 7) == 0) {
            if ((key = fb_file_owned(fr, v)) == NULL) {
                key = fb_content_fetch(fr, v);
            }
        }
        APR_ARRAY_PUSH(out, const char *) =
            apr_pstrmemdup(fr->pool, html + from, s->at - from);
        APR_ARRAY_PUSH(out, const char *) = "\"";
        APR_ARRAY_PUSH(out, const char *) =
            key ? fb_file_marker(fr->pool, key) : "";
        APR_ARRAY_PUSH(out, const char *) = "\"";
        from = s->at + s->len;
    }
    gumbo_destroy_output(&kGumboDefaultOptions, doc);
    APR_ARRAY_PUSH(out, const char *) = html + from;
    return apr_array_pstrcat(fr->pool, out, 0);
}
