"""Conversation attribute definitions (/v2/conversation_attributes, nova):
the official client's list and retrieve, the management extensions
(create, change, archive), and conversations' customAttributes checked
against them."""
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import Client

from helpers import CLOVER, assert_error, pg_layout, pg_list_layout
from test_conversations import contact, started

KEYS = {"object", "id", "identifier", "name", "dataType", "fieldSubType",
        "options", "archived", "createdAt", "updatedAt"}


def define(org, **body):
    r = org.api.post("/conversation_attributes", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def change(org, aid, **body):
    return org.api.request("PATCH", "/conversation_attributes/" + aid,
                           json=body)


def changed(org, aid, **body):
    r = change(org, aid, **body)
    assert r.status_code == 200, r.text
    return r.json()


def patch(org, cid, attributes):
    return org.api.request("PATCH", "/conversations/" + cid,
                           json={"customAttributes": attributes})


def listed(org, query=""):
    r = org.api.get("/conversation_attributes" + query)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["object"] == "list" and body["nextCursor"] is None
    return body["data"]


def test_define_list_and_retrieve(org, other_org):
    plan = define(org, name="Plan tier", fieldSubType="select",
                  options=[{"label": "Free"}, {"label": "Pro", "id": "pro"}])
    seats = define(org, name="Seats", fieldSubType="number",
                   identifier="seat_count")
    assert set(plan) == KEYS
    assert plan["object"] == "conversation_attribute"
    assert plan["identifier"] == "plan_tier"        # from the name
    assert (plan["dataType"], plan["fieldSubType"]) == ("string", "select")
    assert plan["options"][1] == {"id": "pro", "label": "Pro"}
    assert len(plan["options"][0]["id"]) == 24      # one was given
    assert plan["archived"] is False
    assert (seats["identifier"], seats["dataType"], seats["options"]) == (
        "seat_count", "number", [])
    for sub, data in (("text", "string"), ("checkbox", "boolean"),
                      ("date", "date")):
        assert define(org, name="T " + sub,
                      fieldSubType=sub)["dataType"] == data
    multi = define(org, name="Areas", fieldSubType="multi-select",
                   options=[{"label": "A"}])
    assert multi["dataType"] == "array"
    # Oldest first, every one in one page; retrieve reads one.
    data = listed(org)
    assert [a["id"] for a in data][:2] == [plan["id"], seats["id"]]
    assert org.api.get("/conversation_attributes/" + plan["id"]).json() \
        == plan
    # Written in C in PostgreSQL's json_build_object layout, as every
    # object (options a jsonb column in its own).
    layout = {"jsonb_members": ("options",)}
    r = org.api.get("/conversation_attributes/" + seats["id"])
    assert r.content == pg_layout(seats, **layout)
    assert org.api.get("/conversation_attributes").content \
        == pg_list_layout(data, **layout)
    # Another organization's is a missing one.
    foreign = other_org.api.get("/conversation_attributes/" + plan["id"])
    assert_error(foreign, 404, "resource_not_found", param="id")
    assert foreign.json() == other_org.api.get(
        "/conversation_attributes/" + "1" * 24).json()
    assert listed(other_org) == []
    assert_error(org.api.get("/conversation_attributes/x"), 400,
                 "invalid_id", param="id")
    # Nova only, like every conversation call.
    r = org.api.get("/conversation_attributes",
                    headers={"Featurebase-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")


def test_archive_and_restore(org):
    a = define(org, name="Region", fieldSubType="text")
    archived = changed(org, a["id"], archived=True)
    assert archived["archived"] is True
    assert a["id"] not in [x["id"] for x in listed(org)]
    assert a["id"] in [x["id"] for x in
                       listed(org, "?includeArchived=true")]
    assert a["id"] not in [x["id"] for x in
                           listed(org, "?includeArchived=false")]
    assert org.api.get("/conversation_attributes/" + a["id"]).json()[
        "archived"] is True
    assert_error(org.api.get("/conversation_attributes?includeArchived=1"),
                 400, "invalid_parameter", param="includeArchived")
    assert changed(org, a["id"], archived=False)["archived"] is False
    assert a["id"] in [x["id"] for x in listed(org)]


def test_definition_rules(org, server):
    base = define(org, name="Kind", fieldSubType="select",
                  options=[{"label": "Bug"}, {"label": "Idea"}])
    for body, status, code, param in (
            ({}, 400, "missing_parameter", "name"),
            ({"name": "X"}, 400, "missing_parameter", "fieldSubType"),
            ({"name": "X", "fieldSubType": "file"}, 400,
             "invalid_parameter", "fieldSubType"),
            ({"name": "X", "fieldSubType": "text",
              "identifier": "Has Space"}, 400, "invalid_parameter",
             "identifier"),
            ({"name": "!!!", "fieldSubType": "text"}, 400,
             "missing_parameter", "identifier"),
            ({"name": "X", "fieldSubType": "text",
              "options": [{"label": "a"}]}, 400, "invalid_parameter",
             "options"),
            ({"name": "X", "fieldSubType": "select"}, 400,
             "invalid_parameter", "options"),
            ({"name": "X", "fieldSubType": "select", "options": []}, 400,
             "invalid_parameter", "options"),
            ({"name": "X", "fieldSubType": "select",
              "options": [{"label": "a"}, {"label": "A"}]}, 400,
             "invalid_parameter", "options[1].label"),
            ({"name": "X", "fieldSubType": "select",
              "options": [{"label": "a", "id": "1"},
                          {"label": "b", "id": "1"}]}, 400,
             "invalid_parameter", "options[1].id"),
            ({"name": "Kind", "fieldSubType": "text"}, 409,
             "resource_conflict", None),
            ({"name": "X", "fieldSubType": "text", "archived": True}, 400,
             "parameter_not_supported", "archived")):
        r = org.api.post("/conversation_attributes", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]["code"] == code, (body, r.text)
        if param is not None:
            assert r.json()["error"].get("param") == param, (body, r.text)
    # The subtype and identifier are chosen once; options must be the
    # attribute's own by id.
    for body, code, param in (
            ({"fieldSubType": "text"}, "parameter_not_supported",
             "fieldSubType"),
            ({"identifier": "other"}, "parameter_not_supported",
             "identifier"),
            ({"options": [{"id": "nope", "label": "N"}]},
             "invalid_parameter", "options"),
            ({"options": []}, "invalid_parameter", "options"),
            ({"name": ""}, "invalid_parameter", "name")):
        assert_error(change(org, base["id"], **body), 400, code,
                     param=param)
    assert_error(change(org, "0" * 24, name="Y"), 404, "resource_not_found",
                 param="id")
    # Names and options trimmed, renaming keeps the identifier and ids.
    kept = base["options"][0]
    r = changed(org, base["id"], name="  Kind of report ",
                options=[{"id": kept["id"], "label": " Defect "},
                         {"label": "Question"}])
    assert r["name"] == "Kind of report" and r["identifier"] == "kind"
    assert r["options"][0] == {"id": kept["id"], "label": "Defect"}
    assert [o["label"] for o in r["options"]] == ["Defect", "Question"]


def test_permissions(org):
    viewer = org.key_for("viewer")
    from conftest import Client
    c = Client(org.server, viewer)
    r = c.post("/conversation_attributes", json={"name": "V",
                                                 "fieldSubType": "text"})
    assert_error(r, 403, "insufficient_permissions")
    assert c.get("/conversation_attributes").status_code == 200


def test_conversation_values_are_checked(org):
    who = contact(org)
    cid = started(org, who)["id"]
    plan = define(org, name="Plan", fieldSubType="select",
                  options=[{"label": "Free", "id": "free"},
                           {"label": "Pro", "id": "pro"}])
    seats = define(org, name="Seat total", fieldSubType="number")
    areas = define(org, name="Area list", fieldSubType="multi-select",
                   options=[{"label": "Billing", "id": "b"},
                            {"label": "Login", "id": "l"}])
    vip = define(org, name="VIP", fieldSubType="checkbox")
    since = define(org, name="Customer since", fieldSubType="date")
    note = define(org, name="Note", fieldSubType="text")
    r = patch(org, cid, {plan["id"]: "Pro", seats["id"]: 12,
                         areas["id"]: ["Login", "b"], vip["id"]: True,
                         since["id"]: "2024-05-01",
                         note["id"].upper(): "hi"})
    assert r.status_code == 200, r.text
    # Keyed by the definitions' ids; options stored by id.
    assert r.json()["customAttributes"] == {
        plan["id"]: "pro", seats["id"]: 12, areas["id"]: ["l", "b"],
        vip["id"]: True, since["id"]: "2024-05-01", note["id"]: "hi"}
    # Every bad key is named, in the details too.
    r = patch(org, cid, {"plan": "pro", "0" * 24: 1, plan["id"]: "Gold",
                         seats["id"]: "12", areas["id"]: "b",
                         vip["id"]: [True]})
    err = assert_error(r, 400, "invalid_parameter",
                       param="customAttributes.plan")
    assert {d["path"] for d in err["details"]} == {
        "body.customAttributes." + k for k in
        ("plan", "0" * 24, plan["id"], seats["id"], areas["id"],
         vip["id"])}
    messages = {d["path"].split(".")[-1]: d["message"]
                for d in err["details"]}
    assert "not one of" in messages[plan["id"]]
    assert "number" in messages[seats["id"]]
    assert "No conversation attribute" in messages["0" * 24]
    # Nothing of a refused write is kept.
    got = org.api.get("/conversations/" + cid).json()["customAttributes"]
    assert got[plan["id"]] == "pro" and got[seats["id"]] == 12
    # null removes a value.
    r = patch(org, cid, {seats["id"]: None})
    assert seats["id"] not in r.json()["customAttributes"]
    # Another organization's definition is unknown here.
    assert_error(patch(org, cid, {"1" * 24: 1}), 400, "invalid_parameter",
                 param="customAttributes." + "1" * 24)


def test_values_on_create(org):
    who = contact(org)
    tier = define(org, name="Tier on create", fieldSubType="select",
                  options=[{"label": "Gold"}])
    c = started(org, who, customAttributes={tier["id"]: "Gold"})
    assert c["customAttributes"] == {tier["id"]: tier["options"][0]["id"]}
    r = org.api.post("/conversations", json={
        "from": {"type": "contact", "id": who["id"]},
        "bodyMarkdown": "x", "customAttributes": {tier["id"]: "Silver"}})
    assert_error(r, 400, "invalid_parameter",
                 param="customAttributes." + tier["id"])
    assert started(org, who)["customAttributes"] == {}


def test_archived_values_are_kept_hidden_and_refused(org, server):
    who = contact(org)
    cid = started(org, who)["id"]
    mood = define(org, name="Mood", fieldSubType="text")
    size = define(org, name="Size", fieldSubType="number")
    patch(org, cid, {mood["id"]: "calm", size["id"]: 3})
    changed(org, mood["id"], archived=True)
    got = org.api.get("/conversations/" + cid).json()
    assert got["customAttributes"] == {size["id"]: 3}
    listed_conv = [c for c in org.api.get("/conversations").json()["data"]
                   if c["id"] == cid][0]
    assert listed_conv["customAttributes"] == {size["id"]: 3}
    found = org.api.post("/conversations/search", json={"query": {
        "field": "participantId", "operator": "=", "value": who["id"]}})
    assert found.status_code == 200, found.text
    assert [r["customAttributes"] for r in found.json()["data"]] == [
        {size["id"]: 3}]
    # Stored still.
    assert server.sql("SELECT custom_attributes ->> %s FROM conversations "
                      "WHERE org_id = %s AND id = %s", mood["id"], org.id,
                      cid) == [("calm",)]
    # Writes naming it are refused, null included.
    for value in ("sad", None):
        err = assert_error(patch(org, cid, {mood["id"]: value}), 400,
                           "invalid_parameter",
                           param="customAttributes." + mood["id"])
        assert "archived" in err["message"]
    # Restored, with its value.
    changed(org, mood["id"], archived=False)
    got = org.api.get("/conversations/" + cid).json()
    assert got["customAttributes"] == {mood["id"]: "calm", size["id"]: 3}
    # Keys no definition has (stored before definitions existed) are not
    # shown either.
    server.sql("UPDATE conversations SET custom_attributes = "
               "custom_attributes || '{\"legacy\": 1}' WHERE org_id = %s "
               "AND id = %s", org.id, cid)
    assert "legacy" not in org.api.get(
        "/conversations/" + cid).json()["customAttributes"]


def test_removed_options_leave_the_values(org, server):
    who = contact(org)
    one, two, three = (started(org, who)["id"] for _ in range(3))
    pick = define(org, name="Pick", fieldSubType="select",
                  options=[{"label": "A", "id": "a"},
                           {"label": "B", "id": "b"}])
    many = define(org, name="Many", fieldSubType="multi-select",
                  options=[{"label": "A", "id": "a"},
                           {"label": "B", "id": "b"},
                           {"label": "C", "id": "c"}])
    patch(org, one, {pick["id"]: "a", many["id"]: ["a", "b"]})
    patch(org, two, {pick["id"]: "b", many["id"]: ["b"]})
    patch(org, three, {many["id"]: ["c", "a"]})
    before = org.api.get("/conversations/" + three).json()["updatedAt"]
    changed(org, pick["id"], options=[{"id": "a", "label": "A"}])
    changed(org, many["id"], options=[{"id": "a", "label": "A"},
                                      {"id": "c", "label": "C"}])

    def values(cid):
        return org.api.get("/conversations/" + cid).json()[
            "customAttributes"]

    assert values(one) == {pick["id"]: "a", many["id"]: ["a"]}
    assert values(two) == {}
    assert values(three) == {many["id"]: ["c", "a"]}
    # A conversation whose values all stayed is not touched.
    assert org.api.get("/conversations/" + three).json()["updatedAt"] \
        == before
    # The removed option is no value any more.
    assert_error(patch(org, one, {pick["id"]: "b"}), 400,
                 "invalid_parameter", param="customAttributes." + pick["id"])


def test_option_changes_race_conversation_writes(org):
    # Conversation writes naming an attribute and changes of its options
    # (which rewrite the conversations holding a removed option) take
    # the definition's lock before the conversations' rows, in the same
    # order: none deadlocks (a deadlock is answered 503), and every value
    # left names an option the attribute has.
    who = contact(org)
    convs = [started(org, who)["id"] for _ in range(4)]
    pick = define(org, name="Raced", fieldSubType="multi-select",
                  options=[{"id": "a", "label": "A"}, {"label": "B"}])
    # B comes and goes (a new id each time it comes back).
    both = [{"id": "a", "label": "A"}, {"label": "B"}]

    def write(i):
        c = Client(org.server, org.key)
        if i % 2:
            r = c.request("PATCH", "/conversation_attributes/"
                          + pick["id"], json={
                              "options": both if i % 4 == 1
                              else both[:1]})
            return "definition", r.status_code
        # By label: B while it is there, refused (400) while it is not.
        r = c.request("PATCH", "/conversations/" + convs[i // 2 % 4],
                      json={"customAttributes": {pick["id"]: ["A", "B"]}})
        return "conversation", r.status_code

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(write, range(60)))
    assert all(code == 200 for kind, code in got if kind == "definition")
    assert all(code in (200, 400) for kind, code in got), got
    assert any(code == 200 for kind, code in got if kind == "conversation")
    options = {o["id"] for o in org.api.get(
        "/conversation_attributes/" + pick["id"]).json()["options"]}
    for cid in convs:
        values = org.api.get("/conversations/" + cid).json()[
            "customAttributes"].get(pick["id"], [])
        assert set(values) <= options


@pytest.mark.parametrize("given", [{"a": 1}, {"x" * 30: "y"}])
def test_search_on_undefined_keys_finds_nothing(org, given):
    # Values can only be written under definitions' ids.
    cid = started(org, contact(org))["id"]
    r = patch(org, cid, given)
    assert r.status_code == 400
    assert json.loads(r.text)["error"]["code"] == "invalid_parameter"


def test_include_expands_values_with_their_definitions(org, other_org):
    """include=customAttributeDefinitions adds customAttributeValues to
    GET, the list and search rows: each value shown, beside its
    definition, in the definitions' order; archived ones and other
    organizations' never."""
    who = contact(org)
    cid = started(org, who)["id"]
    bare = started(org, who)["id"]
    plan = define(org, name="Expand plan", fieldSubType="select",
                  options=[{"label": "Pro", "id": "pro"}])
    areas = define(org, name="Expand areas", fieldSubType="multi-select",
                   options=[{"label": "Billing", "id": "b"},
                            {"label": "Login", "id": "l"}])
    gone = define(org, name="Expand gone", fieldSubType="text")
    unused = define(org, name="Expand unused", fieldSubType="checkbox")
    assert patch(org, cid, {areas["id"]: ["l", "b"], plan["id"]: "Pro",
                            gone["id"]: "x"}).status_code == 200
    changed(org, gone["id"], archived=True)

    def expected(d, value):
        return {"id": d["id"], "identifier": d["identifier"],
                "name": d["name"], "dataType": d["dataType"],
                "fieldSubType": d["fieldSubType"], "options": d["options"],
                "value": value}
    want = [expected(plan, "pro"), expected(areas, ["l", "b"])]
    assert unused["id"] not in str(want)

    got = org.api.get("/conversations/" + cid,
                      params={"include": "customAttributeDefinitions"})
    assert got.status_code == 200, got.text
    assert got.json()["customAttributeValues"] == want
    assert got.json()["customAttributes"] == {plan["id"]: "pro",
                                              areas["id"]: ["l", "b"]}
    # Only when asked.
    assert "customAttributeValues" not in org.api.get(
        "/conversations/" + cid).json()

    page = org.api.get("/conversations?limit=100&include="
                       "customAttributeDefinitions")
    assert page.status_code == 200, page.text
    rows = {c["id"]: c for c in page.json()["data"]}
    assert rows[cid]["customAttributeValues"] == want
    assert rows[bare]["customAttributeValues"] == []
    assert all("customAttributeValues" not in c for c in org.api.get(
        "/conversations?limit=100").json()["data"])

    found = org.api.post("/conversations/search", json={
        "query": {"field": "participantId", "operator": "=",
                  "value": who["id"]},
        "include": ["customAttributeDefinitions"]})
    assert found.status_code == 200, found.text
    rows = {c["id"]: c for c in found.json()["data"]}
    assert rows[cid]["customAttributeValues"] == want
    assert rows[bare]["customAttributeValues"] == []

    # The definition's answer and the expansion agree on the one table
    # of data types.
    for d in (plan, areas, unused):
        assert org.api.get("/conversation_attributes/" + d["id"]).json()[
            "dataType"] == {"select": "string", "multi-select": "array",
                            "checkbox": "boolean"}[d["fieldSubType"]]

    # Nothing else may be included, in the query or the body.
    assert_error(org.api.get("/conversations/" + cid,
                             params={"include": "parts"}),
                 400, "invalid_parameter", param="include")
    assert_error(org.api.get("/conversations",
                             params={"include": "customAttributeDefinitions,"
                                                "x"}),
                 400, "invalid_parameter", param="include")
    assert_error(org.api.post("/conversations/search",
                              json={"include": ["parts"]}),
                 400, "invalid_parameter", param="include")

    # Another organization's conversation is not found, expanded or not.
    assert_error(other_org.api.get(
        "/conversations/" + cid,
        params={"include": "customAttributeDefinitions"}),
        404, "conversation_not_found", param="id")
