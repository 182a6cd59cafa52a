-- The statements of modules/resources/conversations/conversations_reply.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_r_lock (scoped; varchar, varchar)
SELECT id, channel, disable_customer_reply, state FROM conversations
WHERE org_id = $1 AND id = $2 FOR UPDATE;

-- conversation_r_user (scoped; varchar, varchar)
SELECT id, is_blocked FROM contacts
WHERE org_id = $1 AND user_id = $2 AND type = 'customer';
