"""Comments: create on posts and changelogs, read, list in every order,
privacy and moderation, threading and the deletion rule, counters,
notifications, events, tenancy, sanitizing and the errors."""
import json
import math
import secrets
from urllib.parse import urlsplit

import pytest
import requests

from helpers import assert_error, CLOVER

FIELDS = {"object", "id", "postId", "changelogId", "parentCommentId",
          "content", "author", "upvotes", "downvotes", "score", "isPrivate",
          "isDeleted", "isPinned", "inReview", "isSpam", "createdAt",
          "updatedAt"}


def word():
    return "w" + secrets.token_hex(4)


class Env:
    pass


@pytest.fixture(scope="module")
def env(server, org):
    e = Env()
    o = org.id
    e.board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                         "(%s, 'Ideas') RETURNING id", o)[0][0]
    e.closed_board = server.sql(
        "INSERT INTO boards (org_id, name, comments_enabled) VALUES "
        "(%s, 'Quiet', false) RETURNING id", o)[0][0]
    return e


def new_post(org, env, **body):
    body.setdefault("title", "Post " + word())
    body.setdefault("boardId", env.board)
    r = org.api.post("/posts", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def new_changelog(org):
    r = org.api.post("/changelogs", json={"title": "Release " + word(),
                                          "htmlContent": "<p>Notes</p>"})
    assert r.status_code == 201, r.text
    return r.json()


def create(api, **body):
    body.setdefault("content", "<p>A comment</p>")
    return api.post("/comments", json=body)


def comment(api, **body):
    r = create(api, **body)
    assert r.status_code == 201, r.text
    return r.json()


def get(api, cid):
    r = api.get("/comments/" + cid)
    assert r.status_code == 200, r.text
    return r.json()


def events(server, org, topic, cid):
    return [(i if not isinstance(i, str) else json.loads(i),
             c if not isinstance(c, str) else json.loads(c))
            for (i, c) in server.sql(
                "SELECT item, changes FROM events WHERE org_id = %s AND "
                "topic = %s AND item->>'id' = %s ORDER BY created_at, id",
                org.id, topic, cid)]


def contact(server, org, cid):
    return server.sql("SELECT comments_created, last_activity FROM contacts "
                      "WHERE org_id = %s AND id = %s", org.id, cid)[0]


def role_client(org, *flags):
    """A client whose custom role has exactly these permission flags."""
    server = org.server
    rid = server.sql("INSERT INTO roles (org_id, name, permissions) "
                     "VALUES (%s, %s, %s) RETURNING id", org.id,
                     "Role " + word(),
                     json.dumps({f: True for f in flags}))[0][0]
    n = word()
    aid = server.sql("INSERT INTO admins (org_id, name, email, role_id) "
                     "VALUES (%s, %s, %s, %s) RETURNING id", org.id, n,
                     n + "@roles.example", rid)[0][0]
    from conftest import Client
    c = Client(server, server.ctl("key", "create", org.id, aid))
    c.admin_id = aid
    return c


def walk(api, **params):
    """Every comment of a list, page by page; checks the cursors."""
    seen, cursor = [], None
    while True:
        q = dict(params)
        if cursor:
            q["cursor"] = cursor
        r = api.get("/comments", params=q)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == {"object", "data", "nextCursor"}
        assert body["object"] == "list"
        seen += body["data"]
        cursor = body["nextCursor"]
        if cursor is None:
            return seen
        assert len(body["data"]) == int(params.get("limit", 10))


# --- create ----------------------------------------------------------------

def test_minimal_comment_on_a_post(org, env, server):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"], content="<p>Nice idea</p>")
    assert set(c) == FIELDS
    assert c["object"] == "comment" and len(c["id"]) == 24
    assert (c["postId"], c["changelogId"], c["parentCommentId"]) == (
        p["id"], None, None)
    assert c["content"] == "<p>Nice idea</p>"
    assert c["author"] == {"id": org.owner_id, "name": c["author"]["name"],
                           "profilePicture": None, "type": "admin"}
    assert (c["upvotes"], c["downvotes"], c["score"]) == (0, 0, 0)
    assert not any(c[k] for k in ("isPrivate", "isDeleted", "isPinned",
                                  "inReview", "isSpam"))
    assert c["createdAt"] == c["updatedAt"]
    assert c["createdAt"].endswith("Z") and len(c["createdAt"]) == 24
    assert get(org.api, c["id"]) == c
    assert events(server, org, "comment.created", c["id"]) == [(c, [])]
    post = org.api.get("/posts/" + p["id"]).json()
    assert post["commentCount"] == 1
    # A comment is activity on the post ("recent" order).
    assert server.sql("SELECT last_activity_at >= %s::timestamptz FROM posts "
                      "WHERE id = %s", c["createdAt"], p["id"])[0][0]


def test_comment_on_a_changelog_by_id_and_by_slug(org):
    ch = new_changelog(org)
    a = comment(org.api, changelogId=ch["id"])
    b = comment(org.api, changelogId=ch["slug"], content="<p>By slug</p>")
    assert (a["changelogId"], a["postId"]) == (ch["id"], None)
    assert b["changelogId"] == ch["id"]
    assert org.api.get("/changelogs/" + ch["id"]).json()["commentCount"] == 2


def test_post_by_slug(org, env):
    p = new_post(org, env)
    assert comment(org.api, postId=p["slug"])["postId"] == p["id"]
    # An id may be given in upper case.
    assert comment(org.api, postId=p["id"].upper())["postId"] == p["id"]


def test_import_with_votes_and_date(org, env):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"], upvotes=7, downvotes=3,
                createdAt="2024-05-06T07:08:09.123Z")
    assert (c["upvotes"], c["downvotes"], c["score"]) == (7, 3, 4)
    assert c["createdAt"] == c["updatedAt"] == "2024-05-06T07:08:09.123Z"
    c = comment(org.api, postId=p["id"], downvotes=5, createdAt="2024-01-02")
    assert (c["upvotes"], c["downvotes"], c["score"]) == (0, 5, -5)
    assert c["createdAt"] == "2024-01-02T00:00:00.000Z"


