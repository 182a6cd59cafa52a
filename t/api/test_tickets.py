"""/v2/tickets: create, read, list (filters, sorts, cursors), update
(open, close, snooze), delete, events, tenancy."""
import concurrent.futures
import datetime
import secrets

import pytest

from conftest import Org
from helpers import assert_error

TICKET_KEYS = {"object", "id", "ticketNumber", "title", "content",
               "ticketCategoryId", "categoryType", "ticketUrl", "author",
               "status", "customFields", "companyId", "assigneeId",
               "teamAssigneeId", "open", "snoozedUntil",
               "linkedConversations", "createdAt", "updatedAt",
               "integrations"}


def patch(api, path, **kw):
    return api.request("PATCH", path, **kw)


def iso(delta_hours):
    t = datetime.datetime.now(datetime.timezone.utc) \
        + datetime.timedelta(hours=delta_hours)
    return t.strftime("%Y-%m-%dT%H:%M:%S.000Z")


class Desk:
    """An organization with its demo fields, its categories and statuses
    by kind."""

    def __init__(self, server):
        self.org = Org(server, "tk" + secrets.token_hex(3))
        server.ctl("demo-seed", self.org.id)
        self.api, self.server = self.org.api, server
        self.cats = {c["supportBoardType"]: c["id"] for c in
                     self.api.get("/tickets/categories").json()}
        self.statuses = {s["type"]: s["id"] for s in
                         self.api.get("/tickets/statuses").json()}
        self.fields = {f["label"]: f for f in
                       self.api.get("/tickets/custom_fields").json()["data"]}

    def create(self, **body):
        body.setdefault("ticketCategoryId", self.cats["customer"])
        body.setdefault("title", "Printer on fire")
        body.setdefault("author", {"email": "ann@desk.example",
                                   "name": "Ann"})
        r = self.api.post("/tickets", json=body)
        assert r.status_code == 201, r.text
        return r.json()

    def events(self, topic, ticket_id):
        return self.server.sql(
            "SELECT item, changes FROM events WHERE org_id = %s "
            "AND topic = %s AND item->>'id' = %s ORDER BY created_at",
            self.org.id, topic, ticket_id)


@pytest.fixture(scope="module")
def desk(server):
    return Desk(server)


def test_create_shape_and_event(desk):
    t = desk.create(content="<p>Smoke <script>x</script></p>",
                    customFields={desk.fields["Order number"]["id"]:
                                  "ORD-1"})
    assert set(t) == TICKET_KEYS
    assert t["object"] == "ticket" and len(t["id"]) == 24
    assert isinstance(t["ticketNumber"], int) and t["ticketNumber"] >= 1
    assert t["title"] == "Printer on fire"
    assert t["content"] == "<p>Smoke </p>"
    assert t["ticketCategoryId"] == desk.cats["customer"]
    assert t["categoryType"] == "customer"
    assert t["ticketUrl"].endswith("/tickets/%d" % t["ticketNumber"])
    assert t["author"]["email"] == "ann@desk.example"
    assert t["author"]["type"] == "customer"
    assert t["status"]["id"] == desk.statuses["reviewing"]
    assert t["status"]["object"] == "post_status"
    assert t["status"]["isDefault"] is True
    assert t["customFields"] == {desk.fields["Order number"]["id"]: "ORD-1"}
    assert t["open"] is True and t["snoozedUntil"] is None
    assert t["companyId"] is None and t["assigneeId"] is None
    assert t["teamAssigneeId"] is None
    assert t["linkedConversations"] == []
    assert set(t["integrations"]) == {"linear", "jira", "clickup",
                                      "github", "devops", "hubspot"}
    (item, changes), = desk.events("ticket.created", t["id"])
    assert item == t and changes == []
    # The author is a contact now.
    assert desk.api.get("/contacts/" + t["author"]["id"],
                        headers={"Service-Version": "2026-01-01.nova"}
                        ).status_code == 200


