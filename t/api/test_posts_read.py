"""GET /v2/posts/{id} and GET /v2/posts: shape, filters, sorts, cursors.

Posts are seeded with SQL here; creating them through the API is tested
with the writes.
"""
import base64
import json

import pytest

from helpers import assert_error

T0 = "2025-05-01T00:00:00.000Z"
# Stored custom field values render as they are, by field id (a text
# field's string, a multi-select's option ids).
VALUES = {"6a0000000000000000000001": "x",
          "6a0000000000000000000002": ["6a0000000000000000000003"]}


class Seed:
    """An organization's boards, statuses, people and posts."""

    def __init__(self, server, org):
        self.server, self.org = server, org
        sql = server.sql
        o = org.id
        self.board_a = sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'A') RETURNING id", o)[0][0]
        self.board_b = sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'B') RETURNING id", o)[0][0]
        statuses = dict(sql("SELECT type, id FROM post_statuses "
                            "WHERE org_id = %s", o))
        self.open, self.done = statuses["reviewing"], statuses["completed"]
        self.cara = sql("INSERT INTO contacts (org_id, name, email, user_id, "
                        "profile_picture) VALUES (%s, 'Cara', "
                        "'cara@example.com', 'u-cara', "
                        "'https://example.com/c.png') RETURNING id", o)[0][0]
        company = sql("INSERT INTO companies (org_id, company_id, name) "
                      "VALUES (%s, 'ext-acme', 'Acme') RETURNING id", o)[0][0]
        sql("INSERT INTO contact_companies (org_id, contact_id, company_id) "
            "VALUES (%s, %s, %s)", o, self.cara, company)
        self.ux = sql("INSERT INTO tags (org_id, name, color) VALUES "
                      "(%s, 'UX', '#ff0000') RETURNING id", o)[0][0]
        self.api_tag = sql("INSERT INTO tags (org_id, name) VALUES "
                           "(%s, 'Äpi') RETURNING id", o)[0][0]
        self.posts = []

    def post(self, title, **kw):
        cols = {"org_id": self.org.id, "slug": kw.pop("slug", None)
                or title.lower().replace(" ", "-"), "title": title,
                "board_id": self.board_a, "status_id": self.open}
        cols.update(kw)
        names = ", ".join(cols)
        marks = ", ".join(["%s"] * len(cols))
        pid = self.server.sql("INSERT INTO posts (%s) VALUES (%s) "
                              "RETURNING id" % (names, marks),
                              *cols.values())[0][0]
        self.posts.append(pid)
        return pid

    def tag(self, post, *tags):
        for t in tags:
            self.server.sql("INSERT INTO post_tags VALUES (%s, %s, %s)",
                            self.org.id, post, t)


@pytest.fixture(scope="module")
def seed(server, org):
    return Seed(server, org)


def test_full_shape(seed, org, server):
    admin = server.sql("SELECT fb_admin_create(%s, 'Ann', 'ann@x.example',"
                       " 'member')", org.id)[0][0]
    pid = seed.post("Full post", content="<p>Hello</p>",
                    content_text="Hello", author_contact_id=seed.cara,
                    status_id=seed.done, comments_enabled=False,
                    is_pinned=True, assignee_id=admin, upvotes=7,
                    comment_count=2, visibility="companyOnly",
                    eta="2026-03-01T00:00:00Z",
                    custom_fields=json.dumps(VALUES),
                    created_at=T0, updated_at="2025-05-02T00:00:00Z")
    seed.tag(pid, seed.ux, seed.api_tag)
    status = {s["id"]: s for s in org.api.get("/post_statuses").json()}
    r = org.api.get("/posts/" + pid)
    assert r.status_code == 200
    assert r.json() == {
        "object": "post", "id": pid, "slug": "full-post",
        "postUrl": "https://%s.feedback.example.com/p/full-post" % org.id,
        "title": "Full post", "content": "<p>Hello</p>",
        "boardId": seed.board_a,
        "author": {"id": seed.cara, "name": "Cara",
                   "email": "cara@example.com",
                   "profilePicture": "https://example.com/c.png",
                   "type": "customer"},
        "status": status[seed.done],
        "tags": [{"id": seed.ux, "name": "UX", "color": "#ff0000"},
                 {"id": seed.api_tag, "name": "Äpi", "color": None}],
        "features": {"commentsEnabled": False},
        "upvotes": 7, "commentCount": 2, "inReview": False,
        "isPinned": True,
        "access": {"userIds": [], "companyExternalIds": ["ext-acme"]},
        "assigneeId": admin, "eta": "2026-03-01T00:00:00.000Z",
        "customFields": VALUES,
        "createdAt": T0, "updatedAt": "2025-05-02T00:00:00.000Z",
        "integrations": {"linear": [], "jira": [], "clickup": [],
                         "github": [], "devops": [], "hubspot": [],
                         "salesforce": []},
        "opportunityAmount": None,
    }


