-- 035: conversation attribute definitions: the stable ids conversations'
-- customAttributes are keyed by, their names, subtypes and options
-- (docs/decisions.md, "Conversation attributes").
--
-- A definition is never deleted, only archived: values stay keyed by its
-- id, hidden from answers while it is archived, shown again when it is
-- not.  identifier is the definition's machine name, unique in the
-- organization and never changed.

CREATE TABLE conversation_attributes (
    org_id         text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id             text NOT NULL DEFAULT fb_object_id(),
    identifier     text NOT NULL,
    name           text NOT NULL,
    field_sub_type text NOT NULL
                   CHECK (field_sub_type IN ('text', 'number', 'select',
                                             'multi-select', 'checkbox',
                                             'date')),
    -- [{id, label}] for select and multi-select; [] for the others.
    options        jsonb NOT NULL DEFAULT '[]',
    archived       boolean NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, identifier)
);
-- The list, oldest first.
CREATE INDEX conversation_attributes_order
    ON conversation_attributes (org_id, created_at, id);

-- The conversations holding a value of an attribute (custom_attributes ?
-- id), so that a change of its options drops the values it no longer
-- has by probing instead of reading every conversation (btree_gin, sql/026,
-- puts the organization first).
CREATE INDEX conversations_custom_attributes
    ON conversations USING gin (org_id, custom_attributes);
