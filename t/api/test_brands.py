"""GET /v2/brands (a cursor list), /v2/brands/{id}, POST /v2/brands."""
import base64

import pytest

from helpers import assert_error, pg_layout, pg_list_layout

FIELDS = {"object", "id", "name", "isDefault", "createdAt", "updatedAt",
          "helpCenterId", "senderEmailAddressId"}


@pytest.fixture(scope="module")
def brands(server, org):
    """25 brands a second apart, and the default brand of the org."""
    server.sql(
        "INSERT INTO brands (org_id, name, created_at, updated_at, "
        " help_center_id) "
        "SELECT %s, 'Brand ' || i, "
        " '2025-01-01T00:00:00Z'::timestamptz + i * interval '1 second', "
        " '2025-02-01T00:00:00Z', CASE WHEN i = 3 THEN 'hc3' END "
        "FROM generate_series(1, 25) i", org.id)
    return [r[0] for r in server.sql(
        "SELECT id FROM brands WHERE org_id = %s "
        "ORDER BY created_at DESC, id DESC", org.id)]


def walk(api, limit):
    seen, cursor, pages = [], None, 0
    while True:
        path = "/brands?limit=%d" % limit
        if cursor:
            path += "&cursor=" + cursor
        body = api.get(path).json()
        assert body["object"] == "list"
        assert len(body["data"]) <= limit
        seen += [b["id"] for b in body["data"]]
        pages += 1
        cursor = body["nextCursor"]
        if cursor is None:
            return seen, pages
        assert len(cursor) <= 512


def test_default_page_is_ten_newest(org, brands):
    body = org.api.get("/brands").json()
    assert [b["id"] for b in body["data"]] == brands[:10]
    assert body["nextCursor"] is not None
    for b in body["data"]:
        assert set(b) == FIELDS and b["object"] == "brand"


def test_brand_shape(org, brands, server):
    third = server.sql("SELECT id FROM brands WHERE org_id = %s AND "
                       "name = 'Brand 3'", org.id)[0][0]
    assert org.api.get("/brands/" + third).json() == {
        "object": "brand", "id": third, "name": "Brand 3",
        "isDefault": False, "createdAt": "2025-01-01T00:00:03.000Z",
        "updatedAt": "2025-02-01T00:00:00.000Z", "helpCenterId": "hc3",
        "senderEmailAddressId": None}


def test_brand_bytes(org, brands, server):
    """A brand is written in C in the bytes json_build_object gave, every
    member set or its optional ones null, alone and in a list page."""
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    full = server.sql(
        "INSERT INTO brands (org_id, name, is_default, help_center_id, "
        " sender_email_address_id, created_at, updated_at) "
        "VALUES (%s, %s, false, 'hc', 'se', '2024-03-04T05:06:07.891234Z', "
        " '2024-03-04T05:06:08Z') RETURNING id", org.id, odd)[0][0]
    third = server.sql("SELECT id FROM brands WHERE org_id = %s AND "
                       "name = 'Brand 2'", org.id)[0][0]
    r = org.api.get("/brands/" + full)
    assert r.content == pg_layout({
        "object": "brand", "id": full, "name": odd, "isDefault": False,
        "createdAt": "2024-03-04T05:06:07.891Z",
        "updatedAt": "2024-03-04T05:06:08.000Z", "helpCenterId": "hc",
        "senderEmailAddressId": "se"})
    assert org.api.get("/brands/" + third).content == pg_layout({
        "object": "brand", "id": third, "name": "Brand 2",
        "isDefault": False, "createdAt": "2025-01-01T00:00:02.000Z",
        "updatedAt": "2025-02-01T00:00:00.000Z", "helpCenterId": None,
        "senderEmailAddressId": None})
    r = org.api.get("/brands?limit=2")
    page = r.json()
    assert r.content == pg_list_layout(page["data"], page["nextCursor"])
    server.sql("DELETE FROM brands WHERE org_id = %s AND id = %s", org.id,
               full)


@pytest.mark.parametrize("limit", [1, 7, 10, 26, 100])
def test_cursor_walk_visits_every_brand_once(org, brands, limit):
    seen, pages = walk(org.api, limit)
    assert seen == brands
    assert pages == -(-len(brands) // limit)


def test_walk_is_stable_under_concurrent_inserts(org, brands, server):
    seen, cursor = [], None
    for page in range(100):
        path = "/brands?limit=4" + ("&cursor=" + cursor if cursor else "")
        body = org.api.get(path).json()
        seen += [b["id"] for b in body["data"]]
        # A newer brand arrives between every two pages.
        server.sql("INSERT INTO brands (org_id, name) VALUES (%s, %s)",
                   org.id, "late %d" % page)
        cursor = body["nextCursor"]
        if cursor is None:
            break
    assert seen == brands
    server.sql("DELETE FROM brands WHERE org_id = %s AND name LIKE 'late %%'",
               org.id)


@pytest.mark.parametrize("limit", ["0", "101", "-1", "abc", "1.5", ""])
def test_limit_out_of_range(org, limit):
    assert_error(org.api.get("/brands?limit=" + limit), 400,
                 "invalid_parameter", param="limit")


def b64(text):
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("cursor", [
    "garbage!",
    b64("boards.createdAt.desc|1|" + "a" * 24),
    b64("brands.createdAt.desc|notanumber|" + "a" * 24),
    b64("brands.createdAt.desc|1|nothex"),
    b64("brands.createdAt.desc"),
    b64("x" * 300),
])
def test_bad_cursors_are_invalid_cursor(org, cursor):
    assert_error(org.api.get("/brands?cursor=" + cursor), 400,
                 "invalid_cursor", param="cursor")


def test_overlong_cursor_is_invalid_parameter(org):
    assert_error(org.api.get("/brands?cursor=" + "a" * 513), 400,
                 "invalid_parameter", param="cursor")


def test_foreign_cursor_reveals_nothing(org, other_org, brands):
    cursor = org.api.get("/brands?limit=2").json()["nextCursor"]
    body = other_org.api.get("/brands?cursor=" + cursor).json()
    assert all(b["id"] not in brands for b in body["data"])


def test_get_errors(org, other_org, brands):
    foreign = other_org.api.get("/brands/" + brands[0])
    assert_error(foreign, 404, "brand_not_found", param="id")
    assert foreign.json() == other_org.api.get("/brands/" + "2" * 24).json()
    assert_error(org.api.get("/brands/12"), 400, "invalid_id", param="id")


def test_create_brand(server):
    from conftest import Org
    o = Org(server, "brandmaker")
    before = o.api.get("/brands").json()["data"]
    assert [b["isDefault"] for b in before] == [True]
    r = o.api.post("/brands", json={"name": "Second", "helpCenterId": "h1",
                                    "senderEmailAddressId": "s1"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert set(made) == FIELDS
    assert (made["name"], made["isDefault"], made["helpCenterId"],
            made["senderEmailAddressId"]) == ("Second", False, "h1", "s1")
    assert made["createdAt"] == made["updatedAt"]
    assert o.api.get("/brands/" + made["id"]).json() == made
    # A new default demotes the old one in the same write.
    r = o.api.post("/brands", json={"name": "Third", "isDefault": True})
    assert r.status_code == 201 and r.json()["isDefault"] is True
    defaults = [b["name"] for b in o.api.get("/brands").json()["data"]
                if b["isDefault"]]
    assert defaults == ["Third"]
