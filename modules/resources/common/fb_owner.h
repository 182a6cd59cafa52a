/*
 * fb_owner: what only an Owner may do (docs/decisions.md, "Owners").
 *
 * An Owner's are the Owner role, the admins who hold it and their API
 * keys.  A caller who is not an Owner, whatever its permission flags:
 *
 *   - does not see an Owner's API keys: lists leave them out and by id
 *     they answer 404 as a missing id does (a key is a credential: what
 *     a caller may neither read nor revoke is not shown to it);
 *   - changes or removes no Owner, gives no one the Owner role, and
 *     changes or deletes not the Owner role: 403, as the admins and
 *     roles are there for every key to read;
 *   - gives no permission its own role lacks, neither by turning it on
 *     in a role nor by giving an admin a role that has it: 403.
 *
 * The rule is here once.  Who is an Owner, in SQL, is the macros below.
 * A managed resource names what a write touches in one statement (its
 * fb_manage_t's owners), which fb_manage runs through fb_owner_check()
 * on every create, update and delete; reads that leave an Owner's out
 * take fb_owner_reader()'s argument (fb_resource_t's reader).  An
 * Owner's own requests run none of it.
 */
#ifndef FB_OWNER_H
#define FB_OWNER_H

#include "fb_write.h"

/* SQL: whether role (an expression) is the Owner role of org. */
#define FB_OWNER_ROLE(org, role)                                          \
    "EXISTS (SELECT 1 FROM roles own_r WHERE own_r.org_id = " org         \
    "  AND own_r.id = " role " AND own_r.builtin = 'owner')"

/* SQL: whether admin (an expression) of org holds the Owner role. */
#define FB_OWNER_ADMIN(org, admin)                                        \
    "EXISTS (SELECT 1 FROM admins own_a JOIN roles own_r "                \
    "  ON own_r.org_id = own_a.org_id AND own_r.id = own_a.role_id "      \
    "  WHERE own_a.org_id = " org " AND own_a.id = " admin                \
    "  AND own_r.builtin = 'owner')"

/* The argument of a read that leaves an Owner's out for others, read
 * as "%s::boolean": true when the caller is an Owner. */
const char *fb_owner_reader(const fb_req_t *fr);

/*
 * Checks a write in w against the rule, for a caller who is not an
 * Owner: runs owners with args, whose rows are (rule, permissions):
 * the rule when the write touches something of an Owner's (owner_role:
 * the Owner role, owner: an Owner, owner_role_given: the Owner role
 * given, owner_key: an Owner's key; the 403's text is fb_owner.c's),
 * and the permissions it gives (a JSON object of flags, those true
 * counted; or NULL).  The first row that refuses fails w: 403
 * insufficient_permissions, or, when unseen is not NULL, what the
 * resource answers for a missing id (*unseen on "id") in place of an
 * Owner's.
 */
void fb_owner_check(fb_write_t *w, const fb_statement_t *owners,
                    fb_args_t args, const fb_error_e *unseen);

#endif