def test_create_options(desk, server):
    company = server.sql(
        "INSERT INTO companies (org_id, company_id, name) VALUES "
        "(%s, 'acme', 'Acme') RETURNING id", desk.org.id)[0][0]
    t = desk.create(ticketCategoryId=desk.cats["tracker"], author={},
                    statusId=desk.statuses["active"],
                    assigneeId=desk.org.owner_id, companyId=company,
                    createdAt="2025-03-04T05:06:07.891Z",
                    skipNotifications=True,
                    customFields={desk.fields["Severity"]["id"]: "High"})
    # An empty author is the key's admin.
    assert t["author"]["type"] == "admin"
    assert t["author"]["id"] == desk.org.owner_id
    assert t["categoryType"] == "tracker"
    assert t["status"]["id"] == desk.statuses["active"]
    assert t["assigneeId"] == desk.org.owner_id
    assert t["companyId"] == company
    assert t["createdAt"] == t["updatedAt"] == "2025-03-04T05:06:07.891Z"
    high = [o["id"] for o in desk.fields["Severity"]["options"]
            if o["label"] == "High"]
    assert t["customFields"] == {desk.fields["Severity"]["id"]: high[0]}


@pytest.mark.parametrize("body, status, code, param", [
    ({"title": "x"}, 400, "invalid_parameter", "title"),
    ({"title": None}, 400, "missing_parameter", "title"),
    ({"author": None}, 400, "missing_parameter", "author"),
    ({"ticketCategoryId": "nothex"}, 400, "invalid_parameter",
     "ticketCategoryId"),
    ({"ticketCategoryId": "f" * 24}, 404, "resource_not_found",
     "ticketCategoryId"),
    ({"statusId": "f" * 24}, 404, "resource_not_found", "statusId"),
    ({"assigneeId": "f" * 24}, 404, "admin_not_found", "assigneeId"),
    ({"companyId": "f" * 24}, 404, "company_not_found", "companyId"),
    ({"author": {"id": "f" * 24}}, 404, "contact_not_found", "author.id"),
    ({"linkedConversationId": "7"}, 404, "resource_not_found",
     "linkedConversationId"),
    ({"customFields": {"f" * 24: "x"}}, 400, "invalid_parameter",
     "customFields." + "f" * 24),
    ({"open": False}, 400, "parameter_not_supported", "open"),
])
def test_create_errors(desk, body, status, code, param):
    full = {"ticketCategoryId": desk.cats["customer"], "title": "Valid",
            "author": {"email": "e@desk.example"}}
    full.update(body)
    full = {k: v for k, v in full.items() if v is not None}
    before = desk.server.sql("SELECT count(*) FROM tickets WHERE "
                             "org_id = %s", desk.org.id)
    assert_error(desk.api.post("/tickets", json=full), status, code,
                 param=param)
    assert desk.server.sql("SELECT count(*) FROM tickets WHERE "
                           "org_id = %s", desk.org.id) == before


def test_field_rules(desk, server):
    sev = desk.fields["Severity"]["id"]
    r = desk.api.post("/tickets", json={
        "ticketCategoryId": desk.cats["tracker"], "title": "Bad",
        "author": {}, "customFields": {sev: "Unheard of",
                                       "0" * 24: 1}})
    err = assert_error(r, 400, "invalid_parameter",
                       param="customFields." + sev)
    assert {d["path"] for d in err["details"]} == {
        "body.customFields." + sev, "body.customFields." + "0" * 24}
    # A post field is not a ticket field.
    post_field = server.sql("SELECT id FROM custom_fields WHERE org_id = %s "
                            "AND scope = 'post' LIMIT 1", desk.org.id)[0][0]
    assert_error(desk.api.post("/tickets", json={
        "ticketCategoryId": desk.cats["tracker"], "title": "Bad",
        "author": {}, "customFields": {post_field: "x"}}),
        400, "invalid_parameter", param="customFields." + post_field)
    # A required field of the category must have a value.
    server.sql("UPDATE custom_fields SET required = true WHERE org_id = %s "
               "AND id = %s", desk.org.id, sev)
    try:
        assert_error(desk.api.post("/tickets", json={
            "ticketCategoryId": desk.cats["tracker"], "title": "Bad",
            "author": {}}), 400, "missing_parameter",
            param="customFields." + sev)
        # Not in a category without it.
        desk.create(ticketCategoryId=desk.cats["back-office"], author={})
    finally:
        server.sql("UPDATE custom_fields SET required = false WHERE "
                   "org_id = %s AND id = %s", desk.org.id, sev)


