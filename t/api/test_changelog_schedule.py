"""Scheduled changelog publishing by the background worker: on time,
once, with one event and one email per subscriber, while two httpd
instances share the database; delivered over SMTP with working
unsubscribe links."""
import secrets
import time
from contextlib import ExitStack
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

import requests

from conftest import Org, error_log_lines, httpd
from helpers import wait_for
from test_email_delivery import FROM, worker_conf

PUBLIC = "https://feedback.example"


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def two_servers(stack, dsn, sink):
    """Two httpds with workers on one database, signing with one secret
    (as every node of a deployment must)."""
    conf = worker_conf(sink, extra="FeedbackSecret %s\nFeedbackPublicURL %s\n"
                       % (secrets.token_hex(32), PUBLIC))
    return [stack.enter_context(httpd(dsn, conf, worker=True))
            for _ in range(2)]


def assert_logs_clean(*servers):
    for server in servers:
        bad = error_log_lines(server)
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


def published_events(server, org, cid):
    return server.sql("SELECT count(*) FROM events WHERE org_id = %s "
                      "AND topic = 'changelog.published' "
                      "AND item->>'id' = %s", org.id, cid)[0][0]


def test_scheduled_publish_happens_once_on_time(fresh_database, smtp_sink):
    with ExitStack() as stack:
        a, b = two_servers(stack, fresh_database, smtp_sink)
        org = Org(a, "sched" + secrets.token_hex(3))
        subscribers = sorted("r%d-%s@example.com" % (i, secrets.token_hex(3))
                             for i in range(4))
        r = org.api.post("/changelogs/subscribers",
                         json={"emails": subscribers})
        assert r.json()["count"] == 4
        german = "de-%s@example.com" % secrets.token_hex(3)
        assert org.api.post("/changelogs/subscribers", json={
            "emails": [german], "locale": "de"}).json()["count"] == 1
        ch = org.api.post("/changelogs", json={
            "title": "Scheduled release", "htmlContent": "<p>Soon</p>"}).json()
        r = org.api.request("PATCH", "/changelogs/" + ch["id"], json={
            "locale": "de", "title": "Geplante Version",
            "htmlContent": "<p>Bald</p>"})
        assert r.status_code == 200, r.text
        when = datetime.now(timezone.utc) + timedelta(seconds=2)
        r = org.api.post("/changelogs/%s/publish" % ch["id"], json={
            "scheduledDate": iso(when), "sendEmail": True})
        assert r.json() == {"success": True, "state": "scheduled"}
        assert org.api.get("/changelogs/" + ch["id"]).json()["state"] == \
            "draft"

        def live():
            g = org.api.get("/changelogs/" + ch["id"]).json()
            return g if g["state"] == "live" else None

        g = wait_for(live, 15)
        live_at = datetime.now(timezone.utc)
        assert g is not None, "not published"
        assert when <= live_at < when + timedelta(seconds=4)
        assert g["notifications"]["en"]["scheduledDate"] is None
        assert g["emailSentToSubscribers"] is True
        assert g["publishedLocales"] == ["en", "de"]
        got = smtp_sink.wait_for(5)
        time.sleep(1.5)     # room for a duplicate to show up
        assert len(smtp_sink.messages) == 5
        assert sorted(rcpt for _, (rcpt,), _ in got) == sorted(
            subscribers + [german])
        for mail_from, (rcpt,), msg in got:
            assert mail_from == FROM and msg["To"] == rcpt
            assert msg["Subject"] == ("Geplante Version" if rcpt == german
                                      else "Scheduled release")
            body = msg.get_body(("plain",)).get_content()
            assert ("Bald" if rcpt == german else "Soon") in body
            link = msg["List-Unsubscribe"].strip("<>")
            assert link.startswith(PUBLIC + "/v2/email/unsubscribe?")
            assert msg["List-Unsubscribe-Post"] == \
                "List-Unsubscribe=One-Click"
        assert published_events(a, org, ch["id"]) == 1
        assert a.sql("SELECT state, count(*) FROM email_outbox "
                     "WHERE changelog_id = %s GROUP BY state",
                     ch["id"]) == [("sent", 5)]
        # The link a subscriber got works on either node.
        first = [m for m in got if m[1] == [subscribers[0]]][0]
        parts = urlsplit(first[2]["List-Unsubscribe"].strip("<>"))
        r = requests.post(b.base + parts.path + "?" + parts.query,
                          data={"List-Unsubscribe": "One-Click"}, timeout=10)
        assert r.status_code == 200, r.text
        assert subscribers[0] not in [e for (e,) in a.sql(
            "SELECT email FROM changelog_subscribers WHERE org_id = %s",
            org.id)]
        # Publishing again sends nothing more.
        r = org.api.post("/changelogs/%s/publish" % ch["id"],
                         json={"sendEmail": True})
        assert r.json()["state"] == "published"
        time.sleep(1)
        assert len(smtp_sink.messages) == 5
        assert published_events(a, org, ch["id"]) == 2
        assert_logs_clean(a, b)


