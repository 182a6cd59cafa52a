/*
 * The families an import reads, in the order they depend on each other,
 * and the statements that write a page of each.
 *
 * Every write statement takes the argument set import_page (import.h)
 * and reads the page as a set of rows (jsonb_to_recordset, the
 * source's own member names).  Keyed by the source's id within the
 * organization, it inserts what is new and updates a row only where a
 * column differs (ON CONFLICT ... WHERE (...) IS DISTINCT FROM (...)), so
 * a second run writes nothing, and answers one row: the objects written
 * and those skipped (which the report lists).  No statement writes an
 * event: imported history fires no webhook (docs/decisions.md,
 * "Import").  Counts the source renders (upvotes, commentCount,
 * postsCreated) are written as they are, not recounted.
 */
#include "import.h"
#include "import_shapes.h"

/* Admins: one whose email an admin here has already is that admin (its
 * id is used for what they wrote); another is added, with the Viewer
 * role: an import grants no permission, an Owner gives roles. */
FB_SQL_WITH(imp_admins, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, name text, email text, \"profilePicture\" text)), "
    "same AS (SELECT s.id, a.id AS here FROM k CROSS JOIN src s JOIN admins a "
    "    ON a.org_id = k.org AND lower(a.email) = lower(s.email) "
    "    AND a.id <> s.id), "
    "mapped AS (UPDATE import_ids i SET here_id = same.here FROM k, same "
    "    WHERE i.id = same.id AND i.org_id = k.org "
    "      AND i.here_id IS DISTINCT FROM same.here RETURNING i.id), "
    "up AS (INSERT INTO admins AS t (org_id, id, name, email, "
    "        profile_picture, role_id) "
    "    SELECT k.org, s.id, s.name, s.email, s.\"profilePicture\", "
    "      (SELECT r.id FROM roles r WHERE r.org_id = k.org "
    "         AND r.builtin = 'viewer') "
    "    FROM k, src s WHERE NOT EXISTS (SELECT 1 FROM same "
    "                                    WHERE same.id = s.id) "
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, "
    "      email = EXCLUDED.email, "
    "      profile_picture = EXCLUDED.profile_picture, "
    "      updated_at = now() "
    "    WHERE (t.name, t.email, t.profile_picture) IS DISTINCT FROM "
    "      (EXCLUDED.name, EXCLUDED.email, EXCLUDED.profile_picture) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM mapped) "
    "  AS written, 0 AS skipped");

/* Companies, by the integrator's id too (unique in an organization): a
 * company whose companyId another company here has is skipped. */
FB_SQL_WITH(imp_companies, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"companyId\" text, name text, \"monthlySpend\" numeric, "
    "    industry text, website text, plan text, \"companySize\" integer, "
    "    \"customFields\" jsonb, \"lastActivity\" timestamptz, "
    "    \"createdAt\" timestamptz, \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.* FROM k, src s WHERE NOT EXISTS (SELECT 1 "
    "    FROM companies o WHERE o.org_id = k.org "
    "      AND o.company_id = s.\"companyId\" AND o.id <> s.id)), "
    "up AS (INSERT INTO companies AS t (org_id, id, company_id, name, "
    "        monthly_spend, industry, website, plan, company_size, "
    "        custom_fields, last_activity, created_at, updated_at) "
    "    SELECT k.org, v.id, v.\"companyId\", v.name, v.\"monthlySpend\", "
    "      v.industry, v.website, v.plan, v.\"companySize\", "
    "      COALESCE(v.\"customFields\", '{}'), v.\"lastActivity\", "
    "      v.\"createdAt\", v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET "
    "      company_id = EXCLUDED.company_id, name = EXCLUDED.name, "
    "      monthly_spend = EXCLUDED.monthly_spend, "
    "      industry = EXCLUDED.industry, website = EXCLUDED.website, "
    "      plan = EXCLUDED.plan, company_size = EXCLUDED.company_size, "
    "      custom_fields = EXCLUDED.custom_fields, "
    "      last_activity = EXCLUDED.last_activity, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.company_id, t.name, t.monthly_spend, t.industry, "
    "           t.website, t.plan, t.company_size, t.custom_fields, "
    "           t.last_activity, t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.company_id, EXCLUDED.name, "
    "           EXCLUDED.monthly_spend, EXCLUDED.industry, "
    "           EXCLUDED.website, EXCLUDED.plan, EXCLUDED.company_size, "
    "           EXCLUDED.custom_fields, EXCLUDED.last_activity, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Contacts (customers and leads).  The API renders no creation time:
 * the last activity stands for it.  A contact's companies (rendered in
 * it) are its links, kept as the source has them. */
