/*
 * fb_log: the module's own message numbers.
 *
 * Every message the module writes to the error log starts with
 * FBLOGNO(nnnnn), so operators and tests can name it.  Numbers are never
 * reused; docs/operator.md lists them.  (httpd's AH numbers belong to
 * httpd itself.)
 */
#ifndef FB_LOG_H
#define FB_LOG_H

#include "http_log.h"

#define FBLOGNO(n) "FB" #n ": "

/* Every file that logs is the module's: its lines say [feedback:...] and
 * follow "LogLevel feedback:...".  (mod_feedback.c's AP_DECLARE_MODULE
 * says so itself.) */
#ifndef FB_MODULE_MAIN
APLOG_USE_MODULE(feedback);
#endif

#endif
