"""GET, POST and DELETE /v2/posts/{id}/voters, and exact upvotes under
concurrent votes."""
import concurrent.futures

import pytest

from helpers import assert_error


@pytest.fixture(scope="module")
def board(server, org):
    return server.sql("INSERT INTO boards (org_id, name) VALUES "
                      "(%s, 'Votes') RETURNING id", org.id)[0][0]


def new_post(org, board, **extra):
    body = {"title": "Vote on me", "boardId": board}
    body.update(extra)
    r = org.api.post("/posts", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def voters(org, pid, query=""):
    r = org.api.get("/posts/%s/voters%s" % (pid, query))
    assert r.status_code == 200, r.text
    return r.json()


def upvotes(org, pid):
    return org.api.get("/posts/" + pid).json()["upvotes"]


def test_author_is_first_voter(org, board):
    p = new_post(org, board, author={"email": "first@v.example",
                                     "name": "First"})
    body = voters(org, p["id"])
    assert body["object"] == "list" and body["nextCursor"] is None
    assert [v["id"] for v in body["data"]] == [p["author"]["id"]]
    v = body["data"][0]
    assert v["object"] == "contact" and v["name"] == "First"
    assert set(v) >= {"id", "organizationId", "companies",
                      "email", "name", "profilePicture", "commentsCreated",
                      "postsCreated", "lastActivity", "subscribedToChangelog",
                      "manuallyOptedOutFromChangelog", "roles", "locale",
                      "verified", "type", "description", "customFields"}
    assert v["postsCreated"] == 1 and v["organizationId"] == org.id
    # Known by email only: no userId member at all (never null).
    assert "userId" not in v
    # An admin's post: the admin votes as the contact with its email.
    q = new_post(org, board)
    admin_voters = voters(org, q["id"])["data"]
    owner_email = org.api.get("/admins/" + org.owner_id).json()["email"]
    assert [a["email"] for a in admin_voters] == [owner_email]
    assert new_post(org, board, upvotes=0)["upvotes"] == 0


def test_add_is_idempotent_and_creates_unknown_people(org, board, server):
    p = new_post(org, board, upvotes=0)
    r = org.api.post("/posts/%s/voters" % p["id"],
                     json={"email": "fan@v.example", "name": "Fan"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body == {"object": "voter", "added": True, "id": body["id"],
                    "postId": p["id"]}
    # The bytes too: compact, as the answer has always been written.
    assert r.text == ('{"object":"voter","added":true,"id":"%s",'
                      '"postId":"%s"}' % (body["id"], p["id"]))
    assert server.sql("SELECT type, name FROM contacts WHERE id = %s",
                      body["id"]) == [("customer", "Fan")]
    again = org.api.post("/posts/%s/voters" % p["id"],
                         json={"email": "FAN@v.example"})
    assert again.json()["id"] == body["id"]
    assert upvotes(org, p["id"]) == 1
    events = server.sql("SELECT count(*) FROM events WHERE org_id = %s AND "
                        "topic = 'post.voted' AND item->>'id' = %s",
                        org.id, p["id"])
    assert events == [(1,)]


def test_identification_priority(org, board, server):
    p = new_post(org, board, upvotes=0)
    a = server.sql("INSERT INTO contacts (org_id, name, user_id, email) "
                   "VALUES (%s, 'A', 'u-a', 'a@v.example') RETURNING id",
                   org.id)[0][0]
    b = server.sql("INSERT INTO contacts (org_id, name, email) VALUES "
                   "(%s, 'B', 'b@v.example') RETURNING id", org.id)[0][0]
    add = lambda **who: org.api.post("/posts/%s/voters" % p["id"],
                                     json=who).json()["id"]
    assert add(id=a, userId="x", email="b@v.example") == a
    assert add(userId="u-a", email="b@v.example") == a
    assert add(email="b@v.example") == b
    assert upvotes(org, p["id"]) == 2


def test_remove_by_body_or_query(org, board):
    p = new_post(org, board, upvotes=0)
    for email in ("one@v.example", "two@v.example"):
        org.api.post("/posts/%s/voters" % p["id"], json={"email": email})
    assert upvotes(org, p["id"]) == 2
    r = org.api.request("DELETE", "/posts/%s/voters" % p["id"],
                        json={"email": "one@v.example"})
    assert r.status_code == 200
    assert r.json()["removed"] is True and r.json()["postId"] == p["id"]
    assert r.text == ('{"object":"voter","removed":true,"id":"%s",'
                      '"postId":"%s"}' % (r.json()["id"], p["id"]))
    r = org.api.request("DELETE", "/posts/%s/voters?email=two%%40v.example"
                        % p["id"])
    assert r.status_code == 200
    assert upvotes(org, p["id"]) == 0
    # Removing a vote that does not exist changes nothing: 404
    # voter_not_found, whether nobody has that email or a known contact
    # has no vote (any more) on the post.
    for who in ("nobody@v.example", "one@v.example"):
        r = org.api.request("DELETE", "/posts/%s/voters" % p["id"],
                            json={"email": who})
        assert_error(r, 404, "voter_not_found")
    assert upvotes(org, p["id"]) == 0


def test_voter_pages(org, board):
    p = new_post(org, board, upvotes=0)
    ids = set()
    for i in range(7):
        ids.add(org.api.post("/posts/%s/voters" % p["id"],
                             json={"email": "page%d@v.example" % i})
                .json()["id"])
    seen, cursor = [], None
    while True:
        body = voters(org, p["id"], "?limit=3" +
                      ("&cursor=" + cursor if cursor else ""))
        seen += [v["id"] for v in body["data"]]
        cursor = body["nextCursor"]
        if not cursor:
            break
    assert len(seen) == 7 and set(seen) == ids
    # The cursor is this post's: another post's voters refuse it.
    cursor = voters(org, p["id"], "?limit=3")["nextCursor"]
    q = new_post(org, board, upvotes=0)
    assert_error(org.api.get("/posts/%s/voters?limit=3&cursor=%s"
                             % (q["id"], cursor)),
                 400, "invalid_cursor", param="cursor")


def test_errors_and_permissions(org, other_org, board, server):
    p = new_post(org, board)
    assert_error(other_org.api.get("/posts/%s/voters" % p["id"]), 404,
                 "post_not_found", param="id")
    assert_error(org.api.post("/posts/%s/voters" % ("0" * 24), json={}),
                 404, "post_not_found", param="id")
    assert_error(org.api.get("/posts/bad/voters"), 400, "invalid_id",
                 param="id")
    assert_error(org.api.post("/posts/%s/voters" % p["id"],
                              json={"id": "0" * 24}), 404,
                 "contact_not_found", param="voter.id")
    assert_error(org.api.post("/posts/%s/voters" % p["id"],
                              json={"email": "nope"}), 400,
                 "invalid_parameter", param="email")
    viewer = org.client("viewer")
    assert_error(viewer.get("/posts/%s/voters" % p["id"]), 403,
                 "insufficient_permissions")
    assert_error(viewer.post("/posts/%s/voters" % p["id"], json={}), 403,
                 "insufficient_permissions")
    role = server.sql("INSERT INTO roles (org_id, name, permissions) "
                      "VALUES (%s, 'Voter', '{}') RETURNING id", org.id)[0][0]
    admin = server.sql("INSERT INTO admins (org_id, name, email, role_id) "
                       "VALUES (%s, 'V', 'self@v.example', %s) RETURNING id",
                       org.id, role)[0][0]
    from conftest import Client
    plain = Client(server, server.sql("SELECT fb_api_key_create(%s, %s)",
                                      org.id, admin)[0][0])
    assert plain.post("/posts/%s/voters" % p["id"], json={}).status_code \
        == 201
    assert_error(plain.post("/posts/%s/voters" % p["id"],
                            json={"email": "else@v.example"}), 403,
                 "insufficient_permissions")


def test_concurrent_votes_keep_upvotes_exact(org, board, server):
    p = new_post(org, board, upvotes=0)
    url = "/posts/%s/voters" % p["id"]

    def vote(i):
        return org.api.post(url, json={"email": "c%d@v.example" % i})

    def vote_same(_):
        return org.api.post(url, json={"email": "same@v.example"})

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        distinct = list(pool.map(vote, range(50)))
        repeated = list(pool.map(vote_same, range(50)))
    assert all(r.status_code == 201 for r in distinct + repeated)
    assert len({r.json()["id"] for r in repeated}) == 1
    assert upvotes(org, p["id"]) == 51
    assert server.sql("SELECT count(*) FROM post_votes WHERE post_id = %s",
                      p["id"]) == [(51,)]
