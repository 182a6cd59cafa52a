/*
 * companies: the organizations an organization's contacts belong to.
 * Nova and newer.
 *
 * A company is upserted on its external id (companyId) through
 * fb_company_upsert() (sql/008), like the companies embedded in a contact.
 * Its contacts are links (contact_companies); linkedUsers is counted from
 * them where the company is rendered, so it is exact under any
 * interleaving of links and unlinks.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_write.h"
#include "people.h"

FB_SQL(company_get, 1,
    "SELECT " COMPANY_SELECT " FROM companies co "
    "WHERE co.org_id = %s AND co.id = %s");

FB_LIST_PARAMS(company_list, ());

#define COMPANY_LIST(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id) " \
    "SELECT " COMPANY_SELECT ", fb_ts_key(co.created_at), co.id " \
    "FROM companies co, k WHERE co.org_id = k.org_id " after \
    "ORDER BY co.created_at DESC, co.id DESC LIMIT %d"

FB_SQL_WITH(company_list, company_list, COMPANY_LIST(""));

FB_SQL_WITH(company_list_after, company_list, COMPANY_LIST(
    "AND (co.created_at, co.id) "
    "  < (fb_ts_from_key(k.after_key), k.after_id) "));

FB_SQL(company_find, 1,
    "SELECT id FROM companies WHERE org_id = %s AND id = %s");

/* Links lock both ends against deletion, shared: links and unlinks of
 * one company run side by side. */
FB_SQL(company_find_shared, 1,
    "SELECT id FROM companies WHERE org_id = %s AND id = %s FOR SHARE");

FB_SQL_NAMED(company_upsert, (company_id, body),
    "SELECT u.company_id, u.created "
    "FROM (SELECT %s::text AS org_id, %s::text AS company_id, "
    "  %s::jsonb AS body) k, "
    "  fb_company_upsert(k.org_id, k.company_id, k.body) u");

FB_SQL(company_delete, 1,
    "DELETE FROM companies WHERE org_id = %s AND id = %s RETURNING id");

FB_SQL(company_delete_external, 1,
    "DELETE FROM companies WHERE org_id = %s AND company_id = %s "
    "RETURNING id");

/* The customers linked to a company, in the order of the link index:
 * the contact id is both the sort key and the id of the keyset. */
FB_LIST_PARAMS(company_contacts, (company));

#define COMPANY_CONTACTS(after) \
    "WITH k AS (SELECT %s::text AS org_id, %s::text AS after_key, " \
    "  %s::text AS after_id, %s::text AS company) " \
    "SELECT " CONTACT_SELECT("c.id, c.id") " FROM contact_companies l " \
    "JOIN contacts c ON c.org_id = l.org_id AND c.id = l.contact_id, k " \
    "WHERE l.org_id = k.org_id AND l.company_id = k.company " \
    "AND c.type = 'customer' " after \
    "ORDER BY l.contact_id DESC LIMIT %d"

FB_SQL_WITH(company_contacts, company_contacts, COMPANY_CONTACTS(""));

FB_SQL_WITH(company_contacts_after, company_contacts, COMPANY_CONTACTS(
    "AND l.contact_id < k.after_key AND c.id < k.after_id "));

FB_SQL(company_contact_find, 1,
    "SELECT id FROM contacts WHERE org_id = %s AND id = %s FOR SHARE");

/* A link's two ends, as its making and its removal take them. */
FB_PARAMS(company_link_ends, (contact, company));

#define COMPANY_LINK_ENDS \
    "(SELECT %s::text AS org_id, %s::text AS contact, " \
    "  %s::text AS company) k "

FB_SQL_WITH(company_link, company_link_ends,
    "INSERT INTO contact_companies (org_id, contact_id, company_id) "
    "SELECT k.org_id, k.contact, k.company FROM " COMPANY_LINK_ENDS
    "ON CONFLICT DO NOTHING");

FB_SQL_WITH(company_unlink, company_link_ends,
    "DELETE FROM contact_companies l USING " COMPANY_LINK_ENDS
    "WHERE l.org_id = k.org_id AND l.contact_id = k.contact "
    "  AND l.company_id = k.company "
    "RETURNING l.contact_id");

static const fb_statement_t *const fb_company_statements[] = {
    &fb_sql_company_get, &fb_sql_company_list, &fb_sql_company_list_after,
    &fb_sql_company_find, &fb_sql_company_find_shared, &fb_sql_company_upsert,
    &fb_sql_company_delete, &fb_sql_company_delete_external,
    &fb_sql_company_contacts, &fb_sql_company_contacts_after,
    &fb_sql_company_contact_find, &fb_sql_company_link, &fb_sql_company_unlink,
    NULL
};

static const fb_list_order_t fb_companies_newest = {
    .first = &fb_sql_company_list,
    .after = &fb_sql_company_list_after,
    .cursor_sort = "companies.createdAt.desc",
    .key_valid = fb_key_integer,
};

