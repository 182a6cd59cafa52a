/*
 * help_render: the HTML of the public help center's pages.
 *
 * Every byte of markup is written through core's fb_htmlw, which escapes
 * text and attribute values; stored article bodies are the sanitizer's
 * output (fb_html.h) and go in as they are.  The pages need no
 * JavaScript: the search is a GET form, the language switch links.  The
 * stylesheet is inline, allowed by its hash in the Content-Security-
 * Policy, so a page is one request.
 */
#include <stdlib.h>
#include <string.h>

#include "apr_base64.h"
#include "apr_escape.h"
#include "apr_strings.h"

#include "fb_crypto.h"
#include "fb_json.h"
#include "help_pages.h"

/* Small, system fonts, one column that fits a phone, readable contrast
 * (axe-core's checks), a visible focus. */
static const char fb_hp_css[] =
    ":root{color-scheme:light;--fg:#1f2328;--muted:#57606a;--line:#d0d7de;"
    "--accent:#0b57d0;--bg:#fff;--soft:#f6f8fa}"
    "*{box-sizing:border-box}"
    "body{margin:0;font:16px/1.6 system-ui,-apple-system,'Segoe UI',"
    "Roboto,sans-serif;color:var(--fg);background:var(--bg)}"
    "a{color:var(--accent)}a:focus-visible,button:focus-visible,"
    "input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}"
    ".wrap{max-width:48rem;margin:0 auto;padding:0 1rem}"
    "header.top{background:var(--soft);border-bottom:1px solid var(--line);"
    "padding:1rem 0}"
    ".bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;"
    "justify-content:space-between}"
    ".brand{font-weight:700;font-size:1.15rem;text-decoration:none;"
    "color:var(--fg)}"
    ".langs,.links{list-style:none;margin:0;padding:0;display:flex;"
    "flex-wrap:wrap;gap:.75rem}"
    ".links{margin-right:auto}"
    ".links a.button{padding:.25rem .75rem;border:1px solid var(--accent);"
    "border-radius:6px;text-decoration:none}"
    ".langs a[aria-current]{font-weight:700;color:var(--fg);"
    "text-decoration:none}"
    "form.search{display:flex;gap:.5rem;margin-top:.75rem}"
    "form.search input{flex:1;min-width:0;font:inherit;padding:.5rem .75rem;"
    "border:1px solid var(--muted);border-radius:6px}"
    "form.search button{font:inherit;padding:.5rem 1rem;border:0;"
    "border-radius:6px;background:var(--accent);color:#fff}"
    ".sr{position:absolute;width:1px;height:1px;overflow:hidden;"
    "clip:rect(0 0 0 0);white-space:nowrap}"
    "main{padding:1.5rem 1rem 3rem}"
    "h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}"
    ".lead{color:var(--muted);margin-top:-.5rem}"
    ".crumbs{list-style:none;padding:0;margin:0;display:flex;"
    "flex-wrap:wrap;gap:.25rem;font-size:.9rem;color:var(--muted)}"
    ".crumbs li+li:before{content:'/';margin-right:.25rem}"
    ".cards{list-style:none;padding:0;display:grid;gap:.75rem;"
    "grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}"
    ".cards a{display:block;height:100%;padding:1rem;border:1px solid "
    "var(--line);border-radius:8px;text-decoration:none;color:var(--fg)}"
    ".cards a:hover{border-color:var(--accent)}"
    ".cards .icon{font-size:1.5rem;display:block}"
    "svg.icon{width:1.5rem;height:1.5rem;color:var(--accent);"
    "vertical-align:-.25rem}"
    ".cards svg.icon{display:block;margin:.375rem 0}"
    "h1 svg.icon{width:1.75rem;height:1.75rem;margin-right:.5rem}"
    ".heading-icon{margin-right:.5rem}"
    ".cards strong{display:block;color:var(--accent)}"
    ".cards span.meta,.meta{color:var(--muted);font-size:.9rem}"
    ".list{list-style:none;padding:0}"
    ".list li{padding:.75rem 0;border-bottom:1px solid var(--line)}"
    ".list p{margin:.25rem 0 0;color:var(--muted)}"
    "mark{background:#fff3b0;color:inherit}"
    "article img{max-width:100%;height:auto}"
    "article pre{overflow-x:auto;background:var(--soft);padding:.75rem}"
    "article table{border-collapse:collapse;display:block;overflow-x:auto}"
    "article td,article th{border:1px solid var(--line);padding:.25rem .5rem}"
    ".pager{display:flex;justify-content:space-between;gap:1rem;"
    "margin-top:2rem;padding-top:1rem;border-top:1px solid var(--line)}"
    "footer{color:var(--muted);font-size:.85rem;padding:2rem 1rem}";

static const char *fb_hp_csp_value;

void fb_hp_render_init(apr_pool_t *p)
{
    unsigned char digest[FB_SHA256_LEN];
    char *b64 = apr_palloc(p, apr_base64_encode_len(FB_SHA256_LEN));

    fb_sha256(fb_hp_css, sizeof(fb_hp_css) - 1, digest);
    apr_base64_encode(b64, (const char *)digest, FB_SHA256_LEN);
    fb_hp_csp_value = apr_pstrcat(
        p, "default-src 'none'; style-src 'sha256-", b64, "'; "
        "img-src 'self' https:; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'", NULL);
}

const char *fb_hp_csp(void)
{
    return fb_hp_csp_value;
}

/* The reference's 42 locales, each named in its own language (the
 * language switch), and written right to left: none of them. */
