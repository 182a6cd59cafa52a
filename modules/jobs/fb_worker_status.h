/*
 * fb_worker_status: the jobs' part of server-status: each job's queue in
 * the database (every node's), what this node's workers did with it since
 * the start, and when each job and sweep last ran.
 */
#ifndef FB_WORKER_STATUS_H
#define FB_WORKER_STATUS_H

#include "httpd.h"

/* Writes the jobs' part to r, as HTML or (AP_STATUS_SHORT) as lines. */
void fb_worker_status(request_rec *r, int flags);

#endif
