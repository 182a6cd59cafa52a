/*
 * fb_json: strict parsing and pool ownership for json-c objects.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_json.h"
#include "fb_utf8.h"

static apr_status_t fb_json_release(void *data)
{
    json_object_put(data);
    return APR_SUCCESS;
}

json_object *fb_json_owned(apr_pool_t *p, json_object *obj)
{
    if (obj != NULL) {
        apr_pool_cleanup_register(p, obj, fb_json_release,
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
 * The validator: json-c is lenient even in strict mode (NaN, Infinity,
 * single quotes, "1.", control characters in strings, ill-formed UTF-8),
 * and turns \u0000 into a NUL that C code would truncate at and that
 * PostgreSQL refuses.  So the body is first checked against RFC 8259 here,
 * with the nesting depth counted over objects and arrays, and only text
 * that passes reaches json-c.  It also counts the members of every
 * object: json-c keeps the last of two members of one name, so a tree
 * with fewer members than the text had is a body with a duplicate name,
 * which is refused rather than read as the last one.
 */
typedef struct {
    const unsigned char *p;
    const unsigned char *end;
    int depth;
    const char *why;
    apr_size_t members;     /* of every object, nested ones too */
} fb_scan_t;

#define FB_WHY_JSON "The body is not valid JSON."
#define FB_WHY_UTF8 "The body is not valid UTF-8."
#define FB_WHY_NUL "The body contains a NUL character."
#define FB_WHY_DEPTH "The body is nested too deeply."
#define FB_WHY_TRAILING "The body has bytes after the JSON value."
#define FB_WHY_DUPLICATE "The body names a member twice in one object."

static int fb_scan_value(fb_scan_t *s);

static int fb_scan_fail(fb_scan_t *s, const char *why)
{
    if (s->why == NULL) {
        s->why = why;
    }
    return 0;
}

static void fb_scan_space(fb_scan_t *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t'
                             || *s->p == '\n' || *s->p == '\r')) {
        s->p++;
    }
}

static int fb_scan_hex4(fb_scan_t *s, unsigned *out)
{
    int i;

    *out = 0;
    if (s->end - s->p < 4) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    for (i = 0; i < 4; i++, s->p++) {
        unsigned c = *s->p;

        *out <<= 4;
        if (c >= '0' && c <= '9') {
            *out |= c - '0';
        }
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
            *out |= (c | 0x20) - 'a' + 10;
        }
        else {
            return fb_scan_fail(s, FB_WHY_JSON);
        }
    }
    return 1;
}

/* After a backslash: one escape; surrogates must come in pairs. */
static int fb_scan_escape(fb_scan_t *s)
{
    unsigned code, low;

    if (s->p >= s->end) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    if (memchr("\"\\/bfnrt", *s->p, 8) != NULL) {
        s->p++;
        return 1;
    }
    if (*s->p++ != 'u' || !fb_scan_hex4(s, &code)) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    if (code == 0) {
        return fb_scan_fail(s, FB_WHY_NUL);
    }
    if (code >= 0xdc00 && code <= 0xdfff) {
        return fb_scan_fail(s, FB_WHY_UTF8);
    }
    if (code >= 0xd800 && code <= 0xdbff) {
        if (s->end - s->p < 2 || s->p[0] != '\\' || s->p[1] != 'u') {
            return fb_scan_fail(s, FB_WHY_UTF8);
        }
        s->p += 2;
        if (!fb_scan_hex4(s, &low)) {
            return 0;
        }
        if (low < 0xdc00 || low > 0xdfff) {
            return fb_scan_fail(s, FB_WHY_UTF8);
        }
    }
    return 1;
}

static int fb_scan_string(fb_scan_t *s)
{
    s->p++;     /* the opening quote */
    while (s->p < s->end) {
        unsigned char c = *s->p;
        apr_size_t n;

        if (c == '"') {
            s->p++;
            return 1;
        }
        if (c == '\0') {
            return fb_scan_fail(s, FB_WHY_NUL);
        }
        if (c < 0x20) {
            return fb_scan_fail(s, FB_WHY_JSON);
        }
        if (c == '\\') {
            s->p++;
            if (!fb_scan_escape(s)) {
                return 0;
            }
            continue;
        }
        n = fb_utf8_sequence(s->p, (apr_size_t)(s->end - s->p));
        if (n == 0) {
            return fb_scan_fail(s, FB_WHY_UTF8);
        }
        s->p += n;
    }
    return fb_scan_fail(s, FB_WHY_JSON);
}

static int fb_scan_digits(fb_scan_t *s)
{
    const unsigned char *start = s->p;

    while (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
        s->p++;
    }
    return s->p > start;
}

static int fb_scan_number(fb_scan_t *s)
{
    if (*s->p == '-') {
        s->p++;
    }
    if (s->p < s->end && *s->p == '0') {
        s->p++;
    }
    else if (!fb_scan_digits(s)) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    if (s->p < s->end && *s->p == '.') {
        s->p++;
        if (!fb_scan_digits(s)) {
            return fb_scan_fail(s, FB_WHY_JSON);
        }
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        s->p++;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-')) {
            s->p++;
        }
        if (!fb_scan_digits(s)) {
            return fb_scan_fail(s, FB_WHY_JSON);
        }
    }
    return 1;
}

