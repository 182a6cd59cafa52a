"""The help center's help centers: /v2/help_center/help_centers (one per
organization, made by sql/038), read and changed (a management
extension)."""
import re
import secrets

from helpers import assert_error


def the_help_center(org):
    page = org.api.get("/help_center/help_centers").json()
    assert page["object"] == "list" and page["nextCursor"] is None
    assert len(page["data"]) == 1
    return page["data"][0]


def test_every_organization_has_one(org, other_org):
    hc = the_help_center(org)
    assert re.fullmatch(r"[0-9a-z]{16}", hc["id"])
    assert hc["object"] == "help_center"
    assert hc["organization"] == org.id
    assert hc["isPublic"] is True
    assert hc["defaultLocale"] == hc["locale"] == "en"
    assert hc["availableLocales"] == ["en"]
    assert hc["urls"] == {"featurebaseSubpath": "help"}
    assert set(hc["translations"]) == {"en"}
    assert hc["translations"]["en"]["navItems"] == []
    got = org.api.get("/help_center/help_centers/" + hc["id"])
    assert got.status_code == 200 and got.json() == hc
    assert got.headers["ETag"]
    # Another organization's is missing, as an unknown id is.
    theirs = the_help_center(other_org)
    assert theirs["id"] != hc["id"]
    foreign = org.api.get("/help_center/help_centers/" + theirs["id"])
    assert_error(foreign, 404, "help_center_not_found", param="id")
    unknown = org.api.get("/help_center/help_centers/zzzzzzzz")
    assert foreign.json() == unknown.json()
    # Ids are 1 to 16 letters and digits.
    assert_error(org.api.get("/help_center/help_centers/" + "a" * 17),
                 400, "invalid_id", param="id")
    assert_error(org.api.get("/help_center/help_centers/a-b"),
                 400, "invalid_id", param="id")


def test_change(org, other_org):
    hc = the_help_center(org)
    path = "/help_center/help_centers/" + hc["id"]
    r = org.api.request("PATCH", path, json={
        "title": "How can we help?", "displayName": "Acme",
        "searchPlaceholder": "Search...", "isPublic": False,
        "hideDateInfo": True,
        "navItems": [{"type": "link", "title": "Home",
                      "url": "https://acme.example/"}],
        "urls": {"externalDomain": "help.acme.example",
                 "featurebaseSubpath": "docs"},
        "translations": {"de": {"title": "Wie können wir helfen?"}}})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["title"] == "How can we help?"
    assert got["displayName"] == "Acme"
    assert got["isPublic"] is False and got["hideDateInfo"] is True
    assert got["navItems"] == [{"type": "link", "title": "Home",
                                "url": "https://acme.example/"}]
    assert got["urls"] == {"featurebaseSubpath": "docs",
                           "externalDomain": "help.acme.example"}
    assert got["availableLocales"] == ["de", "en"]
    assert got["translations"]["de"] == {"title": "Wie können wir helfen?",
                                         "navItems": []}
    assert got["translations"]["en"]["title"] == "How can we help?"
    assert org.api.get(path).json() == got
    # Only what is given changes; the default locale's translation is the
    # top level.
    r = org.api.request("PATCH", path, json={"defaultLocale": "de",
                                  "translations": {"de": {
                                      "description": "Hilfe"}}})
    assert r.status_code == 200, r.text
    assert r.json()["title"] == "Wie können wir helfen?"
    assert r.json()["description"] == "Hilfe"
    assert r.json()["locale"] == "de"
    assert r.json()["isPublic"] is False
    # A custom domain is one help center's.
    theirs = the_help_center(other_org)
    taken = other_org.api.request("PATCH", 
        "/help_center/help_centers/" + theirs["id"],
        json={"urls": {"externalDomain": "help.acme.example"}})
    assert_error(taken, 409, "resource_conflict")
    # null removes it.
    r = org.api.request("PATCH", path, json={"urls": {"externalDomain": None}})
    assert r.json()["urls"] == {"featurebaseSubpath": "docs"}
    # Bad input names the field.
    for body, param in [
            ({"urls": {"externalDomain": "Not A Host"}},
             "urls.externalDomain"),
            ({"urls": {"featurebaseSubpath": "a/b"}},
             "urls.featurebaseSubpath"),
            ({"defaultLocale": "xx"}, "defaultLocale"),
            ({"availableLocales": ["en", "klingon"]}, "availableLocales"),
            ({"translations": {"xx": {"title": "x"}}}, "translations.xx"),
            ({"navItems": [{"type": "menu", "title": "x", "url": "/"}]},
             "navItems[0].type"),
            ({"isPublic": "yes"}, "isPublic")]:
        r = org.api.request("PATCH", path, json=body)
        assert r.status_code == 400, (body, r.text)
        assert r.json()["error"]["param"] == param, (body, r.text)
    # Another organization's is missing to a write too.
    assert_error(other_org.api.request("PATCH", path, json={"title": "x"}), 404,
                 "help_center_not_found", param="id")


