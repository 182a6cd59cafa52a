-- Benchmark data for one organization, made beforehand with
-- `feedbackctl org create`: a handful of boards and 1,000 brands.
--
--   psql "$FEEDBACK_DB" -v ON_ERROR_STOP=1 -v org=ORG_ID -f bench/gen.sql
--
-- Every brand has its own created_at (one second and one millisecond
-- apart, all before the organization was made), so that the list order
-- and its cursors are exact.  The boards look like the demo ones: icons,
-- localization and custom field ids, so that the board JSON is of a
-- realistic size.

BEGIN;

INSERT INTO custom_fields (org_id, id, label, type, placeholder, options)
VALUES
    (:'org', 'b0000000000000000000cf01', 'Priority', 'select', NULL,
     '[{"id": "b0000000000000000000cf11", "label": "Low"},
       {"id": "b0000000000000000000cf12", "label": "High"}]'),
    (:'org', 'b0000000000000000000cf02', 'Plan', 'text',
     'Which plan are you on?', '[]');

INSERT INTO boards (org_id, name, icon, admin_only, segments,
                    posting_enabled, default_visibility, custom_field_ids,
                    localization, created_at)
SELECT :'org',
       'Board ' || i,
       CASE i % 3
           WHEN 0 THEN '{"type": "emoji", "value": "💡"}'::jsonb
           WHEN 1 THEN '{"type": "icon", "value": "bug"}'::jsonb
           ELSE NULL
       END,
       i = 5,
       CASE WHEN i % 2 = 0 THEN ARRAY['enterprise', 'beta']
            ELSE '{}'::text[] END,
       i <> 5,
       CASE WHEN i = 5 THEN 'authorOnly' ELSE 'public' END,
       ARRAY['b0000000000000000000cf01', 'b0000000000000000000cf02'],
       jsonb_build_object(
           'name', jsonb_build_object('en', 'Board ' || i,
                                      'de', 'Tafel ' || i),
           'description', jsonb_build_object('en', 'Ideas for area ' || i),
           'submitButtonText', jsonb_build_object('en', 'Submit idea')),
       timestamptz '2025-01-01 00:00:00+00' + i * interval '1 hour'
FROM generate_series(1, 5) AS i;

INSERT INTO brands (org_id, name, help_center_id, sender_email_address_id,
                    created_at, updated_at)
SELECT :'org',
       'Brand ' || lpad(i::text, 4, '0'),
       CASE WHEN i % 2 = 0 THEN 'c1' || lpad(to_hex(i), 22, '0') END,
       CASE WHEN i % 3 = 0 THEN 'e1' || lpad(to_hex(i), 22, '0') END,
       timestamptz '2025-01-01 00:00:00+00' + i * interval '1.001 second',
       timestamptz '2025-06-01 00:00:00+00' + i * interval '1 second'
FROM generate_series(1, 1000) AS i;

COMMIT;

ANALYZE custom_fields;
ANALYZE boards;
ANALYZE brands;