static const struct {
    const char *locale;
    const char *name;
} fb_hp_locale_names[] = {
    {.locale = "bn", .name = "\xe0\xa6\xac\xe0\xa6\xbe\xe0\xa6\x82\xe0\xa6"
                             "\xb2\xe0\xa6\xbe"},
    {.locale = "bs", .name = "Bosanski"},
    {.locale = "pt-BR", .name = "Portugu\xc3\xaas (Brasil)"},
    {.locale = "bg", .name = "\xd0\x91\xd1\x8a\xd0\xbb\xd0\xb3\xd0\xb0\xd1"
                             "\x80\xd1\x81\xd0\xba\xd0\xb8"},
    {.locale = "ca", .name = "Catal\xc3\xa0"},
    {.locale = "hr", .name = "Hrvatski"},
    {.locale = "cs", .name = "\xc4\x8c" "e\xc5\xa1tina"},
    {.locale = "da", .name = "Dansk"},
    {.locale = "nl", .name = "Nederlands"},
    {.locale = "en", .name = "English"},
    {.locale = "et", .name = "Eesti"},
    {.locale = "fi", .name = "Suomi"},
    {.locale = "fr", .name = "Fran\xc3\xa7" "ais"},
    {.locale = "de", .name = "Deutsch"},
    {.locale = "el", .name = "\xce\x95\xce\xbb\xce\xbb\xce\xb7\xce\xbd\xce"
                             "\xb9\xce\xba\xce\xac"},
    {.locale = "hi", .name = "\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\x82\xe0\xa4"
                             "\xa6\xe0\xa5\x80"},
    {.locale = "hu", .name = "Magyar"},
    {.locale = "id", .name = "Bahasa Indonesia"},
    {.locale = "it", .name = "Italiano"},
    {.locale = "ja", .name = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e"},
    {.locale = "ko", .name = "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4"},
    {.locale = "lv", .name = "Latvie\xc5\xa1u"},
    {.locale = "lt", .name = "Lietuvi\xc5\xb3"},
    {.locale = "ms", .name = "Bahasa Melayu"},
    {.locale = "mn", .name = "\xd0\x9c\xd0\xbe\xd0\xbd\xd0\xb3\xd0\xbe\xd0"
                             "\xbb"},
    {.locale = "nb", .name = "Norsk bokm\xc3\xa5l"},
    {.locale = "pl", .name = "Polski"},
    {.locale = "pt", .name = "Portugu\xc3\xaas"},
    {.locale = "ro", .name = "Rom\xc3\xa2n\xc4\x83"},
    {.locale = "ru", .name = "\xd0\xa0\xd1\x83\xd1\x81\xd1\x81\xd0\xba\xd0"
                             "\xb8\xd0\xb9"},
    {.locale = "sr", .name = "\xd0\xa1\xd1\x80\xd0\xbf\xd1\x81\xd0\xba\xd0"
                             "\xb8"},
    {.locale = "zh-CN", .name = "\xe7\xae\x80\xe4\xbd\x93\xe4\xb8\xad\xe6"
                                "\x96\x87"},
    {.locale = "sk", .name = "Sloven\xc4\x8dina"},
    {.locale = "sl", .name = "Sloven\xc5\xa1\xc4\x8dina"},
    {.locale = "es", .name = "Espa\xc3\xb1ol"},
    {.locale = "sw", .name = "Kiswahili"},
    {.locale = "sv", .name = "Svenska"},
    {.locale = "th", .name = "\xe0\xb9\x84\xe0\xb8\x97\xe0\xb8\xa2"},
    {.locale = "zh-TW", .name = "\xe7\xb9\x81\xe9\xab\x94\xe4\xb8\xad\xe6"
                                "\x96\x87"},
    {.locale = "tr", .name = "T\xc3\xbcrk\xc3\xa7" "e"},
    {.locale = "uk", .name = "\xd0\xa3\xd0\xba\xd1\x80\xd0\xb0\xd1\x97\xd0"
                             "\xbd\xd1\x81\xd1\x8c\xd0\xba\xd0\xb0"},
    {.locale = "vi", .name = "Ti\xe1\xba\xbfng Vi\xe1\xbb\x87t"},
};

static const char *fb_hp_locale_name(const char *locale)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_hp_locale_names) / sizeof(fb_hp_locale_names[0]);
         i++) {
        if (strcmp(fb_hp_locale_names[i].locale, locale) == 0) {
            return fb_hp_locale_names[i].name;
        }
    }
    return locale;
}

/*
 * The pages' own words, per locale (the help center's texts are its
 * own).  A locale without a row reads English; adding one is a row.
 */
typedef struct {
    const char *locale;
    const char *search;             /* the button and the label */
    const char *home;               /* the first breadcrumb */
    const char *article_one;        /* after a count */
    const char *article_many;
    const char *articles;           /* a heading */
    const char *collections;        /* a heading (for screen readers) */
    const char *by;                 /* before the author */
    const char *updated;            /* before the date */
    const char *no_articles;
    const char *search_prompt;
    const char *no_results;
    const char *result_one;         /* after a count */
    const char *result_many;
    const char *results_for;        /* the search page's title */
    const char *not_found;
    const char *not_found_text;
    const char *go_home;            /* the 404 page's link */
    const char *or_search;
    const char *language;           /* landmarks' labels */
    const char *breadcrumb;
    const char *links;
    const char *more;
    const char *next_results;       /* search's keyset links */
    const char *first_results;
    const char *results_pages;      /* their landmark's label */
} fb_hp_words_t;

