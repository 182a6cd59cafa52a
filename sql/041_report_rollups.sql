-- 041: report rollups (issue 31): new conversations counted per
-- organization, UTC hour and the conversation's scalar attributes, kept
-- by the writes as rows added (never updated), folded by the worker
-- (docs/decisions.md, "Reports", "How it stays fast").
--
-- A row says: n conversations (a delta: +1, -1, or a folded sum) begun
-- in hour `hour` have these attribute values now.  The trigger below
-- adds a +1 row when a conversation is made, a -1 and a +1 when one of
-- the kept attributes (or its start) changes, a -1 when it is deleted;
-- no row is ever updated by a request, so writes of one organization
-- never wait on each other here.  The sweep "report rollups"
-- (fb_report_fold) replaces the delta rows of closed hours by one row
-- per key, the sum: a report reads whole hours from here and is right
-- to the transaction, folded or not.
CREATE TABLE report_conversation_hours (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    hour        timestamptz NOT NULL,
    channel     text NOT NULL,
    state       text NOT NULL,
    priority    boolean NOT NULL,
    initiator   text NOT NULL,
    language    text NOT NULL,
    team_id     text,
    assignee_id text,
    brand_id    text,
    n           integer NOT NULL,
    delta       boolean NOT NULL DEFAULT true
);
-- A report's window (and the fold's keys, within an hour), with every
-- column a report reads: an index-only scan of the window's hours, not a
-- heap page per row (rows of one hour are added at many times, so they
-- lie on many pages).
CREATE INDEX report_conversation_hours_window
    ON report_conversation_hours (org_id, hour)
    INCLUDE (channel, state, priority, initiator, language, team_id,
             assignee_id, brand_id, n);
-- The fold's work: delta rows, oldest first.
CREATE INDEX report_conversation_hours_deltas
    ON report_conversation_hours (hour) WHERE delta;

CREATE FUNCTION fb_report_conversation_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        -- an organization being deleted takes its rows with it
        IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM organizations o
                                       WHERE o.id = OLD.org_id) THEN
            INSERT INTO report_conversation_hours (org_id, hour, channel,
                state, priority, initiator, language, team_id, assignee_id,
                brand_id, n)
            VALUES (OLD.org_id, date_trunc('hour', OLD.created_at, 'UTC'),
                OLD.channel, OLD.state, OLD.priority, OLD.delivered_as,
                OLD.language, OLD.team_assignee_id, OLD.admin_assignee_id,
                OLD.brand_id, -1);
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO report_conversation_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id, n)
        VALUES (NEW.org_id, date_trunc('hour', NEW.created_at, 'UTC'),
            NEW.channel, NEW.state, NEW.priority, NEW.delivered_as,
            NEW.language, NEW.team_assignee_id, NEW.admin_assignee_id,
            NEW.brand_id, 1);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER conversations_report_rollup_add
    AFTER INSERT ON conversations
    FOR EACH ROW EXECUTE FUNCTION fb_report_conversation_rollup();
CREATE TRIGGER conversations_report_rollup_delete
    AFTER DELETE ON conversations
    FOR EACH ROW EXECUTE FUNCTION fb_report_conversation_rollup();
-- Only a change of what a row keeps adds rows: a new part, a read, a
-- title or a custom attribute does not.
CREATE TRIGGER conversations_report_rollup_change
    AFTER UPDATE OF created_at, channel, state, priority, delivered_as,
        language, team_assignee_id, admin_assignee_id, brand_id
    ON conversations FOR EACH ROW
    WHEN ((OLD.created_at, OLD.channel, OLD.state, OLD.priority,
           OLD.delivered_as, OLD.language, OLD.team_assignee_id,
           OLD.admin_assignee_id, OLD.brand_id)
          IS DISTINCT FROM
          (NEW.created_at, NEW.channel, NEW.state, NEW.priority,
           NEW.delivered_as, NEW.language, NEW.team_assignee_id,
           NEW.admin_assignee_id, NEW.brand_id))
    EXECUTE FUNCTION fb_report_conversation_rollup();

