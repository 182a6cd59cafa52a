/*
 * portal: the URL of an organization's portal, where links in responses,
 * events and emails lead.
 */
#ifndef PORTAL_H
#define PORTAL_H

#include <apr_pools.h>

#include "settings.h"

/*
 * The default portal URL of org: the portal URL template of settings
 * with %{org} replaced by org (its first occurrence); the template
 * itself when it has none.  An organization's own portal URL, when set,
 * wins over it in SQL (COALESCE(organizations.portal_url, default)).
 */
const char *fb_portal_default(apr_pool_t *p, const fb_settings_t *settings,
                              const char *org);

#endif
