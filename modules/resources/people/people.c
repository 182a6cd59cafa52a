/*
 * people: finding the person an identification object names.
 *
 * Posts, votes and comments may be made on behalf of someone, named by
 * {id, userId, email, name, profilePicture}.  The order is: id (a contact,
 * or else an admin), then userId, then email; an unknown userId or email
 * makes a customer contact; none of them means the key's own admin.
 * people.h also has the contact's JSON; the createdAt that contacts and
 * companies both take is made canonical here.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_id.h"
#include "fb_json.h"
#include "fb_time.h"
#include "people.h"

FB_SQL(people_admin, 1,
    "SELECT id FROM admins WHERE org_id = %s AND id = %s");

/* (id, userId, email): PERSON_FOUND_COLUMNS, the contacts locked: every
 * caller writes what names the person.  OFFSET 0 keeps the keys out of
 * the plan: folded in, the two of three that are NULL made every custom
 * plan cheaper than the generic one, so PostgreSQL planned the statement
 * again on every call (bench/writes.sh shows plans per call). */
FB_SQL_NAMED(people_find, (id, user_id, email),
    "SELECT " PERSON_FOUND_COLUMNS_LOCKED("k.org_id", "k.id", "k.user_id",
                                          "k.email") " "
    "FROM (SELECT %s::text AS org_id, %s::text AS id, "
    "             %s::text AS user_id, %s::text AS email OFFSET 0) k");

/* The contact that stands for an admin where only contacts may act
 * (votes): the one with the admin's email, made on first use. */
FB_SQL(people_admin_contact, 1,
    "SELECT fb_contact_find_or_create(a.org_id, NULL, a.email, a.name, "
    "                                 a.profile_picture) "
    "FROM admins a WHERE a.org_id = %s AND a.id = %s");

FB_SQL_NAMED(people_contact_create, (user_id, email, name, picture),
    "SELECT fb_contact_find_or_create(k.org_id, k.user_id, k.email, "
    "  k.name, k.picture) "
    "FROM (SELECT %s::text AS org_id, %s::text AS user_id, "
    "  %s::text AS email, %s::text AS name, %s::text AS picture) k");

const fb_statement_t *const fb_people_statements[] = {
    &fb_sql_people_admin, &fb_sql_people_find,
    &fb_sql_people_admin_contact, &fb_sql_people_contact_create, NULL
};

const fb_field_rule_t fb_person_rules[] = {
    {.name = "id", .type = FB_FIELD_ID},
    {.name = "userId", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    {.name = "email", .type = FB_FIELD_EMAIL, .min = 3, .max = 255},
    {.name = "name", .type = FB_FIELD_STRING, .min = 1, .max = 255},
    FB_PROFILE_PICTURE_RULE(0),
    {.name = NULL}
};

/* A display name for a new contact: the one given, else the email's local
 * part, else the external id. */
static const char *fb_person_name(apr_pool_t *p, json_object *who)
{
    const char *name = fb_json_string(who, "name");
    const char *email = fb_json_string(who, "email");

    if (name != NULL) {
        return name;
    }
    if (email != NULL) {
        return apr_pstrmemdup(p, email, strcspn(email, "@"));
    }
    return fb_json_string(who, "userId");
}

void fb_person_keys(apr_pool_t *p, json_object *who, fb_person_keys_t *k)
{
    k->id = fb_id_normalize(p, fb_json_string(who, "id"));
    k->user_id = k->id ? NULL : fb_json_string(who, "userId");
    k->email = k->id ? NULL : fb_json_string(who, "email");
}

fb_error_t *fb_person_pick(fb_req_t *fr, json_object *who,
                           const char *param, int create,
                           const char *const found[4],
                           const char **contact_id, const char **admin_id)
{
    fb_person_keys_t k;
    fb_rows_t rows;
    fb_error_t *err;

    fb_person_keys(fr->pool, who, &k);
    *contact_id = *admin_id = NULL;
    if (k.id != NULL) {
        *contact_id = found[0];
        *admin_id = found[0] ? NULL : found[1];
        if (*contact_id == NULL && *admin_id == NULL && create) {
            return fb_error_make(fr->pool, FB_E_CONTACT_NOT_FOUND,
                                 apr_pstrcat(fr->pool, param, ".id", NULL),
                                 NULL);
        }
        return NULL;
    }
    if (k.user_id == NULL && k.email == NULL) {
        *admin_id = fr->principal.admin_id;
        return NULL;
    }
    /* The userId first; the email only when the userId finds nobody. */
    *contact_id = k.user_id && found[2] ? found[2]
                  : k.email ? found[3] : NULL;
    if (*contact_id != NULL || !create) {
        return NULL;
    }
    if ((err = fb_req_select(
             fr, FB_CALL(people_contact_create, .user_id = k.user_id,
                         .email = k.email,
                         .name = fb_person_name(fr->pool, who),
                         .picture = fb_json_string(who, "profilePicture")),
             &rows)) != NULL) {
        return err;
    }
    *contact_id = fb_rows_get(&rows, 0, 0);
    return NULL;
}

fb_error_t *fb_person_resolve(fb_req_t *fr, json_object *who,
                              const char *param, int create,
                              const char **contact_id, const char **admin_id)
{
    const char *found[4] = {NULL, NULL, NULL, NULL};
    fb_person_keys_t k;
    fb_rows_t rows;
    fb_error_t *err;
    int i;

    fb_person_keys(fr->pool, who, &k);
    if (k.id != NULL || k.user_id != NULL || k.email != NULL) {
        if ((err = fb_req_select(fr, FB_CALL(people_find, .id = k.id,
                                             .user_id = k.user_id,
                                             .email = k.email),
                                 &rows)) != NULL) {
            return err;
        }
        for (i = 0; i < 4; i++) {
            found[i] = fb_rows_get(&rows, 0, i);
        }
    }
    return fb_person_pick(fr, who, param, create, found, contact_id,
                          admin_id);
}

fb_error_t *fb_person_admin_contact(fb_req_t *fr, const char *admin_id,
                                    const char **contact_id)
{
    fb_rows_t rows;
    fb_error_t *err = fb_req_select(fr, &fb_sql_people_admin_contact,
                                    FB_ARGS(admin_id), &rows);

    *contact_id = err == NULL ? fb_rows_get(&rows, 0, 0) : NULL;
    return err;
}

void fb_people_created_at(apr_pool_t *p, json_object *obj)
{
    const char *given = fb_json_string(obj, "createdAt");
    apr_time_t t;

    if (given != NULL && fb_time_parse(given, &t) == APR_SUCCESS) {
        json_object_object_add(obj, "createdAt", json_object_new_string(
                                   fb_time_format(p, t)));
    }
}
