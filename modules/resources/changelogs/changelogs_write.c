/*
 * changelogs_write: POST /changelogs, PATCH and DELETE /changelogs/{id}.
 *
 * A create makes the changelog with its first locale (its draft), the
 * categories it names (made when missing) and, for state live, publishes
 * it at once.  A PATCH edits one locale's draft (the default locale, or
 * the one named by the `locale` extension, made from the first locale
 * when missing) and the changelog's own fields; a published locale keeps
 * its live copy until the next publish.  Each runs in one transaction.
 */
#include <string.h>

#include "apr_strings.h"

#include "body_fields.h"
#include "changelogs.h"
#include "fb_json.h"

/* (org, featured image, segment ids, date) */
FB_SQL(changelog_w_insert, 3,
    "INSERT INTO changelogs (org_id, featured_image, allowed_segment_ids, "
    "  date) "
    "VALUES (%s, %s, COALESCE(%s::text[], '{}'), "
    "  COALESCE(%s::timestamptz, now())) RETURNING id");

/* (org, id, locale or NULL for the organization's default, org,
 *  title, title, html, text, markdown) */
FB_SQL_GLOBAL(changelog_w_locale_insert, 9,
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text, markdown) "
    "SELECT %s, %s, COALESCE(%s::text, o.default_locale), "
    "  fb_changelog_slug(o.id, %s), %s, %s, %s, %s "
    "FROM organizations o WHERE o.id = %s RETURNING locale");

FB_SQL(changelog_w_category_make, 1,
    "SELECT fb_changelog_category(%s, %s)");

FB_SQL(changelog_w_category_find, 1,
    "SELECT id FROM changelog_categories "
    "WHERE org_id = %s AND lower(name) = lower(%s)");

FB_SQL(changelog_w_link, 2,
    "INSERT INTO changelog_category_links (org_id, changelog_id, "
    "  category_id) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING");

FB_SQL(changelog_w_unlink_all, 1,
    "DELETE FROM changelog_category_links "
    "WHERE org_id = %s AND changelog_id = %s");

/* NULL leaves a column as it is, except where a flag says that the
 * value (NULL included) is to be set. */
FB_SQL_GLOBAL(changelog_w_update, 6,
    "UPDATE changelogs SET "
    "  featured_image = CASE WHEN %s::boolean THEN %s "
    "                   ELSE featured_image END, "
    "  allowed_segment_ids = COALESCE(%s::text[], allowed_segment_ids), "
    "  date = COALESCE(%s::timestamptz, date), updated_at = now() "
    "WHERE org_id = %s AND id = %s");

/* The locale a PATCH edits: the one given, else the one shown by
 * default.  (org, id, locale) */
FB_SQL_GLOBAL(changelog_w_edit_locale, 3,
    "SELECT COALESCE(%s::text, fb_changelog_locale(%s, %s, NULL))");

/* (title, html, text, markdown given, markdown, org, id, locale) */
FB_SQL_GLOBAL(changelog_w_locale_update, 8,
    "UPDATE changelog_locales SET "
    "  title = COALESCE(%s, title), content = COALESCE(%s, content), "
    "  content_text = COALESCE(%s, content_text), "
    "  markdown = CASE WHEN %s::boolean THEN %s ELSE markdown END, "
    "  updated_at = now() "
    "WHERE org_id = %s AND changelog_id = %s AND locale = %s "
    "RETURNING locale");

/* A new locale, what the edit does not give taken from the first
 * locale.  (org, id, locale, title x2, html, text, markdown given,
 *  markdown, org, id) */
FB_SQL_GLOBAL(changelog_w_locale_add, 9,
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text, markdown) "
    "SELECT f.org_id, f.changelog_id, %s, "
    "  fb_changelog_slug(f.org_id, COALESCE(%s, f.title)), "
    "  COALESCE(%s, f.title), COALESCE(%s, f.content), "
    "  COALESCE(%s, f.content_text), "
    "  CASE WHEN %s::boolean THEN %s ELSE f.markdown END "
    "FROM changelog_locales f WHERE f.org_id = %s AND f.changelog_id = %s "
    "ORDER BY f.created_at, f.locale LIMIT 1 RETURNING locale");

FB_SQL(changelog_w_delete, 1,
    "DELETE FROM changelogs WHERE org_id = %s AND id = %s RETURNING id");

