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

-- conversation_pa_join (scoped; varchar, varchar, varchar)
SELECT jsonb_build_object('participant', jsonb_build_object(
  'id', c.id, 'type', c.type))::text
FROM contacts c WHERE c.org_id = $1 AND c.id = $3
AND fb_conversation_join($1, $2, 'contact', $3);

-- conversation_pa_leave (scoped; varchar, varchar, varchar)
DELETE FROM conversation_participants WHERE org_id = $1
AND conversation_id = $2 AND kind = 'contact' AND user_id = $3;
