"""POST /v2/posts: every field, author resolution, tags, custom fields,
events, counters, and the errors."""
import json

import pytest

from helpers import assert_error


@pytest.fixture(scope="module")
def env(server, org):
    """Boards (one closed to posting), a required select field."""
    class Env:
        pass
    e = Env()
    sql = server.sql
    o = org.id
    e.cf_plan = sql("INSERT INTO custom_fields (org_id, label, type) "
                    "VALUES (%s, 'Plan', 'text') RETURNING id", o)[0][0]
    e.cf_prio = sql(
        "INSERT INTO custom_fields (org_id, label, type, required, options) "
        "VALUES (%s, 'Priority', 'select', true, %s) RETURNING id", o,
        json.dumps([{"id": "a" * 24, "label": "Low"},
                    {"id": "b" * 24, "label": "High"}]))[0][0]
    e.cf_many = sql(
        "INSERT INTO custom_fields (org_id, label, type, options) "
        "VALUES (%s, 'Areas', 'multi-select', %s) RETURNING id", o,
        json.dumps([{"id": "c" * 24, "label": "API"},
                    {"id": "d" * 24, "label": "UI"}]))[0][0]
    e.cf_seats = sql("INSERT INTO custom_fields (org_id, label, type) "
                     "VALUES (%s, 'Seats', 'number') RETURNING id", o)[0][0]
    e.board = sql("INSERT INTO boards (org_id, name) VALUES (%s, 'Ideas') "
                  "RETURNING id", o)[0][0]
    e.strict = sql("INSERT INTO boards (org_id, name, custom_field_ids, "
                   "default_visibility) VALUES (%s, 'Strict', %s, "
                   "'authorOnly') RETURNING id", o, [e.cf_prio])[0][0]
    e.closed = sql("INSERT INTO boards (org_id, name, posting_enabled) "
                   "VALUES (%s, 'Closed', false) RETURNING id", o)[0][0]
    e.statuses = dict(sql("SELECT type, id FROM post_statuses "
                          "WHERE org_id = %s", o))
    return e


def create(org, **body):
    return org.api.post("/posts", json=body)


def events(server, org, topic):
    return [json.loads(i) if isinstance(i, str) else i for (i,) in
            server.sql("SELECT item FROM events WHERE org_id = %s AND "
                       "topic = %s ORDER BY created_at, id", org.id, topic)]


def test_minimal_post_defaults(org, env, server):
    r = create(org, title="Dark mode", boardId=env.board)
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["title"] == "Dark mode" and p["slug"] == "dark-mode"
    assert p["postUrl"].endswith("/p/dark-mode")
    assert p["content"] == "" and p["boardId"] == env.board
    assert p["status"]["id"] == env.statuses["reviewing"]
    assert p["status"]["isDefault"] is True
    # Without an author the key's admin wrote it; no contact voted.
    assert p["author"]["id"] == org.owner_id
    assert p["author"]["type"] == "admin"
    assert p["upvotes"] == 1 and p["commentCount"] == 0
    assert p["features"] == {"commentsEnabled": True}
    assert (p["inReview"], p["isPinned"]) == (False, False)
    assert p["access"] == {"userIds": [], "companyExternalIds": []}
    assert p["tags"] == [] and p["customFields"] == {}
    assert p["eta"] is None and p["assigneeId"] is None
    assert p["createdAt"] == p["updatedAt"]
    assert org.api.get("/posts/" + p["id"]).json() == p
    assert events(server, org, "post.created")[-1] == p


