/*
 * fb_sharetab: what each subject (an organization, an API key) holds of a
 * node right now, for fair shares.
 *
 * A rate limit counts requests over a minute; a share counts what is held
 * at this moment: the worker threads of requests in flight, the expensive
 * searches running, the uploads being received.  Each subject holding
 * anything has a slot; a slot is freed when its subject holds nothing, so
 * the table never needs more slots than there are things to hold (the
 * caller sizes it from the node's workers).
 *
 * The table lives in memory the caller provides: in httpd, an anonymous
 * shared memory segment made before the children fork, so that every
 * process of a node counts into it.  The caller serialises calls (a
 * process-shared mutex in httpd); this file only keeps the books.  A subject
 * that finds no free slot is let through uncounted (the table fails open
 * rather than refusing an unrelated client).
 */
#ifndef FB_SHARETAB_H
#define FB_SHARETAB_H

#include <apr.h>
#include <apr_time.h>

/* What is held.  A class is one kind of unit with its own limit. */
typedef enum {
    FB_SHARE_WORKERS,       /* a request in flight (its worker thread) */
    FB_SHARE_EXPENSIVE,     /* a full-text or filtered search running */
    FB_SHARE_UPLOADS,       /* a multipart body being received */
    FB_SHARE_DATABASE,      /* a request using the database */
    FB_SHARE_CLASSES
} fb_share_class_e;

/* A subject's name as server-status shows it. */
#define FB_SHARE_LABEL_LEN 32

typedef struct fb_sharetab fb_sharetab_t;

/* Bytes needed for a table of nslots slots (a power of two). */
apr_size_t fb_sharetab_size(apr_uint32_t nslots);

/* Lays a fresh table over mem (of fb_sharetab_size(nslots) bytes). */
fb_sharetab_t *fb_sharetab_init(void *mem, apr_uint32_t nslots);

/*
 * How much of a class one subject may hold.  With fixed non-zero, that
 * many.  Otherwise a share of pool: pool divided among the subjects that
 * hold any of the class (the asking one included), but never less than
 * floor.  A share is work-conserving: one subject alone may hold all of
 * pool, and it is cut down only as others come to hold some.
 *
 * With total non-zero, the whole table holds at most total units of the
 * class, whoever holds them; a unit given back then goes to the fairest
 * of the subjects waiting for one (fb_sharetab_wait).
 *
 * With linger non-zero, the subjects among which pool is divided are
 * those that asked for a unit within linger, not only those holding one
 * now: a subject whose requests are short and spaced holds nothing most
 * of the time, and its share must be there when its next one comes.
 * With alone, a subject that is the only one to have asked holds
 * without limit (a share that exists only while others are served).
 */
typedef struct {
    apr_uint32_t fixed;
    apr_uint32_t pool;
    apr_uint32_t floor;
    apr_uint32_t total;
    apr_interval_time_t linger;
    int alone;
} fb_share_rule_t;

typedef enum {
    FB_SHARE_TAKEN,         /* counted: give it back when done */
    FB_SHARE_REFUSED,       /* the subject holds its limit already */
    FB_SHARE_BUSY,          /* the table holds the rule's total, or a
                             * waiting subject is due the next unit */
    FB_SHARE_UNCOUNTED      /* no slot free: let through, give nothing */
} fb_share_outcome_e;

typedef struct {
    fb_share_outcome_e outcome;
    apr_uint32_t held;      /* what the subject held before asking */
    apr_uint32_t limit;     /* what it may hold now */
} fb_share_result_t;

/* The limit rule gives a subject holding held of a class in which
 * holders subjects (itself included) hold any. */
apr_uint32_t fb_share_limit(const fb_share_rule_t *rule,
                            apr_uint32_t holders);

/*
 * Takes one unit of cls for subject (a fingerprint, never 0) if the rule
 * allows it at now (read only by a rule with a linger), and fills *out.
 * label names the subject in status pages (cut to FB_SHARE_LABEL_LEN - 1
 * bytes).
 */
void fb_sharetab_take(fb_sharetab_t *t, apr_uint64_t subject,
                      const char *label, fb_share_class_e cls,
                      const fb_share_rule_t *rule, apr_time_t now,
                      fb_share_result_t *out);

/*
 * Marks subject as waiting for a unit of cls (on) or as no longer
 * waiting (off; once for every on).  Under a rule's total, a unit goes
 * to the subject holding fewest among those waiting and the taker, then
 * to the one that took its last unit longest ago: another subject's
 * queue of waiters cannot keep a subject waiting behind all of it.
 * Returns 0 when no slot is free (the subject then waits unmarked).
 */
int fb_sharetab_wait(fb_sharetab_t *t, apr_uint64_t subject,
                     const char *label, fb_share_class_e cls, int on);

/* Gives back one unit of cls taken by subject (FB_SHARE_TAKEN). */
void fb_sharetab_give(fb_sharetab_t *t, apr_uint64_t subject,
                      fb_share_class_e cls);

/* What subject holds of cls now (0 when it has no slot). */
apr_uint32_t fb_sharetab_held(const fb_sharetab_t *t, apr_uint64_t subject,
                              fb_share_class_e cls);

/* Units of cls held in all, by how many subjects, and how many subjects
 * wait for one. */
apr_uint32_t fb_sharetab_total(const fb_sharetab_t *t, fb_share_class_e cls);
apr_uint32_t fb_sharetab_holders(const fb_sharetab_t *t,
                                 fb_share_class_e cls);
apr_uint32_t fb_sharetab_waiters(const fb_sharetab_t *t,
                                 fb_share_class_e cls);

/* Counts a refusal of cls: the caller answered one that was
 * FB_SHARE_REFUSED (and did not try again). */
void fb_sharetab_refuse(fb_sharetab_t *t, fb_share_class_e cls);

/* Refusals of cls since the table was laid (for server-status). */
apr_uint64_t fb_sharetab_refused(const fb_sharetab_t *t,
                                 fb_share_class_e cls);

/* One subject as server-status lists it. */
typedef struct {
    char label[FB_SHARE_LABEL_LEN];
    apr_uint32_t held[FB_SHARE_CLASSES];
} fb_share_holding_t;

/*
 * Copies up to max subjects holding anything into out, those holding the
 * most workers first; returns how many.
 */
int fb_sharetab_top(const fb_sharetab_t *t, fb_share_holding_t *out,
                    int max);

#endif
