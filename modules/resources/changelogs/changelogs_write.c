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
#include "fb_write.h"

FB_SQL_NAMED(changelog_w_insert, (image, segments, date),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS image, "
    "  %s::text[] AS segments, %s::timestamptz AS date) "
    "INSERT INTO changelogs (org_id, featured_image, allowed_segment_ids, "
    "  date) "
    "SELECT k.org_id, k.image, COALESCE(k.segments, '{}'), "
    "  COALESCE(k.date, now()) FROM k RETURNING id");

/* The locale is NULL for the organization's default; the title makes the
 * slug too. */
FB_SQL_NAMED(changelog_w_locale_insert,
             (changelog_id, locale, title, content, content_text, markdown),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS changelog_id, "
    "  %s::text AS locale, %s::text AS title, %s::text AS content, "
    "  %s::text AS content_text, %s::text AS markdown) "
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text, markdown) "
    "SELECT k.org_id, k.changelog_id, COALESCE(k.locale, o.default_locale), "
    "  fb_changelog_slug(o.id, k.title), k.title, k.content, "
    "  k.content_text, k.markdown "
    "FROM k JOIN organizations o ON o.id = k.org_id RETURNING locale");

FB_SQL(changelog_w_category_make, 1,
    "SELECT fb_changelog_category(%s, %s)");

FB_SQL(changelog_w_category_find, 1,
    "SELECT id FROM changelog_categories "
    "WHERE org_id = %s AND lower(name) = lower(%s)");

FB_SQL_NAMED(changelog_w_link, (changelog_id, category_id),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS changelog_id, "
    "  %s::text AS category_id) "
    "INSERT INTO changelog_category_links (org_id, changelog_id, "
    "  category_id) SELECT k.org_id, k.changelog_id, k.category_id FROM k "
    "ON CONFLICT DO NOTHING");

FB_SQL(changelog_w_unlink_all, 1,
    "DELETE FROM changelog_category_links "
    "WHERE org_id = %s AND changelog_id = %s");

/* NULL leaves a column as it is, except where a flag (image_given) says
 * that the value (NULL included) is to be set. */
FB_SQL_NAMED(changelog_w_update, (id, image_given, image, segments, date),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS id, "
    "  %s::boolean AS image_given, %s::text AS image, "
    "  %s::text[] AS segments, %s::timestamptz AS date) "
    "UPDATE changelogs c SET "
    "  featured_image = CASE WHEN k.image_given THEN k.image "
    "                   ELSE c.featured_image END, "
    "  allowed_segment_ids = COALESCE(k.segments, c.allowed_segment_ids), "
    "  date = COALESCE(k.date, c.date), updated_at = now() "
    "FROM k WHERE c.org_id = k.org_id AND c.id = k.id");

/* The locale a PATCH edits: the one given, else the one shown by
 * default. */
FB_SQL_NAMED(changelog_w_edit_locale, (id, locale),
    "SELECT COALESCE(k.locale, fb_changelog_locale(k.org_id, k.id, NULL)) "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "             %s::text AS locale) k");

/* NULL leaves a column as it is; markdown_given says the markdown
 * (NULL included) is to be set. */
FB_SQL_NAMED(changelog_w_locale_update,
             (changelog_id, locale, title, content, content_text,
              markdown_given, markdown),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS changelog_id, "
    "  %s::text AS locale, %s::text AS title, %s::text AS content, "
    "  %s::text AS content_text, %s::boolean AS markdown_given, "
    "  %s::text AS markdown) "
    "UPDATE changelog_locales l SET "
    "  title = COALESCE(k.title, l.title), "
    "  content = COALESCE(k.content, l.content), "
    "  content_text = COALESCE(k.content_text, l.content_text), "
    "  markdown = CASE WHEN k.markdown_given THEN k.markdown "
    "             ELSE l.markdown END, "
    "  updated_at = now() "
    "FROM k WHERE l.org_id = k.org_id AND l.changelog_id = k.changelog_id "
    "AND l.locale = k.locale RETURNING l.locale");

/* A new locale, what the edit does not give taken from the first
 * locale; the title makes the slug too. */
