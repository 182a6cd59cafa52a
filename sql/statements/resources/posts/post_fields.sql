-- The statements of modules/resources/posts/post_fields.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- post_f_status (scoped; varchar, varchar)
SELECT
(SELECT s.id FROM post_statuses s WHERE s.org_id =
k.org_id
  AND (s.id =
k.given
 OR (k.given
 IS NULL AND s.is_default))
  LIMIT 1)
FROM (SELECT $1::text AS org_id, $2::text AS given) k;

-- post_f_tag_ids (scoped; varchar, varchar)
SELECT
(SELECT COALESCE(json_agg(t.id ORDER BY n.i), '[]'::json)
  FROM json_array_elements_text(k.names) WITH ORDINALITY
    AS n (name, i)
  LEFT JOIN tags t ON t.org_id =
k.org_id
    AND lower(t.name) = lower(n.name))::text
FROM (SELECT $1::text AS org_id, $2::json AS names) k;

-- post_f_tag_create (scoped; varchar, varchar)
INSERT INTO tags (org_id, name) VALUES ($1, $2)
ON CONFLICT (org_id, lower(name)) DO UPDATE SET name = tags.name
RETURNING id;

-- post_f_tag_link (scoped; varchar, varchar, varchar) named (post_id, ids)
INSERT INTO post_tags (org_id, post_id, tag_id)
SELECT DISTINCT k.org_id, k.post_id, t.id
FROM (SELECT $1::text AS org_id, $2::text AS post_id,
             $3::json AS ids) k,
  json_array_elements_text(k.ids) AS t (id)
ON CONFLICT DO NOTHING;