def test_numbers_per_organization_under_concurrency(server):
    d = Desk(server)
    body = {"ticketCategoryId": d.cats["customer"], "title": "Race",
            "author": {}}
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(
            lambda _: d.api.post("/tickets", json=body), range(24)))
    assert all(r.status_code == 201 for r in answers)
    numbers = sorted(r.json()["ticketNumber"] for r in answers)
    assert numbers == list(range(1, 25))
    # A failed create leaves no gap.
    assert_error(d.api.post("/tickets", json=dict(
        body, statusId="f" * 24)), 404, "resource_not_found",
        param="statusId")
    assert d.create()["ticketNumber"] == 25


def test_get_by_number(desk, other_org):
    t = desk.create()
    n = str(t["ticketNumber"])
    one = desk.api.get("/tickets/" + n).json()
    assert one.pop("conversationParts") == []
    assert one == t
    assert desk.api.get("/tickets/00" + n).json()["id"] == t["id"]
    for bad in ("abc", "0", "-1", "1.5", "1" * 16, t["id"]):
        assert_error(desk.api.get("/tickets/" + bad), 400, "invalid_id",
                     param="id")
    absent = desk.api.get("/tickets/999999")
    assert_error(absent, 404, "resource_not_found", param="id")
    # Another organization's number is its own: a ticket of its own or
    # nothing, never this one.
    foreign = other_org.api.get("/tickets/999999")
    assert foreign.json() == absent.json()
    mine = other_org.api.get("/tickets/" + n)
    assert mine.status_code == 404 or mine.json()["id"] != t["id"]


