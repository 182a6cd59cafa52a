-- The statements of modules/resources/conversations/conversation_participants.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_pa_by_user (scoped; varchar, varchar)
SELECT id FROM contacts WHERE org_id = $1 AND user_id = $2
AND type = 'customer';

-- conversation_pa_by_email (scoped; varchar, varchar)
SELECT id FROM contacts WHERE org_id = $1 AND email IS NOT NULL
AND lower(email) = lower($2) AND type = 'customer'
ORDER BY created_at, id LIMIT 1;

-- conversation_pa_join (scoped; varchar, varchar, varchar) named (conversation, contact)
WITH k AS (SELECT $1::text AS org_id, $2::text AS conversation,
  $3::text AS contact)
SELECT jsonb_build_object('participant', jsonb_build_object(
  'id', c.id, 'type', c.type))::text
FROM contacts c, k WHERE c.org_id = k.org_id AND c.id = k.contact
AND fb_conversation_join(k.org_id, k.conversation, 'contact',
                         k.contact);

-- conversation_pa_leave (scoped; varchar, varchar, varchar) named (conversation, contact)
DELETE FROM conversation_participants p
USING (SELECT $1::text AS org_id, $2::text AS conversation,
  $3::text AS contact) k
WHERE p.org_id = k.org_id AND p.conversation_id = k.conversation
AND p.kind = 'contact' AND p.user_id = k.contact;