FB_SQL_NAMED(changelog_w_locale_add,
             (changelog_id, locale, title, content, content_text,
              markdown_given, markdown),
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS changelog_id, "
    "  %s::text AS locale, %s::text AS title, %s::text AS content, "
    "  %s::text AS content_text, %s::boolean AS markdown_given, "
    "  %s::text AS markdown) "
    "INSERT INTO changelog_locales (org_id, changelog_id, locale, slug, "
    "  title, content, content_text, markdown) "
    "SELECT f.org_id, f.changelog_id, k.locale, "
    "  fb_changelog_slug(f.org_id, COALESCE(k.title, f.title)), "
    "  COALESCE(k.title, f.title), COALESCE(k.content, f.content), "
    "  COALESCE(k.content_text, f.content_text), "
    "  CASE WHEN k.markdown_given THEN k.markdown ELSE f.markdown END "
    "FROM k JOIN changelog_locales f ON f.org_id = k.org_id "
    "  AND f.changelog_id = k.changelog_id "
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
    {.name = "title", .type = FB_FIELD_STRING, \
     .flags = (title_flags) | FB_FIELD_TRIM, \
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
    /* The content, as HTML or as markdown: one of them. */
    FB_FIELD_GROUP_OF(FB_FIELD_REQUIRED | FB_FIELD_EXCLUSIVE, "htmlContent",
                      "markdownContent"),
    {.name = NULL}
};

/* PATCH: locale (extension) names the locale whose draft is edited. */
static const fb_field_rule_t fb_changelog_update_rules[] = {
    CHANGELOG_FIELD_RULES(0, FB_FIELD_NULL_CLEARS),
    FB_FIELD_GROUP_OF(FB_FIELD_EXCLUSIVE, "htmlContent", "markdownContent"),
    {.name = NULL}
};

/* A locale's content as a write gives it; all NULL when not given. */
typedef struct {
    const char *html;
    const char *text;
    const char *markdown;
} fb_changelog_content_t;

/*
 * The content of the body: htmlContent sanitized, or markdownContent
 * rendered and sanitized, and then kept as the locale's markdownContent.
 * Not both: the stored markdown would say something else than the
 * content, so the body's group rule refuses that (the reference:
 * "provide either").
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
static void fb_changelog_link(fb_write_t *w, const char *id,
                              json_object *names, int make, int replace)
{
    apr_pool_t *p = w->fr->pool;
    apr_size_t i, n = json_object_array_length(names);

    if (replace) {
        fb_write_exec(w, &fb_sql_changelog_w_unlink_all, FB_ARGS(id));
    }
    for (i = 0; i < n && fb_write_ok(w); i++) {
        const char *name = json_object_get_string(
            json_object_array_get_idx(names, i));
        fb_rows_t rows;

        if (fb_write_select(w, make ? &fb_sql_changelog_w_category_make
                                    : &fb_sql_changelog_w_category_find,
                            FB_ARGS(name), &rows)
            && fb_rows_get(&rows, 0, 0) == NULL) {
            fb_write_fail(w, fb_error_make(p, FB_E_INVALID_PARAMETER,
                                           "categories",
                                           apr_psprintf(p, "There is no "
                                                        "changelog category "
                                                        "named '%s'.",
                                                        name)));
        }
        fb_write_exec(w, FB_CALL(changelog_w_link, .changelog_id = id,
                                 .category_id = fb_rows_get(&rows, 0, 0)));
    }
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
    fb_db_t *db = fb_req_db(fr);
    const char *json;

    if (db == NULL
        || fb_changelog_render(db, fr->pool, fr->principal.org_id, id,
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

/* A create with state live publishes the changelog (ctx: where its id
 * is) in the create's transaction. */
static fb_error_t *fb_changelog_publish_step(fb_req_t *fr, void *ctx)
{
    const char *const *id = ctx;

    return fb_changelog_publish_now(fr->db, fr->pool, &fr->conf->settings,
                                    fr->principal.org_id, *id, NULL, 0)
           == APR_SUCCESS ? NULL : fb_req_db_failed(fr);
}

/* The changelog of the path, locked until the write ends (ctx: where its
 * id goes). */
static fb_error_t *fb_changelog_lock_step(fb_req_t *fr, void *ctx)
{
    return fb_changelog_find(fr, 1, ctx, NULL);
}

/* POST /changelogs: the changelog, its first locale, its categories (made
 * when missing) and, for state live, its publish. */
static fb_error_t *fb_changelog_create(fb_req_t *fr)
{
    const char *state = fb_json_string(fr->body, "state");
    const char *title = fb_json_string(fr->body, "title");
    fb_changelog_content_t c;
    json_object *names;
    const char *id, *locale;
    fb_rows_t made, first;
    fb_write_t w;
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
    fb_write_begin(&w, fr);
    fb_write_select(&w, FB_CALL(changelog_w_insert,
                                .image = fb_json_string(fr->body,
                                                        "featuredImage"),
                                .segments = fb_changelog_strings(
                                    fr, "allowedSegmentIds"),
                                .date = fb_body_time(fr, "date")),
                    &made);
    id = fb_rows_get(&made, 0, 0);
    fb_write_target(&w, id);
    fb_write_select(&w, FB_CALL(changelog_w_locale_insert, .changelog_id = id,
                                .locale = fb_json_string(fr->body, "locale"),
                                .title = title, .content = c.html,
                                .content_text = c.text,
                                .markdown = c.markdown),
                    &first);
    locale = fb_rows_get(&first, 0, 0);
    if (names != NULL) {
        fb_changelog_link(&w, id, names, 1, 0);
    }
    if (state != NULL && strcmp(state, "live") == 0) {
        fb_write_step(&w, fb_changelog_publish_step, &id);
    }
    return (err = fb_write_end(&w)) != NULL
           ? err : fb_changelog_answer(fr, id, locale, HTTP_CREATED);
}

/* The edit of one locale's draft, adding the locale when it is new;
 * *locale is the one edited. */
static void fb_changelog_edit_locale(fb_write_t *w, const char *id,
                                     const fb_changelog_content_t *c,
                                     const char **locale)
{
    const char *title = fb_json_string(w->fr->body, "title");
    const char *md_given = fb_bool_text(c->html != NULL);
    fb_rows_t rows;

    fb_write_select(w, FB_CALL(changelog_w_edit_locale, .id = id,
                               .locale = fb_json_string(w->fr->body,
                                                        "locale")),
                    &rows);
    *locale = fb_rows_get(&rows, 0, 0);
    if (fb_write_select(w, FB_CALL(changelog_w_locale_update,
                                   .changelog_id = id, .locale = *locale,
                                   .title = title, .content = c->html,
                                   .content_text = c->text,
                                   .markdown_given = md_given,
                                   .markdown = c->markdown),
                        &rows)
        && rows.nrows == 0) {
        fb_write_select(w, FB_CALL(changelog_w_locale_add,
                                   .changelog_id = id, .locale = *locale,
                                   .title = title, .content = c->html,
                                   .content_text = c->text,
                                   .markdown_given = md_given,
                                   .markdown = c->markdown),
                        &rows);
    }
}

/* PATCH /changelogs/{id}: the changelog's own fields, one locale's draft
 * and, when given, its categories (which must exist). */
static fb_error_t *fb_changelog_update(fb_req_t *fr)
{
    json_object *image = json_object_object_get(fr->body, "featuredImage");
    int image_given = json_object_object_get_ex(fr->body, "featuredImage",
                                                NULL);
    fb_changelog_content_t c;
    json_object *names;
    const char *id = NULL, *locale = NULL;
    fb_write_t w;
    fb_error_t *err;

    if ((err = fb_changelog_category_names(fr, &names)) != NULL
        || (err = fb_changelog_content(fr, &c)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_changelog_lock_step, &id);
    fb_write_exec(&w, FB_CALL(changelog_w_update, .id = id,
                              .image_given = fb_bool_text(image_given),
                              .image = image != NULL
                                       ? json_object_get_string(image) : NULL,
                              .segments = fb_changelog_strings(
                                  fr, "allowedSegmentIds"),
                              .date = fb_body_time(fr, "date")));
    fb_changelog_edit_locale(&w, id, &c, &locale);
    if (names != NULL) {
        fb_changelog_link(&w, id, names, 0, 1);
    }
    return (err = fb_write_end(&w)) != NULL
           ? err : fb_changelog_answer(fr, id, locale, HTTP_OK);
}

/* DELETE /changelogs/{id}: with its locales, links and comments. */
static fb_error_t *fb_changelog_delete(fb_req_t *fr)
{
    const char *id = NULL;
    fb_rows_t rows;
    fb_write_t w;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_changelog_lock_step, &id);
    fb_write_select(&w, &fb_sql_changelog_w_delete, FB_ARGS(id), &rows);
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(fr->pool, id, "changelog"));
}

