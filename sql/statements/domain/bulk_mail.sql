-- The statements of modules/domain/bulk_mail.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- bulk_mail_queue (scoped; varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar, varchar) named (kind, list, subject, html, text, dedupe, post_id, changelog_id, emails, links)
INSERT INTO email_outbox (org_id, kind, preference, recipient,
  subject, body_html, body_text, dedupe_key, headers, post_id,
  changelog_id)
SELECT k.org_id, k.kind, k.list, r.email, k.subject,
  replace(k.html, '{{unsubscribe}}',
          replace(r.link, '&', '&amp;')),
  replace(k.text, '{{unsubscribe}}', r.link),
  k.dedupe || r.email,
  jsonb_build_object('List-Unsubscribe', '<' || r.link || '>',
    'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
  k.post_id, k.changelog_id
FROM (SELECT $1::text AS org_id, $2::text AS kind, $3::text AS list,
  $4::text AS subject, $5::text AS html, $6::text AS text,
  $7::text AS dedupe, $8::text AS post_id, $9::text AS changelog_id,
  $10::text[] AS emails, $11::text[] AS links) k,
  unnest(k.emails, k.links) AS r(email, link)
ON CONFLICT DO NOTHING;
