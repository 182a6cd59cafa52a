/*
 * survey_pages: what field rules cannot say about a survey's pages and
 * the answers to them.  Pages: ids unique (missing ones made), members
 * only on the page types they belong to, multiple-choice pages with
 * choices, logic that jumps only to pages of the survey.  Answers: each
 * to a page of the survey, once, of the page's type, with a value that
 * page accepts (a rating within its scale, choices among its choices;
 * a choice may be named by its text and is stored by its id).
 */
#include <string.h>

#include "apr_general.h"
#include "apr_strings.h"

#include "fb_crypto.h"
#include "surveys.h"

/* A fresh id for a nested item: 24 hex characters. */
static const char *fb_survey_new_id(apr_pool_t *p)
{
    unsigned char raw[12];

    if (apr_generate_random_bytes(raw, sizeof(raw)) != APR_SUCCESS) {
        return apr_psprintf(p, "%024" APR_UINT64_T_HEX_FMT,
                            (apr_uint64_t)apr_time_now());
    }
    return fb_hex(p, raw, sizeof(raw));
}

static fb_error_t *fb_survey_bad(apr_pool_t *p, const char *param,
                                 const char *message)
{
    return fb_error_make(p, FB_E_INVALID_PARAMETER, param, message);
}

static const char *fb_member_string(json_object *obj, const char *key)
{
    json_object *v = json_object_object_get(obj, key);

    return v != NULL && json_object_is_type(v, json_type_string)
           ? json_object_get_string(v) : NULL;
}

/* Gives every object of array without an "id" a new one, and refuses
 * two with the same id; what names the array in errors. */
static fb_error_t *fb_survey_ids(apr_pool_t *p, json_object *array,
                                 const char *what, apr_hash_t *seen)
{
    size_t i, n = array ? json_object_array_length(array) : 0;

    for (i = 0; i < n; i++) {
        json_object *item = json_object_array_get_idx(array, i);
        const char *id = fb_member_string(item, "id");

        if (id == NULL) {
            id = fb_survey_new_id(p);
            json_object_object_add(item, "id", json_object_new_string(id));
        }
        if (apr_hash_get(seen, id, APR_HASH_KEY_STRING) != NULL) {
            return fb_survey_bad(p, apr_psprintf(p, "%s[%lu].id", what,
                                                 (unsigned long)i),
                                 apr_psprintf(p, "The id '%s' is used "
                                              "twice.", id));
        }
        apr_hash_set(seen, id, APR_HASH_KEY_STRING, item);
    }
    return NULL;
}

/* Members that belong to one page type only. */
static const struct {
    const char *member;
    const char *type;
} fb_survey_type_members[] = {
    {"placeholder", "text"},
    {"linkButtonText", "link"}, {"linkRedirectUrl", "link"},
    {"linkTarget", "link"},
    {"scale", "rating"}, {"lowLabel", "rating"}, {"highLabel", "rating"},
    {"allowSelectMultiple", "multiple-choice"},
    {"choices", "multiple-choice"},
    {NULL, NULL}
};

/* A next action: a jump to a page names one of the survey's pages; the
 * others name none. */
static fb_error_t *fb_survey_next(apr_pool_t *p, json_object *next,
                                  const char *param, apr_hash_t *pages)
{
    const char *type = fb_member_string(next, "type");
    const char *page = fb_member_string(next, "pageId");

    if (next == NULL) {
        return NULL;
    }
    if (strcmp(type, "page") == 0) {
        if (page == NULL || !apr_hash_get(pages, page, APR_HASH_KEY_STRING)) {
            return fb_survey_bad(p, apr_pstrcat(p, param, ".pageId", NULL),
                                 "A jump to a page names a page of the "
                                 "survey.");
        }
    }
    else if (page != NULL) {
        return fb_survey_bad(p, apr_pstrcat(p, param, ".pageId", NULL),
                             "Only a jump of type 'page' names a page.");
    }
    return NULL;
}

/* A logic value: a string, a number or an array of strings. */
static int fb_survey_logic_value(json_object *v)
{
    size_t i, n;

    if (json_object_is_type(v, json_type_string)
        || json_object_is_type(v, json_type_int)
        || json_object_is_type(v, json_type_double)) {
        return 1;
    }
    if (!json_object_is_type(v, json_type_array)) {
        return 0;
    }
    n = json_object_array_length(v);
    for (i = 0; i < n; i++) {
        if (!json_object_is_type(json_object_array_get_idx(v, i),
                                 json_type_string)) {
            return 0;
        }
    }
    return 1;
}

