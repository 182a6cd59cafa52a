"""Surveys and responses written through the API (management extensions,
manage_surveys): pages checked beyond their field rules, ids made for
pages, choices and logic, responses checked against the survey's pages.
The shared create/update/delete checks are in test_management.py."""
import pytest

from conftest import Client
from test_contacts import CONTACT_SQL_JSON
from helpers import assert_error, pg_layout, pg_list_layout, role_key

PAGES = [
    {"id": "rate", "type": "rating", "subType": "nps", "scale": 10,
     "title": "Recommend us?",
     "logic": [{"comparator": "lessThan", "value": 7,
                "next": {"type": "page", "pageId": "why"}}],
     "defaultAction": {"type": "end"}},
    {"id": "why", "type": "text", "title": "Why?", "placeholder": "..."},
    {"id": "pick", "type": "multiple-choice", "title": "Use?",
     "allowSelectMultiple": True,
     "choices": [{"id": "a", "choice": "Boards"}, {"choice": "Changelog"}]},
    {"type": "link", "title": "Guide", "linkRedirectUrl": "https://x.example",
     "linkTarget": "_blank"},
]


@pytest.fixture(scope="module")
def survey(org):
    r = org.api.post("/surveys", json={
        "title": "Q3", "isActive": True, "pages": PAGES,
        "targeting": {"url": [{"value": "/app", "matchType": "contains"}]}})
    assert r.status_code == 201, r.text
    return r.json()


def test_created_survey(org, survey):
    assert survey["object"] == "survey" and survey["responseCount"] == 0
    assert survey["description"] == "" and survey["isActive"] is True
    t = survey["targeting"]
    assert (t["segmentIds"], t["css"], t["loginRequired"]) == ([], [], False)
    assert len(t["url"][0]["id"]) == 24
    pages = survey["pages"]
    assert [p["id"] for p in pages[:3]] == ["rate", "why", "pick"]
    assert len(pages[3]["id"]) == 24
    assert len(pages[0]["logic"][0]["id"]) == 24
    assert pages[2]["choices"][0] == {"id": "a", "choice": "Boards"}
    assert len(pages[2]["choices"][1]["id"]) == 24
    assert org.api.get("/surveys/" + survey["id"]).json() == survey
    assert any(s["id"] == survey["id"] for s in
               org.api.get("/surveys?type=link&isActive=true").json()["data"])


@pytest.mark.parametrize("pages,param", [
    ([], "pages"),
    ([{"type": "text"}], "pages[0].title"),
    ([{"type": "video", "title": "x"}], "pages[0].type"),
    ([{"type": "text", "title": "x", "choices": [{"choice": "a"}]}],
     "pages[0].choices"),
    ([{"type": "multiple-choice", "title": "x"}], "pages[0].choices"),
    ([{"type": "text", "title": "x", "scale": 5}], "pages[0].scale"),
    ([{"id": "p", "type": "text", "title": "x"},
      {"id": "p", "type": "text", "title": "y"}], "pages[1].id"),
    ([{"type": "text", "title": "x",
       "defaultAction": {"type": "page", "pageId": "nowhere"}}],
     "pages[0].defaultAction.pageId"),
    ([{"type": "text", "title": "x",
       "defaultAction": {"type": "end", "pageId": "x"}}],
     "pages[0].defaultAction.pageId"),
    ([{"type": "text", "title": "x", "logic": [
        {"comparator": "is", "value": {"a": 1}, "next": {"type": "end"}}]}],
     "pages[0].logic[0].value"),
    ([{"type": "rating", "title": "x", "subType": "stars"}],
     "pages[0].subType"),
])
def test_bad_pages(org, pages, param):
    before = org.api.get("/surveys?limit=100").json()["data"]
    r = org.api.post("/surveys", json={"title": "Bad", "pages": pages})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["param"] == param
    assert org.api.get("/surveys?limit=100").json()["data"] == before


