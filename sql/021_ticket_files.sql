-- 021: the files of ticket file fields live as long as the value that
-- names them, as images do in content (sql/014).
--
-- A file value is {key, name} (an array of them for a field taking
-- several files); no other custom field value is an object, so the keys
-- of a ticket's files are the "key" members one level down.  Files are
-- stored before the write that uses them (each in a transaction of its
-- own): the write attaches them; a change that drops a value, or the
-- ticket's deletion, deletes them; files of a write that failed are
-- swept an hour on (file_store.h).

-- The keys of the stored files of a ticket's custom field values.
CREATE FUNCTION fb_ticket_file_keys(fields jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT k), '{}')
    FROM jsonb_path_query(coalesce(fields, '{}'), 'lax $.*.key') AS v,
         LATERAL (SELECT v #>> '{}' AS k) x
    WHERE jsonb_typeof(v) = 'string'
$$;

CREATE FUNCTION fb_ticket_files_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    before text[] := '{}';
    after text[] := '{}';
BEGIN
    IF TG_OP <> 'INSERT' THEN
        before := fb_ticket_file_keys(OLD.custom_fields);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        after := fb_ticket_file_keys(NEW.custom_fields);
    END IF;
    IF cardinality(after) > 0 THEN
        UPDATE files SET attached_at = now()
        WHERE org_id = NEW.org_id AND key = ANY (after)
          AND attached_at IS NULL;
    END IF;
    IF cardinality(before) > 0 THEN
        DELETE FROM files
        WHERE org_id = OLD.org_id AND key = ANY (before)
          AND NOT key = ANY (after);
    END IF;
    RETURN NULL;
END
$$;

-- Only rows whose values hold a file object wake the triggers.
CREATE TRIGGER tickets_field_files_insert AFTER INSERT ON tickets
    FOR EACH ROW WHEN (NEW.custom_fields::text LIKE '%"key"%')
    EXECUTE FUNCTION fb_ticket_files_follow();
CREATE TRIGGER tickets_field_files_update AFTER UPDATE ON tickets
    FOR EACH ROW WHEN (OLD.custom_fields IS DISTINCT FROM NEW.custom_fields)
    EXECUTE FUNCTION fb_ticket_files_follow();
CREATE TRIGGER tickets_field_files_delete AFTER DELETE ON tickets
    FOR EACH ROW WHEN (OLD.custom_fields::text LIKE '%"key"%')
    EXECUTE FUNCTION fb_ticket_files_follow();
