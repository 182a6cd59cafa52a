/*
 * fb_audit: the audit log of writes (sql/034).
 *
 * Every operation that writes (FB_OP_WRITE) declares what its entry says
 * in its descriptor (fb_op_t .audit): the action ("{domain}.{verb}", the
 * official client's name where it has one), its domain, the type of its
 * target and where the target's id is found.  The entry is written by
 * fb_req_end() in the write's own transaction, one prepared statement
 * just before the commit, so a write commits with its entry or neither
 * happens; no handler records anything itself.  httpd does not start
 * while a write has no audit or a read has one (FB00600).
 *
 * What an entry keeps: the actor (the API key, its admin, their names
 * as they are at the time), the target (type, id), the body's members
 * the rules know with their values as set (what changed: a secret's
 * value never, FB_FIELD_SECRET; long values cut), the method and path,
 * the client address and User-Agent, the request id (also answered as
 * X-Request-Id) and the time.
 */
#ifndef FB_AUDIT_H
#define FB_AUDIT_H

#include "fb_request.h"

/* Where an entry's target id comes from. */
typedef enum {
    FB_AUDIT_PATH = 0,      /* the path parameter .param ("id" if NULL) */
    FB_AUDIT_ANSWER,        /* what the write made: fb_write_target(), or
                             * the "id" of the answer fb_write_respond()
                             * gives */
    FB_AUDIT_BODY,          /* the body's member .param */
    FB_AUDIT_ORG,           /* the organization itself */
    FB_AUDIT_NONE           /* none: what is changed has no id (a list
                             * of subscribers) */
} fb_audit_target_e;

typedef struct fb_audit fb_audit_t;

/* An action by a member's value (fb_audit_t.then_by). */
typedef struct {
    const char *value;
    const char *action;
} fb_audit_value_t;

struct fb_audit {
    const char *action;     /* "webhook.deleted" */
    const char *domain;     /* "integrations" */
    const char *target;     /* the target's type: "webhook" */
    fb_audit_target_e from;
    const char *param;      /* with FB_AUDIT_PATH and FB_AUDIT_BODY */
    /* When the body has the member when (a role change of an admin),
     * the action is then_action, of the domain then_domain, instead; or
     * NULL. */
    const char *when;
    const char *then_action;
    const char *then_domain;
    /* With when: the action by the member's value (a string), rows up
     * to one of NULL value; a value no row names (or not a string) is
     * action's, of domain (publishing an article, unpublishing it).
     * Or NULL: then_action whatever the value. */
    const fb_audit_value_t *then_by;
};

/* An operation's audit, for its descriptor (.audit = FB_AUDIT_...). */
#define FB_AUDIT_TARGET(act, dom, what, source, name)                     \
    (&(const fb_audit_t){.action = (act), .domain = (dom),               \
                         .target = (what), .from = (source),             \
                         .param = (name)})
/* Of the object the path's {id} names. */
#define FB_AUDIT_OF(act, dom, what)                                       \
    FB_AUDIT_TARGET(act, dom, what, FB_AUDIT_PATH, "id")
/* Of the object a create made. */
#define FB_AUDIT_MADE(act, dom, what)                                     \
    FB_AUDIT_TARGET(act, dom, what, FB_AUDIT_ANSWER, NULL)

/* The entry of the audited write fr is committing, in its transaction;
 * the database's error, or NULL (also when fr is not audited). */
fb_error_t *fb_audit_record(fb_req_t *fr);

/* Keeps the "id" of a create's answer as its target (FB_AUDIT_ANSWER),
 * unless fb_write_target() named it; fb_write_respond() calls it. */
void fb_audit_answer(fb_req_t *fr, const char *json);

/* The request's User-Agent as an entry keeps it: at most 512 bytes, cut
 * at a character; NULL when absent or not UTF-8. */
const char *fb_audit_agent(fb_req_t *fr);

/* The request's id: r->log_id when httpd made one (mod_unique_id), else
 * 24 random hexadecimal characters; answered as X-Request-Id. */
const char *fb_audit_request_id(fb_req_t *fr);

/* Checks the routes' operations at start-up: every write has an audit,
 * no read has one.  Non-zero when they do; *why names the route. */
int fb_audit_routes_check(apr_pool_t *p, const fb_route_t *const *tables,
                          const char **why);

extern const fb_statement_t *const fb_audit_statements[];

#endif
