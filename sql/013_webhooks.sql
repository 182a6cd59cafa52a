-- 013: webhooks: subscriptions, their deliveries and the attempts log.

CREATE TABLE webhooks (
    org_id          text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id              text NOT NULL DEFAULT fb_object_id(),
    name            text NOT NULL,
    url             text NOT NULL CHECK (length(url) <= 2048),
    description     text,
    -- whsec_ + base64 of 32 random bytes (the module makes it).
    secret          text NOT NULL,
    topics          text[] NOT NULL CHECK (cardinality(topics) > 0),
    status          text NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'paused', 'suspended')),
    timeout_ms      integer NOT NULL DEFAULT 10000
                    CHECK (timeout_ms BETWEEN 1000 AND 30000),
    -- Custom headers: an object of at most 10 strings.
    headers         jsonb NOT NULL DEFAULT '{}'
                    CHECK (jsonb_typeof(headers) = 'object'),
    version         text NOT NULL DEFAULT '1.0',
    -- lastStatus: null until the first attempt.
    last_code       integer,
    last_message    text,
    last_at         timestamptz,
    -- health
    last_response_ms     integer NOT NULL DEFAULT 0,
    avg_response_ms      float8 NOT NULL DEFAULT 0,
    last_success_at      timestamptz,
    errors_since_success integer NOT NULL DEFAULT 0,
    consecutive_failures integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
-- The list (newest first, optionally by status).
CREATE INDEX webhooks_created ON webhooks (org_id, created_at, id);
-- The fan-out: the webhooks of an organization subscribed to a topic.
CREATE INDEX webhooks_topics ON webhooks USING gin (topics);

-- One row per (event, webhook): the unit of delivery.  A pending row is
-- due at next_attempt_at; a claim sets lease_until (the fencing token of
-- the claim) and moves next_attempt_at to the end of the lease, so the row
-- of a worker that died is due again once the lease has passed.
CREATE TABLE webhook_deliveries (
    org_id          text NOT NULL,
    id              text NOT NULL DEFAULT fb_object_id(),
    webhook_id      text NOT NULL,
    event_id        text NOT NULL,
    state           text NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'delivered', 'failed',
                                     'skipped')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    lease_until     timestamptz,
    last_error      text,
    delivered_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    UNIQUE (org_id, event_id, webhook_id),
    FOREIGN KEY (org_id, webhook_id) REFERENCES webhooks (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, event_id) REFERENCES events (org_id, id)
        ON DELETE CASCADE
);
-- The claim: the oldest due pending row.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE state = 'pending';
-- A webhook's delivery log, newest first.
CREATE INDEX webhook_deliveries_webhook
    ON webhook_deliveries (org_id, webhook_id, created_at, id);

-- Every attempt of every delivery: the debugging log, and the figures of
-- health.avgResponseTime.  Response bodies are cut to 4 KiB.
CREATE TABLE webhook_delivery_attempts (
    org_id          text NOT NULL,
    id              text NOT NULL DEFAULT fb_object_id(),
    delivery_id     text NOT NULL,
    webhook_id      text NOT NULL,
    attempt         integer NOT NULL,
    outcome         text NOT NULL,      -- fb_fetch_error_name()
    status_code     integer,            -- null when no answer came
    duration_ms     integer NOT NULL,
    error           text,
    response_body   text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    FOREIGN KEY (org_id, delivery_id) REFERENCES webhook_deliveries (org_id, id)
        ON DELETE CASCADE
);
CREATE INDEX webhook_delivery_attempts_delivery
    ON webhook_delivery_attempts (org_id, delivery_id, created_at);
CREATE INDEX webhook_delivery_attempts_webhook
    ON webhook_delivery_attempts (org_id, webhook_id, created_at);
-- The sweep that drops answers after 7 days: only rows still holding one.
CREATE INDEX webhook_delivery_attempts_answers
    ON webhook_delivery_attempts (created_at)
    WHERE response_body IS NOT NULL;
