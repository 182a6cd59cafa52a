/*
 * comment_content: sanitizing a comment's content (comment_content.h).
 */
#include <string.h>

#include "body_fields.h"
#include "comment_content.h"

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

    if (err != NULL || *html == NULL) {
        return err;
    }
    if (!fb_comment_shows(*html, *text)) {
        return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER, "content",
                             "'content' has nothing left to show once "
                             "sanitized.");
    }
    return NULL;
}