def test_author_resolution_and_counters(org, env, server):
    p = new_post(org, env)
    email = word() + "@people.example"
    a = comment(org.api, postId=p["id"],
                author={"email": email, "name": "Pat",
                        "profilePicture": "https://img.example/p.png"},
                createdAt="2030-01-01T00:00:00.000Z")
    who = a["author"]
    assert set(who) == {"id", "name", "profilePicture", "type"}
    assert (who["name"], who["type"]) == ("Pat", "customer")
    assert who["profilePicture"] == "https://img.example/p.png"
    assert server.sql("SELECT email FROM contacts WHERE id = %s",
                      who["id"])[0][0] == email
    count, last = contact(server, org, who["id"])
    assert count == 1 and last.year == 2030
    # The same person by email (any case), by id and by userId.
    b = comment(org.api, postId=p["id"], author={"email": email.upper()})
    assert b["author"]["id"] == who["id"]
    c = comment(org.api, postId=p["id"], author={"id": who["id"]})
    assert c["author"]["id"] == who["id"]
    assert contact(server, org, who["id"])[0] == 3
    uid = word()
    d = comment(org.api, postId=p["id"], author={"userId": uid})
    assert d["author"]["name"] == uid
    assert server.sql("SELECT user_id FROM contacts WHERE id = %s",
                      d["author"]["id"])[0][0] == uid
    # An admin by id.
    e = comment(org.api, postId=p["id"], author={"id": org.owner_id})
    assert e["author"]["type"] == "admin"
    assert_error(create(org.api, postId=p["id"],
                        author={"id": "a" * 24}), 404, "contact_not_found",
                 param="author.id")


def test_content_is_sanitized(org, env):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"], content=(
        '<p onclick="steal()">Hi <script>alert(1)</script>'
        '<a href="javascript:alert(1)">x</a> '
        '<a href="https://ok.example/">ok</a>'
        '<img src="x" onerror="alert(1)"><style>p{}</style></p>'))
    html = c["content"]
    for bad in ("script", "onclick", "javascript:", "onerror", "style",
                "alert"):
        assert bad not in html, html
    assert html == ('<p>Hi x <a href="https://ok.example/" '
                    'rel="nofollow noopener noreferrer">ok</a></p>')
    # Nothing left to show once sanitized: refused.
    assert_error(create(org.api, postId=p["id"],
                        content="<script>alert(1)</script>"), 400,
                 "invalid_parameter", param="content")


def test_threading(org, env):
    p, q = new_post(org, env), new_post(org, env)
    root = comment(org.api, postId=p["id"])
    reply = comment(org.api, postId=p["id"], parentCommentId=root["id"])
    deeper = comment(org.api, postId=p["id"], parentCommentId=reply["id"])
    assert reply["parentCommentId"] == root["id"]
    assert deeper["parentCommentId"] == reply["id"]
    # The parent must be of the same target.
    assert_error(create(org.api, postId=q["id"],
                        parentCommentId=root["id"]), 400,
                 "invalid_parameter", param="parentCommentId")
    ch = new_changelog(org)
    assert_error(create(org.api, changelogId=ch["id"],
                        parentCommentId=root["id"]), 400,
                 "invalid_parameter", param="parentCommentId")
    assert_error(create(org.api, postId=p["id"], parentCommentId="b" * 24),
                 404, "comment_not_found", param="parentCommentId")
    assert_error(create(org.api, postId=p["id"], parentCommentId="nope"),
                 400, "invalid_parameter", param="parentCommentId")
    # The list is flat: threads are drawn by parentCommentId.
    got = walk(org.api, postId=p["id"], sortBy="old")
    assert [(c["id"], c["parentCommentId"]) for c in got] == [
        (root["id"], None), (reply["id"], root["id"]),
        (deeper["id"], reply["id"])]


def test_comments_disabled(org, env):
    p = new_post(org, env, commentsEnabled=False)
    assert_error(create(org.api, postId=p["id"]), 403, "feature_disabled",
                 param="postId", type_="authorization_error")
    q = new_post(org, env, boardId=env.closed_board)
    assert_error(create(org.api, postId=q["id"]), 403, "feature_disabled",
                 param="postId")
    # Enabled again on the post: allowed.
    org.api.request("PATCH", "/posts/" + p["id"],
                    json={"commentsEnabled": True})
    assert create(org.api, postId=p["id"]).status_code == 201


