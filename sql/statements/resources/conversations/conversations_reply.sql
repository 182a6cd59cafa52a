-- The statements of modules/resources/conversations/conversations_reply.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- conversation_r_gather (scoped; varchar, varchar, varchar, varchar, varchar) named (id, admin, contact, user_id)
SELECT c.id, c.channel, c.disable_customer_reply, c.state, a.id,
  coalesce(ci.id, cu.id), coalesce(ci.is_blocked, cu.is_blocked)
FROM (SELECT $1::text AS org_id, $2::text AS id, $3::text AS admin,
  $4::text AS contact, $5::text AS user_id) k
JOIN conversations c ON c.org_id = k.org_id AND c.id = k.id
LEFT JOIN admins a ON a.org_id = k.org_id AND a.id = k.admin
LEFT JOIN contacts ci ON ci.org_id = k.org_id AND ci.id = k.contact
LEFT JOIN contacts cu ON cu.org_id = k.org_id
  AND cu.user_id = k.user_id AND cu.type = 'customer'
FOR NO KEY UPDATE OF c;
