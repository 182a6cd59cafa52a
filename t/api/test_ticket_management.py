"""The management extensions of the help desk (fb_manage.h): what ticket
categories, ticket statuses and ticket custom fields do beyond the table
of t/api/test_management.py (which covers success, validation,
permission flags, the Viewer role and tenancy for them too): a
category's kind fixed at creation, categories in use, one default
status, tickets moving off a deleted status, fields in use and their
values leaving tickets."""
import secrets

import pytest

from conftest import Org
from helpers import assert_error


class Desk:
    """A fresh organization (its seeded categories and statuses)."""

    def __init__(self, server):
        self.org = Org(server, "tm" + secrets.token_hex(3))
        self.api, self.server = self.org.api, server

    def call(self, method, path, **kw):
        return self.api.request(method, path, **kw)

    def statuses(self):
        return {s["name"]: s for s in
                self.api.get("/tickets/statuses").json()}

    def ticket(self, category, **body):
        body.update(ticketCategoryId=category, title="Help",
                    author={"email": "ann@desk.example"})
        r = self.api.post("/tickets", json=body)
        assert r.status_code == 201, r.text
        return r.json()


@pytest.fixture
def desk(server):
    return Desk(server)


def test_category_kind_fixed_and_fields_its_own(desk, other_org):
    c = desk.call("POST", "/tickets/categories", json={
        "name": "Billing", "supportBoardType": "back-office"})
    assert c.status_code == 201, c.text
    c = c.json()
    assert c["object"] == "board" and c["supportBoard"] is True
    assert c["supportBoardType"] == "back-office"
    assert c["localization"]["name"] == {"en": "Billing"}
    assert c == desk.call("GET", "/tickets/categories/" + c["id"]).json()
    assert_error(desk.call("POST", "/tickets/categories",
                           json={"name": "No kind"}),
                 400, "missing_parameter", param="supportBoardType")
    assert_error(desk.call("PATCH", "/tickets/categories/" + c["id"],
                           json={"supportBoardType": "tracker"}),
                 400, "parameter_not_supported", param="supportBoardType")
    # Only the organization's ticket fields: not a post field, nor
    # another organization's ticket field.
    post_field = desk.call("POST", "/custom_fields", json={
        "label": "P", "type": "text"}).json()["id"]
    theirs = other_org.api.post("/tickets/custom_fields", json={
        "label": "T", "type": "text"}).json()["id"]
    for fid in (post_field, theirs):
        assert_error(desk.call("PATCH", "/tickets/categories/" + c["id"],
                               json={"customFields": [fid]}),
                     400, "invalid_parameter", param="customFields")
    mine = desk.call("POST", "/tickets/custom_fields", json={
        "label": "Mine", "type": "text"}).json()["id"]
    r = desk.call("PATCH", "/tickets/categories/" + c["id"],
                  json={"customFields": [mine]})
    assert r.status_code == 200 and r.json()["customFields"] == [mine]
    assert r.json()["supportBoardType"] == "back-office"


def test_category_with_tickets_is_not_deleted(desk):
    c = desk.call("POST", "/tickets/categories", json={
        "name": "Busy", "supportBoardType": "tracker"}).json()
    t = desk.ticket(c["id"])
    assert t["categoryType"] == "tracker"
    err = assert_error(desk.call("DELETE", "/tickets/categories/" + c["id"]),
                       409, "resource_in_use")
    assert "1 ticket" in err["message"]
    assert desk.call("GET", "/tickets/categories/" + c["id"]).json() == c
    assert desk.call("DELETE", "/tickets/%d" % t["ticketNumber"]
                     ).status_code == 200
    r = desk.call("DELETE", "/tickets/categories/" + c["id"])
    assert r.json() == {"id": c["id"], "object": "board", "deleted": True}


def test_one_default_ticket_status(desk):
    new = desk.call("POST", "/tickets/statuses", json={
        "name": "Triage", "type": "reviewing", "isDefault": True}).json()
    assert new["isDefault"] is True and new["color"] == "Gray"
    assert [n for n, s in desk.statuses().items() if s["isDefault"]] == \
        ["Triage"]
    assert_error(desk.call("PATCH", "/tickets/statuses/" + new["id"],
                           json={"isDefault": False}),
                 409, "resource_conflict")
    assert_error(desk.call("DELETE", "/tickets/statuses/" + new["id"]),
                 409, "resource_in_use")
    # New tickets start in the default.
    cat = desk.api.get("/tickets/categories").json()[0]["id"]
    assert desk.ticket(cat)["status"]["id"] == new["id"]
    planned = desk.statuses()["Planned"]
    r = desk.call("PATCH", "/tickets/statuses/" + planned["id"],
                  json={"isDefault": True})
    assert r.status_code == 200 and r.json()["isDefault"] is True
    assert desk.statuses()["Triage"]["isDefault"] is False
    # Post statuses are another list.
    assert "Triage" not in {s["name"] for s in
                            desk.api.get("/post_statuses").json()}


