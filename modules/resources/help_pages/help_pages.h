/*
 * help_pages: the public help center, the pages anonymous readers visit
 * (an extension: the hosted product serves them itself).
 *
 * Served by `SetHandler feedback-help-center` without an API key, for the
 * help center whose external domain is the request's host, or at an
 * organization's portal URL under the help center's subpath
 * (FeedbackHelpCenterHosts says which a virtual host serves; see
 * docs/directives.md).  A private help center, a draft, an article not
 * published in the locale asked for and another organization's content
 * are all the same 404 page.
 *
 *   help_pages.c    the handler: which help center, which page, the
 *                   statements, the page cache, the headers (CSP, ETag,
 *                   304, Cache-Control), redirects
 *   help_render.c   the HTML of each page, written with core's fb_htmlw
 *                   (one home for escaping), the stylesheet
 *
 * URLs, as the API writes them (sql/038):
 *   external  https://<externalDomain>/<locale>/
 *             .../<locale>/collections/<slug>, .../<locale>/articles/<slug>,
 *             .../<locale>/search?q=, /sitemap.xml, /robots.txt
 *   portal    <portal URL>/<subpath>/<locale>/... the same below it,
 *             <portal URL>/<subpath>/sitemap.xml
 */
#ifndef HELP_PAGES_H
#define HELP_PAGES_H

#include "httpd.h"

#include <apr_tables.h>

#include "fb_db.h"
#include "fb_htmlw.h"

/* The handler's name (SetHandler). */
#define FB_HELP_HANDLER "feedback-help-center"

/* A help center's texts in one locale. */
typedef struct {
    const char *locale;
    const char *display_name;
    const char *title;
    const char *description;
    const char *search_placeholder;
    const char *nav_items;          /* JSON: [{type, title, url, icon}] */
} fb_hp_texts_t;

/* The help center a request is for, and where its pages live. */
typedef struct {
    const char *org;
    const char *id;
    int is_public;
    int hide_author;
    int hide_date;
    const char *default_locale;
    apr_array_header_t *locales;    /* const char *: available */
    apr_array_header_t *texts;      /* fb_hp_texts_t, per locale */
    const char *external_domain;    /* or NULL */
    const char *base;               /* the path the pages start at:
                                     * "" (external), or the portal URL's
                                     * path and "/<subpath>" */
    const char *canonical;          /* absolute URL of base as search
                                     * engines should know it: the
                                     * external domain's when there is
                                     * one, else the portal's */
} fb_hp_site_t;

/* One link of a list: a collection or an article. */
typedef struct {
    const char *id;
    const char *title;
    const char *description;
    const char *slug;
    const char *icon_type;          /* emoji, predefined, or NULL */
    const char *icon_value;
    const char *count;              /* collections: live articles */
    const char *snippet;            /* search: \001-\002 marked text */
} fb_hp_link_t;

/* The page being rendered. */
typedef struct {
    request_rec *r;
    apr_pool_t *pool;
    const fb_hp_site_t *site;
    const char *locale;
    const fb_hp_texts_t *texts;     /* the locale's, or the default's */
    const char *title;              /* of the page (<title>, <h1>) */
    const char *description;        /* <meta name=description>, or NULL */
    const char *canonical;          /* absolute URL, or NULL */
    int noindex;                    /* search results, 404: robots keep
                                     * out */
    const char *path_kind;          /* "articles", "collections", "" */
    /* The page in each locale it exists in: locale -> slug (NULL table:
     * the home or search page, which exist in every available locale). */
    apr_table_t *alternates;
    apr_array_header_t *trail;      /* fb_hp_link_t: breadcrumbs above */
} fb_hp_page_t;

/* An article's page. */
typedef struct {
    const char *title;
    const char *body;               /* sanitized HTML (fb_html.h) */
    const char *updated;            /* YYYY-MM-DD, or NULL */
    const char *author;             /* or NULL */
    const fb_hp_link_t *prev;       /* in its collection, or NULL */
    const fb_hp_link_t *next;
} fb_hp_article_t;

/* The path of the locale's home, and of a page below it
 * (kind "articles" or "collections"). */
const char *fb_hp_home_path(apr_pool_t *p, const fb_hp_site_t *site,
                            const char *locale);
const char *fb_hp_path(apr_pool_t *p, const fb_hp_site_t *site,
                       const char *locale, const char *kind,
                       const char *slug);

/* The pages (help_render.c): each returns the finished document, or NULL
 * when the writer refused it (a bug: fb_htmlw_finish). */
const char *fb_hp_render_home(fb_hp_page_t *pg,
                              const apr_array_header_t *collections,
                              const apr_array_header_t *articles);
const char *fb_hp_render_collection(fb_hp_page_t *pg,
                                    const fb_hp_link_t *collection,
                                    const apr_array_header_t *children,
                                    const apr_array_header_t *articles);
const char *fb_hp_render_article(fb_hp_page_t *pg,
                                 const fb_hp_article_t *article);
/* Search results, with the links to the next page (next) and back to
 * the first (first), either NULL when there is none. */
const char *fb_hp_render_search(fb_hp_page_t *pg, const char *query,
                                const apr_array_header_t *results,
                                const char *next, const char *first);
/* A page of a title and a sentence, of no help center (an unknown
 * address, a reader over the rate limit). */
const char *fb_hp_render_notice(apr_pool_t *p, const char *title,
                                const char *text);
/* The 404 page; site may be NULL (no help center at this address). */
const char *fb_hp_render_missing(apr_pool_t *p, request_rec *r,
                                 const fb_hp_site_t *site,
                                 const char *locale);

/* The Content-Security-Policy every page is sent with: nothing may run,
 * the stylesheet is the page's own (its hash), images only from this
 * server and https.  Made once, at start-up (fb_hp_init). */
const char *fb_hp_csp(void);

/* Computes what every page shares (the stylesheet's hash), in p. */
void fb_hp_render_init(apr_pool_t *p);

/* The hooks (mod_feedback.c): the handler, what post_config makes once,
 * each child's page cache. */
int fb_help_pages_handler(request_rec *r);
void fb_help_pages_post_config(apr_pool_t *pconf);
void fb_help_pages_child_init(apr_pool_t *pchild);

/* The statements (modules/fb_registry.c). */
extern const fb_statement_t *const fb_help_pages_statements[];

#endif
