/*
 * fb_sharetab: open addressing with linear probing; a slot is emptied by
 * shifting back the entries probed past it (no tombstones), so a lookup
 * stops at the first empty slot and the table never silts up.
 */
#include <string.h>

#include <apr_strings.h>

#include "fb_sharetab.h"

typedef struct {
    apr_uint64_t subject;               /* 0: empty */
    apr_uint32_t held[FB_SHARE_CLASSES];
    apr_uint32_t waiting[FB_SHARE_CLASSES];
    apr_uint64_t turn[FB_SHARE_CLASSES];    /* of its last take; 0: none */
    char label[FB_SHARE_LABEL_LEN];
} fb_share_slot_t;

/* The subjects that asked for a unit of a lingering class lately: enough
 * to tell a few busy subjects apart; the oldest is forgotten first. */
#define FB_SHARE_RECENT 32

typedef struct {
    apr_uint64_t subject;               /* 0: unused */
    apr_time_t at;
} fb_share_recent_t;

struct fb_sharetab {
    fb_share_recent_t recent[FB_SHARE_CLASSES][FB_SHARE_RECENT];
    apr_uint32_t mask;                  /* slots - 1 */
    apr_uint32_t total[FB_SHARE_CLASSES];
    apr_uint32_t holders[FB_SHARE_CLASSES];
    apr_uint32_t waiters[FB_SHARE_CLASSES];     /* subjects waiting */
    apr_uint64_t turns[FB_SHARE_CLASSES];       /* takes so far */
    apr_uint64_t refused[FB_SHARE_CLASSES];
    fb_share_slot_t slots[];
};

apr_size_t fb_sharetab_size(apr_uint32_t nslots)
{
    return sizeof(fb_sharetab_t) + nslots * sizeof(fb_share_slot_t);
}

fb_sharetab_t *fb_sharetab_init(void *mem, apr_uint32_t nslots)
{
    fb_sharetab_t *t = mem;

    memset(t, 0, fb_sharetab_size(nslots));
    t->mask = nslots - 1;
    return t;
}

static apr_uint32_t fb_share_home(const fb_sharetab_t *t,
                                  apr_uint64_t subject)
{
    /* Fingerprints are hashes already; fold the high half in. */
    return (apr_uint32_t)(subject ^ (subject >> 32)) & t->mask;
}

/* The slot of subject, or the empty slot where it would go (NULL when
 * the table is full). */
static fb_share_slot_t *fb_share_find(const fb_sharetab_t *t,
                                      apr_uint64_t subject)
{
    apr_uint32_t i = fb_share_home(t, subject), n;

    for (n = 0; n <= t->mask; n++, i = (i + 1) & t->mask) {
        const fb_share_slot_t *s = &t->slots[i];

        if (s->subject == subject || s->subject == 0) {
            return (fb_share_slot_t *)s;
        }
    }
    return NULL;
}

/* Empties slot i, moving back every later entry of the run that its
 * own home lets sit earlier. */
static void fb_share_remove(fb_sharetab_t *t, apr_uint32_t i)
{
    apr_uint32_t j = i, n;

    /* A full table has no empty slot to stop at: at most every other
     * slot is looked at. */
    for (n = 0; n < t->mask; n++) {
        apr_uint32_t home;

        j = (j + 1) & t->mask;
        if (t->slots[j].subject == 0) {
            break;
        }
        home = fb_share_home(t, t->slots[j].subject);
        /* Entry j may fill hole i when i lies cyclically in [home, j). */
        if (((j - home) & t->mask) >= ((j - i) & t->mask)) {
            t->slots[i] = t->slots[j];
            i = j;
        }
    }
    memset(&t->slots[i], 0, sizeof(t->slots[i]));
}

apr_uint32_t fb_share_limit(const fb_share_rule_t *rule,
                            apr_uint32_t holders)
{
    apr_uint32_t share;

    if (rule->fixed != 0) {
        return rule->fixed;
    }
    share = rule->pool / (holders ? holders : 1);
    return share > rule->floor ? share : rule->floor;
}

/* Gives subject slot s (found empty) to subject. */
static void fb_share_claim(fb_share_slot_t *s, apr_uint64_t subject,
                           const char *label)
{
    if (s->subject == 0) {
        s->subject = subject;
        apr_cpystrn(s->label, label ? label : "", sizeof(s->label));
    }
}

/* Empties slot s when its subject neither holds nor waits for anything. */
static void fb_share_forget(fb_sharetab_t *t, fb_share_slot_t *s)
{
    int c;

    for (c = 0; c < FB_SHARE_CLASSES; c++) {
        if (s->held[c] != 0 || s->waiting[c] != 0) {
            return;
        }
    }
    fb_share_remove(t, (apr_uint32_t)(s - t->slots));
}

/* Whether a subject holding held of cls, that took its last unit at turn,
 * is due the next unit: no other waiting subject holds fewer, or as many
 * and took its last earlier.  Looked up only while subjects wait. */
static int fb_share_due(const fb_sharetab_t *t, apr_uint64_t subject,
                        fb_share_class_e cls, apr_uint32_t held,
                        apr_uint64_t turn)
{
    apr_uint32_t i;

    if (t->waiters[cls] == 0) {
        return 1;
    }
    for (i = 0; i <= t->mask; i++) {
        const fb_share_slot_t *o = &t->slots[i];

        if (o->subject == 0 || o->subject == subject
            || o->waiting[cls] == 0) {
            continue;
        }
        if (o->held[cls] < held
            || (o->held[cls] == held && o->turn[cls] < turn)) {
            return 0;
        }
    }
    return 1;
}

