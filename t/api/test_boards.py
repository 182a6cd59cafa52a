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
