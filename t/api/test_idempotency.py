"""Idempotency-Key on POST: a retry with the same key and body replays the
first answer and writes nothing; another body is 422; a key still running
is 409; keys are scoped by API key and path; a 5xx leaves no record;
records go after 24 hours."""
import hashlib
import os
import secrets
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg2
import pytest

from conftest import Client, Org, error_log_lines, httpd
from helpers import assert_error


@pytest.fixture(scope="module")
def board(org):
    return org.server.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                          "'Ideas') RETURNING id", org.id)[0][0]


def create(org, board, key, title="Retried", api=None):
    return (api or org.api).post("/posts", json={
        "title": title, "boardId": board},
        headers={"Idempotency-Key": key})


def count(org, title):
    return org.server.sql("SELECT count(*) FROM posts WHERE org_id = %s "
                          "AND title = %s", org.id, title)[0][0]


def test_a_retry_replays_the_first_answer(org, board):
    key, title = secrets.token_hex(8), "Once " + secrets.token_hex(3)
    first = create(org, board, key, title)
    assert first.status_code == 201, first.text
    assert "Idempotent-Replayed" not in first.headers
    again = create(org, board, key, title)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert count(org, title) == 1
    # The same body spaced differently is the same request.
    r = org.api.post("/posts", data='{ "title" : "%s", "boardId":"%s" }'
                     % (title, board), headers={
                         "Idempotency-Key": key,
                         "Content-Type": "application/json"})
    assert r.status_code == 201 and r.json()["id"] == first.json()["id"]


def test_the_answer_commits_with_the_write(org, board):
    """The record's answer is stored by the write's own transaction
    (issue 32): the post and the record's last version have one xmin."""
    key, title = secrets.token_hex(8), "Together " + secrets.token_hex(3)
    r = create(org, board, key, title)
    assert r.status_code == 201, r.text
    post_tx, = org.server.sql("SELECT xmin::text FROM posts "
                              "WHERE org_id = %s AND id = %s",
                              org.id, r.json()["id"])[0]
    state, status, key_tx = org.server.sql(
        "SELECT state, status, xmin::text FROM idempotency_keys "
        "WHERE org_id = %s AND idem_key = %s", org.id, key)[0]
    assert (state, status) == ("done", 201)
    assert key_tx == post_tx


# An upsert that reads its answer in its own transaction: its path, the
# body's field naming the record, the table and that row's column.
UPSERTS = {
    "contact": ("/contacts", "userId", "contacts", "id"),
    "company": ("/companies", "companyId", "companies", "id"),
}


@pytest.mark.parametrize("existing", [False, True])
@pytest.mark.parametrize("kind", sorted(UPSERTS))
def test_an_upsert_answer_commits_with_it(org, kind, existing):
    """POST /v2/contacts and /v2/companies read their answer in their own
    transaction too: a created and an updated record and the key's
    record have one xmin, and a replay answers the same status and
    body."""
    path, field, table, column = UPSERTS[kind]
    body = {field: "idem-" + secrets.token_hex(4), "name": "Before"}
    if existing:
        r = org.api.post(path, json=body)
        assert r.status_code == 201, r.text
    key = secrets.token_hex(8)
    body["name"] = "After"
    r = org.api.post(path, json=body, headers={"Idempotency-Key": key})
    assert r.status_code == (200 if existing else 201), r.text
    assert r.json()["name"] == "After"
    row_tx, = org.server.sql("SELECT xmin::text FROM " + table
                             + " WHERE org_id = %s AND " + column + " = %s",
                             org.id, r.json()["id"])[0]
    state, status, key_tx = org.server.sql(
        "SELECT state, status, xmin::text FROM idempotency_keys "
        "WHERE org_id = %s AND idem_key = %s", org.id, key)[0]
    assert (state, status) == ("done", r.status_code)
    assert key_tx == row_tx
    again = org.api.post(path, json=body, headers={"Idempotency-Key": key})
    assert (again.status_code, again.json()) == (r.status_code, r.json())


def test_another_body_with_the_key_is_refused(org, board):
    key = secrets.token_hex(8)
    assert create(org, board, key, "First body").status_code == 201
    r = create(org, board, key, "Second body")
    assert_error(r, 422, "idempotency_key_reused", param="Idempotency-Key")
    assert count(org, "Second body") == 0