-- Folds up to p_limit delta rows of hours before p_before into one row
-- per key (org, hour, attributes): the rows of those keys, folded or
-- not, are replaced by their sum (none when it is 0).  Sums add, so two
-- folds at once, or a fold beside the writes, lose nothing.  Returns
-- the delta rows folded.
CREATE FUNCTION fb_report_fold(p_limit integer, p_before timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    v_n integer;
BEGIN
    WITH picked AS (
        SELECT ctid AS row_id, org_id, hour, channel, state, priority,
               initiator, language, team_id, assignee_id, brand_id
        FROM report_conversation_hours
        WHERE delta AND hour < p_before
        ORDER BY hour LIMIT p_limit FOR UPDATE SKIP LOCKED),
    keys AS (SELECT DISTINCT org_id, hour, channel, state, priority,
                    initiator, language, team_id, assignee_id, brand_id
             FROM picked),
    gone AS (
        DELETE FROM report_conversation_hours r USING keys k
        WHERE r.org_id = k.org_id AND r.hour = k.hour
          AND r.channel = k.channel AND r.state = k.state
          AND r.priority = k.priority AND r.initiator = k.initiator
          AND r.language = k.language
          AND r.team_id IS NOT DISTINCT FROM k.team_id
          AND r.assignee_id IS NOT DISTINCT FROM k.assignee_id
          AND r.brand_id IS NOT DISTINCT FROM k.brand_id
          AND (NOT r.delta OR r.ctid IN (SELECT row_id FROM picked))
        RETURNING r.*),
    made AS (
        INSERT INTO report_conversation_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            n, delta)
        SELECT org_id, hour, channel, state, priority, initiator, language,
               team_id, assignee_id, brand_id, sum(n), false
        FROM gone
        GROUP BY org_id, hour, channel, state, priority, initiator, language,
                 team_id, assignee_id, brand_id
        HAVING sum(n) <> 0)
    SELECT count(*) INTO v_n FROM picked;
    RETURN v_n;
END
$$;

-- The conversations made before this migration, folded.
INSERT INTO report_conversation_hours (org_id, hour, channel, state,
    priority, initiator, language, team_id, assignee_id, brand_id, n, delta)
SELECT org_id, date_trunc('hour', created_at, 'UTC'), channel, state,
       priority, delivered_as, language, team_assignee_id,
       admin_assignee_id, brand_id, count(*), false
FROM conversations
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- ---- time to first reply: a mergeable sketch per key ----
--
-- A conversation's time to first reply (ms, from its start to
-- first_reply_at) is kept as the index i of a logarithmic bucket:
-- values in (g^(i-1), g^i] with g = 1.01 / 0.99 share bucket i, read
-- back as 2 g^i / (g + 1), within 1 % of every value of the bucket
-- (a value under 1 ms is bucket 0, read as 0).  Buckets of rows add, so
-- any hours, days or groups merge by summing n per i; count and the sum
-- (tot, exact) give the average exactly, the minimum, maximum, median
-- and percentiles come from the buckets, each within 1 % of the exact
-- value (docs/decisions.md, "Reports").
CREATE FUNCTION fb_sketch_bucket(p_ms float8) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p_ms < 1 THEN 0
                ELSE greatest(1, ceil(ln(p_ms) / ln(1.01 / 0.99))::integer)
           END
$$;

CREATE FUNCTION fb_sketch_value(p_i integer) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN p_i <= 0 THEN 0
                ELSE 2 * power(1.01 / 0.99, p_i) / (1.01 / 0.99 + 1) END
$$;