def test_deleted_status_moves_its_tickets_to_the_default(desk):
    cat = desk.api.get("/tickets/categories").json()[0]["id"]
    old = desk.call("POST", "/tickets/statuses", json={
        "name": "Doomed", "type": "active"}).json()
    default = next(s for s in desk.statuses().values() if s["isDefault"])
    tickets = [desk.ticket(cat, statusId=old["id"]) for _ in range(3)]
    assert {t["status"]["id"] for t in tickets} == {old["id"]}
    r = desk.call("DELETE", "/tickets/statuses/" + old["id"])
    assert r.status_code == 200, r.text
    assert r.json() == {"id": old["id"], "object": "post_status",
                        "deleted": True}
    now = [desk.api.get("/tickets/%d" % t["ticketNumber"]).json()
           for t in tickets]
    assert all(t["status"] == default for t in now)
    events = desk.server.sql(
        "SELECT item, changes FROM events WHERE org_id = %s AND "
        "topic = 'ticket.updated' ORDER BY created_at, id", desk.org.id)
    assert sorted(e[0]["id"] for e in events) == \
        sorted(t["id"] for t in tickets)
    for item, changes in events:
        assert item["status"] == default
        assert changes == [{"field": "status", "oldValue": old,
                            "newValue": default}]
    assert_error(desk.call("GET", "/tickets/statuses/" + old["id"]), 404,
                 "resource_not_found", param="id")


def test_file_field_in_use_then_values_leave_tickets(desk):
    f = desk.call("POST", "/tickets/custom_fields", json={
        "label": "Proof", "type": "file", "allowMultiple": True,
        "internal": True})
    assert f.status_code == 201, f.text
    f = f.json()
    assert f["type"] == "file" and f["allowMultiple"] is True
    assert f["internal"] is True
    assert_error(desk.call("POST", "/tickets/custom_fields", json={
        "label": "Proof", "type": "file", "placeholder": "x"}),
        400, "invalid_parameter", param="placeholder")
    # File fields are ticket fields only.
    assert_error(desk.call("POST", "/custom_fields", json={
        "label": "Proof", "type": "file"}), 400, "invalid_parameter",
        param="type")
    note = desk.call("POST", "/tickets/custom_fields", json={
        "label": "Note", "type": "text"}).json()
    cat = desk.call("POST", "/tickets/categories", json={
        "name": "Holder", "supportBoardType": "customer",
        "customFields": [f["id"], note["id"]]}).json()
    err = assert_error(desk.call("DELETE",
                                 "/tickets/custom_fields/" + note["id"]),
                       409, "resource_in_use")
    assert "'Holder'" in err["message"]
    t = desk.ticket(cat["id"], customFields={note["id"]: "hello"})
    assert t["customFields"] == {note["id"]: "hello"}
    desk.call("PATCH", "/tickets/categories/" + cat["id"],
              json={"customFields": [f["id"]]})
    r = desk.call("DELETE", "/tickets/custom_fields/" + note["id"])
    assert r.status_code == 200, r.text
    after = desk.api.get("/tickets/%d" % t["ticketNumber"]).json()
    assert after["customFields"] == {}
    # A post field of the same id space is not reached through here.
    post_field = desk.call("POST", "/custom_fields", json={
        "label": "P", "type": "text"}).json()["id"]
    assert_error(desk.call("DELETE", "/tickets/custom_fields/" + post_field),
                 404, "custom_field_not_found", param="id")
    assert desk.call("GET", "/custom_fields/" + post_field
                     ).status_code == 200


def test_category_texts_and_icons_checked_as_boards(desk):
    """A category is written as a board is: its texts are strings and a
    url icon is https, on create and update."""
    assert_error(desk.call("POST", "/tickets/categories", json={
        "name": "Bad", "supportBoardType": "customer",
        "localization": {"name": {"en": 5}}}),
        400, "invalid_parameter", param="localization.name.en")
    c = desk.call("POST", "/tickets/categories", json={
        "name": "Good " + secrets.token_hex(3),
        "supportBoardType": "customer"}).json()
    assert_error(desk.call("PATCH", "/tickets/categories/" + c["id"], json={
        "icon": {"type": "url", "value": "http://example.com/i.png"}}),
        400, "invalid_parameter", param="icon.value")
    assert desk.call("GET", "/tickets/categories/" + c["id"]).json() == c
