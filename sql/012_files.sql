-- 012: files (images taken into content, later ticket files), stored in
-- PostgreSQL in chunks: every node sees them, a delete is transactional,
-- and neither an upload nor a download is ever held whole in memory.

CREATE TABLE files (
    org_id        text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    -- 32 random hex characters: the name in signed URLs.
    key           text NOT NULL PRIMARY KEY
                  DEFAULT encode(gen_random_bytes(16), 'hex'),
    content_type  text NOT NULL,
    size          bigint NOT NULL DEFAULT 0,
    -- Where it came from: the URL fetched, or 'data:' for a data URI.
    source        text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_org ON files (org_id, created_at);

CREATE TABLE file_chunks (
    key   text NOT NULL REFERENCES files ON DELETE CASCADE,
    seq   integer NOT NULL,
    data  bytea NOT NULL,
    PRIMARY KEY (key, seq)
);
