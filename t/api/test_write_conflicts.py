"""A write PostgreSQL undoes for a concurrent transaction's sake (a
deadlock, 40P01; a serialization failure, 40001) answers 503
service_unavailable with Retry-After, never a bare 500: nothing of it
stays, it is logged once (FB00492), and sent again it succeeds."""
import secrets
import threading

import psycopg2

from helpers import assert_error, wait_for
from test_conversations import started
from test_ticket_links import cats, ticket, topics


def assert_conflict(r):
    assert_error(r, 503, "service_unavailable")
    assert r.headers["Retry-After"] == "1"


def log_count(server, number):
    with open(server.error_log, errors="replace") as f:
        return f.read().count(number)


def waiting_backends(server):
    (n,), = server.sql(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = "
        "current_database() AND wait_event_type = 'Lock'")
    return n


def test_deadlock_answers_503(server, org):
    """A session holds the ticket the conversation's delete unlinks, then
    asks for the conversation the delete holds: PostgreSQL ends the
    delete's transaction, whose wait began first (the session's own
    deadlock check is put off)."""
    c = started(org)
    t = ticket(org, linkedConversationId=c["id"])
    before = log_count(server, "FB00492")
    holder = psycopg2.connect(server.dsn)
    out = {}
    try:
        cur = holder.cursor()
        cur.execute("SET LOCAL deadlock_timeout = '60s'")
        cur.execute("SELECT 1 FROM tickets WHERE org_id = %s AND id = %s "
                    "FOR UPDATE", (org.id, t["id"]))
        thread = threading.Thread(target=lambda: out.setdefault(
            "r", org.api.request("DELETE", "/conversations/" + c["id"])))
        thread.start()
        assert wait_for(lambda: waiting_backends(server) > 0)
        # Waits until PostgreSQL has ended the delete's transaction.
        cur.execute("SELECT 1 FROM conversations WHERE org_id = %s "
                    "AND id = %s FOR UPDATE", (org.id, c["id"]))
        holder.rollback()
        thread.join(30)
    finally:
        holder.close()
    assert_conflict(out["r"])
    assert log_count(server, "FB00492") == before + 1
    # Undone whole: the conversation is there, linked, without event.
    assert org.api.get("/conversations/" + c["id"]).status_code == 200
    got = org.api.get("/tickets/%d" % t["ticketNumber"]).json()
    assert got["linkedConversations"] == [{"id": c["id"],
                                           "role": "customer"}]
    assert "conversation.deleted" not in topics(server, org, c["id"])
    r = org.api.request("DELETE", "/conversations/" + c["id"])
    assert r.status_code == 200, r.text


def test_serialization_failure_answers_503(server, org):
    """A trigger fails the first insert with 40001; the client's retry
    with its Idempotency-Key then makes the ticket, once."""
    title = "Conflict " + secrets.token_hex(4)
    seq = "fb_test_conflict_" + secrets.token_hex(4)
    server.sql("CREATE SEQUENCE %s" % seq)
    server.sql(
        "CREATE FUNCTION fb_test_conflict() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "IF nextval('%s') = 1 THEN RAISE EXCEPTION 'conflict' "
        "USING ERRCODE = '40001'; END IF; RETURN NEW; END $$" % seq)
    server.sql("CREATE TRIGGER fb_test_conflict BEFORE INSERT ON tickets "
               "FOR EACH ROW WHEN (NEW.title = '%s') "
               "EXECUTE FUNCTION fb_test_conflict()" % title)
    body = {"ticketCategoryId": cats(org)["customer"], "title": title,
            "author": {}}
    key = {"Idempotency-Key": secrets.token_hex(8)}
    before = log_count(server, "FB00492")
    try:
        assert_conflict(org.api.post("/tickets", json=body, headers=key))
        assert server.sql("SELECT count(*) FROM tickets WHERE org_id = %s "
                          "AND title = %s", org.id, title) == [(0,)]
        r = org.api.post("/tickets", json=body, headers=key)
        assert r.status_code == 201, r.text
    finally:
        server.sql("DROP TRIGGER fb_test_conflict ON tickets")
        server.sql("DROP FUNCTION fb_test_conflict()")
        server.sql("DROP SEQUENCE %s" % seq)
    assert log_count(server, "FB00492") == before + 1
    assert server.sql("SELECT count(*) FROM tickets WHERE org_id = %s "
                      "AND title = %s", org.id, title) == [(1,)]


def race_a_post_being_created(server, org, sid, send, commit):
    """send() (a status's write) while a second session holds what a
    post's create holds between its steps: a new tag (the organization's
    row locked by the tags' trigger), then the post's foreign key check
    on status sid once send's transaction waits; that session then
    commits or rolls back.  send's answer."""
    holder = psycopg2.connect(server.dsn)
    out = {}
    try:
        cur = holder.cursor()
        cur.execute("SET LOCAL deadlock_timeout = '60s'")
        # What posts_create's tag creation leaves locked.
        cur.execute("INSERT INTO tags (org_id, name) VALUES (%s, %s)",
                    (org.id, "racer " + secrets.token_hex(4)))
        thread = threading.Thread(target=lambda: out.setdefault(
            "r", send()))
        thread.start()
        assert wait_for(lambda: waiting_backends(server) > 0)
        # The post's foreign key check on its status.
        cur.execute("SELECT 1 FROM post_statuses WHERE org_id = %s "
                    "AND id = %s FOR KEY SHARE", (org.id, sid))
        if commit:
            holder.commit()
        else:
            holder.rollback()
        thread.join(30)
    finally:
        holder.close()
    return out["r"]


def test_status_change_lets_a_new_post_reference_it(server, org):
    """A post's create makes its new tags (the tags' trigger bumps the
    organization's render_version: its row locked) and then inserts the
    post, whose foreign key takes KEY SHARE on its status.  A status's
    change locks the status row and then bumps the same organization
    row.  Were the status locked FOR UPDATE (which KEY SHARE waits for),
    the two would wait for each other; a change locks it FOR NO KEY
    UPDATE, so the post goes on and the change then waits its turn."""
    sid = org.api.get("/post_statuses").json()[0]["id"]
    before = log_count(server, "FB00492")
    r = race_a_post_being_created(
        server, org, sid, lambda: org.api.request(
            "PATCH", "/post_statuses/" + sid, json={"name": "Raced"}),
        commit=True)
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Raced"
    assert log_count(server, "FB00492") == before


def test_status_delete_waits_for_a_post_being_created(server, org):
    """The same race with a status's delete, which must lock the row
    FOR UPDATE (no new post may name it): a status write takes the
    organization's row first (its serialize step), as a post's create
    does before it names the status, so the delete waits for the post's
    create instead of making the cycle, and then refuses nothing: the
    post was not committed."""
    made = org.api.post("/post_statuses", json={
        "name": "Doomed " + secrets.token_hex(3), "type": "active"})
    assert made.status_code == 201, made.text
    sid = made.json()["id"]
    before = log_count(server, "FB00492")
    r = race_a_post_being_created(
        server, org, sid,
        lambda: org.api.request("DELETE", "/post_statuses/" + sid),
        commit=False)
    assert r.status_code == 200, r.text
    assert log_count(server, "FB00492") == before
    assert org.api.get("/post_statuses/" + sid).status_code == 404
