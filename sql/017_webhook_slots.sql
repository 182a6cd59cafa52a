-- 017: an exact failure threshold for webhooks whose deliveries run in
-- parallel (docs/decisions.md, "Webhooks"; modules/jobs/fb_job_webhook.c).
--
-- Deliveries of one webhook run on every worker thread of every child and
-- node at once.  An attempt may start only while the webhook's failures in
-- a row plus its attempts in flight stay under the threshold T
-- (FeedbackWebhookFailureThreshold); then every attempt in flight may
-- fail and the run of failures still ends at T, never past it.
--
-- The budget is S = least(T, 64) slots per webhook, rows of webhook_slots
-- made by the claim when it finds them missing.  Every attempt holds one;
-- a claim takes a free one FOR UPDATE SKIP LOCKED, so concurrent claims of
-- a healthy webhook take different rows and wait neither for one another
-- nor for the webhook's own row.  A slot is free when no attempt holds it
-- (lease_until unset, or run out: a worker that died) and no failure of
-- the current run of failures spent it.  A failure that brings the run
-- past T - S spends its slot in that run (spent_in_run), in the statement
-- that counts the failure on the webhook, so the spent slots always number
-- max(0, failures - (T - S)) and failures plus attempts in flight are at
-- most T.  A success, or a resume, starts the next run (failure_run + 1),
-- which frees every spent slot at once without touching them.
ALTER TABLE webhooks ADD COLUMN failure_run bigint NOT NULL DEFAULT 0;

CREATE TABLE webhook_slots (
    org_id          text NOT NULL,
    webhook_id      text NOT NULL,
    n               integer NOT NULL CHECK (n >= 0),
    -- The lease of the attempt holding the slot (its delivery's
    -- lease_until), or NULL.
    lease_until     timestamptz,
    -- The run of failures (webhooks.failure_run) a failed attempt spent
    -- the slot in, or NULL.
    spent_in_run    bigint,
    PRIMARY KEY (org_id, webhook_id, n),
    FOREIGN KEY (org_id, webhook_id) REFERENCES webhooks (org_id, id)
        ON DELETE CASCADE
);

-- The slot a delivery's last attempt held, for its finish.
ALTER TABLE webhook_deliveries ADD COLUMN slot integer;