-- The value at fraction p_f of the values whose buckets p_i have counts
-- p_n (a bucket may repeat), ranked as percentile_cont ranks: linear
-- between the closest ranks.  NULL when there are none.
CREATE FUNCTION fb_sketch_quantile(p_i integer[], p_n bigint[], p_f float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    WITH b AS (SELECT u.i, sum(u.n) AS n FROM unnest(p_i, p_n) u(i, n)
               GROUP BY u.i HAVING sum(u.n) > 0),
    c AS (SELECT b.i, sum(b.n) OVER (ORDER BY b.i) AS upto FROM b),
    r AS (SELECT p_f * (sum(b.n) - 1) AS pos, sum(b.n) AS total FROM b)
    SELECT lo.v + (hi.v - lo.v) * (r.pos - floor(r.pos))
    FROM r,
    LATERAL (SELECT fb_sketch_value(c.i) AS v FROM c
             WHERE c.upto > floor(r.pos) ORDER BY c.i LIMIT 1) lo,
    LATERAL (SELECT fb_sketch_value(c.i) AS v FROM c
             WHERE c.upto > least(floor(r.pos) + 1, r.total - 1)
             ORDER BY c.i LIMIT 1) hi
$$;

-- The conversations that had a first reply, per organization, UTC hour
-- of their start, attributes and bucket i of their time to first reply:
-- n of them, their times summing to tot.  Kept as report_conversation_
-- hours is (delta rows by the trigger, folded by the sweep).
CREATE TABLE report_first_reply_hours (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    hour        timestamptz NOT NULL,
    channel     text NOT NULL,
    state       text NOT NULL,
    priority    boolean NOT NULL,
    initiator   text NOT NULL,
    language    text NOT NULL,
    team_id     text,
    assignee_id text,
    brand_id    text,
    i           integer NOT NULL,
    n           integer NOT NULL,
    tot         float8 NOT NULL,
    delta       boolean NOT NULL DEFAULT true
);
CREATE INDEX report_first_reply_hours_window
    ON report_first_reply_hours (org_id, hour)
    INCLUDE (channel, state, priority, initiator, language, team_id,
             assignee_id, brand_id, i, n, tot);
-- The fold's work, and the delta rows a report adds to the day rows.
CREATE INDEX report_first_reply_hours_deltas
    ON report_first_reply_hours (org_id, hour) INCLUDE (i, n, tot)
    WHERE delta;

-- The same, folded, per UTC day and bucket without the attributes: a
-- day holds many values, which an hour of one set of attribute values
-- does not, so a long window without filter or dimension reads a row
-- per day and bucket.  Kept by the fold alone (the delta rows of a day
-- not folded yet are added by the report): a day's numbers are its
-- rows here and its delta rows.
CREATE TABLE report_first_reply_days (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    day         timestamptz NOT NULL,   -- UTC midnight
    i           integer NOT NULL,
    n           integer NOT NULL,
    tot         float8 NOT NULL,
    -- n and tot in the key's index: the days of a window are read by
    -- an index-only scan
    PRIMARY KEY (org_id, day, i) INCLUDE (n, tot)
);

CREATE FUNCTION fb_report_first_reply_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_ms float8;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.first_reply_at IS NOT NULL
       AND (TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM organizations o
                                        WHERE o.id = OLD.org_id)) THEN
        v_ms := extract(epoch FROM OLD.first_reply_at - OLD.created_at)
                * 1000;
        INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            i, n, tot)
        VALUES (OLD.org_id, date_trunc('hour', OLD.created_at, 'UTC'),
            OLD.channel, OLD.state, OLD.priority, OLD.delivered_as,
            OLD.language, OLD.team_assignee_id, OLD.admin_assignee_id,
            OLD.brand_id, fb_sketch_bucket(v_ms), -1, -v_ms);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.first_reply_at IS NOT NULL THEN
        v_ms := extract(epoch FROM NEW.first_reply_at - NEW.created_at)
                * 1000;
        INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            i, n, tot)
        VALUES (NEW.org_id, date_trunc('hour', NEW.created_at, 'UTC'),
            NEW.channel, NEW.state, NEW.priority, NEW.delivered_as,
            NEW.language, NEW.team_assignee_id, NEW.admin_assignee_id,
            NEW.brand_id, fb_sketch_bucket(v_ms), 1, v_ms);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER conversations_report_first_reply_add
    AFTER INSERT ON conversations
    FOR EACH ROW WHEN (NEW.first_reply_at IS NOT NULL)
    EXECUTE FUNCTION fb_report_first_reply_rollup();
