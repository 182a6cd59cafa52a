-- 020: tickets, numbered per organization (fb_next_number, sql/001).

CREATE TABLE tickets (
    org_id            text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id                text NOT NULL DEFAULT fb_object_id(),
    number            bigint NOT NULL,
    category_id       text NOT NULL,
    title             text NOT NULL,
    -- Sanitized HTML, and its plain text for search.
    content           text NOT NULL DEFAULT '',
    content_text      text NOT NULL DEFAULT '',
    -- The author is a contact or an admin, or nobody (anonymized).
    author_contact_id text,
    author_admin_id   text,
    status_id         text NOT NULL,
    custom_fields     jsonb NOT NULL DEFAULT '{}',
    company_id        text,
    assignee_id       text,
    -- The conversation the ticket is linked to.  No foreign key yet:
    -- conversations arrive with their own issue, which adds it.
    linked_conversation_id text,
    open              boolean NOT NULL DEFAULT true,
    snoozed_until     timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    -- Any change of the ticket: the "recent" sort.
    updated_at        timestamptz NOT NULL DEFAULT now(),
    search            tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A')
        || setweight(to_tsvector('english', content_text), 'B')) STORED,
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, number),
    CHECK (author_contact_id IS NULL OR author_admin_id IS NULL),
    FOREIGN KEY (org_id, category_id)
        REFERENCES ticket_categories (org_id, id),
    FOREIGN KEY (org_id, status_id) REFERENCES ticket_statuses (org_id, id),
    FOREIGN KEY (org_id, author_contact_id) REFERENCES contacts (org_id, id)
        ON DELETE SET NULL (author_contact_id),
    FOREIGN KEY (org_id, author_admin_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (author_admin_id),
    FOREIGN KEY (org_id, company_id) REFERENCES companies (org_id, id)
        ON DELETE SET NULL (company_id),
    FOREIGN KEY (org_id, assignee_id) REFERENCES admins (org_id, id)
        ON DELETE SET NULL (assignee_id)
);
-- Keyset orders of the list (the number's is the unique constraint),
-- and the filters that narrow most.
CREATE INDEX tickets_created ON tickets (org_id, created_at, id);
CREATE INDEX tickets_recent ON tickets (org_id, updated_at, id);
CREATE INDEX tickets_category ON tickets (org_id, category_id, created_at,
                                          id);
CREATE INDEX tickets_status ON tickets (org_id, status_id, created_at, id);
CREATE INDEX tickets_assignee ON tickets (org_id, assignee_id, created_at,
                                          id)
    WHERE assignee_id IS NOT NULL;
CREATE INDEX tickets_search ON tickets USING gin (search);

-- Images in a ticket's content follow it as in posts (sql/014).
CREATE TRIGGER tickets_files_insert AFTER INSERT ON tickets FOR EACH ROW
    WHEN (NEW.content LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('content');
CREATE TRIGGER tickets_files_delete AFTER DELETE ON tickets FOR EACH ROW
    WHEN (OLD.content LIKE '%<img src="https://files.feedback.invalid/%')
    EXECUTE FUNCTION fb_files_follow_content('content');
CREATE TRIGGER tickets_files_update AFTER UPDATE ON tickets FOR EACH ROW
    WHEN (OLD.content IS DISTINCT FROM NEW.content)
    EXECUTE FUNCTION fb_files_follow_content('content');
