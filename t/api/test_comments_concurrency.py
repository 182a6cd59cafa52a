"""Writes on a comment racing writes on its post, changelog or author, on
a real httpd and PostgreSQL: every answer is a documented one (never a
5xx: no deadlock, no foreign key failure) and the end state is whole,
counters exact and each deleted object's event written once."""
import pytest

from helpers import assert_error, done_or_missing
from test_comments import comment, contact, env, new_changelog, new_post
from test_comments import word
from test_ticket_links import topics
from test_tickets_concurrency import Racer

assert env  # the fixture, used by the tests below

ROUNDS = 20


def delete_comment(c):
    return ("DELETE", "/comments/" + c["id"], None)


def assert_comment_delete(r, c):
    """200, or 404 when its target's delete took it first."""
    if done_or_missing(r, 200, "comment_not_found"):
        assert r.json() == {"id": c["id"], "object": "comment",
                            "deleted": True}


def deleted_once(server, org, r, c):
    """comment.deleted once when its own delete answered 200, else never
    (the target's delete takes its comments without an event each)."""
    n = topics(server, org, c["id"]).count("comment.deleted")
    assert n == (1 if r.status_code == 200 else 0)


def comment_count(org, kind, tid):
    r = org.api.get("/%s/%s" % (kind, tid))
    assert r.status_code == 200, r.text
    return r.json()["commentCount"]


def stored_comments(server, org, tid):
    """Comments of a target that count (not [deleted])."""
    return server.sql("SELECT count(*) FROM comments WHERE org_id = %s "
                      "AND target_id = %s AND NOT is_deleted",
                      org.id, tid)[0][0]


def test_comment_and_post_deletes(server, org, env):
    """A reply's delete and its thread's edit while the post goes."""
    racer = Racer(server, org, 3)
    for _ in range(ROUNDS):
        p = new_post(org, env)
        who = {"email": word() + "@race.example"}
        root = comment(org.api, postId=p["id"], author=who)
        c = comment(org.api, postId=p["id"], parentCommentId=root["id"],
                    author=who)
        rc, re, rp = racer.race(
            delete_comment(c),
            ("PATCH", "/comments/" + root["id"], {"content": "<p>Ed</p>"}),
            ("DELETE", "/posts/" + p["id"], None))
        assert_comment_delete(rc, c)
        done_or_missing(re, 200, "comment_not_found")
        assert rp.status_code == 200, rp.text
        assert_error(org.api.get("/posts/" + p["id"]), 404,
                     "post_not_found", param="id")
        assert stored_comments(server, org, p["id"]) == 0
        assert contact(server, org, c["author"]["id"])[0] == 0
        deleted_once(server, org, rc, c)
        assert topics(server, org, p["id"]).count("post.deleted") == 1


def test_comment_and_changelog_deletes(server, org):
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        ch = new_changelog(org)
        who = {"email": word() + "@race.example"}
        c = comment(org.api, changelogId=ch["id"], author=who)
        rc, rl = racer.race(delete_comment(c),
                            ("DELETE", "/changelogs/" + ch["id"], None))
        assert_comment_delete(rc, c)
        assert rl.status_code == 200, rl.text
        assert_error(org.api.get("/changelogs/" + ch["id"]), 404,
                     "changelog_not_found", param="id")
        assert stored_comments(server, org, ch["id"]) == 0
        assert contact(server, org, c["author"]["id"])[0] == 0
        deleted_once(server, org, rc, c)


def test_deletes_and_a_reply_keep_the_count(server, org, env):
    """The post stays: two deletes and a reply to one of them, at once;
    commentCount is the comments that still count."""
    racer = Racer(server, org, 3)
    for _ in range(ROUNDS):
        p = new_post(org, env)
        a = comment(org.api, postId=p["id"])
        b = comment(org.api, postId=p["id"])
        ra, rb, rr = racer.race(
            delete_comment(a), delete_comment(b),
            ("POST", "/comments", {"postId": p["id"], "content": "<p>Re</p>",
                                   "parentCommentId": a["id"]}))
        assert_comment_delete(ra, a)
        assert ra.status_code == 200 and rb.status_code == 200, rb.text
        done_or_missing(rr, 201, "comment_not_found",
                        param="parentCommentId")
        assert comment_count(org, "posts", p["id"]) \
            == stored_comments(server, org, p["id"]) \
            == (1 if rr.status_code == 201 else 0)


def test_create_and_post_delete(server, org, env):
    """A comment on a post being deleted: made and then taken with it, or
    refused as for a missing post."""
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        p = new_post(org, env)
        root = comment(org.api, postId=p["id"])
        rc, rp = racer.race(
            ("POST", "/comments", {"postId": p["id"], "content": "<p>Hi</p>",
                                   "parentCommentId": root["id"],
                                   "author": {"email": word()
                                              + "@race.example"}}),
            ("DELETE", "/posts/" + p["id"], None))
        assert rp.status_code == 200, rp.text
        if done_or_missing(rc, 201, "post_not_found", param="postId"):
            assert contact(server, org, rc.json()["author"]["id"])[0] == 0
        assert stored_comments(server, org, p["id"]) == 0