def test_locales_due_together_publish_together(fresh_database, smtp_sink):
    with ExitStack() as stack:
        a, b = two_servers(stack, fresh_database, smtp_sink)
        org = Org(a, "sched" + secrets.token_hex(3))
        ch = org.api.post("/changelogs", json={
            "title": "Both", "htmlContent": "<p>x</p>"}).json()
        org.api.request("PATCH", "/changelogs/" + ch["id"],
                        json={"locale": "de", "title": "Beide"})
        when = iso(datetime.now(timezone.utc) + timedelta(seconds=1))
        assert org.api.post("/changelogs/%s/publish" % ch["id"], json={
            "scheduledDate": when}).json()["state"] == "scheduled"
        # A schedule moved away and one cancelled do not publish.
        later = org.api.post("/changelogs", json={
            "title": "Later", "htmlContent": "<p>x</p>"}).json()
        cancelled = org.api.post("/changelogs", json={
            "title": "Cancelled", "htmlContent": "<p>x</p>"}).json()
        for c in (later, cancelled):
            org.api.post("/changelogs/%s/publish" % c["id"],
                         json={"scheduledDate": when})
        org.api.post("/changelogs/%s/publish" % later["id"], json={
            "scheduledDate": iso(datetime.now(timezone.utc)
                                 + timedelta(days=1))})
        org.api.post("/changelogs/%s/unpublish" % cancelled["id"])

        def both_live():
            g = org.api.get("/changelogs/" + ch["id"]).json()
            return g if g["publishedLocales"] == ["en", "de"] else None

        assert wait_for(both_live, 15) is not None
        time.sleep(1)
        assert published_events(a, org, ch["id"]) == 1
        for c in (later, cancelled):
            assert org.api.get("/changelogs/" + c["id"]).json()["state"] == \
                "draft"
            assert published_events(a, org, c["id"]) == 0
        assert org.api.get("/changelogs/" + later["id"]).json()[
            "notifications"]["en"]["scheduledDate"] is not None
        # Without sendEmail no email was queued.
        assert a.sql("SELECT count(*) FROM email_outbox WHERE org_id = %s",
                     org.id) == [(0,)]
        assert_logs_clean(a, b)


def test_a_scheduled_publish_that_fails_shows_why(fresh_database):
    """A schedule the worker cannot carry out (here a trigger refuses the
    publish) is dropped after the attempts, and the changelog says why in
    notifications[locale].scheduleError until it is published."""
    with httpd(fresh_database, worker_conf(attempts=1), worker=True) as s:
        org = Org(s, "boom" + secrets.token_hex(3))
        ch = org.api.post("/changelogs", json={
            "title": "Boom", "htmlContent": "<p>Soon</p>"}).json()
        s.sql("CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS "
              "$$ BEGIN IF NEW.live_title = 'Boom' THEN RAISE EXCEPTION "
              "'boom refused'; END IF; RETURN NEW; END $$; "
              "CREATE TRIGGER boom BEFORE UPDATE ON changelog_locales "
              "FOR EACH ROW EXECUTE FUNCTION boom()")
        when = datetime.now(timezone.utc) + timedelta(seconds=1)
        r = org.api.post("/changelogs/%s/publish" % ch["id"],
                         json={"scheduledDate": iso(when)})
        assert r.json()["state"] == "scheduled"

        def failed():
            n = org.api.get("/changelogs/" + ch["id"]).json()
            return n if n["notifications"]["en"]["scheduleError"] else None

        g = wait_for(failed, 15)
        assert g is not None, "the failure never showed"
        assert "boom refused" in g["notifications"]["en"]["scheduleError"]
        assert g["notifications"]["en"]["scheduledDate"] is None
        assert g["state"] == "draft"
        s.sql("DROP TRIGGER boom ON changelog_locales")
        r = org.api.post("/changelogs/%s/publish" % ch["id"], json={})
        assert r.json()["state"] == "published"
        g = org.api.get("/changelogs/" + ch["id"]).json()
        assert g["state"] == "live"
        assert g["notifications"]["en"]["scheduleError"] is None