#define CHANGELOG_WRITE(fn, op_flags, rules, audited) \
    {.handler = (fn), .flags = FB_OP_WRITE | (op_flags), \
     .min_version = FB_VERSION_CLOVER, \
     .permission = FB_PERM_MANAGE_CHANGELOGS, .body = (rules), \
     .audit = (audited), \
     .path = fb_changelog_path}

static const fb_op_t fb_changelog_create_op =
    CHANGELOG_WRITE(fb_changelog_create, FB_OP_BODY,
                    fb_changelog_create_rules,
                    FB_AUDIT_MADE("changelog.created", "changelog",
                                  "changelog"));
static const fb_op_t fb_changelog_update_op =
    CHANGELOG_WRITE(fb_changelog_update, FB_OP_BODY,
                    fb_changelog_update_rules,
                    FB_AUDIT_OF("changelog.updated", "changelog",
                                "changelog"));
static const fb_op_t fb_changelog_delete_op =
    CHANGELOG_WRITE(fb_changelog_delete, FB_OP_OWNER, NULL,
                    FB_AUDIT_OF("changelog.deleted", "changelog",
                                "changelog"));

static const fb_route_t fb_changelog_write_routes[] = {
    {"POST", "/changelogs", &fb_changelog_create_op},
    {"PATCH", "/changelogs/{id}", &fb_changelog_update_op},
    {"DELETE", "/changelogs/{id}", &fb_changelog_delete_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_changelog_write_module = {
    .name = "changelog writes",
    .routes = fb_changelog_write_routes,
    .statements = fb_changelog_write_statements,
};
