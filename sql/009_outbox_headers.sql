-- The background worker's email delivery (modules/jobs/fb_job_email.c).
--
-- headers: extra header fields of one email, a JSON object of strings
-- (List-Unsubscribe and List-Unsubscribe-Post for bulk mail, RFC 8058).
-- The fields the module writes itself (From, To, Subject, Date, ...) may
-- not be given here: such a row is marked failed.
ALTER TABLE email_outbox ADD COLUMN headers jsonb
    CHECK (headers IS NULL OR jsonb_typeof(headers) = 'object');

-- preference: the email preference category a recipient can opt out of
-- (postUpdates, postComments, commentReplies, changelog), or NULL for
-- emails no preference governs (notifications to admins).  Preferences
-- are checked when the email is queued and again when it is sent, so an
-- address that opted out in between is not mailed (the row is skipped).
ALTER TABLE email_outbox ADD COLUMN preference text
    CHECK (preference IN ('postUpdates', 'postComments', 'commentReplies',
                          'changelog'));

-- Whether p_recipient may be sent an email of category p_preference in
-- p_org:
-- no contact with that address has opted out of it (or of all email).
CREATE FUNCTION fb_email_recipient_allowed(p_org text, p_recipient text,
                                           p_preference text)
RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT p_preference IS NULL OR NOT EXISTS (
        SELECT 1 FROM contacts c
        WHERE c.org_id = p_org AND lower(c.email) = lower(p_recipient)
          AND (NOT fb_email_allowed(c.email_preferences, p_preference)
               OR (p_preference = 'changelog'
                   AND c.manually_opted_out_from_changelog)))
$$;

-- A pending row is due when its lease_until has passed (the lease of a
-- claim, or after a failure the time of the next attempt), or at once when
-- it has none.  The worker claims the oldest due row; this index holds
-- exactly the pending rows in that order.
CREATE INDEX email_outbox_due ON email_outbox
    ((coalesce(lease_until, created_at))) WHERE state = 'pending';
