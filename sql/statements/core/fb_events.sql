-- The statements of modules/core/fb_events.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- fb_event_insert (scoped; varchar, varchar, varchar, varchar, varchar) named (topic, item, changes, reasons)
WITH k AS NOT MATERIALIZED (SELECT $1::text AS org_id,
  $2::text AS topic, $3::jsonb AS item, $4::jsonb AS changes,
  $5::jsonb AS reasons),
e AS (
  INSERT INTO events (org_id, topic, item, changes)
  SELECT k.org_id, k.topic, k.item, COALESCE(k.changes, '[]'::jsonb)
  FROM k RETURNING org_id, id, topic)
INSERT INTO webhook_deliveries (org_id, webhook_id, event_id, state,
                                last_error)
SELECT e.org_id, w.id, e.id,
  CASE w.status WHEN 'active' THEN 'pending' ELSE 'skipped' END,
  CASE w.status WHEN 'active' THEN NULL
    ELSE k.reasons->>w.status END
FROM k, e JOIN webhooks w ON w.org_id = e.org_id
  AND w.topics @> ARRAY[e.topic];