#define IMP_CONTACTS_SQL \
    IMP_K \
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r(" \
    "    id text, \"userId\" text, email text, name text, " \
    "    \"profilePicture\" text, type text, locale text, verified boolean, " \
    "    description text, \"customFields\" jsonb, roles jsonb, " \
    "    phone text, \"isBlocked\" boolean, " \
    "    \"subscribedToChangelog\" boolean, " \
    "    \"manuallyOptedOutFromChangelog\" boolean, " \
    "    \"postsCreated\" integer, \"commentsCreated\" integer, " \
    "    \"lastActivity\" timestamptz, companies jsonb)), " \
    "up AS (INSERT INTO contacts AS t (org_id, id, user_id, email, name, " \
    "        profile_picture, type, locale, verified, description, " \
    "        custom_fields, roles, phone, is_blocked, " \
    "        subscribed_to_changelog, manually_opted_out_from_changelog, " \
    "        posts_created, comments_created, last_activity, created_at) " \
    "    SELECT k.org, s.id, s.\"userId\", s.email, s.name, " \
    "      s.\"profilePicture\", s.type, COALESCE(s.locale, 'en'), " \
    "      COALESCE(s.verified, false), COALESCE(s.description, ''), " \
    "      COALESCE(s.\"customFields\", '{}'), " \
    "      COALESCE(ARRAY(SELECT jsonb_array_elements_text(s.roles)), " \
    "               '{}'), s.phone, COALESCE(s.\"isBlocked\", false), " \
    "      COALESCE(s.\"subscribedToChangelog\", false), " \
    "      COALESCE(s.\"manuallyOptedOutFromChangelog\", false), " \
    "      COALESCE(s.\"postsCreated\", 0), " \
    "      COALESCE(s.\"commentsCreated\", 0), s.\"lastActivity\", " \
    "      s.\"lastActivity\" " \
    "    FROM k, src s " \
    "    ON CONFLICT (org_id, id) DO UPDATE SET user_id = EXCLUDED.user_id, " \
    "      email = EXCLUDED.email, name = EXCLUDED.name, " \
    "      profile_picture = EXCLUDED.profile_picture, " \
    "      type = EXCLUDED.type, " \
    "      locale = EXCLUDED.locale, verified = EXCLUDED.verified, " \
    "      description = EXCLUDED.description, " \
    "      custom_fields = EXCLUDED.custom_fields, roles = EXCLUDED.roles, " \
    "      phone = EXCLUDED.phone, is_blocked = EXCLUDED.is_blocked, " \
    "      subscribed_to_changelog = EXCLUDED.subscribed_to_changelog, " \
    "      manually_opted_out_from_changelog = " \
    "        EXCLUDED.manually_opted_out_from_changelog, " \
    "      posts_created = EXCLUDED.posts_created, " \
    "      comments_created = EXCLUDED.comments_created, " \
    "      last_activity = EXCLUDED.last_activity, updated_at = now() " \
    "    WHERE (t.user_id, t.email, t.name, t.profile_picture, t.type, " \
    "           t.locale, t.verified, t.description, t.custom_fields, " \
    "           t.roles, t.phone, t.is_blocked, t.subscribed_to_changelog, " \
    "           t.manually_opted_out_from_changelog, t.posts_created, " \
    "           t.comments_created, t.last_activity) " \
    "      IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.email, " \
    "           EXCLUDED.name, EXCLUDED.profile_picture, EXCLUDED.type, " \
    "           EXCLUDED.locale, EXCLUDED.verified, EXCLUDED.description, " \
    "           EXCLUDED.custom_fields, EXCLUDED.roles, EXCLUDED.phone, " \
    "           EXCLUDED.is_blocked, EXCLUDED.subscribed_to_changelog, " \
    "           EXCLUDED.manually_opted_out_from_changelog, " \
    "           EXCLUDED.posts_created, EXCLUDED.comments_created, " \
    "           EXCLUDED.last_activity) " \
    "    RETURNING 1), " \
    "links AS (SELECT s.id AS contact, g ->> 'id' AS company FROM src s, " \
    "    jsonb_array_elements(COALESCE(s.companies, '[]')) g), " \
    "linked AS (INSERT INTO contact_companies (org_id, contact_id, " \
    "        company_id) " \
    "    SELECT k.org, links.contact, links.company FROM k, links " \
    "    WHERE EXISTS (SELECT 1 FROM companies co WHERE co.org_id = k.org " \
    "                  AND co.id = links.company) " \
    "    ON CONFLICT DO NOTHING RETURNING 1), " \
    "unlinked AS (DELETE FROM contact_companies cc USING k, src s " \
    "    WHERE cc.org_id = k.org AND cc.contact_id = s.id " \
    "      AND NOT EXISTS (SELECT 1 FROM links WHERE links.contact = s.id " \
    "                      AND links.company = cc.company_id) RETURNING 1) " \
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM linked) " \
    "  + (SELECT count(*) FROM unlinked) AS written, 0 AS skipped"

FB_SQL_WITH(imp_contacts, import_page, IMP_CONTACTS_SQL);

FB_SQL_WITH(imp_boards, import_page,
    IMP_BOARDS_SQL("boards", "", "", "", ""));

