-- The statements of modules/domain/file_store.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- file_insert (scoped; varchar, varchar, varchar)
INSERT INTO files (org_id, content_type, source, name)
VALUES ($1, 'application/octet-stream', $2, $3) RETURNING key;

-- file_chunk (scoped; varchar, varchar, varchar, varchar)
INSERT INTO file_chunks (key, seq, data)
SELECT f.key, a.seq, decode(a.data, 'hex')
FROM (SELECT $1::text AS org_id, $2::text AS key,
  $3::integer AS seq, $4::text AS data) a
JOIN files f ON f.org_id = a.org_id AND f.key = a.key;

-- file_done (scoped; varchar, varchar, varchar, varchar)
UPDATE files f SET size = a.size, content_type = a.content_type
FROM (SELECT $1::text AS org_id, $2::text AS key,
  $3::bigint AS size, $4::text AS content_type) a
WHERE f.org_id = a.org_id AND f.key = a.key;

-- file_chunk_read (scoped; varchar, varchar, varchar)
SELECT encode(c.data, 'hex') FROM file_chunks c
JOIN files f ON f.key = c.key
WHERE f.org_id = $1 AND c.key = $2 AND c.seq = $3::integer;

-- file_discard (scoped; varchar, varchar)
DELETE FROM files WHERE org_id = $1 AND key = $2 AND size = 0;

-- file_drop (scoped; varchar, varchar)
DELETE FROM files WHERE org_id = $1 AND key = $2
AND attached_at IS NULL;

-- sweep_files_unattached (global; integer)
DELETE FROM files f USING (
  SELECT key FROM files WHERE attached_at IS NULL
    AND created_at < now() - interval '1 hour'
  ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED) old
WHERE f.key = old.key;