/* Notes that subject asked for a unit of cls at now; the subjects that
 * asked within linger, itself included. */
static apr_uint32_t fb_share_recently(fb_sharetab_t *t, apr_uint64_t subject,
                                      fb_share_class_e cls, apr_time_t now,
                                      apr_interval_time_t linger)
{
    fb_share_recent_t *r = t->recent[cls], *mine = NULL, *oldest = r;
    apr_uint32_t n = 1;
    int i;

    for (i = 0; i < FB_SHARE_RECENT; i++) {
        if (r[i].subject == subject) {
            mine = &r[i];
        }
        else if (r[i].subject != 0 && now - r[i].at < linger) {
            n++;
        }
        if (r[i].at < oldest->at) {
            oldest = &r[i];
        }
    }
    mine = mine ? mine : oldest;
    mine->subject = subject;
    mine->at = now;
    return n;
}

void fb_sharetab_take(fb_sharetab_t *t, apr_uint64_t subject,
                      const char *label, fb_share_class_e cls,
                      const fb_share_rule_t *rule, apr_time_t now,
                      fb_share_result_t *out)
{
    fb_share_slot_t *s = fb_share_find(t, subject);
    int known = s != NULL && s->subject != 0;
    apr_uint32_t held = known ? s->held[cls] : 0;
    apr_uint32_t holders = rule->linger > 0
        ? fb_share_recently(t, subject, cls, now, rule->linger)
        : t->holders[cls] + (held == 0);

    out->held = held;
    out->limit = rule->alone && holders <= 1
                 ? APR_UINT32_MAX : fb_share_limit(rule, holders);
    if (s == NULL) {
        out->outcome = FB_SHARE_UNCOUNTED;
        return;
    }
    if (held >= out->limit) {
        out->outcome = FB_SHARE_REFUSED;
        return;
    }
    if (rule->total != 0
        && (t->total[cls] >= rule->total
            || !fb_share_due(t, subject, cls, held,
                             known ? s->turn[cls] : 0))) {
        out->outcome = FB_SHARE_BUSY;
        return;
    }
    fb_share_claim(s, subject, label);
    if (s->held[cls]++ == 0) {
        t->holders[cls]++;
    }
    s->turn[cls] = ++t->turns[cls];
    t->total[cls]++;
    out->outcome = FB_SHARE_TAKEN;
}

int fb_sharetab_wait(fb_sharetab_t *t, apr_uint64_t subject,
                     const char *label, fb_share_class_e cls, int on)
{
    fb_share_slot_t *s = fb_share_find(t, subject);

    if (s == NULL || (!on && (s->subject == 0 || s->waiting[cls] == 0))) {
        return 0;
    }
    if (on) {
        fb_share_claim(s, subject, label);
        if (s->waiting[cls]++ == 0) {
            t->waiters[cls]++;
        }
        return 1;
    }
    if (--s->waiting[cls] == 0) {
        t->waiters[cls]--;
    }
    fb_share_forget(t, s);
    return 1;
}

void fb_sharetab_give(fb_sharetab_t *t, apr_uint64_t subject,
                      fb_share_class_e cls)
{
    fb_share_slot_t *s = fb_share_find(t, subject);

    if (s == NULL || s->subject == 0 || s->held[cls] == 0) {
        return;     /* never taken: nothing to give */
    }
    t->total[cls]--;
    if (--s->held[cls] == 0) {
        t->holders[cls]--;
    }
    fb_share_forget(t, s);
}

apr_uint32_t fb_sharetab_held(const fb_sharetab_t *t, apr_uint64_t subject,
                              fb_share_class_e cls)
{
    const fb_share_slot_t *s = fb_share_find(t, subject);

    return s != NULL && s->subject != 0 ? s->held[cls] : 0;
}

apr_uint32_t fb_sharetab_total(const fb_sharetab_t *t, fb_share_class_e cls)
{
    return t->total[cls];
}

apr_uint32_t fb_sharetab_holders(const fb_sharetab_t *t,
                                 fb_share_class_e cls)
{
    return t->holders[cls];
}

apr_uint32_t fb_sharetab_waiters(const fb_sharetab_t *t,
                                 fb_share_class_e cls)
{
    return t->waiters[cls];
}

void fb_sharetab_refuse(fb_sharetab_t *t, fb_share_class_e cls)
{
    t->refused[cls]++;
}

apr_uint64_t fb_sharetab_refused(const fb_sharetab_t *t,
                                 fb_share_class_e cls)
{
    return t->refused[cls];
}

int fb_sharetab_top(const fb_sharetab_t *t, fb_share_holding_t *out,
                    int max)
{
    apr_uint32_t i;
    int n = 0, k;

    for (i = 0; i <= t->mask && max > 0; i++) {
        const fb_share_slot_t *s = &t->slots[i];
        apr_uint32_t w = s->held[FB_SHARE_WORKERS];

        if (s->subject == 0) {
            continue;
        }
        /* Kept sorted, most workers first: a newcomer enters at the end
         * (or replaces the last when the list is full and it holds more)
         * and moves up past those holding less. */
        if (n < max) {
            k = n++;
        }
        else if (out[max - 1].held[FB_SHARE_WORKERS] < w) {
            k = max - 1;
        }
        else {
            continue;
        }
        for (; k > 0 && out[k - 1].held[FB_SHARE_WORKERS] < w; k--) {
            out[k] = out[k - 1];
        }
        memcpy(out[k].label, s->label, sizeof(out[k].label));
        memcpy(out[k].held, s->held, sizeof(out[k].held));
    }
    return n;
}
