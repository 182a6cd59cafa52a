/*
 * fb_version: the table of known versions.
 */
#include <string.h>

#include "fb_version.h"

static const char *const fb_versions[FB_VERSION__COUNT] = {
    [FB_VERSION_CLOVER] = "2025-12-12.clover",
    [FB_VERSION_NOVA] = "2026-01-01.nova",
};

int fb_version_parse(const char *s)
{
    int i;

    for (i = 0; s != NULL && i < FB_VERSION__COUNT; i++) {
        if (strcmp(s, fb_versions[i]) == 0) {
            return i;
        }
    }
    return FB_VERSION_UNKNOWN;
}

const char *fb_version_name(int version)
{
    if (version < 0 || version >= FB_VERSION__COUNT) {
        return NULL;
    }
    return fb_versions[version];
}
