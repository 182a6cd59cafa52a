-- The statements of modules/resources/tickets/tickets.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_list_date_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.created_at
 DESC, t.id DESC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.created_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.created_at
 DESC, t.id DESC;

-- ticket_list_date_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.created_at, t.id) < (fb_ts_from_key($7), $8)
 ORDER BY
t.created_at
 DESC, t.id DESC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.created_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.created_at
 DESC, t.id DESC;

-- ticket_list_date_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.created_at
 ASC, t.id ASC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.created_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.created_at
 ASC, t.id ASC;

-- ticket_list_date_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.created_at, t.id) > (fb_ts_from_key($7), $8)
 ORDER BY
t.created_at
 ASC, t.id ASC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.created_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.created_at
 ASC, t.id ASC;

-- ticket_list_recent_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.updated_at
 DESC, t.id DESC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.updated_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.updated_at
 DESC, t.id DESC;

-- ticket_list_recent_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.updated_at, t.id) < (fb_ts_from_key($7), $8)
 ORDER BY
t.updated_at
 DESC, t.id DESC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.updated_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.updated_at
 DESC, t.id DESC;

-- ticket_list_recent_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.updated_at
 ASC, t.id ASC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.updated_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.updated_at
 ASC, t.id ASC;

-- ticket_list_recent_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.updated_at, t.id) > (fb_ts_from_key($7), $8)
 ORDER BY
t.updated_at
 ASC, t.id ASC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
fb_ts_key(t.updated_at)
 AS sort_key, t.id FROM page t
ORDER BY
t.updated_at
 ASC, t.id ASC;

-- ticket_list_number_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.number
 DESC, t.id DESC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
t.number::text
 AS sort_key, t.id FROM page t
ORDER BY
t.number
 DESC, t.id DESC;

-- ticket_list_number_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.number, t.id) < ($7::bigint, $8)
 ORDER BY
t.number
 DESC, t.id DESC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
t.number::text
 AS sort_key, t.id FROM page t
ORDER BY
t.number
 DESC, t.id DESC;

-- ticket_list_number_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
 ORDER BY
t.number
 ASC, t.id ASC
 LIMIT $7)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $8)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
t.number::text
 AS sort_key, t.id FROM page t
ORDER BY
t.number
 ASC, t.id ASC;

-- ticket_list_number_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS categories,
  $3::text[] AS statuses, $4::text AS q, $5::text AS assignee,
  $6::text AS kind)
, page AS (SELECT t.* FROM tickets t, k
WHERE t.org_id = k.org_id
AND (k.categories IS NULL OR t.category_id = ANY (k.categories))
AND (k.statuses IS NULL OR t.status_id = ANY (k.statuses))
AND (k.q IS NULL
     OR t.search @@ websearch_to_tsquery('english', k.q))
AND (k.assignee IS NULL OR t.assignee_id = k.assignee)
AND (k.kind IS NULL OR t.category_id IN (
  SELECT b.id FROM ticket_categories b
  WHERE b.org_id = k.org_id AND b.category_type = k.kind))
AND (t.number, t.id) > ($7::bigint, $8)
 ORDER BY
t.number
 ASC, t.id ASC
 LIMIT $9)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $10)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json)),
t.number::text
 AS sort_key, t.id FROM page t
ORDER BY
t.number
 ASC, t.id ASC;

-- ticket_get (scoped; varchar, varchar, varchar)
WITH one AS (SELECT * FROM tickets t
  WHERE t.org_id = $1 AND t.number = $2::bigint)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $3)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json))
 FROM one t;

-- ticket_get_one (scoped; varchar, varchar, varchar)
WITH one AS (SELECT * FROM tickets t
  WHERE t.org_id = $1 AND t.number = $2::bigint)
SELECT
json_build_object('object', 'ticket', 'id', t.id, 'ticketNumber', t.number,
'title', t.title, 'content', t.content,
'ticketCategoryId', t.category_id, 'categoryType',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id),
'ticketUrl', COALESCE((SELECT o.portal_url FROM organizations o
                       WHERE o.id = t.org_id), $3)
             || '/tickets/' || t.number,