def test_author_kinds_and_access(seed, org):
    by_admin = seed.post("By admin", author_admin_id=org.owner_id,
                         visibility="authorOnly")
    nobody = seed.post("Anonymous")
    mine = seed.post("Mine", author_contact_id=seed.cara,
                     visibility="authorOnly")
    a = org.api.get("/posts/" + by_admin).json()
    assert a["author"]["type"] == "admin"
    assert a["author"]["id"] == org.owner_id
    assert a["access"] == {"userIds": [org.owner_id],
                           "companyExternalIds": []}
    assert org.api.get("/posts/" + nobody).json()["author"] is None
    assert org.api.get("/posts/" + mine).json()["access"]["userIds"] == \
        [seed.cara]


def test_companies_of_company_only_posts_in_a_page(seed, org, server):
    """A page reads the companies of its companyOnly posts' authors in one
    statement: each post gets its own author's, in order; the others,
    and companyOnly posts by an admin or a contact without companies,
    get none."""
    sql, o = server.sql, org.id
    dan = sql("INSERT INTO contacts (org_id, name, email) VALUES (%s, "
              "'Dan', 'dan@example.com') RETURNING id", o)[0][0]
    eve = sql("INSERT INTO contacts (org_id, name, email) VALUES (%s, "
              "'Eve', 'eve@example.com') RETURNING id", o)[0][0]
    for ext in ("ext-zed", "ext-bee"):
        co = sql("INSERT INTO companies (org_id, company_id, name) VALUES "
                 "(%s, %s, %s) RETURNING id", o, ext, ext)[0][0]
        sql("INSERT INTO contact_companies VALUES (%s, %s, %s)", o, dan, co)
    board = sql("INSERT INTO boards (org_id, name) VALUES (%s, 'Shared') "
                "RETURNING id", o)[0][0]
    want = {
        seed.post("Shared by Cara", author_contact_id=seed.cara,
                  visibility="companyOnly", board_id=board): ["ext-acme"],
        seed.post("Shared by Dan", author_contact_id=dan,
                  visibility="companyOnly", board_id=board):
            ["ext-bee", "ext-zed"],
        seed.post("Shared by Dan too", author_contact_id=dan,
                  visibility="companyOnly", board_id=board):
            ["ext-bee", "ext-zed"],
        seed.post("Shared by Eve", author_contact_id=eve,
                  visibility="companyOnly", board_id=board): [],
        seed.post("Shared by an admin", author_admin_id=org.owner_id,
                  visibility="companyOnly", board_id=board): [],
        seed.post("Public by Dan", author_contact_id=dan,
                  board_id=board): [],
    }
    page = org.api.get("/posts", params={"boardId": board, "limit": 100})
    assert page.status_code == 200
    got = {p["id"]: p["access"]["companyExternalIds"]
           for p in page.json()["data"]}
    assert got == want
    for pid, companies in want.items():
        one = org.api.get("/posts/" + pid).json()
        assert one["access"]["companyExternalIds"] == companies
    # Read with every request: a company's new external id shows at once.
    sql("UPDATE companies SET company_id = 'ext-aaa' WHERE org_id = %s "
        "AND company_id = 'ext-zed'", o)
    page = org.api.get("/posts", params={"boardId": board, "limit": 100})
    assert {p["access"]["companyExternalIds"][0]
            for p in page.json()["data"]
            if p["access"]["companyExternalIds"]} == {"ext-acme", "ext-aaa"}


def test_organization_portal_url_wins(server):
    from conftest import Org
    o = Org(server, "portal")
    s = Seed(server, o)
    pid = s.post("Portal post")
    server.sql("UPDATE organizations SET portal_url = "
               "'https://ideas.example.org' WHERE id = %s", o.id)
    assert o.api.get("/posts/" + pid).json()["postUrl"] == \
        "https://ideas.example.org/p/portal-post"


