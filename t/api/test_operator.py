"""The operator command: migrations, organizations, keys."""
import re
import subprocess

import pytest

from conftest import CTL, run

# A migration's file (feedbackctl applies sql/NNN_name.sql; sql/statements
# holds the statements' text, not migrations).
MIGRATION = re.compile(r"^[0-9]{3}_\w+\.sql$")


def test_migrate_is_idempotent(server):
    import os
    from conftest import ROOT
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "sql"))
                   if MIGRATION.match(f))
    assert server.ctl("migrate") == ""
    rows = server.sql("SELECT version, name FROM schema_version ORDER BY 1")
    assert [name for _, name in rows] == files
    assert [v for v, _ in rows] == [int(f[:3]) for f in files]


def test_migrate_refuses_a_migration_edited_after_it_was_applied(
        server, tmp_path):
    import hashlib
    import os
    import shutil
    from conftest import ROOT
    sql = os.path.join(ROOT, "sql")
    rows = dict(server.sql("SELECT name, checksum FROM schema_version"))
    for name in filter(MIGRATION.match, os.listdir(sql)):
        with open(os.path.join(sql, name), "rb") as f:
            assert rows[name] == hashlib.sha256(f.read()).hexdigest()
    copy = tmp_path / "sql"
    shutil.copytree(sql, copy)
    with open(copy / "003_feedback.sql", "a") as f:
        f.write("-- an edit\n")
    r = subprocess.run([CTL, "migrate"], capture_output=True, text=True,
                       env=dict(server.env, FEEDBACK_SQL_DIR=str(copy)))
    assert r.returncode != 0
    assert "migration 003_feedback.sql was applied from a different file" \
        in r.stderr
    # The real files still pass.
    assert server.ctl("migrate") == ""


def test_sessions_of_the_database_start_without_jit(server):
    assert server.sql("SHOW jit") == [("off",)]


def test_org_create_and_list(server):
    out = server.ctl("org", "create", "Listed", "o@listed.example")
    org_id, admin_id, key = out.split("\t")
    assert len(org_id) == 24 and len(admin_id) == 24
    assert key.startswith("sk_") and len(key) == 43
    listed = [l.split("\t") for l in server.ctl("org", "list").splitlines()]
    assert [org_id, "Listed"] in [l[:2] for l in listed]


def test_object_ids_have_the_objectid_layout(server):
    import time
    ids = [server.sql("SELECT fb_object_id()")[0][0] for _ in range(3)]
    for i in ids:
        assert len(i) == 24 and int(i, 16) >= 0 and i == i.lower()
        assert abs(int(i[:8], 16) - time.time()) < 60
    counters = [int(i[18:], 16) for i in ids]
    assert counters[1] == (counters[0] + 1) % 2 ** 24
    assert len({i[8:18] for i in ids}) == 3


def test_per_organization_counters(server, org, other_org):
    nums = [server.sql("SELECT fb_next_number(%s, 'ticket')", org.id)[0][0]
            for _ in range(3)]
    assert nums == [1, 2, 3]
    assert server.sql("SELECT fb_next_number(%s, 'ticket')",
                      other_org.id)[0][0] == 1
    assert server.sql("SELECT fb_next_number(%s, 'conversation')",
                      org.id)[0][0] == 1


def test_revoking_an_unknown_key_fails(server):
    with pytest.raises(subprocess.CalledProcessError):
        run(CTL, "key", "revoke", "sk_" + "Z" * 40, env=server.env)


def test_identity_secret(server, org):
    made = server.ctl("org", "identity-secret", org.id)
    assert len(made) == 64 and int(made, 16) >= 0
    assert server.ctl("org", "identity-secret", org.id, "given") == "given"
    assert server.sql("SELECT identity_secret FROM organizations "
                      "WHERE id = %s", org.id) == [("given",)]
    assert server.ctl("org", "identity-secret", org.id, "--clear") \
        == "cleared"
    assert server.sql("SELECT identity_secret FROM organizations "
                      "WHERE id = %s", org.id) == [(None,)]
    with pytest.raises(subprocess.CalledProcessError):
        server.ctl("org", "identity-secret", "0" * 24)


def test_a_schema_newer_than_the_module_is_refused(fresh_database):
    """A database migrated by a newer release: feedbackctl migrate stops,
    and the module answers 503 (and says why) rather than misread it."""
    import os
    import psycopg2
    import requests
    from conftest import httpd
    env = dict(os.environ, FEEDBACK_DB=fresh_database)
    _, _, key = run(CTL, "org", "create", "Newer", "o@newer.example",
                    env=env).strip().split("\t")
    last = max(int(f[:3]) for f in os.listdir(os.path.join(
        os.path.dirname(CTL), "..", "sql")) if f.endswith(".sql"))
    with psycopg2.connect(fresh_database) as conn, conn.cursor() as cur:
        cur.execute("INSERT INTO schema_version (version, name) "
                    "VALUES (%s, 'from the future')", (last + 1,))
    r = subprocess.run([CTL, "migrate"], env=env, capture_output=True,
                       text=True)
    assert r.returncode == 1
    assert "schema is at migration %d, newer than the last one here (%d" \
        % (last + 1, last) in r.stderr
    with httpd(fresh_database) as s:
        got = requests.get(s.base + "/v2/boards", timeout=30,
                           headers={"Authorization": "Bearer " + key})
        assert got.status_code == 503
        assert got.json()["error"]["code"] == "service_unavailable"
        assert got.headers["Retry-After"] == "1"
        with open(s.error_log) as f:
            log = f.read()
        assert "FB00452" in log and "migration %d, newer than this " \
            "module's %d" % (last + 1, last) in log
    with psycopg2.connect(fresh_database) as conn, conn.cursor() as cur:
        cur.execute("DELETE FROM schema_version WHERE version = %s",
                    (last + 1,))
    assert run(CTL, "migrate", env=env) == ""
    with httpd(fresh_database) as s:
        got = requests.get(s.base + "/v2/boards", timeout=30,
                           headers={"Authorization": "Bearer " + key})
        assert got.status_code == 200