def test_create_and_changelog_delete(server, org):
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        ch = new_changelog(org)
        rc, rl = racer.race(
            ("POST", "/comments", {"changelogId": ch["id"],
                                   "content": "<p>Hi</p>"}),
            ("DELETE", "/changelogs/" + ch["id"], None))
        assert rl.status_code == 200, rl.text
        done_or_missing(rc, 201, "changelog_not_found",
                        param="changelogId")
        assert stored_comments(server, org, ch["id"]) == 0


@pytest.mark.parametrize("voted", [False, True])
def test_comment_and_author_deletes(server, org, env, voted):
    """The author goes and the comment with its own delete; the post (on
    which the author voted, or not) stays with exact counts."""
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        who = {"email": word() + "@race.example"}
        p = new_post(org, env)
        root = comment(org.api, postId=p["id"], author=who)
        c = comment(org.api, postId=p["id"], parentCommentId=root["id"],
                    author=who)
        aid = c["author"]["id"]
        if voted:
            r = org.api.post("/posts/%s/voters" % p["id"], json={"id": aid})
            assert r.status_code == 201, r.text
        rc, ra = racer.race(delete_comment(c),
                            ("DELETE", "/contacts/" + aid, None))
        assert rc.status_code == 200, rc.text
        assert ra.status_code == 200, ra.text
        assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s "
                          "AND id = %s", org.id, aid)[0][0] == 0
        assert_error(org.api.get("/comments/" + c["id"]), 404,
                     "comment_not_found", param="id")
        got = org.api.get("/posts/" + p["id"]).json()
        assert got["commentCount"] == 1 == stored_comments(server, org,
                                                             p["id"])
        assert got["upvotes"] == 1      # the post author's own vote
        deleted_once(server, org, rc, c)


def test_votes_and_post_delete(server, org, env):
    """A vote added and one removed while the post goes: done and taken
    with it, or 404 as for a missing post."""
    racer = Racer(server, org, 3)
    for _ in range(ROUNDS):
        p = new_post(org, env)
        old = {"email": word() + "@race.example"}
        r = org.api.post("/posts/%s/voters" % p["id"], json=old)
        assert r.status_code == 201, r.text
        radd, rdel, rp = racer.race(
            ("POST", "/posts/%s/voters" % p["id"],
             {"email": word() + "@race.example"}),
            ("DELETE", "/posts/%s/voters" % p["id"], old),
            ("DELETE", "/posts/" + p["id"], None))
        assert rp.status_code == 200, rp.text
        for r, ok in ((radd, 201), (rdel, 200)):
            done_or_missing(r, ok, "post_not_found")
        assert server.sql("SELECT count(*) FROM post_votes WHERE "
                          "org_id = %s AND post_id = %s", org.id,
                          p["id"])[0][0] == 0


def test_post_and_author_deletes(server, org, env):
    """A post goes while the author of one of its comments, who voted on
    it, goes too: both deleted, the comment with the post."""
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        p = new_post(org, env)
        c = comment(org.api, postId=p["id"],
                    author={"email": word() + "@race.example"})
        aid = c["author"]["id"]
        r = org.api.post("/posts/%s/voters" % p["id"], json={"id": aid})
        assert r.status_code == 201, r.text
        rp, ra = racer.race(("DELETE", "/posts/" + p["id"], None),
                            ("DELETE", "/contacts/" + aid, None))
        assert rp.status_code == 200, rp.text
        assert ra.status_code == 200, ra.text
        assert stored_comments(server, org, p["id"]) == 0
        assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s "
                          "AND id = %s", org.id, aid)[0][0] == 0


def undone(r):
    """Whether r is the answer to a write PostgreSQL undid for a
    concurrent one's sake (a deadlock): 503 with Retry-After."""
    if r.status_code != 503:
        return False
    assert_error(r, 503, "service_unavailable")
    assert r.headers.get("Retry-After") == "1"
    return True


def test_comment_and_vote_by_an_author_being_deleted(server, org, env):
    """A comment and a vote by a contact (by id) whose delete is under
    way: made and then left without their author, or 404 as for an
    unknown contact; never the foreign key's 500.  One order can still
    deadlock (docs/decisions.md): a write that locked the post waits for
    the contact, whose delete, holding it, then reaches the post through
    a vote committed after it had locked the contact's posts.  PostgreSQL
    undoes one of them, which answers 503 with Retry-After, and the
    counts stay exact."""
    racer = Racer(server, org, 3)
    for _ in range(ROUNDS):
        c = comment(org.api, postId=new_post(org, env)["id"],
                    author={"email": word() + "@race.example"})
        aid = c["author"]["id"]
        p = new_post(org, env)
        rc, rv, ra = racer.race(
            ("POST", "/comments", {"postId": p["id"], "content": "<p>x</p>",
                                   "author": {"id": aid}}),
            ("POST", "/posts/%s/voters" % p["id"], {"id": aid}),
            ("DELETE", "/contacts/" + aid, None))
        assert undone(ra) or ra.status_code == 200, ra.text
        for r, param in ((rc, "author.id"), (rv, "voter.id")):
            if not undone(r):
                done_or_missing(r, 201, "contact_not_found", param=param)
        got = org.api.get("/posts/" + p["id"]).json()
        assert got["commentCount"] == stored_comments(server, org, p["id"])
        assert got["upvotes"] == server.sql(
            "SELECT count(*) FROM post_votes WHERE org_id = %s "
            "AND post_id = %s", org.id, p["id"])[0][0]
