"""feedbackctl import (bin/feedback-import): an organization moved from
one instance to another through the API, ids kept.

The source is the session's server; each target is a database of its
own in the same cluster with its own httpd.  The source is filled
through the API (boards, statuses, a field, tags, companies, customers
linked to them and a lead, posts with tags, authors and voters,
threaded comments, private and in review among them, teams with
members, brands; changelogs in two locales with drafts, a schedule,
categories and a thread, a custom role, a survey with responses; the
help center with collections three deep, articles live and drafted in
two locales, redirect rules), imported, and every object the target's
API renders is compared with the source's: same ids, same members,
except the documented differences (docs/decisions.md, "Import"): the
admins (an imported admin gets the Viewer role; the target's own Owner
stays), the brands (the target's own brand stays beside the source's),
the built-in roles (the target's own), and members naming the
organization or its portal (organizationId, organization, postUrl, a
changelog's url, featurebaseUrl).

Then: killed three times with SIGKILL at random points (after a random
number of pages) and run to the end, nothing doubled and the same result; a second run writes nothing
(no row's xmin moves); a changed source row is updated; an id another
organization here holds is refused; a source whose rate limit is spent
is waited out.  Last, the official client library runs against the
target and lists what was imported.
"""
import base64
import contextlib
import http.server
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import threading
import time

import psycopg2
import pytest
import requests

import contract
from conftest import (CTL, ROOT, Org, create_database, error_log_lines,
                      httpd, log_offset)
from helpers import NOVA

IGNORED = ("organizationId", "organization", "postUrl", "ticketUrl",
           "featurebaseUrl")
LISTS = ("/companies", "/boards", "/post_statuses", "/custom_fields",
         "/tags",
         "/contacts?contactType=customer", "/contacts?contactType=lead",
         "/posts?inReview=true",
         "/comments?privacy=all&inReview=true&sortBy=old",
         "/teams", "/brands", "/changelogs?state=all",
         "/changelogs?state=all&locale=fr", "/surveys",
         "/tickets/custom_fields", "/tickets/categories",
         "/tickets/statuses", "/conversations",
         "/tickets?sortBy=date&sortOrder=asc",
         "/help_center/help_centers", "/help_center/collections",
         "/help_center/articles?state=all", "/help_center/redirect_rules")
# The tables an import writes, counted by organization.
TABLES = ("boards", "post_statuses", "custom_fields", "conversation_tags",
          "companies", "contact_companies", "contacts", "tags", "posts",
          "post_tags", "post_votes", "comments", "admins", "teams",
          "team_members", "brands", "roles", "changelogs",
          "changelog_locales", "changelog_categories",
          "changelog_category_links", "surveys", "survey_responses",
          "conversations", "conversation_parts",
          "conversation_participants", "conversation_tag_links",
          "ticket_categories", "ticket_statuses", "tickets", "files",
          "help_centers", "help_center_translations",
          "help_center_collections", "help_center_collection_translations",
          "help_center_articles", "help_center_article_translations",
          "help_center_redirect_rules")


@contextlib.contextmanager
def target(cluster, database_template, extra_conf=""):
    dsn = create_database(cluster, "fbimp_" + secrets.token_hex(4),
                          database_template)
    with httpd(dsn, extra_conf) as s:
        yield s


@pytest.fixture(scope="module")
def target_a(cluster, database_template):
    with target(cluster, database_template) as s:
        yield s


@pytest.fixture(scope="module")
def target_b(cluster, database_template):
    with target(cluster, database_template) as s:
        yield s


def made(r):
    assert r.status_code in (200, 201), r.text
    return r.json()


