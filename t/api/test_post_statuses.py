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


# A status as PostgreSQL built it before statuses were written in C
# (POST_STATUS_JSON of posts.h): the answers keep its bytes.
STATUS_SQL_JSON = (
    "json_build_object("
    "'object', 'post_status', 'id', s.id, 'name', s.name, "
    "'color', s.color, 'type', s.type, 'isDefault', s.is_default)")


def test_bytes_are_those_postgres_built(org, server):
    """Post and ticket statuses, escapes included, by id and listed."""
    odd = "q\"b\\s/ t\tn\nr é日本😀 \x01"
    for table, path in (("post_statuses", "/post_statuses"),
                        ("ticket_statuses", "/tickets/statuses")):
        sid = server.sql(
            "INSERT INTO " + table + " (org_id, name, color, type) "
            "VALUES (%s, %s, %s, 'completed') RETURNING id", org.id, odd,
            odd)[0][0]
        rows = server.sql(
            "SELECT s.id, (" + STATUS_SQL_JSON + ")::text FROM " + table
            + " s WHERE s.org_id = %s ORDER BY s.created_at DESC, s.id DESC",
            org.id)
        for i, text in rows:
            assert org.api.get(path + "/" + i).content == text.encode()
        assert org.api.get(path).content == b"[" + b",".join(
            text.encode() for _, text in rows) + b"]"