/* Post statuses: the default moves to the source's before its page is
 * written (one default per organization), and once the source's are
 * all here, the organization's own that no post uses and the source
 * did not have (the set every new organization starts with) go
 * (import_shapes.h). */
FB_SQL_WITH(imp_post_statuses_before, import_page,
    IMP_STATUSES_BEFORE_SQL("post_statuses"));

FB_SQL_WITH(imp_post_statuses, import_page,
    IMP_STATUSES_SQL("post_statuses"));

FB_SQL_WITH(imp_post_statuses_after, import_page,
    IMP_STATUSES_AFTER_SQL("post_statuses", "posts", "status_id"));

FB_SQL_WITH(imp_custom_fields, import_page, IMP_FIELDS_SQL("'post'"));

/* Tags: GET /v2/tags lists the tags of conversations.  (A post's tags
 * come with the post.) */
FB_SQL_WITH(imp_tags, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, name text)), "
    "up AS (INSERT INTO conversation_tags AS t (org_id, id, name) "
    "    SELECT k.org, s.id, s.name FROM k, src s "
    "    WHERE NOT EXISTS (SELECT 1 FROM conversation_tags o "
    "      WHERE o.org_id = k.org AND lower(o.name) = lower(s.name) "
    "        AND o.id <> s.id) "
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, "
    "      updated_at = now() WHERE t.name IS DISTINCT FROM EXCLUDED.name "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM src s "
    "     WHERE NOT EXISTS (SELECT 1 FROM k, conversation_tags o "
    "       WHERE o.org_id = k.org AND lower(o.name) = lower(s.name) "
    "         AND o.id <> s.id)) AS skipped");

/* Posts, with the tags they carry (ids kept) and their links to them.
 * Visibility is read back from access: a post only its author sees
 * names the author in userIds. */
FB_SQL_WITH(imp_post_tags, import_page,
    IMP_K
    ", src AS (SELECT DISTINCT ON (g ->> 'id') g ->> 'id' AS id, "
    "    g ->> 'name' AS name, g ->> 'color' AS color "
    "    FROM k, jsonb_array_elements(k.page) e, "
    "    jsonb_array_elements(COALESCE(e -> 'tags', '[]')) g) "
    "INSERT INTO tags AS t (org_id, id, name, color) "
    "SELECT k.org, s.id, s.name, s.color FROM k, src s "
    "WHERE NOT EXISTS (SELECT 1 FROM tags o WHERE o.org_id = k.org "
    "  AND lower(o.name) = lower(s.name) AND o.id <> s.id) "
    "ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, "
    "  color = EXCLUDED.color "
    "WHERE (t.name, t.color) IS DISTINCT FROM (EXCLUDED.name, "
    "  EXCLUDED.color)");