def test_private_posts_need_the_flag(seed, org):
    private = seed.post("Private one", visibility="authorOnly",
                        author_contact_id=seed.cara)
    viewer = org.client("viewer")
    assert_error(viewer.get("/posts/" + private), 404, "post_not_found",
                 param="id")
    ids = [p["id"] for p in viewer.get("/posts?limit=100").json()["data"]]
    assert private not in ids
    assert org.api.get("/posts/" + private).status_code == 200


def test_errors_and_tenancy(seed, org, other_org):
    pid = seed.post("Tenant post")
    assert_error(org.api.get("/posts/xyz"), 400, "invalid_id", param="id")
    foreign = other_org.api.get("/posts/" + pid)
    assert_error(foreign, 404, "post_not_found", param="id")
    assert foreign.json() == other_org.api.get("/posts/" + "a" * 24).json()
    assert other_org.api.get("/posts").json()["data"] == []


@pytest.fixture(scope="module")
def listing(server):
    """A separate organization with posts made for the list tests."""
    from conftest import Org
    o = Org(server, "lists")
    s = Seed(server, o)
    s.p = {}
    spec = [  # name, board, status, upvotes, tags, in review
        ("alpha", "a", "open", 5, ["ux"], False),
        ("beta", "a", "done", 5, [], False),
        ("gamma", "b", "open", 1, ["api"], False),
        ("delta", "b", "done", 9, ["ux", "api"], False),
        ("epsilon", "a", "open", 0, [], True),
        ("zeta", "b", "open", 5, [], False),
    ]
    for i, (name, board, status, votes, tags, review) in enumerate(spec):
        pid = s.post(name.capitalize() + " idea",
                     board_id=s.board_a if board == "a" else s.board_b,
                     status_id=s.open if status == "open" else s.done,
                     upvotes=votes, in_review=review,
                     content_text="the %s feature request" % name,
                     created_at="2025-01-01T00:00:0%dZ" % i,
                     last_activity_at="2025-02-01T00:00:0%dZ" % (9 - i))
        s.tag(pid, *[s.ux if t == "ux" else s.api_tag for t in tags])
        s.p[name] = pid
    return o, s


def names(listing, body):
    by_id = {v: k for k, v in listing[1].p.items()}
    return [by_id[p["id"]] for p in body["data"]]


def get_names(listing, query):
    r = listing[0].api.get("/posts?limit=100&" + query)
    assert r.status_code == 200, r.text
    return names(listing, r.json())


def test_default_order_is_newest_and_hides_review(listing):
    assert get_names(listing, "") == ["zeta", "delta", "gamma", "beta",
                                      "alpha"]
    assert "epsilon" in get_names(listing, "inReview=true")


@pytest.mark.parametrize("query,expected", [
    ("sortBy=createdAt&sortOrder=asc",
     ["alpha", "beta", "gamma", "delta", "zeta"]),
    ("sortBy=upvotes", None),
    ("sortBy=upvotes&sortOrder=asc", None),
    ("sortBy=recent", ["alpha", "beta", "gamma", "delta", "zeta"]),
    ("sortBy=recent&sortOrder=asc",
     ["zeta", "delta", "gamma", "beta", "alpha"]),
])
def test_sorts(listing, query, expected):
    got = get_names(listing, query)
    if expected is None:
        # Upvotes, ties broken by id in the same direction.
        p = listing[1].p
        votes = {"alpha": 5, "beta": 5, "gamma": 1, "delta": 9, "zeta": 5}
        desc = "asc" not in query
        expected = sorted(votes, key=lambda n: (votes[n], p[n]),
                          reverse=desc)
    assert got == expected


@pytest.mark.parametrize("query,expected", [
    ("boardId={a}", {"alpha", "beta"}),
    ("boardId={a}&boardId={b}", {"alpha", "beta", "gamma", "delta",
                                 "zeta"}),
    ("boardId={a},{b}", {"alpha", "beta", "gamma", "delta", "zeta"}),
    ("boardId%5B%5D={b}", {"gamma", "delta", "zeta"}),
    ("statusId={done}", {"beta", "delta"}),
    ("statusId={done}&boardId={b}", {"delta"}),
    ("tags=UX", {"alpha", "delta"}),
    ("tags=ux,%C3%A4PI", {"alpha", "gamma", "delta"}),
    ("tags=nope", set()),
    ("q=gamma", {"gamma"}),
    ("q=feature%20request&boardId={b}", {"gamma", "delta", "zeta"}),
    ("q=features", {"alpha", "beta", "gamma", "delta", "zeta"}),
])
def test_filters(listing, query, expected):
    s = listing[1]
    q = query.format(a=s.board_a, b=s.board_b, done=s.done)
    assert set(get_names(listing, q)) == expected