def test_update_replaces_pages_and_merges_targeting(org):
    s = org.api.post("/surveys", json={
        "title": "U", "description": "d",
        "targeting": {"loginRequired": True},
        "pages": [{"type": "text", "title": "x"}]}).json()
    r = org.api.request("PATCH", "/surveys/" + s["id"], json={
        "description": None, "targeting": {"segmentIds": ["s"]},
        "pages": [{"id": "n", "type": "rating", "title": "r", "scale": 3}]})
    assert r.status_code == 200, r.text
    u = r.json()
    assert u["description"] == ""
    assert u["targeting"]["loginRequired"] is True
    assert u["targeting"]["segmentIds"] == ["s"]
    assert [p["id"] for p in u["pages"]] == ["n"]


def respond(org, survey, **body):
    return org.api.post("/surveys/%s/responses" % survey["id"], json=body)


def test_responses_checked_against_pages(org, survey, server):
    link = survey["pages"][3]["id"]
    r = respond(org, survey, user={"email": "sam@x.example", "name": "Sam"},
                responses=[
                    {"pageId": "rate", "value": 3},
                    {"pageId": "why", "type": "text", "value": "Slow"},
                    {"pageId": "pick", "value": ["Changelog", "a"]},
                    {"pageId": link, "value": True}])
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["object"] == "survey_response"
    assert made["user"]["email"] == "sam@x.example"
    second = survey["pages"][2]["choices"][1]["id"]
    assert made["responses"] == [
        {"pageId": "rate", "type": "rating", "value": 3},
        {"pageId": "why", "type": "text", "value": "Slow"},
        {"pageId": "pick", "type": "multiple-choice", "value": [second, "a"]},
        {"pageId": link, "type": "link", "value": True}]
    listed = org.api.get("/surveys/%s/responses" % survey["id"]).json()
    assert listed["data"][0] == made
    assert org.api.get("/surveys/" + survey["id"]).json()[
        "responseCount"] == 1
    anon = respond(org, survey, responses=[{"pageId": "rate", "value": 0}])
    assert anon.status_code == 201 and anon.json()["user"] is None


def test_bytes(org, survey, server):
    """Surveys and responses are written in C in the bytes
    json_build_object gave: the stored pages, targeting and answers as
    jsonb columns in their own layout, the user (a contact) as people
    writes it, or null; alone, in the create answer and in pages."""
    layout = {"jsonb_members": ("targeting", "pages", "responses",
                                "customFields")}
    r = org.api.get("/surveys/" + survey["id"])
    assert r.content == pg_layout(r.json(), **layout)
    assert list(r.json()) == [
        "object", "id", "title", "description", "isActive", "organization",
        "responseCount", "targeting", "pages", "createdAt", "updatedAt"]
    made = respond(org, survey, user={"email": "b@x.example", "name": "B"},
                   responses=[{"pageId": "rate", "value": 9}])
    assert made.content == pg_layout(made.json(), **layout)
    # The user is the contact as PostgreSQL built it (test_contacts).
    user = server.sql("SELECT (" + CONTACT_SQL_JSON + ")::text FROM "
                      "contacts c WHERE c.org_id = %s AND c.id = %s",
                      org.id, made.json()["user"]["id"])[0][0].encode()
    assert b'"user" : ' + user + b', "responses" : ' in made.content
    assert list(made.json()) == ["object", "id", "user", "responses",
                                 "createdAt"]
    anon = respond(org, survey, responses=[{"pageId": "why", "value": "x"}])
    assert anon.content == pg_layout(anon.json(), **layout)
    for path in ("/surveys?limit=2", "/surveys/%s/responses?limit=2"
                 % survey["id"]):
        r = org.api.get(path)
        page = r.json()
        assert r.content == pg_list_layout(page["data"],
                                           page["nextCursor"], **layout)


