/*
 * fb_error: the API's error vocabulary.
 *
 * Every error the API can answer is a row in one table (fb_error.c): its
 * machine code, HTTP status and error type.  Handlers name a row by its
 * enum value and add a message and, where one parameter is at fault, its
 * name.  Rendering produces the documented envelope
 * {error:{type, code, message, param, status, details?}}.
 */
#ifndef FB_ERROR_H
#define FB_ERROR_H

#include <apr_pools.h>
#include <apr_tables.h>

typedef enum {
    FB_E_INVALID_REQUEST = 0,
    FB_E_INVALID_ID,
    FB_E_INVALID_PARAMETER,
    FB_E_MISSING_PARAMETER,
    FB_E_INVALID_CURSOR,
    FB_E_PARAMETER_NOT_SUPPORTED,
    FB_E_VERSION_INVALID,
    FB_E_MISSING_API_KEY,
    FB_E_INVALID_API_KEY,
    FB_E_INSUFFICIENT_PERMISSIONS,
    FB_E_FORBIDDEN,
    FB_E_FEATURE_DISABLED,
    FB_E_ROUTE_NOT_FOUND,
    FB_E_RESOURCE_NOT_FOUND,
    FB_E_BOARD_NOT_FOUND,
    FB_E_POST_NOT_FOUND,
    FB_E_CUSTOM_FIELD_NOT_FOUND,
    FB_E_ADMIN_NOT_FOUND,
    FB_E_CONTACT_NOT_FOUND,
    FB_E_TEAM_NOT_FOUND,
    FB_E_BRAND_NOT_FOUND,
    FB_E_COMPANY_NOT_FOUND,
    FB_E_CHANGELOG_NOT_FOUND,
    FB_E_COMMENT_NOT_FOUND,
    FB_E_WEBHOOK_NOT_FOUND,
    FB_E_CONVERSATION_NOT_FOUND,
    FB_E_WEBHOOK_DELIVERY_NOT_FOUND,
    FB_E_VOTER_NOT_FOUND,
    FB_E_SURVEY_NOT_FOUND,
    FB_E_CONVERSATION_PART_NOT_FOUND,
    FB_E_PARTICIPANT_NOT_FOUND,
    FB_E_HELP_CENTER_NOT_FOUND,
    FB_E_COLLECTION_NOT_FOUND,
    FB_E_ARTICLE_NOT_FOUND,
    FB_E_REDIRECT_RULE_NOT_FOUND,
    FB_E_RESOURCE_IN_USE,
    FB_E_RESOURCE_CONFLICT,
    FB_E_CONTACT_NOT_ATTACHED,
    FB_E_QUERY_TOO_BROAD,
    FB_E_QUERY_TOO_EXPENSIVE,
    FB_E_IDEMPOTENCY_KEY_REUSED,
    FB_E_IDEMPOTENCY_KEY_IN_USE,
    FB_E_VERSION_UNAVAILABLE,
    FB_E_METHOD_NOT_ALLOWED,
    FB_E_PRECONDITION_FAILED,
    FB_E_PAYLOAD_TOO_LARGE,
    FB_E_UNSUPPORTED_MEDIA_TYPE,
    FB_E_RATE_LIMITED,
    FB_E_REQUEST_TIMEOUT,
    FB_E_LENGTH_REQUIRED,
    FB_E_URI_TOO_LONG,
    FB_E_HEADERS_TOO_LARGE,
    FB_E_NOT_IMPLEMENTED,
    FB_E_INTERNAL,
    FB_E_DATABASE,
    FB_E_SERVICE_UNAVAILABLE,
    FB_E__COUNT
} fb_error_e;

/* One row of the error table. */
typedef struct {
    const char *code;     /* machine code, e.g. "board_not_found" */
    int status;           /* HTTP status */
    const char *type;     /* envelope type, e.g. "invalid_request_error" */
    const char *message;  /* default human text */
} fb_error_def_t;

/* One entry of `details`: a bad field and what is wrong with it. */
typedef struct {
    const char *path;
    const char *message;
} fb_error_detail_t;

typedef struct {
    fb_error_e kind;
    const char *message;          /* NULL: the table's default */
    const char *param;            /* NULL: left out of the envelope */
    apr_array_header_t *details;  /* of fb_error_detail_t, or NULL */
} fb_error_t;

const fb_error_def_t *fb_error_def(fb_error_e kind);

/* A new error in pool p; message and param may be NULL. */
fb_error_t *fb_error_make(apr_pool_t *p, fb_error_e kind,
                          const char *param, const char *message);

/* Appends a detail (path, message) to err, creating the array on demand. */
void fb_error_add_detail(apr_pool_t *p, fb_error_t *err,
                         const char *path, const char *message);

/* The envelope as JSON text, allocated in p. */
const char *fb_error_render(apr_pool_t *p, const fb_error_t *err);

/*
 * The error that stands for an HTTP status httpd answered by itself (a
 * malformed request, a time-out, a body over LimitRequestBody): the
 * kind whose status it is, FB_E_INVALID_REQUEST for another 4xx and
 * FB_E_INTERNAL for another 5xx.
 */
fb_error_e fb_error_for_status(int status);

#endif
