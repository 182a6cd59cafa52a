"""The help center's redirect rules: /v2/help_center/redirect_rules,
fromUrl normalized and on the custom domain, unique per help center,
targets that resolve, and the lookup by URL."""
import pytest

from helpers import assert_error

BASE = "/help_center/redirect_rules"


def patch(api, path, body):
    return api.request("PATCH", path, json=body)


@pytest.fixture(scope="module")
def hc(org):
    hc = org.api.get("/help_center/help_centers").json()["data"][0]
    r = patch(org.api, "/help_center/help_centers/" + hc["id"],
              {"urls": {"externalDomain": "help.rules.example"}})
    assert r.status_code == 200
    return hc["id"]


@pytest.fixture(scope="module")
def targets(org):
    article = org.api.post("/help_center/articles", json={
        "title": "Target", "state": "live"}).json()
    draft = org.api.post("/help_center/articles", json={
        "title": "Unpublished"}).json()
    collection = org.api.post("/help_center/collections", json={
        "name": "Target collection"}).json()
    return {"article": article["id"], "draft": draft["id"],
            "collection": collection["id"]}


def rule(hc, targets, url, kind="article", locale="en"):
    return {"helpCenterId": hc, "locale": locale, "fromUrl": url,
            "targetType": kind, "targetId": targets[kind]}


def test_create_normalizes_and_finds(org, other_org, hc, targets):
    r = org.api.post(BASE, json=rule(
        hc, targets, "HTTPS://Help.Rules.EXAMPLE/en/Old/Page/?utm=x#top"))
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["object"] == "redirect_rule"
    assert made["fromUrl"] == "https://help.rules.example/en/Old/Page"
    assert made["targetType"] == "article"
    assert made["targetId"] == targets["article"]
    assert org.api.get(BASE + "/" + made["id"]).json() == made
    # The lookup normalizes the same way.
    for url in ("https://help.rules.example/en/Old/Page",
                "https://HELP.rules.example/en/Old/Page///?a=1",
                "https://help.rules.example/en/Old/Page#x"):
        got = org.api.get(BASE + "/by-url", params={"url": url})
        assert got.status_code == 200, (url, got.text)
        assert got.json() == made
    assert_error(org.api.get(BASE + "/by-url", params={
        "url": "https://help.rules.example/en/old/page"}), 404,
        "redirect_rule_not_found", param="url")
    assert_error(org.api.get(BASE + "/by-url", params={"url": "not a url"}),
                 400, "invalid_parameter", param="url")
    assert_error(org.api.get(BASE + "/by-url"), 400, "missing_parameter",
                 param="url")
    # Unique per help center once normalized.
    r = org.api.post(BASE, json=rule(
        hc, targets, "https://help.rules.example/en/Old/Page/"))
    assert_error(r, 400, "invalid_parameter", param="fromUrl")
    # Tenancy.
    assert_error(other_org.api.get(BASE + "/" + made["id"]), 404,
                 "redirect_rule_not_found", param="id")
    assert_error(other_org.api.get(BASE + "/by-url", params={
        "url": made["fromUrl"]}), 404, "redirect_rule_not_found",
        param="url")
    assert other_org.api.get(BASE).json()["data"] == []


def test_rules_of_the_domain_and_targets(org, hc, targets):
    # Another host than the custom domain.
    r = org.api.post(BASE, json=rule(hc, targets,
                                     "https://elsewhere.example/x"))
    assert_error(r, 400, "invalid_parameter", param="fromUrl")
    assert "help.rules.example" in r.json()["error"]["message"]
    # Not an http(s) URL.
    r = org.api.post(BASE, json=rule(hc, targets, "ftp://help.rules.example"))
    assert_error(r, 400, "invalid_parameter", param="fromUrl")
    # A target that does not resolve: unpublished, unknown, another locale.
    body = rule(hc, targets, "https://help.rules.example/d")
    body["targetId"] = targets["draft"]
    assert_error(org.api.post(BASE, json=body), 400, "invalid_parameter",
                 param="targetId")
    body["targetId"] = "nosuchthing"
    assert_error(org.api.post(BASE, json=body), 400, "invalid_parameter",
                 param="targetId")
    assert_error(org.api.post(BASE, json=rule(
        hc, targets, "https://help.rules.example/fr", locale="fr")), 400,
        "invalid_parameter", param="targetId")
    assert_error(org.api.post(BASE, json=dict(
        rule(hc, targets, "https://help.rules.example/h"),
        helpCenterId="nosuchhc")), 400, "invalid_parameter",
        param="helpCenterId")
    # A collection target.
    r = org.api.post(BASE, json=rule(
        hc, targets, "https://help.rules.example/c", kind="collection"))
    assert r.status_code == 201, r.text


def test_update_list_delete(org, hc, targets):
    made = org.api.post(BASE, json=rule(
        hc, targets, "https://help.rules.example/u")).json()
    r = patch(org.api, BASE + "/" + made["id"],
              {"fromUrl": "https://help.rules.example/U2/"})
    assert r.status_code == 200, r.text
    assert r.json()["fromUrl"] == "https://help.rules.example/U2"
    assert r.json()["targetId"] == targets["article"]
    r = patch(org.api, BASE + "/" + made["id"],
              {"targetType": "collection",
               "targetId": targets["collection"]})
    assert r.json()["targetType"] == "collection"
    listed = org.api.get(BASE, params={"targetType": "collection",
                                       "limit": 100}).json()
    assert made["id"] in [x["id"] for x in listed["data"]]
    assert all(x["targetType"] == "collection" for x in listed["data"])
    assert org.api.get(BASE, params={"locale": "de"}).json()["data"] == []
    page = org.api.get(BASE, params={"limit": 1}).json()
    assert page["nextCursor"]
    rest = org.api.get(BASE, params={"limit": 1,
                                     "cursor": page["nextCursor"]}).json()
    assert rest["data"][0]["id"] != page["data"][0]["id"]
    r = org.api.request("DELETE", BASE + "/" + made["id"])
    assert r.json() == {"id": made["id"], "object": "redirect_rule",
                        "deleted": True}
    assert_error(org.api.get(BASE + "/" + made["id"]), 404,
                 "redirect_rule_not_found", param="id")


def test_a_targets_delete_takes_its_rules(org, hc, server):
    a = org.api.post("/help_center/articles", json={
        "title": "Going", "state": "live"}).json()
    made = org.api.post(BASE, json={
        "helpCenterId": hc, "locale": "en",
        "fromUrl": "https://help.rules.example/going",
        "targetType": "article", "targetId": a["id"]}).json()
    org.api.request("DELETE", "/help_center/articles/" + a["id"])
    assert_error(org.api.get(BASE + "/" + made["id"]), 404,
                 "redirect_rule_not_found", param="id")


def test_writes_need_manage_help_center(org, hc, targets):
    viewer = org.client("viewer")
    assert viewer.get(BASE).status_code == 200
    assert_error(viewer.post(BASE, json=rule(
        hc, targets, "https://help.rules.example/v")), 403,
        "insufficient_permissions")