def test_list_filters_sorts_and_pages(server):
    d = Desk(server)
    tk = [d.create(title="Alpha printer jam"),
          d.create(ticketCategoryId=d.cats["tracker"], author={},
                   title="Beta crash on start",
                   statusId=d.statuses["active"]),
          d.create(ticketCategoryId=d.cats["back-office"], author={},
                   title="Gamma invoice wrong",
                   assigneeId=d.org.owner_id),
          d.create(title="Delta printer smoke",
                   content="<p>the toner melted</p>")]
    ids = [t["id"] for t in tk]

    def listed(query=""):
        r = d.api.get("/tickets" + query)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) == {"object", "data", "nextCursor"}
        for t in body["data"]:
            assert set(t) == TICKET_KEYS
        return [t["id"] for t in body["data"]]

    assert listed() == ids[::-1]
    assert listed("?sortOrder=asc") == ids
    assert listed("?sortBy=ticketNumber&sortOrder=asc") == ids
    assert listed("?sortBy=ticketNumber") == ids[::-1]
    # Recent: the last changed first.
    assert patch(d.api, "/tickets/%d" % tk[0]["ticketNumber"],
                       json={"title": "Alpha printer jammed"}
                       ).status_code == 200
    assert listed("?sortBy=recent")[0] == ids[0]
    assert listed("?categoryType=customer") == [ids[3], ids[0]]
    assert listed("?categoryType=back-office") == [ids[2]]
    assert listed("?ticketCategoryIds=%s,%s" % (
        d.cats["tracker"], d.cats["back-office"])) == [ids[2], ids[1]]
    assert listed("?ticketCategoryIds[]=%s&ticketCategoryIds[]=%s" % (
        d.cats["tracker"], d.cats["customer"])) == [ids[3], ids[1], ids[0]]
    assert listed("?statusIds=" + d.statuses["active"]) == [ids[1]]
    assert listed("?assigneeId=" + d.org.owner_id.upper()) == [ids[2]]
    assert listed("?q=printer") == [ids[3], ids[0]]
    assert listed("?q=toner") == [ids[3]]
    assert listed("?q=printer&categoryType=tracker") == []
    # Pages of one, forwards, in every sort.
    for query in ("", "sortOrder=asc&", "sortBy=ticketNumber&",
                  "sortBy=recent&sortOrder=asc&"):
        seen, cursor = [], None
        while True:
            url = "/tickets?%slimit=1" % query
            if cursor:
                url += "&cursor=" + cursor
            body = d.api.get(url).json()
            seen += [t["id"] for t in body["data"]]
            cursor = body["nextCursor"]
            if cursor is None:
                break
        assert sorted(seen) == sorted(ids) and len(seen) == 4, query
    first = d.api.get("/tickets?limit=1").json()["nextCursor"]
    assert_error(d.api.get("/tickets?sortBy=ticketNumber&cursor=" + first),
                 400, "invalid_cursor", param="cursor")
    assert_error(d.api.get("/tickets?statusIds=nothex"), 400,
                 "invalid_parameter", param="statusIds")
    assert_error(d.api.get("/tickets?assigneeId=nothex"), 400,
                 "invalid_parameter", param="assigneeId")
    assert_error(d.api.get("/tickets?sortBy=upvotes"), 400,
                 "invalid_parameter", param="sortBy")
    assert_error(d.api.get("/tickets?categoryType=other"), 400,
                 "invalid_parameter", param="categoryType")
    assert_error(d.api.get("/tickets?page=2"), 400,
                 "parameter_not_supported", param="page")


def test_list_tenancy(desk, other_org):
    desk.create()
    mine = {t["id"] for t in other_org.api.get("/tickets?limit=100")
            .json()["data"]}
    theirs = {t["id"] for t in desk.api.get("/tickets?limit=100")
              .json()["data"]}
    assert theirs and mine.isdisjoint(theirs)
    # Filtering by another organization's category finds nothing.
    assert other_org.api.get("/tickets?ticketCategoryIds="
                             + desk.cats["customer"]).json()["data"] == []


def test_close_reopen_snooze(desk):
    t = desk.create(statusId=desk.statuses["active"])
    path = "/tickets/%d" % t["ticketNumber"]
    until = iso(2)
    r = patch(desk.api, path, json={"snoozedUntil": until})
    assert r.status_code == 200, r.text
    assert r.json()["snoozedUntil"] == until and r.json()["open"] is True
    # Closing unsnoozes and leaves the status alone.
    r = patch(desk.api, path, json={"open": False})
    assert r.json()["open"] is False and r.json()["snoozedUntil"] is None
    assert r.json()["status"]["id"] == desk.statuses["active"]
    item, changes = desk.events("ticket.updated", t["id"])[-1]
    assert item == r.json()
    assert {c["field"] for c in changes} == {"open", "snoozedUntil"}
    assert_error(patch(desk.api, path, json={"snoozedUntil": until}), 400,
                 "invalid_parameter", param="snoozedUntil")
    # Reopening and snoozing at once is fine.
    r = patch(desk.api, path, json={"open": True, "snoozedUntil": until})
    assert r.json()["open"] is True and r.json()["snoozedUntil"] == until
    assert_error(patch(desk.api, path, json={"snoozedUntil": iso(-1)}), 400,
                 "invalid_parameter", param="snoozedUntil")
    assert_error(patch(desk.api, path, json={"open": False,
                                            "snoozedUntil": until}),
                 400, "invalid_parameter", param="snoozedUntil")
    r = patch(desk.api, path, json={"snoozedUntil": None})
    assert r.json()["snoozedUntil"] is None and r.json()["open"] is True
    assert desk.api.get(path).json()["snoozedUntil"] is None


