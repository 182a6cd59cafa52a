"""Snoozed conversations wake to open at snoozedUntil, through the
background worker, once, while two httpds share the database."""
import datetime
import secrets
import time
from contextlib import ExitStack

from conftest import Org, error_log_lines, httpd
from helpers import wait_for
from test_email_delivery import worker_conf


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def test_snoozed_conversations_wake_once(fresh_database):
    with ExitStack() as stack:
        a, b = [stack.enter_context(httpd(fresh_database, worker_conf(),
                                          worker=True)) for _ in range(2)]
        org = Org(a, "snz" + secrets.token_hex(3))
        who = org.api.post("/contacts", json={
            "email": "s@snooze.example"}).json()
        ids = []
        for _ in range(6):
            r = org.api.post("/conversations", json={
                "from": {"type": "contact", "id": who["id"]},
                "bodyMarkdown": "hi"})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        now = datetime.datetime.now(datetime.timezone.utc)
        soon = iso(now + datetime.timedelta(seconds=2))
        for cid in ids:
            r = org.api.request("PATCH", "/conversations/" + cid, json={
                "state": "snoozed", "snoozedUntil": soon})
            assert r.status_code == 200, r.text
        # One is reopened by hand, one snoozed for longer: neither wakes
        # at the first time.
        org.api.request("PATCH", "/conversations/" + ids[0],
                        json={"state": "open"})
        far = iso(now + datetime.timedelta(hours=1))
        org.api.request("PATCH", "/conversations/" + ids[1],
                        json={"state": "snoozed", "snoozedUntil": far})
        time.sleep(0.5)
        assert org.api.get("/conversations/" + ids[2]).json()[
            "state"] == "snoozed"

        def woken():
            states = [org.api.get("/conversations/" + c).json()["state"]
                      for c in ids[2:]]
            return all(s == "open" for s in states)

        assert wait_for(woken, 20)
        for cid in ids[2:]:
            c = b.sql("SELECT count(*) FROM events WHERE org_id = %s AND "
                      "topic = 'conversation.admin.unsnoozed' AND "
                      "item->>'id' = %s", org.id, cid)[0][0]
            assert c == 1
            got = org.api.get("/conversations/" + cid).json()
            assert got["snoozedUntil"] is None
            moves = [p["status"] for p in got["conversationParts"]
                     if p["partType"] == "status"]
            assert moves == ["snoozed", "open"]
        assert org.api.get("/conversations/" + ids[1]).json()[
            "state"] == "snoozed"
        assert org.api.get("/conversations/" + ids[0]).json()[
            "state"] == "open"
        assert b.sql("SELECT count(*) FROM conversations WHERE org_id = %s "
                     "AND wake_lease IS NOT NULL", org.id)[0][0] == 0
        for s in (a, b):
            assert not error_log_lines(s)
