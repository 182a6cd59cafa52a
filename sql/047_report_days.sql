-- 047: report rollups by UTC day for new conversations and by UTC month
-- for time to first reply, and a rebuild of an organization's rollups
-- from its conversations (issue 31;
-- docs/decisions.md, "Reports", "How it stays fast").
--
-- The backfills below read what the fold (and the writes' triggers) keep:
-- a sweep running the fold of sql/041 meanwhile would fold hours this
-- migration has already summed into days.  Held to the migration's end
-- (feedbackctl migrate applies a file in one transaction).
LOCK TABLE report_first_reply_hours, report_conversation_hours
    IN SHARE ROW EXCLUSIVE MODE;

-- The gate in front of the rollups: every writer of them (the writes'
-- triggers, the fold) holds it shared for its transaction before it
-- touches a rollup table, fb_report_rebuild holds it exclusively before
-- it locks them.  Whatever order a transaction's writes reach the
-- tables in (an admin's new conversation adds its rollup row, then its
-- first reply's; a delete the other way), none can hold one of them
-- while the rebuild holds another: no deadlock, and a rebuild waits
-- for the writes in progress and they for it.  The key is this
-- function's value alone (pg_advisory_xact_lock's one-bigint space;
-- 727274 is feedbackctl migrate's).
CREATE FUNCTION fb_report_gate() RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT 47310047::bigint $$;

-- A conversation's key in the rollups: its UTC hour and the attribute
-- values they keep, under the rollups' names (delivered_as is the
-- initiator, team_assignee_id the team, admin_assignee_id the
-- assignee), and its time to first reply in ms (NULL: none yet).  The
-- one home of that mapping: the writes' triggers and fb_report_rebuild
-- read it here (sql/041's backfill, released, has its own copy).
CREATE FUNCTION fb_report_key(c conversations)
RETURNS TABLE (org_id text, hour timestamptz, channel text, state text,
               priority boolean, initiator text, language text,
               team_id text, assignee_id text, brand_id text, ms float8)
LANGUAGE sql STABLE AS $$
    SELECT c.org_id::text, date_trunc('hour', c.created_at, 'UTC'),
           c.channel::text, c.state::text, c.priority::boolean,
           c.delivered_as::text, c.language::text,
           c.team_assignee_id::text, c.admin_assignee_id::text,
           c.brand_id::text,
           (extract(epoch FROM c.first_reply_at - c.created_at)
            * 1000)::float8
$$;

-- The writes' triggers of sql/041, now passing the gate first and
-- reading a conversation's key from fb_report_key.
CREATE OR REPLACE FUNCTION fb_report_conversation_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(fb_report_gate());
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        -- an organization being deleted takes its rows with it
        IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM organizations o
                                       WHERE o.id = OLD.org_id) THEN
            INSERT INTO report_conversation_hours (org_id, hour, channel,
                state, priority, initiator, language, team_id, assignee_id,
                brand_id, n)
            SELECT k.org_id, k.hour, k.channel, k.state, k.priority,
                   k.initiator, k.language, k.team_id, k.assignee_id,
                   k.brand_id, -1
            FROM fb_report_key(OLD) k;
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO report_conversation_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id, n)
        SELECT k.org_id, k.hour, k.channel, k.state, k.priority,
               k.initiator, k.language, k.team_id, k.assignee_id,
               k.brand_id, 1
        FROM fb_report_key(NEW) k;
    END IF;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION fb_report_first_reply_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(fb_report_gate());
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.first_reply_at IS NOT NULL
       AND (TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM organizations o
                                        WHERE o.id = OLD.org_id)) THEN
        INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            i, n, tot)
        SELECT k.org_id, k.hour, k.channel, k.state, k.priority,
               k.initiator, k.language, k.team_id, k.assignee_id,
               k.brand_id, fb_sketch_bucket(k.ms), -1, -k.ms
        FROM fb_report_key(OLD) k;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.first_reply_at IS NOT NULL THEN
        INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
            priority, initiator, language, team_id, assignee_id, brand_id,
            i, n, tot)
        SELECT k.org_id, k.hour, k.channel, k.state, k.priority,
               k.initiator, k.language, k.team_id, k.assignee_id,
               k.brand_id, fb_sketch_bucket(k.ms), 1, k.ms
        FROM fb_report_key(NEW) k;
    END IF;
    RETURN NULL;
END
$$;