@pytest.mark.parametrize("sort", ["sortBy=createdAt", "sortBy=upvotes",
                                  "sortBy=upvotes&sortOrder=asc",
                                  "sortBy=recent&sortOrder=asc"])
def test_cursor_walks_match_the_full_list(listing, sort):
    api = listing[0].api
    full = [p["id"] for p in
            api.get("/posts?limit=100&inReview=true&" + sort).json()["data"]]
    seen, cursor = [], None
    while True:
        q = "/posts?limit=2&inReview=true&" + sort
        body = api.get(q + ("&cursor=" + cursor if cursor else "")).json()
        seen += [p["id"] for p in body["data"]]
        cursor = body["nextCursor"]
        if not cursor:
            break
    assert seen == full and len(full) == 6


def test_cursor_belongs_to_its_filters(listing):
    # A cursor is made for one list: the same filters take it (whatever
    # the limit), other filters refuse it rather than skip to a position
    # of another list.
    o, s = listing[0], listing[1]
    api = o.api
    q = "/posts?limit=1&boardId=%s" % s.board_a
    cursor = api.get(q).json()["nextCursor"]
    assert cursor
    r = api.get("/posts?limit=5&boardId=%s&cursor=%s" % (s.board_a, cursor))
    assert r.status_code == 200, r.text
    for other in ("boardId=" + s.board_b, "tags=ux", "q=idea", ""):
        assert_error(api.get("/posts?limit=1&%s&cursor=%s" % (other, cursor)),
                     400, "invalid_cursor", param="cursor")


def test_cursor_of_another_sort_is_refused(listing):
    api = listing[0].api
    cursor = api.get("/posts?limit=1").json()["nextCursor"]
    assert_error(api.get("/posts?sortBy=upvotes&cursor=" + cursor), 400,
                 "invalid_cursor", param="cursor")
    assert_error(api.get("/posts?sortOrder=asc&cursor=" + cursor), 400,
                 "invalid_cursor", param="cursor")


@pytest.mark.parametrize("query,param", [
    ("boardId=nothex", "boardId"),
    ("statusId=" + "a" * 23, "statusId"),
    ("sortBy=popular", "sortBy"),
    ("sortBy=relevance", "sortBy"),
    ("sortOrder=up", "sortOrder"),
    ("q=" + "x" * 256, "q"),
    ("tags=" + "t" * 256, "tags"),
    ("inReview=yes", "inReview"),
    ("limit=101", "limit"),
    # An empty filter names nothing: refused, not read as no filter.
    ("boardId=", "boardId"),
    ("statusId=", "statusId"),
    ("tags=", "tags"),
    ("tags=ux,,api", "tags"),
    ("q=", "q"),
])
def test_bad_list_parameters(listing, query, param):
    assert_error(listing[0].api.get("/posts?" + query), 400,
                 "invalid_parameter", param=param)


@pytest.mark.parametrize("sort", ["sortBy=createdAt", "sortBy=upvotes",
                                  "sortBy=recent&sortOrder=asc"])
def test_walk_visits_each_post_once_while_posts_arrive(server, sort):
    from conftest import Org
    o = Org(server, "arrivals")
    s = Seed(server, o)
    for i in range(12):
        s.post("Old %d" % i, upvotes=i % 3,
               created_at="2025-03-01T00:00:%02dZ" % i,
               last_activity_at="2025-03-02T00:00:%02dZ" % i)
    original = set(s.posts)
    seen, cursor, n = [], None, 0
    while True:
        q = "/posts?limit=5&" + sort + ("&cursor=" + cursor if cursor else "")
        body = o.api.get(q).json()
        seen += [p["id"] for p in body["data"]]
        # New posts arrive between pages: newest, most voted, most recent.
        n += 1
        s.post("New %d %s" % (n, sort), upvotes=2,
               created_at="2025-04-01T00:00:%02dZ" % n,
               last_activity_at="2025-04-02T00:00:%02dZ" % n)
        cursor = body["nextCursor"]
        if not cursor:
            break
    assert len(seen) == len(set(seen))
    assert original <= set(seen)


