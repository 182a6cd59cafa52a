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

-- Statement triggers running fn over the rows of table a statement
-- changed (the transition table "changed"): inserted, deleted, and both
-- sides of an update (a row may move to another owner).  A trigger with
-- transition tables takes one event and one of them, hence four.
CREATE FUNCTION fb_change_triggers(tbl regclass, fn text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t record;
BEGIN
    FOR t IN SELECT * FROM (VALUES ('inserted', 'INSERT', 'NEW'),
                                   ('deleted', 'DELETE', 'OLD'),
                                   ('updated_from', 'UPDATE', 'OLD'),
                                   ('updated_to', 'UPDATE', 'NEW'))
                           AS v (suffix, event, side)
    LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER %s ON %s '
                       'REFERENCING %s TABLE AS changed '
                       'FOR EACH STATEMENT EXECUTE FUNCTION %I()',
                       tbl::text || '_' || t.suffix, t.event, tbl, t.side,
                       fn);
    END LOOP;
END
$$;

SELECT fb_change_triggers('post_statuses', 'fb_render_version_bump');
SELECT fb_change_triggers('tags', 'fb_render_version_bump');
