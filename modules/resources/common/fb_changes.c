/*
 * fb_changes: the changes of an update event (fb_changes.h).
 */
#include <string.h>

#include "fb_changes.h"
#include "fb_json.h"

const char *fb_changes_diff(apr_pool_t *p, const char *before,
                            const char *after, int *count)
{
    json_object *old = fb_json_owned(p, json_tokener_parse(before));
    json_object *now = fb_json_owned(p, json_tokener_parse(after));
    json_object *changes = fb_json_owned(p, json_object_new_array());

    json_object_object_foreach(now, key, value) {
        json_object *was = json_object_object_get(old, key);
        json_object *change;

        if (strcmp(key, "updatedAt") == 0 || json_object_equal(was, value)) {
            continue;
        }
        change = json_object_new_object();
        json_object_object_add(change, "field", json_object_new_string(key));
        json_object_object_add(change, "oldValue", json_object_get(was));
        json_object_object_add(change, "newValue", json_object_get(value));
        json_object_array_add(changes, change);
    }
    *count = (int)json_object_array_length(changes);
    return fb_json_text(p, changes);
}