static const fb_resource_t fb_companies = {
    .get = &fb_sql_company_get,
    .not_found = FB_E_COMPANY_NOT_FOUND,
    .shape = FB_LIST_CURSOR,
    .order = &fb_companies_newest,
    .rows = &fb_company_rows,
};

/* ---- POST /companies ---- */

static const fb_field_rule_t fb_company_upsert_rules[] = {
    {.name = "companyId", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 500},
    COMPANY_FIELD_RULES,
    {.name = NULL}
};

/* POST /companies: created (201) or updated (200) by fb_company_upsert(),
 * answered as it is in the write's transaction. */
static fb_error_t *fb_company_upsert(fb_req_t *fr)
{
    const char *created, *json;
    fb_rows_t upserted;
    fb_write_t w;

    fb_people_created_at(fr->pool, fr->body);
    fb_write_begin(&w, fr);
    fb_write_select(&w, &fb_sql_company_upsert,
                    FB_NAMED(company_upsert,
                             .company_id = fb_json_string(fr->body,
                                                          "companyId"),
                             .body = fb_json_text(fr->pool, fr->body)),
                    &upserted);
    created = fb_rows_get(&upserted, 0, 1);
    fb_resource_write_render(&w, &fb_companies, fb_rows_get(&upserted, 0, 0),
                             &json);
    return fb_write_respond(&w, created != NULL && strcmp(created, "t") == 0
                                ? HTTP_CREATED : HTTP_OK,
                            json);
}

/* ---- DELETE /companies/{id} and /by-company-id/{companyId} ---- */

/* How a delete names its company: the statement and the parameter. */
typedef struct {
    const fb_statement_t *remove;
    const char *param;
} fb_company_ref_t;

static const fb_company_ref_t fb_company_by_id = {
    &fb_sql_company_delete, "id"
};
static const fb_company_ref_t fb_company_by_external = {
    &fb_sql_company_delete_external, "companyId"
};

/* The company goes with its links (they cascade), in one statement. */
static fb_error_t *fb_company_delete(fb_req_t *fr)
{
    const fb_company_ref_t *ref = fr->op->data;
    const char *value = fb_req_param(fr, ref->param);
    fb_rows_t deleted;
    fb_write_t w;
    fb_error_t *err;

    if (ref == &fb_company_by_id
        && (err = fb_resource_id(fr, &value)) != NULL) {
        return err;
    }
    fb_write_begin(&w, fr);
    if (fb_write_select(&w, ref->remove, FB_ARGS(value), &deleted)
        && deleted.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_COMPANY_NOT_FOUND,
                                        ref->param, NULL));
    }
    return fb_write_respond(&w, HTTP_OK,
                            fb_resource_deleted(
                                fr->pool, fb_rows_get(&deleted, 0, 0),
                                "company"));
}

/* ---- /companies/{id}/contacts ---- */

static int fb_company_contact_key(const char *key)
{
    return fb_id_valid(key);
}

static const fb_list_order_t fb_company_contacts_order = {
    .first = &fb_sql_company_contacts,
    .after = &fb_sql_company_contacts_after,
    .cursor_sort = "company.contacts",
    .key_valid = fb_company_contact_key,
};

/* The company of the path, found with st: 400 invalid_id, or 404
 * company_not_found. */
static fb_error_t *fb_company_find(fb_req_t *fr, const fb_statement_t *st,
                                   const char **id)
{
    fb_error_t *err;
    const char *found;

    if ((err = fb_resource_id(fr, id)) != NULL
        || (err = fb_resource_lookup(fr, st, *id, &found)) != NULL) {
        return err;
    }
    return found == NULL
           ? fb_error_make(fr->pool, FB_E_COMPANY_NOT_FOUND, "id", NULL)
           : NULL;
}

static fb_error_t *fb_company_contacts(fb_req_t *fr)
{
    const char *company;
    fb_error_t *err = fb_company_find(fr, &fb_sql_company_find, &company);

    return err != NULL
           ? err
           : fb_list_respond_rows(fr, &fb_company_contacts_order,
                                  FB_NAMED(company_contacts,
                                           .company = company),
                                  &fb_contact_rows);
}

/* The company of the path, locked against deletion (shared) until the
 * link's write ends (ctx: where its id goes). */
static fb_error_t *fb_company_lock(fb_req_t *fr, void *ctx)
{
    return fb_company_find(fr, &fb_sql_company_find_shared, ctx);
}

/*
 * The contact a link names (given: body contactId or path {contactId}),
 * locked against deletion until the write ends: 400 invalid_id, 404
 * contact_not_found.
 */
