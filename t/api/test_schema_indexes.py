"""The schema after every migration: each foreign key has an index that
leads with its columns, so a delete of the row it names (a contact, an
admin, a post) finds the rows naming it without reading the table."""
import psycopg2

UNINDEXED = """
SELECT con.conrelid::regclass::text, con.conname
FROM pg_constraint con
WHERE con.contype = 'f'
  AND NOT EXISTS (
    SELECT 1 FROM pg_index i
    WHERE i.indrelid = con.conrelid
      AND i.indnatts >= cardinality(con.conkey)
      -- The index's first columns are the key's, in any order.
      AND (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
      AND (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey)
ORDER BY 1, 2
"""


def test_every_foreign_key_has_an_index(fresh_database):
    conn = psycopg2.connect(fresh_database)
    try:
        with conn.cursor() as cur:
            cur.execute("SELECT count(*) FROM pg_constraint "
                        "WHERE contype = 'f'")
            assert cur.fetchone()[0] > 40  # the query sees the schema
            cur.execute(UNINDEXED)
            assert cur.fetchall() == []
    finally:
        conn.close()
