/*
 * fz_pool: APR pool allocations made visible to AddressSanitizer.
 *
 * APR hands out pool memory from blocks of 8 KB or more, so a write past
 * the end of a 10-byte apr_palloc() lands in the same block and no
 * sanitizer notices it.  In the fuzz programs only, this file takes the
 * place of apr_palloc() (and of the apr_pcalloc() function some libraries
 * call): each allocation is its own malloc(), remembered with the pool it
 * belongs to, and freed when that pool or one of its ancestors is cleared
 * or destroyed.  Overflows then hit a red zone, and a use after the pool
 * is gone is a use after free.
 *
 * The functions of the executable take precedence over libapr's, for
 * libapr's own calls too (they go through its PLT), so pools and their
 * children are followed by wrapping apr_pool_create_ex, apr_pool_clear
 * and apr_pool_destroy, which call the real ones found with dlsym().  The
 * fuzz programs run one thread: the registry has no lock.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE     /* RTLD_NEXT */
#endif
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <apr_pools.h>

/* One allocation: its memory, and the next one of the same pool. */
typedef struct fz_block {
    struct fz_block *next;
    void *mem;
} fz_block_t;

/* A pool seen by this file, its parent (NULL: unknown) and allocations. */
typedef struct {
    apr_pool_t *pool;
    apr_pool_t *parent;
    fz_block_t *blocks;
    int doomed;             /* being freed with an ancestor */
} fz_record_t;

static fz_record_t *fz_records;
static size_t fz_nrecords, fz_caprecords;

static void *fz_real(const char *name)
{
    void *fn = dlsym(RTLD_NEXT, name);

    if (fn == NULL) {
        fprintf(stderr, "fz_pool: no %s in libapr\n", name);
        abort();
    }
    return fn;
}

/* The record of pool, made when missing.  Recent pools are at the end. */
static fz_record_t *fz_record(apr_pool_t *pool)
{
    size_t i;

    for (i = fz_nrecords; i > 0; i--) {
        if (fz_records[i - 1].pool == pool) {
            return &fz_records[i - 1];
        }
    }
    if (fz_nrecords == fz_caprecords) {
        fz_caprecords = fz_caprecords * 2 + 16;
        fz_records = realloc(fz_records,
                             fz_caprecords * sizeof(*fz_records));
        if (fz_records == NULL) {
            abort();
        }
    }
    fz_records[fz_nrecords].pool = pool;
    fz_records[fz_nrecords].parent = NULL;
    fz_records[fz_nrecords].blocks = NULL;
    fz_records[fz_nrecords].doomed = 0;
    return &fz_records[fz_nrecords++];
}

static void fz_free_blocks(fz_record_t *r)
{
    while (r->blocks != NULL) {
        fz_block_t *b = r->blocks;

        r->blocks = b->next;
        free(b->mem);
        free(b);
    }
}

/*
 * Frees the allocations of pool's descendants and forgets them (APR has
 * destroyed them, some through a call this file does not see), and those
 * of pool itself, which is forgotten too unless keep is set.
 */
static void fz_release(apr_pool_t *pool, int keep)
{
    size_t i, kept;
    int grew = 1;

    for (i = 0; i < fz_nrecords; i++) {
        fz_records[i].doomed = fz_records[i].pool == pool;
    }
    /* Every record whose parent is doomed is doomed, to a fixed point. */
    while (grew) {
        grew = 0;
        for (i = 0; i < fz_nrecords; i++) {
            size_t j;

            if (fz_records[i].doomed || fz_records[i].parent == NULL) {
                continue;
            }
            for (j = 0; j < fz_nrecords; j++) {
                if (fz_records[j].doomed
                    && fz_records[j].pool == fz_records[i].parent) {
                    fz_records[i].doomed = grew = 1;
                    break;
                }
            }
        }
    }
    for (i = kept = 0; i < fz_nrecords; i++) {
        if (fz_records[i].doomed) {
            fz_free_blocks(&fz_records[i]);
            if (keep && fz_records[i].pool == pool) {
                fz_records[i].doomed = 0;
                fz_records[kept++] = fz_records[i];
            }
        }
        else {
            fz_records[kept++] = fz_records[i];
        }
    }
    fz_nrecords = kept;
}

void *apr_palloc(apr_pool_t *p, apr_size_t size)
{
    fz_record_t *r = fz_record(p);
    fz_block_t *b = malloc(sizeof(*b));

    if (b == NULL || (b->mem = malloc(size > 0 ? size : 1)) == NULL) {
        abort();
    }
    b->next = r->blocks;
    r->blocks = b;
    return b->mem;
}

#undef apr_pcalloc
void *apr_pcalloc(apr_pool_t *p, apr_size_t size);
void *apr_pcalloc(apr_pool_t *p, apr_size_t size)
{
    return memset(apr_palloc(p, size), 0, size);
}

apr_status_t apr_pool_create_ex(apr_pool_t **newpool, apr_pool_t *parent,
                                apr_abortfunc_t abort_fn,
                                apr_allocator_t *allocator)
{
    static apr_status_t (*real)(apr_pool_t **, apr_pool_t *,
                                apr_abortfunc_t, apr_allocator_t *);
    apr_status_t rv;
    fz_record_t *r;

    if (real == NULL) {
        real = fz_real("apr_pool_create_ex");
    }
    rv = real(newpool, parent, abort_fn, allocator);
    if (rv == APR_SUCCESS) {
        /* A record left by a pool that had this address is stale. */
        r = fz_record(*newpool);
        fz_free_blocks(r);
        r->parent = parent;
    }
    return rv;
}

void apr_pool_clear(apr_pool_t *p)
{
    static void (*real)(apr_pool_t *);

    if (real == NULL) {
        real = fz_real("apr_pool_clear");
    }
    /* Cleanups may read the pool's memory: free it afterwards. */
    real(p);
    fz_release(p, 1);
}

void apr_pool_destroy(apr_pool_t *p)
{
    static void (*real)(apr_pool_t *);

    if (real == NULL) {
        real = fz_real("apr_pool_destroy");
    }
    real(p);
    fz_release(p, 0);
}
