-- The statements of modules/resources/tickets/tickets_reply.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- ticket_r_ticket (scoped; varchar, varchar)
SELECT linked_conversation_id FROM tickets
WHERE org_id = $1 AND number = $2::bigint FOR KEY SHARE;

-- ticket_r_conversation (scoped; varchar, varchar)
SELECT channel, state, disable_customer_reply FROM conversations
WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- ticket_r_contact_id (scoped; varchar, varchar)
SELECT id, is_blocked FROM contacts WHERE org_id = $1 AND id = $2;

-- ticket_r_contact_email (scoped; varchar, varchar)
SELECT id, is_blocked FROM contacts
WHERE org_id = $1 AND lower(email) = lower($2)
ORDER BY type <> 'customer', created_at, id LIMIT 1;
