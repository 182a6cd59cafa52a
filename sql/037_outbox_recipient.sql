-- 037: the pending emails of one recipient in an organization, which a
-- contact's deletion drops (contact_unmail): without this index the
-- statement read every pending email of every organization (the due
-- queue's index) to find them.
CREATE INDEX email_outbox_recipient ON email_outbox
    (org_id, (lower(recipient))) WHERE state = 'pending';