@pytest.mark.parametrize("body, status, code, param", [
    ({"content": None}, 400, "missing_parameter", "content"),
    ({"content": "a"}, 400, "invalid_parameter", "content"),
    ({"content": 12}, 400, "invalid_parameter", "content"),
    ({}, 400, "missing_parameter", "postId"),
    ({"postId": "not a slug!"}, 400, "invalid_parameter", "postId"),
    ({"postId": "c" * 24}, 404, "post_not_found", "postId"),
    ({"postId": "no-such-post-slug"}, 404, "post_not_found", "postId"),
    ({"changelogId": "d" * 24}, 404, "changelog_not_found", "changelogId"),
    ({"changelogId": "Bad Slug"}, 400, "invalid_parameter", "changelogId"),
    ({"upvotes": -1}, 400, "invalid_parameter", "upvotes"),
    ({"downvotes": 1.5}, 400, "invalid_parameter", "downvotes"),
    ({"isPrivate": "yes"}, 400, "invalid_parameter", "isPrivate"),
    ({"sendNotification": 1}, 400, "invalid_parameter", "sendNotification"),
    ({"createdAt": "yesterday"}, 400, "invalid_parameter", "createdAt"),
    ({"author": {"email": "nope"}}, 400, "invalid_parameter",
     "author.email"),
    ({"title": "x"}, 400, "parameter_not_supported", "title"),
])
def test_create_errors(org, env, body, status, code, param):
    b = {"content": "<p>ok</p>"}
    if "postId" not in body and "changelogId" not in body and body != {}:
        b["postId"] = new_post(org, env)["id"]
    b.update(body)
    if b.get("content") is None:
        b.pop("content")
    assert_error(org.api.post("/comments", json=b), status, code,
                 param=param)


def test_both_targets_are_refused(org, env):
    p, ch = new_post(org, env), new_changelog(org)
    assert_error(create(org.api, postId=p["id"], changelogId=ch["id"]), 400,
                 "invalid_parameter", param="changelogId")


def test_get_errors(org):
    assert_error(org.api.get("/comments/xyz"), 400, "invalid_id",
                 param="id")
    assert_error(org.api.get("/comments/" + "e" * 24), 404,
                 "comment_not_found", param="id")


def test_viewer_cannot_write(org, env):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"])
    viewer = org.client("viewer")
    assert_error(create(viewer, postId=p["id"]), 403,
                 "insufficient_permissions")
    assert_error(viewer.request("PATCH", "/comments/" + c["id"],
                                json={"content": "<p>x y</p>"}), 403,
                 "insufficient_permissions")
    assert_error(viewer.request("DELETE", "/comments/" + c["id"]), 403,
                 "insufficient_permissions")
    # Reading needs no flag.
    assert get(viewer, c["id"]) == c


def test_clover_serves_comments(org, env):
    p = new_post(org, env)
    r = org.api.post("/comments", headers={"Service-Version": CLOVER},
                     json={"postId": p["id"], "content": "<p>old</p>"})
    assert r.status_code == 201, r.text


# --- tenancy ---------------------------------------------------------------

