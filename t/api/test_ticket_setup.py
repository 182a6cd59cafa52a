"""GET /v2/tickets/categories, /v2/tickets/statuses,
/v2/tickets/custom_fields and one of each by id: seeded for every new
organization (categories, statuses) and by the demo (fields)."""
import pytest

from helpers import CLOVER, assert_error

BOARD_KEYS = {"object", "id", "name", "icon", "access", "features",
              "postDefaults", "customFields", "localization", "createdAt",
              "supportBoard", "supportBoardType"}
# placeholder only when the field has one (never null).
FIELD_KEYS = {"object", "id", "label", "type", "required", "allowMultiple",
              "public", "internal", "options", "createdAt", "updatedAt"}


@pytest.fixture(scope="module")
def demo(server, org):
    server.ctl("demo-seed", org.id)
    return org


def bare(resp):
    """Categories and statuses: a bare array, as boards and post statuses
    (the reference's BoardList and PostStatusList)."""
    assert resp.status_code == 200, resp.text
    assert isinstance(resp.json(), list)
    return resp.json()


def envelope(resp):
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert set(body) == {"object", "data", "nextCursor"}
    assert body["object"] == "list" and body["nextCursor"] is None
    return body["data"]


def test_new_organization_has_statuses(other_org):
    statuses = bare(other_org.api.get("/tickets/statuses"))
    assert sorted(s["type"] for s in statuses) == sorted(
        ["reviewing", "unstarted", "active", "completed", "canceled"])
    defaults = [s for s in statuses if s["isDefault"]]
    assert len(defaults) == 1 and defaults[0]["type"] == "reviewing"
    for s in statuses:
        assert set(s) == {"object", "id", "name", "color", "type",
                          "isDefault"}
        assert s["object"] == "post_status"
        assert other_org.api.get("/tickets/statuses/" + s["id"]).json() == s
    # Ticket statuses are not post statuses.
    posts = {s["id"] for s in other_org.api.get("/post_statuses").json()}
    assert posts.isdisjoint(s["id"] for s in statuses)


def test_new_organization_has_a_category_of_each_kind(other_org):
    cats = bare(other_org.api.get("/tickets/categories"))
    # Newest first: they were made in the order customer, tracker, ...
    assert [c["supportBoardType"] for c in cats] == [
        "back-office", "tracker", "customer"]
    for c in cats:
        assert set(c) == BOARD_KEYS
        assert c["object"] == "board" and c["supportBoard"] is True
        assert c["customFields"] == []
        assert c["localization"]["name"] == {"en": c["name"]}
        assert set(c["access"]) == {"adminOnly", "segments",
                                    "allowedRoles", "deniedRoles"}
        assert c["postDefaults"] == {"visibility": "public"}
        assert other_org.api.get("/tickets/categories/" + c["id"]).json() \
            == c
    # Categories are not boards.
    assert other_org.api.get("/boards").json() == []
    assert envelope(other_org.api.get("/tickets/custom_fields")) == []


def test_demo_fields_on_categories(demo):
    fields = envelope(demo.api.get("/tickets/custom_fields"))
    by_label = {f["label"]: f for f in fields}
    assert set(by_label) == {"Order number", "Severity", "Screenshots",
                             "Invoice"}
    for f in fields:
        assert set(f) - {"placeholder"} == FIELD_KEYS
        assert f["object"] == "custom_field"
        assert f.get("placeholder", "") is not None
        assert demo.api.get("/tickets/custom_fields/" + f["id"]).json() == f
    assert by_label["Screenshots"]["type"] == "file"
    assert by_label["Screenshots"]["allowMultiple"] is True
    assert [o["label"] for o in by_label["Severity"]["options"]] == [
        "Low", "High"]
    cats = {c["supportBoardType"]: c
            for c in bare(demo.api.get("/tickets/categories"))}
    assert cats["customer"]["customFields"] == [
        by_label["Order number"]["id"], by_label["Screenshots"]["id"]]
    assert cats["back-office"]["customFields"] == [
        by_label["Invoice"]["id"]]
    # Ticket fields are not post fields, and the other way round.
    post_fields = envelope(demo.api.get("/custom_fields"))
    assert {f["id"] for f in post_fields}.isdisjoint(by_label[k]["id"]
                                                     for k in by_label)
    assert_error(demo.api.get("/tickets/custom_fields/"
                              + post_fields[0]["id"]),
                 404, "custom_field_not_found", param="id")
    assert_error(demo.api.get("/custom_fields/"
                              + by_label["Severity"]["id"]),
                 404, "custom_field_not_found", param="id")


@pytest.mark.parametrize("path, code", [
    ("/tickets/categories/", "board_not_found"),
    ("/tickets/statuses/", "resource_not_found"),
    ("/tickets/custom_fields/", "custom_field_not_found"),
])
def test_errors_and_tenancy(demo, other_org, path, code):
    list_path = path.rstrip("/")
    listed = demo.api.get(list_path)
    own = (envelope(listed) if "custom_fields" in path
           else bare(listed))[0]["id"]
    assert_error(demo.api.get(path + "nothex"), 400, "invalid_id",
                 param="id")
    foreign = other_org.api.get(path + own)
    absent = other_org.api.get(path + "f" * 24)
    assert_error(foreign, 404, code, param="id")
    assert foreign.json() == absent.json()
    # Upper case is the same id; lists take no paging; writes are the
    # management extensions' (test_ticket_management.py).
    assert demo.api.get(path + own.upper()).status_code == 200
    assert_error(demo.api.get(list_path + "?limit=5"), 400,
                 "parameter_not_supported", param="limit")
    assert_error(demo.api.request("PUT", list_path, json={}), 405,
                 "method_not_allowed")


def test_older_version_has_them(demo):
    r = demo.api.get("/tickets/statuses",
                     headers={"Service-Version": CLOVER})
    assert r.status_code == 200 and len(bare(r)) == 5
