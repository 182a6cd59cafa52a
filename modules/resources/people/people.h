/*
 * people.h: what the people family (contacts, companies, identification
 * objects such as an author or a voter) shares: their columns and how
 * they are written, the rules of
 * their members, and resolving who one names.
 */
#ifndef PEOPLE_H
#define PEOPLE_H

#include <json.h>

#include "fb_resource.h"

/*
 * Companies and contacts are written in C (people_render.c) from plain
 * columns: X(name, sql) gives the enum <...>_COL_<name> and the select
 * list.  A company's columns, over a row co of companies, follow its id
 * (column 0), so that the same list also makes the text array of a
 * contact's companies.  Timestamps come as UTC text.
 */
#define COMPANY_COLUMNS(X) \
    X(COMPANY_ID, "co.company_id") \
    X(NAME, "co.name") \
    X(MONTHLY_SPEND, "co.monthly_spend") \
    X(INDUSTRY, "co.industry") \
    X(WEBSITE, "co.website") \
    X(PLAN, "co.plan") \
    X(LINKED_USERS, "(SELECT count(*) FROM contact_companies l " \
                    " WHERE l.org_id = co.org_id AND l.company_id = co.id)") \
    X(COMPANY_SIZE, "co.company_size") \
    X(LAST_ACTIVITY, "fb_company_last_activity(co.org_id, co.id, " \
                     "co.last_activity) AT TIME ZONE 'UTC'") \
    X(CUSTOM_FIELDS, "co.custom_fields") \
    X(CREATED_AT, "co.created_at AT TIME ZONE 'UTC'") \
    X(UPDATED_AT, "co.updated_at AT TIME ZONE 'UTC'")

#define COMPANY_COL_ENUM(name, sql) COMPANY_COL_##name,
enum { COMPANY_COL_ID, COMPANY_COLUMNS(COMPANY_COL_ENUM) COMPANY_NCOLS };

#define COMPANY_COL_SQL(name, sql) ", " sql
#define COMPANY_COL_TEXT(name, sql) ", (" sql ")::text"
/* The select list of a company (then a list's key and id), and the
 * same as an array of texts. */
#define COMPANY_SELECT "co.id" COMPANY_COLUMNS(COMPANY_COL_SQL)
#define COMPANY_SELECT_TEXT "co.id" COMPANY_COLUMNS(COMPANY_COL_TEXT)

/* A contact's columns over a row c of contacts; its companies are a
 * text array of COMPANY_NCOLS texts each (a company's columns), by
 * their external id. */
#define CONTACT_COLUMNS(X) \
    X(ID, "c.id") \
    X(USER_ID, "c.user_id") \
    X(ORG_ID, "c.org_id") \
    X(COMPANIES, "ARRAY(SELECT ARRAY[" COMPANY_SELECT_TEXT "] " \
                 "FROM contact_companies cc JOIN companies co " \
                 "  ON co.org_id = cc.org_id AND co.id = cc.company_id " \
                 "WHERE cc.org_id = c.org_id AND cc.contact_id = c.id " \
                 "ORDER BY co.company_id)") \
    X(EMAIL, "c.email") \
    X(NAME, "c.name") \
    X(PICTURE, "c.profile_picture") \
    X(COMMENTS_CREATED, "c.comments_created") \
    X(POSTS_CREATED, "c.posts_created") \
    X(LAST_ACTIVITY, "c.last_activity AT TIME ZONE 'UTC'") \
    X(SUBSCRIBED, "c.subscribed_to_changelog") \
    X(OPTED_OUT, "c.manually_opted_out_from_changelog") \
    X(ROLES, "to_json(c.roles)") \
    X(LOCALE, "c.locale") \
    X(VERIFIED, "c.verified") \
    X(TYPE, "c.type") \
    X(DESCRIPTION, "c.description") \
    X(CUSTOM_FIELDS, "c.custom_fields") \
    X(IS_BLOCKED, "c.is_blocked") \
    X(PHONE, "c.phone")

#define CONTACT_COL_ENUM(name, sql) CONTACT_COL_##name,
enum { CONTACT_COLUMNS(CONTACT_COL_ENUM) CONTACT_NCOLS };

#define CONTACT_COL_SQL(name, sql) sql ", "
/* The select list of a contact, then more (a list's key and id: at
 * CONTACT_NCOLS and after). */
#define CONTACT_SELECT(more) CONTACT_COLUMNS(CONTACT_COL_SQL) more

/* How companies and contacts are written (people_render.c); a list of
 * either has its key and id after the columns. */
extern const fb_list_rows_t fb_company_rows;
extern const fb_list_rows_t fb_contact_rows;

/* Answers the contact id (its JSON as GET shows it) with status. */
fb_error_t *fb_contact_respond(fb_req_t *fr, int status, const char *id);

/* The contact id as GET /contacts/{id} reads it, in w's transaction. */
void fb_contact_write_render(fb_write_t *w, const char *id, const char **json);