def fill(org):
    """Every family the importer carries, through the API."""
    a = org.api
    boards = [made(a.post("/boards", json={"name": "Ideas"})),
              made(a.post("/boards", json={"name": "Bugs"}))]
    doing = made(a.post("/post_statuses", json={
        "name": "Doing", "color": "Blue", "type": "active"}))
    made(a.post("/custom_fields", json={
        "label": "Priority", "type": "select",
        "options": [{"label": "Low"}, {"label": "High"}]}))
    for name in ("billing", "urgent"):
        made(a.post("/tags", json={"name": name}))
    people = [made(a.post("/contacts", json={
        "email": "p%d@imp.example" % i, "name": "Person %d" % i}))
        for i in range(12)]
    # Companies, and people linked to them.
    for i in range(3):
        made(a.post("/companies", json={
            "companyId": "co-%d" % i, "name": "Company %d" % i,
            "monthlySpend": 100.5 * (i + 1), "industry": "Tools",
            "plan": "pro", "companySize": 10 * (i + 1),
            "website": "https://co%d.example" % i}))
    for i, person in enumerate(people[:5]):
        made(a.post("/contacts", json={
            "email": person["email"],
            "companies": [{"id": "co-%d" % (i % 3), "name": "Company %d"
                           % (i % 3)}]}))
    # No API call makes a lead (conversations do): one written here.
    org.server.sql("INSERT INTO contacts (org_id, email, name, type) "
                   "VALUES (%s, 'lead@imp.example', 'A lead', 'lead')",
                   org.id)
    posts = []
    for i in range(23):
        body = {"title": "Post %d about %s" % (i, secrets.token_hex(3)),
                "boardId": boards[i % 2]["id"],
                "content": "<p>Body <b>%d</b></p>" % i,
                "tags": ["ui", "tag%d" % (i % 3)]}
        if i % 3:
            body["author"] = {"email": people[i % 12]["email"]}
        posts.append(made(a.post("/posts", json=body)))
    # A post in review, with a status, an assignee, an ETA; one only its
    # author sees.
    made(a.request("PATCH", "/posts/" + posts[1]["id"], json={
        "inReview": True, "statusId": doing["id"], "isPinned": True,
        "assigneeId": org.owner_id, "eta": "2027-01-01T00:00:00.000Z"}))
    made(a.request("PATCH", "/posts/" + posts[4]["id"],
                   json={"visibility": "authorOnly"}))
    # Voters over several pages of the importer's (--page 5).
    for person in people:
        made(a.post("/posts/%s/voters" % posts[0]["id"],
                    json={"email": person["email"]}))
    for person in people[:3]:
        made(a.post("/posts/%s/voters" % posts[2]["id"],
                    json={"email": person["email"]}))
    # A post never changed with no upvote has no voter (its list is not
    # read); one whose upvotes a write set to 0 has voters, read.
    posts.append(made(a.post("/posts", json={
        "title": "Quiet", "boardId": boards[0]["id"], "upvotes": 0})))
    posts.append(made(a.post("/posts", json={
        "title": "Zeroed", "boardId": boards[0]["id"]})))
    made(a.post("/posts/%s/voters" % posts[-1]["id"],
                json={"email": people[0]["email"]}))
    made(a.request("PATCH", "/posts/" + posts[-1]["id"],
                   json={"upvotes": 0}))
    # Threads: replies, a reply to a reply, private and in-review ones.
    for post in posts[:4]:
        top = made(a.post("/comments", json={"postId": post["id"],
                                             "content": "<p>First</p>"}))
        reply = made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Reply</p>",
            "parentCommentId": top["id"]}))
        made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Deeper</p>",
            "parentCommentId": reply["id"]}))
        made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Only us</p>",
            "isPrivate": True}))
        held = made(a.post("/comments", json={
            "postId": post["id"], "content": "<p>Held</p>",
            "author": {"email": "p3@imp.example"}, "upvotes": 4,
            "downvotes": 1}))
        made(a.request("PATCH", "/comments/" + held["id"],
                       json={"inReview": True, "isPinned": True}))
    # Teams of the source's admins (members in the order they joined),
    # one without members; brands, one the default.
    helper = org.server.ctl("admin", "create", org.id, "Helper",
                            "helper@%s.example" % org.id, "member")
    made(a.post("/teams", json={
        "name": "Support", "color": "#3B82F6",
        "icon": {"type": "emoji", "value": "x"},
        "members": [helper, org.owner_id]}))
    made(a.post("/teams", json={"name": "Empty"}))
    made(a.post("/brands", json={"name": "Acme Cloud", "isDefault": True,
                                 "helpCenterId": "hc-1"}))
    made(a.post("/brands", json={"name": "Acme Mobile"}))
    fill_impcl(org)
    org.inbox = fill_inbox(org, people, helper)
    fill_help(org)
    return posts


PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3
# An image the outbound policy refuses (a private address), as a source
# may show one: it is reported, and the source's link kept.
REFUSED = "http://10.1.2.3/private.png"


def fill_inbox(org, people, helper):
    """Conversations (a thread with a reply, a note, a tag, assignees and
    an image; one snoozed, one closed; one of 600 parts, made in one
    statement by the module's own part function) and tickets (a field,
    a category and a status of the source's, a file)."""
    a = org.api
    tags = {t["name"]: t["id"] for t in pages(a, "/tags")}
    team = [t for t in pages(a, "/teams") if t["name"] == "Support"][0]
    image = base64.b64encode(PNG).decode()
    convs = []
    for i, person in enumerate(people[:4]):
        convs.append(made(a.post("/conversations", json={
            "from": {"type": "contact", "id": person["id"]},
            "bodyMarkdown": "Help %d ![shot](data:image/png;base64,%s)"
            % (i, image) if i == 0 else "Help %d" % i})))
    one = convs[0]["id"]
    made(a.post("/conversations/%s/reply" % one, json={
        "type": "admin", "id": helper, "bodyMarkdown": "On it",
        "messageType": "reply"}))
    made(a.post("/conversations/%s/reply" % one, json={
        "type": "admin", "id": org.owner_id, "bodyMarkdown": "Internal",
        "messageType": "note"}))
    made(a.post("/conversations/%s/tags" % one, json={
        "tagId": tags["billing"], "actingAdminId": org.owner_id}))
    made(a.request("PATCH", "/conversations/" + one, json={
        "adminAssigneeId": helper, "teamAssigneeId": team["id"],
        "priority": True, "title": "Billing trouble"}))
    made(a.request("PATCH", "/conversations/" + convs[1]["id"], json={
        "state": "snoozed", "snoozedUntil": "2031-01-01T00:00:00.000Z"}))
    made(a.request("PATCH", "/conversations/" + convs[2]["id"],
                   json={"state": "closed"}))
    org.server.sql(
        "UPDATE conversation_parts SET body_html = body_html || "
        "'<p><img src=\"' || %s || '\"></p>' WHERE org_id = %s "
        "AND conversation_id = %s AND part_type = 'admin_msg'",
        REFUSED, org.id, one)
    org.server.sql(
        "SELECT fb_conversation_part_add(%s, %s, 'admin_note', 'admin', "
        "%s, '<p>Note ' || i || '</p>', 'Note ' || i, NULL, NULL, "
        "now() + i * interval '1 second') FROM generate_series(1, 599) i",
        org.id, convs[3]["id"], org.owner_id)
    field = made(a.post("/tickets/custom_fields", json={
        "label": "Screenshot", "type": "file"}))
    cat = made(a.post("/tickets/categories", json={
        "name": "Billing desk", "supportBoardType": "customer",
        "customFields": [field["id"]]}))
    status = made(a.post("/tickets/statuses", json={
        "name": "Waiting", "color": "Orange", "type": "active"}))
    body = {"ticketCategoryId": cat["id"], "title": "Invoice wrong",
            "author": {"email": people[0]["email"]}, "statusId": status["id"],
            "assigneeId": helper, "linkedConversationId": one,
            "content": "<p>See the file</p>"}
    made(a.post("/tickets", files=[
        ("data", (None, json.dumps(body), "application/json")),
        ("customFields." + field["id"], ("shot.png", PNG, "image/png"))]))
    made(a.post("/tickets", json={
        "ticketCategoryId": cat["id"], "title": "Plain", "author": {}}))
    # Images in a post's and a comment's content.
    shown = '<p>Look <img src="data:image/png;base64,%s"></p>' % image
    post = made(a.post("/posts", json={
        "title": "With a picture", "content": shown,
        "boardId": pages(a, "/boards")[0]["id"]}))
    made(a.post("/comments", json={"postId": post["id"],
                                   "content": shown}))
    return {"conversations": convs, "long": convs[3]["id"], "one": one}