def test_errors_are_replayed_too(org, board):
    key = secrets.token_hex(8)
    r = org.api.post("/posts", json={"title": "No board",
                                     "boardId": "0" * 24},
                     headers={"Idempotency-Key": key})
    assert_error(r, 404, "board_not_found", param="boardId")
    again = org.api.post("/posts", json={"title": "No board",
                                         "boardId": "0" * 24},
                         headers={"Idempotency-Key": key})
    assert again.status_code == 404
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == r.json()


def test_a_key_still_running_is_409(org, board):
    """Ten concurrent requests with one key: one runs, the others get 409
    or, once it is done, its answer; one post either way."""
    key, title = secrets.token_hex(8), "Raced " + secrets.token_hex(3)
    with ThreadPoolExecutor(10) as pool:
        results = list(pool.map(lambda _: create(org, board, key, title),
                                range(10)))
    codes = sorted(r.status_code for r in results)
    assert codes.count(201) >= 1 and set(codes) <= {201, 409}, codes
    for r in results:
        if r.status_code == 409:
            assert_error(r, 409, "idempotency_key_in_use",
                         param="Idempotency-Key")
    ids = {r.json()["id"] for r in results if r.status_code == 201}
    assert len(ids) == 1
    assert count(org, title) == 1


def test_a_concurrent_request_with_the_key_rolls_back(org, board):
    """The record is written by the write's transaction: a request whose
    key another transaction is recording (as a concurrent first request
    does, here a session held open) waits for it, finds the record once
    it commits, and rolls its own write back with 409."""
    key, title = secrets.token_hex(8), "Second " + secrets.token_hex(3)
    first = psycopg2.connect(org.server.dsn)
    try:
        with first.cursor() as cur:
            cur.execute(
                "INSERT INTO idempotency_keys (org_id, api_key, method, "
                "  path, idem_key, body_hash, state, status, response) "
                "VALUES (%s, %s, 'POST', '/v2/posts', %s, 'other', 'done', "
                "  201, '{}')", (org.id, hashlib.sha256(
                    org.key.encode()).hexdigest(), key))
        with ThreadPoolExecutor(1) as pool:
            second = pool.submit(create, org, board, key, title)
            # It ran its write and waits on the record's key.
            deadline = time.time() + 10
            while not org.server.sql(
                    "SELECT 1 FROM pg_stat_activity WHERE wait_event_type "
                    "= 'Lock' AND datname = current_database() "
                    "AND query LIKE %s", "%idempotency_keys%"):
                assert time.time() < deadline and not second.done()
                time.sleep(0.05)
            first.commit()
            r = second.result(timeout=10)
    finally:
        first.close()
    assert_error(r, 409, "idempotency_key_in_use", param="Idempotency-Key")
    assert "carried out first" in r.json()["error"]["message"]
    assert count(org, title) == 0
    # Its 409 is not recorded over the first's answer.
    assert org.server.sql("SELECT body_hash, status FROM idempotency_keys "
                          "WHERE org_id = %s AND idem_key = %s",
                          org.id, key) == [("other", 201)]


def test_a_claim_of_the_version_before_does_not_hold_its_key(org, board):
    """A 'running' claim was made by the version before this one (which
    claimed a key in a transaction of its own): its request died, or
    finishes under an old child during an upgrade and then finds its
    claim gone.  A retry runs at once and takes the record over."""
    key, title = secrets.token_hex(8), "Claimed " + secrets.token_hex(3)
    assert create(org, board, key, title).status_code == 201
    # As if the request had claimed the key and died before its write.
    org.server.sql("DELETE FROM posts WHERE org_id = %s AND title = %s",
                   org.id, title)
    org.server.sql("UPDATE idempotency_keys SET state = 'running', "
                   "status = NULL, response = NULL, claimed_at = now() "
                   "WHERE org_id = %s AND idem_key = %s", org.id, key)
    r = create(org, board, key, title)
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert count(org, title) == 1
    # The record is this request's now: a replay from here on.
    r = create(org, board, key, title)
    assert r.status_code == 201 and "Idempotent-Replayed" in r.headers
    assert count(org, title) == 1


