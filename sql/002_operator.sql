-- 002: what the operator command (bin/feedbackctl) runs: organizations
-- with their built-in roles and Owner, API keys, and the demo data.

-- The permission flags of an admin role, in the API's listing order.
CREATE FUNCTION fb_permission_names() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY[
        'view_comments_private', 'manage_comments', 'manage_comments_private',
        'set_comment_pinned', 'moderate_comments', 'set_post_category',
        'set_post_pinned', 'set_post_eta', 'set_post_tags', 'set_post_author',
        'set_post_status', 'set_post_assignee', 'set_post_custom_fields',
        'post_vote_on_behalf', 'post_merge', 'post_import', 'post_export',
        'moderate_posts', 'view_users', 'manage_users', 'view_posts_private',
        'view_private_post_tags', 'manage_changelogs', 'manage_surveys',
        'manage_branding', 'manage_billing', 'manage_team_members',
        'manage_sso', 'manage_api', 'manage_statuses', 'manage_boards',
        'manage_post_tags', 'manage_custom_fields',
        'manage_moderation_settings', 'manage_roadmap', 'manage_user_roles',
        'manage_prioritization', 'manage_notifications',
        'manage_custom_domain', 'manage_integrations', 'use_integrations',
        'manage_help_center', 'auto_approve_posts', 'set_conversation_tags',
        'manage_conversation_tags']
$$;