def test_every_field(org, env, server):
    member = server.sql("SELECT fb_admin_create(%s, 'Ann', "
                        "'ann@every.example', 'member')", org.id)[0][0]
    r = create(org, title="Import me", boardId=env.board,
               content='<p onclick="x()">Hi <script>bad()</script>'
                       '<b>there</b></p>',
               tags=["UX", "Backend"], commentsEnabled=False,
               statusId=env.statuses["active"], inReview=True,
               customFields={env.cf_plan: "pro", env.cf_prio: "High",
                             env.cf_many: ["API", "d" * 24],
                             env.cf_seats: 12.5},
               eta=1767225600, createdAt="2024-06-01T10:00:00+02:00",
               assigneeId=member, visibility="public", upvotes=5,
               author={"email": "New.Person@Example.com",
                       "name": "New Person",
                       "profilePicture": "https://example.com/p.png"},
               notifyAdmins=True,
               integrations={"github": True, "linear": False})
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["content"] == "<p>Hi <b>there</b></p>"
    assert sorted(t["name"] for t in p["tags"]) == ["Backend", "UX"]
    assert p["features"]["commentsEnabled"] is False
    assert p["status"]["id"] == env.statuses["active"]
    assert p["inReview"] is True
    assert p["customFields"] == {env.cf_plan: "pro", env.cf_prio: "b" * 24,
                                 env.cf_many: ["c" * 24, "d" * 24],
                                 env.cf_seats: 12.5}
    assert p["eta"] == "2026-01-01T00:00:00.000Z"
    assert p["createdAt"] == "2024-06-01T08:00:00.000Z"
    assert p["assigneeId"] == member and p["upvotes"] == 5
    a = p["author"]
    assert (a["name"], a["email"], a["type"], a["profilePicture"]) == (
        "New Person", "New.Person@Example.com", "customer",
        "https://example.com/p.png")
    contact = server.sql("SELECT posts_created, type FROM contacts "
                         "WHERE org_id = %s AND id = %s", org.id, a["id"])
    assert contact == [(1, "customer")]
    votes = server.sql("SELECT contact_id FROM post_votes WHERE org_id = %s "
                       "AND post_id = %s", org.id, p["id"])
    assert votes == [(a["id"],)]
    mails = server.sql("SELECT recipient, kind, state FROM email_outbox "
                       "WHERE org_id = %s AND dedupe_key LIKE %s",
                       org.id, "%" + p["id"] + "%")
    admins = server.sql("SELECT email FROM admins WHERE org_id = %s",
                        org.id)
    assert sorted(m[0] for m in mails) == sorted(e for (e,) in admins)
    assert {(m[1], m[2]) for m in mails} == {("post.created.admin",
                                              "pending")}


def test_author_activity_and_admin_email(org, env, server):
    """An imported post moves its author's lastActivity forward to its
    createdAt, never back; the admins' email names the post."""
    cid = server.sql("INSERT INTO contacts (org_id, name, email, "
                     "last_activity) VALUES (%s, 'Ida', 'ida@x.example', "
                     "'2020-01-01T00:00:00Z') RETURNING id", org.id)[0][0]
    activity = ("SELECT posts_created, fb_iso(last_activity) FROM contacts "
                "WHERE org_id = %s AND id = %s")
    p = create(org, title="Fish & <chips>", boardId=env.board,
               author={"email": "ida@x.example"},
               createdAt="2024-06-01T08:00:00Z", notifyAdmins=True).json()
    assert p["author"]["id"] == cid
    assert server.sql(activity, org.id, cid) == [
        (1, "2024-06-01T08:00:00.000Z")]
    create(org, title="Older", boardId=env.board,
           author={"email": "ida@x.example"},
           createdAt="2023-01-01T00:00:00Z")
    assert server.sql(activity, org.id, cid) == [
        (2, "2024-06-01T08:00:00.000Z")]
    mails = server.sql("SELECT m.recipient, m.subject, m.body_html, "
                       "m.body_text, m.dedupe_key = 'post.created.admin/' "
                       "|| %s || '/' || a.id FROM email_outbox m "
                       "JOIN admins a ON a.org_id = m.org_id "
                       "AND a.email = m.recipient "
                       "WHERE m.org_id = %s AND m.kind = 'post.created.admin' "
                       "AND m.dedupe_key LIKE %s",
                       p["id"], org.id, "%" + p["id"] + "%")
    admins = server.sql("SELECT email FROM admins WHERE org_id = %s",
                        org.id)
    assert sorted(m[0] for m in mails) == sorted(e for (e,) in admins)
    assert {m[1:] for m in mails} == {(
        "New post: Fish & <chips>",
        "<p>A new post was created: <strong>Fish &amp; &lt;chips&gt;"
        "</strong></p>",
        "A new post was created: Fish & <chips>", True)}


