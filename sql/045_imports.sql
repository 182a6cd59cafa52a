-- 045: imports: an organization moved here from another server that
-- speaks this API (bin/feedback-import, `feedbackctl import`).
--
-- A run is one import of one source into one organization; it is
-- resumed (the same row) until it finishes, and a run after a finished
-- one starts over, writing only what changed.  Each page of a family
-- is written with its checkpoint in one transaction, so a run killed at
-- any point resumes after the last page it committed.
CREATE TABLE import_runs (
    org_id       text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id           text NOT NULL DEFAULT fb_object_id(),
    source       text NOT NULL,      -- the source's base URL
    started_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    PRIMARY KEY (org_id, id)
);
-- The run to resume: at most one unfinished run per organization.
CREATE UNIQUE INDEX import_runs_open ON import_runs (org_id)
    WHERE finished_at IS NULL;

-- Where a run is in each family: the parent whose children it reads
-- (a post's voters), the source's cursor of the next page, what it has
-- read and written so far, and whether the family is done.
CREATE TABLE import_checkpoints (
    org_id      text NOT NULL,
    run_id      text NOT NULL,
    family      text NOT NULL,
    parent      text,
    cursor      text,
    page        integer NOT NULL DEFAULT 0,
    read        bigint NOT NULL DEFAULT 0,
    written     bigint NOT NULL DEFAULT 0,
    skipped     bigint NOT NULL DEFAULT 0,
    done        boolean NOT NULL DEFAULT false,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, run_id, family),
    FOREIGN KEY (org_id, run_id) REFERENCES import_runs (org_id, id)
        ON DELETE CASCADE
);

-- Every object id an import brought here, and the organization it
-- belongs to: ids are kept, and an id one organization imported is
-- refused to another (docs/decisions.md, "Import").  here_id is the id
-- used here when it differs (an admin matched by email to one the
-- organization already has).
CREATE TABLE import_ids (
    id          text PRIMARY KEY,
    org_id      text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    family      text NOT NULL,
    here_id     text
);
-- A family's ids in order (the parents of a child family, the prune).
CREATE INDEX import_ids_family ON import_ids (org_id, family, id);
