"""GET /v2/surveys (type, isActive, cursors), /v2/surveys/{id} and
/v2/surveys/{id}/responses (pageId, cursors), over the demo surveys and
surveys made in SQL; their writes are in test_survey_writes.py."""
import pytest

from helpers import assert_error, CLOVER

SURVEY = {"object", "id", "title", "description", "isActive",
          "organization", "responseCount", "targeting", "pages",
          "createdAt", "updatedAt"}
RESPONSE = {"object", "id", "user", "responses", "createdAt"}


@pytest.fixture(scope="module")
def seeded(server, org):
    server.ctl("demo-seed", org.id)
    return org


@pytest.fixture(scope="module")
def many(server, seeded):
    """24 more surveys a second apart, alternately active, every third
    with a text page; newest first."""
    server.sql(
        "INSERT INTO surveys (org_id, title, is_active, pages, created_at) "
        "SELECT %s, 'S ' || i, i %% 2 = 0, "
        " CASE WHEN i %% 3 = 0 THEN '[{\"id\":\"t\",\"type\":\"text\","
        "   \"title\":\"Why?\"}]'::jsonb "
        "  ELSE '[{\"id\":\"r\",\"type\":\"rating\",\"title\":\"How?\","
        "   \"scale\":5}]'::jsonb END, "
        " '2025-01-01T00:00:00Z'::timestamptz + i * interval '1 second' "
        "FROM generate_series(1, 24) i", seeded.id)
    return [r[0] for r in server.sql(
        "SELECT id FROM surveys WHERE org_id = %s "
        "ORDER BY created_at DESC, id DESC", seeded.id)]


def walk(api, path, limit):
    seen, cursor = [], None
    sep = "&" if "?" in path else "?"
    while True:
        url = "%s%slimit=%d" % (path, sep, limit)
        if cursor:
            url += "&cursor=" + cursor
        r = api.get(url)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == {"object", "data", "nextCursor"}
        assert len(body["data"]) <= limit
        seen += body["data"]
        cursor = body["nextCursor"]
        if cursor is None:
            return seen
        assert len(cursor) <= 512


def nps(api):
    return next(s for s in api.get("/surveys?limit=100").json()["data"]
                if s["title"].startswith("How likely"))


def test_demo_survey_shape(seeded):
    s = nps(seeded.api)
    assert set(s) == SURVEY
    assert s["object"] == "survey" and s["organization"] == seeded.id
    assert s["isActive"] is True and s["responseCount"] == 3
    assert s["description"] == "Quarterly NPS"
    assert s["targeting"] == {
        "segmentIds": [], "css": [], "loginRequired": True,
        "url": [{"id": "u1", "value": "/app", "matchType": "contains"}]}
    first = s["pages"][0]
    assert (first["type"], first["subType"], first["scale"]) == \
        ("rating", "nps", 10)
    assert first["logic"] == [{"id": "l1", "comparator": "lessThan",
                               "value": 7,
                               "next": {"type": "page", "pageId": "p2"}}]
    assert first["defaultAction"] == {"type": "end"}
    # Optional members without a value are left out, never null.
    assert "choices" not in first and "placeholder" not in first
    assert seeded.api.get("/surveys/" + s["id"]).json() == s


def test_multiple_choice_page(seeded):
    s = next(x for x in seeded.api.get("/surveys?limit=100").json()["data"]
             if x["title"].startswith("Which"))
    page = s["pages"][0]
    assert page["allowSelectMultiple"] is True
    assert [c["choice"] for c in page["choices"]] == \
        ["Boards", "Changelog", "Surveys"]
    assert s["isActive"] is False and s["description"] == ""


def test_responses_newest_first_with_users(seeded):
    s = nps(seeded.api)
    r = seeded.api.get("/surveys/%s/responses" % s["id"])
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert len(data) == 3 and r.json()["nextCursor"] is None
    for item in data:
        assert set(item) == RESPONSE and item["object"] == "survey_response"
    assert data[0]["user"] is None
    assert data[1]["user"]["object"] == "contact"
    assert data[1]["user"]["email"] == "bo@demo.example"
    assert data[1]["responses"] == [
        {"pageId": "p1", "type": "rating", "value": 4},
        {"pageId": "p2", "type": "text", "value": "Faster search"}]


def test_responses_page_filter_and_walk(seeded):
    s = nps(seeded.api)
    path = "/surveys/%s/responses" % s["id"]
    only = seeded.api.get(path + "?pageId=p2").json()["data"]
    assert [x["user"]["email"] for x in only] == ["bo@demo.example"]
    assert seeded.api.get(path + "?pageId=nope").json()["data"] == []
    every = walk(seeded.api, path, 1)
    assert [x["id"] for x in every] == \
        [x["id"] for x in seeded.api.get(path).json()["data"]]
    with_page = walk(seeded.api, path + "?pageId=p1", 2)
    assert len(with_page) == 3


@pytest.mark.parametrize("limit", [1, 5, 10, 100])
def test_list_walk(seeded, many, limit):
    assert [s["id"] for s in walk(seeded.api, "/surveys", limit)] == many


def test_filters(seeded, many, server):
    def ids(query):
        return [s["id"] for s in walk(seeded.api, "/surveys?" + query, 3)]

    def expect(where, *args):
        return [r[0] for r in server.sql(
            "SELECT id FROM surveys WHERE org_id = %s AND " + where +
            " ORDER BY created_at DESC, id DESC", seeded.id, *args)]

    assert ids("isActive=true") == expect("is_active")
    assert ids("isActive=false") == expect("NOT is_active")
    assert ids("type=text") == expect("'text' = ANY(page_types)")
    assert ids("type=multiple-choice&isActive=false") == \
        expect("'multiple-choice' = ANY(page_types) AND NOT is_active")
    assert len(ids("type=link")) == 1


@pytest.mark.parametrize("query,param", [
    ("type=video", "type"), ("isActive=yes", "isActive"),
    ("limit=0", "limit"), ("limit=101", "limit"), ("page=2", "page")])
def test_list_query_errors(seeded, query, param):
    r = seeded.api.get("/surveys?" + query)
    assert r.status_code == 400
    assert r.json()["error"]["param"] == param


def test_cursor_of_another_list_is_invalid(seeded, many):
    cursor = seeded.api.get("/brands?limit=1").json()["nextCursor"]
    assert_error(seeded.api.get("/surveys?cursor=" + cursor), 400,
                 "invalid_cursor", param="cursor")
    s = nps(seeded.api)
    survey_cursor = seeded.api.get("/surveys?limit=1").json()["nextCursor"]
    assert_error(seeded.api.get("/surveys/%s/responses?cursor=%s"
                                % (s["id"], survey_cursor)),
                 400, "invalid_cursor", param="cursor")


def test_not_found_and_tenancy(seeded, other_org):
    s = nps(seeded.api)
    for path in ("/surveys/" + s["id"], "/surveys/%s/responses" % s["id"]):
        foreign = other_org.api.get(path)
        assert_error(foreign, 404, "survey_not_found", param="id")
        missing = other_org.api.get(path.replace(s["id"], "0" * 24))
        assert foreign.json() == missing.json()
        assert_error(seeded.api.get(path.replace(s["id"], "12")), 400,
                     "invalid_id", param="id")
    assert other_org.api.get("/surveys").json()["data"] == []


def test_served_under_clover(seeded):
    r = seeded.api.get("/surveys", headers={"Service-Version": CLOVER})
    assert r.status_code == 200