static const char *fb_company_contact(fb_write_t *w, const char *given)
{
    apr_pool_t *p = w->fr->pool;
    const char *id = fb_id_normalize(p, given);
    fb_rows_t rows;

    if (id == NULL) {
        fb_write_fail(w, fb_error_make(p, FB_E_INVALID_ID, "contactId",
                                       "The contact id must be a "
                                       "24-character hexadecimal object "
                                       "id."));
    }
    else if (fb_write_select(w, &fb_sql_company_contact_find, FB_ARGS(id),
                             &rows)
             && rows.nrows == 0) {
        fb_write_fail(w, fb_error_make(p, FB_E_CONTACT_NOT_FOUND,
                                       "contactId", NULL));
    }
    return id;
}

static const fb_field_rule_t fb_company_link_rules[] = {
    {.name = "contactId", .type = FB_FIELD_STRING,
     .flags = FB_FIELD_REQUIRED, .min = 1, .max = 64},
    {.name = NULL}
};

/* POST adds the link (again: no change), DELETE removes it (400
 * contact_not_attached when there is none); both answer the contact. */
static fb_error_t *fb_company_link(fb_req_t *fr)
{
    int link = strcmp(fr->r->method, "POST") == 0;
    const char *company = NULL, *contact;
    fb_args_t ends;
    fb_rows_t rows;
    fb_write_t w;
    fb_error_t *err;

    fb_write_begin(&w, fr);
    fb_write_step(&w, fb_company_lock, &company);
    contact = fb_company_contact(&w, link ? fb_json_string(fr->body,
                                                           "contactId")
                                          : fb_req_param(fr, "contactId"));
    ends = FB_NAMED(company_link_ends, .contact = contact,
                    .company = company);
    if (link) {
        fb_write_exec(&w, &fb_sql_company_link, ends);
    }
    else if (fb_write_select(&w, &fb_sql_company_unlink, ends, &rows)
             && rows.nrows == 0) {
        fb_write_fail(&w, fb_error_make(fr->pool, FB_E_CONTACT_NOT_ATTACHED,
                                        "contactId", NULL));
    }
    return (err = fb_write_end(&w)) != NULL
           ? err : fb_contact_respond(fr, HTTP_OK, contact);
}

/* ---- routes ---- */

#define COMPANY_READ(fn, query_rules) \
    {.handler = (fn), .min_version = FB_VERSION_NOVA, \
     .permission = FB_PERM_VIEW_USERS, .query = (query_rules), \
     .data = &fb_companies}
#define COMPANY_WRITE(fn, op_flags, desc, rules, audited) \
    {.handler = (fn), .flags = FB_OP_WRITE | (op_flags), \
     .min_version = FB_VERSION_NOVA, .permission = FB_PERM_MANAGE_USERS, \
     .body = (rules), .data = (desc), .audit = (audited)}

static const fb_op_t fb_company_list_op =
    COMPANY_READ(fb_resource_list, fb_resource_page_rules);
static const fb_op_t fb_company_get_op = COMPANY_READ(fb_resource_get, NULL);
static const fb_op_t fb_company_contacts_op =
    COMPANY_READ(fb_company_contacts, fb_resource_page_rules);
static const fb_op_t fb_company_upsert_op =
    COMPANY_WRITE(fb_company_upsert, FB_OP_BODY, NULL,
                  fb_company_upsert_rules,
                  FB_AUDIT_MADE("company.saved", "people", "company"));
static const fb_op_t fb_company_delete_op =
    COMPANY_WRITE(fb_company_delete, 0, &fb_company_by_id, NULL,
                  FB_AUDIT_OF("company.deleted", "people", "company"));
static const fb_op_t fb_company_delete_external_op =
    COMPANY_WRITE(fb_company_delete, 0, &fb_company_by_external, NULL,
                  FB_AUDIT_TARGET("company.deleted", "people", "company",
                                  FB_AUDIT_PATH, "companyId"));
static const fb_op_t fb_company_link_op =
    COMPANY_WRITE(fb_company_link, FB_OP_BODY, NULL, fb_company_link_rules,
                  FB_AUDIT_OF("company.contact_attached", "people",
                              "company"));
static const fb_op_t fb_company_unlink_op =
    COMPANY_WRITE(fb_company_link, 0, NULL, NULL,
                  FB_AUDIT_OF("company.contact_detached", "people",
                              "company"));

static const fb_route_t fb_company_routes[] = {
    {"GET", "/companies", &fb_company_list_op},
    {"POST", "/companies", &fb_company_upsert_op},
    {"GET", "/companies/{id}", &fb_company_get_op},
    {"DELETE", "/companies/{id}", &fb_company_delete_op},
    {"DELETE", "/companies/by-company-id/{companyId}",
     &fb_company_delete_external_op},
    {"GET", "/companies/{id}/contacts", &fb_company_contacts_op},
    {"POST", "/companies/{id}/contacts", &fb_company_link_op},
    {"DELETE", "/companies/{id}/contacts/{contactId}",
     &fb_company_unlink_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_companies_module = {
    .name = "companies",
    .routes = fb_company_routes,
    .statements = fb_company_statements,
};