static const fb_hp_words_t fb_hp_words[] = {
    {.locale = "en", .search = "Search", .home = "Home",
     .article_one = "article", .article_many = "articles",
     .articles = "Articles", .collections = "Collections", .by = "By",
     .updated = "Updated", .no_articles = "No articles yet.",
     .search_prompt = "Type a few words to search the articles.",
     .no_results = "No article matches your search.",
     .result_one = "result", .result_many = "results",
     .results_for = "Search results for", .not_found = "Page not found",
     .not_found_text = "This page does not exist or is no longer "
                       "published.",
     .go_home = "Go to the help center's home", .or_search = "or search "
     "above.", .language = "Language", .breadcrumb = "Breadcrumb",
     .links = "Links", .more = "More in this collection",
     .next_results = "More results", .first_results = "First results",
     .results_pages = "Result pages"},
    {.locale = "de", .search = "Suchen", .home = "Startseite",
     .article_one = "Artikel", .article_many = "Artikel",
     .articles = "Artikel", .collections = "Sammlungen", .by = "Von",
     .updated = "Aktualisiert", .no_articles = "Noch keine Artikel.",
     .search_prompt = "Geben Sie ein paar W\xc3\xb6rter ein, um die "
                      "Artikel zu durchsuchen.",
     .no_results = "Kein Artikel passt zu Ihrer Suche.",
     .result_one = "Ergebnis", .result_many = "Ergebnisse",
     .results_for = "Suchergebnisse f\xc3\xbcr",
     .not_found = "Seite nicht gefunden",
     .not_found_text = "Diese Seite gibt es nicht, oder sie ist nicht "
                       "mehr ver\xc3\xb6" "ffentlicht.",
     .go_home = "Zur Startseite des Hilfezentrums",
     .or_search = "oder oben suchen.", .language = "Sprache",
     .breadcrumb = "Pfad", .links = "Links",
     .more = "Mehr in dieser Sammlung",
     .next_results = "Weitere Ergebnisse",
     .first_results = "Erste Ergebnisse",
     .results_pages = "Ergebnisseiten"},
    {.locale = "fr", .search = "Rechercher", .home = "Accueil",
     .article_one = "article", .article_many = "articles",
     .articles = "Articles", .collections = "Collections", .by = "Par",
     .updated = "Mis \xc3\xa0 jour",
     .no_articles = "Pas encore d\xe2\x80\x99" "articles.",
     .search_prompt = "Saisissez quelques mots pour rechercher dans les "
          "articles.",
     .no_results = "Aucun article ne correspond \xc3\xa0 votre recherche.",
     .result_one = "r\xc3\xa9sultat", .result_many = "r\xc3\xa9sultats",
     .results_for = "R\xc3\xa9sultats de recherche pour",
     .not_found = "Page introuvable",
     .not_found_text = "Cette page n\xe2\x80\x99" "existe pas ou "
          "n\xe2\x80\x99" "est plus publi\xc3\xa9" "e.",
     .go_home = "Aller \xc3\xa0 l\xe2\x80\x99" "accueil du centre "
          "d\xe2\x80\x99" "aide", .or_search = "ou recherchez ci-dessus.",
     .language = "Langue", .breadcrumb = "Fil d\xe2\x80\x99" "Ariane",
     .links = "Liens", .more = "Plus dans cette collection",
     .next_results = "Plus de r\xc3\xa9sultats",
     .first_results = "Premiers r\xc3\xa9sultats",
     .results_pages = "Pages de r\xc3\xa9sultats"},
    {.locale = "es", .search = "Buscar", .home = "Inicio",
     .article_one = "art\xc3\xad" "culo",
     .article_many = "art\xc3\xad" "culos", .articles = "Art\xc3\xad" "culos",
     .collections = "Colecciones", .by = "Por", .updated = "Actualizado",
     .no_articles = "A\xc3\xban no hay art\xc3\xad" "culos.",
     .search_prompt = "Escriba algunas palabras para buscar en los "
          "art\xc3\xad" "culos.",
     .no_results = "Ning\xc3\xban art\xc3\xad" "culo coincide con su "
          "b\xc3\xbasqueda.", .result_one = "resultado",
     .result_many = "resultados",
     .results_for = "Resultados de b\xc3\xbasqueda de",
     .not_found = "P\xc3\xa1gina no encontrada",
     .not_found_text = "Esta p\xc3\xa1gina no existe o ya no est\xc3\xa1 "
          "publicada.", .go_home = "Ir al inicio del centro de ayuda",
     .or_search = "o busque arriba.", .language = "Idioma",
     .breadcrumb = "Ruta de navegaci\xc3\xb3n", .links = "Enlaces",
     .more = "M\xc3\xa1s en esta colecci\xc3\xb3n",
     .next_results = "M\xc3\xa1s resultados",
     .first_results = "Primeros resultados",
     .results_pages = "P\xc3\xa1ginas de resultados"},
    {.locale = "it", .search = "Cerca", .home = "Home",
     .article_one = "articolo", .article_many = "articoli",
     .articles = "Articoli", .collections = "Raccolte", .by = "Di",
     .updated = "Aggiornato", .no_articles = "Ancora nessun articolo.",
     .search_prompt = "Scrivi qualche parola per cercare negli articoli.",
     .no_results = "Nessun articolo corrisponde alla ricerca.",
     .result_one = "risultato", .result_many = "risultati",
     .results_for = "Risultati della ricerca per",
     .not_found = "Pagina non trovata",
     .not_found_text = "Questa pagina non esiste o non \xc3\xa8 pi\xc3\xb9 "
          "pubblicata.", .go_home = "Vai alla home del centro assistenza",
     .or_search = "oppure cerca qui sopra.", .language = "Lingua",
     .breadcrumb = "Percorso", .links = "Link",
     .more = "Altro in questa raccolta", .next_results = "Altri risultati",
     .first_results = "Primi risultati",
     .results_pages = "Pagine dei risultati"},
};

