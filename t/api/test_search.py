"""POST /v2/{posts,comments,companies,contacts}/search: the one search
engine (common/fb_search.h) as each family declares it: fields and
operators, sorts and their snake_case aliases, full text, cursors bound
to mode, sort, filter and text, totalCount and its cap, the guards,
tenancy, and every bad clause a 400 naming its path."""
import base64
import os
import re
import secrets

import psycopg2
import pytest

from conftest import Org, httpd
from helpers import assert_error, CLOVER

T = "2024-0%d-01T00:00:00Z"


def clause(field, op, value):
    return {"field": field, "operator": op, "value": value}


def both(*clauses):
    return {"operator": "AND", "value": list(clauses)}


def either(*clauses):
    return {"operator": "OR", "value": list(clauses)}


class Site:
    """An organization of its own, seeded with SQL: every list is exact."""

    def __init__(self, server):
        self.server = server
        self.org = Org(server, "find" + secrets.token_hex(3))
        self.api = self.org.api
        sql, o = server.sql, self.org.id
        self.board_a = sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'A') RETURNING id", o)[0][0]
        self.board_b = sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'B') RETURNING id", o)[0][0]
        st = dict(sql("SELECT type, id FROM post_statuses "
                      "WHERE org_id = %s", o))
        self.open, self.done = st["reviewing"], st["completed"]
        self.acme = sql("INSERT INTO companies (org_id, company_id, name, "
                        "monthly_spend, plan, created_at) VALUES "
                        "(%s, 'ext-acme', 'Acme Rockets', 500, 'pro', "
                        "'2024-01-01Z') RETURNING id", o)[0][0]
        self.globex = sql("INSERT INTO companies (org_id, company_id, name, "
                          "monthly_spend, plan, created_at) VALUES "
                          "(%s, 'ext-globex', 'Globex', 2000, 'enterprise',"
                          " '2024-02-01Z') RETURNING id", o)[0][0]
        self.initech = sql("INSERT INTO companies (org_id, company_id, "
                           "name, created_at) VALUES (%s, 'ext-initech', "
                           "'Initech', '2024-03-01Z') RETURNING id", o)[0][0]
        self.cara = self.contact("Cara", "customer", "2024-01-01Z", 3, 1,
                                 "2024-06-01Z", "u-cara")
        self.dan = self.contact("Dan", "customer", "2024-02-01Z", 1, 5,
                                "2024-05-01Z", "u-dan")
        self.lee = self.contact("Lee", "lead", "2024-03-01Z", 0, 0,
                                "2024-04-01Z", None)
        sql("INSERT INTO contact_companies (org_id, contact_id, company_id) "
            "VALUES (%s, %s, %s), (%s, %s, %s)", o, self.cara, self.acme,
            o, self.dan, self.globex)
        self.ux = sql("INSERT INTO tags (org_id, name) VALUES (%s, 'UX') "
                      "RETURNING id", o)[0][0]
        # p1..p4: created a month apart, p4 newest.
        self.p1 = self.post("Dark mode please", "Night screens hurt",
                            created_at=T % 1, upvotes=5, comment_count=2,
                            author_contact_id=self.cara, is_pinned=True,
                            eta="2025-01-01Z")
        self.p2 = self.post("Faster exports", "Exports are slow",
                            created_at=T % 2, upvotes=9, board_id=self.board_b,
                            author_contact_id=self.dan, in_review=True)
        self.p3 = self.post("Dark theme for mobile", "The app is too bright",
                            created_at=T % 3, upvotes=1, status_id=self.done,
                            comment_count=7)
        self.p4 = self.post("Private roadmap", "Dark secrets",
                            created_at=T % 4, upvotes=3,
                            visibility="authorOnly",
                            author_contact_id=self.cara)
        sql("INSERT INTO post_tags VALUES (%s, %s, %s)", o, self.p3, self.ux)
        sql("INSERT INTO post_votes (org_id, post_id, contact_id) VALUES "
            "(%s, %s, %s), (%s, %s, %s), (%s, %s, %s)", o, self.p1, self.dan,
            o, self.p2, self.dan, o, self.p2, self.lee)
        self.c1 = self.comment(self.p1, "I love dark mode", T % 1,
                               upvotes=4, author_contact_id=self.cara)
        self.c2 = self.comment(self.p1, "Exports matter more", T % 2,
                               upvotes=1, downvotes=2,
                               parent_comment_id=self.c1)
        self.c3 = self.comment(self.p3, "Private note on dark", T % 3,
                               is_private=True)
        self.c4 = self.comment(self.p2, "Waiting for review", T % 4,
                               in_review=True, author_contact_id=self.dan)
        self.c5 = self.comment(self.p4, "On a private post", T % 5)

    def contact(self, name, kind, created, posts, comments, active, uid):
        return self.server.sql(
            "INSERT INTO contacts (org_id, name, email, type, created_at, "
            "posts_created, comments_created, last_activity, user_id) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            self.org.id, name, name.lower() + "@example.com", kind, created,
            posts, comments, active, uid)[0][0]

    def post(self, title, text, **kw):
        cols = {"org_id": self.org.id, "slug": secrets.token_hex(4),
                "title": title, "content": "<p>%s</p>" % text,
                "content_text": text, "board_id": self.board_a,
                "status_id": self.open}
        cols.update(kw)
        cols.setdefault("updated_at", cols.get("created_at"))
        return self.server.sql(
            "INSERT INTO posts (%s) VALUES (%s) RETURNING id"
            % (", ".join(cols), ", ".join(["%s"] * len(cols))),
            *cols.values())[0][0]

    def comment(self, post, text, created, **kw):
        cols = {"org_id": self.org.id, "post_id": post,
                "content": "<p>%s</p>" % text, "content_text": text,
                "created_at": created}
        cols.update(kw)
        return self.server.sql(
            "INSERT INTO comments (%s) VALUES (%s) RETURNING id"
            % (", ".join(cols), ", ".join(["%s"] * len(cols))),
            *cols.values())[0][0]

    def find(self, family, api=None, **body):
        r = (api or self.api).post("/%s/search" % family, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    def ids(self, family, **body):
        return [x["id"] for x in self.find(family, **body)["data"]]


@pytest.fixture(scope="module")
def site(server):
    return Site(server)


def test_posts_rows_are_the_gets(site):
    page = site.find("posts")
    assert set(page) == {"object", "data", "nextCursor", "totalCount",
                         "totalCountCapped"}
    assert page["object"] == "list" and page["nextCursor"] is None
    assert (page["totalCount"], page["totalCountCapped"]) == (4, False)
    assert [p["id"] for p in page["data"]] == [site.p4, site.p3, site.p2,
                                               site.p1]
    for row in page["data"]:
        assert row == site.api.get("/posts/" + row["id"]).json()


def test_posts_fields_and_operators(site):
    s = site
    cases = [
        (clause("boardId", "=", s.board_b), {s.p2}),
        (clause("board_id", "IN", [s.board_b, s.board_a]),
         {s.p1, s.p2, s.p3, s.p4}),
        (both(clause("boardId", "=", s.board_a),
              clause("statusId", "!=", s.done)), {s.p1, s.p4}),
        (both(clause("statusId", "NIN", [s.open]),
              clause("createdAt", ">", 0)), {s.p3}),
        (clause("tagId", "=", s.ux), {s.p3}),
        (both(clause("tag_id", "!=", s.ux), clause("upvotes", ">", 0)),
         {s.p1, s.p2, s.p4}),
        (clause("authorId", "=", s.cara), {s.p1, s.p4}),
        (clause("authorId", "=", None), {s.p3}),
        (clause("voterId", "=", s.dan), {s.p1, s.p2}),
        # Leads' votes are not searchable (customers only).
        (clause("voter_id", "IN", [s.lee]), set()),
        (clause("assigneeId", "=", None), {s.p1, s.p2, s.p3, s.p4}),
        (clause("companyId", "=", "ext-acme"), {s.p1, s.p4}),
        (clause("company_id", "IN", ["ext-globex"]), {s.p2}),
        (clause("createdAt", ">=", 1709251200), {s.p3, s.p4}),
        (clause("created_at", "<", 1706745600), {s.p1}),
        (clause("updatedAt", "=", 1706745600), {s.p2}),
        (clause("eta", ">", 0), {s.p1}),
        (clause("upvotes", "<=", 3), {s.p3, s.p4}),
        (both(clause("commentCount", "!=", 0), clause("upvotes", ">", 0)),
         {s.p1, s.p3}),
        (clause("comment_count", ">", 5), {s.p3}),
        (clause("inReview", "=", True), {s.p2}),
        (clause("in_review", "!=", True), {s.p1, s.p3, s.p4}),
        (clause("isPinned", "=", True), {s.p1}),
        (either(clause("isPinned", "=", True), clause("upvotes", ">", 8)),
         {s.p1, s.p2}),
        # Another organization's board (or none) matches nothing.
        (clause("boardId", "=", "0" * 24), set()),
    ]
    for query, want in cases:
        page = site.find("posts", query=query, limit=100)
        assert {p["id"] for p in page["data"]} == want, query
        assert page["totalCount"] == len(want), query


def test_posts_sorts_and_aliases(site):
    s = site
    assert s.ids("posts", sort="createdAt:asc") == [s.p1, s.p2, s.p3, s.p4]
    assert s.ids("posts", sort="created_at:asc") == [s.p1, s.p2, s.p3, s.p4]
    assert s.ids("posts", sort="upvotes:desc") == [s.p2, s.p1, s.p4, s.p3]
    assert s.ids("posts", sort="upvotes:asc") == [s.p3, s.p4, s.p1, s.p2]
    assert s.ids("posts", sort="commentCount:desc")[:2] == [s.p3, s.p1]
    assert s.ids("posts", sort="comment_count:asc")[-2:] == [s.p1, s.p3]
    assert s.ids("posts", sort="updatedAt:desc") == [s.p4, s.p3, s.p2, s.p1]
    assert s.ids("posts", sort="updated_at:asc") == [s.p1, s.p2, s.p3, s.p4]
    # Posts without an eta sort as the epoch.
    assert s.ids("posts", sort="eta:desc")[0] == s.p1
    assert s.ids("posts", sort="eta:asc")[-1] == s.p1
    for sort in ("monthlySpend:desc", "opportunity_amount:asc"):
        r = s.api.post("/posts/search", json={"sort": sort})
        assert_error(r, 400, "parameter_not_supported", param="sort")


def test_posts_text_mode(site):
    s = site
    page = s.find("posts", search="dark")
    # Title and content, stems too ("Dark" in p4's content).
    assert {p["id"] for p in page["data"]} == {s.p1, s.p3, s.p4}
    assert page["totalCount"] == 3
    assert s.ids("posts", search="themes") == [s.p3]
    assert s.ids("posts", search="dark", sort="createdAt:asc") == [
        s.p1, s.p3, s.p4]
    narrowed = s.find("posts", search="dark",
                      query=clause("boardId", "IN", [s.board_a]),
                      sort="upvotes:desc")
    assert [p["id"] for p in narrowed["data"]] == [s.p1, s.p4, s.p3]
    assert s.find("posts", search="zzzqqq")["data"] == []
    # Search mode is bounded by its text: negations alone are fine.
    assert s.ids("posts", search="dark",
                 query=clause("boardId", "!=", s.board_b)) != []
    for row in page["data"]:
        assert row == s.api.get("/posts/" + row["id"]).json()


def walk(site, family, **body):
    out, cursor = [], None
    while True:
        page = site.find(family, **dict(body, **({"cursor": cursor}
                                                 if cursor else {})))
        out += [x["id"] for x in page["data"]]
        cursor = page["nextCursor"]
        if cursor is None:
            return out


def test_cursors_walk_every_family_and_sort(site):
    s = site
    for family, sorts, want in (
            ("posts", ["createdAt:desc", "upvotes:asc", "eta:desc",
                       "commentCount:asc", "updatedAt:asc"], 4),
            ("comments", ["createdAt:desc", "createdAt:asc",
                          "confidenceScore:desc", "confidenceScore:asc",
                          "score:desc"], 5),
            ("companies", ["createdAt:asc", "monthlySpend:desc",
                           "monthly_spend:asc", "lastActivity:desc"], 3),
            ("contacts", ["lastActivity:desc", "createdAt:asc",
                          "postsCreated:desc", "comments_created:asc"], 3)):
        for sort in sorts:
            whole = s.ids(family, sort=sort, limit=100)
            assert len(whole) == want, (family, sort)
            assert walk(s, family, sort=sort, limit=1) == whole
            assert walk(s, family, sort=sort, limit=2) == whole
    text = s.ids("posts", search="dark", limit=100)
    assert walk(s, "posts", search="dark", limit=1) == text
    assert walk(s, "comments", search="dark", limit=1) == s.ids(
        "comments", search="dark")


def test_a_cursor_goes_with_its_mode_sort_filter_and_text(site):
    s = site
    first = s.find("posts", limit=1, sort="upvotes:desc")
    cursor = first["nextCursor"]
    assert cursor is not None
    # The snake_case name of the same sort takes the cursor.
    ok = s.api.post("/posts/search", json={
        "limit": 1, "sort": "upvotes:desc", "cursor": cursor})
    assert ok.status_code == 200
    for body in ({"sort": "upvotes:asc"}, {"sort": "createdAt:desc"},
                 {"sort": "upvotes:desc", "search": "dark"},
                 {"sort": "upvotes:desc",
                  "query": clause("boardId", "=", s.board_a)}):
        r = s.api.post("/posts/search",
                       json=dict(body, limit=1, cursor=cursor))
        assert_error(r, 400, "invalid_cursor", param="cursor")
    text = s.find("posts", search="dark", limit=1)["nextCursor"]
    for body in ({}, {"search": "mode"}, {"search": "dark",
                                          "sort": "createdAt:desc"}):
        r = s.api.post("/posts/search", json=dict(body, cursor=text))
        assert_error(r, 400, "invalid_cursor", param="cursor")
    # Another family's cursor.
    r = s.api.post("/comments/search", json={"cursor": cursor})
    assert_error(r, 400, "invalid_cursor", param="cursor")
    # A forged key of the right sort's name.
    name, _, _ = base64.urlsafe_b64decode(
        cursor + "=" * (-len(cursor) % 4)).decode().split("|")
    forged = base64.urlsafe_b64encode(
        ("%s|x1|%s" % (name, s.p1)).encode()).decode().rstrip("=")
    r = s.api.post("/posts/search", json={
        "sort": "upvotes:desc", "limit": 1, "cursor": forged})
    assert_error(r, 400, "invalid_cursor", param="cursor")


def test_comments_fields_guards_and_text(site, server):
    s = site
    cases = [
        (clause("postId", "=", s.p1), {s.c1, s.c2}),
        (clause("postId", "IN", [s.p1, s.p3]), {s.c1, s.c2, s.c3}),
        (clause("changelogId", "=", None), {s.c1, s.c2, s.c3, s.c4, s.c5}),
        (clause("parentCommentId", "=", s.c1), {s.c2}),
        (clause("parentCommentId", "=", None), {s.c1, s.c3, s.c4, s.c5}),
        (clause("authorId", "IN", [s.cara, s.dan]), {s.c1, s.c4}),
        (clause("isPrivate", "=", True), {s.c3}),
        (clause("inReview", "!=", False), {s.c4}),
        (clause("createdAt", ">", 1709251200), {s.c4, s.c5}),
        (clause("upvotes", ">=", 4), {s.c1}),
        (clause("score", "<", 0), {s.c2}),
        (both(clause("confidenceScore", ">", 0.2),
              clause("postId", "=", s.p1)), {s.c1}),
    ]
    for query, want in cases:
        page = s.find("comments", query=query, limit=100)
        assert {c["id"] for c in page["data"]} == want, query
    assert s.ids("comments", search="dark") != []
    assert set(s.ids("comments", search="dark")) == {s.c1, s.c3}
    assert s.ids("comments", sort="score:desc")[0] == s.c1
    for row in s.find("comments", limit=100)["data"]:
        assert row == s.api.get("/comments/" + row["id"]).json()
    # A Viewer may not see private comments, private posts' comments, or
    # comments in review: asking for them finds nothing, not a 403.
    viewer = s.org.client("viewer")
    seen = s.find("comments", api=viewer, limit=100)
    assert {c["id"] for c in seen["data"]} == {s.c1, s.c2}
    assert s.find("comments", api=viewer,
                  query=clause("isPrivate", "=", True))["data"] == []
    assert s.find("comments", api=viewer, search="private")["data"] == []
    # Snake_case is not accepted for comments (the client's comments
    # search ships with camelCase only).
    r = s.api.post("/comments/search",
                   json={"query": clause("post_id", "=", s.p1)})
    assert_error(r, 400, "invalid_parameter", param="query.field")


def test_posts_guard_private_posts(site):
    s = site
    viewer = s.org.client("viewer")
    assert s.p4 not in [p["id"] for p in s.find("posts", api=viewer)["data"]]
    assert s.find("posts", api=viewer, search="secrets")["data"] == []
    assert s.ids("posts", search="secrets") == [s.p4]


def test_companies_fields_and_sorts(site):
    s = site
    cases = [
        (clause("name", "~", "rocket"), {s.acme}),
        (clause("name", "=", "Globex"), {s.globex}),
        (clause("externalId", "IN", ["ext-acme", "ext-initech"]),
         {s.acme, s.initech}),
        (clause("external_id", "!=", "ext-acme"), None),
        (both(clause("plan", "!=", "pro"), clause("monthlySpend", ">", 0)),
         {s.globex}),
        (clause("plan", "=", None), {s.initech}),
        (clause("monthly_spend", "<", 1000), {s.acme}),
        (clause("linkedUsers", ">", 0), {s.acme, s.globex}),
        (clause("createdAt", ">", 1706745600), {s.initech}),
    ]
    for query, want in cases:
        r = s.api.post("/companies/search", json={"query": query})
        if want is None:
            assert_error(r, 400, "query_too_broad", param="query")
            continue
        assert r.status_code == 200, r.text
        assert {c["id"] for c in r.json()["data"]} == want, query
    assert s.ids("companies") == [s.initech, s.globex, s.acme]
    assert s.ids("companies", sort="monthlySpend:desc") == [
        s.globex, s.acme, s.initech]
    assert s.ids("companies", sort="monthly_spend:asc") == [
        s.initech, s.acme, s.globex]
    for row in s.find("companies")["data"]:
        assert row == s.api.get("/companies/" + row["id"]).json()
    # Companies have no full text.
    r = s.api.post("/companies/search", json={"search": "acme"})
    assert_error(r, 400, "parameter_not_supported", param="search")


def test_contacts_fields_and_sorts(site):
    s = site
    cases = [
        (clause("type", "!=", "lead"), {s.cara, s.dan}),   # bounded
        (clause("type", "IN", ["lead"]), {s.lee}),
        (clause("name", "~", "AR"), {s.cara}),
        (clause("email", "=", "dan@example.com"), {s.dan}),
        # Addresses match without regard to case, as everywhere.
        (clause("email", "IN", ["DAN@example.com", "Lee@Example.COM"]),
         {s.dan, s.lee}),
        (clause("email", "!=", "CARA@EXAMPLE.COM"), None),
        (clause("email", "=", None), set()),
        (clause("externalId", "=", None), {s.lee}),
        (clause("external_id", "IN", ["u-cara"]), {s.cara}),
        (clause("companyIds", "=", s.globex), {s.dan}),
        (clause("company_ids", "NIN", [s.globex]), None),
        (clause("postsCreated", ">", 0), {s.cara, s.dan}),
        (clause("comments_created", "=", 5), {s.dan}),
        (clause("lastActivity", "<", 1714521600), {s.lee}),
        (clause("createdAt", ">", 1706745600), {s.lee}),
    ]
    for query, want in cases:
        r = s.api.post("/contacts/search", json={"query": query})
        if want is None:
            assert_error(r, 400, "query_too_broad", param="query")
            continue
        assert r.status_code == 200, r.text
        assert {c["id"] for c in r.json()["data"]} == want, query
    assert s.ids("contacts") == [s.cara, s.dan, s.lee]   # last activity
    assert s.ids("contacts", sort="createdAt:desc") == [s.lee, s.dan, s.cara]
    assert s.ids("contacts", sort="posts_created:desc") == [
        s.cara, s.dan, s.lee]
    assert s.ids("contacts", sort="commentsCreated:desc")[0] == s.dan
    for row in s.find("contacts")["data"]:
        assert row == s.api.get("/contacts/" + row["id"]).json()


@pytest.mark.parametrize("body,code,param", [
    ({"query": clause("nope", "=", 1)}, "invalid_parameter", "query.field"),
    ({"query": clause("boardId", ">", "x")}, "invalid_parameter",
     "query.operator"),
    ({"query": clause("boardId", "~", "x")}, "invalid_parameter",
     "query.operator"),
    ({"query": clause("boardId", "!~", "x")}, "invalid_parameter",
     "query.operator"),
    ({"query": clause("boardId", "=", "zz")}, "invalid_parameter",
     "query.value"),
    ({"query": clause("boardId", "=", None)}, "invalid_parameter",
     "query.value"),
    ({"query": clause("boardId", "IN", [])}, "invalid_parameter",
     "query.value"),
    ({"query": clause("boardId", "IN", ["0" * 24, 7])}, "invalid_parameter",
     "query.value[1]"),
    ({"query": clause("boardId", "=", ["0" * 24])}, "invalid_parameter",
     "query.value"),
    ({"query": clause("upvotes", ">", "3")}, "invalid_parameter",
     "query.value"),
    ({"query": clause("createdAt", ">", 1.5)}, "invalid_parameter",
     "query.value"),
    ({"query": clause("isPinned", "=", "yes")}, "invalid_parameter",
     "query.value"),
    ({"query": clause("voterId", "!=", "0" * 24)}, "invalid_parameter",
     "query.operator"),
    ({"query": clause("monthlySpend", ">", 1)}, "parameter_not_supported",
     "query.field"),
    ({"query": {"field": "boardId", "operator": "="}}, "missing_parameter",
     "query"),
    ({"query": dict(clause("upvotes", ">", 1), x=1)},
     "parameter_not_supported", "query.x"),
    ({"query": both(clause("upvotes", ">", 1), clause("u", "=", 1))},
     "invalid_parameter", "query.value[1].field"),
    ({"query": both(clause("upvotes", ">", 1),
                    both(clause("upvotes", ">", 1)))},
     "invalid_parameter", "query.value[1]"),
    ({"query": {"operator": "XOR", "value": []}}, "invalid_parameter",
     "query.operator"),
    ({"query": both(*[clause("upvotes", ">", 1)] * 16)},
     "invalid_parameter", "query.value"),
    ({"query": both(clause("upvotes", ">", 1),
                    clause("statusId", "IN", ["0" * 24, "x"]))},
     "invalid_parameter", "query.value[1].value[1]"),
    ({"query": clause("statusId", "!=", "0" * 24)}, "query_too_broad",
     "query"),
    ({"query": both(clause("statusId", "!=", "0" * 24),
                    clause("tagId", "NIN", ["0" * 24]))},
     "query_too_broad", "query"),
    ({"search": ""}, "invalid_parameter", "search"),
    ({"search": "x" * 501}, "invalid_parameter", "search"),
    ({"limit": 0}, "invalid_parameter", "limit"),
    ({"limit": 101}, "invalid_parameter", "limit"),
    ({"sort": "upvotes"}, "invalid_parameter", "sort"),
    ({"cursor": "!!"}, "invalid_cursor", "cursor"),
    ({"page": 2}, "parameter_not_supported", "page"),
])
def test_bad_bodies_name_their_member(site, body, code, param):
    r = site.api.post("/posts/search", json=body)
    assert_error(r, 400, code, param=param)


def test_bounded_negations_alone_are_allowed(site):
    assert site.ids("posts", query=clause("isPinned", "!=", True),
                    limit=100) != []
    assert site.ids("comments", query=clause("inReview", "!=", True),
                    limit=100) != []


def test_tenancy(site, other_org):
    s = site
    for family in ("posts", "comments", "companies", "contacts"):
        r = other_org.api.post("/%s/search" % family, json={"limit": 100})
        assert r.status_code == 200, r.text
        mine = set(s.ids(family, limit=100))
        assert not mine & {x["id"] for x in r.json()["data"]}, family
    r = other_org.api.post("/posts/search", json={
        "query": clause("boardId", "=", s.board_a)})
    assert r.json()["data"] == [] and r.json()["totalCount"] == 0
    r = other_org.api.post("/posts/search", json={"search": "dark"})
    assert r.json()["data"] == []


def test_clover_has_no_search(site):
    for family in ("posts", "comments", "companies", "contacts"):
        r = site.api.post("/%s/search" % family, json={},
                          headers={"Featurebase-Version": CLOVER})
        assert_error(r, 404, "version_not_supported")


def test_total_count_caps(server):
    s = Site(server)
    o = s.org.id
    # 5,001 more posts: filter mode counts up to 5,000; search mode (a
    # word in 300 of them) up to 200.
    server.sql(
        "INSERT INTO posts (org_id, slug, title, content_text, board_id, "
        "status_id, created_at) SELECT %s, 'bulk-' || g, 'Bulk ' || g, "
        "CASE WHEN g <= 300 THEN 'common' ELSE 'other' END, %s, %s, "
        "'2020-01-01Z'::timestamptz + g * interval '1 minute' "
        "FROM generate_series(1, 5001) g", o, s.board_b, s.open)
    page = s.find("posts", query=clause("boardId", "=", s.board_b))
    assert (page["totalCount"], page["totalCountCapped"]) == (5000, True)
    page = s.find("posts", query=clause("boardId", "=", s.board_a))
    assert (page["totalCount"], page["totalCountCapped"]) == (3, False)
    page = s.find("posts", search="common")
    assert (page["totalCount"], page["totalCountCapped"]) == (200, True)
    assert len(page["data"]) == 10
    page = s.find("posts", search="common",
                  query=clause("createdAt", "<", 1577836800 + 60 * 100))
    assert (page["totalCount"], page["totalCountCapped"]) == (99, False)
    # A contact's votes drive the walk: the same rows.
    server.sql("INSERT INTO post_votes (org_id, post_id, contact_id) "
               "SELECT %s, id, %s FROM posts WHERE org_id = %s "
               "AND slug IN ('bulk-7', 'bulk-4000')", o, s.cara, o)
    assert len(s.ids("posts", query=clause("voterId", "=", s.cara))) == 2


def test_search_is_not_an_id(site):
    """POST /posts/search was a 405 of /posts/{id}: /<family>/search is
    its own path now, which only POST reads."""
    for method, path in (("GET", "/posts/search"),
                         ("DELETE", "/comments/search"),
                         ("GET", "/companies/search"),
                         ("DELETE", "/contacts/search")):
        r = site.api.request(method, path)
        assert_error(r, 405, "method_not_allowed")
        assert r.headers["Allow"] == "POST"


def cursor_position(cursor):
    """A cursor's key and id (its text names the query it goes with)."""
    if cursor is None:
        return None
    return base64.urlsafe_b64decode(
        cursor + "=" * (-len(cursor) % 4)).decode().split("|")[1:]


def test_fast_sets_answer_as_the_general_path(cluster, fresh_database):
    """A board and a status, a board, a status, each by one id, newest or
    oldest first, run a fast set's statements (planned once, their ids
    plain arguments); the same query with the id named twice (IN [a, a])
    runs the general ones.  Both give the same pages, cursors' positions
    and totalCount, for a key that sees private posts and one that does
    not, and the database's log shows which statements ran."""
    dbname = re.search(r"dbname=(\S+)", fresh_database).group(1)
    conn = psycopg2.connect(fresh_database)
    conn.autocommit = True
    with conn.cursor() as cur:
        cur.execute('ALTER DATABASE "%s" SET log_statement = \'all\''
                    % dbname)
    conn.close()
    log = os.path.join(cluster.dir, "server.log")
    with httpd(fresh_database) as server:
        s = Site(server)
        o = s.org.id
        # 60 more posts over both boards and statuses, a fifth private,
        # three to a minute (ties broken by id).
        server.sql(
            "INSERT INTO posts (org_id, slug, title, content_text, "
            "board_id, status_id, visibility, created_at, updated_at) "
            "SELECT %s, 'many-' || g, 'Many ' || g, 'text', "
            "CASE WHEN mod(g, 3) = 0 THEN %s ELSE %s END, "
            "CASE WHEN mod(g, 2) = 0 THEN %s ELSE %s END, "
            "CASE WHEN mod(g, 5) = 0 THEN 'authorOnly' ELSE 'public' END, "
            "'2023-01-01Z'::timestamptz + (g / 3) * interval '1 minute', "
            "'2023-01-01Z' FROM generate_series(1, 60) g",
            o, s.board_b, s.board_a, s.done, s.open)
        viewer = s.org.client("viewer")
        a, b, op, done = s.board_a, s.board_b, s.open, s.done
        cases = [
            (both(clause("boardId", "=", a), clause("statusId", "=", op)),
             both(clause("boardId", "IN", [a, a]),
                  clause("statusId", "=", op))),
            (both(clause("statusId", "IN", [done]),
                  clause("boardId", "=", b)),
             both(clause("statusId", "IN", [done, done]),
                  clause("boardId", "=", b))),
            (clause("boardId", "=", a), clause("boardId", "IN", [a, a])),
            (clause("statusId", "=", done),
             clause("statusId", "IN", [done, done])),
        ]
        offset = os.path.getsize(log)
        walked = 0
        for api in (s.api, viewer):
            for fast, general in cases:
                for sort in ("createdAt:desc", "createdAt:asc"):
                    pages = []
                    for query in (fast, general):
                        out, cursor = [], None
                        while True:
                            body = {"query": query, "sort": sort,
                                    "limit": 4}
                            if cursor:
                                body["cursor"] = cursor
                            page = s.find("posts", api=api, **body)
                            cursor = page["nextCursor"]
                            out.append((
                                [x["id"] for x in page["data"]],
                                cursor_position(cursor),
                                page["totalCount"],
                                page["totalCountCapped"]))
                            if cursor is None:
                                break
                        pages.append(out)
                    assert pages[0] == pages[1], (fast, sort)
                    assert len(pages[0]) >= 2
                    walked += 1
        with open(log, errors="replace") as f:
            f.seek(offset)
            text = f.read()
        # Every fast set's page and count ran, and the general path too.
        for where in (r"p\.board_id = k\.id1 AND p\.status_id = k\.id2",
                      r"p\.board_id = k\.id1(?! AND p\.status_id)",
                      r"p\.status_id = k\.id1"):
            assert len(re.findall(where, text)) >= 4, where
        assert "$3::jsonb AS index_clauses" in text
        assert walked == 16
        # The count of a key that sees private posts, and of one that
        # does not, against the rows.
        every = server.sql("SELECT count(*) FROM posts WHERE org_id = %s "
                           "AND board_id = %s", o, a)[0][0]
        public = server.sql("SELECT count(*) FROM posts WHERE org_id = %s "
                            "AND board_id = %s AND visibility = 'public'",
                            o, a)[0][0]
        assert every > public > 4
        query = clause("boardId", "=", a)
        assert s.find("posts", query=query, limit=4)["totalCount"] == every
        assert s.find("posts", api=viewer, query=query,
                      limit=4)["totalCount"] == public
