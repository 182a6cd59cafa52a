-- The statements of modules/resources/tickets/tickets.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_list_date_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.created_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.created_at
 DESC, t.id DESC;

-- ticket_list_date_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.created_at, t.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
t.created_at
 DESC, t.id DESC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.created_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.created_at
 DESC, t.id DESC;

-- ticket_list_date_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.created_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.created_at
 ASC, t.id ASC;

-- ticket_list_date_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.created_at, t.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
t.created_at
 ASC, t.id ASC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.created_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.created_at
 ASC, t.id ASC;

-- ticket_list_recent_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.updated_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.updated_at
 DESC, t.id DESC;

-- ticket_list_recent_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.updated_at, t.id) < (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
t.updated_at
 DESC, t.id DESC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.updated_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.updated_at
 DESC, t.id DESC;

-- ticket_list_recent_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.updated_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.updated_at
 ASC, t.id ASC;

-- ticket_list_recent_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.updated_at, t.id) > (fb_ts_from_key(k.after_key), k.after_id)
 ORDER BY
t.updated_at
 ASC, t.id ASC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
fb_ts_key(t.updated_at)
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.updated_at
 ASC, t.id ASC;

-- ticket_list_number_desc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
t.number::text
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.number
 DESC, t.id DESC;

-- ticket_list_number_desc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.number, t.id) < (k.after_key::bigint, k.after_id)
 ORDER BY
t.number
 DESC, t.id DESC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
t.number::text
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.number
 DESC, t.id DESC;

-- ticket_list_number_asc (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
t.number::text
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.number
 ASC, t.id ASC;

-- ticket_list_number_asc_after (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, integer) named (after_key, after_id, categories, statuses, q, assignee, kind, limit)
WITH k AS (SELECT $1::text AS org_id, $2::text AS after_key,
  $3::text AS after_id, $4::text[] AS categories,
  $5::text[] AS statuses, $6::text AS q, $7::text AS assignee,
  $8::text AS kind)
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
AND (t.number, t.id) > (k.after_key::bigint, k.after_id)
 ORDER BY
t.number
 ASC, t.id ASC
 LIMIT $9)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
t.number::text
 AS sort_key
 FROM
page
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
ORDER BY
t.number
 ASC, t.id ASC;

-- ticket_get (scoped; varchar, varchar)
SELECT
t.id,
t.number,
t.title,
t.content,
t.category_id,
b.category_type,
o.portal_url,
t.author_contact_id,
t.author_admin_id,
c.id,
c.name,
c.email,
c.profile_picture,
c.type,
a.id,
a.name,
a.email,
a.profile_picture,
's',
s.id,
s.name,
s.color,
s.type,
s.is_default,
t.custom_fields,
t.company_id,
t.assignee_id,
t.open,
t.snoozed_until AT TIME ZONE 'UTC',
t.linked_conversation_id,
t.created_at AT TIME ZONE 'UTC',
t.updated_at AT TIME ZONE 'UTC',
NULL
 AS sort_key
 FROM
tickets
 t
JOIN organizations o ON o.id = t.org_id
LEFT JOIN contacts
c
 ON
c.org_id =
t.org_id AND
c.id =
t.author_contact_id
LEFT JOIN admins
a
 ON
a.org_id =
t.org_id
AND
a.id =
t.author_admin_id
LEFT JOIN ticket_categories b
  ON b.org_id = t.org_id AND b.id = t.category_id
LEFT JOIN ticket_statuses s
  ON s.org_id = t.org_id AND s.id = t.status_id
WHERE t.org_id = $1 AND t.number = $2::bigint;

-- ticket_conversation_first (scoped; varchar, varchar, varchar) named (number, customer_only)
WITH k AS (SELECT $1::text AS org_id, $2::bigint AS number,
  $3::boolean AS customer_only)
SELECT cv.id FROM k, tickets t JOIN conversations cv
  ON cv.org_id = t.org_id AND cv.id = t.linked_conversation_id
WHERE t.org_id = k.org_id AND t.number = k.number
AND (NOT k.customer_only OR
(SELECT b.category_type FROM ticket_categories b
 WHERE b.org_id = t.org_id AND b.id = t.category_id)
 = 'customer')
FOR UPDATE OF cv;
