-- The statements of modules/domain/file_store.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- file_insert (scoped; varchar, varchar, varchar) named (source, name)
INSERT INTO files (org_id, content_type, source, name)
SELECT k.org_id, 'application/octet-stream', k.source, k.name
FROM (SELECT $1::text AS org_id, $2::text AS source,
  $3::text AS name) k
RETURNING key;

-- file_chunk (scoped; varchar, varchar, varchar, varchar) named (key, seq, data)
INSERT INTO file_chunks (key, seq, data)
SELECT f.key, a.seq, decode(a.data, 'hex')
FROM (SELECT $1::text AS org_id, $2::text AS key,
  $3::integer AS seq, $4::text AS data) a
JOIN files f ON f.org_id = a.org_id AND f.key = a.key;

-- file_done (scoped; varchar, varchar, varchar, varchar) named (key, size, content_type)
UPDATE files f SET size = a.size, content_type = a.content_type
FROM (SELECT $1::text AS org_id, $2::text AS key,
  $3::bigint AS size, $4::text AS content_type) a
WHERE f.org_id = a.org_id AND f.key = a.key;

-- file_chunk_read (scoped; varchar, varchar, varchar) named (key, seq)
SELECT encode(c.data, 'hex')
FROM (SELECT $1::text AS org_id, $2::text AS key,
  $3::integer AS seq) k
JOIN files f ON f.org_id = k.org_id AND f.key = k.key
JOIN file_chunks c ON c.key = f.key AND c.seq = k.seq;

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