def test_update_fields(desk, server):
    order = desk.fields["Order number"]["id"]
    t = desk.create(assigneeId=desk.org.owner_id,
                    customFields={order: "ORD-9"})
    path = "/tickets/%d" % t["ticketNumber"]
    r = patch(desk.api, path, json={
        "title": "Renamed", "content": "<p>More</p>",
        "statusId": desk.statuses["completed"], "assigneeId": None,
        "skipNotifications": True})
    assert r.status_code == 200, r.text
    u = r.json()
    assert u["title"] == "Renamed" and u["content"] == "<p>More</p>"
    assert u["status"]["id"] == desk.statuses["completed"]
    assert u["assigneeId"] is None and u["open"] is True
    assert u["customFields"] == {order: "ORD-9"}
    assert u["ticketNumber"] == t["ticketNumber"]
    assert "conversationParts" not in u
    # Custom fields merge; null removes one.
    screens = desk.fields["Screenshots"]["id"]
    r = patch(desk.api, path, json={"customFields": {order: None}})
    assert r.json()["customFields"] == {}
    assert_error(patch(desk.api, path, json={"customFields": {
        screens: "not a file"}}), 400, "invalid_parameter",
        param="customFields." + screens)
    for body, code, param in (
            ({"title": "x"}, "invalid_parameter", "title"),
            ({"statusId": "f" * 24}, "resource_not_found", "statusId"),
            ({"assigneeId": "f" * 24}, "admin_not_found", "assigneeId"),
            ({"companyId": "f" * 24}, "company_not_found", "companyId"),
            ({"open": "no"}, "invalid_parameter", "open"),
            ({"ticketCategoryId": desk.cats["tracker"]},
             "parameter_not_supported", "ticketCategoryId")):
        status = 404 if code.endswith("not_found") else 400
        assert_error(patch(desk.api, path, json=body), status, code,
                     param=param)
    assert desk.api.get(path).json()["title"] == "Renamed"
    # A change that changes nothing records no event.
    n = len(desk.events("ticket.updated", t["id"]))
    assert patch(desk.api, path, json={"title": "Renamed"}).status_code \
        == 200
    assert len(desk.events("ticket.updated", t["id"])) == n


def test_delete(desk, other_org):
    t = desk.create()
    path = "/tickets/%d" % t["ticketNumber"]
    assert_error(other_org.api.request("DELETE", path), 404,
                 "resource_not_found", param="id")
    r = desk.api.request("DELETE", path)
    assert r.status_code == 200
    assert r.json() == {"id": t["id"], "object": "ticket", "deleted": True}
    (item, _), = desk.events("ticket.deleted", t["id"])
    assert item == t
    assert_error(desk.api.get(path), 404, "resource_not_found", param="id")
    assert_error(desk.api.request("DELETE", path), 404,
                 "resource_not_found", param="id")
    assert_error(patch(desk.api, path, json={"title": "Gone"}), 404,
                 "resource_not_found", param="id")
    # Numbers are not reused.
    assert desk.create()["ticketNumber"] > t["ticketNumber"]


def test_viewer_cannot_write(desk):
    viewer = desk.org.client("viewer")
    t = desk.create()
    assert viewer.get("/tickets/%d" % t["ticketNumber"]).status_code == 200
    assert_error(viewer.post("/tickets", json={
        "ticketCategoryId": desk.cats["customer"], "title": "No",
        "author": {}}), 403, "insufficient_permissions")
    assert_error(viewer.request("PATCH", "/tickets/%d" % t["ticketNumber"],
                                json={"title": "No"}),
                 403, "insufficient_permissions")