def test_trending_order_and_walk(server):
    import datetime
    from conftest import Org
    o = Org(server, "trending")
    s = Seed(server, o)
    now = datetime.datetime.now(datetime.timezone.utc)
    spec = {"fresh": (1, 0.2), "hot": (10, 1), "old big": (100, 100),
            "older": (40, 300), "cold": (0, 5), "warm": (3, 2)}
    ids = {}
    for name, (votes, hours) in spec.items():
        ids[name] = s.post(name.capitalize() + " post", upvotes=votes,
                           created_at=now - datetime.timedelta(hours=hours))

    def score(name):
        votes, hours = spec[name]
        return votes / (hours + 2) ** 1.5

    expected = sorted(spec, key=lambda n: (score(n), ids[n]), reverse=True)
    by_id = {v: k for k, v in ids.items()}
    body = o.api.get("/posts?sortBy=trending&limit=100").json()
    assert [by_id[p["id"]] for p in body["data"]] == expected
    asc = o.api.get("/posts?sortBy=trending&sortOrder=asc&limit=100").json()
    assert [by_id[p["id"]] for p in asc["data"]] == expected[::-1]
    seen, cursor = [], None
    while True:
        q = "/posts?sortBy=trending&limit=2" + ("&cursor=" + cursor
                                                if cursor else "")
        page = o.api.get(q).json()
        seen += [by_id[p["id"]] for p in page["data"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert seen == expected
    bad = base64.urlsafe_b64encode(
        b"posts.trending.desc|12:x|" + b"a" * 24).decode().rstrip("=")
    assert_error(o.api.get("/posts?sortBy=trending&cursor=" + bad), 400,
                 "invalid_cursor", param="cursor")


def test_search_ranks_title_matches_first(server):
    from conftest import Org
    o = Org(server, "relevance")
    s = Seed(server, o)
    body_only = s.post("Something else", content_text="keyboard shortcuts",
                       created_at="2025-01-03T00:00:00Z")
    title = s.post("Keyboard shortcuts", content_text="keyboard shortcuts",
                   created_at="2025-01-01T00:00:00Z")
    s.post("Unrelated", content_text="dark mode",
           created_at="2025-01-02T00:00:00Z")
    ranked = [p["id"] for p in
              o.api.get("/posts?q=keyboard%20shortcuts").json()["data"]]
    assert ranked == [title, body_only]
    newest = [p["id"] for p in o.api.get(
        "/posts?q=keyboard&sortBy=createdAt").json()["data"]]
    assert newest == [body_only, title]
    first = o.api.get("/posts?q=keyboard&limit=1").json()
    second = o.api.get("/posts?q=keyboard&limit=1&cursor="
                       + first["nextCursor"]).json()
    assert [p["id"] for p in first["data"] + second["data"]] == ranked
    assert second["nextCursor"] is None


def test_best_match_ranks_the_newest_thousand_matches(server):
    """1,005 matches: the newest 1,000 are ranked, a walk visits each of
    them once in (rank, id) order, a match created during the walk stays
    out of the set, and the column sorts still reach every match."""
    from conftest import Org
    o = Org(server, "ranked")
    s = Seed(server, o)
    # Titles repeat the word i % 7 + 1 times: ranks differ and tie.
    server.sql(
        "INSERT INTO posts (org_id, slug, title, content_text, board_id, "
        "status_id, created_at) SELECT %s, 'w-' || i, "
        "repeat('widget ', i %% 7 + 1) || i, 'text', %s, %s, "
        "timestamptz '2025-01-01' + i * interval '1 minute' "
        "FROM generate_series(1, 1005) i", o.id, s.board_a, s.open)
    expected = [r[0] for r in server.sql(
        "SELECT id FROM (SELECT id, ts_rank(search, "
        "websearch_to_tsquery('english', 'widget'))::float8 AS r "
        "FROM posts WHERE org_id = %s ORDER BY created_at DESC, id DESC "
        "LIMIT 1000) c ORDER BY r DESC, id DESC", o.id)]
    seen, cursor, joined = [], None, None
    while True:
        page = o.api.get("/posts?q=widget&limit=100"
                         + ("&cursor=" + cursor if cursor else "")).json()
        seen += [p["id"] for p in page["data"]]
        cursor = page["nextCursor"]
        if joined is None:
            # Newer than the walk's reference time, and ranked first.
            joined = s.post("widget " * 20, slug="joined")
        if not cursor:
            break
    assert seen == expected
    fresh = o.api.get("/posts?q=widget&limit=1").json()["data"]
    assert [p["id"] for p in fresh] == [joined]
    oldest = server.sql("SELECT id FROM posts WHERE org_id = %s AND slug "
                        "IN ('w-1', 'w-5')", o.id)
    assert not {r[0] for r in oldest} & set(seen)
    everything = o.api.get("/posts?q=widget&sortBy=createdAt&sortOrder=asc"
                           "&limit=100").json()
    assert {p["id"] for p in everything["data"]} >= {r[0] for r in oldest}
    for key in (b"x:0.5", b"12:y", b"12", b":0.5", b"12:0.5:1"):
        bad = base64.urlsafe_b64encode(b"posts.relevance.desc|" + key + b"|"
                                       + b"a" * 24).decode().rstrip("=")
        assert_error(o.api.get("/posts?q=widget&cursor=" + bad), 400,
                     "invalid_cursor", param="cursor")


@pytest.mark.parametrize("score", ["1e999", "-1e999", "1e-999", "inf",
                                   "nan", "1e400"])
def test_forged_score_keys_are_refused(listing, score):
    """A trending cursor's score is a float PostgreSQL can read, or the
    cursor is refused (400), never a statement that fails (500)."""
    api = listing[0].api
    cursor = api.get("/posts?sortBy=trending&limit=1").json()["nextCursor"]
    sort, key, last = base64.urlsafe_b64decode(
        cursor + "=" * (-len(cursor) % 4)).decode().split("|")
    forged = base64.urlsafe_b64encode(("%s|%s:%s|%s" % (
        sort, key.split(":")[0], score, last)).encode()).decode().rstrip("=")
    assert_error(api.get("/posts?sortBy=trending&limit=1&cursor=" + forged),
                 400, "invalid_cursor", param="cursor")


def test_bytes_are_postgres_layout(seed, org, server):
    """Posts are written in C in the layout PostgreSQL gave when it built
    them (json_build_object: {"k" : v}, jsonb columns: {"k": v}), escapes
    included, in the post and in the list's compact envelope."""
    from decimal import Decimal
    from helpers import pg_layout
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    tag = server.sql("INSERT INTO tags (org_id, name, color) VALUES "
                     "(%s, %s, %s) RETURNING id", org.id,
                     "T\"ag\\ \x02 ü", "\n")[0][0]
    co = server.sql("INSERT INTO companies (org_id, company_id, name) "
                    "VALUES (%s, %s, 'Odd') RETURNING id", org.id,
                    "ext \"2\"\\")[0][0]
    server.sql("INSERT INTO contact_companies (org_id, contact_id, "
               "company_id) VALUES (%s, %s, %s)", org.id, seed.cara, co)
    fields = {"6a0000000000000000000001": odd,
              "6a0000000000000000000004": ["6a0000000000000000000005",
                                           "b\"c\u00e9"]}
    pid = seed.post(odd, slug="odd-bytes", content=odd,
                    author_contact_id=seed.cara, visibility="companyOnly",
                    custom_fields=json.dumps(fields),
                    created_at="2025-05-03T01:02:03.4Z")
    seed.tag(pid, tag, seed.ux, seed.api_tag)
    members = ("customFields", "integrations")
    r = org.api.get("/posts/" + pid)
    assert r.status_code == 200
    post = json.loads(r.content, parse_float=Decimal)
    assert post["title"] == odd
    assert [t["id"] for t in post["tags"]] == [tag, seed.ux, seed.api_tag]
    assert post["access"]["companyExternalIds"] == ["ext \"2\"\\",
                                                    "ext-acme"]
    assert r.content == pg_layout(post, members)
    r = org.api.get("/posts", params={"limit": 100,
                                      "inReview": "true"})
    page = json.loads(r.content, parse_float=Decimal)
    assert pid in [p["id"] for p in page["data"]]
    assert r.content == (b'{"object":"list","data":['
                         + b",".join(pg_layout(p, members)
                                     for p in page["data"])
                         + b'],"nextCursor":'
                         + json.dumps(page["nextCursor"]).encode() + b"}")
