/*
 * The help center's families (docs/decisions.md, "Import: the help
 * center"): the help center with its texts per locale, its collections
 * (a tree: a second pass sets the parents of those listed before them)
 * with theirs, and its articles with each locale's draft and live copy.
 *
 * An organization here has one help center (sql/038 makes it): the
 * source's takes its place when that one holds nothing of its own (no
 * collection, article or redirect rule), so its id is kept; else the
 * organization's own stays and the source's, with its collections and
 * articles, is skipped and reported.  Collections and articles are
 * written only into a help center here (of the same id).
 *
 * Articles: the source's list shows, per locale, the live copy where
 * published and the draft elsewhere; an article whose drafts differ
 * from its live copies (isDraftDiffersFromLive) is read once more with
 * state=draft for its drafts (imp_help_articles_complete), so that
 * both copies are kept.  Plain texts (search's) are made here from the
 * bodies, as the module makes them.  Then the redirect rules.
 */
#include <stdio.h>
#include <string.h>

#include <apr_strings.h>

#include "fb_html.h"
#include "fb_json.h"
#include "import.h"

/* The id here of an author that is an admin: one matched by email to an
 * admin the organization had is that one (import_ids.here_id, as in
 * import_families.c). */
#define IMP_HELP_ADMIN(col) \
    "COALESCE((SELECT i.here_id FROM import_ids i WHERE i.id = " col \
    "   AND i.org_id = k.org), " col ")"

/* The texts (table, whose owner column is owner) of the page's objects
 * v in a locale the source no longer shows them in: the CTE gone. */
#define IMP_HELP_TEXTS_GONE(table, owner) \
    "gone AS (DELETE FROM " table " t USING k, v " \
    "    WHERE t.org_id = k.org AND t." owner " = v.id " \
    "      AND NOT COALESCE(v.translations, '{}') ? t.locale RETURNING 1) "

/* What a page of objects with texts wrote: the objects (up), their texts
 * (tup) and the texts gone; the count of skipped follows. */
#define IMP_HELP_WRITTEN \
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM tup) " \
    "  + (SELECT count(*) FROM gone) AS written, "

/* The organization's own help center goes, for the source's first one,
 * when it is no import's and holds nothing. */
FB_SQL_WITH(imp_help_centers_before, import_page,
    IMP_K
    "DELETE FROM help_centers h USING k WHERE h.org_id = k.org "
    "  AND jsonb_array_length(k.page) > 0 "
    "  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e "
    "                  WHERE e ->> 'id' = h.id) "
    "  AND NOT EXISTS (SELECT 1 FROM import_ids i WHERE i.id = h.id "
    "                  AND i.org_id = k.org) "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_collections c "
    "                  WHERE c.org_id = k.org AND c.help_center_id = h.id) "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_articles a "
    "                  WHERE a.org_id = k.org AND a.help_center_id = h.id) "
    "  AND NOT EXISTS (SELECT 1 FROM help_center_redirect_rules r "
    "                  WHERE r.org_id = k.org AND r.help_center_id = h.id)");

/* The help center (the first of the page when none other is here) and
 * its texts per locale.  Its custom domain is kept unless a help center
 * of another organization here has it (then it is written without one,
 * and counted skipped): domains are unique across the database, so the
 * statement asks, by design, whether another organization has it. */
