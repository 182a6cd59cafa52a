-- The statements of modules/domain/bulk_mail.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- bulk_mail_queue (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar)
INSERT INTO email_outbox (org_id, kind, preference, recipient,
  subject, body_html, body_text, dedupe_key, headers, post_id,
  changelog_id)
SELECT $1, $2, $3, r.email, $4,
  replace($5, '{{unsubscribe}}',
          replace(r.link, '&', '&amp;')),
  replace($6, '{{unsubscribe}}', r.link),
  $7 || r.email,
  jsonb_build_object('List-Unsubscribe', '<' || r.link || '>',
    'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
  $8, $9
FROM unnest($10::text[], $11::text[]) AS r(email, link)
ON CONFLICT DO NOTHING;
