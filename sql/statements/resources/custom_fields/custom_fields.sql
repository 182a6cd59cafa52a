-- The statements of modules/resources/custom_fields/custom_fields.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- custom_field_get (scoped; varchar, varchar)
SELECT
f.id, f.label, f.type, f.required, f.allow_multiple, f.placeholder,
f.public, f.internal, f.options, f.created_at AT TIME ZONE 'UTC',
f.updated_at AT TIME ZONE 'UTC'
 FROM custom_fields f
WHERE f.org_id = $1 AND f.id = $2 AND f.scope = 'post';

-- custom_field_list (scoped; varchar)
SELECT
f.id, f.label, f.type, f.required, f.allow_multiple, f.placeholder,
f.public, f.internal, f.options, f.created_at AT TIME ZONE 'UTC',
f.updated_at AT TIME ZONE 'UTC'
 FROM custom_fields f
WHERE f.org_id = $1 AND f.scope = 'post'
ORDER BY f.created_at DESC, f.id DESC;

-- custom_field_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO custom_fields (org_id, scope, label, type, required,
  allow_multiple, placeholder, public, internal, options)
SELECT a.org_id, 'post', a.b ->> 'label', a.b ->> 'type',
  coalesce((a.b ->> 'required')::boolean, false),
  coalesce((a.b ->> 'allowMultiple')::boolean, false),
  a.b ->> 'placeholder',
  coalesce((a.b ->> 'public')::boolean, true),
  coalesce((a.b ->> 'internal')::boolean, false),
  coalesce((SELECT coalesce(jsonb_agg(jsonb_build_object(
   'id', coalesce(o ->> 'id', fb_object_id()),
   'label', o ->> 'label') ORDER BY n), '[]')
 FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY
   AS e(o, n)), '[]')
FROM a RETURNING id;

-- custom_field_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
UPDATE custom_fields x SET
  label = coalesce(a.b ->> 'label', x.label),
  required = coalesce((a.b ->> 'required')::boolean, x.required),
  allow_multiple = coalesce((a.b ->> 'allowMultiple')::boolean,
    x.allow_multiple),
  placeholder = CASE WHEN a.b ? 'placeholder'
    THEN a.b ->> 'placeholder' ELSE x.placeholder END,
  public = coalesce((a.b ->> 'public')::boolean, x.public),
  internal = coalesce((a.b ->> 'internal')::boolean, x.internal),
  options = CASE WHEN a.b ? 'options' THEN
(SELECT coalesce(jsonb_agg(jsonb_build_object(
   'id', coalesce(o ->> 'id', fb_object_id()),
   'label', o ->> 'label') ORDER BY n), '[]')
 FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY
   AS e(o, n))
    ELSE x.options END,
  updated_at = now()
FROM a WHERE x.org_id = a.org_id AND x.id = a.id;

-- custom_field_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT k, 'not_for_type', t
FROM a LEFT JOIN custom_fields x
  ON x.org_id = a.org_id AND x.id = a.id,
  LATERAL (SELECT coalesce(a.b ->> 'type', x.type) AS t) ty,
  unnest(ARRAY['options', 'placeholder']) k
WHERE a.b ? k AND jsonb_typeof(a.b -> k) <> 'null'
  AND NOT (k = 'options' AND t IN ('select', 'multi-select'))
  AND NOT (k = 'placeholder' AND t IN ('text', 'number'))
LIMIT 1;

-- custom_field_in_use (scoped; varchar, varchar)
SELECT 'used_by', name FROM
boards
 WHERE org_id = $1
  AND custom_field_ids @> ARRAY[$2::text] ORDER BY name;

-- custom_field_lock (scoped; varchar, varchar)
SELECT id FROM custom_fields
WHERE org_id = $1 AND id = $2 AND scope = 'post' FOR UPDATE;

-- custom_field_remove (scoped; varchar, varchar)
WITH d AS (DELETE FROM custom_fields
  WHERE org_id = $1 AND id = $2 AND scope = 'post'
  RETURNING org_id, id)
UPDATE
posts
 p SET custom_fields = p.custom_fields - d.id
FROM d WHERE p.org_id = d.org_id AND p.custom_fields ? d.id;