fb_error_t *fb_survey_pages_check(apr_pool_t *p, json_object *pages)
{
    apr_hash_t *ids = apr_hash_make(p);
    size_t i, j, n;
    fb_error_t *err;

    if (pages == NULL) {
        return NULL;
    }
    if ((err = fb_survey_ids(p, pages, "pages", ids)) != NULL) {
        return err;
    }
    n = json_object_array_length(pages);
    for (i = 0; i < n; i++) {
        json_object *page = json_object_array_get_idx(pages, i);
        const char *type = fb_member_string(page, "type");
        const char *at = apr_psprintf(p, "pages[%lu]", (unsigned long)i);
        json_object *choices = json_object_object_get(page, "choices");
        json_object *logic = json_object_object_get(page, "logic");
        size_t nlogic = logic ? json_object_array_length(logic) : 0;

        for (j = 0; fb_survey_type_members[j].member != NULL; j++) {
            if (json_object_object_get_ex(page,
                                          fb_survey_type_members[j].member,
                                          NULL)
                && strcmp(type, fb_survey_type_members[j].type) != 0) {
                return fb_survey_bad(p, apr_pstrcat(
                    p, at, ".", fb_survey_type_members[j].member, NULL),
                    apr_psprintf(p, "A %s page takes no '%s'.", type,
                                 fb_survey_type_members[j].member));
            }
        }
        if (strcmp(type, "multiple-choice") == 0
            && (choices == NULL || json_object_array_length(choices) == 0)) {
            return fb_survey_bad(p, apr_pstrcat(p, at, ".choices", NULL),
                                 "A multiple-choice page needs choices.");
        }
        if ((err = fb_survey_ids(p, choices,
                                 apr_pstrcat(p, at, ".choices", NULL),
                                 apr_hash_make(p))) != NULL
            || (err = fb_survey_ids(p, logic,
                                    apr_pstrcat(p, at, ".logic", NULL),
                                    apr_hash_make(p))) != NULL
            || (err = fb_survey_next(
                    p, json_object_object_get(page, "defaultAction"),
                    apr_pstrcat(p, at, ".defaultAction", NULL), ids))
               != NULL) {
            return err;
        }
        for (j = 0; j < nlogic; j++) {
            json_object *rule = json_object_array_get_idx(logic, j);
            const char *rat = apr_psprintf(p, "%s.logic[%lu]", at,
                                           (unsigned long)j);

            if (!fb_survey_logic_value(json_object_object_get(rule,
                                                              "value"))) {
                return fb_survey_bad(p, apr_pstrcat(p, rat, ".value", NULL),
                                     "A logic value is a string, a number "
                                     "or an array of strings.");
            }
            if ((err = fb_survey_next(p, json_object_object_get(rule, "next"),
                                      apr_pstrcat(p, rat, ".next", NULL),
                                      ids)) != NULL) {
                return err;
            }
        }
    }
    return NULL;
}

fb_error_t *fb_survey_targeting_check(apr_pool_t *p, json_object *targeting)
{
    if (targeting == NULL) {
        return NULL;
    }
    return fb_survey_ids(p, json_object_object_get(targeting, "url"),
                         "targeting.url", apr_hash_make(p));
}

/* ---- answers ---- */

/* The choice of page that s names, by id or by its text; NULL if none. */
static const char *fb_survey_choice(json_object *page, const char *s)
{
    json_object *choices = json_object_object_get(page, "choices");
    size_t i, n = choices ? json_object_array_length(choices) : 0;

    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(choices, i);
        const char *id = fb_member_string(c, "id");
        const char *text = fb_member_string(c, "choice");

        if ((id != NULL && strcmp(id, s) == 0)
            || (text != NULL && strcmp(text, s) == 0)) {
            return id;
        }
    }
    return NULL;
}