/* The words of locale (English when it has none). */
static const fb_hp_words_t *fb_hp_words_of(const char *locale)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_hp_words) / sizeof(fb_hp_words[0]); i++) {
        if (locale != NULL && strcmp(fb_hp_words[i].locale, locale) == 0) {
            return &fb_hp_words[i];
        }
    }
    return &fb_hp_words[0];
}

/* "3 articles", "1 result": a count and its word. */
static void fb_hp_count(fb_htmlw_t *w, int n, const char *one,
                        const char *many)
{
    fb_htmlw_textf(w, "%d ", n);
    fb_htmlw_text(w, n == 1 ? one : many);
}

const char *fb_hp_home_path(apr_pool_t *p, const fb_hp_site_t *site,
                            const char *locale)
{
    return apr_pstrcat(p, site->base, "/", locale, "/", NULL);
}

const char *fb_hp_path(apr_pool_t *p, const fb_hp_site_t *site,
                       const char *locale, const char *kind,
                       const char *slug)
{
    return apr_pstrcat(p, site->base, "/", locale, "/", kind, "/",
                       apr_pescape_path_segment(p, slug), NULL);
}

/* The path of the page in locale (the alternates' slug when it has
 * one). */
static const char *fb_hp_page_in(const fb_hp_page_t *pg, const char *locale)
{
    const char *slug;

    if (pg->alternates == NULL) {
        return fb_hp_home_path(pg->pool, pg->site, locale);
    }
    slug = apr_table_get(pg->alternates, locale);
    return slug == NULL ? NULL
                        : fb_hp_path(pg->pool, pg->site, locale,
                                     pg->path_kind, slug);
}

/* Non-zero when url may be a navigation item's link: an absolute http or
 * https URL, or a path of this host ("/roadmap", not "//elsewhere").
 * Anything else (javascript:, data:, a relative path) is left out. */
static int fb_hp_nav_url_ok(const char *url)
{
    return strncasecmp(url, "https://", 8) == 0
           || strncasecmp(url, "http://", 7) == 0
           || (url[0] == '/' && url[1] != '/' && url[1] != '\\');
}

/* The help center's navigation items of the locale, as links (a
 * "button" item styled as one); none when they cannot be read. */
static void fb_hp_nav(fb_htmlw_t *w, const fb_hp_page_t *pg)
{
    json_object *items = NULL;
    const char *why;
    size_t i, n;
    int shown = 0;

    if (pg->texts->nav_items == NULL
        || fb_json_parse(pg->pool, pg->texts->nav_items,
                         strlen(pg->texts->nav_items), &items, &why)
           != APR_SUCCESS
        || !json_object_is_type(items, json_type_array)) {
        return;
    }
    n = json_object_array_length(items);
    for (i = 0; i < n; i++) {
        json_object *item = json_object_array_get_idx(items, i);
        const char *title = fb_json_string(item, "title");
        const char *url = fb_json_string(item, "url");
        const char *type = fb_json_string(item, "type");

        if (title == NULL || url == NULL || !fb_hp_nav_url_ok(url)) {
            continue;
        }
        if (shown++ == 0) {
            fb_htmlw_open(w, "nav", FB_HTMLW_ATTRS(
                              {"aria-label",
                               fb_hp_words_of(pg->locale)->links}));
            fb_htmlw_open(w, "ul", FB_HTMLW_ATTRS({"class", "links"}));
        }
        fb_htmlw_open(w, "li", NULL);
        fb_htmlw_element(w, "a", FB_HTMLW_ATTRS(
                             {"href", url},
                             {"class", type != NULL
                                       && strcmp(type, "button") == 0
                                       ? "button" : NULL}),
                         title);
        fb_htmlw_end(w, "li");
    }
    if (shown > 0) {
        fb_htmlw_end(w, "ul");
        fb_htmlw_end(w, "nav");
    }
}

/* <head>, the header (name, language switch, search) and <main>'s
 * start, with the breadcrumbs. */
