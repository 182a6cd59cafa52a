-- The statements of modules/resources/conversation_attributes/conversation_attributes.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_attribute_get (scoped; varchar, varchar)
SELECT
x.id, x.identifier, x.name, x.field_sub_type, x.options, x.archived,
x.created_at AT TIME ZONE 'UTC', x.updated_at AT TIME ZONE 'UTC'
 FROM conversation_attributes x
WHERE x.org_id = $1 AND x.id = $2;

-- conversation_attribute_list (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::boolean AS archived)
SELECT
x.id, x.identifier, x.name, x.field_sub_type, x.options, x.archived,
x.created_at AT TIME ZONE 'UTC', x.updated_at AT TIME ZONE 'UTC'
 FROM conversation_attributes x, k
WHERE x.org_id = k.org_id AND (k.archived OR NOT x.archived)
ORDER BY x.created_at, x.id;

-- conversation_attribute_serialize (scoped; varchar)
SELECT pg_advisory_xact_lock(hashtextextended('manage:conversation_attribute:' || $1, 0));

-- conversation_attribute_lock (scoped; varchar, varchar)
SELECT id FROM conversation_attributes
WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- conversation_attribute_insert (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
INSERT INTO conversation_attributes (org_id, identifier, name,
  field_sub_type, options)
SELECT a.org_id, a.b ->> 'identifier', a.b ->> 'name',
  a.b ->> 'fieldSubType', coalesce((SELECT coalesce(jsonb_agg(jsonb_build_object(
   'id', coalesce(o ->> 'id', fb_object_id()),
   'label', o ->> 'label') ORDER BY n), '[]')
 FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY
   AS e(o, n)), '[]')
FROM a RETURNING id;

-- conversation_attribute_update (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
x AS (UPDATE conversation_attributes x SET
  name = coalesce(a.b ->> 'name', x.name),
  options = CASE WHEN a.b ? 'options'
    THEN coalesce((SELECT coalesce(jsonb_agg(jsonb_build_object(
   'id', coalesce(o ->> 'id', fb_object_id()),
   'label', o ->> 'label') ORDER BY n), '[]')
 FROM jsonb_array_elements(a.b -> 'options') WITH ORDINALITY
   AS e(o, n)), '[]') ELSE x.options END,
  archived = coalesce((a.b ->> 'archived')::boolean, x.archived),
  updated_at = now()
  FROM a WHERE x.org_id = a.org_id AND x.id = a.id
  RETURNING x.org_id, x.id, x.field_sub_type,
    ARRAY(SELECT o ->> 'id' FROM jsonb_array_elements(x.options) o)
      AS ids, a.b ? 'options' AS reoptioned),
v AS (SELECT c.org_id, c.id, x.id AS attribute,
  c.custom_attributes -> x.id AS was,
  CASE WHEN x.field_sub_type = 'select' THEN
    CASE WHEN (c.custom_attributes ->> x.id) = ANY (x.ids)
      THEN c.custom_attributes -> x.id END
  ELSE (SELECT jsonb_agg(e.o ORDER BY e.n)
    FROM jsonb_array_elements_text(c.custom_attributes -> x.id)
      WITH ORDINALITY AS e(o, n) WHERE e.o = ANY (x.ids)) END AS kept
  FROM x JOIN conversations c ON c.org_id = x.org_id
  AND c.custom_attributes ? x.id
  WHERE x.reoptioned
  AND x.field_sub_type IN ('select', 'multi-select'))
UPDATE conversations c SET
  custom_attributes = CASE WHEN v.kept IS NULL
    THEN c.custom_attributes - v.attribute
    ELSE jsonb_set(c.custom_attributes, ARRAY[v.attribute], v.kept)
  END, updated_at = now()
FROM v WHERE c.org_id = v.org_id AND c.id = v.id
AND v.kept IS DISTINCT FROM v.was;

-- conversation_attribute_refs (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
,
t AS (SELECT coalesce(a.b ->> 'fieldSubType', x.field_sub_type) AS t,
  x.id IS NULL AS made, x.options
  FROM a LEFT JOIN conversation_attributes x
  ON x.org_id = a.org_id AND x.id = a.id)
SELECT 'options', 'not_for_type', t.t FROM a, t
WHERE t.t NOT IN ('select', 'multi-select')
AND jsonb_array_length(coalesce(a.b -> 'options', '[]')) > 0
UNION ALL
SELECT 'options', 'options_needed', t.t FROM a, t
WHERE t.t IN ('select', 'multi-select')
AND (t.made OR a.b ? 'options')
AND jsonb_array_length(coalesce(a.b -> 'options', '[]')) = 0
UNION ALL
SELECT 'options', 'unknown_option', o ->> 'id'
FROM a, t, jsonb_array_elements(a.b -> 'options') o
WHERE NOT t.made AND o ? 'id' AND NOT EXISTS (SELECT 1
  FROM jsonb_array_elements(t.options) h
  WHERE h ->> 'id' = o ->> 'id')
LIMIT 1;

-- conversation_attribute_conflicts (scoped; varchar, varchar, varchar) named (id, b)
WITH a AS (SELECT $1::text AS org_id, $2::text AS id,
  $3::jsonb AS b)
SELECT 'identifier_taken', x.identifier
FROM a JOIN conversation_attributes x ON x.org_id = a.org_id
AND x.identifier = a.b ->> 'identifier'
AND x.id IS DISTINCT FROM a.id;

-- conversation_attribute_values (scoped; varchar, varchar)
WITH k AS (SELECT $1::text AS org_id, $2::text[] AS ids)
SELECT x.id, x.field_sub_type, x.options, x.archived
FROM conversation_attributes x, k
WHERE x.org_id = k.org_id AND x.id = ANY (k.ids) FOR SHARE OF x;