def test_keys_are_scoped_by_api_key_and_path(org, board):
    key, title = secrets.token_hex(8), "Scoped " + secrets.token_hex(3)
    assert create(org, board, key, title).status_code == 201
    other = Client(org.server, org.key_for("member"))
    r = create(org, board, key, title, api=other)
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert count(org, title) == 2
    r = org.api.post("/changelogs", json={"title": title,
                                          "htmlContent": "<p>x</p>"},
                     headers={"Idempotency-Key": key})
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers


def test_only_post_and_well_formed_keys(org, board):
    for bad in ("", "x" * 256, "caf\u00e9"):
        r = org.api.post("/posts", json={"title": "Bad key",
                                         "boardId": board},
                         headers={"Idempotency-Key": bad.encode()})
        assert_error(r, 400, "invalid_parameter", param="Idempotency-Key")
    assert count(org, "Bad key") == 0
    p = create(org, board, secrets.token_hex(8)).json()
    key = secrets.token_hex(8)
    for _ in range(2):
        r = org.api.request("PATCH", "/posts/" + p["id"],
                            json={"title": "Patched"},
                            headers={"Idempotency-Key": key})
        assert r.status_code == 200
        assert "Idempotent-Replayed" not in r.headers


def test_a_server_error_leaves_no_record(fresh_database):
    """A first request that ends in a 5xx (here a trigger makes its insert
    fail) can be retried with the same key, and then runs."""
    with httpd(fresh_database) as s:
        o = Org(s, "idem" + os.urandom(3).hex())
        board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                      "RETURNING id", o.id)[0][0]
        s.sql("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql "
              "AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$; "
              "CREATE TRIGGER refuse BEFORE INSERT ON posts FOR EACH ROW "
              "EXECUTE FUNCTION refuse()")
        key = secrets.token_hex(8)
        assert_error(create(o, board, key, "Later"), 500, "database_error")
        assert s.sql("SELECT count(*) FROM idempotency_keys") == [(0,)]
        s.sql("DROP TRIGGER refuse ON posts")
        r = create(o, board, key, "Later")
        assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
        assert count(o, "Later") == 1


def test_records_expire_after_a_day(fresh_database):
    with httpd(fresh_database, "LogLevel warn feedback:info\n",
               worker=True) as s:
        o = Org(s, "idem" + os.urandom(3).hex())
        board = s.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                      "RETURNING id", o.id)[0][0]
        key = secrets.token_hex(8)
        assert create(o, board, key, "Day one").status_code == 201
        s.sql("UPDATE idempotency_keys SET created_at = now() - "
              "interval '25 hours' WHERE idem_key = %s", key)
        # Expired: the key runs again, even before the sweep.
        r = create(o, board, key, "Day two")
        assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
        assert count(o, "Day two") == 1
        s.sql("UPDATE idempotency_keys SET created_at = now() - "
              "interval '25 hours' WHERE idem_key = %s", key)
        # The sweep runs when a child starts: a graceful restart.
        with open(os.path.join(s.run_dir, "run", "httpd.pid")) as f:
            os.kill(int(f.read()), signal.SIGUSR1)
        deadline = time.time() + 20
        while s.sql("SELECT count(*) FROM idempotency_keys WHERE "
                    "idem_key = %s", key) != [(0,)] \
                and time.time() < deadline:
            time.sleep(0.2)
        assert s.sql("SELECT count(*) FROM idempotency_keys WHERE "
                     "idem_key = %s", key) == [(0,)]
        with open(s.error_log, errors="replace") as f:
            assert "sweep idempotency keys: 1 row(s)" in f.read()
        assert not error_log_lines(s)


def test_a_replay_signs_image_urls_afresh(org, board):
    gif = ("data:image/gif;base64,R0lGODlhAQABAAAAADs=")
    key = secrets.token_hex(8)
    body = {"title": "Pictured", "boardId": board,
            "content": '<p><img src="%s"></p>' % gif}
    first = org.api.post("/posts", json=body,
                         headers={"Idempotency-Key": key}).json()
    again = org.api.post("/posts", json=body,
                         headers={"Idempotency-Key": key})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first["id"]
    stored = org.server.sql("SELECT response FROM idempotency_keys WHERE "
                            "idem_key = %s", key)[0][0]
    assert "https://files.feedback.invalid/" in stored
    assert "files.feedback.invalid" not in again.text
    assert "/v2/files/" in again.json()["content"]
