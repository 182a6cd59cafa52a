/*
 * fb_operator: the operator surface over HTTP (SetHandler
 * feedback-operator): organizations, their admins and API keys, as
 * feedbackctl makes them.  Not part of the /v2 API and not reached by
 * API keys: httpd's own authentication guards it.  A request is served
 * only when httpd authenticated a user for it (r->user: AuthType with
 * Require valid-user or Require user), so a <Location> without
 * authentication serves nothing.  docs/operator.md lists the calls.
 */
#ifndef FB_OPERATOR_H
#define FB_OPERATOR_H

#include "httpd.h"

#include "fb_db.h"

/* Its statements (the registry lists them). */
extern const fb_statement_t *const fb_operator_statements[];

/* The handler hook. */
int fb_operator_handler(request_rec *r);

#endif