def test_tenancy(org, other_org, env):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"])
    ch = new_changelog(org)
    other = other_org.api
    assert_error(other.get("/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")
    assert_error(other.request("PATCH", "/comments/" + c["id"],
                               json={"isPinned": True}), 404,
                 "comment_not_found", param="id")
    assert_error(other.request("DELETE", "/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")
    assert_error(other.request("DELETE", "/comment", json={"id": c["id"]}),
                 404, "comment_not_found", param="id")
    assert_error(create(other, postId=p["id"]), 404, "post_not_found",
                 param="postId")
    assert_error(create(other, postId=p["slug"]), 404, "post_not_found",
                 param="postId")
    assert_error(create(other, changelogId=ch["id"]), 404,
                 "changelog_not_found", param="changelogId")
    assert_error(other.get("/comments", params={"postId": p["id"]}), 404,
                 "post_not_found", param="postId")
    assert c["id"] not in [x["id"] for x in walk(other, limit=100)]
    assert get(org.api, c["id"]) == c


# --- privacy and moderation ------------------------------------------------

def test_private_comments(org, env, server):
    p = new_post(org, env)
    pub = comment(org.api, postId=p["id"])
    priv = comment(org.api, postId=p["id"], isPrivate=True)
    assert priv["isPrivate"] is True
    ids = lambda **q: [c["id"] for c in walk(org.api, postId=p["id"], **q)]
    assert ids() == ids(privacy="public") == [pub["id"]]
    assert ids(privacy="private") == [priv["id"]]
    assert sorted(ids(privacy="all")) == sorted([pub["id"], priv["id"]])
    # Without view_comments_private they do not exist.
    blind = role_client(org)
    assert_error(blind.get("/comments/" + priv["id"]), 404,
                 "comment_not_found", param="id")
    assert get(blind, pub["id"]) == pub
    assert_error(blind.get("/comments", params={"privacy": "all"}), 403,
                 "insufficient_permissions", param="privacy")
    assert_error(blind.get("/comments", params={"privacy": "private"}),
                 403, "insufficient_permissions", param="privacy")
    assert priv["id"] not in [c["id"] for c in walk(blind, limit=100)]
    # Writing one needs manage_comments_private.
    writer = role_client(org, "view_comments_private")
    assert_error(create(writer, postId=p["id"], isPrivate=True), 403,
                 "insufficient_permissions", param="isPrivate")
    assert create(writer, postId=p["id"], isPrivate=False).status_code == 201
    # Private comments notify nobody.
    assert server.sql("SELECT count(*) FROM email_outbox WHERE org_id = %s "
                      "AND dedupe_key LIKE %s", org.id,
                      "%/" + priv["id"] + "/%")[0][0] == 0


def test_comments_of_private_posts(org, env):
    p = new_post(org, env, visibility="authorOnly")
    c = comment(org.api, postId=p["id"])
    blind = role_client(org, "view_comments_private")
    assert_error(blind.get("/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")
    assert_error(blind.get("/comments", params={"postId": p["id"]}), 404,
                 "post_not_found", param="postId")
    assert c["id"] not in [x["id"] for x in walk(blind, limit=100)]
    seer = role_client(org, "view_posts_private")
    assert get(seer, c["id"]) == c


def test_in_review(org, env, server):
    p = new_post(org, env)
    a = comment(org.api, postId=p["id"])
    b = comment(org.api, postId=p["id"])
    r = org.api.request("PATCH", "/comments/" + b["id"],
                        json={"inReview": True})
    assert r.status_code == 200 and r.json()["inReview"] is True
    ids = lambda **q: sorted(c["id"] for c in walk(org.api, postId=p["id"],
                                                   **q))
    assert ids() == ids(inReview="false") == [a["id"]]
    assert ids(inReview="true") == sorted([a["id"], b["id"]])
    # By id it is there.
    assert get(org.api, b["id"])["inReview"] is True


def test_moderation_permissions(org, env):
    p = new_post(org, env)
    theirs = comment(org.api, postId=p["id"])
    plain = role_client(org)
    mine = comment(plain, postId=p["id"], content="<p>mine</p>")
    assert mine["author"]["id"] == plain.admin_id
    # Their own comment: content yes, flags need their permission.
    r = plain.request("PATCH", "/comments/" + mine["id"],
                      json={"content": "<p>edited</p>"})
    assert r.status_code == 200 and r.json()["content"] == "<p>edited</p>"
    for field, flag in (("isPinned", "set_comment_pinned"),
                        ("inReview", "moderate_comments"),
                        ("isPrivate", "manage_comments_private")):
        err = assert_error(plain.request("PATCH", "/comments/" + mine["id"],
                                         json={field: True}), 403,
                           "insufficient_permissions", param=field)
        assert flag in err["message"]
    # Someone else's: moderate_comments.
    assert_error(plain.request("PATCH", "/comments/" + theirs["id"],
                               json={"content": "<p>hijack</p>"}), 403,
                 "insufficient_permissions", param="id")
    assert_error(plain.request("DELETE", "/comments/" + theirs["id"]), 403,
                 "insufficient_permissions", param="id")
    assert get(org.api, theirs["id"]) == theirs
    mod = role_client(org, "moderate_comments", "set_comment_pinned")
    r = mod.request("PATCH", "/comments/" + theirs["id"],
                    json={"isPinned": True, "inReview": False})
    assert r.status_code == 200 and r.json()["isPinned"] is True
    assert plain.request("DELETE",
                         "/comments/" + mine["id"]).status_code == 200
    assert mod.request("DELETE",
                       "/comments/" + theirs["id"]).status_code == 200


# --- sorting ---------------------------------------------------------------

def wilson(up, down):
    n = up + down
    if n == 0:
        return 0.0
    z = 1.96
    phat = up / n
    return ((phat + z * z / (2 * n)
             - z * math.sqrt((phat * (1 - phat) + z * z / (4 * n)) / n))
            / (1 + z * z / n))


VOTES = [(0, 0), (1, 0), (10, 0), (10, 1), (100, 30), (3, 3), (0, 5),
         (50, 50), (2, 0), (10, 0), (1, 1), (7, 2)]


@pytest.fixture(scope="module")
def sorted_set(org, env):
    """A post with comments of known votes and dates."""
    p = new_post(org, env)
    made = []
    for i, (up, down) in enumerate(VOTES):
        made.append(comment(org.api, postId=p["id"], upvotes=up,
                            downvotes=down,
                            createdAt="2025-03-%02dT10:00:00.000Z"
                                      % (1 + (i * 7) % 12)))
    return p, made


@pytest.mark.parametrize("sort", ["best", "top", "new", "old", None])
@pytest.mark.parametrize("limit", [1, 5, 100])
def test_sorts_walk_every_comment_in_order(org, sorted_set, sort, limit):
    p, made = sorted_set
    params = {"postId": p["id"], "limit": limit}
    if sort:
        params["sortBy"] = sort
    got = walk(org.api, **params)
    key = {
        "best": lambda c: (wilson(c["upvotes"], c["downvotes"]), c["id"]),
        None: lambda c: (wilson(c["upvotes"], c["downvotes"]), c["id"]),
        "top": lambda c: (c["upvotes"] - c["downvotes"], c["id"]),
        "new": lambda c: (c["createdAt"], c["id"]),
        "old": lambda c: (c["createdAt"], c["id"]),
    }[sort]
    want = sorted(made, key=key, reverse=sort != "old")
    assert [c["id"] for c in got] == [c["id"] for c in want]
    assert got == sorted(made, key=lambda c: [c["id"] for c in got].index(
        c["id"]))


def test_best_is_the_wilson_lower_bound(org, sorted_set, server):
    p, made = sorted_set
    for c in made:
        stored = server.sql("SELECT best FROM comments WHERE id = %s",
                            c["id"])[0][0]
        assert stored == pytest.approx(wilson(c["upvotes"], c["downvotes"]),
                                       abs=1e-12)
    got = [(c["upvotes"], c["downvotes"])
           for c in walk(org.api, postId=p["id"], limit=100)]
    # All ten up beats 100 of 130; 100 of 130 beats 7 of 9 (evidence);
    # one vote of one beats nothing, and a tie in share ranks by count.
    assert got[:2] == [(10, 0), (10, 0)]
    assert got.index((100, 30)) < got.index((7, 2)) < got.index((1, 0))
    assert got.index((10, 1)) < got.index((2, 0))
    assert got.index((50, 50)) < got.index((3, 3)) < got.index((1, 1))


def test_organization_list_and_changelog_list(org, env, sorted_set):
    ch = new_changelog(org)
    a = comment(org.api, changelogId=ch["id"], upvotes=3)
    got = walk(org.api, changelogId=ch["id"])
    assert [c["id"] for c in got] == [a["id"]]
    everything = walk(org.api, sortBy="new", limit=100)
    ids = [c["id"] for c in everything]
    assert a["id"] in ids and all(c["id"] in ids for c in sorted_set[1])
    assert [(c["createdAt"], c["id"]) for c in everything] == sorted(
        [(c["createdAt"], c["id"]) for c in everything], reverse=True)
    assert_error(org.api.get("/comments", params={
        "postId": sorted_set[0]["id"], "changelogId": ch["id"]}), 400,
        "invalid_parameter", param="changelogId")
    assert_error(org.api.get("/comments", params={"changelogId": "e" * 24}),
                 404, "changelog_not_found", param="changelogId")
    assert_error(org.api.get("/comments", params={"postId": "e" * 24}),
                 404, "post_not_found", param="postId")


def test_cursors_stay_stable_while_comments_arrive(org, env):
    p = new_post(org, env)
    first = [comment(org.api, postId=p["id"], upvotes=i) for i in range(4)]
    r = org.api.get("/comments", params={"postId": p["id"], "sortBy": "top",
                                         "limit": 2})
    page1 = r.json()
    comment(org.api, postId=p["id"], upvotes=10)   # lands before the cursor
    comment(org.api, postId=p["id"], upvotes=0)    # lands after it
    rest = walk(org.api, postId=p["id"], sortBy="top", limit=2,
                cursor=page1["nextCursor"])
    assert [c["upvotes"] for c in page1["data"]] == [3, 2]
    assert [c["upvotes"] for c in rest][:2] == [1, 0]
    assert len(rest) == 3 and len(first) == 4


@pytest.mark.parametrize("params, code, param", [
    ({"cursor": "!!"}, "invalid_cursor", "cursor"),
    ({"limit": 0}, "invalid_parameter", "limit"),
    ({"limit": 101}, "invalid_parameter", "limit"),
    ({"sortBy": "hot"}, "invalid_parameter", "sortBy"),
    ({"privacy": "secret"}, "invalid_parameter", "privacy"),
    ({"inReview": "maybe"}, "invalid_parameter", "inReview"),
    ({"page": 2}, "parameter_not_supported", "page"),
    ({"postId": "bad slug"}, "invalid_parameter", "postId"),
])
def test_list_errors(org, params, code, param):
    assert_error(org.api.get("/comments", params=params), 400, code,
                 param=param)


def test_cursor_of_another_sort_is_refused(org, env, sorted_set):
    p, _ = sorted_set
    r = org.api.get("/comments", params={"postId": p["id"], "limit": 1,
                                         "sortBy": "top"})
    cursor = r.json()["nextCursor"]
    assert_error(org.api.get("/comments", params={
        "postId": p["id"], "sortBy": "new", "cursor": cursor}), 400,
        "invalid_cursor", param="cursor")
    # Nor is it a cursor of another post's comments.
    other = new_post(org, env)
    assert_error(org.api.get("/comments", params={
        "postId": other["id"], "sortBy": "top", "cursor": cursor}), 400,
        "invalid_cursor", param="cursor")
    # A posts cursor is not a comments cursor either.
    r = org.api.get("/posts", params={"limit": 1})
    if r.json()["nextCursor"]:
        assert_error(org.api.get("/comments", params={
            "cursor": r.json()["nextCursor"]}), 400, "invalid_cursor",
            param="cursor")


# --- update ----------------------------------------------------------------

def test_patch_every_field(org, env, server):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"])
    r = org.api.request("PATCH", "/comments/" + c["id"], json={
        "content": '<p onmouseover="x()">Edited <b>text</b></p>',
        "isPrivate": True, "isPinned": True, "inReview": True,
        "createdAt": "2023-02-03T04:05:06.000Z", "upvotes": 9,
        "downvotes": 4})
    assert r.status_code == 200, r.text
    u = r.json()
    assert u["content"] == "<p>Edited <b>text</b></p>"
    assert (u["isPrivate"], u["isPinned"], u["inReview"]) == (True, True,
                                                              True)
    assert u["createdAt"] == "2023-02-03T04:05:06.000Z"
    assert (u["upvotes"], u["downvotes"], u["score"]) == (9, 4, 5)
    assert u["updatedAt"] > c["updatedAt"]
    assert get(org.api, c["id"]) == u
    (item, changes), = events(server, org, "comment.updated", c["id"])
    assert item == u
    assert {ch["field"] for ch in changes} == {
        "content", "isPrivate", "isPinned", "inReview", "createdAt",
        "upvotes", "downvotes", "score"}
    score = [ch for ch in changes if ch["field"] == "score"][0]
    assert (score["oldValue"], score["newValue"]) == (0, 5)
    # Only given fields change; null means not given.
    r = org.api.request("PATCH", "/comments/" + c["id"],
                        json={"isPinned": False, "content": None})
    v = r.json()
    assert v["isPinned"] is False and v["content"] == u["content"]
    # No change, no event.
    org.api.request("PATCH", "/comments/" + c["id"], json={"upvotes": 9})
    assert len(events(server, org, "comment.updated", c["id"])) == 2


@pytest.mark.parametrize("body, code, param", [
    ({"content": "x"}, "invalid_parameter", "content"),
    ({"content": "<script>x()</script>"}, "invalid_parameter", "content"),
    ({"upvotes": -2}, "invalid_parameter", "upvotes"),
    ({"isPinned": "yes"}, "invalid_parameter", "isPinned"),
    ({"postId": "a" * 24}, "parameter_not_supported", "postId"),
])
def test_patch_errors(org, env, body, code, param):
    c = comment(org.api, postId=new_post(org, env)["id"])
    assert_error(org.api.request("PATCH", "/comments/" + c["id"], json=body),
                 400, code, param=param)
    assert get(org.api, c["id"]) == c
    assert_error(org.api.request("PATCH", "/comments/nope", json={}), 400,
                 "invalid_id", param="id")
    assert_error(org.api.request("PATCH", "/comments/" + "f" * 24,
                                 json={}), 404, "comment_not_found",
                 param="id")


# --- delete ----------------------------------------------------------------

def test_delete_without_replies_removes(org, env, server):
    p = new_post(org, env)
    who = word() + "@del.example"
    c = comment(org.api, postId=p["id"], author={"email": who})
    author = c["author"]["id"]
    assert contact(server, org, author)[0] == 1
    r = org.api.request("DELETE", "/comments/" + c["id"])
    assert r.status_code == 200
    assert r.json() == {"id": c["id"], "object": "comment", "deleted": True}
    assert_error(org.api.get("/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 0
    assert contact(server, org, author)[0] == 0
    assert events(server, org, "comment.deleted", c["id"]) == [(c, [])]
    assert_error(org.api.request("DELETE", "/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")


def test_delete_with_replies_leaves_a_placeholder(org, env, server):
    p = new_post(org, env)
    who = word() + "@thread.example"
    root = comment(org.api, postId=p["id"], author={"email": who},
                   upvotes=5, downvotes=1)
    reply = comment(org.api, postId=p["id"], parentCommentId=root["id"])
    author = root["author"]["id"]
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 2
    r = org.api.request("DELETE", "/comments/" + root["id"])
    assert r.status_code == 200 and r.json()["deleted"] is True
    d = get(org.api, root["id"])
    assert d["content"] == "[deleted]" and d["author"] is None
    assert (d["upvotes"], d["downvotes"], d["score"]) == (0, 0, 0)
    assert d["isDeleted"] is True
    assert (d["createdAt"], d["parentCommentId"]) == (root["createdAt"],
                                                     None)
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 1
    assert contact(server, org, author)[0] == 0
    assert get(org.api, reply["id"])["parentCommentId"] == root["id"]
    assert [c["id"] for c in walk(org.api, postId=p["id"], sortBy="old")] \
        == [root["id"], reply["id"]]
    # A placeholder cannot be edited; deleting it again changes nothing.
    assert_error(org.api.request("PATCH", "/comments/" + root["id"],
                                 json={"content": "<p>back</p>"}), 400,
                 "invalid_request")
    assert org.api.request("DELETE",
                           "/comments/" + root["id"]).status_code == 200
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 1
    assert len(events(server, org, "comment.deleted", root["id"])) == 1
    # Replying under it still works; when the last reply goes, so does it.
    r2 = comment(org.api, postId=p["id"], parentCommentId=root["id"])
    org.api.request("DELETE", "/comments/" + reply["id"])
    assert get(org.api, root["id"])["isDeleted"] is True
    org.api.request("DELETE", "/comments/" + r2["id"])
    assert_error(org.api.get("/comments/" + root["id"]), 404,
                 "comment_not_found", param="id")
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 0


def test_legacy_delete(org, env):
    c = comment(org.api, postId=new_post(org, env)["id"])
    r = org.api.request("DELETE", "/comment", json={"id": c["id"]})
    assert r.status_code == 200 and r.json() == {"success": True}
    assert_error(org.api.get("/comments/" + c["id"]), 404,
                 "comment_not_found", param="id")
    assert_error(org.api.request("DELETE", "/comment", json={}), 400,
                 "missing_parameter", param="id")
    assert_error(org.api.request("DELETE", "/comment", json={"id": "x"}),
                 400, "invalid_id", param="id")
    assert_error(org.api.request("DELETE", "/comment",
                                 json={"id": "a" * 24}), 404,
                 "comment_not_found", param="id")


def test_deleting_the_target_takes_its_comments(org, env, server):
    p = new_post(org, env)
    who = {"email": word() + "@cascade.example"}
    a = comment(org.api, postId=p["id"], author=who)
    comment(org.api, postId=p["id"], parentCommentId=a["id"], author=who)
    gone = comment(org.api, postId=p["id"], parentCommentId=a["id"],
                   author=who)
    org.api.request("DELETE", "/comments/" + gone["id"])
    ch = new_changelog(org)
    comment(org.api, changelogId=ch["id"], author=who)
    author = a["author"]["id"]
    assert contact(server, org, author)[0] == 3
    assert org.api.request("DELETE", "/posts/" + p["id"]).status_code == 200
    # The author's count follows the comments that went with the post.
    assert contact(server, org, author)[0] == 1
    assert org.api.request("DELETE",
                           "/changelogs/" + ch["id"]).status_code == 200
    assert contact(server, org, author)[0] == 0
    assert server.sql("SELECT count(*) FROM comments WHERE post_id = %s",
                      p["id"])[0][0] == 0
    ch = new_changelog(org)
    b = comment(org.api, changelogId=ch["id"])
    assert org.api.request("DELETE",
                           "/changelogs/" + ch["id"]).status_code == 200
    assert_error(org.api.get("/comments/" + b["id"]), 404,
                 "comment_not_found", param="id")


def test_deleting_the_author_anonymizes(org, env):
    p = new_post(org, env)
    c = comment(org.api, postId=p["id"],
                author={"email": word() + "@gone.example"})
    assert org.api.request("DELETE", "/contacts/" +
                           c["author"]["id"]).status_code == 200
    assert get(org.api, c["id"])["author"] is None


# --- notifications ---------------------------------------------------------

def test_notifications_to_voters(org, env, server):
    p = new_post(org, env)
    tag = word()
    voters = {}
    for name, prefs in (("a", {}), ("b", {"postComments": "unsubscribed"}),
                        ("c", {"all": "unsubscribed"}),
                        ("d", {"postUpdates": "unsubscribed"})):
        voters[name] = server.sql(
            "INSERT INTO contacts (org_id, name, email, email_preferences) "
            "VALUES (%s, %s, %s, %s) RETURNING id", org.id, name,
            "%s-%s@vote.example" % (name, tag), json.dumps(prefs))[0][0]
    nomail = server.sql("INSERT INTO contacts (org_id, name) VALUES "
                        "(%s, 'n') RETURNING id", org.id)[0][0]
    for cid in list(voters.values()) + [nomail]:
        server.sql("INSERT INTO post_votes (org_id, post_id, contact_id) "
                   "VALUES (%s, %s, %s)", org.id, p["id"], cid)

    def mails(cid):
        return sorted(r for (r,) in server.sql(
            "SELECT recipient FROM email_outbox WHERE org_id = %s AND "
            "kind = 'comment.created' AND dedupe_key LIKE %s", org.id,
            "comment.created/" + cid + "/%"))

    c = comment(org.api, postId=p["id"], content="<p>Shipped soon</p>")
    assert mails(c["id"]) == sorted(["a-%s@vote.example" % tag,
                                     "d-%s@vote.example" % tag])
    row = server.sql("SELECT subject, body_html, body_text, post_id FROM "
                     "email_outbox WHERE dedupe_key = %s",
                     "comment.created/%s/a-%s@vote.example"
                     % (c["id"], tag))[0]
    assert p["title"] in row[0] and "<p>Shipped soon</p>" in row[1]
    assert "Shipped soon" in row[2] and row[3] == p["id"]
    # A bulk email: the recipient's own unsubscribe link, in the bodies
    # and the RFC 8058 headers, leaving the postComments list.
    headers = server.sql("SELECT headers FROM email_outbox WHERE "
                         "dedupe_key = %s", "comment.created/%s/a-%s@vote"
                         ".example" % (c["id"], tag))[0][0]
    link = headers["List-Unsubscribe"].strip("<>")
    assert "list=postComments" in link and link in row[2]
    assert link.replace("&", "&amp;") in row[1]
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # The commenter is not told about their own comment; the post's
    # author (its first voter, as the contact sharing the admin's address)
    # is told about others'.
    c = comment(org.api, postId=p["id"], author={"id": voters["a"]})
    owner = server.sql("SELECT email FROM admins WHERE id = %s",
                       org.owner_id)[0][0]
    assert mails(c["id"]) == sorted(["d-%s@vote.example" % tag, owner])
    c = comment(org.api, postId=p["id"], sendNotification=False)
    assert mails(c["id"]) == []
    ch = new_changelog(org)
    comment(org.api, changelogId=ch["id"])


def test_reply_notifications(org, env, server):
    """A reply tells the parent's author (commentReplies), once: not also
    as a voter, not when they reply to themselves, not when they opted
    out of replies (then they get the voters' email if they take it)."""
    p = new_post(org, env)
    tag = word()

    def person(name, **prefs):
        cid = server.sql(
            "INSERT INTO contacts (org_id, name, email, email_preferences) "
            "VALUES (%s, %s, %s, %s) RETURNING id", org.id, name,
            "%s-%s@reply.example" % (name, tag), json.dumps(prefs))[0][0]
        server.sql("INSERT INTO post_votes (org_id, post_id, contact_id) "
                   "VALUES (%s, %s, %s)", org.id, p["id"], cid)
        return cid, "%s-%s@reply.example" % (name, tag)

    def mails(cid):
        return sorted(server.sql(
            "SELECT kind, recipient FROM email_outbox WHERE org_id = %s "
            "AND dedupe_key LIKE %s", org.id, "comment.%/" + cid + "/%"))

    (asker, asker_mail), (other, _) = person("a"), person("o")
    quiet, quiet_mail = person("q", commentReplies="unsubscribed")
    top = comment(org.api, postId=p["id"], author={"id": asker})
    reply = comment(org.api, postId=p["id"], parentCommentId=top["id"],
                    content="<p>Thanks, noted</p>", author={"id": other})
    owner = server.sql("SELECT email FROM admins WHERE id = %s",
                       org.owner_id)[0][0]
    assert mails(reply["id"]) == sorted([
        ("comment.reply", asker_mail), ("comment.created", quiet_mail),
        ("comment.created", owner)])
    subject, html, text, headers = server.sql(
        "SELECT subject, body_html, body_text, headers FROM email_outbox "
        "WHERE dedupe_key = %s", "comment.reply/%s/%s"
        % (reply["id"], asker_mail))[0]
    assert subject == "New reply to your comment on: " + p["title"]
    assert "<p>Thanks, noted</p>" in html and "Thanks, noted" in text
    link = headers["List-Unsubscribe"].strip("<>")
    assert "list=commentReplies" in link and link in text
    # Replying to oneself tells nobody of it as a reply.
    own = comment(org.api, postId=p["id"], parentCommentId=top["id"],
                  author={"id": asker})
    assert [k for k, _ in mails(own["id"])] == ["comment.created"] * 3
    # Opted out of replies: the voters' email instead.
    q = comment(org.api, postId=p["id"], author={"id": quiet})
    r = comment(org.api, postId=p["id"], parentCommentId=q["id"])
    assert ("comment.created", quiet_mail) in mails(r["id"])
    assert "comment.reply" not in [k for k, _ in mails(r["id"])]
    # Private replies and sendNotification false tell nobody.
    r = comment(org.api, postId=p["id"], parentCommentId=top["id"],
                isPrivate=True)
    assert mails(r["id"]) == []
    r = comment(org.api, postId=p["id"], parentCommentId=top["id"],
                sendNotification=False)
    assert mails(r["id"]) == []
    # Leaving the list by its link stops reply emails.
    page = requests.post(server.base + urlsplit(link).path + "?"
                         + urlsplit(link).query, timeout=10)
    assert page.status_code == 200
    r = comment(org.api, postId=p["id"], parentCommentId=top["id"])
    assert "comment.reply" not in [k for k, _ in mails(r["id"])]


def test_changelog_replies_are_notified(org, server):
    ch = new_changelog(org)
    mail = "c-%s@reply.example" % word()
    c = comment(org.api, changelogId=ch["id"], author={"email": mail,
                                                       "name": "C"})
    r = comment(org.api, changelogId=ch["id"], parentCommentId=c["id"])
    (row,) = server.sql(
        "SELECT recipient, subject, changelog_id FROM email_outbox "
        "WHERE org_id = %s AND kind = 'comment.reply' AND dedupe_key "
        "LIKE %s", org.id, "comment.reply/" + r["id"] + "/%")
    assert row == (mail, "New reply to your comment on: " + ch["title"],
                   ch["id"])


def test_counts_stay_exact_under_concurrency(org, env):
    import concurrent.futures
    p = new_post(org, env)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda i: create(org.api, postId=p["id"]),
                                range(24)))
    assert all(r.status_code == 201 for r in results)
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 24
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda r: org.api.request(
            "DELETE", "/comments/" + r.json()["id"]), results[:10]))
    assert org.api.get("/posts/" + p["id"]).json()["commentCount"] == 14


def test_bytes_are_postgres_layout(org, env, server):
    """Comments are written in C in the layout PostgreSQL gave when it
    built them (json_build_object: {"k" : v}), escapes included, authors
    of each kind, in the comment and in the list's compact envelope."""
    from decimal import Decimal
    from helpers import pg_layout
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    p = new_post(org, env)
    who = server.sql("INSERT INTO contacts (org_id, name, email, "
                     "profile_picture) VALUES (%s, %s, %s, %s) RETURNING id",
                     org.id, odd, word() + "@odd.example", odd)[0][0]
    ids = []
    for author, admin in ((who, None), (None, org.owner_id), (None, None)):
        ids.append(server.sql(
            "INSERT INTO comments (org_id, post_id, content, "
            "author_contact_id, author_admin_id, upvotes, downvotes, "
            "is_pinned, created_at) VALUES (%s, %s, %s, %s, %s, 3, 5, "
            "true, '2025-05-03T01:02:03.4Z') RETURNING id", org.id,
            p["id"], odd, author, admin)[0][0])
    parent = ids[0]
    ids.append(comment(org.api, postId=p["id"], parentCommentId=parent,
                       content="<p>" + odd[:9] + "</p>")["id"])
    kinds = []
    for cid in ids:
        r = org.api.get("/comments/" + cid)
        assert r.status_code == 200
        c = json.loads(r.content, parse_float=Decimal)
        kinds.append(c["author"] and c["author"]["type"])
        assert r.content == pg_layout(c)
    assert kinds == ["customer", "admin", None, "admin"]
    assert json.loads(org.api.get("/comments/" + ids[0]).content)[
        "content"] == odd
    for sort in ("best", "top", "new", "old"):
        r = org.api.get("/comments", params={"postId": p["id"],
                                             "sortBy": sort, "limit": 3})
        page = json.loads(r.content, parse_float=Decimal)
        assert len(page["data"]) == 3 and page["nextCursor"]
        assert r.content == (b'{"object":"list","data":['
                             + b",".join(pg_layout(c) for c in page["data"])
                             + b'],"nextCursor":'
                             + json.dumps(page["nextCursor"]).encode()
                             + b"}")