/*
 * The profilePicture member, wherever a person is written: a contact, and
 * any identification object that may make one (an author, a voter).  One
 * rule, so that no way in stores what the others refuse: an http or
 * https URL (FB_FIELD_URL), never a javascript:, vbscript: or data: URL
 * that a client would put into an img src or a link.  flags: what the
 * place adds (FB_FIELD_NULL_CLEARS where null clears a stored picture).
 */
#define FB_PROFILE_PICTURE_RULE(flags_) \
    {.name = "profilePicture", .type = FB_FIELD_URL, .max = 2048, \
     .flags = (flags_)}

/* The members a company has, in POST /companies and in a contact's
 * companies, after its external id (companyId there, id here). */
#define COMPANY_FIELD_RULES \
    {.name = "name", .type = FB_FIELD_STRING, .flags = FB_FIELD_REQUIRED, \
     .min = 1, .max = 500}, \
    {.name = "monthlySpend", .type = FB_FIELD_NUMBER}, \
    {.name = "industry", .type = FB_FIELD_STRING, .max = 500}, \
    {.name = "website", .type = FB_FIELD_WEBSITE, .max = 2048}, \
    {.name = "plan", .type = FB_FIELD_STRING, .max = 500}, \
    {.name = "companySize", .type = FB_FIELD_INT, .max = 2147483647}, \
    {.name = "createdAt", .type = FB_FIELD_TIME}, \
    {.name = "customFields", .type = FB_FIELD_VALUES, .max = 100}

/* The members of an identification object (author, voter). */
extern const fb_field_rule_t fb_person_rules[];

/* (org, id) -> the id of the organization's admin with that id. */
extern const fb_statement_t fb_sql_people_admin;

/* (org, id) -> the contact's columns (CONTACT_SELECT); contacts.c. */
extern const fb_statement_t fb_sql_contact_get;

/* Rewrites obj's createdAt, already checked as a time, in the one form
 * PostgreSQL reads back exactly (contacts and companies store the JSON
 * given). */
void fb_people_created_at(apr_pool_t *p, json_object *obj);

/*
 * The people an identification object may name, as four columns over
 * SQL expressions of the organization and the object's keys (texts, NULL
 * when not looked for; fb_person_keys): the contact with the id, the
 * admin with the id, the contact with the userId, and the contact with
 * the email (customers first, then the oldest).  A statement that needs
 * a person anyway reads them with its own columns (posts_create.c).
 * PERSON_FOUND_COLUMNS_LOCKED locks the contacts FOR KEY SHARE, the
 * lock the write's foreign key takes: a contact's delete under way
 * finishes first and the contact is not found (404, or a new contact for
 * an email), where the write's check failed (500).
 */
#define PERSON_FOUND_COLUMNS_LOCK(org, id, user_id, email, lock) \
    "(SELECT c.id FROM contacts c " \
    "  WHERE c.org_id = " org " AND c.id = " id lock "), " \
    "(SELECT a.id FROM admins a " \
    "  WHERE a.org_id = " org " AND a.id = " id "), " \
    "(SELECT c.id FROM contacts c " \
    "  WHERE c.org_id = " org " AND c.user_id = " user_id lock "), " \
    "(SELECT c.id FROM contacts c " \
    "  WHERE c.org_id = " org " AND c.email IS NOT NULL " \
    "    AND lower(c.email) = lower(" email ") " \
    "  ORDER BY c.type = 'customer' DESC, c.created_at, c.id LIMIT 1" \
    lock ")"
#define PERSON_FOUND_COLUMNS(org, id, user_id, email) \
    PERSON_FOUND_COLUMNS_LOCK(org, id, user_id, email, "")
#define PERSON_FOUND_COLUMNS_LOCKED(org, id, user_id, email) \
    PERSON_FOUND_COLUMNS_LOCK(org, id, user_id, email, " FOR KEY SHARE")

/* The keys of who to look for, in the order of PERSON_FOUND_COLUMNS: the
 * id, or else the userId and the email; all NULL when who names nobody
 * (the key's own admin). */
typedef struct {
    const char *id;
    const char *user_id;
    const char *email;
} fb_person_keys_t;

void fb_person_keys(apr_pool_t *p, json_object *who, fb_person_keys_t *k);

/*
 * fb_person_resolve() from the four columns of PERSON_FOUND_COLUMNS read
 * for the keys of who (found: their texts, NULL for none).
 */
fb_error_t *fb_person_pick(fb_req_t *fr, json_object *who,
                           const char *param, int create,
                           const char *const found[4],
                           const char **contact_id, const char **admin_id);

/*
 * Resolves who (an object with id, userId, email, name, profilePicture;
 * NULL for none) into a contact or an admin id; the other is NULL.  With
 * create, an unknown userId or email makes a customer contact and an
 * unknown id is 404 contact_not_found naming param + ".id"; without it,
 * an unknown person leaves both NULL.
 */
fb_error_t *fb_person_resolve(fb_req_t *fr, json_object *who,
                              const char *param, int create,
                              const char **contact_id, const char **admin_id);

/* The contact standing for admin_id (same email), made on first use. */
fb_error_t *fb_person_admin_contact(fb_req_t *fr, const char *admin_id,
                                    const char **contact_id);

#endif
