/*
 * organization: the organization's own settings (decisions.md, a
 * management extension): name, default locale, default API version,
 * portal URL and the identity verification secret.  GET /organization
 * shows them to every key (the secret only as whether one is set);
 * PATCH /organization is the Owner's.  A changed default version
 * reaches cached keys within FeedbackKeyCacheTTL.
 */
#include "apr_lib.h"

#include "fb_json.h"
#include "fb_resource.h"
#include "fb_version.h"
#include "fb_write.h"
#include "changelogs/changelogs.h"

/* The organization's columns, and its JSON. */
enum {
    ORG_COL_ID, ORG_COL_NAME, ORG_COL_LOCALE, ORG_COL_VERSION,
    ORG_COL_PORTAL, ORG_COL_VERIFIED, ORG_COL_CREATED_AT, ORG_COL_UPDATED_AT
};

static const fb_rj_member_t fb_organization_verification[] = {
    FB_RJ_BOOL("enabled", ORG_COL_VERIFIED),
    FB_RJ_END
};

static const fb_rj_member_t fb_organization_members[] = {
    FB_RJ_CONST("object", "\"organization\""),
    FB_RJ_STRING("id", ORG_COL_ID),
    FB_RJ_STRING("name", ORG_COL_NAME),
    FB_RJ_STRING("defaultLocale", ORG_COL_LOCALE),
    FB_RJ_STRING("defaultVersion", ORG_COL_VERSION),
    FB_RJ_STRING("portalUrl", ORG_COL_PORTAL),
    FB_RJ_OBJECT("identityVerification", fb_organization_verification),
    FB_RJ_TIME("createdAt", ORG_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", ORG_COL_UPDATED_AT),
    FB_RJ_END
};

/* The effective values: the server's default version and portal URL
 * where the organization set none (the arguments). */
FB_SQL_NAMED(organization_get, (version, portal),
    "WITH a AS (SELECT %s::text AS org_id, %s::text AS version, "
    "  %s::text AS portal) "
    "SELECT o.id, o.name, o.default_locale, "
    "  coalesce(o.api_version, a.version), coalesce(o.portal_url, a.portal), "
    "  o.identity_secret IS NOT NULL, o.created_at AT TIME ZONE 'UTC', "
    "  o.updated_at AT TIME ZONE 'UTC' "
    "FROM organizations o, a WHERE o.id = a.org_id");

/* Null clears the version, portal URL and secret (back to the server's
 * defaults, and no verification). */
FB_SQL(organization_update, 1,
    "WITH a AS (SELECT %s::text AS org_id, %s::jsonb AS b) "
    "UPDATE organizations x SET name = coalesce(a.b ->> 'name', x.name), "
    "  default_locale = coalesce(a.b ->> 'defaultLocale', "
    "    x.default_locale), "
    "  api_version = CASE WHEN a.b ? 'defaultVersion' "
    "    THEN a.b ->> 'defaultVersion' ELSE x.api_version END, "
    "  portal_url = CASE WHEN a.b ? 'portalUrl' "
    "    THEN rtrim(a.b ->> 'portalUrl', '/') ELSE x.portal_url END, "
    "  identity_secret = CASE WHEN a.b ? 'identitySecret' "
    "    THEN a.b ->> 'identitySecret' ELSE x.identity_secret END, "
    "  updated_at = now() "
    "FROM a WHERE x.id = a.org_id");

static const fb_statement_t *const fb_organization_statements[] = {
    &fb_sql_organization_get, &fb_sql_organization_update, NULL
};

/* The organization's row written; NULL with the error (in w's, or in
 * *err) when it cannot be. */
static const char *fb_organization_written(fb_req_t *fr, fb_write_t *w,
                                           fb_error_t **err,
                                           const fb_rows_t *rows)
{
    const char *json = rows->nrows == 1
                       ? fb_rj_json(fr, fb_organization_members,
                                    rows->cells, 384)
                       : NULL;
    fb_error_t *e;

    if (json != NULL) {
        return json;
    }
    e = fb_error_make(fr->pool, FB_E_INTERNAL, NULL, NULL);
    if (w != NULL) {
        fb_write_fail(w, e);
    }
    else {
        *err = e;
    }
    return NULL;
}

/* Answers the organization as it now is (inside a write: as it sees). */
static const char *fb_organization_json(fb_req_t *fr, fb_write_t *w,
                                        fb_error_t **err)
{
    const char *version = fb_version_name(fr->conf->default_version);
    fb_args_t args = FB_NAMED(organization_get, .version = version,
                              .portal = fb_req_portal_default(fr));
    fb_rows_t rows;

    if (w != NULL) {
        if (!fb_write_select(w, &fb_sql_organization_get, args, &rows)) {
            return NULL;
        }
    }
    else if ((*err = fb_req_select(fr, &fb_sql_organization_get, args,
                                   &rows)) != NULL) {
        return NULL;
    }
    return fb_organization_written(fr, w, err, &rows);
}

static fb_error_t *fb_organization_show(fb_req_t *fr)
{
    fb_error_t *err = NULL;
    const char *json = fb_organization_json(fr, NULL, &err);

    if (err == NULL) {
        fb_respond(fr, HTTP_OK, json);
    }
    return err;
}

static fb_error_t *fb_organization_change(fb_req_t *fr)
{
    const char *locale = fb_json_string(fr->body, "defaultLocale");
    const char *c;
    fb_write_t w;

    /* A language tag: letters, digits and hyphens ("en", "pt-BR"). */
    for (c = locale; c != NULL && *c != '\0'; c++) {
        if (!apr_isalnum(*c) && *c != '-') {
            return fb_error_make(fr->pool, FB_E_INVALID_PARAMETER,
                                 "defaultLocale", "The locale must be a "
                                 "language tag such as 'en' or 'pt-BR'.");
        }
    }
    fb_write_begin(&w, fr);
    fb_write_exec(&w, &fb_sql_organization_update, FB_ARGS(
                      fb_json_text(fr->pool, fr->body)));
    return fb_write_respond(&w, HTTP_OK,
                            fb_organization_json(fr, &w, NULL));
}

static const char *const fb_organization_versions[] = {
    "2025-12-12.clover", "2026-01-01.nova", NULL
};

static const fb_field_rule_t fb_organization_rules[] = {
    {.name = "name", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "defaultLocale", .type = FB_FIELD_ENUM,
     .choices = fb_changelog_locales},
    {.name = "defaultVersion", .type = FB_FIELD_ENUM,
     .flags = FB_FIELD_NULL_CLEARS, .choices = fb_organization_versions},
    {.name = "portalUrl", .type = FB_FIELD_URL, .max = 2048,
     .flags = FB_FIELD_NULL_CLEARS},
    {.name = "identitySecret", .type = FB_FIELD_STRING, .min = 16,
     .max = 256, .flags = FB_FIELD_NULL_CLEARS | FB_FIELD_SECRET},
    {.name = NULL}
};

static const fb_op_t fb_organization_show_op =
    FB_OP_READ(fb_organization_show, FB_VERSION_CLOVER, NULL, NULL);

static const fb_op_t fb_organization_change_op = {
    .handler = fb_organization_change,
    .flags = FB_OP_BODY | FB_OP_WRITE | FB_OP_OWNER,
    .min_version = FB_VERSION_CLOVER,
    .permission = FB_PERM_NONE,
    .body = fb_organization_rules,
    .audit = FB_AUDIT_TARGET("settings.organization_changed",
                              "workspace_settings", "organization",
                              FB_AUDIT_ORG, NULL),
};

static const fb_route_t fb_organization_routes[] = {
    {"GET", "/organization", &fb_organization_show_op},
    {"PATCH", "/organization", &fb_organization_change_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_organization_module = {
    .name = "organization",
    .routes = fb_organization_routes,
    .statements = fb_organization_statements,
};
