-- The statements of modules/resources/conversations/conversations_create.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_c_insert (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (channel, delivered_as, subject, contact, at, attributes)
INSERT INTO conversations (org_id, id, brand_id, channel,
  delivered_as, subject, language, created_at, updated_at,
  custom_attributes)
SELECT k.org_id, fb_next_number(k.org_id, 'conversation')::text,
  (SELECT b.id FROM brands b WHERE b.org_id = k.org_id
   AND b.is_default), k.channel, k.delivered_as, k.subject,
  coalesce((SELECT c.locale FROM contacts c WHERE c.org_id = k.org_id
            AND c.id = k.contact), 'en'),
  coalesce(k.at, now()), coalesce(k.at, now()),
  coalesce(jsonb_strip_nulls(k.attributes), '{}')
FROM (SELECT $1::text AS org_id, $2::text AS channel,
  $3::text AS delivered_as, $4::text AS subject, $5::text AS contact,
  $6::timestamptz AS at, $7::jsonb AS attributes) k
RETURNING id;

-- conversation_c_join (scoped; varchar, varchar, varchar) named (conversation, contact)
SELECT fb_conversation_join(k.org_id, k.conversation, 'contact',
  k.contact)
FROM (SELECT $1::text AS org_id, $2::text AS conversation,
  $3::text AS contact) k;
