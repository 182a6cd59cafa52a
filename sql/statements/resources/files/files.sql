-- The statements of modules/resources/files/files.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- file_get (global; varchar)
SELECT f.content_type, f.size,
  (SELECT count(*) FROM file_chunks c WHERE c.key = f.key), f.name
FROM files f WHERE f.key = $1 AND f.size > 0;

-- file_get_chunk (global; varchar, varchar) named (key, seq)
WITH k AS (SELECT $1::text AS key, $2::integer AS seq)
SELECT encode(c.data, 'hex') FROM k, file_chunks c
WHERE c.key = k.key AND c.seq = k.seq;

-- file_owned (scoped; varchar, varchar)
SELECT key FROM files WHERE org_id = $1 AND key = $2 AND size > 0;