static void fb_hp_begin(fb_htmlw_t *w, const fb_hp_page_t *pg,
                        const char *query)
{
    const fb_hp_site_t *site = pg->site;
    const char *home = fb_hp_home_path(pg->pool, site, pg->locale);
    const char *name = pg->texts->display_name != NULL
                       ? pg->texts->display_name : pg->texts->title;
    const fb_hp_words_t *words = fb_hp_words_of(pg->locale);
    const char *title;
    int i, shown = 0;

    title = pg->title != NULL && name != NULL
            ? apr_pstrcat(pg->pool, pg->title, " \xe2\x80\x93 ", name, NULL)
            : (pg->title != NULL ? pg->title : name);
    fb_htmlw_literal(w, "<!DOCTYPE html>\n");
    fb_htmlw_open(w, "html", FB_HTMLW_ATTRS({"lang", pg->locale}));
    fb_htmlw_open(w, "head", NULL);
    fb_htmlw_void(w, "meta", FB_HTMLW_ATTRS({"charset", "utf-8"}));
    fb_htmlw_void(w, "meta", FB_HTMLW_ATTRS(
                      {"name", "viewport"},
                      {"content", "width=device-width, initial-scale=1"}));
    fb_htmlw_element(w, "title", NULL, title);
    if (pg->description != NULL && *pg->description) {
        fb_htmlw_void(w, "meta", FB_HTMLW_ATTRS(
                          {"name", "description"},
                          {"content", pg->description}));
    }
    if (pg->noindex) {
        fb_htmlw_void(w, "meta", FB_HTMLW_ATTRS({"name", "robots"},
                                                {"content", "noindex"}));
    }
    if (pg->canonical != NULL) {
        fb_htmlw_void(w, "link", FB_HTMLW_ATTRS({"rel", "canonical"},
                                                {"href", pg->canonical}));
        /* The page in each other locale, absolute as search engines
         * want them. */
        for (i = 0; i < site->locales->nelts; i++) {
            const char *l = APR_ARRAY_IDX(site->locales, i, const char *);
            const char *path = fb_hp_page_in(pg, l);

            if (path != NULL) {
                fb_htmlw_void(w, "link", FB_HTMLW_ATTRS(
                    {"rel", "alternate"}, {"hreflang", l},
                    {"href", apr_pstrcat(pg->pool, site->canonical,
                                         path + strlen(site->base), NULL)}));
            }
        }
    }
    fb_htmlw_open(w, "style", NULL);
    fb_htmlw_literal(w, fb_hp_css);
    fb_htmlw_end(w, "style");
    fb_htmlw_end(w, "head");

    fb_htmlw_open(w, "body", NULL);
    fb_htmlw_open(w, "header", FB_HTMLW_ATTRS({"class", "top"}));
    fb_htmlw_open(w, "div", FB_HTMLW_ATTRS({"class", "wrap"}));
    fb_htmlw_open(w, "div", FB_HTMLW_ATTRS({"class", "bar"}));
    fb_htmlw_element(w, "a", FB_HTMLW_ATTRS({"class", "brand"},
                                            {"href", home}), name);
    fb_hp_nav(w, pg);
    /* The language switch: the same page in each locale it exists in. */
    for (i = 0; i < site->locales->nelts; i++) {
        const char *l = APR_ARRAY_IDX(site->locales, i, const char *);
        const char *path = fb_hp_page_in(pg, l);

        if (path == NULL) {
            continue;
        }
        if (shown++ == 0) {
            fb_htmlw_open(w, "nav", FB_HTMLW_ATTRS({"aria-label",
                                                    words->language}));
            fb_htmlw_open(w, "ul", FB_HTMLW_ATTRS({"class", "langs"}));
        }
        fb_htmlw_open(w, "li", NULL);
        fb_htmlw_element(w, "a", FB_HTMLW_ATTRS(
                             {"href", path}, {"hreflang", l}, {"lang", l},
                             {"aria-current", strcmp(l, pg->locale) == 0
                                              ? "true" : NULL}),
                         fb_hp_locale_name(l));
        fb_htmlw_end(w, "li");
    }
    if (shown > 0) {
        fb_htmlw_end(w, "ul");
        fb_htmlw_end(w, "nav");
    }
    fb_htmlw_end(w, "div");
    fb_htmlw_open(w, "form", FB_HTMLW_ATTRS(
                      {"class", "search"}, {"role", "search"},
                      {"method", "get"},
                      {"action", apr_pstrcat(pg->pool, home, "search",
                                             NULL)}));
    fb_htmlw_element(w, "label", FB_HTMLW_ATTRS({"for", "q"},
                                                {"class", "sr"}),
                     words->search);
    fb_htmlw_void(w, "input", FB_HTMLW_ATTRS(
                      {"id", "q"}, {"type", "search"}, {"name", "q"},
                      {"value", query},
                      {"placeholder", pg->texts->search_placeholder}));
    fb_htmlw_element(w, "button", FB_HTMLW_ATTRS({"type", "submit"}),
                     words->search);
    fb_htmlw_end(w, "form");
    fb_htmlw_end(w, "div");
    fb_htmlw_end(w, "header");

    fb_htmlw_open(w, "main", FB_HTMLW_ATTRS({"class", "wrap"}));
    if (pg->trail != NULL) {
        fb_htmlw_open(w, "nav", FB_HTMLW_ATTRS({"aria-label",
                                                words->breadcrumb}));
        fb_htmlw_open(w, "ol", FB_HTMLW_ATTRS({"class", "crumbs"}));
        fb_htmlw_open(w, "li", NULL);
        fb_htmlw_element(w, "a", FB_HTMLW_ATTRS({"href", home}),
                         words->home);
        fb_htmlw_end(w, "li");
        for (i = 0; i < pg->trail->nelts; i++) {
            const fb_hp_link_t *c = &APR_ARRAY_IDX(pg->trail, i,
                                                   fb_hp_link_t);

            if (c->title == NULL) {
                continue;
            }
            fb_htmlw_open(w, "li", NULL);
            fb_htmlw_element(w, "a", FB_HTMLW_ATTRS(
                                 {"href", fb_hp_path(pg->pool, site,
                                                     pg->locale,
                                                     "collections",
                                                     c->slug)}),
                             c->title);
            fb_htmlw_end(w, "li");
        }
        fb_htmlw_end(w, "ol");
        fb_htmlw_end(w, "nav");
    }
}

/* </main>, the footer, the document's end. */
static const char *fb_hp_finish(fb_htmlw_t *w, const fb_hp_page_t *pg)
{
    fb_htmlw_end(w, "main");
    fb_htmlw_open(w, "footer", FB_HTMLW_ATTRS({"class", "wrap"}));
    fb_htmlw_text(w, pg->texts->display_name != NULL
                     ? pg->texts->display_name : pg->texts->title);
    fb_htmlw_end(w, "footer");
    fb_htmlw_end(w, "body");
    fb_htmlw_end(w, "html");
    fb_htmlw_literal(w, "\n");
    return fb_htmlw_finish(w, NULL);
}

/*
 * The predefined icons a collection may name (the reference's examples
 * of predefined icons, and a few more), drawn as inline SVG: one path
 * of strokes on a 24-unit grid in the text's colour, so that nothing
 * loads and the Content-Security-Policy needs no exception.  A name not
 * in the table is drawn as the folder.  They are decoration: the
 * collection's name follows, so they are hidden from screen readers.
 */