def fill_help(org):
    """The help center: settings and a second locale; collections three
    deep, one moved under a newer one (listed before its parent: the
    second pass); articles live, draft, unpublished, with a draft that
    differs from the live copy, with a locale only drafted, by another
    author; redirect rules to an article and a collection."""
    a = org.api
    hc = made(a.get("/help_center/help_centers"))["data"][0]
    made(a.request("PATCH", "/help_center/help_centers/" + hc["id"], json={
        "hideAuthorInfo": True, "isPublic": False,
        "title": "Help", "navItems": [{"type": "link", "title": "Home",
                                       "url": "https://imp.example"}],
        "urls": {"externalDomain": "help-%s.imp.example" % org.id.lower()},
        "translations": {"de": {"title": "Hilfe", "displayName": "Acme"}}}))
    col = lambda body: made(a.post("/help_center/collections", json=body))
    moved = col({"name": "Moved later"})
    top = col({"name": "Start", "description": "First steps",
               "icon": {"type": "emoji", "value": "x"},
               "translations": {"de": {"name": "Anfang"}}})
    col({"name": "Other"})
    mid = col({"name": "Middle", "parentId": top["id"]})
    deep = col({"name": "Deep", "parentId": mid["id"]})
    newer = col({"name": "Newer"})
    made(a.request("PATCH", "/help_center/collections/" + moved["id"],
                   json={"parentId": newer["id"]}))
    art = lambda body: made(a.post("/help_center/articles", json=body))
    writer = org.server.ctl("admin", "create", org.id, "Writer",
                            "writer@%s.example" % org.id, "member")
    live = art({"title": "Live one", "body": "<p>Read <b>me</b></p>",
                "parentId": deep["id"], "state": "live",
                "translations": {"de": {"title": "Lebendig",
                                        "body": "<p>Lies mich</p>"}}})
    art({"title": "Only a draft", "body": "<p>Not yet</p>"})
    edited = art({"title": "Edited", "body": "<p>Old</p>",
                  "parentId": top["id"], "state": "live"})
    made(a.request("PATCH", "/help_center/articles/" + edited["id"], json={
        "title": "Edited again", "body": "<p>New draft</p>",
        "authorId": writer,
        "translations": {"fr": {"title": "Brouillon"}}}))
    gone = art({"title": "Unpublished", "body": "<p>Was live</p>",
                "state": "live"})
    made(a.request("PATCH", "/help_center/articles/" + gone["id"],
                   json={"state": "draft"}))
    for target, kind in ((live, "article"), (top, "collection")):
        made(a.post("/help_center/redirect_rules", json={
            "helpCenterId": hc["id"], "locale": "de",
            "fromUrl": "https://help-%s.imp.example/old/%s"
                       % (org.id.lower(), kind),
            "targetType": kind, "targetId": target["id"]}))
    return live


def pages(api, path):
    """Every object of a list, following its cursors."""
    out, cursor = [], None
    while True:
        sep = "&" if "?" in path else "?"
        q = path
        if path.startswith(("/contacts", "/posts", "/comments",
                            "/companies", "/brands", "/changelogs",
                            "/surveys", "/conversations", "/tickets?",
                            "/help_center")):
            q += sep + "limit=100" + ("&cursor=" + cursor if cursor else "")
        r = api.get(q)
        assert r.status_code == 200, (q, r.text)
        body = r.json()
        if isinstance(body, list):
            return out + body
        out += body["data"]
        cursor = body.get("nextCursor")
        if not cursor:
            return out


def clean(o):
    if isinstance(o, dict):
        return {k: clean(v) for k, v in o.items() if k not in IGNORED}
    if isinstance(o, list):
        return [clean(v) for v in o]
    return o


