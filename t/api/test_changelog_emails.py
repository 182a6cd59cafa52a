"""Changelog subscriber emails: who gets them, once per locale, their
unsubscribe links and headers, and the unsubscribe page."""
import html
import re
import secrets
from urllib.parse import urlsplit, parse_qs

import pytest
import requests

from conftest import Org


def addr(tag="s"):
    return "%s%s@example.com" % (tag, secrets.token_hex(4))


@pytest.fixture
def fresh(server):
    return Org(server, "mail" + secrets.token_hex(3))


def create(org, **body):
    body.setdefault("title", "Release " + secrets.token_hex(3))
    body.setdefault("htmlContent", "<p>What is new</p>")
    r = org.api.post("/changelogs", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def publish(org, cid, **body):
    r = org.api.post("/changelogs/%s/publish" % cid, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def outbox(org, cid):
    return org.server.sql(
        "SELECT recipient, subject, body_html, body_text, headers, kind, "
        "dedupe_key FROM email_outbox WHERE org_id = %s "
        "AND changelog_id = %s ORDER BY recipient", org.id, cid)


def link_of(row):
    """The unsubscribe link of an outbox row, checked in all three places."""
    headers = row[4]
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = re.fullmatch(r"<(.+)>", headers["List-Unsubscribe"]).group(1)
    assert 'href="%s"' % html.escape(link, quote=True) in row[2]
    assert link in row[3]
    return link


def test_recipients_and_once_per_locale(fresh):
    a, b, c, d, e = (addr(t) for t in "abcde")
    assert fresh.api.post("/changelogs/subscribers", json={
        "emails": [a, b, d]}).status_code == 200
    assert fresh.api.post("/changelogs/subscribers", json={
        "emails": [c], "locale": "de"}).status_code == 200
    # d opts out as a contact; e is a subscribed contact not on the list.
    r = fresh.api.post("/contacts", json={"email": d, "name": "D",
                                          "userId": "u-d"})
    assert r.status_code == 201, r.text
    r = fresh.api.request("PATCH", "/contacts/%s/email-preferences"
                          % r.json()["id"],
                          json={"preferences": {"changelog": "unsubscribed"}})
    assert r.status_code == 200, r.text
    r = fresh.api.post("/contacts", json={
        "email": e.upper(), "name": "E", "subscribedToChangelog": True})
    assert r.status_code == 201, r.text
    ch = create(fresh, title="Shiny <new> thing")
    assert outbox(fresh, ch["id"]) == []
    assert publish(fresh, ch["id"], sendEmail=True)["state"] == "published"
    rows = outbox(fresh, ch["id"])
    assert [r[0] for r in rows] == sorted([a, b, e])
    for row in rows:
        assert row[1] == "Shiny <new> thing"
        assert row[5] == "changelog"
        assert row[6] == "changelog/%s/en/%s" % (ch["id"], row[0])
        assert "<h1>Shiny &lt;new&gt; thing</h1>" in row[2]
        assert "<p>What is new</p>" in row[2]
        assert ch["url"] in row[2] and ch["url"] in row[3]
        q = parse_qs(urlsplit(link_of(row)).query)
        assert (q["org"], q["list"], q["email"]) == ([fresh.id],
                                                     ["changelog"], [row[0]])
    g = fresh.api.get("/changelogs/" + ch["id"]).json()
    assert g["emailSentToSubscribers"] is True
    assert g["notifications"]["en"]["emailSent"] is True
    assert g["notifications"]["en"]["sendEmailNotification"] is True
    # Never twice for the same locale, whatever happens in between.
    publish(fresh, ch["id"], sendEmail=True)
    fresh.api.post("/changelogs/%s/unpublish" % ch["id"])
    publish(fresh, ch["id"], sendEmail=True)
    assert len(outbox(fresh, ch["id"])) == 3
    # Another locale mails its own subscribers, once.
    r = fresh.api.request("PATCH", "/changelogs/" + ch["id"],
                          json={"locale": "de", "title": "Neu"})
    assert r.status_code == 200
    publish(fresh, ch["id"], locales=["de"], sendEmail=True)
    de = [x for x in outbox(fresh, ch["id"]) if x[0] == c]
    assert len(de) == 1 and de[0][1] == "Neu"
    assert de[0][6] == "changelog/%s/de/%s" % (ch["id"], c)


def test_no_email_without_send_email(fresh):
    fresh.api.post("/changelogs/subscribers", json={"emails": [addr()]})
    ch = create(fresh)
    publish(fresh, ch["id"])
    create_live = create(fresh, state="live")
    assert outbox(fresh, ch["id"]) == []
    assert outbox(fresh, create_live["id"]) == []
    g = fresh.api.get("/changelogs/" + ch["id"]).json()
    assert (g["emailSentToSubscribers"],
            g["notifications"]["en"]["sendEmailNotification"]) == (False,
                                                                   False)
    # A later publish with sendEmail still mails, once.
    publish(fresh, ch["id"], sendEmail=True)
    assert len(outbox(fresh, ch["id"])) == 1


def test_deleting_the_changelog_drops_its_emails(fresh):
    fresh.api.post("/changelogs/subscribers", json={"emails": [addr()]})
    ch = create(fresh)
    publish(fresh, ch["id"], sendEmail=True)
    assert len(outbox(fresh, ch["id"])) == 1
    assert fresh.api.request("DELETE", "/changelogs/" + ch["id"]) \
        .status_code == 200
    assert outbox(fresh, ch["id"]) == []


def test_unsubscribe_link(fresh):
    a = addr()
    fresh.api.post("/changelogs/subscribers", json={"emails": [a]})
    r = fresh.api.post("/contacts", json={"email": a, "name": "A"})
    contact = r.json()["id"]
    ch = create(fresh)
    publish(fresh, ch["id"], sendEmail=True)
    link = link_of(outbox(fresh, ch["id"])[0])
    parts = urlsplit(link)
    # The link names this server (FeedbackPublicURL or its own name); the
    # test reaches it at its test address.
    local = fresh.server.base + parts.path + "?" + parts.query
    page = requests.get(local, timeout=10)
    assert page.status_code == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "<form method=\"post\">" in page.text and a in page.text
    assert fresh.server.sql("SELECT count(*) FROM changelog_subscribers "
                            "WHERE org_id = %s", fresh.id) == [(1,)]
    # One-click (RFC 8058): a POST of the form body, no API key.
    done = requests.post(local, data={"List-Unsubscribe": "One-Click"},
                         timeout=10)
    assert done.status_code == 200 and "no more" in done.text
    assert fresh.server.sql("SELECT count(*) FROM changelog_subscribers "
                            "WHERE org_id = %s", fresh.id) == [(0,)]
    c = fresh.api.get("/contacts/" + contact).json()
    assert c["manuallyOptedOutFromChangelog"] is True
    # Again: still fine.
    assert requests.post(local, timeout=10).status_code == 200


@pytest.mark.parametrize("change", ["email", "org", "token", "list"])
def test_unsubscribe_refuses_altered_links(fresh, change):
    a = addr()
    fresh.api.post("/changelogs/subscribers", json={"emails": [a]})
    ch = create(fresh)
    publish(fresh, ch["id"], sendEmail=True)
    q = parse_qs(urlsplit(link_of(outbox(fresh, ch["id"])[0])).query)
    q = {k: v[0] for k, v in q.items()}
    q[change] = {"email": addr(), "org": "other",
                 "token": "0" * 64, "list": "other"}[change]
    r = requests.post(fresh.server.base + "/v2/email/unsubscribe",
                      params=q, timeout=10)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["param"] == ("list" if change == "list"
                                          else "token")
    del q["token"]
    r = requests.get(fresh.server.base + "/v2/email/unsubscribe", params=q,
                     timeout=10)
    assert r.status_code == 400
    assert fresh.server.sql("SELECT count(*) FROM changelog_subscribers "
                            "WHERE org_id = %s", fresh.id) == [(1,)]


def test_status_update_emails_can_be_left_too(fresh):
    """Every bulk email carries a link; this one leaves postUpdates."""
    board = fresh.server.sql("INSERT INTO boards (org_id, name) VALUES "
                             "(%s, 'B') RETURNING id", fresh.id)[0][0]
    post = fresh.api.post("/posts", json={"title": "Dark mode",
                                          "boardId": board,
                                          "upvotes": 0}).json()
    # Two statuses other than the one the post starts in, so that each
    # PATCH below really changes the status.
    statuses = [s for (s,) in fresh.server.sql(
        "SELECT id FROM post_statuses WHERE org_id = %s AND id <> %s "
        "ORDER BY id", fresh.id, post["status"]["id"])]
    voter = addr("v")
    r = fresh.api.post("/posts/%s/voters" % post["id"],
                       json={"email": voter, "name": "V"})
    assert r.status_code == 201, r.text
    contact = r.json()["id"] if "id" in r.json() else None

    def status_mails():
        return fresh.server.sql(
            "SELECT recipient, headers FROM email_outbox WHERE org_id = %s "
            "AND kind = 'post.status' ORDER BY created_at", fresh.id)

    fresh.api.request("PATCH", "/posts/" + post["id"], json={
        "statusId": statuses[0], "sendStatusUpdateEmail": True})
    (recipient, headers), = status_mails()
    assert recipient == voter
    link = headers["List-Unsubscribe"].strip("<>")
    parts = urlsplit(link)
    local = fresh.server.base + parts.path + "?" + parts.query
    page = requests.get(local, timeout=10)
    assert "post status update emails" in page.text
    assert requests.post(local, timeout=10).status_code == 200
    c = fresh.server.sql("SELECT id, email_preferences FROM contacts "
                         "WHERE org_id = %s AND email = %s", fresh.id,
                         voter)[0]
    assert c[1]["postUpdates"] == "unsubscribed"
    assert contact in (None, c[0])
    fresh.api.request("PATCH", "/posts/" + post["id"], json={
        "statusId": statuses[1], "sendStatusUpdateEmail": True})
    assert len(status_mails()) == 1
