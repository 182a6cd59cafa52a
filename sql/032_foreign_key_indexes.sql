-- 032: an index for every foreign key, leading with its columns.  A
-- delete of the referenced row (a contact, an admin, a company) finds
-- the rows that name it through the key's own query; without such an
-- index that query reads every row of the organization in the table
-- (post_votes: every vote).  A contact's delete also locks the posts it
-- voted on, found the same way.  Keys that may be NULL get a partial
-- index: the lookups compare with =, which NULL never matches.
CREATE INDEX post_votes_contact ON post_votes (org_id, contact_id);
CREATE INDEX tickets_author_contact ON tickets (org_id, author_contact_id)
    WHERE author_contact_id IS NOT NULL;
CREATE INDEX tickets_author_admin ON tickets (org_id, author_admin_id)
    WHERE author_admin_id IS NOT NULL;
CREATE INDEX tickets_company ON tickets (org_id, company_id)
    WHERE company_id IS NOT NULL;
CREATE INDEX survey_responses_contact ON survey_responses (org_id, contact_id)
    WHERE contact_id IS NOT NULL;
CREATE INDEX team_members_admin ON team_members (org_id, admin_id);
CREATE INDEX api_keys_admin ON api_keys (org_id, admin_id);