typedef struct {
    const char *name;
    const char *d;
} fb_hp_icon_t;

static const fb_hp_icon_t fb_hp_icons[] = {
    {.name = "folder", .d = "M3 6h6l2 2h10v11H3z"},
    {.name = "book", .d = "M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3z"
                          "M21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z"},
    {.name = "lightbulb", .d = "M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5"
                               "c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5"
                               "A6 6 0 0 0 12 3z"},
    {.name = "bug", .d = "M8 10h8v5a4 4 0 0 1-8 0zM12 10v9M9 10a3 3 0 0 1 "
                         "6 0M4 13h4M16 13h4M5 8l3 2M19 8l-3 2M5 19l3-2"
                         "M19 19l-3-2"},
    {.name = "star", .d = "M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4 "
                          "6.5 20.3l1-6.2L3 9.7l6.2-.9z"},
    {.name = "rocket", .d = "M12 2c3 2.5 5 6 5 10l-2 4H9l-2-4c0-4 2-7.5 "
                            "5-10zM9 16l-3 4M15 16l3 4M12 16v5"
                            "M12 8.5v1"},
    {.name = "flag", .d = "M5 21V4M5 4h12l-2.5 4L17 12H5"},
    {.name = "heart", .d = "M12 20S3 14.5 3 8.5A4.5 4.5 0 0 1 12 6.5 "
                           "4.5 4.5 0 0 1 21 8.5C21 14.5 12 20 12 20z"},
    {.name = "check", .d = "M4 12.5l5 5L20 6.5"},
    {.name = "question", .d = "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z"
                              "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 "
                              "1.6V14.5M12 17.5v.5"},
    {.name = "megaphone", .d = "M3 10v4h3l9 5V5L6 10H3zM18 9a4 4 0 0 1 0 6"
                               "M7 14l1 6h3l-1-5"},
    {.name = "gift", .d = "M4 11h16v10H4zM3 7h18v4H3zM12 7v14"
                          "M12 7c-1.5-4-6-4-5-1 .5 1 2.5 1 5 1z"
                          "M12 7c1.5-4 6-4 5-1-.5 1-2.5 1-5 1z"},
};

/* The path of a predefined icon's name (the folder's when unknown). */
static const char *fb_hp_icon_path(const char *name)
{
    apr_size_t i;

    for (i = 0; i < sizeof(fb_hp_icons) / sizeof(fb_hp_icons[0]); i++) {
        if (name != NULL && strcmp(fb_hp_icons[i].name, name) == 0) {
            return fb_hp_icons[i].d;
        }
    }
    return fb_hp_icons[0].d;
}

/* The icon of a collection: an emoji as it is, a predefined one drawn;
 * with the class cls (or none). */
static void fb_hp_icon(fb_htmlw_t *w, const fb_hp_link_t *c,
                       const char *cls)
{
    if (c->icon_type == NULL || c->icon_value == NULL) {
        return;
    }
    if (strcmp(c->icon_type, "emoji") == 0) {
        fb_htmlw_element(w, "span", FB_HTMLW_ATTRS({"class", cls},
                                                   {"aria-hidden", "true"}),
                         c->icon_value);
    }
    else if (strcmp(c->icon_type, "predefined") == 0) {
        /* The HTML parser gives "viewbox" its SVG case. */
        fb_htmlw_open(w, "svg", FB_HTMLW_ATTRS(
                          {"class", "icon"}, {"viewbox", "0 0 24 24"},
                          {"fill", "none"}, {"stroke", "currentColor"},
                          {"stroke-width", "2"}, {"stroke-linecap", "round"},
                          {"stroke-linejoin", "round"},
                          {"aria-hidden", "true"}, {"focusable", "false"},
                          {"data-icon", c->icon_value}));
        fb_htmlw_open(w, "path", FB_HTMLW_ATTRS(
                          {"d", fb_hp_icon_path(c->icon_value)}));
        fb_htmlw_end(w, "path");
        fb_htmlw_end(w, "svg");
    }
}

/* Collections as cards: icon, name, description, article count. */
static void fb_hp_cards(fb_htmlw_t *w, const fb_hp_page_t *pg,
                        const apr_array_header_t *collections)
{
    int i;

    if (collections->nelts == 0) {
        return;
    }
    fb_htmlw_open(w, "ul", FB_HTMLW_ATTRS({"class", "cards"}));
    for (i = 0; i < collections->nelts; i++) {
        const fb_hp_link_t *c = &APR_ARRAY_IDX(collections, i,
                                               fb_hp_link_t);
        int n = atoi(c->count != NULL ? c->count : "0");

        fb_htmlw_open(w, "li", NULL);
        fb_htmlw_open(w, "a", FB_HTMLW_ATTRS(
                          {"href", fb_hp_path(pg->pool, pg->site, pg->locale,
                                              "collections", c->slug)}));
        fb_hp_icon(w, c, "icon");
        fb_htmlw_element(w, "strong", NULL, c->title);
        if (c->description != NULL && *c->description) {
            fb_htmlw_element(w, "span", NULL, c->description);
            fb_htmlw_void(w, "br", NULL);
        }
        fb_htmlw_open(w, "span", FB_HTMLW_ATTRS({"class", "meta"}));
        fb_hp_count(w, n, fb_hp_words_of(pg->locale)->article_one,
                    fb_hp_words_of(pg->locale)->article_many);
        fb_htmlw_end(w, "span");
        fb_htmlw_end(w, "a");
        fb_htmlw_end(w, "li");
    }
    fb_htmlw_end(w, "ul");
}