-- Owner has every flag; Member every flag but the six that govern the
-- organization itself; Viewer none.
CREATE FUNCTION fb_builtin_permissions(p_builtin text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_object_agg(n, CASE p_builtin
        WHEN 'owner' THEN true
        WHEN 'member' THEN n <> ALL (ARRAY[
            'manage_billing', 'manage_sso', 'manage_api',
            'manage_team_members', 'manage_user_roles',
            'manage_custom_domain'])
        ELSE false END)
    FROM unnest(fb_permission_names()) AS n
$$;

-- A new API key: "sk_" and 40 base62 characters from the CSPRNG (bytes
-- at or above 248 are skipped so that every character is equally likely).
-- Only its SHA-256 is kept; the key is returned once.
CREATE FUNCTION fb_api_key_create(p_org text, p_admin text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    alphabet constant text :=
        '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    body text := '';
    pool bytea;
    i int;
    b int;
    k text;
BEGIN
    WHILE length(body) < 40 LOOP
        pool := gen_random_bytes(64);
        FOR i IN 0 .. 63 LOOP
            b := get_byte(pool, i);
            IF b < 248 AND length(body) < 40 THEN
                body := body || substr(alphabet, b % 62 + 1, 1);
            END IF;
        END LOOP;
    END LOOP;
    k := 'sk_' || body;
    INSERT INTO api_keys (org_id, admin_id, key_hash, prefix)
    VALUES (p_org, p_admin, encode(sha256(convert_to(k, 'UTF8')), 'hex'),
            left(k, 8));
    RETURN k;
END
$$;

-- Revokes a key named by its id or by the key itself; returns how many
-- keys were revoked (0 or 1).
CREATE FUNCTION fb_api_key_revoke(p_key_or_id text) RETURNS int
LANGUAGE sql VOLATILE AS $$
    WITH r AS (
        UPDATE api_keys SET revoked_at = now()
        WHERE revoked_at IS NULL
          AND (id = p_key_or_id
               OR key_hash = encode(sha256(convert_to(p_key_or_id, 'UTF8')),
                                    'hex'))
        RETURNING 1)
    SELECT count(*)::int FROM r
$$;

-- A new organization with its three built-in roles, its Owner, the
-- default post statuses, a default brand, and a first API key.
CREATE FUNCTION fb_org_create(p_name text, p_owner_email text,
                              p_owner_name text)
RETURNS TABLE (org_id text, admin_id text, api_key text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    o text;
    owner_role text;
    a text;
BEGIN
    INSERT INTO organizations (name) VALUES (p_name) RETURNING id INTO o;
    INSERT INTO roles (org_id, name, builtin, permissions)
    SELECT o, initcap(b), b, fb_builtin_permissions(b)
    FROM unnest(ARRAY['owner', 'member', 'viewer']) AS b;
    SELECT r.id INTO owner_role FROM roles r
    WHERE r.org_id = o AND r.builtin = 'owner';
    INSERT INTO admins (org_id, name, email, role_id)
    VALUES (o, p_owner_name, p_owner_email, owner_role) RETURNING id INTO a;
    INSERT INTO post_statuses (org_id, name, color, type, is_default)
    VALUES (o, 'In Review', 'Gray', 'reviewing', true),
           (o, 'Planned', 'Sky', 'unstarted', false),
           (o, 'In Progress', 'Purple', 'active', false),
           (o, 'Completed', 'Green', 'completed', false),
           (o, 'Rejected', 'Red', 'canceled', false);
    INSERT INTO brands (org_id, name, is_default) VALUES (o, p_name, true);
    RETURN QUERY SELECT o, a, fb_api_key_create(o, a);
END
$$;

-- An admin with a built-in role, for operators and the demo.
CREATE FUNCTION fb_admin_create(p_org text, p_name text, p_email text,
                                p_builtin text) RETURNS text
LANGUAGE sql VOLATILE AS $$
    INSERT INTO admins (org_id, name, email, role_id)
    SELECT p_org, p_name, p_email, r.id FROM roles r
    WHERE r.org_id = p_org AND r.builtin = p_builtin
    RETURNING id
$$;

-- Demo content so that every read-only endpoint has something to show.
CREATE FUNCTION fb_demo_seed(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    owner_id text;
    member_id text;
    cf_priority text;
    cf_plan text;
    t text;
BEGIN
    SELECT a.id INTO owner_id FROM admins a JOIN roles r
        ON r.org_id = a.org_id AND r.id = a.role_id
    WHERE a.org_id = p_org AND r.builtin = 'owner'
    ORDER BY a.created_at LIMIT 1;
    member_id := fb_admin_create(p_org, 'Morgan Member',
                                 'member@demo.example', 'member');
    PERFORM fb_admin_create(p_org, 'Vic Viewer', 'viewer@demo.example',
                            'viewer');

    INSERT INTO custom_fields (org_id, label, type, required, placeholder,
                               options)
    VALUES (p_org, 'Priority', 'select', false, NULL,
            jsonb_build_array(
                jsonb_build_object('id', fb_object_id(), 'label', 'Low'),
                jsonb_build_object('id', fb_object_id(), 'label', 'High')))
    RETURNING id INTO cf_priority;
    INSERT INTO custom_fields (org_id, label, type, required, placeholder)
    VALUES (p_org, 'Plan', 'text', false, 'Which plan are you on?')
    RETURNING id INTO cf_plan;
    INSERT INTO custom_fields (org_id, label, type, required)
    VALUES (p_org, 'Seats', 'number', false);

    INSERT INTO boards (org_id, name, icon, custom_field_ids, localization)
    VALUES
        (p_org, 'Feature Requests',
         '{"type": "emoji", "value": "💡"}',
         ARRAY[cf_priority, cf_plan],
         '{"name": {"en": "Feature Requests"},
           "description": {"en": "Ideas for the product"},
           "submitButtonText": {"en": "Submit idea"}}'),
        (p_org, 'Bug Reports', '{"type": "icon", "value": "bug"}',
         ARRAY[cf_priority],
         '{"name": {"en": "Bug Reports"}}');
    INSERT INTO boards (org_id, name, admin_only, posting_enabled,
                        default_visibility, localization)
    VALUES (p_org, 'Internal', true, false, 'authorOnly',
            '{"name": {"en": "Internal"}}');

    INSERT INTO teams (org_id, name, color, icon)
    VALUES (p_org, 'Support', '#3B82F6', '{"type": "emoji", "value": "🎧"}')
    RETURNING id INTO t;
    INSERT INTO team_members (org_id, team_id, admin_id)
    VALUES (p_org, t, owner_id), (p_org, t, member_id);
    INSERT INTO teams (org_id, name, color)
    VALUES (p_org, 'Engineering', '#10B981')
    RETURNING id INTO t;
    INSERT INTO team_members (org_id, team_id, admin_id)
    VALUES (p_org, t, member_id);

    INSERT INTO brands (org_id, name) VALUES (p_org, 'Acme Cloud'),
                                             (p_org, 'Acme Mobile');
END
$$;
