-- The statements of modules/resources/tickets/ticket_categories.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_category_get (scoped; varchar, varchar)
SELECT
b.id,
b.name,
b.icon,
b.admin_only,
to_json(b.segments),
to_json(b.allowed_roles),
to_json(b.denied_roles),
b.posting_enabled,
b.comments_enabled,
b.created_dates_visible,
b.default_visibility,
to_json(b.custom_field_ids),
COALESCE(b.localization -> 'name', '{}'),
b.localization -> 'description',
b.localization -> 'formPlaceholder',
b.localization -> 'heroTitle',
b.localization -> 'heroDescription',
b.localization -> 'submitButtonText',
b.created_at AT TIME ZONE 'UTC',
b.category_type
 FROM ticket_categories b
WHERE b.org_id = $1 AND b.id = $2;

-- ticket_category_list (scoped; varchar)
SELECT
b.id,
b.name,
b.icon,
b.admin_only,
to_json(b.segments),
to_json(b.allowed_roles),
to_json(b.denied_roles),
b.posting_enabled,
b.comments_enabled,
b.created_dates_visible,
b.default_visibility,
to_json(b.custom_field_ids),
COALESCE(b.localization -> 'name', '{}'),
b.localization -> 'description',
b.localization -> 'formPlaceholder',
b.localization -> 'heroTitle',
b.localization -> 'heroDescription',
b.localization -> 'submitButtonText',
b.created_at AT TIME ZONE 'UTC',
b.category_type
 FROM ticket_categories b
WHERE b.org_id = $1 ORDER BY b.created_at DESC, b.id DESC;

-- ticket_category_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO
ticket_categories
 (org_id,
category_type,
 name, icon, admin_only,
  segments, allowed_roles, denied_roles, posting_enabled,
  comments_enabled, created_dates_visible, default_visibility,
  custom_field_ids, localization)
SELECT a.org_id,
a.b ->> 'supportBoardType',
 a.b ->> 'name', a.b -> 'icon',
  coalesce(g.admin_only::boolean, false),
  coalesce(g.segments, '{}'),
  coalesce(g.allowed, '{}'), coalesce(g.denied, '{}'),
  coalesce(g.posting::boolean, true),
  coalesce(g.comments::boolean, true),
  coalesce(g.dates::boolean, true),
  coalesce(g.visibility, 'public'), coalesce(g.fields, '{}'),
  jsonb_build_object('name', jsonb_build_object(o.default_locale,
    a.b ->> 'name')) || coalesce(a.b -> 'localization', '{}')
FROM a JOIN organizations o ON o.id = a.org_id,
  LATERAL (SELECT
a.b #>> '{access,adminOnly}',
fb_text_array(a.b #> '{access,segments}'),
fb_text_array(a.b #> '{access,allowedRoles}'),
fb_text_array(a.b #> '{access,deniedRoles}'),
a.b #>> '{features,postingEnabled}',
a.b #>> '{features,commentsEnabled}',
a.b #>> '{features,createdDatesVisible}',
a.b #>> '{postDefaults,visibility}',
fb_text_array(a.b -> 'customFields'))
AS g(admin_only, segments, allowed, denied, posting, comments,
     dates, visibility, fields)
RETURNING id;

-- ticket_category_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE
ticket_categories
 x SET
  name = coalesce(a.b ->> 'name', x.name),
  icon = CASE WHEN a.b ? 'icon' THEN nullif(a.b -> 'icon', 'null')
    ELSE x.icon END,
  admin_only = coalesce(g.admin_only::boolean, x.admin_only),
  segments = coalesce(g.segments, x.segments),
  allowed_roles = coalesce(g.allowed, x.allowed_roles),
  denied_roles = coalesce(g.denied, x.denied_roles),
  posting_enabled = coalesce(g.posting::boolean,
    x.posting_enabled),
  comments_enabled = coalesce(g.comments::boolean,
    x.comments_enabled),
  created_dates_visible = coalesce(g.dates::boolean,
    x.created_dates_visible),
  default_visibility = coalesce(g.visibility,
    x.default_visibility),
  custom_field_ids = coalesce(g.fields, x.custom_field_ids),
  localization = x.localization
    || coalesce(a.b -> 'localization', '{}'),
  updated_at = now()
FROM a, LATERAL (SELECT
a.b #>> '{access,adminOnly}',
fb_text_array(a.b #> '{access,segments}'),
fb_text_array(a.b #> '{access,allowedRoles}'),
fb_text_array(a.b #> '{access,deniedRoles}'),
a.b #>> '{features,postingEnabled}',
a.b #>> '{features,commentsEnabled}',
a.b #>> '{features,createdDatesVisible}',
a.b #>> '{postDefaults,visibility}',
fb_text_array(a.b -> 'customFields'))
AS g(admin_only, segments, allowed, denied, posting, comments,
     dates, visibility, fields)
WHERE x.org_id = a.org_id AND x.id = a.id;

-- ticket_category_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'customFields', 'unknown_custom_field', f
FROM a, jsonb_array_elements_text(coalesce(a.b -> 'customFields',
                                           '[]')) f
WHERE NOT EXISTS (SELECT 1 FROM custom_fields c
  WHERE c.org_id = a.org_id AND c.id = f
    AND c.scope = 'ticket')
LIMIT 1;

-- ticket_category_in_use (scoped; varchar, varchar)
SELECT 'has_tickets', count(*) FROM tickets
WHERE org_id = $1 AND category_id = $2 HAVING count(*) > 0;

-- ticket_category_lock (scoped; varchar, varchar)
SELECT id FROM
ticket_categories
 WHERE org_id = $1 AND id = $2
FOR UPDATE;

-- ticket_category_lock_change (scoped; varchar, varchar)
SELECT id FROM
ticket_categories
 WHERE org_id = $1 AND id = $2
FOR NO KEY UPDATE;

-- ticket_category_remove (scoped; varchar, varchar)
DELETE FROM
ticket_categories
 WHERE org_id = $1 AND id = $2;
