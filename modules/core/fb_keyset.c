/*
 * fb_keyset: the buckets.
 */
#include <string.h>

#include "fb_keyset.h"

typedef struct {
    apr_uint64_t fingerprint;
    apr_int64_t seen;       /* Unix seconds, never 0; 0: a free slot */
} fb_keyset_slot_t;

struct fb_keyset {
    apr_uint32_t nbuckets;
    apr_uint32_t pad;
    fb_keyset_slot_t slots[];
};

static apr_uint32_t fb_keyset_buckets(apr_uint32_t nslots)
{
    return nslots >= FB_KEYSET_WAYS ? nslots / FB_KEYSET_WAYS : 1;
}

apr_size_t fb_keyset_size(apr_uint32_t nslots)
{
    return sizeof(fb_keyset_t) + (apr_size_t)fb_keyset_buckets(nslots)
           * FB_KEYSET_WAYS * sizeof(fb_keyset_slot_t);
}

fb_keyset_t *fb_keyset_init(void *mem, apr_uint32_t nslots)
{
    fb_keyset_t *ks = mem;

    memset(mem, 0, fb_keyset_size(nslots));
    ks->nbuckets = fb_keyset_buckets(nslots);
    return ks;
}

/* The first slot of fingerprint's bucket. */
static fb_keyset_slot_t *fb_keyset_bucket(const fb_keyset_t *ks,
                                          apr_uint64_t fingerprint)
{
    return (fb_keyset_slot_t *)&ks->slots[(fingerprint % ks->nbuckets)
                                          * FB_KEYSET_WAYS];
}

/* fingerprint's slot, or NULL. */
static fb_keyset_slot_t *fb_keyset_find(const fb_keyset_t *ks,
                                        apr_uint64_t fingerprint)
{
    fb_keyset_slot_t *b = fb_keyset_bucket(ks, fingerprint);
    int i;

    for (i = 0; i < FB_KEYSET_WAYS; i++) {
        if (b[i].seen != 0 && b[i].fingerprint == fingerprint) {
            return &b[i];
        }
    }
    return NULL;
}

void fb_keyset_add(fb_keyset_t *ks, apr_uint64_t fingerprint,
                   apr_int64_t now)
{
    fb_keyset_slot_t *s = fb_keyset_find(ks, fingerprint);
    int i;

    if (s == NULL) {
        /* A free slot, else the one seen least recently. */
        fb_keyset_slot_t *b = fb_keyset_bucket(ks, fingerprint);

        s = &b[0];
        for (i = 1; i < FB_KEYSET_WAYS && s->seen != 0; i++) {
            if (b[i].seen < s->seen) {
                s = &b[i];
            }
        }
        s->fingerprint = fingerprint;
    }
    s->seen = now > 0 ? now : 1;
}

int fb_keyset_has(const fb_keyset_t *ks, apr_uint64_t fingerprint)
{
    return fb_keyset_find(ks, fingerprint) != NULL;
}

void fb_keyset_remove(fb_keyset_t *ks, apr_uint64_t fingerprint)
{
    fb_keyset_slot_t *s = fb_keyset_find(ks, fingerprint);

    if (s != NULL) {
        s->seen = 0;
    }
}

apr_uint32_t fb_keyset_used(const fb_keyset_t *ks)
{
    apr_uint32_t i, used = 0;

    for (i = 0; i < fb_keyset_slots(ks); i++) {
        used += ks->slots[i].seen != 0;
    }
    return used;
}

apr_uint32_t fb_keyset_slots(const fb_keyset_t *ks)
{
    return ks->nbuckets * FB_KEYSET_WAYS;
}
