-- The statements of modules/resources/reports/report_values.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- report_values (scoped; varchar, varchar, varchar, varchar, integer) named (form, q, selected, limit)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS form, $3::text AS q, $4::jsonb AS selected),
named AS (
  SELECT x.id, x.name FROM conversation_tags x, k
  WHERE x.org_id = k.org_id AND k.form = 'conversation.tags'
  UNION ALL SELECT x.id, x.name FROM teams x, k
  WHERE x.org_id = k.org_id AND k.form = 'conversation.team'
  UNION ALL SELECT x.id, x.name FROM admins x, k
  WHERE x.org_id = k.org_id AND k.form IN ('conversation.assignee',
    'reply.admin', 'ticket.assignee')
  UNION ALL SELECT x.id, x.name FROM brands x, k
  WHERE x.org_id = k.org_id AND k.form = 'conversation.brand'
  UNION ALL SELECT x.id, x.name FROM ticket_categories x, k
  WHERE x.org_id = k.org_id AND k.form = 'ticket.category'
  UNION ALL SELECT x.id, x.name FROM ticket_statuses x, k
  WHERE x.org_id = k.org_id AND k.form = 'ticket.status'
  UNION ALL SELECT x.id, x.name FROM companies x, k
  WHERE x.org_id = k.org_id AND k.form = 'ticket.company'
  UNION ALL SELECT x.id, x.name FROM boards x, k
  WHERE x.org_id = k.org_id AND k.form = 'post.board'
  UNION ALL SELECT x.id, x.name FROM post_statuses x, k
  WHERE x.org_id = k.org_id AND k.form = 'post.status'
  UNION ALL SELECT x.id, x.name FROM tags x, k
  WHERE x.org_id = k.org_id AND k.form = 'post.tags')
SELECT n.id, n.name, coalesce(k.selected ? n.id, false) AS selected
FROM named n, k
WHERE coalesce(k.selected ? n.id, false) OR k.q IS NULL
  OR strpos(lower(n.name), lower(k.q)) > 0
ORDER BY 3 DESC, lower(n.name), n.id LIMIT $5;