def test_author_resolution_order(org, env, server):
    cid = server.sql("INSERT INTO contacts (org_id, name, email, user_id) "
                     "VALUES (%s, 'Known', 'known@x.example', 'u-known') "
                     "RETURNING id", org.id)[0][0]
    other = server.sql("INSERT INTO contacts (org_id, name, email) VALUES "
                       "(%s, 'Other', 'other@x.example') RETURNING id",
                       org.id)[0][0]
    cases = [
        ({"id": cid, "userId": "nope", "email": "other@x.example"}, cid),
        ({"userId": "u-known", "email": "other@x.example"}, cid),
        ({"email": "OTHER@x.example"}, other),
        ({"id": org.owner_id}, org.owner_id),
    ]
    for author, expected in cases:
        r = create(org, title="By someone", boardId=env.board, author=author)
        assert r.status_code == 201, r.text
        assert r.json()["author"]["id"] == expected
    r = create(org, title="New id", boardId=env.board,
               author={"userId": "u-fresh"})
    made = r.json()["author"]
    assert (made["name"], made["type"]) == ("u-fresh", "customer")
    assert server.sql("SELECT user_id FROM contacts WHERE id = %s",
                      made["id"]) == [("u-fresh",)]


def test_tags_are_reused_without_regard_to_case(org, env, server):
    a = create(org, title="T1", boardId=env.board, tags="Speed").json()
    b = create(org, title="T2", boardId=env.board, tags=["speed"]).json()
    assert a["tags"][0]["id"] == b["tags"][0]["id"]
    assert b["tags"][0]["name"] == "Speed"
    assert_error(create(org, title="T3", boardId=env.board, tags=["a,b"]),
                 400, "invalid_parameter", param="tags")


def test_slugs_are_unique(org, env):
    slugs = [create(org, title="Same title!", boardId=env.board)
             .json()["slug"] for _ in range(3)]
    assert slugs == ["same-title", "same-title-2", "same-title-3"]


def test_titles_are_trimmed(org, env):
    # White space around a title is not part of it (its 2 characters
    # are counted without it), on create and on PATCH.
    p = create(org, title="  Tidy  title \n", boardId=env.board).json()
    assert p["title"] == "Tidy  title" and p["slug"] == "tidy-title"
    r = org.api.request("PATCH", "/posts/" + p["id"], json={"title": " Ok "})
    assert r.status_code == 200 and r.json()["title"] == "Ok"
    assert_error(org.api.request("PATCH", "/posts/" + p["id"],
                                 json={"title": "  "}),
                 400, "invalid_parameter", param="title")
    assert org.api.get("/posts/" + p["id"]).json()["title"] == "Ok"


def test_board_defaults_and_required_fields(org, env):
    r = create(org, title="Strict", boardId=env.strict)
    assert_error(r, 400, "missing_parameter",
                 param="customFields." + env.cf_prio)
    r = create(org, title="Strict", boardId=env.strict,
               customFields={env.cf_prio: "Low"},
               author={"email": "strict@x.example"})
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["access"]["userIds"] == [p["author"]["id"]]