/* Articles as a list: title (a link), description or snippet. */
static void fb_hp_articles(fb_htmlw_t *w, const fb_hp_page_t *pg,
                           const apr_array_header_t *articles)
{
    int i;

    if (articles->nelts == 0) {
        return;
    }
    fb_htmlw_open(w, "ul", FB_HTMLW_ATTRS({"class", "list"}));
    for (i = 0; i < articles->nelts; i++) {
        const fb_hp_link_t *a = &APR_ARRAY_IDX(articles, i, fb_hp_link_t);

        fb_htmlw_open(w, "li", NULL);
        fb_htmlw_element(w, "a", FB_HTMLW_ATTRS(
                             {"href", fb_hp_path(pg->pool, pg->site,
                                                 pg->locale, "articles",
                                                 a->slug)}),
                         a->title);
        if (a->snippet != NULL) {
            fb_htmlw_open(w, "p", NULL);
            fb_htmlw_marked(w, a->snippet, '\001', '\002');
            fb_htmlw_end(w, "p");
        }
        else if (a->description != NULL && *a->description) {
            fb_htmlw_element(w, "p", NULL, a->description);
        }
        fb_htmlw_end(w, "li");
    }
    fb_htmlw_end(w, "ul");
}

const char *fb_hp_render_home(fb_hp_page_t *pg,
                              const apr_array_header_t *collections,
                              const apr_array_header_t *articles)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, pg->pool, 8192);
    fb_hp_begin(&w, pg, NULL);
    fb_htmlw_element(&w, "h1", NULL, pg->texts->title);
    if (pg->texts->description != NULL && *pg->texts->description) {
        fb_htmlw_element(&w, "p", FB_HTMLW_ATTRS({"class", "lead"}),
                         pg->texts->description);
    }
    if (collections->nelts > 0) {
        fb_htmlw_element(&w, "h2", FB_HTMLW_ATTRS({"class", "sr"}),
                         fb_hp_words_of(pg->locale)->collections);
    }
    fb_hp_cards(&w, pg, collections);
    if (articles->nelts > 0) {
        fb_htmlw_element(&w, "h2", NULL,
                         fb_hp_words_of(pg->locale)->articles);
    }
    fb_hp_articles(&w, pg, articles);
    return fb_hp_finish(&w, pg);
}

const char *fb_hp_render_collection(fb_hp_page_t *pg,
                                    const fb_hp_link_t *collection,
                                    const apr_array_header_t *children,
                                    const apr_array_header_t *articles)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, pg->pool, 8192);
    fb_hp_begin(&w, pg, NULL);
    fb_htmlw_open(&w, "h1", NULL);
    fb_hp_icon(&w, collection, "heading-icon");
    fb_htmlw_text(&w, collection->title);
    fb_htmlw_end(&w, "h1");
    if (collection->description != NULL && *collection->description) {
        fb_htmlw_element(&w, "p", FB_HTMLW_ATTRS({"class", "lead"}),
                         collection->description);
    }
    fb_hp_cards(&w, pg, children);
    fb_hp_articles(&w, pg, articles);
    if (children->nelts == 0 && articles->nelts == 0) {
        fb_htmlw_element(&w, "p", NULL,
                         fb_hp_words_of(pg->locale)->no_articles);
    }
    return fb_hp_finish(&w, pg);
}

const char *fb_hp_render_article(fb_hp_page_t *pg,
                                 const fb_hp_article_t *article)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, pg->pool, 8192 + (article->body != NULL
                                        ? strlen(article->body) : 0));
    fb_hp_begin(&w, pg, NULL);
    fb_htmlw_open(&w, "article", NULL);
    fb_htmlw_element(&w, "h1", NULL, article->title);
    if ((article->author != NULL && !pg->site->hide_author)
        || (article->updated != NULL && !pg->site->hide_date)) {
        fb_htmlw_open(&w, "p", FB_HTMLW_ATTRS({"class", "meta"}));
        if (article->author != NULL && !pg->site->hide_author) {
            fb_htmlw_text(&w, fb_hp_words_of(pg->locale)->by);
            fb_htmlw_text(&w, " ");
            fb_htmlw_text(&w, article->author);
            if (article->updated != NULL && !pg->site->hide_date) {
                fb_htmlw_text(&w, " \xc2\xb7 ");
            }
        }
        if (article->updated != NULL && !pg->site->hide_date) {
            fb_htmlw_text(&w, fb_hp_words_of(pg->locale)->updated);
            fb_htmlw_text(&w, " ");
            fb_htmlw_element(&w, "time", FB_HTMLW_ATTRS(
                                 {"datetime", article->updated}),
                             article->updated);
        }
        fb_htmlw_end(&w, "p");
    }
    fb_htmlw_sanitized(&w, article->body);
    fb_htmlw_end(&w, "article");
    if (article->prev != NULL || article->next != NULL) {
        fb_htmlw_open(&w, "nav", FB_HTMLW_ATTRS({"class", "pager"},
                                                {"aria-label",
                                                 fb_hp_words_of(
                                                     pg->locale)->more}));
        if (article->prev != NULL) {
            fb_htmlw_element(&w, "a", FB_HTMLW_ATTRS(
                                 {"rel", "prev"},
                                 {"href", fb_hp_path(pg->pool, pg->site,
                                                     pg->locale, "articles",
                                                     article->prev->slug)}),
                             apr_pstrcat(pg->pool, "\xe2\x86\x90 ",
                                         article->prev->title, NULL));
        }
        else {
            fb_htmlw_element(&w, "span", NULL, NULL);
        }
        if (article->next != NULL) {
            fb_htmlw_element(&w, "a", FB_HTMLW_ATTRS(
                                 {"rel", "next"},
                                 {"href", fb_hp_path(pg->pool, pg->site,
                                                     pg->locale, "articles",
                                                     article->next->slug)}),
                             apr_pstrcat(pg->pool, article->next->title,
                                         " \xe2\x86\x92", NULL));
        }
        fb_htmlw_end(&w, "nav");
    }
    return fb_hp_finish(&w, pg);
}