FB_SQL_WITH(imp_posts, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, slug text, title text, content text, _text text, "
    "    \"boardId\" text, author jsonb, status jsonb, tags jsonb, "
    "    features jsonb, upvotes integer, \"commentCount\" integer, "
    "    \"inReview\" boolean, \"isPinned\" boolean, access jsonb, "
    "    \"assigneeId\" text, eta timestamptz, \"customFields\" jsonb, "
    "    integrations jsonb, \"createdAt\" timestamptz, "
    "    \"updatedAt\" timestamptz)), "
    "v AS (SELECT s.*, "
    "    CASE WHEN s.author ->> 'type' = 'admin' THEN NULL "
    "         ELSE s.author ->> 'id' END AS contact, "
    "    CASE WHEN s.author ->> 'type' = 'admin' THEN "
    "      " IMP_ADMIN("s.author ->> 'id'") " END AS admin, "
    "    " IMP_ADMIN("s.\"assigneeId\"") " AS assignee, "
    "    CASE WHEN jsonb_array_length(COALESCE(s.access -> 'userIds', "
    "                                          '[]')) > 0 "
    "           THEN 'authorOnly' "
    "         WHEN jsonb_array_length(COALESCE( "
    "                s.access -> 'companyExternalIds', '[]')) > 0 "
    "           THEN 'companyOnly' ELSE 'public' END AS visibility "
    "    FROM k, src s), "
    "up AS (INSERT INTO posts AS t (org_id, id, slug, title, content, "
    "        content_text, board_id, author_contact_id, author_admin_id, "
    "        status_id, comments_enabled, in_review, is_pinned, visibility, "
    "        assignee_id, eta, custom_fields, integrations, upvotes, "
    "        comment_count, created_at, updated_at, last_activity_at) "
    "    SELECT k.org, v.id, v.slug, v.title, COALESCE(v.content, ''), "
    "      COALESCE(v._text, ''), v.\"boardId\", v.contact, v.admin, "
    "      v.status ->> 'id', "
    "      COALESCE((v.features ->> 'commentsEnabled')::boolean, true), "
    "      COALESCE(v.\"inReview\", false), COALESCE(v.\"isPinned\", false), "
    "      v.visibility, v.assignee, v.eta, "
    "      COALESCE(v.\"customFields\", '{}'), "
    "      COALESCE(v.integrations, '{}'), COALESCE(v.upvotes, 0), "
    "      COALESCE(v.\"commentCount\", 0), v.\"createdAt\", "
    "      v.\"updatedAt\", v.\"updatedAt\" FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET slug = EXCLUDED.slug, "
    "      title = EXCLUDED.title, content = EXCLUDED.content, "
    "      content_text = EXCLUDED.content_text, "
    "      board_id = EXCLUDED.board_id, "
    "      author_contact_id = EXCLUDED.author_contact_id, "
    "      author_admin_id = EXCLUDED.author_admin_id, "
    "      status_id = EXCLUDED.status_id, "
    "      comments_enabled = EXCLUDED.comments_enabled, "
    "      in_review = EXCLUDED.in_review, is_pinned = EXCLUDED.is_pinned, "
    "      visibility = EXCLUDED.visibility, "
    "      assignee_id = EXCLUDED.assignee_id, eta = EXCLUDED.eta, "
    "      custom_fields = EXCLUDED.custom_fields, "
    "      integrations = EXCLUDED.integrations, "
    "      upvotes = EXCLUDED.upvotes, "
    "      comment_count = EXCLUDED.comment_count, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at, "
    "      last_activity_at = EXCLUDED.last_activity_at "
    "    WHERE (t.slug, t.title, t.content, t.board_id, "
    "           t.author_contact_id, t.author_admin_id, t.status_id, "
    "           t.comments_enabled, t.in_review, t.is_pinned, "
    "           t.visibility, t.assignee_id, t.eta, t.custom_fields, "
    "           t.integrations, t.upvotes, t.comment_count, t.created_at, "
    "           t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.slug, EXCLUDED.title, "
    "           EXCLUDED.content, EXCLUDED.board_id, "
    "           EXCLUDED.author_contact_id, EXCLUDED.author_admin_id, "
    "           EXCLUDED.status_id, EXCLUDED.comments_enabled, "
    "           EXCLUDED.in_review, EXCLUDED.is_pinned, "
    "           EXCLUDED.visibility, EXCLUDED.assignee_id, EXCLUDED.eta, "
    "           EXCLUDED.custom_fields, EXCLUDED.integrations, "
    "           EXCLUDED.upvotes, EXCLUDED.comment_count, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at) "
    "    RETURNING t.id), "
    "links AS (SELECT v.id AS post, g ->> 'id' AS tag FROM v, "
    "    jsonb_array_elements(COALESCE(v.tags, '[]')) g), "
    "linked AS (INSERT INTO post_tags (org_id, post_id, tag_id) "
    "    SELECT k.org, links.post, links.tag FROM k, links "
    "    WHERE EXISTS (SELECT 1 FROM tags g WHERE g.org_id = k.org "
    "                  AND g.id = links.tag) "
    "    ON CONFLICT DO NOTHING RETURNING 1), "
    "unlinked AS (DELETE FROM post_tags pt USING k, v "
    "    WHERE pt.org_id = k.org AND pt.post_id = v.id "
    "      AND NOT EXISTS (SELECT 1 FROM links WHERE links.post = v.id "
    "                      AND links.tag = pt.tag_id) RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM linked) "
    "  + (SELECT count(*) FROM unlinked) AS written, 0 AS skipped");

/* A post's voters (contacts, newest vote first).  The API renders no
 * time of a vote: a vote gets the post's creation time plus its place,
 * so the voters list keeps its order; a vote here is never rewritten. */
FB_SQL_WITH(imp_post_voters, import_page,
    IMP_K
    ", src AS (SELECT e ->> 'id' AS contact, n FROM k, "
    "    jsonb_array_elements(k.page) WITH ORDINALITY AS x(e, n)), "
    "base AS (SELECT p.created_at, "
    "    (SELECT count(*) FROM post_votes pv WHERE pv.org_id = k.org "
    "       AND pv.post_id = k.parent) AS had "
    "    FROM k, posts p WHERE p.org_id = k.org AND p.id = k.parent), "
    "up AS (INSERT INTO post_votes (org_id, post_id, contact_id, created_at) "
    "    SELECT k.org, k.parent, s.contact, "
    "      base.created_at + interval '1 year' "
    "        - (base.had + s.n) * interval '1 millisecond' "
    "    FROM k, base, src s "
    "    WHERE EXISTS (SELECT 1 FROM contacts c WHERE c.org_id = k.org "
    "                  AND c.id = s.contact) "
    "    ON CONFLICT DO NOTHING RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM k, src s WHERE NOT EXISTS (SELECT 1 "
    "     FROM contacts c WHERE c.org_id = k.org AND c.id = s.contact)) "
    "  AS skipped");