@pytest.mark.parametrize("body,status,code,param", [
    ({"boardId": "0" * 24}, 404, "board_not_found", "boardId"),
    ({"statusId": "0" * 24}, 404, "resource_not_found", "statusId"),
    ({"assigneeId": "0" * 24}, 404, "admin_not_found", "assigneeId"),
    ({"author": {"id": "0" * 24}}, 404, "contact_not_found", "author.id"),
    ({"author": {"email": "not-an-email"}}, 400, "invalid_parameter",
     "author.email"),
    ({"author": {"nickname": "x"}}, 400, "parameter_not_supported",
     "author.nickname"),
    ({"title": "x"}, 400, "invalid_parameter", "title"),
    ({"title": "   "}, 400, "invalid_parameter", "title"),
    ({"title": " \t x \n"}, 400, "invalid_parameter", "title"),
    ({"title": None}, 400, "missing_parameter", "title"),
    ({"boardId": "nothex"}, 400, "invalid_parameter", "boardId"),
    ({"eta": "tomorrow"}, 400, "invalid_parameter", "eta"),
    ({"eta": -5}, 400, "invalid_parameter", "eta"),
    ({"createdAt": "2024-01-01T10:00"}, 400, "invalid_parameter",
     "createdAt"),
    ({"visibility": "secret"}, 400, "invalid_parameter", "visibility"),
    ({"upvotes": -1}, 400, "invalid_parameter", "upvotes"),
    ({"customFields": {"f" * 24: 1}}, 400, "invalid_parameter",
     "customFields." + "f" * 24),
    ({"unknown": 1}, 400, "parameter_not_supported", "unknown"),
])
def test_errors_write_nothing(org, env, server, body, status, code, param):
    before = server.sql("SELECT count(*) FROM posts WHERE org_id = %s",
                        org.id)[0][0]
    full = {"title": "Error case", "boardId": env.board}
    full.update(body)
    assert_error(create(org, **full), status, code, param=param)
    after = server.sql("SELECT count(*) FROM posts WHERE org_id = %s",
                       org.id)[0][0]
    assert after == before


def test_custom_field_type_errors(org, env):
    for value, cf in [("x", "cf_seats"), (3, "cf_plan"), ("Huge", "cf_prio"),
                      (["API", "Nope"], "cf_many"), ("Low", "cf_many")]:
        r = create(org, title="Bad value", boardId=env.board,
                   customFields={getattr(env, cf): value})
        assert_error(r, 400, "invalid_parameter",
                     param="customFields." + getattr(env, cf))


def test_posting_disabled_board(org, env):
    assert_error(create(org, title="Nope", boardId=env.closed), 403,
                 "feature_disabled", param="boardId")


def test_unknown_author_rolls_back_the_contact(org, env, server):
    # The contact made for the email is undone when the post fails later
    # (custom fields are checked after the author is resolved).
    r = create(org, title="Fine", boardId=env.board,
               author={"email": "ghost@x.example"},
               customFields={env.cf_seats: "many"})
    assert_error(r, 400, "invalid_parameter",
                 param="customFields." + env.cf_seats)
    assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s AND "
                      "email = 'ghost@x.example'", org.id) == [(0,)]


def test_foreign_board_is_not_found(org, other_org, env):
    r = create(other_org, title="Cross", boardId=env.board)
    assert_error(r, 404, "board_not_found", param="boardId")


def test_foreign_status_author_and_tags_stay_foreign(org, other_org, env,
                                                    server):
    """The one lookup before the write (board, status, tags, author) sees
    the key's organization only."""
    board = server.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                       "'Theirs') RETURNING id", other_org.id)[0][0]
    contact = server.sql("INSERT INTO contacts (org_id, email, name) "
                         "VALUES (%s, 'only-here@x.example', 'Here') "
                         "RETURNING id", org.id)[0][0]
    tag = server.sql("INSERT INTO tags (org_id, name) VALUES (%s, "
                     "'Ours only') RETURNING id", org.id)[0][0]
    r = create(other_org, title="Cross", boardId=board,
               statusId=env.statuses["active"])
    assert_error(r, 404, "resource_not_found", param="statusId")
    r = create(other_org, title="Cross", boardId=board,
               author={"id": contact})
    assert_error(r, 404, "contact_not_found", param="author.id")
    # The same email and tag name there are other people and other tags.
    r = create(other_org, title="Cross", boardId=board,
               author={"email": "only-here@x.example"}, tags=["ours ONLY"])
    assert r.status_code == 201, r.text
    p = r.json()
    assert p["author"]["id"] != contact
    assert [t["id"] for t in p["tags"]] != [tag]
    assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s "
                      "AND email = 'only-here@x.example'", org.id) == [(1,)]
    assert server.sql("SELECT posts_created FROM contacts WHERE org_id = %s "
                      "AND id = %s", org.id, contact) == [(0,)]