@pytest.mark.parametrize("answers,param", [
    ([], "responses"),
    ([{"pageId": "nope", "value": 1}], "responses[0].pageId"),
    ([{"pageId": "rate", "value": 11}], "responses[0].value"),
    ([{"pageId": "rate", "value": "5"}], "responses[0].value"),
    ([{"pageId": "rate", "type": "text", "value": 5}], "responses[0].type"),
    ([{"pageId": "why", "value": 5}], "responses[0].value"),
    ([{"pageId": "pick", "value": ["zzz"]}], "responses[0].value"),
    ([{"pageId": "pick", "value": []}], "responses[0].value"),
    ([{"pageId": "rate", "value": 1}, {"pageId": "rate", "value": 2}],
     "responses[1].pageId"),
    ([{"pageId": "rate"}], "responses[0].value"),
])
def test_bad_responses_write_nothing(org, survey, answers, param):
    count = org.api.get("/surveys/" + survey["id"]).json()["responseCount"]
    r = respond(org, survey, responses=answers)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["param"] == param
    assert org.api.get("/surveys/" + survey["id"]).json()[
        "responseCount"] == count


def test_single_choice_page_takes_one(org):
    s = org.api.post("/surveys", json={"title": "One", "pages": [
        {"id": "c", "type": "multiple-choice", "title": "Pick one",
         "choices": [{"id": "x", "choice": "X"}, {"id": "y", "choice": "Y"}]
         }]}).json()
    assert respond(org, s, responses=[{"pageId": "c", "value": "Y"}]).json()[
        "responses"][0]["value"] == "y"
    assert_error(respond(org, s, responses=[{"pageId": "c",
                                             "value": ["x", "y"]}]),
                 400, "invalid_parameter", param="responses[0].value")


def test_response_delete_and_tenancy(org, other_org, survey):
    made = respond(org, survey, responses=[{"pageId": "why",
                                            "value": "x"}]).json()
    path = "/surveys/%s/responses/%s" % (survey["id"], made["id"])
    for who in (other_org,):
        assert_error(who.api.request("DELETE", path), 404,
                     "survey_not_found", param="id")
        assert_error(respond(who, survey, responses=[
            {"pageId": "why", "value": "x"}]), 404, "survey_not_found",
            param="id")
    assert_error(org.api.request("DELETE", "/surveys/%s/responses/%s"
                                 % (survey["id"], "0" * 24)),
                 404, "resource_not_found", param="responseId")
    count = org.api.get("/surveys/" + survey["id"]).json()["responseCount"]
    r = org.api.request("DELETE", path)
    assert r.json() == {"id": made["id"], "object": "survey_response",
                        "deleted": True}
    assert org.api.get("/surveys/" + survey["id"]).json()[
        "responseCount"] == count - 1


def test_response_permission(org, survey, server):
    for c in (org.client("viewer"),
              Client(server, role_key(org, server, "manage_surveys"))):
        assert_error(c.post("/surveys/%s/responses" % survey["id"], json={
            "responses": [{"pageId": "why", "value": "x"}]}), 403,
            "insufficient_permissions")


def test_deleting_a_survey_deletes_its_responses(org, server):
    s = org.api.post("/surveys", json={"title": "Gone", "pages": [
        {"id": "t", "type": "text", "title": "x"}]}).json()
    respond(org, s, responses=[{"pageId": "t", "value": "x"}])
    assert org.api.request("DELETE", "/surveys/" + s["id"]).status_code == 200
    assert server.sql("SELECT count(*) FROM survey_responses WHERE "
                      "org_id = %s AND survey_id = %s", org.id,
                      s["id"])[0][0] == 0


def test_concurrent_submissions_all_count(org):
    """Submissions to one survey at once each commit and count once (they
    queue on the survey row instead of deadlocking on it)."""
    from concurrent.futures import ThreadPoolExecutor
    s = org.api.post("/surveys", json={"title": "Busy", "pages": [
        {"id": "rate", "type": "rating", "title": "R", "scale": 5}]}).json()

    def submit(i):
        return respond(org, s, responses=[{"pageId": "rate",
                                           "value": 1 + i % 5}]).status_code

    with ThreadPoolExecutor(12) as pool:
        codes = list(pool.map(submit, range(36)))
    assert codes == [201] * 36
    assert org.api.get("/surveys/" + s["id"]).json()["responseCount"] == 36