static int fb_scan_literal(fb_scan_t *s, const char *word)
{
    apr_size_t n = strlen(word);

    if ((apr_size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    s->p += n;
    return 1;
}

/* An object or an array, from its opening bracket. */
static int fb_scan_container(fb_scan_t *s)
{
    int object = *s->p == '{';
    unsigned char close = object ? '}' : ']';

    if (++s->depth > FB_JSON_MAX_DEPTH) {
        return fb_scan_fail(s, FB_WHY_DEPTH);
    }
    s->p++;
    fb_scan_space(s);
    if (s->p < s->end && *s->p == close) {
        s->p++;
        s->depth--;
        return 1;
    }
    for (;;) {
        if (object) {
            if (s->p >= s->end || *s->p != '"' || !fb_scan_string(s)) {
                return fb_scan_fail(s, FB_WHY_JSON);
            }
            fb_scan_space(s);
            if (s->p >= s->end || *s->p++ != ':') {
                return fb_scan_fail(s, FB_WHY_JSON);
            }
            s->members++;
        }
        if (!fb_scan_value(s)) {
            return 0;
        }
        if (s->p < s->end && *s->p == ',') {
            s->p++;
            fb_scan_space(s);
            continue;
        }
        if (s->p < s->end && *s->p == close) {
            s->p++;
            s->depth--;
            return 1;
        }
        return fb_scan_fail(s, FB_WHY_JSON);
    }
}

/* One value with the white space around it. */
static int fb_scan_value(fb_scan_t *s)
{
    int ok;

    fb_scan_space(s);
    if (s->p >= s->end) {
        return fb_scan_fail(s, FB_WHY_JSON);
    }
    switch (*s->p) {
    case '{':
    case '[':
        ok = fb_scan_container(s);
        break;
    case '"':
        ok = fb_scan_string(s);
        break;
    case 't':
        ok = fb_scan_literal(s, "true");
        break;
    case 'f':
        ok = fb_scan_literal(s, "false");
        break;
    case 'n':
        ok = fb_scan_literal(s, "null");
        break;
    case '\0':
        return fb_scan_fail(s, FB_WHY_NUL);
    default:
        ok = (*s->p == '-' || (*s->p >= '0' && *s->p <= '9'))
             ? fb_scan_number(s) : fb_scan_fail(s, FB_WHY_JSON);
    }
    fb_scan_space(s);
    return ok;
}

/* Checks buf against RFC 8259 and this server's limits; *members: how
 * many object members it has. */
static const char *fb_json_check(const char *buf, apr_size_t len,
                                 apr_size_t *members)
{
    fb_scan_t s = {(const unsigned char *)buf,
                   (const unsigned char *)buf + len, 0, NULL, 0};

    *members = 0;
    if (!fb_scan_value(&s)) {
        return s.why ? s.why : FB_WHY_JSON;
    }
    if (s.p != s.end) {
        return memchr(s.p, '\0', (apr_size_t)(s.end - s.p)) ? FB_WHY_NUL
                                                          : FB_WHY_TRAILING;
    }
    *members = s.members;
    return NULL;
}

/* The members of every object in the tree of v (nesting is bounded by
 * the check). */
static apr_size_t fb_json_members(json_object *v)
{
    apr_size_t n = 0, i, len;

    if (json_object_is_type(v, json_type_object)) {
        json_object_object_foreach(v, key, member) {
            (void)key;
            n += 1 + fb_json_members(member);
        }
    }
    else if (json_object_is_type(v, json_type_array)) {
        len = json_object_array_length(v);
        for (i = 0; i < len; i++) {
            n += fb_json_members(json_object_array_get_idx(v, i));
        }
    }
    return n;
}

apr_status_t fb_json_parse(apr_pool_t *p, const char *buf, apr_size_t len,
                           json_object **out, const char **why)
{
    json_tokener *tok;
    json_object *obj;
    enum json_tokener_error jerr;
    apr_size_t members;

    *out = NULL;
    if ((*why = fb_json_check(buf, len, &members)) != NULL) {
        return APR_EINVAL;
    }
    /* The text is valid: json-c only builds it.  Its depth counts values,
     * not containers, so it gets room beyond the checked nesting. */
    tok = json_tokener_new_ex(FB_JSON_MAX_DEPTH + 2);
    if (tok == NULL) {
        *why = FB_WHY_JSON;
        return APR_ENOMEM;
    }
    obj = json_tokener_parse_ex(tok, buf, (int)len);
    if (obj == NULL && json_tokener_get_error(tok) == json_tokener_continue) {
        /* A bare number ends only at the end of input. */
        obj = json_tokener_parse_ex(tok, "", 1);
    }
    jerr = json_tokener_get_error(tok);
    json_tokener_free(tok);
    if (jerr != json_tokener_success) {
        json_object_put(obj);
        *why = FB_WHY_JSON;
        return APR_EINVAL;
    }
    if (fb_json_members(obj) != members) {
        json_object_put(obj);
        *why = FB_WHY_DUPLICATE;
        return APR_EINVAL;
    }
    /* obj is NULL for the JSON text null. */
    *out = fb_json_owned(p, obj);
    return APR_SUCCESS;
}

json_object *fb_json_member(json_object *obj, const char *key)
{
    json_object *v = NULL;

    return json_object_object_get_ex(obj, key, &v) ? v : NULL;
}

void fb_json_put(json_object *obj, const char *key, json_object *v)
{
    json_object_object_add(obj, key, v);
}

void fb_json_put_str(json_object *obj, const char *key, const char *s)
{
    json_object_object_add(obj, key, json_object_new_string(s));
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

const char *fb_json_other_member(json_object *obj, const char *const *names)
{
    const char *const *n;

    json_object_object_foreach(obj, key, val) {
        (void)val;
        for (n = names; *n != NULL && strcmp(*n, key) != 0; n++) {
        }
        if (*n == NULL) {
            return key;
        }
    }
    return NULL;
}
