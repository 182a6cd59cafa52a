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

#define FBLOGNO(n) "FB" #n ": "

#endif
