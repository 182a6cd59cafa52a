/*
 * comment_content: sanitizing a comment's content (comment_content.h).
 */
#include <string.h>

#include "body_fields.h"
#include "comment_content.h"
#include "content_images.h"
#include "fb_html.h"
#include "fb_json.h"

/* Non-zero when html shows something: text that is not white space, or
 * an image. */
static int fb_comment_shows(const char *html, const char *text)
{
    return text[strspn(text, " \t\r\n")] != '\0'
           || strstr(html, "<img") != NULL;
}

fb_error_t *fb_comment_content(fb_req_t *fr, const char **html,
                               const char **text)
{
    fb_error_t *err = fb_body_html(fr, "content", html, text);
    const char *given = fb_json_string(fr->body, "content");
    const char *taken;

    if (err != NULL || *html == NULL) {
        return err;
    }
    /* The sanitizer accepted the markup, so parsing it again for its
     * images is within the same limits; what they become is sanitized
     * like the rest. */
    if (strstr(*html, "<img") != NULL
        && (taken = fb_content_images(fr, given)) != given) {
        *html = fb_html_sanitize(fr->pool, taken, strlen(taken));
        *text = *html ? fb_html_text(fr->pool, *html, strlen(*html)) : NULL;
        if (*html == NULL || *text == NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "content", "The markup of 'content' is "
                                 "too complex.");
        }
    }
    if (!fb_comment_shows(*html, *text)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "content",
                             "'content' has nothing left to show once "
                             "sanitized.");
    }
    return NULL;
}