/* The posts whose voters are read: not one the source shows with no
 * upvote that was never changed after its creation (updatedAt is its
 * createdAt).  Such a post has no voter: a vote adds one to upvotes, a
 * post made with upvotes 0 has no vote of its author, a vote taken back
 * takes one off, and only a write of the post sets upvotes otherwise,
 * which moves updatedAt.  A fourth of the posts of a board have no vote
 * (bench/README.md, "Import"): their requests are saved. */
FB_SQL_WITH(imp_voted_posts, import_parents,
    "WITH k AS NOT MATERIALIZED (SELECT %s::text AS org, "
    "  %s::text AS family, %s::text AS after) "
    "SELECT i.id FROM k, import_ids i JOIN posts p ON p.org_id = i.org_id "
    "  AND p.id = i.id "
    "WHERE i.org_id = k.org AND i.family = k.family "
    "  AND i.id > COALESCE(k.after, '') "
    "  AND (p.upvotes > 0 OR p.updated_at <> p.created_at) "
    "ORDER BY i.id LIMIT 200");

/* Comments, oldest first (a reply comes after the comment it answers),
 * on posts and on changelogs (imported before them); one on a changelog
 * that is not here, or a reply to one, is skipped. */
FB_SQL_WITH(imp_comments, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, \"postId\" text, \"changelogId\" text, "
    "    \"parentCommentId\" text, content text, _text text, author jsonb, "
    "    upvotes integer, downvotes integer, \"isPrivate\" boolean, "
    "    \"isDeleted\" boolean, \"isPinned\" boolean, \"inReview\" boolean, "
    "    \"isSpam\" boolean, \"createdAt\" timestamptz, "
    "    \"updatedAt\" timestamptz)), "
    "kept AS (SELECT s.* FROM k, src s WHERE s.\"postId\" IS NOT NULL "
    "    OR EXISTS (SELECT 1 FROM changelogs c WHERE c.org_id = k.org "
    "               AND c.id = s.\"changelogId\")), "
    "v AS (SELECT s.*, "
    "    CASE WHEN s.author ->> 'type' = 'admin' THEN NULL "
    "         ELSE s.author ->> 'id' END AS contact, "
    "    CASE WHEN s.author ->> 'type' = 'admin' THEN "
    "      " IMP_ADMIN("s.author ->> 'id'") " END AS admin "
    "    FROM k, kept s WHERE s.\"parentCommentId\" IS NULL "
    "      OR EXISTS (SELECT 1 FROM kept o "
    "                 WHERE o.id = s.\"parentCommentId\") "
    "      OR EXISTS (SELECT 1 FROM comments c WHERE c.org_id = k.org "
    "                 AND c.id = s.\"parentCommentId\")), "
    "up AS (INSERT INTO comments AS t (org_id, id, post_id, changelog_id, "
    "        parent_comment_id, content, content_text, author_contact_id, "
    "        author_admin_id, upvotes, downvotes, is_private, is_deleted, "
    "        is_pinned, in_review, is_spam, created_at, updated_at) "
    "    SELECT k.org, v.id, v.\"postId\", "
    "      CASE WHEN v.\"postId\" IS NULL THEN v.\"changelogId\" END, "
    "      v.\"parentCommentId\", "
    "      COALESCE(v.content, ''), COALESCE(v._text, ''), v.contact, "
    "      v.admin, COALESCE(v.upvotes, 0), COALESCE(v.downvotes, 0), "
    "      COALESCE(v.\"isPrivate\", false), "
    "      COALESCE(v.\"isDeleted\", false), "
    "      COALESCE(v.\"isPinned\", false), COALESCE(v.\"inReview\", false), "
    "      COALESCE(v.\"isSpam\", false), v.\"createdAt\", v.\"updatedAt\" "
    "    FROM k, v "
    "    ON CONFLICT (org_id, id) DO UPDATE SET content = EXCLUDED.content, "
    "      content_text = EXCLUDED.content_text, "
    "      author_contact_id = EXCLUDED.author_contact_id, "
    "      author_admin_id = EXCLUDED.author_admin_id, "
    "      upvotes = EXCLUDED.upvotes, downvotes = EXCLUDED.downvotes, "
    "      is_private = EXCLUDED.is_private, "
    "      is_deleted = EXCLUDED.is_deleted, "
    "      is_pinned = EXCLUDED.is_pinned, in_review = EXCLUDED.in_review, "
    "      is_spam = EXCLUDED.is_spam, created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.content, t.author_contact_id, t.author_admin_id, "
    "           t.upvotes, t.downvotes, t.is_private, t.is_deleted, "
    "           t.is_pinned, t.in_review, t.is_spam, t.created_at, "
    "           t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.content, EXCLUDED.author_contact_id, "
    "           EXCLUDED.author_admin_id, EXCLUDED.upvotes, "
    "           EXCLUDED.downvotes, EXCLUDED.is_private, "
    "           EXCLUDED.is_deleted, EXCLUDED.is_pinned, "
    "           EXCLUDED.in_review, EXCLUDED.is_spam, EXCLUDED.created_at, "
    "           EXCLUDED.updated_at) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, "
    "  (SELECT count(*) FROM src) - (SELECT count(*) FROM v) AS skipped");