CREATE TRIGGER conversations_report_first_reply_delete
    AFTER DELETE ON conversations
    FOR EACH ROW WHEN (OLD.first_reply_at IS NOT NULL)
    EXECUTE FUNCTION fb_report_first_reply_rollup();
CREATE TRIGGER conversations_report_first_reply_change
    AFTER UPDATE OF first_reply_at, created_at, channel, state, priority,
        delivered_as, language, team_assignee_id, admin_assignee_id,
        brand_id
    ON conversations FOR EACH ROW
    WHEN ((OLD.first_reply_at, OLD.created_at, OLD.channel, OLD.state,
           OLD.priority, OLD.delivered_as, OLD.language,
           OLD.team_assignee_id, OLD.admin_assignee_id, OLD.brand_id)
          IS DISTINCT FROM
          (NEW.first_reply_at, NEW.created_at, NEW.channel, NEW.state,
           NEW.priority, NEW.delivered_as, NEW.language,
           NEW.team_assignee_id, NEW.admin_assignee_id, NEW.brand_id))
    EXECUTE FUNCTION fb_report_first_reply_rollup();

-- fb_report_fold's for this table (the key has i; n and tot add).
CREATE FUNCTION fb_report_fold_first_reply(p_limit integer,
                                           p_before timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    v_n integer;
BEGIN
    WITH picked AS (
        SELECT ctid AS row_id, org_id, hour, channel, state, priority,
               initiator, language, team_id, assignee_id, brand_id, i, n,
               tot
        FROM report_first_reply_hours
        WHERE delta AND hour < p_before
        ORDER BY hour LIMIT p_limit FOR UPDATE SKIP LOCKED),
    days AS (
        INSERT INTO report_first_reply_days AS d (org_id, day, i, n, tot)
        SELECT org_id, date_trunc('day', hour, 'UTC'), i, sum(n), sum(tot)
        FROM picked GROUP BY 1, 2, 3
        ON CONFLICT (org_id, day, i) DO UPDATE
        SET n = d.n + excluded.n, tot = d.tot + excluded.tot),
    keys AS (SELECT DISTINCT org_id, hour, channel, state, priority,
                    initiator, language, team_id, assignee_id, brand_id, i
             FROM picked),
    gone AS (
        DELETE FROM report_first_reply_hours r USING keys k
        WHERE r.org_id = k.org_id AND r.hour = k.hour
          AND r.channel = k.channel AND r.state = k.state
          AND r.priority = k.priority AND r.initiator = k.initiator
          AND r.language = k.language AND r.i = k.i
          AND r.team_id IS NOT DISTINCT FROM k.team_id
          AND r.assignee_id IS NOT DISTINCT FROM k.assignee_id
          AND r.brand_id IS NOT DISTINCT FROM k.brand_id
          AND (NOT r.delta OR r.ctid IN (SELECT row_id FROM picked))
        RETURNING r.*),
    made AS (
        INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            i, n, tot, delta)
        SELECT org_id, hour, channel, state, priority, initiator, language,
               team_id, assignee_id, brand_id, i, sum(n), sum(tot), false
        FROM gone
        GROUP BY org_id, hour, channel, state, priority, initiator, language,
                 team_id, assignee_id, brand_id, i
        HAVING sum(n) <> 0)
    SELECT count(*) INTO v_n FROM picked;
    RETURN v_n;
END
$$;

INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
    priority, initiator, language, team_id, assignee_id, brand_id, i, n,
    tot, delta)
SELECT org_id, date_trunc('hour', created_at, 'UTC'), channel, state,
       priority, delivered_as, language, team_assignee_id,
       admin_assignee_id, brand_id,
       fb_sketch_bucket(extract(epoch FROM first_reply_at - created_at)
                        * 1000),
       count(*), sum(extract(epoch FROM first_reply_at - created_at) * 1000),
       false
FROM conversations
WHERE first_reply_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;

INSERT INTO report_first_reply_days (org_id, day, i, n, tot)
SELECT org_id, date_trunc('day', hour, 'UTC'), i, sum(n), sum(tot)
FROM report_first_reply_hours
GROUP BY 1, 2, 3;