-- report_conversation_days is report_conversation_hours summed per UTC
-- day: a day's n conversations with these attribute values.  Kept by the
-- fold alone, as report_first_reply_days is (sql/041): the fold adds the
-- delta rows it folds to their day in the same statement, so a day's
-- numbers are its row here plus its hours' delta rows not folded yet,
-- at every moment.  A report of days, weeks or months reads a day row
-- for every UTC day most of whose hours fall in one bucket, and the
-- hour rows of the others (docs/decisions.md).
CREATE TABLE report_conversation_days (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    day         timestamptz NOT NULL,   -- UTC midnight
    channel     text NOT NULL,
    state       text NOT NULL,
    priority    boolean NOT NULL,
    initiator   text NOT NULL,
    language    text NOT NULL,
    team_id     text,
    assignee_id text,
    brand_id    text,
    n           integer NOT NULL
);
-- The key (the fold's upsert) and a report's window: a day's rows by an
-- index-only scan.  An unset team, assignee or brand is one key.
CREATE UNIQUE INDEX report_conversation_days_key
    ON report_conversation_days (org_id, day, channel, state, priority,
                                 initiator, language, team_id, assignee_id,
                                 brand_id)
    INCLUDE (n) NULLS NOT DISTINCT;
-- The rows the fold has just brought to 0, which it deletes (few: a
-- day's last conversation gone or changed), found without a scan.
CREATE INDEX report_conversation_days_empty
    ON report_conversation_days (org_id) WHERE n = 0;

-- The delta rows of an organization's days (a report adds those not
-- folded yet to the day rows), with what a report reads of them.
CREATE INDEX report_conversation_hours_org_deltas
    ON report_conversation_hours (org_id, hour)
    INCLUDE (channel, state, priority, initiator, language, team_id,
             assignee_id, brand_id, n)
    WHERE delta;

-- fb_report_fold (sql/041), now also adding the delta rows it folds to
-- their UTC day.
CREATE OR REPLACE FUNCTION fb_report_fold(p_limit integer,
                                          p_before timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    v_n integer;
BEGIN
    PERFORM pg_advisory_xact_lock_shared(fb_report_gate());
    WITH picked AS (
        SELECT ctid AS row_id, org_id, hour, channel, state, priority,
               initiator, language, team_id, assignee_id, brand_id, n
        FROM report_conversation_hours
        WHERE delta AND hour < p_before
        ORDER BY hour LIMIT p_limit FOR UPDATE SKIP LOCKED),
    days AS (
        INSERT INTO report_conversation_days AS d (org_id, day, channel,
            state, priority, initiator, language, team_id, assignee_id,
            brand_id, n)
        SELECT org_id, date_trunc('day', hour, 'UTC'), channel, state,
               priority, initiator, language, team_id, assignee_id,
               brand_id, sum(n)
        FROM picked GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
        ON CONFLICT (org_id, day, channel, state, priority, initiator,
                     language, team_id, assignee_id, brand_id)
        DO UPDATE SET n = d.n + excluded.n),
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
    -- a day whose conversations all went (as the hours' HAVING above)
    DELETE FROM report_conversation_days WHERE n = 0;
    RETURN v_n;
END
$$;

-- Time to first reply per UTC month and bucket, as report_first_reply_
-- days is per day (sql/041): a year of a sketch's days is some 300 rows
-- a day (a day's values fill that many 1 % buckets), a year of months
-- twelve times that.  Kept by the fold alone, as the days are.
CREATE TABLE report_first_reply_months (
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    month       timestamptz NOT NULL,   -- the UTC month's first midnight
    i           integer NOT NULL,
    n           integer NOT NULL,
    tot         float8 NOT NULL,
    PRIMARY KEY (org_id, month, i) INCLUDE (n, tot)
);
-- As report_conversation_days_empty.
CREATE INDEX report_first_reply_months_empty
    ON report_first_reply_months (org_id) WHERE n = 0;
CREATE INDEX report_first_reply_days_empty
    ON report_first_reply_days (org_id) WHERE n = 0;

-- fb_report_fold_first_reply (sql/041), now also adding the delta rows
-- it folds to their UTC month.
CREATE OR REPLACE FUNCTION fb_report_fold_first_reply(p_limit integer,
                                                      p_before timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    v_n integer;
BEGIN
    PERFORM pg_advisory_xact_lock_shared(fb_report_gate());
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
    months AS (
        INSERT INTO report_first_reply_months AS m (org_id, month, i, n, tot)
        SELECT org_id, date_trunc('month', hour, 'UTC'), i, sum(n), sum(tot)
        FROM picked GROUP BY 1, 2, 3
        ON CONFLICT (org_id, month, i) DO UPDATE
        SET n = m.n + excluded.n, tot = m.tot + excluded.tot),
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
    -- a bucket whose values all went (as the hours' HAVING above)
    DELETE FROM report_first_reply_days WHERE n = 0;
    DELETE FROM report_first_reply_months WHERE n = 0;
    RETURN v_n;
END
$$;

-- The months of the days folded before this migration.
INSERT INTO report_first_reply_months (org_id, month, i, n, tot)
SELECT org_id, date_trunc('month', day, 'UTC'), i, sum(n), sum(tot)
FROM report_first_reply_days
GROUP BY 1, 2, 3;

-- The days of the hours folded before this migration.
INSERT INTO report_conversation_days (org_id, day, channel, state, priority,
    initiator, language, team_id, assignee_id, brand_id, n)
SELECT org_id, date_trunc('day', hour, 'UTC'), channel, state, priority,
       initiator, language, team_id, assignee_id, brand_id, sum(n)
FROM report_conversation_hours
WHERE NOT delta
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- An organization's rollups made again from its conversations, folded
-- (hours and days): after a restore of the conversations alone, a bulk
-- load with the rollups' triggers disabled, or to repair.  The rollups
-- are locked against the writes' delta rows meanwhile, behind the gate
-- (fb_report_gate: a write that changes a kept value of any
-- organization waits for it, seconds for a million conversations); a
-- write that came before is counted from its conversation, one after
-- adds its delta rows to what this made.
-- Returns the organization's conversations counted.
CREATE FUNCTION fb_report_rebuild(p_org text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_n bigint;
BEGIN
    -- the gate first (fb_report_gate): the writes in progress finish,
    -- the others wait at it, whatever order they reach the tables in
    PERFORM pg_advisory_xact_lock(fb_report_gate());
    LOCK TABLE report_first_reply_hours, report_first_reply_days,
        report_first_reply_months, report_conversation_hours,
        report_conversation_days IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM report_conversation_hours WHERE org_id = p_org;
    DELETE FROM report_conversation_days WHERE org_id = p_org;
    DELETE FROM report_first_reply_hours WHERE org_id = p_org;
    DELETE FROM report_first_reply_days WHERE org_id = p_org;
    DELETE FROM report_first_reply_months WHERE org_id = p_org;
    INSERT INTO report_conversation_hours (org_id, hour, channel, state,
        priority, initiator, language, team_id, assignee_id, brand_id, n,
        delta)
    SELECT k.org_id, k.hour, k.channel, k.state, k.priority, k.initiator,
           k.language, k.team_id, k.assignee_id, k.brand_id, count(*), false
    FROM conversations c, fb_report_key(c) k WHERE c.org_id = p_org
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
    INSERT INTO report_conversation_days (org_id, day, channel, state,
        priority, initiator, language, team_id, assignee_id, brand_id, n)
    SELECT org_id, date_trunc('day', hour, 'UTC'), channel, state,
           priority, initiator, language, team_id, assignee_id, brand_id,
           sum(n)
    FROM report_conversation_hours WHERE org_id = p_org
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
    INSERT INTO report_first_reply_hours (org_id, hour, channel, state,
        priority, initiator, language, team_id, assignee_id, brand_id, i, n,
        tot, delta)
    SELECT k.org_id, k.hour, k.channel, k.state, k.priority, k.initiator,
           k.language, k.team_id, k.assignee_id, k.brand_id,
           fb_sketch_bucket(k.ms), count(*), sum(k.ms), false
    FROM conversations c, fb_report_key(c) k
    WHERE c.org_id = p_org AND c.first_reply_at IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    INSERT INTO report_first_reply_days (org_id, day, i, n, tot)
    SELECT org_id, date_trunc('day', hour, 'UTC'), i, sum(n), sum(tot)
    FROM report_first_reply_hours WHERE org_id = p_org
    GROUP BY 1, 2, 3;
    INSERT INTO report_first_reply_months (org_id, month, i, n, tot)
    SELECT org_id, date_trunc('month', day, 'UTC'), i, sum(n), sum(tot)
    FROM report_first_reply_days WHERE org_id = p_org
    GROUP BY 1, 2, 3;
    SELECT sum(n) INTO v_n FROM report_conversation_days
    WHERE org_id = p_org;
    RETURN coalesce(v_n, 0);
END
$$;
