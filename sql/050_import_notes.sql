-- 050: import notes: what a run could not carry, object by object (a
-- conversation's parts older than the 500 newest the API shows, a file
-- the outbound policy refused or that is too large), written with the
-- page that met it and listed in the run's report (docs/decisions.md,
-- "Import: conversations, tickets, files").
CREATE TABLE import_notes (
    org_id      text NOT NULL,
    run_id      text NOT NULL,
    family      text NOT NULL,
    item        text NOT NULL,      -- the object or file it is about
    why         text NOT NULL,      -- a short code, worded by the report
    PRIMARY KEY (org_id, run_id, family, item),
    FOREIGN KEY (org_id, run_id) REFERENCES import_runs (org_id, id)
        ON DELETE CASCADE
);
