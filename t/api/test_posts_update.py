"""PATCH and DELETE /v2/posts/{id}: partial updates, events with changes,
counters, status emails, and the errors."""

import pytest

from helpers import assert_error


@pytest.fixture(scope="module")
def env(server, org):
    class Env:
        pass
    e = Env()
    e.board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                         "(%s, 'Main') RETURNING id", org.id)[0][0]
    e.other_board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                               "(%s, 'Other') RETURNING id", org.id)[0][0]
    e.cf = server.sql("INSERT INTO custom_fields (org_id, label, type) "
                      "VALUES (%s, 'Plan', 'text') RETURNING id", org.id)[0][0]
    e.cf2 = server.sql("INSERT INTO custom_fields (org_id, label, type) "
                       "VALUES (%s, 'Seats', 'number') RETURNING id",
                       org.id)[0][0]
    e.statuses = dict(server.sql("SELECT type, id FROM post_statuses "
                                 "WHERE org_id = %s", org.id))
    return e


def new_post(org, env, **extra):
    body = {"title": "Original title", "boardId": env.board,
            "content": "<p>Body</p>", "tags": ["one", "two"],
            "eta": "2026-05-01", "assigneeId": org.owner_id,
            "customFields": {env.cf: "pro", env.cf2: 3},
            "author": {"email": "writer@x.example"}}
    body.update(extra)
    r = org.api.post("/posts", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def last_event(server, org, topic):
    row = server.sql("SELECT item, changes FROM events WHERE org_id = %s AND "
                     "topic = %s ORDER BY created_at DESC, id DESC LIMIT 1",
                     org.id, topic)
    return row[0] if row else None


def patch(org, pid, **body):
    return org.api.request("PATCH", "/posts/" + pid, json=body)


def test_only_supplied_fields_change(org, env, server):
    before = new_post(org, env)
    r = patch(org, before["id"], title="New title")
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["title"] == "New title"
    for k in before:
        if k not in ("title", "updatedAt"):
            assert after[k] == before[k], k
    assert after["updatedAt"] >= before["updatedAt"]
    assert org.api.get("/posts/" + before["id"]).json() == after
    item, changes = last_event(server, org, "post.updated")
    assert item == after
    assert changes == [{"field": "title", "oldValue": "Original title",
                        "newValue": "New title"}]


def test_clearing_and_replacing(org, env, server):
    p = new_post(org, env)
    r = patch(org, p["id"], eta=None, assigneeId=None, tags=["three"],
              customFields={env.cf: None, env.cf2: 5},
              content="<p>New <script>x</script>text</p>",
              boardId=env.other_board, visibility="authorOnly",
              commentsEnabled=False, inReview=True, isPinned=True,
              upvotes=42, createdAt="2020-01-01")
    assert r.status_code == 200, r.text
    a = r.json()
    assert a["eta"] is None and a["assigneeId"] is None
    assert [t["name"] for t in a["tags"]] == ["three"]
    assert a["customFields"] == {env.cf2: 5}
    assert a["content"] == "<p>New text</p>"
    assert a["boardId"] == env.other_board
    assert a["access"]["userIds"] == [a["author"]["id"]]
    assert a["features"] == {"commentsEnabled": False}
    assert (a["inReview"], a["isPinned"], a["upvotes"]) == (True, True, 42)
    assert a["createdAt"] == "2020-01-01T00:00:00.000Z"
    _, changes = last_event(server, org, "post.updated")
    fields = {c["field"] for c in changes}
    assert fields == {"eta", "assigneeId", "tags", "customFields",
                      "content", "boardId", "access", "features",
                      "inReview", "isPinned", "upvotes", "createdAt"}


def test_status_change_and_emails(org, env, server):
    p = new_post(org, env)
    voter = server.sql("INSERT INTO contacts (org_id, name, email) VALUES "
                       "(%s, 'V', 'voter@x.example') RETURNING id",
                       org.id)[0][0]
    server.sql("INSERT INTO post_votes (org_id, post_id, contact_id) "
               "VALUES (%s, %s, %s)", org.id, p["id"], voter)
    done = env.statuses["completed"]
    r = patch(org, p["id"], statusId=done, sendStatusUpdateEmail=True)
    assert r.status_code == 200, r.text
    _, changes = last_event(server, org, "post.updated")
    assert changes[0]["field"] == "status"
    assert changes[0]["oldValue"]["id"] == p["status"]["id"]
    assert changes[0]["newValue"]["id"] == done
    mails = server.sql("SELECT recipient FROM email_outbox WHERE org_id = %s "
                       "AND kind = 'post.status' AND body_text LIKE %s",
                       org.id, "Original title%")
    assert sorted(m for (m,) in mails) == ["voter@x.example",
                                           "writer@x.example"]
    # Voters can opt out of these; the worker checks again when it sends.
    assert server.sql("SELECT DISTINCT preference FROM email_outbox "
                      "WHERE org_id = %s AND kind = 'post.status'",
                      org.id) == [("postUpdates",)]
    # Without the flag, or without a change of status, nothing is sent.
    patch(org, p["id"], statusId=done, sendStatusUpdateEmail=True)
    patch(org, p["id"], statusId=env.statuses["active"])
    assert len(server.sql("SELECT 1 FROM email_outbox WHERE org_id = %s "
                          "AND kind = 'post.status' AND body_text LIKE %s",
                          org.id, "Original title%")) == 2


def test_no_change_records_no_event(org, env, server):
    p = new_post(org, env)
    count = server.sql("SELECT count(*) FROM events WHERE org_id = %s AND "
                       "topic = 'post.updated'", org.id)[0][0]
    assert patch(org, p["id"], title=p["title"]).status_code == 200
    assert server.sql("SELECT count(*) FROM events WHERE org_id = %s AND "
                      "topic = 'post.updated'", org.id)[0][0] == count


def test_author_change_moves_counters(org, env, server):
    p = new_post(org, env)
    old = p["author"]["id"]
    r = patch(org, p["id"], author={"email": "second@x.example"})
    new = r.json()["author"]["id"]
    counts = dict(server.sql("SELECT id, posts_created FROM contacts WHERE "
                             "id IN (%s, %s)", old, new))
    assert counts[new] == 1
    before = server.sql("SELECT posts_created FROM contacts WHERE id = %s",
                        old)[0][0]
    patch(org, p["id"], author={"id": old})
    assert server.sql("SELECT posts_created FROM contacts WHERE id = %s",
                      old)[0][0] == before + 1


@pytest.mark.parametrize("body,status,code,param", [
    ({"title": "x"}, 400, "invalid_parameter", "title"),
    ({"boardId": "0" * 24}, 404, "board_not_found", "boardId"),
    ({"statusId": "0" * 24}, 404, "resource_not_found", "statusId"),
    ({"assigneeId": "0" * 24}, 404, "admin_not_found", "assigneeId"),
    ({"customFields": {"0" * 24: 1}}, 400, "invalid_parameter",
     "customFields." + "0" * 24),
    ({"eta": "soon"}, 400, "invalid_parameter", "eta"),
    ({"slug": "x"}, 400, "parameter_not_supported", "slug"),
])
def test_patch_errors_change_nothing(org, env, server, body, status, code,
                                     param):
    p = new_post(org, env)
    assert_error(patch(org, p["id"], **body), status, code, param=param)
    assert org.api.get("/posts/" + p["id"]).json() == p


def test_patch_missing_and_foreign(org, other_org, env):
    p = new_post(org, env)
    assert_error(patch(org, "nothex", title="Fine"), 400, "invalid_id",
                 param="id")
    assert_error(patch(other_org, p["id"], title="Mine now"), 404,
                 "post_not_found", param="id")
    assert org.api.get("/posts/" + p["id"]).json()["title"] == p["title"]


def test_delete(org, env, server, other_org):
    p = new_post(org, env, upvotes=1)
    patch(org, p["id"], statusId=env.statuses["completed"],
          sendStatusUpdateEmail=True)
    assert server.sql("SELECT count(*) FROM email_outbox WHERE post_id = %s",
                      p["id"]) == [(1,)]
    p = org.api.get("/posts/" + p["id"]).json()
    author = p["author"]["id"]
    created = server.sql("SELECT posts_created FROM contacts WHERE id = %s",
                         author)[0][0]
    assert_error(other_org.api.request("DELETE", "/posts/" + p["id"]), 404,
                 "post_not_found", param="id")
    r = org.api.request("DELETE", "/posts/" + p["id"])
    assert r.status_code == 200
    assert r.json() == {"id": p["id"], "object": "post", "deleted": True}
    assert_error(org.api.get("/posts/" + p["id"]), 404, "post_not_found",
                 param="id")
    assert server.sql("SELECT count(*) FROM post_votes WHERE post_id = %s",
                      p["id"]) == [(0,)]
    assert server.sql("SELECT count(*) FROM post_tags WHERE post_id = %s",
                      p["id"]) == [(0,)]
    assert server.sql("SELECT count(*) FROM email_outbox WHERE post_id = %s",
                      p["id"]) == [(0,)]
    assert server.sql("SELECT posts_created FROM contacts WHERE id = %s",
                      author)[0][0] == created - 1
    item, changes = last_event(server, org, "post.deleted")
    assert item == p and changes == []
    assert_error(org.api.request("DELETE", "/posts/" + p["id"]), 404,
                 "post_not_found", param="id")


def test_delete_and_patch_permissions(org, env):
    p = new_post(org, env)
    viewer = org.client("viewer")
    assert_error(viewer.request("DELETE", "/posts/" + p["id"]), 403,
                 "insufficient_permissions")
    assert_error(viewer.request("PATCH", "/posts/" + p["id"],
                                json={"title": "Viewer edit"}), 403,
                 "insufficient_permissions")
    member = org.client("member")
    assert member.request("PATCH", "/posts/" + p["id"],
                          json={"isPinned": True}).status_code == 200
    assert member.request("DELETE", "/posts/" + p["id"]).status_code == 200