'author',
CASE WHEN
t.author_contact_id IS NOT NULL THEN (
  SELECT json_build_object('id', c.id, 'name', c.name,
         'email', c.email, 'profilePicture', c.profile_picture,
         'type', c.type)
  FROM contacts c
  WHERE c.org_id =
t.org_id
    AND c.id =
t.author_contact_id)
WHEN
t.author_admin_id IS NOT NULL THEN (
  SELECT json_build_object('id', a.id, 'name', a.name,
         'email', a.email, 'profilePicture', a.profile_picture,
         'type', 'admin')
  FROM admins a
  WHERE a.org_id =
t.org_id
    AND a.id =
t.author_admin_id) END,
'status', (SELECT
json_build_object('object', 'post_status', 'id', s.id, 'name', s.name,
'color', s.color, 'type', s.type, 'isDefault', s.is_default)
 FROM ticket_statuses s
           WHERE s.org_id = t.org_id AND s.id = t.status_id),
'customFields', t.custom_fields, 'companyId', t.company_id,
'assigneeId', t.assignee_id, 'teamAssigneeId', NULL::text,
'open', t.open, 'snoozedUntil', fb_iso(t.snoozed_until),
'linkedConversations', CASE WHEN t.linked_conversation_id IS NULL
  THEN '[]'::json ELSE json_build_array(json_build_object(
    'id', t.linked_conversation_id, 'role',
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id))) END,
'createdAt', fb_iso(t.created_at), 'updatedAt', fb_iso(t.updated_at),
'integrations', json_build_object('linear', '[]'::json,
  'jira', '[]'::json, 'clickup', '[]'::json, 'github', '[]'::json,
  'devops', '[]'::json, 'hubspot', '[]'::json),
'conversationParts', COALESCE((SELECT
COALESCE((SELECT jsonb_agg(x.j ORDER BY x.created_at, x.n) FROM (
  SELECT
(jsonb_build_object('object', 'conversation_part', 'id', pt.id,
  'partType', pt.part_type, 'createdAt', fb_iso(pt.created_at),
  'updatedAt', fb_iso(pt.updated_at))
 || CASE WHEN pt.author_kind IS NULL THEN pt.data
    ELSE jsonb_build_object('author',
COALESCE(CASE pt.author_kind WHEN 'contact' THEN (
  SELECT jsonb_build_object('type', a.type, 'id', a.id,
    'name', a.name, 'profilePicture', a.profile_picture)
    || CASE WHEN a.email IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('email', a.email) END
  FROM contacts a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id)
WHEN 'admin' THEN (
  SELECT jsonb_build_object('type', 'admin', 'id', a.id,
    'name', a.name, 'email', a.email,
    'profilePicture', a.profile_picture)
  FROM admins a
  WHERE a.org_id = pt.org_id AND a.id = pt.author_id) END,
  jsonb_build_object('type', CASE pt.author_kind WHEN 'admin'
    THEN 'admin' ELSE 'customer' END, 'id', pt.author_id)),
      'redacted', pt.redacted, 'bodyHtml', pt.body_html,
      'bodyMarkdown', pt.body_markdown)
      || CASE WHEN pt.part_type = 'admin_note' THEN '{}'::jsonb
         ELSE jsonb_build_object('channel', pt.channel) END END)
 AS j, pt.created_at, pt.n
  FROM conversation_parts pt
  WHERE pt.org_id = cv.org_id AND pt.conversation_id = cv.id
  AND
pt.part_type IN ('user_msg', 'admin_msg', 'email_msg', 'admin_note')
 ORDER BY pt.created_at DESC, pt.n DESC
  LIMIT
500) x), '[]'::jsonb)
 FROM conversations cv
  WHERE cv.org_id = t.org_id AND cv.id = t.linked_conversation_id),
  '[]'::jsonb))
 FROM one t;

-- ticket_conversation_first (scoped; varchar, varchar, varchar)
SELECT cv.id FROM tickets t JOIN conversations cv
  ON cv.org_id = t.org_id AND cv.id = t.linked_conversation_id
WHERE t.org_id = $1 AND t.number = $2::bigint
AND (NOT $3::boolean OR
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id)
 = 'customer')
FOR UPDATE OF cv;
