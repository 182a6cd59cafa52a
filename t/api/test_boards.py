"""GET /v2/boards and /v2/boards/{id}."""
import json

import pytest

from helpers import assert_error

CREATED = "2025-03-04T05:06:07.089Z"
FIELD = "6a00000000000000000000cf"  # a custom field's id


@pytest.fixture(scope="module")
def boards(org, server):
    """Two boards: one with every field set, one with the defaults."""
    full = server.sql(
        "INSERT INTO boards (org_id, name, icon, admin_only, segments, "
        " allowed_roles, denied_roles, posting_enabled, comments_enabled, "
        " created_dates_visible, default_visibility, custom_field_ids, "
        " localization, created_at) "
        "VALUES (%s, 'Ideas', %s, true, '{seg1}', '{r1,r2}', '{r3}', "
        " false, false, false, 'companyOnly', %s, %s, %s) "
        "RETURNING id", org.id,
        json.dumps({"type": "emoji", "value": "💡"}), [FIELD],
        json.dumps({"name": {"en": "Ideas", "de": "Ideen"},
                    "description": {"en": "All ideas"},
                    "heroTitle": {"en": "Share"}}),
        CREATED)[0][0]
    plain = server.sql(
        "INSERT INTO boards (org_id, name, created_at) "
        "VALUES (%s, 'Bugs', %s::timestamptz + interval '1 day') "
        "RETURNING id", org.id, CREATED)[0][0]
    return full, plain


def expected_full(board_id):
    return {
        "object": "board", "id": board_id, "name": "Ideas",
        "icon": {"type": "emoji", "value": "💡"},
        "access": {"adminOnly": True, "segments": ["seg1"],
                   "allowedRoles": ["r1", "r2"], "deniedRoles": ["r3"]},
        "features": {"postingEnabled": False, "commentsEnabled": False,
                     "createdDatesVisible": False},
        "postDefaults": {"visibility": "companyOnly"},
        "customFields": [FIELD],
        "localization": {"name": {"en": "Ideas", "de": "Ideen"},
                         "description": {"en": "All ideas"},
                         "formPlaceholder": None, "heroTitle": {"en": "Share"},
                         "heroDescription": None, "submitButtonText": None},
        "createdAt": CREATED,
    }


def expected_plain(board_id):
    return {
        "object": "board", "id": board_id, "name": "Bugs", "icon": None,
        "access": {"adminOnly": False, "segments": [], "allowedRoles": [],
                   "deniedRoles": []},
        "features": {"postingEnabled": True, "commentsEnabled": True,
                     "createdDatesVisible": True},
        "postDefaults": {"visibility": "public"},
        "customFields": [],
        "localization": {"name": {}, "description": None,
                         "formPlaceholder": None, "heroTitle": None,
                         "heroDescription": None, "submitButtonText": None},
        "createdAt": "2025-03-05T05:06:07.089Z",
    }


def test_list_is_a_bare_array_newest_first(org, boards):
    full, plain = boards
    r = org.api.get("/boards")
    assert r.status_code == 200
    assert r.headers["Content-Type"] == "application/json; charset=utf-8"
    assert r.json() == [expected_plain(plain), expected_full(full)]


def test_get_by_id_has_every_field(org, boards):
    full, plain = boards
    assert org.api.get("/boards/" + full).json() == expected_full(full)
    assert org.api.get("/boards/" + plain).json() == expected_plain(plain)


def test_upper_case_id_is_the_same_id(org, boards):
    r = org.api.get("/boards/" + boards[0].upper())
    assert r.status_code == 200
    assert r.json()["id"] == boards[0]


@pytest.mark.parametrize("bad", ["123", "z" * 24, "a" * 25, "a" * 23])
def test_malformed_id_is_400(org, bad):
    assert_error(org.api.get("/boards/" + bad), 400, "invalid_id",
                 param="id")


def test_absent_and_foreign_ids_are_the_same_404(org, other_org, boards):
    foreign = other_org.api.get("/boards/" + boards[0])
    absent = other_org.api.get("/boards/" + "0" * 24)
    assert_error(foreign, 404, "board_not_found", param="id")
    assert foreign.json() == absent.json()
    # The other organization's list does not show them either.
    ids = [b["id"] for b in other_org.api.get("/boards").json()]
    assert boards[0] not in ids and boards[1] not in ids


def test_empty_organization_has_an_empty_list(other_org):
    assert other_org.api.get("/boards").json() == []


@pytest.mark.parametrize("body, param", [
    ({"localization": {"name": {"en": 5}}}, "localization.name.en"),
    ({"localization": {"heroTitle": {"de": None}}},
     "localization.heroTitle.de"),
    ({"localization": {"description": {"en": ["a"]}}},
     "localization.description.en"),
    ({"icon": {"type": "url", "value": "http://example.com/i.png"}},
     "icon.value"),
    ({"icon": {"type": "url", "value": "just text"}}, "icon.value"),
])
def test_texts_are_strings_and_icon_urls_https(org, boards, body, param):
    """A board shows text per language and an https icon URL: anything
    else is refused on create and update, and nothing is written."""
    before = org.api.get("/boards").json()
    made = org.api.post("/boards", json=dict(body, name="Bad"))
    err = assert_error(made, 400, "invalid_parameter", param=param)
    assert err["details"] == [{"path": "body." + param,
                               "message": err["message"]}]
    assert_error(org.api.request("PATCH", "/boards/" + boards[1],
                                 json=body), 400,
                 "invalid_parameter", param=param)
    assert org.api.get("/boards").json() == before