FB_SQL_WITH(imp_help_centers, import_page,
    IMP_K
    ", src AS (SELECT r.*, x.n FROM k, jsonb_array_elements(k.page) "
    "    WITH ORDINALITY AS x(e, n), "
    "    jsonb_to_record(x.e) AS r(id text, \"isPublic\" boolean, "
    "      \"hideAuthorInfo\" boolean, \"hideDateInfo\" boolean, "
    "      \"externalLinksOpenInNewTab\" boolean, "
    "      \"internalLinksOpenInNewTab\" boolean, "
    "      \"defaultLocale\" text, \"availableLocales\" jsonb, urls jsonb, "
    "      translations jsonb, \"createdAt\" timestamptz, "
    "      \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.*, s.urls ->> 'externalDomain' AS wanted, "
    "    CASE WHEN NOT EXISTS (SELECT 1 FROM help_centers o "
    "      WHERE o.external_domain = s.urls ->> 'externalDomain' "
    "        AND o.org_id <> k.org) "
    "      THEN s.urls ->> 'externalDomain' END AS domain "
    "    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM help_centers h "
    "      WHERE h.org_id = k.org AND h.id <> s.id) "
    "    ORDER BY s.n LIMIT 1), "
    "up AS (INSERT INTO help_centers AS t (org_id, id, is_public, "
    "        hide_author_info, hide_date_info, external_links_new_tab, "
    "        internal_links_new_tab, default_locale, available_locales, "
    "        subpath, external_domain, created_at, updated_at) "
    "    SELECT k.org, v.id, COALESCE(v.\"isPublic\", true), "
    "      COALESCE(v.\"hideAuthorInfo\", false), "
    "      COALESCE(v.\"hideDateInfo\", false), "
    "      COALESCE(v.\"externalLinksOpenInNewTab\", true), "
    "      COALESCE(v.\"internalLinksOpenInNewTab\", false), "
    "      v.\"defaultLocale\", "
    "      ARRAY(SELECT jsonb_array_elements_text(v.\"availableLocales\")), "
    "      COALESCE(v.urls ->> 'featurebaseSubpath', 'help'), v.domain, "
    "      v.\"createdAt\", v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      is_public = EXCLUDED.is_public, "
    "      hide_author_info = EXCLUDED.hide_author_info, "
    "      hide_date_info = EXCLUDED.hide_date_info, "
    "      external_links_new_tab = EXCLUDED.external_links_new_tab, "
    "      internal_links_new_tab = EXCLUDED.internal_links_new_tab, "
    "      default_locale = EXCLUDED.default_locale, "
    "      available_locales = EXCLUDED.available_locales, "
    "      subpath = EXCLUDED.subpath, "
    "      external_domain = EXCLUDED.external_domain, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.is_public, t.hide_author_info, t.hide_date_info, "
    "           t.external_links_new_tab, t.internal_links_new_tab, "
    "           t.default_locale, t.available_locales, t.subpath, "
    "           t.external_domain, t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.is_public, EXCLUDED.hide_author_info, "
    "           EXCLUDED.hide_date_info, EXCLUDED.external_links_new_tab, "
    "           EXCLUDED.internal_links_new_tab, EXCLUDED.default_locale, "
    "           EXCLUDED.available_locales, EXCLUDED.subpath, "
    "           EXCLUDED.external_domain, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1), "
    "tr AS (SELECT v.id AS hc, v.\"createdAt\" AS created, "
    "    v.\"updatedAt\" AS updated, t.key AS locale, t.value AS x "
    "    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t), "
    "tup AS (INSERT INTO help_center_translations AS t (org_id, "
    "        help_center_id, locale, display_name, title, description, "
    "        search_placeholder, nav_items, created_at, updated_at) "
    "    SELECT k.org, tr.hc, tr.locale, tr.x ->> 'displayName', "
    "      tr.x ->> 'title', tr.x ->> 'description', "
    "      tr.x ->> 'searchPlaceholder', "
    "      COALESCE(tr.x -> 'navItems', '[]'), tr.created, tr.updated "
    "    FROM k, tr "
    "    ON CONFLICT (org_id, help_center_id, locale) DO UPDATE SET "
    "      display_name = EXCLUDED.display_name, title = EXCLUDED.title, "
    "      description = EXCLUDED.description, "
    "      search_placeholder = EXCLUDED.search_placeholder, "
    "      nav_items = EXCLUDED.nav_items "
    "    WHERE (t.display_name, t.title, t.description, "
    "           t.search_placeholder, t.nav_items) "
    "      IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.title, "
    "           EXCLUDED.description, EXCLUDED.search_placeholder, "
    "           EXCLUDED.nav_items) "
    "    RETURNING 1), "
    IMP_HELP_TEXTS_GONE("help_center_translations", "help_center_id")
    IMP_HELP_WRITTEN
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) "
    "  + (SELECT count(*) FROM v WHERE v.wanted IS DISTINCT FROM v.domain) "
    "  AS skipped");

/* Collections of a help center here, with their texts per locale (a
 * collection's translations render no time: the collection's).  A
 * parent not here yet (listed after its child: the list is oldest
 * first, and a collection may move under a newer one) is left for the
 * second pass. */
