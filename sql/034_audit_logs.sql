-- 034: the audit log.  One row per write made with an admin's API key
-- (recorded by the module in the write's own transaction, fb_audit.h),
-- per change made on the operator surface (feedbackctl and the operator
-- HTTP calls, through fb_audit_operator below), and per refused-key
-- lockout of a client address (no organization: org_id NULL).
--
-- Entries are never changed: a trigger refuses UPDATE always and DELETE
-- except from the retention sweep (FeedbackAuditRetention), which says
-- so for its own transaction (feedback.audit_sweep).  No foreign key
-- ties an entry to what it names: the log outlives the admins, keys and
-- objects it speaks of.
CREATE TABLE audit_logs (
    org_id       text,
    id           text NOT NULL DEFAULT fb_object_id(),
    created_at   timestamptz NOT NULL DEFAULT now(),
    action       text NOT NULL,
    domain       text NOT NULL,
    -- api_key (an admin's key), system (an operator, a lockout)
    actor_type   text NOT NULL,
    actor_id     text,           -- the admin
    actor_email  text,
    actor_name   text,           -- the admin's; an operator's user
    key_id       text,
    key_name     text,
    target_type  text NOT NULL,
    target_id    text,
    metadata     jsonb NOT NULL DEFAULT '{}',
    ip_address   text,
    user_agent   text,
    request_id   text,
    PRIMARY KEY (id)
);

-- The list, newest first, and its filters; the sweep's oldest first.
CREATE INDEX audit_logs_org ON audit_logs (org_id, created_at, id);
CREATE INDEX audit_logs_action ON audit_logs (org_id, action, created_at, id);
CREATE INDEX audit_logs_domain ON audit_logs (org_id, domain, created_at, id);
CREATE INDEX audit_logs_age ON audit_logs (created_at);

CREATE FUNCTION fb_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE'
       AND current_setting('feedback.audit_sweep', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_logs is append-only (%)', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_logs_append_only
    BEFORE UPDATE OR DELETE ON audit_logs
    FOR EACH ROW EXECUTE FUNCTION fb_audit_append_only();
CREATE TRIGGER audit_logs_no_truncate
    BEFORE TRUNCATE ON audit_logs
    FOR EACH STATEMENT EXECUTE FUNCTION fb_audit_append_only();

-- An operator's change: who (the httpd user, or feedbackctl's), what,
-- from where.  Called in the statement that makes the change.
CREATE FUNCTION fb_audit_operator(p_org text, p_action text, p_domain text,
                                  p_operator text, p_target_type text,
                                  p_target_id text, p_metadata jsonb,
                                  p_address text, p_request text)
RETURNS void
LANGUAGE sql VOLATILE AS $$
    INSERT INTO audit_logs (org_id, action, domain, actor_type, actor_name,
                            target_type, target_id, metadata, ip_address,
                            request_id)
    VALUES (p_org, p_action, p_domain, 'system', p_operator, p_target_type,
            p_target_id, coalesce(p_metadata, '{}'), p_address, p_request)
$$;
