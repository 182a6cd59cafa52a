-- 030: what a post is rendered with besides its own row, its
-- organization's statuses and tags, is kept by each httpd child
-- (fb_vcache.h) and checked against organizations.render_version, which
-- every read of posts returns with its rows.  Any change to a status or a
-- tag bumps the version in the same transaction.  Versions come from one
-- sequence, so a number is never used twice, not even by a write that
-- rolled back after a child had cached what it saw.
CREATE SEQUENCE render_versions;

ALTER TABLE organizations
    ADD COLUMN render_version bigint NOT NULL
        DEFAULT nextval('render_versions');

CREATE FUNCTION fb_render_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- One bump per organization a statement touched.  An organization
    -- being deleted is already gone: nothing to bump.
    UPDATE organizations o SET render_version = nextval('render_versions')
    WHERE o.id IN (SELECT org_id FROM changed);
    RETURN NULL;
END
$$;

-- A trigger with transition tables fires for one event only, hence one
-- per event and table.
CREATE TRIGGER post_statuses_inserted AFTER INSERT ON post_statuses
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
CREATE TRIGGER post_statuses_updated AFTER UPDATE ON post_statuses
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
CREATE TRIGGER post_statuses_deleted AFTER DELETE ON post_statuses
    REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
CREATE TRIGGER tags_inserted AFTER INSERT ON tags
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
CREATE TRIGGER tags_updated AFTER UPDATE ON tags
    REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
CREATE TRIGGER tags_deleted AFTER DELETE ON tags
    REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION fb_render_version_bump();