const char *fb_hp_render_search(fb_hp_page_t *pg, const char *query,
                                const apr_array_header_t *results,
                                const char *next, const char *first)
{
    const fb_hp_words_t *words = fb_hp_words_of(pg->locale);
    fb_htmlw_t w;

    pg->noindex = 1;
    pg->title = query != NULL && *query
                ? apr_pstrcat(pg->pool, words->results_for,
                              " \xe2\x80\x9c", query, "\xe2\x80\x9d", NULL)
                : words->search;
    fb_htmlw_init(&w, pg->pool, 8192);
    fb_hp_begin(&w, pg, query);
    fb_htmlw_element(&w, "h1", NULL, pg->title);
    if (query == NULL || *query == '\0') {
        fb_htmlw_element(&w, "p", NULL, words->search_prompt);
    }
    else if (results->nelts == 0) {
        fb_htmlw_element(&w, "p", NULL, words->no_results);
    }
    else {
        if (next == NULL && first == NULL) {
            /* All of them on one page: how many. */
            fb_htmlw_open(&w, "p", FB_HTMLW_ATTRS({"class", "meta"}));
            fb_hp_count(&w, results->nelts, words->result_one,
                        words->result_many);
            fb_htmlw_end(&w, "p");
        }
        fb_hp_articles(&w, pg, results);
    }
    if (next != NULL || first != NULL) {
        fb_htmlw_open(&w, "nav", FB_HTMLW_ATTRS(
                          {"class", "pager"},
                          {"aria-label", words->results_pages}));
        if (first != NULL) {
            fb_htmlw_element(&w, "a", FB_HTMLW_ATTRS({"href", first}),
                             words->first_results);
        }
        if (next != NULL) {
            fb_htmlw_element(&w, "a", FB_HTMLW_ATTRS({"href", next},
                                                     {"rel", "next"}),
                             words->next_results);
        }
        fb_htmlw_end(&w, "nav");
    }
    return fb_hp_finish(&w, pg);
}

const char *fb_hp_render_notice(apr_pool_t *p, const char *title,
                                const char *text)
{
    fb_htmlw_t w;

    fb_htmlw_init(&w, p, 4096);
    fb_htmlw_literal(&w, "<!DOCTYPE html>\n");
    fb_htmlw_open(&w, "html", FB_HTMLW_ATTRS({"lang", "en"}));
    fb_htmlw_open(&w, "head", NULL);
    fb_htmlw_void(&w, "meta", FB_HTMLW_ATTRS({"charset", "utf-8"}));
    fb_htmlw_void(&w, "meta", FB_HTMLW_ATTRS(
                      {"name", "viewport"},
                      {"content", "width=device-width, initial-scale=1"}));
    fb_htmlw_element(&w, "title", NULL, title);
    fb_htmlw_open(&w, "style", NULL);
    fb_htmlw_literal(&w, fb_hp_css);
    fb_htmlw_end(&w, "style");
    fb_htmlw_end(&w, "head");
    fb_htmlw_open(&w, "body", NULL);
    fb_htmlw_open(&w, "main", FB_HTMLW_ATTRS({"class", "wrap"}));
    fb_htmlw_element(&w, "h1", NULL, title);
    fb_htmlw_element(&w, "p", NULL, text);
    fb_htmlw_end(&w, "main");
    fb_htmlw_end(&w, "body");
    fb_htmlw_end(&w, "html");
    fb_htmlw_literal(&w, "\n");
    return fb_htmlw_finish(&w, NULL);
}

const char *fb_hp_render_missing(apr_pool_t *p, request_rec *r,
                                 const fb_hp_site_t *site,
                                 const char *locale)
{
    fb_htmlw_t w;
    fb_hp_page_t pg = {
        .r = r, .pool = p, .site = site, .locale = locale,
        .title = fb_hp_words_of(locale)->not_found, .noindex = 1,
    };
    const fb_hp_texts_t *texts = NULL;
    int i;

    if (site != NULL && site->is_public) {
        for (i = 0; i < site->texts->nelts && texts == NULL; i++) {
            const fb_hp_texts_t *t = &APR_ARRAY_IDX(site->texts, i,
                                                    fb_hp_texts_t);

            if (strcmp(t->locale, locale) == 0) {
                texts = t;
            }
        }
    }
    if (texts == NULL) {
        /* No help center here (or a private one): a page that says so
         * and names nobody. */
        return fb_hp_render_notice(p, "Page not found",
                                   "There is nothing at this address.");
    }
    fb_htmlw_init(&w, p, 4096);
    pg.texts = texts;
    fb_hp_begin(&w, &pg, NULL);
    fb_htmlw_element(&w, "h1", NULL, pg.title);
    fb_htmlw_open(&w, "p", NULL);
    fb_htmlw_text(&w, fb_hp_words_of(locale)->not_found_text);
    fb_htmlw_text(&w, " ");
    fb_htmlw_element(&w, "a", FB_HTMLW_ATTRS(
                         {"href", fb_hp_home_path(p, site, locale)}),
                     fb_hp_words_of(locale)->go_home);
    fb_htmlw_text(&w, " ");
    fb_htmlw_text(&w, fb_hp_words_of(locale)->or_search);
    fb_htmlw_end(&w, "p");
    return fb_hp_finish(&w, &pg);
}
