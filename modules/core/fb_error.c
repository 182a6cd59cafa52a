/*
 * fb_error: the error table and the envelope renderer.
 */
#include <json.h>

#include "fb_error.h"
#include "fb_json.h"
#include "fb_utf8.h"

#define BAD "invalid_request_error"

static const fb_error_def_t fb_errors[FB_E__COUNT] = {
    [FB_E_INVALID_REQUEST] =
        {"invalid_request", 400, BAD, "The request could not be read."},
    [FB_E_INVALID_ID] =
        {"invalid_id", 400, BAD, "The id is not a valid object id."},
    [FB_E_INVALID_PARAMETER] =
        {"invalid_parameter", 400, BAD, "A parameter has an invalid value."},
    [FB_E_MISSING_PARAMETER] =
        {"missing_parameter", 400, BAD, "A required parameter is missing."},
    [FB_E_INVALID_CURSOR] =
        {"invalid_cursor", 400, BAD, "The cursor is malformed or expired."},
    [FB_E_PARAMETER_NOT_SUPPORTED] =
        {"parameter_not_supported", 400, BAD,
         "This parameter is not supported."},
    [FB_E_VERSION_INVALID] =
        {"version_not_supported", 400, BAD,
         "This API version is not supported."},
    [FB_E_MISSING_API_KEY] =
        {"missing_api_key", 401, "authentication_error",
         "No API key was provided."},
    [FB_E_INVALID_API_KEY] =
        {"invalid_api_key", 401, "authentication_error",
         "The API key is invalid."},
    [FB_E_INSUFFICIENT_PERMISSIONS] =
        {"insufficient_permissions", 403, "authorization_error",
         "The API key's role does not allow this operation."},
    [FB_E_FORBIDDEN] =
        {"forbidden", 403, "authorization_error",
         "This request is not allowed."},
    [FB_E_FEATURE_DISABLED] =
        {"feature_disabled", 403, "authorization_error",
         "This feature is disabled."},
    [FB_E_ROUTE_NOT_FOUND] =
        {"resource_not_found", 404, BAD, "Unknown endpoint."},
    [FB_E_RESOURCE_NOT_FOUND] =
        {"resource_not_found", 404, BAD, "Resource not found."},
    [FB_E_BOARD_NOT_FOUND] =
        {"board_not_found", 404, BAD, "Board not found."},
    [FB_E_POST_NOT_FOUND] =
        {"post_not_found", 404, BAD, "Post not found."},
    [FB_E_CUSTOM_FIELD_NOT_FOUND] =
        {"custom_field_not_found", 404, BAD, "Custom field not found."},
    [FB_E_ADMIN_NOT_FOUND] =
        {"admin_not_found", 404, BAD, "Admin not found."},
    [FB_E_CONTACT_NOT_FOUND] =
        {"contact_not_found", 404, BAD, "Contact not found."},
    [FB_E_TEAM_NOT_FOUND] =
        {"team_not_found", 404, BAD, "Team not found."},
    [FB_E_BRAND_NOT_FOUND] =
        {"brand_not_found", 404, BAD, "Brand not found."},
    [FB_E_COMPANY_NOT_FOUND] =
        {"company_not_found", 404, BAD, "Company not found."},
    [FB_E_CHANGELOG_NOT_FOUND] =
        {"changelog_not_found", 404, BAD, "Changelog not found."},
    [FB_E_COMMENT_NOT_FOUND] =
        {"comment_not_found", 404, BAD, "Comment not found."},
    [FB_E_WEBHOOK_NOT_FOUND] =
        {"webhook_not_found", 404, BAD, "Webhook not found."},
    [FB_E_CONVERSATION_NOT_FOUND] =
        {"conversation_not_found", 404, BAD, "Conversation not found."},
    [FB_E_WEBHOOK_DELIVERY_NOT_FOUND] =
        {"webhook_delivery_not_found", 404, BAD,
         "Webhook delivery not found."},
    [FB_E_VOTER_NOT_FOUND] =
        {"voter_not_found", 404, BAD,
         "This user has not voted on this post."},
    [FB_E_SURVEY_NOT_FOUND] =
        {"survey_not_found", 404, BAD, "Survey not found."},
    [FB_E_CONVERSATION_PART_NOT_FOUND] =
        {"conversation_part_not_found", 404, BAD,
         "Conversation part not found."},
    [FB_E_PARTICIPANT_NOT_FOUND] =
        {"participant_not_found", 404, BAD,
         "The contact is not a participant of this conversation."},
    [FB_E_HELP_CENTER_NOT_FOUND] =
        {"help_center_not_found", 404, BAD, "Help center not found."},
    [FB_E_COLLECTION_NOT_FOUND] =
        {"collection_not_found", 404, BAD, "Collection not found."},
    [FB_E_ARTICLE_NOT_FOUND] =
        {"article_not_found", 404, BAD, "Article not found."},
    [FB_E_REDIRECT_RULE_NOT_FOUND] =
        {"redirect_rule_not_found", 404, BAD, "Redirect rule not found."},
    [FB_E_RESOURCE_IN_USE] =
        {"resource_in_use", 409, BAD,
         "The resource is in use and cannot be deleted."},
    [FB_E_RESOURCE_CONFLICT] =
        {"resource_conflict", 409, BAD,
         "The change conflicts with the organization's other data."},
    [FB_E_CONTACT_NOT_ATTACHED] =
        {"contact_not_attached", 400, BAD,
         "The contact is not attached to this company."},
    [FB_E_QUERY_TOO_BROAD] =
        {"query_too_broad", 400, BAD,
         "The query only excludes: add a clause that selects (=, IN, >, "
         "<) so that it does not read every conversation."},
    [FB_E_QUERY_TOO_EXPENSIVE] =
        {"query_too_expensive", 400, BAD,
         "The search ran past its time budget and was stopped: narrow it "
         "(fewer words or clauses, a date range, a filter)."},
    [FB_E_IDEMPOTENCY_KEY_REUSED] =
        {"idempotency_key_reused", 422, BAD,
         "This Idempotency-Key was used with another request body."},
    [FB_E_IDEMPOTENCY_KEY_IN_USE] =
        {"idempotency_key_in_use", 409, BAD,
         "A request with this Idempotency-Key is still being processed."},
    [FB_E_VERSION_UNAVAILABLE] =
        {"version_not_supported", 404, BAD,
         "This endpoint is not available in the requested API version."},
    [FB_E_METHOD_NOT_ALLOWED] =
        {"method_not_allowed", 405, BAD,
         "This method is not allowed on this endpoint."},
    [FB_E_PRECONDITION_FAILED] =
        {"precondition_failed", 412, BAD,
         "The resource has changed: If-Match names none of its current "
         "versions."},
    [FB_E_PAYLOAD_TOO_LARGE] =
        {"request_too_large", 413, BAD, "The request body is too large."},
    [FB_E_UNSUPPORTED_MEDIA_TYPE] =
        {"unsupported_media_type", 415, BAD,
         "The request body must be application/json."},
    [FB_E_RATE_LIMITED] =
        {"rate_limit_exceeded", 429, "rate_limit_error",
         "Too many requests."},
    [FB_E_REQUEST_TIMEOUT] =
        {"request_timeout", 408, BAD,
         "The request was not received in time."},
    [FB_E_LENGTH_REQUIRED] =
        {"length_required", 411, BAD,
         "The request body needs a length."},
    [FB_E_URI_TOO_LONG] =
        {"uri_too_long", 414, BAD, "The request URI is too long."},
    [FB_E_HEADERS_TOO_LARGE] =
        {"headers_too_large", 431, BAD,
         "The request header fields are too large."},
    [FB_E_NOT_IMPLEMENTED] =
        {"not_implemented", 501, "api_error",
         "This method is not implemented."},
    [FB_E_INTERNAL] =
        {"internal_error", 500, "api_error", "An internal error occurred."},
    [FB_E_DATABASE] =
        {"database_error", 500, "api_error", "An internal error occurred."},
    [FB_E_SERVICE_UNAVAILABLE] =
        {"service_unavailable", 503, "api_error",
         "The service is briefly unavailable; retry shortly."},
};