static const fb_statement_t *const fb_changelog_write_statements[] = {
    &fb_sql_changelog_w_insert, &fb_sql_changelog_w_locale_insert,
    &fb_sql_changelog_w_category_make, &fb_sql_changelog_w_category_find,
    &fb_sql_changelog_w_link, &fb_sql_changelog_w_unlink_all,
    &fb_sql_changelog_w_update, &fb_sql_changelog_w_edit_locale,
    &fb_sql_changelog_w_locale_update, &fb_sql_changelog_w_locale_add,
    &fb_sql_changelog_w_delete, NULL
};

#define CHANGELOG_CONTENT_MAX 500000

/* The fields create and PATCH share; title_flags and image_flags are
 * what differs (required on create; null clears on PATCH). */
#define CHANGELOG_FIELD_RULES(title_flags, image_flags) \
    {.name = "title", .type = FB_FIELD_STRING, .flags = (title_flags), \
     .min = 1, .max = 512}, \
    {.name = "htmlContent", .type = FB_FIELD_STRING, \
     .max = CHANGELOG_CONTENT_MAX}, \
    {.name = "markdownContent", .type = FB_FIELD_STRING, \
     .max = CHANGELOG_CONTENT_MAX}, \
    {.name = "categories", .type = FB_FIELD_STRING_ARRAY, .max = 100, \
     .item_max = 255}, \
    {.name = "featuredImage", .type = FB_FIELD_URL, .max = 2048, \
     .flags = (image_flags)}, \
    {.name = "allowedSegmentIds", .type = FB_FIELD_STRING_ARRAY, \
     .max = 100, .item_max = 255}, \
    {.name = "locale", .type = FB_FIELD_ENUM, \
     .choices = fb_changelog_locales}, \
    {.name = "date", .type = FB_FIELD_TIME}

static const fb_field_rule_t fb_changelog_create_rules[] = {
    CHANGELOG_FIELD_RULES(FB_FIELD_REQUIRED, 0),
    {.name = "state", .type = FB_FIELD_ENUM,
     .choices = (const char *const[]){"draft", "live", NULL}},
    {.name = NULL}
};

/* PATCH: locale (extension) names the locale whose draft is edited. */
static const fb_field_rule_t fb_changelog_update_rules[] = {
    CHANGELOG_FIELD_RULES(0, FB_FIELD_NULL_CLEARS),
    {.name = NULL}
};

/* A locale's content as a write gives it; all NULL when not given. */
typedef struct {
    const char *html;
    const char *text;
    const char *markdown;
} fb_changelog_content_t;

/*
 * The content of the body: htmlContent sanitized, else markdownContent
 * rendered and sanitized.  The markdown is kept as the locale's
 * markdownContent when it is given (with htmlContent too, the HTML is the
 * content: the client says they are the same text).
 */
static fb_error_t *fb_changelog_content(fb_req_t *fr,
                                        fb_changelog_content_t *c)
{
    fb_error_t *err;

    c->markdown = fb_json_string(fr->body, "markdownContent");
    if ((err = fb_body_html(fr, "htmlContent", &c->html, &c->text))
        != NULL) {
        return err;
    }
    return c->html != NULL
           ? NULL
           : fb_body_markdown(fr, "markdownContent", &c->html, &c->text);
}

/* The category names of the body, checked; NULL when not given. */
static fb_error_t *fb_changelog_category_names(fb_req_t *fr,
                                               json_object **names)
{
    json_object *v = json_object_object_get(fr->body, "categories");
    apr_size_t i, n;

    *names = v;
    n = v != NULL ? json_object_array_length(v) : 0;
    for (i = 0; i < n; i++) {
        const char *name = json_object_get_string(
            json_object_array_get_idx(v, i));

        if (name[strspn(name, " \t\r\n")] == '\0'
            || strchr(name, ',') != NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "categories",
                                 "A category name may not be empty or "
                                 "hold a comma.");
        }
    }
    return NULL;
}

/*
 * Links the changelog id to the categories named (replacing its links
 * when replace is set).  make: a missing category is made; else it is 400.
 */
static fb_error_t *fb_changelog_link(fb_req_t *fr, const char *id,
                                     json_object *names, int make,
                                     int replace)
{
    const char *org = fr->principal.org_id;
    apr_size_t i, n = json_object_array_length(names);
    fb_error_t *err;

    if (replace) {
        const char *args[2] = {org, id};

        fb_db_exec_label(fr->db, fr->pool, "changelog_w_unlink_all", 2, args,
                   NULL);
    }
    for (i = 0; i < n; i++) {
        const char *name = json_object_get_string(
            json_object_array_get_idx(names, i));
        const char *category;

        if ((err = fb_resource_lookup(fr, make ? &fb_sql_changelog_w_category_make
                                               : &fb_sql_changelog_w_category_find,
                                      name, &category)) != NULL) {
            return err;
        }
        if (category == NULL) {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "categories",
                                 apr_psprintf(fr->pool, "There is no "
                                              "changelog category named "
                                              "'%s'.", name));
        }
        {
            const char *args[3] = {org, id, category};

            fb_db_exec_label(fr->db, fr->pool, "changelog_w_link", 3, args, NULL);
        }
    }
    return NULL;
}