def rendered(api):
    """What the API renders of everything imported: each list by id, each
    post and comment by itself, each post's voters in order."""
    seen = {}
    for path in LISTS:
        seen[path] = {o["id"]: clean(o) for o in pages(api, path)}
    for pid in seen["/posts?inReview=true"]:
        seen["post " + pid] = clean(made(api.get("/posts/" + pid)))
        seen["voters " + pid] = [v["id"] for v in pages(
            api, "/posts/%s/voters" % pid)]
    # A company's people (a link's time is not rendered: as a set).
    for cid in seen["/companies"]:
        seen["people " + cid] = sorted(c["id"] for c in pages(
            api, "/companies/%s/contacts" % cid))
    for cid in seen["/comments?privacy=all&inReview=true&sortBy=old"]:
        seen["comment " + cid] = clean(made(api.get("/comments/" + cid)))
    rendered_impcl(api, seen)
    for cid in seen["/conversations"]:
        seen["conversation " + cid] = clean(made(api.get(
            "/conversations/" + cid)))
    for t in seen["/tickets?sortBy=date&sortOrder=asc"].values():
        seen["ticket %d" % t["ticketNumber"]] = clean(made(api.get(
            "/tickets/%d" % t["ticketNumber"])))
    for aid in seen["/help_center/articles?state=all"]:
        seen["draft " + aid] = clean(made(api.get(
            "/help_center/articles/%s?state=draft" % aid)))
    return files_named(api, seen)


def files_named(api, seen):
    """A stored file's URL, signed by the server rendering it, named by
    its key: "FILE:key" (a link to another server stays as it is)."""
    signed = re.escape(api.server.base) + r"/v2/files/([0-9a-f]{32})" \
        r"\?expires=\d+&(?:amp;)?signature=[0-9a-f]+"
    return json.loads(re.sub(signed, r"FILE:\1", json.dumps(seen)))


# Lists the target's own objects stay in (docs/decisions.md, "Import"):
# the target's holds the source's and its own.
KEPT = ("/brands",)


def assert_same(src, dst):
    assert src.keys() == dst.keys()
    for key in src:
        if key in KEPT:
            assert set(src[key]) < set(dst[key]), key
            assert src[key] == {i: dst[key][i] for i in src[key]}, key
        else:
            assert src[key] == dst[key], key


def importer_env(dsn):
    """The importer's environment: its database; under `make asan` (an
    importer built with AddressSanitizer), no report of what a one-shot
    program leaves allocated at its exit."""
    return dict(os.environ, FEEDBACK_DB=dsn,
                ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS",
                                            "detect_leaks=0"))


# The source and its files are on loopback (FeedbackOutboundAllowLoopback
# for the importer's files).
LOOPBACK = ["--outbound-allow-loopback"]


def run_import(source_org, server, into, *extra, source=None, check=True,
               report=None):
    cmd = [CTL, "import", "--from", (source or source_org.server).base
           + "/v2", "--key", source_org.key, "--into", into.id,
           "--page", "5"] + LOOPBACK + list(extra)
    if report:
        cmd += ["--report", report]
    p = subprocess.run(cmd, env=importer_env(server.dsn),
                       capture_output=True, text=True, timeout=300)
    if check:
        assert p.returncode == 0, p.stdout + p.stderr
    return p