const fb_error_def_t *fb_error_def(fb_error_e kind)
{
    if ((int)kind < 0 || kind >= FB_E__COUNT) {
        kind = FB_E_INTERNAL;
    }
    return &fb_errors[kind];
}

fb_error_t *fb_error_make(apr_pool_t *p, fb_error_e kind,
                          const char *param, const char *message)
{
    fb_error_t *err = apr_pcalloc(p, sizeof(*err));

    err->kind = kind;
    err->param = param;
    err->message = message;
    return err;
}

void fb_error_add_detail(apr_pool_t *p, fb_error_t *err,
                         const char *path, const char *message)
{
    fb_error_detail_t *d;

    if (err->details == NULL) {
        err->details = apr_array_make(p, 4, sizeof(fb_error_detail_t));
    }
    d = apr_array_push(err->details);
    d->path = path;
    d->message = message;
}

/* The longest text (in bytes) an error's message, param or detail
 * shows: they may echo what a request held (a header, a body's key). */
#define FB_ERROR_TEXT_MAX 1024

/* s as an error shows it: well-formed UTF-8 (a byte of the request that
 * is not becomes U+FFFD), cut to FB_ERROR_TEXT_MAX; a JSON string. */
static json_object *fb_error_text(apr_pool_t *p, const char *s)
{
    return json_object_new_string(fb_utf8_clean(p, s, FB_ERROR_TEXT_MAX));
}