def test_tags_named_twice_link_once(org, env):
    r = create(org, title="Twice", boardId=env.board,
               tags=["Twice tag", " twice TAG ", "Other once"])
    assert r.status_code == 201, r.text
    names = sorted(t["name"] for t in r.json()["tags"])
    assert names == ["Other once", "Twice tag"]


def test_permissions(org, env, server):
    viewer = org.client("viewer")
    assert_error(viewer.post("/posts", json={"title": "No",
                                             "boardId": env.board}),
                 403, "insufficient_permissions")
    # A custom role that may post but set nothing else.
    role = server.sql("INSERT INTO roles (org_id, name, permissions) "
                      "VALUES (%s, 'Poster', '{}') RETURNING id",
                      org.id)[0][0]
    admin = server.sql("INSERT INTO admins (org_id, name, email, role_id) "
                       "VALUES (%s, 'P', 'poster@x.example', %s) "
                       "RETURNING id", org.id, role)[0][0]
    from conftest import Client
    poster = Client(server, server.sql("SELECT fb_api_key_create(%s, %s)",
                                       org.id, admin)[0][0])
    ok = poster.post("/posts", json={"title": "Plain", "boardId": env.board})
    assert ok.status_code == 201, ok.text
    for field, value in [("statusId", env.statuses["active"]),
                         ("tags", ["x"]), ("eta", 1), ("inReview", True),
                         ("assigneeId", org.owner_id),
                         ("author", {"email": "a@x.example"}),
                         ("customFields", {})]:
        r = poster.post("/posts", json={"title": "Flag", "boardId": env.board,
                                        field: value})
        assert_error(r, 403, "insufficient_permissions", param=field)
    # Using an existing tag needs set_post_tags only; a new one also needs
    # manage_post_tags.
    server.sql("UPDATE roles SET permissions = '{\"set_post_tags\": true}' "
               "WHERE id = %s", role)
    import time
    time.sleep(1.5)
    create(org, title="Seed tag", boardId=env.board, tags=["Existing"])
    ok = poster.post("/posts", json={"title": "Old tag", "boardId": env.board,
                                     "tags": ["existing"]})
    assert ok.status_code == 201, ok.text
    r = poster.post("/posts", json={"title": "New tag", "boardId": env.board,
                                    "tags": ["brand-new"]})
    assert_error(r, 403, "insufficient_permissions", param="tags")


def test_content_too_complex_to_sanitize(org, env, server):
    before = server.sql("SELECT count(*) FROM posts WHERE org_id = %s",
                        org.id)[0][0]
    # 1000 distinct formatting elements reopened in each of 1000
    # paragraphs: a million elements from 18 KB of markup.
    hostile = "<p>" + "".join("<b id=%d>" % i for i in range(1000)) \
        + "</p><p>x" * 1000
    r = create(org, title="Hostile markup", boardId=env.board,
               content=hostile)
    # The sanitizer's limits refuse it (the nesting budget, before gumbo).
    assert_error(r, 400, "invalid_parameter", param="content")
    assert server.sql("SELECT count(*) FROM posts WHERE org_id = %s",
                      org.id)[0][0] == before
