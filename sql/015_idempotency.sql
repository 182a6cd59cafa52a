-- 015: Idempotency-Key on POST requests (docs/decisions.md,
-- "Idempotency keys"): the first request's outcome, replayed to retries.

CREATE TABLE idempotency_keys (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    -- The API key's SHA-256 (hex): keys are scoped by API key too.
    api_key     text NOT NULL,
    method      text NOT NULL,
    path        text NOT NULL,
    idem_key    text NOT NULL,
    -- SHA-256 (hex) of the request body as parsed and written back.
    body_hash   text NOT NULL,
    state       text NOT NULL DEFAULT 'running'
                CHECK (state IN ('running', 'done')),
    status      integer,
    response    text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, api_key, method, path, idem_key)
);
-- The sweep of keys older than 24 hours.
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
