/*
 * body_fields: times and content of request bodies (body_fields.h).
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "content_images.h"
#include "fb_html.h"
#include "fb_json.h"
#include "fb_markdown.h"
#include "fb_time.h"

const char *fb_body_time(fb_req_t *fr, const char *field)
{
    json_object *v = json_object_object_get(fr->body, field);
    apr_time_t t;

    if (v == NULL) {
        return NULL;
    }
    if (!json_object_is_type(v, json_type_string)) {
        t = (apr_time_t)(json_object_get_double(v) * APR_USEC_PER_SEC);
    }
    else if (fb_time_parse(json_object_get_string(v), &t) != APR_SUCCESS) {
        return NULL;    /* the rules have refused it already */
    }
    return fb_time_format(fr->pool, t);
}

/*
 * Sanitizes markup, the HTML given as field or rendered from it, with its
 * images taken in (content_images.h).  The first pass checks the markup
 * within the sanitizer's limits, which then bound the image pass too; the
 * images become markers and lose their src when they cannot be had, and
 * what that leaves is sanitized again.
 */
static fb_error_t *fb_body_sanitize(fb_req_t *fr, const char *field,
                                    const char *markup, const char **html,
                                    const char **text)
{
    const char *taken;

    *html = markup != NULL ? fb_html_sanitize(fr->pool, markup,
                                              strlen(markup))
                           : NULL;
    if (*html != NULL && strcasestr(markup, "<img") != NULL
        && (taken = fb_content_images(fr, markup)) != markup) {
        *html = fb_html_sanitize(fr->pool, taken, strlen(taken));
    }
    *text = *html != NULL ? fb_html_text(fr->pool, *html, strlen(*html))
                          : NULL;
    if (*html == NULL || *text == NULL) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, field,
                             apr_psprintf(fr->pool, "The markup of '%s' is "
                                          "too complex.", field));
    }
    return NULL;
}

fb_error_t *fb_body_html(fb_req_t *fr, const char *field, const char **html,
                         const char **text)
{
    const char *given = fb_json_string(fr->body, field);

    *html = *text = NULL;
    return given == NULL ? NULL
                         : fb_body_sanitize(fr, field, given, html, text);
}

fb_error_t *fb_body_markdown(fb_req_t *fr, const char *field,
                             const char **html, const char **text)
{
    const char *given = fb_json_string(fr->body, field);

    *html = *text = NULL;
    if (given == NULL) {
        return NULL;
    }
    return fb_body_sanitize(fr, field,
                            fb_markdown_html(fr->pool, given, strlen(given)),
                            html, text);
}

fb_error_t *fb_body_content(fb_req_t *fr, const char *field,
                            const char *given, int markdown,
                            const char **html, const char **text)
{
    *html = *text = NULL;
    if (given == NULL) {
        return NULL;
    }
    return fb_body_sanitize(fr, field,
                            markdown ? fb_markdown_html(fr->pool, given,
                                                        strlen(given))
                                     : given,
                            html, text);
}
