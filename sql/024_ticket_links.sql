-- 024: a ticket's linked conversation is a real one of its organization.
-- Deleting the conversation (DELETE /conversations/{id}) unlinks it; a
-- ticket's deletion decides itself what becomes of the conversation.

-- Links made before conversations existed cannot be (creates refused
-- them), but a dangling one would stop the constraint: drop it.
UPDATE tickets t SET linked_conversation_id = NULL
WHERE linked_conversation_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM conversations c
                  WHERE c.org_id = t.org_id
                    AND c.id = t.linked_conversation_id);

ALTER TABLE tickets ADD CONSTRAINT tickets_linked_conversation
    FOREIGN KEY (org_id, linked_conversation_id)
    REFERENCES conversations (org_id, id)
    ON DELETE SET NULL (linked_conversation_id);

-- The constraint's check when a conversation goes, and the reply's
-- lookup by conversation.
CREATE INDEX tickets_linked_conversation
    ON tickets (org_id, linked_conversation_id)
    WHERE linked_conversation_id IS NOT NULL;