def test_every_bad_text_is_listed(org):
    err = assert_error(org.api.post("/boards", json={
        "name": "Bad", "localization": {"name": {"en": 1, "de": True}}}),
        400, "invalid_parameter", param="localization.name.en")
    assert [d["path"] for d in err["details"]] == [
        "body.localization.name.en", "body.localization.name.de"]


def test_https_icon_and_texts_are_kept(org):
    made = org.api.post("/boards", json={
        "name": "Good", "icon": {"type": "url",
                                 "value": "https://example.com/i.png"},
        "localization": {"heroTitle": {"en": "Hi", "de": "Hallo"}}})
    assert made.status_code == 201, made.text
    b = made.json()
    assert b["icon"] == {"type": "url", "value": "https://example.com/i.png"}
    assert b["localization"]["heroTitle"] == {"en": "Hi", "de": "Hallo"}
    assert org.api.request("DELETE", "/boards/" + b["id"]).status_code \
        == 200


# A board as PostgreSQL built it before boards were written in C
# (BOARD_JSON_FIELDS of boards.h): the answers keep its bytes.
BOARD_SQL_JSON = (
    "json_build_object('object', 'board', "
    "'id', b.id, 'name', b.name, 'icon', b.icon, "
    "'access', json_build_object("
    "  'adminOnly', b.admin_only, 'segments', to_json(b.segments), "
    "  'allowedRoles', to_json(b.allowed_roles), "
    "  'deniedRoles', to_json(b.denied_roles)), "
    "'features', json_build_object("
    "  'postingEnabled', b.posting_enabled, "
    "  'commentsEnabled', b.comments_enabled, "
    "  'createdDatesVisible', b.created_dates_visible), "
    "'postDefaults', json_build_object('visibility', b.default_visibility), "
    "'customFields', to_json(b.custom_field_ids), "
    "'localization', json_build_object("
    "  'name', COALESCE(b.localization->'name', '{}'::jsonb), "
    "  'description', b.localization->'description', "
    "  'formPlaceholder', b.localization->'formPlaceholder', "
    "  'heroTitle', b.localization->'heroTitle', "
    "  'heroDescription', b.localization->'heroDescription', "
    "  'submitButtonText', b.localization->'submitButtonText'), "
    "'createdAt', fb_iso(b.created_at))")


def sql_bytes(server, json_sql, table, org_id, board_id=None):
    """The JSON json_sql builds over the board board_id of table (alias
    b), or over all the organization's as the list orders them, as the
    bytes PostgreSQL writes."""
    rows = server.sql(
        "SELECT (" + json_sql + ")::text FROM " + table + " b "
        "WHERE b.org_id = %s AND (%s::text IS NULL OR b.id = %s) "
        "ORDER BY b.created_at DESC, b.id DESC", org_id, board_id, board_id)
    return [r[0].encode() for r in rows]


def test_bytes_are_those_postgres_built(org, server, boards):
    """Boards are written in C with the bytes json_build_object gave:
    one with every member set, one with escapes in its texts, one with
    the defaults and nulls, by id and in the list."""
    odd = "q\"b\\s/ t\tn\nr é日本😀 \x01"
    made = server.sql(
        "INSERT INTO boards (org_id, name, icon, segments, "
        " localization, created_at) VALUES (%s, %s, %s, %s, %s, "
        " '2025-03-01T00:00:00.123456Z') RETURNING id", org.id, odd,
        json.dumps({"type": "emoji", "value": odd}), [odd, "b"],
        json.dumps({"name": {"en": odd},
                    "submitButtonText": {"en-GB": "Go", "de": "x"}}),
    )[0][0]
    try:
        for i in (boards[0], boards[1], made):
            assert org.api.get("/boards/" + i).content \
                == sql_bytes(server, BOARD_SQL_JSON, "boards", org.id, i)[0]
        assert org.api.get("/boards").content == b"[" + b",".join(
            sql_bytes(server, BOARD_SQL_JSON, "boards", org.id)) + b"]"
    finally:
        server.sql("DELETE FROM boards WHERE id = %s", made)


def test_ticket_category_bytes_are_those_postgres_built(org, server):
    """A ticket category is a board with its kind (TICKET_CATEGORY_JSON
    of tickets.h before), the same bytes by id and in the list."""
    made = server.sql(
        "INSERT INTO ticket_categories (org_id, name, category_type, "
        " custom_field_ids, localization) VALUES (%s, 'Returns \"x\"', "
        " 'tracker', %s, %s) RETURNING id", org.id, [FIELD],
        json.dumps({"heroTitle": {"en": "Hi"}}))[0][0]
    shape = ("json_build_object('object', 'board', "
             + BOARD_SQL_JSON[len("json_build_object('object', 'board', "):
                              -1]
             + ", 'supportBoard', true, 'supportBoardType', b.category_type)")
    try:
        assert org.api.get("/tickets/categories/" + made).content \
            == sql_bytes(server, shape, "ticket_categories", org.id,
                         made)[0]
        assert org.api.get("/tickets/categories").content \
            == b"[" + b",".join(sql_bytes(server, shape, "ticket_categories",
                                          org.id)) + b"]"
    finally:
        server.sql("DELETE FROM ticket_categories WHERE id = %s", made)