/* The string array field of the body as a text[] literal, or NULL. */
static const char *fb_changelog_strings(fb_req_t *fr, const char *field)
{
    json_object *v = json_object_object_get(fr->body, field);
    apr_array_header_t *items;
    apr_size_t i, n;

    if (v == NULL) {
        return NULL;
    }
    n = json_object_array_length(v);
    items = apr_array_make(fr->pool, (int)n + 1, sizeof(const char *));
    for (i = 0; i < n; i++) {
        APR_ARRAY_PUSH(items, const char *) =
            json_object_get_string(json_object_array_get_idx(v, i));
    }
    /* An empty array is an empty set, not "not given". */
    return n == 0 ? "{}" : fb_db_text_array(fr->pool, items);
}

/* Answers the changelog id in locale, once its write has committed. */
static fb_error_t *fb_changelog_answer(fb_req_t *fr, const char *id,
                                       const char *locale, int status)
{
    const char *json;

    if (fb_changelog_render(fr->db, fr->pool, fr->principal.org_id, id,
                            locale, 0, fb_req_portal_default(fr), &json)
        != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    if (json == NULL) {             /* deleted since */
        return fb_error_make(fr->pool, FB_E_CHANGELOG_NOT_FOUND, "id", NULL);
    }
    fb_respond(fr, status, json);
    return NULL;
}

/* Everything of a create inside its transaction; *id, *locale made. */
static fb_error_t *fb_changelog_insert(fb_req_t *fr, json_object *names,
                                       const fb_changelog_content_t *c,
                                       const char **id, const char **locale)
{
    const char *org = fr->principal.org_id;
    const char *title = fb_json_string(fr->body, "title");
    const char *state = fb_json_string(fr->body, "state");
    const char *args[9];
    fb_rows_t rows;
    fb_error_t *err;

    args[0] = org;
    args[1] = fb_json_string(fr->body, "featuredImage");
    args[2] = fb_changelog_strings(fr, "allowedSegmentIds");
    args[3] = fb_body_time(fr, "date");
    if ((err = fb_req_select_label(fr, "changelog_w_insert", 4, args, &rows))
        != NULL) {
        return err;
    }
    *id = fb_rows_get(&rows, 0, 0);
    args[1] = *id;
    args[2] = fb_json_string(fr->body, "locale");
    args[3] = args[4] = title;
    args[5] = c->html;
    args[6] = c->text;
    args[7] = c->markdown;
    args[8] = org;
    if ((err = fb_req_select_label(fr, "changelog_w_locale_insert", 9, args,
                             &rows)) != NULL) {
        return err;
    }
    *locale = fb_rows_get(&rows, 0, 0);
    if (names != NULL
        && (err = fb_changelog_link(fr, *id, names, 1, 0)) != NULL) {
        return err;
    }
    if (state != NULL && strcmp(state, "live") == 0
        && fb_changelog_publish_now(fr->db, fr->pool, &fr->conf->settings,
                                    org, *id, NULL, 0) != APR_SUCCESS) {
        return fb_req_db_failed(fr);
    }
    return NULL;
}

/* POST /changelogs */
static fb_error_t *fb_changelog_create(fb_req_t *fr)
{
    fb_changelog_content_t c;
    json_object *names;
    const char *id = NULL, *locale = NULL;
    fb_error_t *err;

    if ((err = fb_changelog_category_names(fr, &names)) != NULL
        || (err = fb_changelog_content(fr, &c)) != NULL) {
        return err;
    }
    if (c.html == NULL) {
        return fb_error_make(fr->pool, FB_E_MISSING_PARAMETER,
                             "htmlContent",
                             "A changelog needs htmlContent or "
                             "markdownContent.");
    }
    if ((err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    err = fb_changelog_insert(fr, names, &c, &id, &locale);
    return (err = fb_req_end(fr, err)) != NULL
           ? err : fb_changelog_answer(fr, id, locale, HTTP_CREATED);
}

/* The edit of one locale's draft, adding the locale when it is new. */
static fb_error_t *fb_changelog_edit_locale(fb_req_t *fr, const char *id,
                                            const fb_changelog_content_t *c,
                                            const char **locale)
{
    const char *org = fr->principal.org_id;
    const char *title = fb_json_string(fr->body, "title");
    const char *md_given = fb_bool_text(c->html != NULL);
    const char *args[11];
    fb_rows_t rows;
    fb_error_t *err;

    args[0] = fb_json_string(fr->body, "locale");
    args[1] = org;
    args[2] = id;
    if ((err = fb_req_select_label(fr, "changelog_w_edit_locale", 3, args, &rows))
        != NULL) {
        return err;
    }
    *locale = fb_rows_get(&rows, 0, 0);
    args[0] = title;
    args[1] = c->html;
    args[2] = c->text;
    args[3] = md_given;
    args[4] = c->markdown;
    args[5] = org;
    args[6] = id;
    args[7] = *locale;
    if ((err = fb_req_select_label(fr, "changelog_w_locale_update", 8, args,
                             &rows)) != NULL
        || rows.nrows == 1) {
        return err;
    }
    args[0] = *locale;
    args[1] = args[2] = title;
    args[3] = c->html;
    args[4] = c->text;
    args[5] = md_given;
    args[6] = c->markdown;
    args[7] = org;
    args[8] = id;
    return fb_req_select_label(fr, "changelog_w_locale_add", 9, args, &rows);
}

/* PATCH /changelogs/{id} */
static fb_error_t *fb_changelog_update(fb_req_t *fr)
{
    json_object *image = json_object_object_get(fr->body, "featuredImage");
    int image_given = json_object_object_get_ex(fr->body, "featuredImage",
                                                NULL);
    fb_changelog_content_t c;
    json_object *names;
    const char *id = NULL, *locale = NULL;
    const char *args[6];
    fb_error_t *err;

    if ((err = fb_changelog_category_names(fr, &names)) != NULL
        || (err = fb_changelog_content(fr, &c)) != NULL
        || (err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    err = fb_changelog_find(fr, 1, &id, NULL);
    if (err == NULL) {
        args[0] = fb_bool_text(image_given);
        args[1] = image != NULL ? json_object_get_string(image) : NULL;
        args[2] = fb_changelog_strings(fr, "allowedSegmentIds");
        args[3] = fb_body_time(fr, "date");
        args[4] = fr->principal.org_id;
        args[5] = id;
        fb_db_exec_label(fr->db, fr->pool, "changelog_w_update", 6, args, NULL);
        err = fb_changelog_edit_locale(fr, id, &c, &locale);
    }
    if (err == NULL && names != NULL) {
        err = fb_changelog_link(fr, id, names, 0, 1);
    }
    return (err = fb_req_end(fr, err)) != NULL
           ? err : fb_changelog_answer(fr, id, locale, HTTP_OK);
}

/* DELETE /changelogs/{id}: with its locales, links and comments. */
static fb_error_t *fb_changelog_delete(fb_req_t *fr)
{
    const char *id = NULL;
    const char *args[2];
    fb_rows_t rows;
    fb_error_t *err;

    if ((err = fb_req_begin(fr)) != NULL) {
        return err;
    }
    if ((err = fb_changelog_find(fr, 1, &id, NULL)) == NULL) {
        args[0] = fr->principal.org_id;
        args[1] = id;
        err = fb_req_select_label(fr, "changelog_w_delete", 2, args, &rows);
    }
    if ((err = fb_req_end(fr, err)) != NULL) {
        return err;
    }
    fb_respond(fr, HTTP_OK, apr_pstrcat(fr->pool, "{\"id\":\"", id,
                                        "\",\"object\":\"changelog\","
                                        "\"deleted\":true}", NULL));
    return NULL;
}

#define CHANGELOG_WRITE(handler, flags, body) \
    {(handler), FB_OP_WRITE | (flags), FB_VERSION_CLOVER, \
     FB_PERM_MANAGE_CHANGELOGS, NULL, (body), NULL}

static const fb_op_t fb_changelog_create_op =
    CHANGELOG_WRITE(fb_changelog_create, FB_OP_BODY,
                    fb_changelog_create_rules);
static const fb_op_t fb_changelog_update_op =
    CHANGELOG_WRITE(fb_changelog_update, FB_OP_BODY,
                    fb_changelog_update_rules);
static const fb_op_t fb_changelog_delete_op =
    CHANGELOG_WRITE(fb_changelog_delete, FB_OP_OWNER, NULL);

static const fb_route_t fb_changelog_write_routes[] = {
    {"POST", "/changelogs", &fb_changelog_create_op},
    {"PATCH", "/changelogs/{id}", &fb_changelog_update_op},
    {"DELETE", "/changelogs/{id}", &fb_changelog_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelog_write_module = {
    "changelog writes", fb_changelog_write_routes,
    fb_changelog_write_statements
};