def written(out):
    """family -> (source, target, written, skipped, digest) of the
    verification table."""
    table = out.split("\nverification\n", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in table.splitlines()[1:]:
        cells = line.split()
        rows[cells[0]] = cells[1:]
    return rows


def counts(server, org_id):
    return {t: server.sql("SELECT count(*) FROM %s WHERE org_id = %%s" % t,
                          org_id)[0][0] for t in TABLES}


@pytest.fixture(scope="module")
def source(server):
    org = Org(server, "src" + secrets.token_hex(3))
    org.posts = fill(org)
    return org


@pytest.fixture(scope="module")
def imported(source, target_a, tmp_path_factory):
    into = Org(target_a, "dst" + secrets.token_hex(3))
    report = str(tmp_path_factory.mktemp("imp") / "report.txt")
    p = run_import(source, target_a, into, "--target", target_a.base + "/v2",
                   "--target-key", into.key, report=report)
    into.out, into.report = p.stdout, report
    return into


def test_every_object_is_rendered_the_same(source, imported):
    src, dst = rendered(source.api), rendered(imported.api)
    assert len(src["/posts?inReview=true"]) == 26
    zeroed = src["post " + source.posts[-1]["id"]]
    assert zeroed["upvotes"] == 0 and src["voters " + zeroed["id"]]
    assert len(src["/comments?privacy=all&inReview=true&sortBy=old"]) == 23
    assert sum(len(v) for k, v in src.items() if k.startswith("voters")) \
        >= 12 + 3
    assert len(src["/teams"]) == 2 and len(src["/brands"]) == 3
    articles = src["/help_center/articles?state=all"].values()
    assert len(src["/help_center/collections"]) == 6 and len(articles) == 4
    assert {x["state"] for x in articles} == {"live", "draft"}
    assert [x["isDraftDiffersFromLive"] for x in articles].count(True) == 1
    assert any(x["publishedLocales"] == ["de", "en"] for x in articles)
    assert_same(src, dst)
    # The organization's own brand stays, no longer the default.
    own = [b for i, b in dst["/brands"].items() if i not in src["/brands"]]
    assert [b["isDefault"] for b in own] == [False]
    # The admins: each of the source's, same id, name and email; the
    # Viewer role here; the target's Owner stays.
    sa = {a["id"]: a for a in pages(source.api, "/admins")}
    da = {a["id"]: a for a in pages(imported.api, "/admins")}
    assert set(sa) < set(da) and imported.owner_id in da
    for aid, a in sa.items():
        assert {k: v for k, v in a.items() if k != "roleId"} \
            == {k: v for k, v in da[aid].items() if k != "roleId"}


def test_verification_table_and_report(source, imported):
    rows = written(imported.out)
    for family in ("companies", "boards", "post_statuses", "custom_fields",
                   "tags", "contacts", "leads", "posts", "comments",
                   "teams", "ticket_fields", "ticket_categories",
                   "ticket_statuses", "conversations", "tickets",
                   "help_centers", "help_collections", "help_articles",
                   "help_redirects"):
        src_n, dst_n, _, _, digest = rows[family][:5]
        assert src_n == dst_n, (family, rows[family])
        assert digest == "same", (family, rows[family])
    # The target's own brand stays: one more, a digest that differs by
    # design.
    assert int(rows["brands"][1]) == int(rows["brands"][0]) + 1
    assert rows["brands"][4] == "differs", rows["brands"]
    assert rows["posts"][0] == "26" and rows["comments"][0] == "23"
    # Every voter written (a post's author is its first voter).
    assert int(rows["post_voters"][0]) > 23 + 12
    assert rows["post_voters"][2] == rows["post_voters"][0]
    with open(imported.report) as f:
        text = f.read()
    assert "verification" in text and "not carried" in text
    assert "API keys and webhook secrets" in text
    # One audit-log entry for the import, no event for its history.
    audit = imported.server.sql(
        "SELECT action, actor_type, metadata->>'source' FROM audit_logs "
        "WHERE org_id = %s AND action = 'organization.imported'",
        imported.id)
    assert audit == [("organization.imported", "system",
                      source.server.base + "/v2")]
    assert imported.server.sql(
        "SELECT count(*) FROM events WHERE org_id = %s", imported.id) \
        == [(0,)]


def xmins(server, org_id):
    return {t: server.sql("SELECT coalesce(sum(xmin::text::bigint), 0) "
                          "FROM %s WHERE org_id = %%s" % t, org_id)[0][0]
            for t in TABLES}


def test_second_run_writes_nothing(source, imported):
    server = imported.server
    before, rows_before = xmins(server, imported.id), counts(server,
                                                              imported.id)
    p = run_import(source, server, imported)
    rows = written(p.stdout)
    assert all(r[2] == "0" for r in rows.values()), rows
    assert xmins(server, imported.id) == before
    assert counts(server, imported.id) == rows_before


def test_a_changed_source_row_is_updated(source, imported):
    post = source.posts[5]
    made(source.api.request("PATCH", "/posts/" + post["id"],
                          json={"title": "Renamed at the source"}))
    p = run_import(source, imported.server, imported)
    rows = written(p.stdout)
    assert rows["posts"][2] == "1", rows
    assert sum(int(r[2]) for r in rows.values()) == 1, rows
    assert made(imported.api.get("/posts/" + post["id"]))["title"] \
        == "Renamed at the source"


def test_an_id_of_another_organization_is_refused(source, imported):
    other = Org(imported.server, "oth" + secrets.token_hex(3))
    p = run_import(source, imported.server, other, check=False)
    assert p.returncode == 3, p.stdout + p.stderr
    assert re.search(r"refused: the id \w+ \(admins\) of the source "
                     r"already belongs to the organization %s"
                     % imported.id, p.stderr), p.stderr
    assert counts(imported.server, other.id)["posts"] == 0


def test_killed_three_times_then_finished(source, imported, target_b):
    into = Org(target_b, "kill" + secrets.token_hex(3))
    cmd = [CTL, "import", "--from", source.server.base + "/v2", "--key",
           source.key, "--into", into.id, "--page", "1"] + LOOPBACK
    env = importer_env(target_b.dsn)
    rng = random.Random(34)

    def pages_done():
        return target_b.sql("SELECT coalesce(sum(page), 0) FROM "
                            "import_checkpoints WHERE org_id = %s",
                            into.id)[0][0]

    # Each kill lands after a random number of further pages is
    # committed, a random few milliseconds on: inside a request, a
    # transaction or between them.
    for _ in range(3):
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        goal = pages_done() + rng.randint(5, 25)
        deadline = time.time() + 120
        while pages_done() < goal and proc.poll() is None \
                and time.time() < deadline:
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.02))
        assert proc.poll() is None, "the import ended before its kill"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    # The kills left a run to resume, with pages committed.
    assert target_b.sql("SELECT count(*) FROM import_runs WHERE org_id = %s "
                        "AND finished_at IS NULL", into.id) == [(1,)]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    # Nothing doubled: the same rows as the import that ran at once, and
    # the same objects rendered (the source has one title changed since:
    # compare with the source).
    assert counts(target_b, into.id) == counts(imported.server, imported.id)
    assert_same(rendered(source.api), rendered(into.api))


# The source's key may make more requests a minute than the import of
# the small source needs (about 80: the changelogs are read once per
# locale), and the test spends all but LEFT of the minute first: the
# limit runs out a few requests into the import whatever the minute's
# alignment, and the import waits for the next minute once and then
# finishes in it.
SLOW_SOURCE = "FeedbackRateLimitKey 200\nFeedbackRateLimitOrg 0\n"
LEFT = 3


def spend_window(api, left, margin=15):
    """Makes requests until the key's window has left requests and at
    least margin seconds to go (else in the next window)."""
    while True:
        r = api.get("/boards")
        assert r.status_code == 200, r.text
        to_go = int(r.headers["X-RateLimit-Reset"]) - time.time()
        if to_go < margin:
            time.sleep(max(to_go, 0) + 1)
        elif int(r.headers["X-RateLimit-Remaining"]) <= left:
            return