def test_writes_need_manage_help_center(org):
    hc = the_help_center(org)
    viewer = org.client("viewer")
    assert viewer.get("/help_center/help_centers").status_code == 200
    assert_error(viewer.request("PATCH", "/help_center/help_centers/" + hc["id"],
                              json={"title": "x"}),
                 403, "insufficient_permissions")


def test_audited(org, server):
    hc = the_help_center(org)
    r = org.api.request("PATCH", "/help_center/help_centers/" + hc["id"],
                      json={"hideAuthorInfo": True})
    assert r.status_code == 200
    rows = server.sql(
        "SELECT action, domain, target_type, target_id FROM audit_logs "
        "WHERE org_id = %s AND action = 'settings.help_center_updated'",
        org.id)
    assert ("settings.help_center_updated", "workspace_settings",
            "help_center", hc["id"]) in [tuple(r) for r in rows]


def test_new_organizations_get_one(server):
    from conftest import Org
    fresh = Org(server, "fresh" + secrets.token_hex(3))
    hc = the_help_center(fresh)
    assert hc["displayName"].startswith("fresh")


def test_the_demo_has_a_help_center(server):
    from conftest import Org
    demo = Org(server, "demo" + secrets.token_hex(3))
    # The suite's database may hold an earlier demo (feedbackctl
    # demo-seed): its help center gives the demo's domain up first.
    server.sql("UPDATE help_centers SET external_domain = NULL "
               "WHERE external_domain = 'help.demo.localhost'")
    server.sql("SELECT fb_demo_seed_help_center(%s)", demo.id)
    hc = the_help_center(demo)
    assert hc["urls"]["externalDomain"] == "help.demo.localhost"
    assert sorted(hc["availableLocales"]) == ["de", "en"]
    collections = demo.api.get("/help_center/collections").json()["data"]
    assert len(collections) == 3
    assert any(c["parentId"] for c in collections)
    articles = demo.api.get("/help_center/articles",
                            params={"limit": 100}).json()["data"]
    assert len(articles) == 4
    assert all(a["state"] == "live" and a["publishedLocales"] == ["de", "en"]
               and a["externalUrl"].startswith("https://help.demo.localhost/")
               for a in articles)
    found = demo.api.post("/help_center/articles/search",
                          json={"search": "Rechnung"}).json()
    assert len(found["data"]) == 1
    # A second demo on the same database seeds without the domain the
    # first has (unique), its content all the same.
    again = Org(server, "demo" + secrets.token_hex(3))
    server.sql("SELECT fb_demo_seed_help_center(%s)", again.id)
    assert the_help_center(again)["urls"].get("externalDomain") is None
    assert len(again.api.get("/help_center/articles").json()["data"]) == 4
    # Given back, for the tests that seed the demo next (the browser's).
    server.sql("UPDATE help_centers SET external_domain = NULL "
               "WHERE org_id = %s", demo.id)
