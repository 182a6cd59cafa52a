-- The statements of modules/core/fb_events.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- fb_event_insert (scoped; varchar, varchar, varchar, varchar, varchar)
WITH e AS (
  INSERT INTO events (org_id, topic, item, changes)
  VALUES ($1, $2, $3::jsonb, COALESCE($4::jsonb, '[]'::jsonb))
  RETURNING org_id, id, topic),
k AS (SELECT $5::jsonb AS reasons)
INSERT INTO webhook_deliveries (org_id, webhook_id, event_id, state,
                                last_error)
SELECT e.org_id, w.id, e.id,
  CASE w.status WHEN 'active' THEN 'pending' ELSE 'skipped' END,
  CASE w.status WHEN 'active' THEN NULL
    ELSE k.reasons->>w.status END
FROM k, e JOIN webhooks w ON w.org_id = e.org_id
  AND w.topics @> ARRAY[e.topic];