def test_a_spent_rate_limit_is_waited_out(database, target_a):
    with httpd(database, SLOW_SOURCE) as slow:
        small = Org(slow, "slow" + secrets.token_hex(3))
        board = made(small.api.post("/boards", json={"name": "One"}))
        for i in range(3):
            made(small.api.post("/posts", json={"title": "P%d" % i,
                                                "boardId": board["id"]}))
        into = Org(target_a, "slowdst" + secrets.token_hex(3))
        spend_window(small.api, LEFT)
        started = time.time()
        p = run_import(small, target_a, into, source=slow)
        assert "rate limit" in p.stderr or "429" in p.stderr, p.stderr
        assert time.time() - started >= 1
        assert counts(target_a, into.id)["posts"] == 3
        # Every request of the import was answered in the end: the rate
        # limit was waited out, not taken for a failure.
        requests_made = re.search(r"(\d+) requests to the source", p.stdout)
        assert requests_made and int(requests_made.group(1)) > LEFT


class Flaky(http.server.BaseHTTPRequestHandler):
    """A proxy to the source that fails every third request with a 503
    and drops every seventh connection without an answer."""
    upstream = None
    count = 0
    failed = 0

    def do_GET(self):
        cls = type(self)
        cls.count += 1
        if cls.count % 7 == 0:
            cls.failed += 1
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if cls.count % 3 == 0:
            cls.failed += 1
            body = b'{"error":{"type":"api_error","code":"unavailable"}}'
            self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        r = requests.get(cls.upstream + self.path, timeout=30, headers={
            "Authorization": self.headers["Authorization"]})
        self.send_response(r.status_code)
        for h in ("Content-Type", "X-RateLimit-Limit",
                  "X-RateLimit-Remaining", "X-RateLimit-Reset",
                  "Retry-After"):
            if h in r.headers:
                self.send_header(h, r.headers[h])
        self.send_header("Content-Length", str(len(r.content)))
        self.end_headers()
        self.wfile.write(r.content)

    def log_message(self, *args):
        pass


def test_transient_failures_are_retried(source, imported, cluster,
                                        database_template):
    """Through a proxy failing a request in three (503) and dropping a
    connection in seven, the import ends with what a clean one wrote."""
    dsn = create_database(cluster, "fbimp_" + secrets.token_hex(4),
                          database_template)
    into_id = subprocess.run(
        [CTL, "org", "create", "flaky", "owner@flaky.example"],
        env=dict(os.environ, FEEDBACK_DB=dsn), check=True,
        capture_output=True, text=True).stdout.split("\t")[0]
    Flaky.upstream = source.server.base
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        p = subprocess.run(
            [CTL, "import", "--from",
             "http://127.0.0.1:%d/v2" % proxy.server_address[1], "--key",
             source.key, "--into", into_id, "--page", "5"] + LOOPBACK,
            env=importer_env(dsn), capture_output=True,
            text=True, timeout=600)
    finally:
        proxy.shutdown()
    assert p.returncode == 0, p.stdout + p.stderr
    assert Flaky.failed > 10
    retried = int(re.search(r"(\d+) retried", p.stdout).group(1))
    assert retried >= Flaky.failed
    conn = psycopg2.connect(dsn)
    try:
        with conn.cursor() as cur:
            got = {}
            for t in TABLES:
                cur.execute("SELECT count(*) FROM %s WHERE org_id = %%s" % t,
                            (into_id,))
                got[t] = cur.fetchone()[0]
    finally:
        conn.close()
    assert got == counts(imported.server, imported.id)


def test_conversations_tickets_and_files(source, imported):
    """What the inbox families carry beyond the comparison above: the
    600-part conversation shows its 500 newest and is reported; the
    files' bytes are the source's, served by the target; the image the
    policy refuses is reported and keeps the source's link."""
    long = made(imported.api.get("/conversations/" + source.inbox["long"]))
    assert len(long["conversationParts"]) == 500
    assert long["source"] == made(source.api.get(
        "/conversations/" + source.inbox["long"]))["source"]
    with open(imported.report) as f:
        report = f.read()
    assert re.search(r"conversation_parts +%s: parts older than the 500"
                     % source.inbox["long"], report), report
    assert re.search(r"conversation_parts +%s: the outbound address "
                     r"policy refused it" % re.escape(REFUSED), report)
    one = made(imported.api.get("/conversations/" + source.inbox["one"]))
    assert REFUSED in json.dumps(one)
    # The image of the first message and the ticket's file: stored here
    # (same key), the same bytes as the source serves.
    src_one = made(source.api.get("/conversations/" + source.inbox["one"]))
    urls = []
    for c in (src_one, one):
        urls.append(re.search(r'<img src="([^"]+/v2/files/[^"]+)"',
                              c["source"]["bodyHtml"]).group(1)
                    .replace("&amp;", "&"))
    tickets = [pages(o.api, "/tickets?sortBy=date&sortOrder=asc")
               for o in (source, imported)]
    for t in tickets:
        value = [v for v in t[0]["customFields"].values()][0]
        urls.append(json.loads(value)["url"])
    assert urls[1].startswith(imported.server.base)
    assert urls[3].startswith(imported.server.base)
    for src_url, dst_url in (urls[0:2], urls[2:4]):
        got = [requests.get(u, timeout=30) for u in (src_url, dst_url)]
        assert [g.status_code for g in got] == [200, 200]
        assert got[0].content == got[1].content == PNG
    # Those two, and the image of a post and of its comment (one file
    # each, as the module stores them).
    assert imported.server.sql(
        "SELECT count(*), sum(size) FROM files WHERE org_id = %s",
        imported.id) == [(4, 4 * len(PNG))]