/* Teams, with their members (admins, as the admins family mapped
 * them) in the order they joined.  The API renders no time of a team:
 * a new team's creation time keeps the source's list order (newest
 * first) and is never rewritten. */
FB_SQL_WITH(imp_teams, import_page,
    IMP_K
    ", src AS (SELECT r.*, n FROM k, jsonb_array_elements(k.page) "
    "    WITH ORDINALITY AS x(e, n), "
    "    jsonb_to_record(x.e) AS r(id text, name text, color text, "
    "      icon jsonb, members jsonb)), "
    "up AS (INSERT INTO teams AS t (org_id, id, name, color, icon, "
    "        created_at) "
    "    SELECT k.org, s.id, s.name, COALESCE(s.color, '#6B7280'), "
    "      NULLIF(s.icon, 'null'), now() - s.n * interval '1 millisecond' "
    "    FROM k, src s "
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, "
    "      color = EXCLUDED.color, icon = EXCLUDED.icon, "
    "      updated_at = now() "
    "    WHERE (t.name, t.color, t.icon) IS DISTINCT FROM "
    "      (EXCLUDED.name, EXCLUDED.color, EXCLUDED.icon) "
    "    RETURNING 1), "
    "m AS (SELECT s.id AS team, " IMP_ADMIN("a.admin") " AS admin, "
    "    min(a.n) AS n FROM k, src s, "
    "    jsonb_array_elements_text(COALESCE(s.members, '[]')) "
    "      WITH ORDINALITY AS a(admin, n) GROUP BY 1, 2), "
    "joined AS (INSERT INTO team_members (org_id, team_id, admin_id, "
    "        added_at) "
    "    SELECT k.org, m.team, m.admin, "
    "      now() + m.n * interval '1 microsecond' FROM k, m "
    "    WHERE EXISTS (SELECT 1 FROM admins a WHERE a.org_id = k.org "
    "                  AND a.id = m.admin) "
    "    ON CONFLICT DO NOTHING RETURNING 1), "
    "gone AS (DELETE FROM team_members tm USING k, src s "
    "    WHERE tm.org_id = k.org AND tm.team_id = s.id "
    "      AND NOT EXISTS (SELECT 1 FROM m WHERE m.team = s.id "
    "                      AND m.admin = tm.admin_id) RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) + (SELECT count(*) FROM joined) "
    "  + (SELECT count(*) FROM gone) AS written, "
    "  (SELECT count(*) FROM k, m WHERE NOT EXISTS (SELECT 1 FROM admins a "
    "     WHERE a.org_id = k.org AND a.id = m.admin)) AS skipped");

/* Brands.  The source's default brand is the default here: the
 * organization's own default, if another, stops being it first (one
 * default at a time). */
FB_SQL_WITH(imp_brands_before, import_page,
    IMP_K
    "UPDATE brands b SET is_default = false, updated_at = now() FROM k "
    "WHERE b.org_id = k.org AND b.is_default "
    "  AND EXISTS (SELECT 1 FROM jsonb_array_elements(k.page) e "
    "              WHERE (e ->> 'isDefault')::boolean "
    "                AND e ->> 'id' <> b.id)");

FB_SQL_WITH(imp_brands, import_page,
    IMP_K
    ", src AS (SELECT r.* FROM k, jsonb_to_recordset(k.page) AS r("
    "    id text, name text, \"isDefault\" boolean, "
    "    \"helpCenterId\" text, \"senderEmailAddressId\" text, "
    "    \"createdAt\" timestamptz, \"updatedAt\" timestamptz)), "
    "up AS (INSERT INTO brands AS t (org_id, id, name, is_default, "
    "        help_center_id, sender_email_address_id, created_at, "
    "        updated_at) "
    "    SELECT k.org, s.id, s.name, COALESCE(s.\"isDefault\", false), "
    "      s.\"helpCenterId\", s.\"senderEmailAddressId\", s.\"createdAt\", "
    "      s.\"updatedAt\" FROM k, src s "
    "    ON CONFLICT (org_id, id) DO UPDATE SET name = EXCLUDED.name, "
    "      is_default = EXCLUDED.is_default, "
    "      help_center_id = EXCLUDED.help_center_id, "
    "      sender_email_address_id = EXCLUDED.sender_email_address_id, "
    "      created_at = EXCLUDED.created_at, "
    "      updated_at = EXCLUDED.updated_at "
    "    WHERE (t.name, t.is_default, t.help_center_id, "
    "           t.sender_email_address_id, t.created_at, t.updated_at) "
    "      IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.is_default, "
    "           EXCLUDED.help_center_id, EXCLUDED.sender_email_address_id, "
    "           EXCLUDED.created_at, EXCLUDED.updated_at) "
    "    RETURNING 1) "
    "SELECT (SELECT count(*) FROM up) AS written, 0 AS skipped");

