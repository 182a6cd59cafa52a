"""A post's status and tags come from the organization's statuses and tags,
which each httpd child keeps at the organization's render_version
(sql/030, post_lookups.c): a change shows on the next read everywhere, an
unchanged organization is not read again, and one organization's never
show in another's posts.
"""
import pytest

from conftest import Org, httpd

READS = 12      # enough reads to meet both children of the shipped server


class Posts:
    """An organization with a board, its statuses and a post."""

    def __init__(self, server, org):
        self.server, self.org = server, org
        o = org.id
        self.board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                                "(%s, 'B') RETURNING id", o)[0][0]
        self.status = dict(server.sql("SELECT type, id FROM post_statuses "
                                      "WHERE org_id = %s", o))["reviewing"]
        self.post = self.make("A post")

    def make(self, title):
        return self.server.sql(
            "INSERT INTO posts (org_id, slug, title, board_id, status_id) "
            "VALUES (%s, %s, %s, %s, %s) RETURNING id", self.org.id,
            title.lower().replace(" ", "-"), title, self.board,
            self.status)[0][0]

    def tag(self, name, color=None):
        tid = self.server.sql("INSERT INTO tags (org_id, name, color) "
                              "VALUES (%s, %s, %s) RETURNING id",
                              self.org.id, name, color)[0][0]
        self.server.sql("INSERT INTO post_tags VALUES (%s, %s, %s)",
                        self.org.id, self.post, tid)
        return tid

    def tag_ids(self):
        return self.server.sql("SELECT tag_ids FROM posts WHERE org_id = %s "
                               "AND id = %s", self.org.id, self.post)[0][0]

    def reads(self, path=None):
        """The post as READS reads answer it (by id and in the list)."""
        seen = []
        for _ in range(READS):
            r = self.org.api.get(path or "/posts/" + self.post)
            assert r.status_code == 200
            body = r.json()
            seen.append(body if path is None else
                        [p for p in body["data"] if p["id"] == self.post][0])
        return seen


@pytest.fixture
def posts(server):
    return Posts(server, Org(server, "lk"))


def test_status_change_shows_on_the_next_read(posts):
    assert {p["status"]["id"] for p in posts.reads()} == {posts.status}
    r = posts.org.api.request("PATCH", "/post_statuses/" + posts.status,
                              json={"name": "Looking", "color": "Blue"})
    assert r.status_code == 200
    for path in (None, "/posts?limit=100"):
        for p in posts.reads(path):
            assert p["status"]["name"] == "Looking"
            assert p["status"]["color"] == "Blue"


def test_tags_renamed_added_and_deleted(posts, server):
    zed = posts.tag("zed", "#000000")
    alpha = posts.tag("Alpha")
    assert {tuple(t["name"] for t in p["tags"]) for p in posts.reads()} \
        == {("Alpha", "zed")}
    # Renamed past the other: the order follows the name.
    server.sql("UPDATE tags SET name = 'Beta', color = '#111111' "
               "WHERE org_id = %s AND id = %s", posts.org.id, zed)
    server.sql("UPDATE tags SET name = 'Omega' WHERE org_id = %s "
               "AND id = %s", posts.org.id, alpha)
    for path in (None, "/posts?limit=100"):
        for p in posts.reads(path):
            assert p["tags"] == [
                {"id": zed, "name": "Beta", "color": "#111111"},
                {"id": alpha, "name": "Omega", "color": None}]
    mid = posts.tag("Gamma")
    server.sql("DELETE FROM tags WHERE org_id = %s AND id = %s",
               posts.org.id, zed)
    for p in posts.reads():
        assert [t["id"] for t in p["tags"]] == [mid, alpha]
    # The row's copy of its links follows them (sql/031): the delete
    # cascaded, and a link taken off by hand.
    assert posts.tag_ids() == sorted([mid, alpha])
    server.sql("DELETE FROM post_tags WHERE org_id = %s AND tag_id = %s",
               posts.org.id, mid)
    assert posts.tag_ids() == [alpha]
    assert [[t["id"] for t in p["tags"]] for p in posts.reads()] \
        == [[alpha]] * READS
    # A link moved to another post by hand: both rows follow.
    other = posts.make("Other post")
    server.sql("UPDATE post_tags SET post_id = %s WHERE org_id = %s "
               "AND post_id = %s", other, posts.org.id, posts.post)
    assert posts.tag_ids() == []
    assert server.sql("SELECT tag_ids FROM posts WHERE org_id = %s "
                      "AND id = %s", posts.org.id, other)[0][0] == [alpha]
    assert posts.org.api.get("/posts/" + other).json()["tags"] == \
        [{"id": alpha, "name": "Omega", "color": None}]


def test_new_status_and_deleted_status(posts):
    api = posts.org.api
    made = api.post("/post_statuses", json={"name": "Fresh",
                                            "type": "active"})
    assert made.status_code == 201, made.text
    fresh = made.json()["id"]
    r = api.request("PATCH", "/posts/" + posts.post,
                    json={"statusId": fresh})
    assert r.status_code == 200, r.text
    assert r.json()["status"]["name"] == "Fresh"
    assert {p["status"]["id"] for p in posts.reads()} == {fresh}
    # Its posts move to the default status, which they then show.
    assert api.request("DELETE", "/post_statuses/" + fresh).status_code \
        == 200
    default = [s for s in api.get("/post_statuses").json()
               if s["isDefault"]][0]
    assert {p["status"]["id"] for p in posts.reads()} == {default["id"]}


def test_organizations_keep_their_own(server, posts):
    other = Posts(server, Org(server, "lk2"))
    posts.tag("Mine")
    other.tag("Theirs")
    server.sql("UPDATE post_statuses SET name = 'Renamed here' "
               "WHERE org_id = %s", posts.org.id)
    for p in other.reads():
        assert [t["name"] for t in p["tags"]] == ["Theirs"]
        assert p["status"]["name"] != "Renamed here"
    for p in posts.reads():
        assert [t["name"] for t in p["tags"]] == ["Mine"]
        assert p["status"]["name"] == "Renamed here"
    # Another organization's post is not found, whatever is cached.
    assert posts.org.api.get("/posts/" + other.post).status_code == 404


ONE_CHILD = ("StartServers 1\nServerLimit 1\nThreadsPerChild 128\n"
             "MaxRequestWorkers 128\n"
             "MaxSpareThreads 128\n")


def test_unchanged_organization_is_not_read_again(database):
    """With one child, a change made without bumping the version (the
    triggers off) is not seen: the statuses were kept, not read again.
    The next change that bumps it is seen at once."""
    with httpd(database, ONE_CHILD) as s:
        p = Posts(s, Org(s, "lk1"))
        tag = p.tag("Kept")
        assert {q["status"]["id"] for q in p.reads()} == {p.status}
        s.sql("SET session_replication_role = replica; "
              "UPDATE post_statuses SET name = 'Unseen' WHERE org_id = %s; "
              "UPDATE tags SET name = 'Unseen' WHERE org_id = %s",
              p.org.id, p.org.id)
        for q in p.reads() + p.reads("/posts?limit=100"):
            assert q["status"]["name"] != "Unseen"
            assert [t["name"] for t in q["tags"]] == ["Kept"]
        s.sql("UPDATE tags SET color = 'Red' WHERE org_id = %s AND id = %s",
              p.org.id, tag)
        for q in p.reads():
            assert q["status"]["name"] == "Unseen"
            assert q["tags"] == [{"id": tag, "name": "Unseen",
                                  "color": "Red"}]