FB_SQL_WITH(imp_help_collections, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"helpCenterId\" text, \"parentId\" text, icon jsonb, "
    "    \"order\" integer, \"collapseSidebar\" boolean, "
    "    translations jsonb, \"createdAt\" timestamptz, "
    "    \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.*, CASE WHEN EXISTS (SELECT 1 "
    "      FROM help_center_collections c WHERE c.org_id = k.org "
    "        AND c.id = s.\"parentId\") "
    "      OR EXISTS (SELECT 1 FROM src o WHERE o.id = s.\"parentId\") "
    "      THEN s.\"parentId\" END AS parent "
    "    FROM k, src s WHERE EXISTS (SELECT 1 FROM help_centers h "
    "      WHERE h.org_id = k.org AND h.id = s.\"helpCenterId\")), "
    "up AS (INSERT INTO help_center_collections AS t (org_id, id, "
    "        help_center_id, parent_id, icon_type, icon_value, position, "
    "        collapse_sidebar, created_at, updated_at) "
    "    SELECT k.org, v.id, v.\"helpCenterId\", v.parent, "
    "      v.icon ->> 'type', v.icon ->> 'value', v.\"order\", "
    "      COALESCE(v.\"collapseSidebar\", false), v.\"createdAt\", "
    "      v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      help_center_id = EXCLUDED.help_center_id, "
    "      parent_id = EXCLUDED.parent_id, "
    "      icon_type = EXCLUDED.icon_type, "
    "      icon_value = EXCLUDED.icon_value, position = EXCLUDED.position, "
    "      collapse_sidebar = EXCLUDED.collapse_sidebar, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.help_center_id, t.parent_id, t.icon_type, t.icon_value, "
    "           t.position, t.collapse_sidebar, t.created_at, "
    "           t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.parent_id, "
    "           EXCLUDED.icon_type, EXCLUDED.icon_value, "
    "           EXCLUDED.position, EXCLUDED.collapse_sidebar, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at) "
    "    RETURNING 1), "
    "tr AS (SELECT v.id AS collection, v.\"createdAt\" AS created, "
    "    v.\"updatedAt\" AS updated, t.key AS locale, t.value AS x "
    "    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t), "
    "tup AS (INSERT INTO help_center_collection_translations AS t ("
    "        org_id, collection_id, locale, name, description, slug, "
    "        created_at, updated_at) "
    "    SELECT k.org, tr.collection, tr.locale, tr.x ->> 'name', "
    "      tr.x ->> 'description', tr.x ->> 'slug', tr.created, "
    "      tr.updated FROM k, tr "
    "    ON CONFLICT (org_id, collection_id, locale) DO UPDATE SET "
    "      name = EXCLUDED.name, description = EXCLUDED.description, "
    "      slug = EXCLUDED.slug "
    "    WHERE (t.name, t.description, t.slug) IS DISTINCT FROM "
    "      (EXCLUDED.name, EXCLUDED.description, EXCLUDED.slug) "
    "    RETURNING 1), "
    IMP_HELP_TEXTS_GONE("help_center_collection_translations", "collection_id")
    IMP_HELP_WRITTEN
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* The second pass: each collection's parent, as the source has it (its
 * updatedAt is the source's: a parent set here moves no time). */
FB_SQL_WITH(imp_help_collection_parents, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"parentId\" text)), "
    "up AS (UPDATE help_center_collections c SET parent_id = s.\"parentId\" "
    "    FROM k, src s WHERE c.org_id = k.org AND c.id = s.id "
    "      AND c.parent_id IS DISTINCT FROM s.\"parentId\" "
    "      AND (s.\"parentId\" IS NULL OR EXISTS (SELECT 1 "
    "        FROM help_center_collections p WHERE p.org_id = k.org "
    "          AND p.id = s.\"parentId\")) RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped");

/* Articles of a help center here (in a collection here, or at the top
 * level), with each locale's texts: the live copy of a published locale
 * as the list shows it, the draft from _drafts (the article's read with
 * state=draft, when its drafts differ) or else the same; _text is a
 * body's plain text (imp_help_articles_complete).  A locale's publication
 * time is not rendered: the article's liveUpdatedAt stands for it.  The
 * author is the admin as the admins family mapped it (none when the
 * admins list did not show it). */
FB_SQL_WITH(imp_help_articles, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"helpCenterId\" text, \"parentId\" text, icon jsonb, "
    "    state text, \"order\" integer, author jsonb, "
    "    \"publishedLocales\" jsonb, translations jsonb, _drafts jsonb, "
    "    \"createdAt\" timestamptz, \"updatedAt\" timestamptz, "
    "    \"liveUpdatedAt\" timestamptz)), "
    "v AS (SELECT s.*, (SELECT a.id FROM admins a WHERE a.org_id = k.org "
    "      AND a.id = " IMP_HELP_ADMIN("s.author ->> 'authorId'") ") AS writer "
    "    FROM k, src s WHERE EXISTS (SELECT 1 FROM help_centers h "
    "      WHERE h.org_id = k.org AND h.id = s.\"helpCenterId\") "
    "      AND (s.\"parentId\" IS NULL OR EXISTS (SELECT 1 "
    "        FROM help_center_collections c WHERE c.org_id = k.org "
    "          AND c.id = s.\"parentId\"))), "
    "up AS (INSERT INTO help_center_articles AS t (org_id, id, "
    "        help_center_id, parent_id, author_id, icon_type, icon_value, "
    "        state, position, created_at, updated_at, live_updated_at) "
    "    SELECT k.org, v.id, v.\"helpCenterId\", v.\"parentId\", v.writer, "
    "      v.icon ->> 'type', v.icon ->> 'value', v.state, v.\"order\", "
    "      v.\"createdAt\", v.\"updatedAt\", v.\"liveUpdatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      help_center_id = EXCLUDED.help_center_id, "
    "      parent_id = EXCLUDED.parent_id, author_id = EXCLUDED.author_id, "
    "      icon_type = EXCLUDED.icon_type, "
    "      icon_value = EXCLUDED.icon_value, state = EXCLUDED.state, "
    "      position = EXCLUDED.position, created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at, "
    "      live_updated_at = EXCLUDED.live_updated_at "
    "    WHERE (t.help_center_id, t.parent_id, t.author_id, t.icon_type, "
    "           t.icon_value, t.state, t.position, t.created_at, "
    "           t.updated_at, t.live_updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.parent_id, "
    "           EXCLUDED.author_id, EXCLUDED.icon_type, "
    "           EXCLUDED.icon_value, EXCLUDED.state, EXCLUDED.position, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at, "
    "           EXCLUDED.live_updated_at) "
    "    RETURNING 1), "
    "tr AS (SELECT v.id AS article, t.key AS locale, t.value AS x, "
    "    COALESCE(v._drafts -> t.key, t.value) AS d, "
    "    COALESCE(v.\"publishedLocales\", '[]') ? t.key AS published, "
    "    COALESCE(v.\"liveUpdatedAt\", (t.value ->> 'updatedAt')::timestamptz) "
    "      AS live_at "
    "    FROM v, jsonb_each(COALESCE(v.translations, '{}')) t), "
    "tup AS (INSERT INTO help_center_article_translations AS t (org_id, "
    "        article_id, locale, title, description, body, body_text, "
    "        live_title, live_description, live_body, live_body_text, "
    "        published_at, slug, created_at, updated_at) "
    "    SELECT k.org, tr.article, tr.locale, tr.d ->> 'title', "
    "      tr.d ->> 'description', COALESCE(tr.d ->> 'body', ''), "
    "      COALESCE(tr.d ->> '_text', ''), "
    "      CASE WHEN tr.published THEN tr.x ->> 'title' END, "
    "      CASE WHEN tr.published THEN tr.x ->> 'description' END, "
    "      CASE WHEN tr.published THEN COALESCE(tr.x ->> 'body', '') END, "
    "      CASE WHEN tr.published THEN COALESCE(tr.x ->> '_text', '') END, "
    "      CASE WHEN tr.published THEN tr.live_at END, tr.x ->> 'slug', "
    "      (tr.x ->> 'createdAt')::timestamptz, "
    "      (tr.x ->> 'updatedAt')::timestamptz FROM k, tr "
    "    ON CONFLICT (org_id, article_id, locale) DO UPDATE SET "
    "      title = EXCLUDED.title, description = EXCLUDED.description, "
    "      body = EXCLUDED.body, body_text = EXCLUDED.body_text, "
    "      live_title = EXCLUDED.live_title, "
    "      live_description = EXCLUDED.live_description, "
    "      live_body = EXCLUDED.live_body, "
    "      live_body_text = EXCLUDED.live_body_text, "
    "      published_at = EXCLUDED.published_at, slug = EXCLUDED.slug, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.title, t.description, t.body, t.live_title, "
    "           t.live_description, t.live_body, t.published_at, t.slug, "
    "           t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, "
    "           EXCLUDED.body, EXCLUDED.live_title, "
    "           EXCLUDED.live_description, EXCLUDED.live_body, "
    "           EXCLUDED.published_at, EXCLUDED.slug, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1), "
    IMP_HELP_TEXTS_GONE("help_center_article_translations", "article_id")
    IMP_HELP_WRITTEN
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Redirect rules of a help center here to an article or collection
 * here (a rule is deleted with its target at the source too). */
FB_SQL_WITH(imp_help_redirect_rules, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"helpCenterId\" text, locale text, \"fromUrl\" text, "
    "    \"targetType\" text, \"targetId\" text, "
    "    \"createdAt\" timestamptz, \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.* FROM k, src s WHERE EXISTS (SELECT 1 "
    "      FROM help_centers h WHERE h.org_id = k.org "
    "        AND h.id = s.\"helpCenterId\") "
    "      AND CASE s.\"targetType\" "
    "        WHEN 'article' THEN EXISTS (SELECT 1 "
    "          FROM help_center_articles a WHERE a.org_id = k.org "
    "            AND a.id = s.\"targetId\") "
    "        WHEN 'collection' THEN EXISTS (SELECT 1 "
    "          FROM help_center_collections c WHERE c.org_id = k.org "
    "            AND c.id = s.\"targetId\") ELSE false END), "
    "up AS (INSERT INTO help_center_redirect_rules AS t (org_id, id, "
    "        help_center_id, locale, from_url, target_type, target_id, "
    "        created_at, updated_at) "
    "    SELECT k.org, v.id, v.\"helpCenterId\", v.locale, v.\"fromUrl\", "
    "      v.\"targetType\", v.\"targetId\", v.\"createdAt\", "
    "      v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      help_center_id = EXCLUDED.help_center_id, "
    "      locale = EXCLUDED.locale, from_url = EXCLUDED.from_url, "
    "      target_type = EXCLUDED.target_type, "
    "      target_id = EXCLUDED.target_id, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.help_center_id, t.locale, t.from_url, t.target_type, "
    "           t.target_id, t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.help_center_id, EXCLUDED.locale, "
    "           EXCLUDED.from_url, EXCLUDED.target_type, "
    "           EXCLUDED.target_id, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Adds "_text", the plain text of its body, to each translation of an
 * article's translations object. */
static void imp_help_texts(apr_pool_t *p, json_object *translations)
{
    if (translations == NULL
        || !json_object_is_type(translations, json_type_object)) {
        return;
    }
    json_object_object_foreach(translations, locale, t) {
        const char *html = json_object_is_type(t, json_type_object)
                           ? fb_json_string(t, "body") : NULL;
        const char *text = html ? fb_html_text(p, html, strlen(html)) : "";

        (void)locale;
        if (json_object_is_type(t, json_type_object)) {
            json_object_object_add(t, "_text", json_object_new_string(
                                       text ? text : ""));
        }
    }
}

int imp_help_articles_complete(imp_source_t *source, apr_pool_t *p,
                               json_object *page, const char **why)
{
    size_t i, n = json_object_array_length(page);

    for (i = 0; i < n; i++) {
        json_object *a = json_object_array_get_idx(page, i);
        json_object *differs = fb_json_member(a, "isDraftDiffersFromLive");
        const char *id = fb_json_string(a, "id");
        json_object *draft, *tr;
        int rc;

        imp_help_texts(p, fb_json_member(a, "translations"));
        if (differs == NULL || !json_object_get_boolean(differs)
            || id == NULL) {
            continue;
        }
        rc = imp_source_get(source, p, apr_pstrcat(
                                p, "/help_center/articles/", id,
                                "?state=draft", NULL), &draft, why);
        if (rc == IMP_SOURCE_GONE) {
            /* Deleted at the source since the list was read: its live
             * copy is written, its drafts passed. */
            fprintf(stderr, "feedback-import: %s: passed (the source no "
                    "longer has it)\n", *why);
            continue;
        }
        if (rc != 0) {
            return 1;
        }
        if ((tr = fb_json_member(draft, "translations")) != NULL
            && json_object_is_type(tr, json_type_object)) {
            imp_help_texts(p, tr);
            json_object_object_add(a, "_drafts", json_object_get(tr));
        }
        json_object_put(draft);
    }
    return 0;
}
