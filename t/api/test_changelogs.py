"""Changelogs: create, read by id or slug, list, edit, delete, locales,
the draft/live split, publishing and unpublishing."""
import re
import secrets
from datetime import datetime, timedelta, timezone

import pytest

from helpers import assert_error, CLOVER

FIELDS = {"object", "id", "title", "slug", "url", "content",
          "markdownContent", "featuredImage", "date", "state", "locale",
          "isPublished", "isDraftDiffersFromLive", "publishedLocales",
          "availableLocales", "slugs", "commentCount", "categories",
          "organization", "notifications", "allowedSegmentIds",
          "emailSentToSubscribers", "createdAt", "updatedAt"}


def word():
    return "w" + secrets.token_hex(4)


def create(org, **body):
    body.setdefault("title", "Release " + word())
    if "markdownContent" not in body:
        body.setdefault("htmlContent", "<p>Notes</p>")
    r = org.api.post("/changelogs", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def get(org, ref, **params):
    r = org.api.get("/changelogs/" + ref, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def publish(org, cid, **body):
    return org.api.post("/changelogs/%s/publish" % cid, json=body)


def events(org, cid):
    return org.server.sql(
        "SELECT topic FROM events WHERE org_id = %s AND item->>'id' = %s",
        org.id, cid)


def in_days(days):
    return (datetime.now(timezone.utc)
            + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def test_create_draft_in_the_default_locale(org):
    t = "Big Release " + word()
    c = create(org, title=t, htmlContent="<p>Hello <b>all</b></p>",
               categories=["New", "Fixed"],
               featuredImage="https://cdn.example/i.png",
               allowedSegmentIds=["507f1f77bcf86cd799439011"],
               date="2026-03-04")
    assert set(c) == FIELDS
    assert c["object"] == "changelog" and re.fullmatch("[0-9a-f]{24}",
                                                       c["id"])
    slug = t.lower().replace(" ", "-")
    assert (c["title"], c["slug"], c["locale"]) == (t, slug, "en")
    assert c["url"] == "https://%s.feedback.example.com/en/changelog/%s" % (
        org.id, slug)
    assert c["content"] == "<p>Hello <b>all</b></p>"
    assert c["markdownContent"] is None
    assert (c["state"], c["isPublished"], c["isDraftDiffersFromLive"]) == (
        "draft", False, False)
    assert (c["publishedLocales"], c["availableLocales"]) == ([], ["en"])
    assert c["slugs"] == {"en": slug}
    assert c["notifications"] == {"en": {
        "sendEmailNotification": False, "hideFromBoardAndWidgets": False,
        "scheduledDate": None, "scheduleError": None, "emailSent": False}}
    assert [g["name"] for g in c["categories"]] == ["Fixed", "New"]
    assert all(set(g) == {"id", "name", "roles"} and g["roles"] == []
               for g in c["categories"])
    assert c["featuredImage"] == "https://cdn.example/i.png"
    assert c["allowedSegmentIds"] == ["507f1f77bcf86cd799439011"]
    assert c["date"] == "2026-03-04T00:00:00.000Z"
    assert (c["commentCount"], c["organization"]) == (0, org.id)
    assert c["emailSentToSubscribers"] is False
    assert events(org, c["id"]) == []
    assert get(org, c["id"]) == c


def test_markdown_is_rendered_then_sanitized(org):
    md = "# Title\n\nSome *news* <script>x()</script> [a](javascript:x)"
    c = create(org, markdownContent=md)
    assert c["markdownContent"] == md
    assert c["content"] == ("<h1>Title</h1>\n<p>Some <em>news</em>  a</p>\n")
    # Both at once could disagree: refused, on create and on PATCH, and
    # nothing is written.
    r = org.api.post("/changelogs", json={"title": "Both",
                                          "htmlContent": "<p>H</p>",
                                          "markdownContent": "G"})
    assert_error(r, 400, "invalid_parameter", param="markdownContent")
    r = org.api.request("PATCH", "/changelogs/" + c["id"],
                        json={"htmlContent": "<p>H</p>",
                              "markdownContent": "G"})
    assert_error(r, 400, "invalid_parameter", param="markdownContent")
    assert get(org, c["id"]) == c
    # HTML alone replaces the content and clears the markdown it no
    # longer comes from.
    r = org.api.request("PATCH", "/changelogs/" + c["id"],
                        json={"htmlContent": "<p>H</p>"})
    assert r.status_code == 200, r.text
    d = get(org, c["id"], state="draft")
    assert (d["content"], d["markdownContent"]) == ("<p>H</p>", None)


def test_html_is_sanitized(org):
    c = create(org, htmlContent='<p onclick="x()">a<script>b</script>'
                                '<img src="javascript:x"></p>')
    assert c["content"] == "<p>a</p>"


def test_state_live_publishes_at_once(org):
    c = create(org, state="live")
    assert (c["state"], c["isPublished"]) == ("live", True)
    assert c["publishedLocales"] == ["en"]
    assert events(org, c["id"]) == [("changelog.published",)]


def test_slugs_are_unique_in_the_organization(org, other_org):
    t = "Same Title " + word()
    a, b = create(org, title=t), create(org, title=t)
    c = create(other_org, title=t)
    assert b["slug"] == a["slug"] + "-2"
    assert c["slug"] == a["slug"]
    assert create(org, title="!!!")["slug"].startswith("changelog")


@pytest.mark.parametrize("body, code, param", [
    ({"htmlContent": "<p>x</p>"}, "missing_parameter", "title"),
    ({"title": "", "htmlContent": "x"}, "invalid_parameter", "title"),
    ({"title": " \n ", "htmlContent": "x"}, "invalid_parameter", "title"),
    ({"title": "x" * 513, "htmlContent": "x"}, "invalid_parameter",
     "title"),
    ({"title": "x"}, "missing_parameter", "htmlContent"),
    ({"title": "x", "htmlContent": 5}, "invalid_parameter", "htmlContent"),
    ({"title": "x", "htmlContent": "x", "categories": ["a"] * 101},
     "invalid_parameter", "categories"),
    ({"title": "x", "htmlContent": "x", "categories": ["a,b"]},
     "invalid_parameter", "categories"),
    ({"title": "x", "htmlContent": "x", "categories": [" "]},
     "invalid_parameter", "categories"),
    ({"title": "x", "htmlContent": "x", "categories": ["x" * 256]},
     "invalid_parameter", "categories"),
    ({"title": "x", "htmlContent": "x", "featuredImage": "not a url"},
     "invalid_parameter", "featuredImage"),
    ({"title": "x", "htmlContent": "x",
      "allowedSegmentIds": ["a"] * 101}, "invalid_parameter",
     "allowedSegmentIds"),
    ({"title": "x", "htmlContent": "x", "locale": "xx"},
     "invalid_parameter", "locale"),
    ({"title": "x", "htmlContent": "x", "state": "scheduled"},
     "invalid_parameter", "state"),
    ({"title": "x", "htmlContent": "x", "date": "yesterday"},
     "invalid_parameter", "date"),
    ({"title": "x", "htmlContent": "x", "slug": "mine"},
     "parameter_not_supported", "slug"),
])
def test_create_refuses_bad_input(org, body, code, param):
    before = org.server.sql("SELECT count(*) FROM changelogs "
                            "WHERE org_id = %s", org.id)
    assert_error(org.api.post("/changelogs", json=body), 400, code, param)
    assert org.server.sql("SELECT count(*) FROM changelogs "
                          "WHERE org_id = %s", org.id) == before


def test_get_by_id_or_slug(org, other_org):
    c = create(org)
    assert get(org, c["slug"]) == c
    assert get(org, c["id"].upper()) == c
    assert_error(org.api.get("/changelogs/Not%20a%20slug"), 400,
                 "invalid_id", "id")
    assert_error(org.api.get("/changelogs/no-such-slug"), 404,
                 "changelog_not_found", "id")
    assert_error(org.api.get("/changelogs/" + "a" * 24), 404,
                 "changelog_not_found", "id")
    # Another organization's id and slug are missing ones.
    for ref in (c["id"], c["slug"]):
        assert_error(other_org.api.get("/changelogs/" + ref), 404,
                     "changelog_not_found", "id")
        assert_error(other_org.api.request(
            "PATCH", "/changelogs/" + ref, json={"title": "x"}), 404,
            "changelog_not_found", "id")
        assert_error(publish(other_org, ref), 404, "changelog_not_found",
                     "id")
    assert get(org, c["id"])["title"] == c["title"]


def test_edits_change_the_draft_of_a_live_changelog(org):
    c = create(org, title="Live one", htmlContent="<p>v1</p>", state="live")
    r = org.api.request("PATCH", "/changelogs/" + c["id"],
                        json={"title": "Live one, edited",
                              "markdownContent": "v*2*"})
    assert r.status_code == 200, r.text
    e = r.json()
    # The live copy is what readers see; the draft differs from it.
    assert (e["state"], e["title"], e["content"]) == ("live", "Live one",
                                                      "<p>v1</p>")
    assert e["isDraftDiffersFromLive"] is True
    assert e["slug"] == c["slug"]
    d = get(org, c["id"], state="draft")
    assert (d["state"], d["title"]) == ("draft", "Live one, edited")
    assert (d["content"], d["markdownContent"]) == ("<p>v<em>2</em></p>\n",
                                                    "v*2*")
    assert publish(org, c["id"]).json() == {"success": True,
                                            "state": "published"}
    p = get(org, c["id"])
    assert (p["title"], p["isDraftDiffersFromLive"]) == ("Live one, edited",
                                                         False)
    assert events(org, c["id"]) == [("changelog.published",)] * 2


def test_patch_fields(org):
    c = create(org, featuredImage="https://cdn.example/a.png",
               categories=["Patchcat"])
    create(org, categories=["Othercat"])
    r = org.api.request("PATCH", "/changelogs/" + c["id"], json={
        "featuredImage": None, "allowedSegmentIds": ["s1", "s2"],
        "date": "2025-01-02T03:04:05Z", "categories": ["othercat"]})
    assert r.status_code == 200, r.text
    e = r.json()
    assert e["featuredImage"] is None
    assert e["allowedSegmentIds"] == ["s1", "s2"]
    assert e["date"] == "2025-01-02T03:04:05.000Z"
    assert [g["name"] for g in e["categories"]] == ["Othercat"]
    assert (e["title"], e["content"]) == (c["title"], c["content"])
    # Categories must exist; nothing changes when one does not.
    assert_error(org.api.request("PATCH", "/changelogs/" + c["id"], json={
        "title": "Changed", "categories": ["Othercat", "Nope" + word()]}),
        400, "invalid_parameter", "categories")
    assert get(org, c["id"]) == e
    r = org.api.request("PATCH", "/changelogs/" + c["id"],
                        json={"categories": []})
    assert r.json()["categories"] == []
    for body, code, param in (
            ({"title": ""}, "invalid_parameter", "title"),
            ({"state": "live"}, "parameter_not_supported", "state"),
            ({"locale": "xx"}, "invalid_parameter", "locale"),
            ({"featuredImage": "ftp://x"}, "invalid_parameter",
             "featuredImage")):
        assert_error(org.api.request("PATCH", "/changelogs/" + c["id"],
                                     json=body), 400, code, param)


def test_locales(org):
    c = create(org, title="Hello world " + word(),
               htmlContent="<p>Hello</p>")
    r = org.api.request("PATCH", "/changelogs/" + c["id"], json={
        "locale": "de", "title": "Hallo Welt " + word()})
    assert r.status_code == 200, r.text
    de = r.json()
    assert de["locale"] == "de"
    assert de["content"] == "<p>Hello</p>"      # taken from the first
    assert de["availableLocales"] == ["en", "de"]
    assert set(de["slugs"]) == {"en", "de"} and de["slugs"]["en"] == c["slug"]
    assert de["slug"] == de["slugs"]["de"] and de["slug"].startswith("hallo")
    assert set(de["notifications"]) == {"en", "de"}
    # The default locale is shown by id; the slug of a locale shows it.
    assert get(org, c["id"])["locale"] == "en"
    assert get(org, c["id"], locale="de")["title"] == de["title"]
    assert get(org, de["slug"])["locale"] == "de"
    assert get(org, c["id"], locale="fr")["locale"] == "en"
    # Publishing one locale leaves the other a draft.
    assert publish(org, c["id"], locales=["de"]).json()["state"] == \
        "published"
    g = get(org, c["id"])
    assert (g["state"], g["publishedLocales"]) == ("draft", ["de"])
    assert get(org, c["id"], locale="de")["state"] == "live"
    assert_error(publish(org, c["id"], locales=["fr"]), 400,
                 "invalid_parameter", "locales")
    assert_error(publish(org, c["id"], locales=["en", 5]), 400,
                 "invalid_parameter", "locales")
    # A locale without content of its own is made in the create too.
    f = create(org, locale="fr", title="Bonjour " + word())
    assert (f["locale"], f["availableLocales"]) == ("fr", ["fr"])
    assert f["url"].endswith("/fr/changelog/" + f["slug"])


def test_publish_schedule_and_unpublish(org):
    c = create(org)
    cid = c["id"]
    assert_error(publish(org, cid, scheduledDate=in_days(-1)), 400,
                 "invalid_parameter", "scheduledDate")
    assert_error(publish(org, cid, scheduledDate="soon"), 400,
                 "invalid_parameter", "scheduledDate")
    assert_error(publish(org, cid, sendEmail="yes"), 400,
                 "invalid_parameter", "sendEmail")
    assert_error(publish(org, cid, extra=1), 400, "parameter_not_supported",
                 "extra")
    when = in_days(3)
    r = publish(org, cid, scheduledDate=when, sendEmail=True)
    assert r.json() == {"success": True, "state": "scheduled"}
    s = get(org, cid)
    assert s["state"] == "draft"
    assert s["notifications"]["en"]["scheduledDate"] == when
    assert s["notifications"]["en"]["sendEmailNotification"] is True
    # A new schedule replaces the old one.
    later = in_days(5)
    publish(org, cid, scheduledDate=later)
    assert get(org, cid)["notifications"]["en"]["scheduledDate"] == later
    # Unpublishing cancels the schedule.
    r = org.api.post("/changelogs/%s/unpublish" % cid, json={})
    assert r.json() == {"success": True, "state": "unpublished"}
    assert get(org, cid)["notifications"]["en"]["scheduledDate"] is None
    # Publishing now ends a schedule too.
    publish(org, cid, scheduledDate=later)
    assert publish(org, cid, scheduledDate=None).json()["state"] == \
        "published"
    p = get(org, cid)
    assert (p["state"], p["notifications"]["en"]["scheduledDate"]) == (
        "live", None)
    # Unpublished: back to the draft, content kept.
    r = org.api.post("/changelogs/%s/unpublish" % cid)
    assert r.status_code == 200, r.text
    u = get(org, cid)
    assert (u["state"], u["isPublished"], u["publishedLocales"]) == (
        "draft", False, [])
    assert (u["title"], u["content"]) == (c["title"], c["content"])
    assert_error(org.api.post("/changelogs/%s/unpublish" % cid,
                              json={"locales": ["ja"]}), 400,
                 "invalid_parameter", "locales")
    assert_error(publish(org, "a" * 24), 404, "changelog_not_found", "id")
    assert_error(publish(org, "BAD!"), 400, "invalid_id", "id")


def test_delete_is_for_owners(org):
    c = create(org)
    member = org.client("member")
    assert_error(member.request("DELETE", "/changelogs/" + c["id"]), 403,
                 "insufficient_permissions")
    r = org.api.request("DELETE", "/changelogs/" + c["slug"])
    assert r.status_code == 200, r.text
    assert r.json() == {"id": c["id"], "object": "changelog",
                        "deleted": True}
    assert_error(org.api.get("/changelogs/" + c["id"]), 404,
                 "changelog_not_found", "id")
    assert_error(org.api.request("DELETE", "/changelogs/" + c["id"]), 404,
                 "changelog_not_found", "id")
    assert org.server.sql("SELECT count(*) FROM changelog_locales "
                          "WHERE changelog_id = %s", c["id"]) == [(0,)]


def test_permissions_and_versions(org):
    viewer = org.client("viewer")
    c = create(org)
    assert viewer.get("/changelogs/" + c["id"]).status_code == 200
    assert_error(viewer.post("/changelogs", json={"title": "x",
                                                  "htmlContent": "x"}),
                 403, "insufficient_permissions")
    member = org.client("member")
    r = member.post("/changelogs", json={"title": "m", "htmlContent": "x"})
    assert r.status_code == 201
    r = org.api.get("/changelogs/" + c["id"],
                    headers={"Service-Version": CLOVER})
    assert r.status_code == 200 and r.json()["id"] == c["id"]


class TestList:
    """A fresh organization, so that the lists hold only what is made."""

    @pytest.fixture(scope="class")
    def lorg(self, server):
        from conftest import Org
        o = Org(server, "cl" + secrets.token_hex(3))
        o.made = {}
        for i, (day, cats, live) in enumerate((
                ("2026-01-01", ["Fixed"], True),
                ("2026-01-02", ["New"], True),
                ("2026-01-02T12:00:00Z", ["new", "Fixed"], True),
                ("2026-01-03", [], False),
                ("2026-01-04", ["Fixed"], True))):
            c = create(o, title="Item %d %s" % (i, "alpha" if i % 2
                                                 else "beta"),
                       htmlContent="<p>text %d</p>" % i, date=day,
                       categories=cats, state="live" if live else "draft")
            o.made[i] = c
        return o

    def ids(self, org, **params):
        r = org.api.get("/changelogs", params=params)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == {"object", "data", "nextCursor"}
        return [[k for k, c in org.made.items() if c["id"] == d["id"]][0]
                for d in body["data"]]

    def test_live_newest_first_by_default(self, lorg):
        assert self.ids(lorg) == [4, 2, 1, 0]
        assert self.ids(lorg, sortOrder="asc") == [0, 1, 2, 4]
        assert self.ids(lorg, state="draft") == [3]
        assert self.ids(lorg, state="all") == [4, 3, 2, 1, 0]
        d = lorg.api.get("/changelogs", params={"state": "draft"}).json()
        assert d["data"][0]["state"] == "draft"

    def test_filters(self, lorg):
        assert self.ids(lorg, categories="fixed") == [4, 2, 0]
        assert self.ids(lorg, categories="New,Fixed") == [4, 2, 1, 0]
        assert self.ids(lorg, **{"categories[]": ["new"]}) == [2, 1]
        assert self.ids(lorg, q="alpha") == [1]
        assert self.ids(lorg, q="alpha", state="all") == [3, 1]
        assert self.ids(lorg, startDate="2026-01-02",
                        endDate="2026-01-02") == [2, 1]
        assert self.ids(lorg, endDate="2026-01-02T00:00:00Z") == [1, 0]
        assert self.ids(lorg, id=lorg.made[2]["id"]) == [2]
        assert self.ids(lorg, id=lorg.made[2]["slug"]) == [2]
        assert self.ids(lorg, id=lorg.made[3]["id"]) == []
        assert self.ids(lorg, locale="de") == []
        for params, param in (({"startDate": "x"}, "startDate"),
                              ({"locale": "xx"}, "locale"),
                              ({"state": "scheduled"}, "state"),
                              ({"sortBy": "title"}, "sortBy"),
                              ({"q": "x" * 256}, "q"),
                              ({"limit": 0}, "limit")):
            assert_error(lorg.api.get("/changelogs", params=params), 400,
                         "invalid_parameter", param)

    def test_cursor_walk(self, lorg):
        for order, expected in (("desc", [4, 3, 2, 1, 0]),
                                ("asc", [0, 1, 2, 3, 4])):
            seen, cursor = [], None
            while True:
                params = {"limit": 2, "state": "all", "sortOrder": order}
                if cursor:
                    params["cursor"] = cursor
                body = lorg.api.get("/changelogs", params=params).json()
                seen += [[k for k, c in lorg.made.items()
                          if c["id"] == d["id"]][0] for d in body["data"]]
                cursor = body["nextCursor"]
                if cursor is None:
                    break
            assert seen == expected
        r = lorg.api.get("/changelogs", params={"cursor": "junk"})
        assert_error(r, 400, "invalid_cursor", "cursor")

    def test_each_item_has_its_own_categories_and_locales(self, lorg,
                                                          other_org):
        """The page reads its items' categories and locales in one join:
        each item gets its own, in order, whatever else is on the page,
        and never rows of another organization under the same id."""
        c = lorg.made[1]
        o = other_org.id
        other_org.server.sql(
            "INSERT INTO changelogs (org_id, id) VALUES (%s, %s)",
            o, c["id"])
        other_org.server.sql(
            "INSERT INTO changelog_categories (org_id, name) "
            "VALUES (%s, 'Leak')", o)
        other_org.server.sql(
            "INSERT INTO changelog_category_links "
            "(org_id, changelog_id, category_id) SELECT %s, %s, id "
            "FROM changelog_categories WHERE org_id = %s", o, c["id"], o)
        other_org.server.sql(
            "INSERT INTO changelog_locales (org_id, changelog_id, locale, "
            "slug, title, content, content_text) VALUES "
            "(%s, %s, 'fr', %s, 'x', 'x', 'x')", o, c["id"], word())
        try:
            data = lorg.api.get("/changelogs",
                                params={"state": "all"}).json()["data"]
            items = [(d["id"], [g["name"] for g in d["categories"]],
                      d["availableLocales"]) for d in data]
            made = lorg.made
            assert items == [
                (made[4]["id"], ["Fixed"], ["en"]),
                (made[3]["id"], [], ["en"]),
                (made[2]["id"], ["Fixed", "New"], ["en"]),
                (made[1]["id"], ["New"], ["en"]),
                (made[0]["id"], ["Fixed"], ["en"])]
            assert get(lorg, c["id"])["categories"] == data[3]["categories"]
        finally:
            other_org.server.sql("DELETE FROM changelogs WHERE org_id = %s "
                                 "AND id = %s", o, c["id"])
            other_org.server.sql("DELETE FROM changelog_categories "
                                 "WHERE org_id = %s AND name = 'Leak'", o)

    def test_items_render_the_listed_locale(self, lorg):
        c = lorg.made[0]
        lorg.api.request("PATCH", "/changelogs/" + c["id"],
                         json={"locale": "es", "title": "Hola"})
        data = lorg.api.get("/changelogs", params={
            "locale": "es", "state": "all"}).json()["data"]
        assert [(d["id"], d["locale"], d["title"], d["state"])
                for d in data] == [(c["id"], "es", "Hola", "draft")]


def test_bytes_are_postgres_layout(org):
    """Changelogs are written in C in the layout PostgreSQL gave when it
    built them: json_build_object {"k" : v}, json_agg [a, b],
    json_object_agg { "k" : v } (slugs, notifications), to_json of an
    array ["a","b"] (segments, roles); escapes included, in every locale
    and state, alone and in the list's compact envelope."""
    import json
    from decimal import Decimal
    from helpers import pg_layout
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f \u00e9\u65e5 </script>"
    c = create(org, title=odd, htmlContent="<p>" + odd[:5] + "</p>",
               categories=["Zed " + word(), "alpha \"" + word()],
               allowedSegmentIds=["507f1f77bcf86cd799439011",
                                  "507f1f77bcf86cd799439012"])
    org.server.sql("UPDATE changelog_categories SET roles = "
                   "ARRAY['r\"1', 'r\\2'] WHERE org_id = %s "
                   "AND name LIKE 'alpha%%'", org.id)
    r = org.api.request("PATCH", "/changelogs/" + c["id"], json={
        "locale": "de", "title": "Hallo " + word()})
    assert r.status_code == 200, r.text
    assert publish(org, c["id"], locales=["de"]).status_code == 200
    assert publish(org, c["id"], locales=["en"],
                   scheduledDate=in_days(2)).status_code == 200
    shape = dict(agg_members=("slugs", "notifications"),
                 compact_members=("allowedSegmentIds", "roles"))
    seen = []
    for params in ({}, {"locale": "de"}, {"locale": "de",
                                           "state": "draft"}):
        r = org.api.get("/changelogs/" + c["id"], params=params)
        assert r.status_code == 200
        one = json.loads(r.content, parse_float=Decimal)
        assert r.content == pg_layout(one, **shape)
        seen.append((one["locale"], one["state"]))
    assert seen == [("en", "draft"), ("de", "live"), ("de", "draft")]
    assert one["title"] != odd and get(org, c["id"])["title"] == odd
    assert [g["roles"] for g in one["categories"]] == [["r\"1", "r\\2"],
                                                       []]
    assert one["notifications"]["en"]["scheduledDate"] is not None
    for locale in ("en", "de"):
        r = org.api.get("/changelogs", params={"state": "all", "limit": 2,
                                               "locale": locale})
        page = json.loads(r.content, parse_float=Decimal)
        assert c["id"] in [x["id"] for x in page["data"]] or \
            page["nextCursor"]
        assert r.content == (b'{"object":"list","data":['
                             + b",".join(pg_layout(x, **shape)
                                         for x in page["data"])
                             + b'],"nextCursor":'
                             + json.dumps(page["nextCursor"]).encode()
                             + b"}")
