/*
 * portal: an organization's portal URL (portal.h).
 */
#include <string.h>

#include <apr_strings.h>

#include "portal.h"

#define FB_PORTAL_ORG "%{org}"

const char *fb_portal_default(apr_pool_t *p, const fb_settings_t *settings,
                              const char *org)
{
    const char *tpl = settings->portal_url;
    const char *at = tpl != NULL ? strstr(tpl, FB_PORTAL_ORG) : NULL;

    if (at == NULL) {
        return tpl;
    }
    return apr_pstrcat(p, apr_pstrmemdup(p, tpl, (apr_size_t)(at - tpl)),
                       org, at + strlen(FB_PORTAL_ORG), NULL);
}
