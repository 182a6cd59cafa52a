/*
 * fz.h: what the fuzz targets of t/fuzz share.
 *
 * Each target (fuzz_<thing>.c) defines LLVMFuzzerTestOneInput and runs
 * one parser of modules/core on the input in a fresh pool, as a request
 * would.  fz_pool.c makes every allocation of such a pool a separate
 * malloc, so AddressSanitizer sees the end of each one (APR would carve
 * them out of 8 KB blocks, where an overflow stays invisible).
 */
#ifndef FZ_H
#define FZ_H

#include <stddef.h>
#include <stdint.h>

#include <apr_pools.h>

/* A pool for one input; APR is initialised on the first call. */
apr_pool_t *fz_pool_begin(void);

/* Destroys the input's pool, which frees all that was allocated in it. */
void fz_pool_end(apr_pool_t *p);

/*
 * The input copied into p with a NUL added: size + 1 bytes exactly, so a
 * read past the end is caught.  Text functions stop at the first NUL of
 * the input, as they would with a request's strings.
 */
char *fz_string(apr_pool_t *p, const uint8_t *data, size_t size);

/*
 * The input copied into p without a NUL, for functions taking a length:
 * a read of even one byte past the end is caught.
 */
const char *fz_bytes(apr_pool_t *p, const uint8_t *data, size_t size);

/*
 * Ends the run with a message on stderr when a property of the code under
 * test does not hold (libFuzzer then keeps the input as a crash).
 */
void fz_fail(const char *what, const char *detail);

#endif