const fb_statement_t *const imp_statements[] = {
    &fb_sql_imp_admins, &fb_sql_imp_companies, &fb_sql_imp_contacts,
    &fb_sql_imp_boards, &fb_sql_imp_post_statuses_before,
    &fb_sql_imp_post_statuses, &fb_sql_imp_post_statuses_after,
    &fb_sql_imp_custom_fields, &fb_sql_imp_tags, &fb_sql_imp_post_tags,
    &fb_sql_imp_posts, &fb_sql_imp_voted_posts, &fb_sql_imp_post_voters,
    &fb_sql_imp_comments,
    &fb_sql_imp_teams, &fb_sql_imp_brands_before, &fb_sql_imp_brands,
    &fb_sql_imp_roles, &fb_sql_imp_changelog_locales,
    &fb_sql_imp_changelogs, &fb_sql_imp_changelog_drafts,
    &fb_sql_imp_surveys, &fb_sql_imp_survey_responses,
    &fb_sql_imp_help_centers_before, &fb_sql_imp_help_centers,
    &fb_sql_imp_help_collections, &fb_sql_imp_help_collection_parents,
    &fb_sql_imp_help_articles, &fb_sql_imp_help_redirect_rules,
    NULL
};

/* In the order they depend on each other. */
const imp_family_t imp_families[] = {
    {.name = "admins", .list = "/admins", .paging = IMP_ONE_PAGE,
     .claims = 1, .write = &fb_sql_imp_admins,
     .differs = "the organization's own admins stay, imported ones are "
                "Viewers"},
    {.name = "roles", .list = "/admins/roles", .paging = IMP_ONE_PAGE,
     .claims = 1, .write = &fb_sql_imp_roles,
     .differs = "the built-in roles are the organization's own (matched "
                "by name)",
     .skipped_why = "a custom role whose name a role here has"},
    {.name = "companies", .list = "/companies", .paging = IMP_CURSOR,
     .claims = 1, .write = &fb_sql_imp_companies,
     .skipped_why = "a company whose companyId another company here has"},
    {.name = "contacts", .list = "/contacts",
     .query = "contactType=customer", .paging = IMP_CURSOR, .claims = 1,
     .write = &fb_sql_imp_contacts},
    {.name = "leads", .list = "/contacts", .query = "contactType=lead",
     .paging = IMP_CURSOR, .claims = 1, .write = &fb_sql_imp_contacts},
    {.name = "boards", .list = "/boards", .paging = IMP_ONE_PAGE,
     .claims = 1, .write = &fb_sql_imp_boards},
    {.name = "post_statuses", .list = "/post_statuses",
     .paging = IMP_ONE_PAGE, .claims = 1,
     .before = &fb_sql_imp_post_statuses_before,
     .write = &fb_sql_imp_post_statuses,
     .after = &fb_sql_imp_post_statuses_after},
    {.name = "custom_fields", .list = "/custom_fields",
     .paging = IMP_ONE_PAGE, .claims = 1,
     .write = &fb_sql_imp_custom_fields},
    {.name = "tags", .list = "/tags", .paging = IMP_ONE_PAGE, .claims = 1,
     .write = &fb_sql_imp_tags,
     .skipped_why = "a tag whose name another tag here has"},
    /* inReview=true lists every post, those in review too. */
    {.name = "posts", .list = "/posts", .query = "inReview=true",
     .paging = IMP_CURSOR, .claims = 1, .text_of = "content",
     .prepare = imp_content_files,
     .before = &fb_sql_imp_post_tags, .write = &fb_sql_imp_posts},
    {.name = "post_voters", .list = "/posts/%s/voters",
     .paging = IMP_CURSOR, .parent = "posts",
     .parents = &fb_sql_imp_voted_posts, .write = &fb_sql_imp_post_voters,
     .skipped_why = "a voter the contacts list did not show"},
    /* Each locale's list (the parents are the locales), then the
     * drafts of published locales that differ (their paths, noted by
     * the changelogs under the name changelog_drafts). */
    {.name = "changelogs", .list = "/changelogs?locale=%s",
     .query = "state=all", .paging = IMP_CURSOR, .parent = "locales",
     .parents = &fb_sql_imp_changelog_locales, .claims = 1,
     .text_of = "content", .prepare = imp_content_files,
     .write = &fb_sql_imp_changelogs,
     .skipped_why = "a changelog's locale whose slug another here has"},
    {.name = "changelog_drafts", .list = "/changelogs/%s",
     .query = "state=draft", .paging = IMP_OBJECT,
     .parent = "changelog_drafts", .text_of = "content",
     .prepare = imp_content_files,
     .write = &fb_sql_imp_changelog_drafts},
    {.name = "comments", .list = "/comments",
     .query = "sortBy=old&privacy=all&inReview=true", .paging = IMP_CURSOR,
     .claims = 1, .text_of = "content",
     .prepare = imp_content_files, .write = &fb_sql_imp_comments,
     .skipped_why = "a comment on a post or changelog the lists did not "
                    "show, or a reply to one"},
    {.name = "teams", .list = "/teams", .paging = IMP_ONE_PAGE,
     .claims = 1, .write = &fb_sql_imp_teams,
     .skipped_why = "a team's member the admins list did not show"},
    {.name = "brands", .list = "/brands", .paging = IMP_CURSOR,
     .claims = 1, .before = &fb_sql_imp_brands_before,
     .write = &fb_sql_imp_brands,
     .differs = "the organization's own brands stay (the default is the "
                "source's)"},
    /* Ticket fields, categories and statuses, conversations, their parts
     * (the conversation as GET renders it: its 500 newest parts),
     * tickets: import_inbox.c. */
    {.name = "ticket_fields", .list = "/tickets/custom_fields",
     .paging = IMP_ONE_PAGE, .claims = 1, .write = &fb_sql_imp_ticket_fields},
    {.name = "ticket_categories", .list = "/tickets/categories",
     .paging = IMP_ONE_PAGE, .claims = 1,
     .write = &fb_sql_imp_ticket_categories,
     .after = &fb_sql_imp_ticket_categories_after},
    {.name = "ticket_statuses", .list = "/tickets/statuses",
     .paging = IMP_ONE_PAGE, .claims = 1,
     .before = &fb_sql_imp_ticket_statuses_before,
     .write = &fb_sql_imp_ticket_statuses,
     .after = &fb_sql_imp_ticket_statuses_after},
    {.name = "conversations", .list = "/conversations",
     .paging = IMP_CURSOR, .write = &fb_sql_imp_conversations,
     .after = &fb_sql_imp_conversations_after,
     .skipped_why = "a conversation whose number one of this "
                    "organization's own has"},
    {.name = "conversation_parts", .list = "/conversations/%s",
     .paging = IMP_OBJECT, .parent = "conversations",
     .parents = &fb_sql_imp_conversation_ids,
     .prepare = imp_inbox_parts_files,
     .before = &fb_sql_imp_conversation_parts_before,
     .write = &fb_sql_imp_conversation_parts,
     .skipped_why = "a conversation of 500 parts or more (older parts "
                    "are not shown: see the notes), or a part whose id "
                    "another conversation here has"},
    {.name = "tickets", .list = "/tickets",
     .query = "sortBy=date&sortOrder=asc", .paging = IMP_CURSOR,
     .claims = 1, .text_of = "content", .prepare = imp_inbox_ticket_files,
     .write = &fb_sql_imp_tickets, .after = &fb_sql_imp_tickets_after,
     .skipped_why = "a ticket whose number another ticket here has, or "
                    "whose category or status was not imported"},
    {.name = "surveys", .list = "/surveys", .paging = IMP_CURSOR,
     .claims = 1, .write = &fb_sql_imp_surveys},
    {.name = "survey_responses", .list = "/surveys/%s/responses",
     .paging = IMP_CURSOR, .parent = "surveys", .claims = 1,
     .write = &fb_sql_imp_survey_responses,
     .skipped_why = "a survey response whose user the contacts list did "
                    "not show (written without its user)"},
    /* The help center (import_help.c), when the source has one. */
    {.name = "help_centers", .list = "/help_center/help_centers",
     .paging = IMP_CURSOR, .claims = 1, .optional = 1,
     .before = &fb_sql_imp_help_centers_before,
     .write = &fb_sql_imp_help_centers,
     .skipped_why = "a help center the organization's own stands for (it "
                    "has collections, articles or redirect rules of its "
                    "own), a second one, or one whose custom domain "
                    "another organization here has (written without "
                    "it)"},
    {.name = "help_collections", .list = "/help_center/collections",
     .paging = IMP_CURSOR, .claims = 1, .optional = 1,
     .write = &fb_sql_imp_help_collections,
     .skipped_why = "a collection of a help center not imported"},
    {.name = "help_parents", .list = "/help_center/collections",
     .paging = IMP_CURSOR, .optional = 1,
     .write = &fb_sql_imp_help_collection_parents},
    {.name = "help_articles", .list = "/help_center/articles",
     .query = "state=all", .paging = IMP_CURSOR, .claims = 1,
     .optional = 1, .complete = imp_help_articles_complete,
     .write = &fb_sql_imp_help_articles,
     .skipped_why = "an article of a help center or collection not "
                    "imported"},
    {.name = "help_redirects", .list = "/help_center/redirect_rules",
     .paging = IMP_CURSOR, .claims = 1, .optional = 1,
     .write = &fb_sql_imp_help_redirect_rules,
     .skipped_why = "a redirect rule of a help center not imported, or "
                    "to an article or collection not imported"},
    {.name = NULL}
};
