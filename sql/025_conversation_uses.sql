-- 025: what a team or brand being deleted is used by: the conversations
-- assigned to the team, and those of the brand (docs/decisions.md,
-- "Management extensions": such a delete is 409 naming how many).
CREATE INDEX conversations_team ON conversations (org_id, team_assignee_id)
    WHERE team_assignee_id IS NOT NULL;
CREATE INDEX conversations_brand ON conversations (org_id, brand_id);
