/*
 * fb_ratelimit: the window table.
 */
#include <string.h>

#include "fb_ratelimit.h"

#define FB_RATELIMIT_PROBES 8

typedef struct {
    apr_uint64_t subject;
    apr_int64_t window;     /* window number: now / FB_RATELIMIT_WINDOW */
    apr_uint32_t count;
    apr_uint32_t pad;
} fb_ratelimit_slot_t;

struct fb_ratelimit {
    apr_uint32_t nslots;
    apr_uint32_t pad;
    fb_ratelimit_slot_t slots[];
};

apr_size_t fb_ratelimit_size(apr_uint32_t nslots)
{
    return sizeof(fb_ratelimit_t) + nslots * sizeof(fb_ratelimit_slot_t);
}

fb_ratelimit_t *fb_ratelimit_init(void *mem, apr_uint32_t nslots)
{
    fb_ratelimit_t *rl = mem;

    memset(mem, 0, fb_ratelimit_size(nslots));
    rl->nslots = nslots > 0 ? nslots : 1;
    return rl;
}

/* The slot counting subject in window, claiming a stale one if needed;
 * NULL when every probed slot is in use by others. */
static fb_ratelimit_slot_t *fb_ratelimit_slot(fb_ratelimit_t *rl,
                                              apr_uint64_t subject,
                                              apr_int64_t window)
{
    fb_ratelimit_slot_t *free_slot = NULL;
    int i;

    for (i = 0; i < FB_RATELIMIT_PROBES; i++) {
        fb_ratelimit_slot_t *s =
            &rl->slots[(subject + (apr_uint64_t)i) % rl->nslots];

        if (s->window == window && s->subject == subject) {
            return s;
        }
        if (s->window != window && free_slot == NULL) {
            free_slot = s;
        }
    }
    if (free_slot != NULL) {
        free_slot->subject = subject;
        free_slot->window = window;
        free_slot->count = 0;
    }
    return free_slot;
}

void fb_ratelimit_hit(fb_ratelimit_t *rl, apr_uint64_t subject,
                      apr_int64_t now, apr_uint32_t limit,
                      fb_ratelimit_result_t *out)
{
    apr_int64_t window = now / FB_RATELIMIT_WINDOW;
    fb_ratelimit_slot_t *s;

    out->allowed = 1;
    out->limit = limit;
    out->remaining = limit;
    out->reset = (window + 1) * FB_RATELIMIT_WINDOW;
    if (limit == 0 || (s = fb_ratelimit_slot(rl, subject, window)) == NULL) {
        return;
    }
    if (s->count < limit) {
        s->count++;
        out->remaining = limit - s->count;
    }
    else {
        out->allowed = 0;
        out->remaining = 0;
    }
}

void fb_ratelimit_peek(fb_ratelimit_t *rl, apr_uint64_t subject,
                       apr_int64_t now, apr_uint32_t limit,
                       fb_ratelimit_result_t *out)
{
    apr_int64_t window = now / FB_RATELIMIT_WINDOW;
    int i;

    out->allowed = 1;
    out->limit = limit;
    out->remaining = limit;
    out->reset = (window + 1) * FB_RATELIMIT_WINDOW;
    if (limit == 0) {
        return;
    }
    for (i = 0; i < FB_RATELIMIT_PROBES; i++) {
        const fb_ratelimit_slot_t *s =
            &rl->slots[(subject + (apr_uint64_t)i) % rl->nslots];

        if (s->window == window && s->subject == subject) {
            out->remaining = s->count < limit ? limit - s->count : 0;
            out->allowed = s->count < limit;
            return;
        }
    }
}

apr_uint32_t fb_ratelimit_used(const fb_ratelimit_t *rl, apr_int64_t now)
{
    apr_int64_t window = now / FB_RATELIMIT_WINDOW;
    apr_uint32_t i, used = 0;

    for (i = 0; i < rl->nslots; i++) {
        used += rl->slots[i].window == window;
    }
    return used;
}

apr_uint32_t fb_ratelimit_slots(const fb_ratelimit_t *rl)
{
    return rl->nslots;
}
