/*
 * fb_json: strict parsing and pool ownership for json-c objects.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_json.h"

static apr_status_t fb_json_put(void *data)
{
    json_object_put(data);
    return APR_SUCCESS;
}

json_object *fb_json_owned(apr_pool_t *p, json_object *obj)
{
    if (obj != NULL) {
        apr_pool_cleanup_register(p, obj, fb_json_put,
                                  apr_pool_cleanup_null);
    }
    return obj;
}

const char *fb_json_text(apr_pool_t *p, json_object *obj)
{
    size_t len = 0;
    const char *s = json_object_to_json_string_length(
        obj, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);

    return apr_pstrmemdup(p, s, len);
}

const char *fb_json_quote(apr_pool_t *p, const char *s)
{
    json_object *str;
    const char *text;

    if (s == NULL) {
        return "null";
    }
    str = json_object_new_string(s);
    text = fb_json_text(p, str);
    json_object_put(str);
    return text;
}

/*
 * json-c turns \u0000 into a NUL inside the string, which C code would
 * silently truncate, and it cannot be stored in PostgreSQL text.  A raw NUL
 * byte is likewise refused.  The scan follows string and escape state so
 * that an escaped backslash followed by "u0000" is not mistaken for one.
 */
static int fb_json_has_nul(const char *buf, apr_size_t len)
{
    apr_size_t i;
    int in_string = 0;

    for (i = 0; i < len; i++) {
        char c = buf[i];

        if (c == '\0') {
            return 1;
        }
        if (!in_string) {
            in_string = (c == '"');
            continue;
        }
        if (c == '"') {
            in_string = 0;
        }
        else if (c == '\\' && i + 1 < len) {
            if (buf[i + 1] == 'u' && i + 5 < len
                && memcmp(buf + i + 2, "0000", 4) == 0) {
                return 1;
            }
            i++;    /* the escaped character cannot end the string */
        }
    }
    return 0;
}

static int fb_json_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

apr_status_t fb_json_parse(apr_pool_t *p, const char *buf, apr_size_t len,
                           json_object **out, const char **why)
{
    json_tokener *tok;
    json_object *obj;
    enum json_tokener_error jerr;
    apr_size_t end;

    *out = NULL;
    if (fb_json_has_nul(buf, len)) {
        *why = "The body contains a NUL character.";
        return APR_EINVAL;
    }
    /* json-c's depth counts every open object and array, the outer one
     * included. */
    tok = json_tokener_new_ex(FB_JSON_MAX_DEPTH);
    if (tok == NULL) {
        *why = "The body could not be parsed.";
        return APR_ENOMEM;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                | JSON_TOKENER_VALIDATE_UTF8);
    obj = json_tokener_parse_ex(tok, buf, (int)len);
    jerr = json_tokener_get_error(tok);
    end = json_tokener_get_parse_end(tok);
    json_tokener_free(tok);

    if (obj == NULL || jerr != json_tokener_success) {
        json_object_put(obj);
        if (jerr == json_tokener_error_depth) {
            *why = "The body is nested too deeply.";
        }
        else if (jerr == json_tokener_error_parse_utf8_string) {
            *why = "The body is not valid UTF-8.";
        }
        else {
            *why = "The body is not valid JSON.";
        }
        return APR_EINVAL;
    }
    for (; end < len; end++) {
        if (!fb_json_is_space(buf[end])) {
            json_object_put(obj);
            *why = "The body has bytes after the JSON value.";
            return APR_EINVAL;
        }
    }
    *out = fb_json_owned(p, obj);
    return APR_SUCCESS;
}

const char *fb_json_string(json_object *obj, const char *key)
{
    json_object *v = json_object_object_get(obj, key);

    return json_object_is_type(v, json_type_string)
           ? json_object_get_string(v) : NULL;
}

int fb_json_bool(json_object *obj, const char *key, int def)
{
    json_object *v = json_object_object_get(obj, key);

    return json_object_is_type(v, json_type_boolean)
           ? json_object_get_boolean(v) : def;
}
