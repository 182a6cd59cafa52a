-- 019: what a help desk is set up with: ticket categories (boards of
-- tickets, each of one kind), ticket statuses, and ticket custom fields
-- (custom_fields rows of scope 'ticket', sql/001).  Seeded for every
-- organization, new ones included, and for the demo.

-- The columns of boards (sql/001), so that a category renders as a board
-- does, plus its kind.
CREATE TABLE ticket_categories (
    org_id                text NOT NULL REFERENCES organizations
                          ON DELETE CASCADE,
    id                    text NOT NULL DEFAULT fb_object_id(),
    category_type         text NOT NULL
                          CHECK (category_type IN ('customer', 'tracker',
                                                   'back-office')),
    name                  text NOT NULL,
    icon                  jsonb,
    admin_only            boolean NOT NULL DEFAULT false,
    segments              text[] NOT NULL DEFAULT '{}',
    allowed_roles         text[] NOT NULL DEFAULT '{}',
    denied_roles          text[] NOT NULL DEFAULT '{}',
    posting_enabled       boolean NOT NULL DEFAULT true,
    comments_enabled      boolean NOT NULL DEFAULT true,
    created_dates_visible boolean NOT NULL DEFAULT true,
    default_visibility    text NOT NULL DEFAULT 'public'
                          CHECK (default_visibility IN ('public',
                                                        'authorOnly',
                                                        'companyOnly')),
    custom_field_ids      text[] NOT NULL DEFAULT '{}',
    localization          jsonb NOT NULL DEFAULT '{}',
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);

-- The columns of post_statuses (sql/001).
CREATE TABLE ticket_statuses (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id          text NOT NULL DEFAULT fb_object_id(),
    name        text NOT NULL,
    color       text NOT NULL,
    type        text NOT NULL CHECK (type IN ('reviewing', 'unstarted',
                                              'active', 'completed',
                                              'canceled')),
    is_default  boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX ticket_statuses_one_default ON ticket_statuses (org_id)
    WHERE is_default;

-- The statuses and one category of each kind every organization starts
-- with.  The categories are made one after the other, so that their
-- creation times order them as listed.
CREATE FUNCTION fb_ticket_setup_seed(p_org text) RETURNS void
LANGUAGE sql VOLATILE AS $$
    INSERT INTO ticket_statuses (org_id, name, color, type, is_default)
    VALUES (p_org, 'Submitted', 'Gray', 'reviewing', true),
           (p_org, 'Planned', 'Sky', 'unstarted', false),
           (p_org, 'In Progress', 'Purple', 'active', false),
           (p_org, 'Resolved', 'Green', 'completed', false),
           (p_org, 'Closed', 'Red', 'canceled', false);
    INSERT INTO ticket_categories (org_id, category_type, name, icon,
                                   localization, created_at)
    SELECT p_org, v.kind, v.name, v.icon::jsonb,
           jsonb_build_object('name', jsonb_build_object('en', v.name)),
           now() + v.n * interval '1 microsecond'
    FROM (VALUES (0, 'customer', 'Customer Support',
                  '{"type": "icon", "value": "question"}'),
                 (1, 'tracker', 'Bug Tracker',
                  '{"type": "icon", "value": "bug"}'),
                 (2, 'back-office', 'Back Office', NULL))
         AS v (n, kind, name, icon);
$$;

-- New organizations are seeded as they are made (fb_org_create, or any
-- other insert), existing ones now.
CREATE FUNCTION fb_ticket_setup_on_org() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM fb_ticket_setup_seed(NEW.id);
    RETURN NULL;
END
$$;
CREATE TRIGGER organizations_ticket_setup AFTER INSERT ON organizations
    FOR EACH ROW EXECUTE FUNCTION fb_ticket_setup_on_org();
SELECT fb_ticket_setup_seed(id) FROM organizations;

-- The demo adds ticket custom fields of each kind a form needs (a file
-- field taking several files among them) to its categories.  The demo
-- seed so far keeps running first, under a name of its own.
ALTER FUNCTION fb_demo_seed(text) RENAME TO fb_demo_seed_before_tickets;
CREATE FUNCTION fb_demo_seed(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    f_order text;
    f_severity text;
    f_screens text;
    f_invoice text;
BEGIN
    PERFORM fb_demo_seed_before_tickets(p_org);
    INSERT INTO custom_fields (org_id, scope, label, type, required,
                               placeholder)
    VALUES (p_org, 'ticket', 'Order number', 'text', false, 'ORD-0000')
    RETURNING id INTO f_order;
    INSERT INTO custom_fields (org_id, scope, label, type, options)
    VALUES (p_org, 'ticket', 'Severity', 'select',
            jsonb_build_array(
                jsonb_build_object('id', fb_object_id(), 'label', 'Low'),
                jsonb_build_object('id', fb_object_id(), 'label', 'High')))
    RETURNING id INTO f_severity;
    INSERT INTO custom_fields (org_id, scope, label, type, allow_multiple)
    VALUES (p_org, 'ticket', 'Screenshots', 'file', true)
    RETURNING id INTO f_screens;
    INSERT INTO custom_fields (org_id, scope, label, type, internal, public)
    VALUES (p_org, 'ticket', 'Invoice', 'file', true, false)
    RETURNING id INTO f_invoice;
    UPDATE ticket_categories SET custom_field_ids = CASE category_type
        WHEN 'customer' THEN ARRAY[f_order, f_screens]
        WHEN 'tracker' THEN ARRAY[f_severity, f_screens]
        ELSE ARRAY[f_invoice] END
    WHERE org_id = p_org;
END
$$;
