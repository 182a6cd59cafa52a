-- The statements of modules/resources/conversations/conversation_search_rows.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_search_window (scoped; varchar, varchar, varchar) named (ids, matches)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text[] AS ids, $3::text[] AS matches)
SELECT
s.id,
w.id,
CASE WHEN w.redacted THEN NULL
ELSE left(w.body_markdown,
280) END,
NOT w.redacted
AND coalesce(length(w.body_markdown), 0) >
280,
w.created_at AT TIME ZONE 'UTC',
w.part_type,
w.author_kind,
w.author_id,
s.o
FROM k, unnest(k.ids, k.matches) WITH ORDINALITY s(id,
  match_id, o),
LATERAL (SELECT y.*, max(CASE WHEN y.id = s.match_id THEN y.i END)
    OVER () AS a
  FROM (SELECT pt.id, pt.created_at, pt.part_type, pt.redacted,
      pt.body_markdown, pt.author_kind, pt.author_id,
      row_number() OVER (ORDER BY pt.created_at, pt.n) AS i,
      count(*) OVER () AS t
    FROM conversation_parts pt WHERE pt.org_id = k.org_id
    AND pt.conversation_id = s.id
    AND pt.part_type IN
('user_msg', 'admin_msg', 'admin_note', 'email_msg')) y) w
WHERE w.i >=
greatest(1, least(coalesce(w.a - 15, w.t), w.t - 29))
 AND w.i <
greatest(1, least(coalesce(w.a - 15, w.t), w.t - 29))
 + 30
ORDER BY s.o, w.i;

-- conversation_search_people (scoped; varchar, varchar, varchar) named (contacts, admins)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text[] AS contacts, $3::text[] AS admins)
SELECT 'contact' AS kind, a.id, a.type, a.name, a.email,
  a.profile_picture, CASE WHEN a.type <> 'customer' THEN NULL
  ELSE ARRAY(SELECT ARRAY[co.id, co.name]
    FROM contact_companies cc JOIN companies co
      ON co.org_id = cc.org_id AND co.id = cc.company_id
    WHERE cc.org_id = a.org_id AND cc.contact_id = a.id
    ORDER BY cc.added_at, co.id) END AS companies
FROM k, contacts a WHERE a.org_id = k.org_id
AND a.id = ANY (k.contacts)
UNION ALL SELECT 'admin', a.id, 'admin', a.name, a.email,
  a.profile_picture, NULL
FROM k, admins a WHERE a.org_id = k.org_id AND a.id = ANY (k.admins);