# Changelogs, roles, surveys (issue 34, impcl).
BUILTIN_ROLES = ("Owner", "Member", "Viewer")


def fill_impcl(org):
    """A changelog in two locales (both published, the English draft
    edited since), a draft, a scheduled one, categories, subscribers, a
    thread on a changelog; a custom role; a survey with responses."""
    a = org.api
    one = made(a.post("/changelogs", json={
        "title": "Launch", "htmlContent": "<p>New <b>things</b></p>",
        "categories": ["Feature", "Fix"], "state": "live",
        "allowedSegmentIds": ["seg-1"]}))
    made(a.request("PATCH", "/changelogs/" + one["id"], json={
        "locale": "fr", "title": "Lancement", "htmlContent": "<p>Neuf</p>"}))
    made(a.post("/changelogs/%s/publish" % one["id"],
                json={"locales": ["fr"]}))
    made(a.request("PATCH", "/changelogs/" + one["id"], json={
        "title": "Launch, edited"}))
    made(a.post("/changelogs", json={"title": "Draft one",
                                     "markdownContent": "# Soon"}))
    later = made(a.post("/changelogs", json={"title": "Scheduled",
                                             "htmlContent": "<p>Soon</p>",
                                             "categories": ["Fix"]}))
    made(a.post("/changelogs/%s/publish" % later["id"], json={
        "sendEmail": True, "scheduledDate": time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 2 * 86400))}))
    # A contact's subscription comes with the contact; an address alone
    # is not listed by the API (not carried).
    made(a.post("/changelogs/subscribers", json={
        "emails": ["p7@imp.example", "reader@imp.example"]}))
    top = made(a.post("/comments", json={"changelogId": one["id"],
                                         "content": "<p>Nice</p>"}))
    made(a.post("/comments", json={"changelogId": one["id"],
                                   "content": "<p>Thanks</p>",
                                   "parentCommentId": top["id"]}))
    made(a.post("/admins/roles", json={
        "name": "Support lead", "permissions": {"manage_sso": True}}))
    survey = made(a.post("/surveys", json={
        "title": "NPS", "isActive": True, "pages": [
            {"type": "rating", "subType": "nps", "title": "Recommend?",
             "scale": 10},
            {"type": "text", "title": "Why?"}]}))
    page = [p["id"] for p in survey["pages"]]
    made(a.post("/surveys/%s/responses" % survey["id"], json={
        "user": {"email": "p2@imp.example"},
        "responses": [{"pageId": page[0], "value": 9}]}))
    made(a.post("/surveys/%s/responses" % survey["id"], json={
        "responses": [{"pageId": page[0], "value": 3},
                      {"pageId": page[1], "value": "Slow"}]}))


def rendered_impcl(api, seen):
    """Each changelog in each of its locales, live and draft (its url
    names the organization's portal: left out); each survey's
    responses; the roles by name (a built-in one's id is the
    organization's own)."""
    for cid, c in seen["/changelogs?state=all"].items():
        for locale in c["availableLocales"]:
            for q in ("", "&state=draft"):
                one = clean(made(api.get("/changelogs/%s?locale=%s%s"
                                         % (cid, locale, q))))
                one.pop("url")
                seen["changelog %s %s%s" % (cid, locale, q)] = one
    for key in ("/changelogs?state=all", "/changelogs?state=all&locale=fr"):
        for c in seen[key].values():
            c.pop("url")
    for sid in seen["/surveys"]:
        seen["responses " + sid] = [clean(r) for r in pages(
            api, "/surveys/%s/responses" % sid)]
    seen["roles"] = {r["name"]: (None if r["name"] in BUILTIN_ROLES
                                 else r["id"], r["permissions"])
                     for r in pages(api, "/admins/roles")}


def rendered_only_impcl(api):
    seen = {p: {o["id"]: clean(o) for o in pages(api, p)}
            for p in LISTS if p.startswith(("/changelogs", "/surveys"))}
    rendered_impcl(api, seen)
    return seen


def test_changelogs_roles_surveys(source, imported):
    src = rendered_only_impcl(source.api)
    dst = rendered_only_impcl(imported.api)
    cls = src["/changelogs?state=all"]
    assert len(cls) == 3 and len(src["/changelogs?state=all&locale=fr"]) == 1
    assert {c["state"] for c in cls.values()} == {"live", "draft"}
    assert sum(c["isDraftDiffersFromLive"] for c in cls.values()) == 1
    assert any(n["scheduledDate"] for c in cls.values()
               for n in c["notifications"].values())
    assert sum(c["commentCount"] for c in cls.values()) == 2
    assert len(src["roles"]) == 4 and len(src["/surveys"]) == 1
    assert sum(len(v) for k, v in src.items()
               if k.startswith("responses ")) == 2
    assert_same(src, dst)
    rows = written(imported.out)
    assert rows["surveys"][4] == "same", rows["surveys"]
    assert rows["roles"][4] == "differs", rows["roles"]
    assert rows["changelogs"][1] == "3" and rows["comments"][3] == "0"
    # The one draft that differs from its live copy, read and written.
    assert rows["changelog_drafts"][0] == rows["changelog_drafts"][2] == "1"
    assert rows["survey_responses"][:4] == ["2", "2", "2", "0"]
    with open(imported.report) as f:
        text = f.read()
    assert "changelog subscribers added by address" in text
    assert [c["subscribedToChangelog"] for c in pages(
        imported.api, "/contacts?contactType=customer")
        if c["email"] == "p7@imp.example"] == [True]
    assert "families not imported yet" not in text


