-- 014: a stored image lives as long as content that shows it.
--
-- Images are stored before the write that uses them begins (each file in
-- a transaction of its own, sql/012), so a write that then fails would
-- leave them behind, and content that drops an image, or is deleted,
-- would keep its file for ever.  Triggers on every table with HTML
-- content make the file follow its content inside the write's own
-- transaction: a file shown by new content is attached; one no longer
-- shown by its row is deleted.  A file never attached (its write failed)
-- is removed by the worker's sweep an hour after it was stored.
--
-- Sanitized content names a file only as <img src="MARKER{key}"> with
-- src first (fb_html.c writes it so; '<' in text is always escaped), so
-- the pattern below finds exactly the images, never a marker in text.

ALTER TABLE files ADD COLUMN attached_at timestamptz;
-- Files stored before this migration may be shown anywhere: kept.
UPDATE files SET attached_at = created_at;
-- The sweep: files still waiting for their write, oldest first.
CREATE INDEX files_unattached ON files (created_at)
    WHERE attached_at IS NULL;

-- The keys of the stored images an HTML text shows.
CREATE FUNCTION fb_file_keys(html text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
    FROM regexp_matches(coalesce(html, ''),
        '<img src="https://files\.feedback\.invalid/([0-9a-f]{32})"', 'g') m
$$;

-- AFTER INSERT, UPDATE or DELETE of a row whose HTML columns are the
-- trigger's arguments.
CREATE FUNCTION fb_files_follow_content() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    col text;
    v text;
    shown_before text[] := '{}';
    shown_after text[] := '{}';
BEGIN
    FOREACH col IN ARRAY TG_ARGV LOOP
        IF TG_OP <> 'INSERT' THEN
            EXECUTE format('SELECT ($1).%I', col) INTO v USING OLD;
            shown_before := shown_before || fb_file_keys(v);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            EXECUTE format('SELECT ($1).%I', col) INTO v USING NEW;
            shown_after := shown_after || fb_file_keys(v);
        END IF;
    END LOOP;
    IF cardinality(shown_after) > 0 THEN
        UPDATE files SET attached_at = now()
        WHERE org_id = NEW.org_id AND key = ANY (shown_after)
          AND attached_at IS NULL;
    END IF;
    IF cardinality(shown_before) > 0 THEN
        DELETE FROM files
        WHERE org_id = OLD.org_id AND key = ANY (shown_before)
          AND NOT key = ANY (shown_after);
    END IF;
    RETURN NULL;
END
$$;

-- The tables with HTML content and their columns.  The WHEN clauses keep
-- the triggers off rows without stored images (a vote updating a post's
-- counters, a comment without pictures): they cost nothing there.
DO $$
DECLARE
    t record;
    shows text := '%<img src="https://files.feedback.invalid/%';
    args text;
    on_insert text;
    on_delete text;
    on_update text;
BEGIN
    FOR t IN SELECT * FROM (VALUES
            ('posts', ARRAY['content']),
            ('comments', ARRAY['content']),
            ('changelog_locales', ARRAY['content', 'live_content'])
        ) AS v (tab, cols)
    LOOP
        SELECT string_agg(quote_literal(c), ', '),
               string_agg(format('NEW.%I LIKE %L', c, shows), ' OR '),
               string_agg(format('OLD.%I LIKE %L', c, shows), ' OR '),
               string_agg(format('OLD.%I IS DISTINCT FROM NEW.%I', c, c),
                          ' OR ')
        INTO args, on_insert, on_delete, on_update
        FROM unnest(t.cols) AS c;
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH ROW '
                       'WHEN (%s) EXECUTE FUNCTION '
                       'fb_files_follow_content(%s)',
                       t.tab || '_files_insert', t.tab, on_insert, args);
        EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW '
                       'WHEN (%s) EXECUTE FUNCTION '
                       'fb_files_follow_content(%s)',
                       t.tab || '_files_delete', t.tab, on_delete, args);
        EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW '
                       'WHEN (%s) EXECUTE FUNCTION '
                       'fb_files_follow_content(%s)',
                       t.tab || '_files_update', t.tab, on_update, args);
    END LOOP;
END
$$;