const char *fb_error_render(apr_pool_t *p, const fb_error_t *err)
{
    const fb_error_def_t *def = fb_error_def(err->kind);
    json_object *root = fb_json_owned(p, json_object_new_object());
    json_object *e = json_object_new_object();
    int i;

    json_object_object_add(root, "error", e);
    json_object_object_add(e, "type", json_object_new_string(def->type));
    json_object_object_add(e, "code", json_object_new_string(def->code));
    json_object_object_add(e, "message", fb_error_text(
                               p, err->message ? err->message
                                               : def->message));
    if (err->param != NULL) {
        json_object_object_add(e, "param", fb_error_text(p, err->param));
    }
    json_object_object_add(e, "status", json_object_new_int(def->status));
    if (err->details != NULL && err->details->nelts > 0) {
        json_object *arr = json_object_new_array();

        for (i = 0; i < err->details->nelts; i++) {
            const fb_error_detail_t *d =
                &APR_ARRAY_IDX(err->details, i, fb_error_detail_t);
            json_object *item = json_object_new_object();

            json_object_object_add(item, "path", fb_error_text(p, d->path));
            json_object_object_add(item, "message",
                                   fb_error_text(p, d->message));
            json_object_array_add(arr, item);
        }
        json_object_object_add(e, "details", arr);
    }
    return fb_json_text(p, root);
}

fb_error_e fb_error_for_status(int status)
{
    /* The generic kind of each status httpd may answer by itself. */
    static const fb_error_e generic[] = {
        FB_E_INVALID_REQUEST, FB_E_FORBIDDEN, FB_E_ROUTE_NOT_FOUND,
        FB_E_METHOD_NOT_ALLOWED, FB_E_REQUEST_TIMEOUT, FB_E_LENGTH_REQUIRED,
        FB_E_PAYLOAD_TOO_LARGE, FB_E_URI_TOO_LONG,
        FB_E_UNSUPPORTED_MEDIA_TYPE, FB_E_RATE_LIMITED,
        FB_E_HEADERS_TOO_LARGE, FB_E_INTERNAL, FB_E_NOT_IMPLEMENTED,
        FB_E_SERVICE_UNAVAILABLE
    };
    apr_size_t i;

    for (i = 0; i < sizeof(generic) / sizeof(generic[0]); i++) {
        if (fb_errors[generic[i]].status == status) {
            return generic[i];
        }
    }
    return status >= 500 ? FB_E_INTERNAL : FB_E_INVALID_REQUEST;
}