def test_a_parent_gone_at_the_source_is_passed(source, imported):
    """A survey, and a changelog whose draft differs from its live copy,
    deleted at the source after an import: the next run finds the
    survey's responses and the changelog's draft gone (404) and goes on;
    both stay here (deletions are not carried).  The draft's note goes:
    the run after does not ask for it again.  After the tests that
    compare the target with the source: it changes the source."""
    server = imported.server
    cl = made(source.api.post("/changelogs", json={
        "title": "Short-lived", "htmlContent": "<p>Live</p>",
        "state": "live"}))
    made(source.api.request("PATCH", "/changelogs/" + cl["id"], json={
        "title": "Short-lived, edited"}))

    def noted():
        return server.sql(
            "SELECT count(*) FROM import_ids WHERE org_id = %s "
            "AND family = 'changelog_drafts' AND id LIKE %s",
            imported.id, cl["id"] + "?%")[0][0]
    run_import(source, server, imported)
    assert noted() == 1
    sid = next(iter(pages(source.api, "/surveys")))["id"]
    made(source.api.request("DELETE", "/surveys/" + sid))
    made(source.api.request("DELETE", "/changelogs/" + cl["id"]))
    p = run_import(source, server, imported)
    assert "passed (the source no longer has it)" in p.stderr, p.stderr
    assert cl["id"] in p.stderr and sid in p.stderr, p.stderr
    assert written(p.stdout)["survey_responses"][2] == "0"
    assert made(imported.api.get("/surveys/" + sid))["id"] == sid
    assert made(imported.api.get("/changelogs/" + cl["id"]))["id"] \
        == cl["id"]
    assert noted() == 0
    again = run_import(source, server, imported)
    assert cl["id"] not in again.stderr, again.stderr


def test_the_official_client_passes_against_the_target(source, imported,
                                                      tmp_path):
    """The official client library (t/sdk/compat.mjs, as test_sdk.py runs
    it) against the imported organization: every step passes, and its
    lists show what the import brought (the ids the source's lists show
    by default).  Last: its steps write into the organization."""
    server = imported.server
    node = subprocess.run([os.path.join(ROOT, "scripts", "sdk.sh")],
                          check=True, capture_output=True,
                          text=True).stdout.strip()
    since = log_offset(server)
    expected = {name: [o["id"] for o in pages(source.api, path)]
                for name, path in (
                    ("boards", "/boards"), ("posts", "/posts"),
                    ("comments", "/comments"),
                    ("collections", "/help_center/collections"),
                    ("articles", "/help_center/articles"))}
    assert all(expected.values()), expected
    (tmp_path / "expect.json").write_text(json.dumps(expected))
    server.sql("UPDATE organizations SET api_version = %s WHERE id = %s",
               NOVA, imported.id)
    server.sql("SELECT fb_demo_seed_surveys(%s)", imported.id)
    log = tmp_path / "answers.jsonl"
    log.touch()
    r = subprocess.run([node, os.path.join(ROOT, "t", "sdk", "compat.mjs"),
                        server.base, imported.key, str(log)],
                       capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, FB_SDK_EXPECT=str(
                           tmp_path / "expect.json")))
    lines = r.stdout.splitlines()
    assert r.returncode == 0, r.stdout + r.stderr
    assert not [l for l in lines if not l.startswith("ok ")]
    assert ["ok the imported %s are listed" % n for n in expected] \
        == lines[:len(expected)]
    assert len(lines) >= 29 + len(expected), r.stdout
    assert not error_log_lines(server, since=since)
    for a in (json.loads(l) for l in log.read_text().splitlines()):
        contract.check_answer(a["method"], a["url"], a["status"],
                              a["contentType"], base64.b64decode(a["body"]))


def test_an_organization_s_own_help_center_with_content_stays(server,
                                                              target_a):
    """A target whose help center has a collection of its own keeps it:
    the source's help center, its collection and article are skipped and
    reported, nothing of theirs written."""
    small = Org(server, "hcsrc" + secrets.token_hex(3))
    col = made(small.api.post("/help_center/collections",
                              json={"name": "Theirs"}))
    made(small.api.post("/help_center/articles", json={
        "title": "Theirs", "body": "<p>x</p>", "parentId": col["id"]}))
    into = Org(target_a, "hcdst" + secrets.token_hex(3))
    own = made(into.api.get("/help_center/help_centers"))["data"][0]
    mine = made(into.api.post("/help_center/collections",
                              json={"name": "Ours"}))
    p = run_import(small, target_a, into)
    rows = written(p.stdout)
    for family in ("help_centers", "help_collections", "help_articles"):
        assert rows[family][2:4] == ["0", "1"], (family, rows[family])
    assert "help_centers     1: a help center the organization's own" \
        in p.stdout
    assert made(into.api.get("/help_center/help_centers"))["data"] \
        == [own]
    assert [c["id"] for c in pages(into.api, "/help_center/collections")] \
        == [mine["id"]]
    assert pages(into.api, "/help_center/articles?state=all") == []
