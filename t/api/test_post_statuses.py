"""GET /v2/post_statuses and /v2/post_statuses/{id}."""
from helpers import assert_error


def test_new_organization_has_the_default_statuses(org):
    r = org.api.get("/post_statuses")
    assert r.status_code == 200
    statuses = r.json()
    assert isinstance(statuses, list)
    assert sorted(s["type"] for s in statuses) == sorted(
        ["reviewing", "unstarted", "active", "completed", "canceled"])
    defaults = [s for s in statuses if s["isDefault"]]
    assert len(defaults) == 1 and defaults[0]["type"] == "reviewing"
    for s in statuses:
        assert set(s) == {"object", "id", "name", "color", "type",
                          "isDefault"}
        assert s["object"] == "post_status"


def test_get_by_id_exact(org, server):
    sid = server.sql(
        "INSERT INTO post_statuses (org_id, name, color, type) "
        "VALUES (%s, 'Shipped', 'Teal', 'completed') RETURNING id",
        org.id)[0][0]
    assert org.api.get("/post_statuses/" + sid).json() == {
        "object": "post_status", "id": sid, "name": "Shipped",
        "color": "Teal", "type": "completed", "isDefault": False}
    # Newest first: the new status leads the list.
    assert org.api.get("/post_statuses").json()[0]["id"] == sid


def test_errors(org, other_org):
    own = org.api.get("/post_statuses").json()[0]["id"]
    assert_error(org.api.get("/post_statuses/nothex"), 400, "invalid_id",
                 param="id")
    foreign = other_org.api.get("/post_statuses/" + own)
    absent = other_org.api.get("/post_statuses/" + "f" * 24)
    assert_error(foreign, 404, "resource_not_found", param="id")
    assert foreign.json() == absent.json()
