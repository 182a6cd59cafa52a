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

-- The operator's changes, each with its entry in its own transaction:
-- feedbackctl and the operator surface over HTTP (fb_operator.c) call
-- these, never the bare functions of sql/002.  p_operator names who
-- (feedbackctl:USER, operator:USER), p_address where from (NULL for
-- feedbackctl).
CREATE FUNCTION fb_op_org_create(p_name text, p_owner_email text,
                                 p_owner_name text, p_operator text,
                                 p_address text)
RETURNS TABLE (org_id text, admin_id text, api_key text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    m record;
BEGIN
    SELECT * INTO m FROM fb_org_create(p_name, p_owner_email, p_owner_name);
    PERFORM fb_audit_operator(m.org_id, 'organization.created',
                              'workspace_settings', p_operator,
                              'organization', m.org_id,
                              jsonb_build_object('ownerId', m.admin_id),
                              p_address, NULL);
    RETURN QUERY SELECT m.org_id, m.admin_id, m.api_key;
END
$$;

CREATE FUNCTION fb_op_admin_create(p_org text, p_name text, p_email text,
                                   p_builtin text, p_operator text,
                                   p_address text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    a text := fb_admin_create(p_org, p_name, p_email, p_builtin);
BEGIN
    IF a IS NOT NULL THEN
        PERFORM fb_audit_operator(p_org, 'teammate.invited',
                                  'team_management', p_operator, 'admin', a,
                                  jsonb_build_object('role', p_builtin),
                                  p_address, NULL);
    END IF;
    RETURN a;
END
$$;

CREATE FUNCTION fb_op_key_create(p_org text, p_admin text, p_operator text,
                                 p_address text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    k text := fb_api_key_create(p_org, p_admin);
BEGIN
    PERFORM fb_audit_operator(p_org, 'api_key.created', 'security',
                              p_operator, 'api_key', x.id,
                              jsonb_build_object('adminId', p_admin),
                              p_address, NULL)
    FROM api_keys x
    WHERE x.key_hash = encode(sha256(convert_to(k, 'UTF8')), 'hex');
    RETURN k;
END
$$;

CREATE FUNCTION fb_op_key_revoke(p_key_or_id text, p_operator text,
                                 p_address text) RETURNS int
LANGUAGE sql VOLATILE AS $$
    WITH r AS (
        UPDATE api_keys SET revoked_at = now()
        WHERE revoked_at IS NULL
          AND (id = p_key_or_id
               OR key_hash = encode(sha256(convert_to(p_key_or_id, 'UTF8')),
                                    'hex'))
        RETURNING org_id, id)
    SELECT count(*)::int
    FROM r, LATERAL fb_audit_operator(r.org_id, 'api_key.deleted', 'security',
                                      p_operator, 'api_key', r.id, NULL,
                                      p_address, NULL) a
$$;
