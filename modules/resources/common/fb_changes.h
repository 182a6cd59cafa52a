/*
 * fb_changes: the `changes` of an update event.
 */
#ifndef FB_CHANGES_H
#define FB_CHANGES_H

#include <apr_pools.h>

/*
 * The changes between two renderings of a resource (JSON object texts):
 * a JSON array of {field, oldValue, newValue}, one per top-level field
 * whose value differs (updatedAt aside), as output values.  *count is
 * their number.
 */
const char *fb_changes_diff(apr_pool_t *p, const char *before,
                            const char *after, int *count);

#endif