/* A multiple-choice value, replaced by the choice ids it names. */
static const char *fb_survey_choices_value(apr_pool_t *p, json_object *page,
                                           json_object *answer)
{
    json_object *many = json_object_object_get(page, "allowSelectMultiple");
    json_object *v = json_object_object_get(answer, "value");
    json_object *out = json_object_new_array();
    int multiple = many != NULL && json_object_get_boolean(many);
    size_t i, n;

    (void)p;
    if (json_object_is_type(v, json_type_string)) {
        const char *id = fb_survey_choice(page, json_object_get_string(v));

        json_object_put(out);
        if (id == NULL) {
            return "must be one of the page's choices";
        }
        json_object_object_add(answer, "value", json_object_new_string(id));
        return NULL;
    }
    if (!multiple || !json_object_is_type(v, json_type_array)
        || (n = json_object_array_length(v)) == 0) {
        json_object_put(out);
        return multiple ? "must be a choice or a non-empty array of choices"
                        : "must be one choice";
    }
    for (i = 0; i < n; i++) {
        json_object *item = json_object_array_get_idx(v, i);
        const char *id = json_object_is_type(item, json_type_string)
            ? fb_survey_choice(page, json_object_get_string(item)) : NULL;

        if (id == NULL) {
            json_object_put(out);
            return "must contain only the page's choices";
        }
        json_object_array_add(out, json_object_new_string(id));
    }
    json_object_object_add(answer, "value", out);
    return NULL;
}

/* What is wrong with answer's value for page, or NULL. */
static const char *fb_survey_value_problem(apr_pool_t *p, json_object *page,
                                           json_object *answer)
{
    const char *type = fb_member_string(page, "type");
    const char *sub = fb_member_string(page, "subType");
    json_object *v = json_object_object_get(answer, "value");
    json_object *scale = json_object_object_get(page, "scale");
    double d, lo, hi;

    if (strcmp(type, "text") == 0) {
        return json_object_is_type(v, json_type_string)
               && strlen(json_object_get_string(v)) <= 10000
               ? NULL : "must be a string of at most 10000 bytes";
    }
    if (strcmp(type, "link") == 0) {
        return json_object_is_type(v, json_type_boolean)
               ? NULL : "must be a boolean (the link was followed)";
    }
    if (strcmp(type, "rating") == 0) {
        int nps = sub != NULL && strcmp(sub, "nps") == 0;

        lo = nps ? 0 : 1;
        hi = nps ? 10 : scale ? json_object_get_double(scale) : 5;
        if (!json_object_is_type(v, json_type_int)
            && !json_object_is_type(v, json_type_double)) {
            return "must be a number";
        }
        d = json_object_get_double(v);
        return d >= lo && d <= hi ? NULL
               : apr_psprintf(p, "must be from %g to %g", lo, hi);
    }
    return fb_survey_choices_value(p, page, answer);
}

fb_error_t *fb_survey_answers_check(apr_pool_t *p, json_object *pages,
                                    json_object *answers)
{
    apr_hash_t *by_id = apr_hash_make(p), *answered = apr_hash_make(p);
    size_t i, n = json_object_array_length(pages);

    for (i = 0; i < n; i++) {
        json_object *page = json_object_array_get_idx(pages, i);

        apr_hash_set(by_id, fb_member_string(page, "id"),
                     APR_HASH_KEY_STRING, page);
    }
    n = json_object_array_length(answers);
    for (i = 0; i < n; i++) {
        json_object *a = json_object_array_get_idx(answers, i);
        const char *at = apr_psprintf(p, "responses[%lu]", (unsigned long)i);
        const char *id = fb_member_string(a, "pageId");
        const char *type = fb_member_string(a, "type");
        json_object *page = apr_hash_get(by_id, id, APR_HASH_KEY_STRING);
        const char *problem;

        if (page == NULL) {
            return fb_survey_bad(p, apr_pstrcat(p, at, ".pageId", NULL),
                                 apr_psprintf(p, "The survey has no page "
                                              "'%s'.", id));
        }
        if (apr_hash_get(answered, id, APR_HASH_KEY_STRING) != NULL) {
            return fb_survey_bad(p, apr_pstrcat(p, at, ".pageId", NULL),
                                 "A page is answered once.");
        }
        apr_hash_set(answered, id, APR_HASH_KEY_STRING, a);
        if (type != NULL
            && strcmp(type, fb_member_string(page, "type")) != 0) {
            return fb_survey_bad(p, apr_pstrcat(p, at, ".type", NULL),
                                 apr_psprintf(p, "The page '%s' is a %s "
                                              "page.", id,
                                              fb_member_string(page,
                                                               "type")));
        }
        json_object_object_add(a, "type", json_object_new_string(
                                   fb_member_string(page, "type")));
        if ((problem = fb_survey_value_problem(p, page, a)) != NULL) {
            return fb_survey_bad(p, apr_pstrcat(p, at, ".value", NULL),
                                 apr_psprintf(p, "'%s.value' %s.", at,
                                              problem));
        }
    }
    return NULL;
}
