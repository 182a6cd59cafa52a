"""An organization set up and run through the API alone: its first key
comes from `feedbackctl org create` (nothing else is seeded), which makes
an API key of its own and is then revoked; every setting and resource is
made through the API, read back, and used by posts, comments,
changelogs, survey responses, a conversation and a ticket.  The two tables are the script: a resource to set up is one
row of SETUP, something to run in the organization one row of RUN."""
import secrets
import time

from conftest import KEY_CACHE_TTL, Client, Org
from helpers import assert_error, NOVA

TAG = secrets.token_hex(3)

# name, method, path (or a function of what was made), body (or one).
SETUP = [
    ("key", "POST", "/api_keys", {"name": "automation"}),
    ("settings", "PATCH", "/organization",
     {"name": "Nothing Inc", "defaultLocale": "en",
      "portalUrl": "https://nothing.example", "identitySecret": "k" * 32}),
    ("role", "POST", "/admins/roles",
     {"name": "Triage", "permissions": {"set_post_status": True,
                                        "manage_comments": True}}),
    ("admin", "POST", "/admins",
     lambda m: {"name": "Tess", "email": "tess-%s@nothing.example" % TAG,
                "roleId": m["role"]["id"]}),
    ("field", "POST", "/custom_fields",
     {"label": "Plan", "type": "select",
      "options": [{"label": "Free"}, {"label": "Pro"}]}),
    ("board", "POST", "/boards",
     lambda m: {"name": "Ideas", "customFields": [m["field"]["id"]],
                "icon": {"type": "emoji", "value": "*"}}),
    ("status", "POST", "/post_statuses",
     {"name": "Triage", "type": "reviewing", "isDefault": True}),
    ("shipped", "POST", "/post_statuses",
     {"name": "Shipped", "type": "completed", "color": "Green"}),
    ("team", "POST", "/teams",
     lambda m: {"name": "Support", "members": [m["admin"]["id"]]}),
    ("brand", "POST", "/brands", {"name": "Nothing Mobile"}),
    ("survey", "POST", "/surveys",
     {"title": "NPS", "isActive": True, "pages": [
         {"id": "p1", "type": "rating", "subType": "nps",
          "title": "Recommend us?"}]}),
    ("tfield", "POST", "/tickets/custom_fields",
     {"label": "Order", "type": "text", "required": True,
      "placeholder": "ORD-0"}),
    ("proof", "POST", "/tickets/custom_fields",
     {"label": "Proof", "type": "file", "allowMultiple": True}),
    ("category", "POST", "/tickets/categories",
     lambda m: {"name": "Orders", "supportBoardType": "customer",
                "customFields": [m["tfield"]["id"], m["proof"]["id"]]}),
    ("tstatus", "POST", "/tickets/statuses",
     {"name": "New", "type": "reviewing", "isDefault": True}),
    ("tdone", "POST", "/tickets/statuses",
     {"name": "Done", "type": "completed", "color": "Green"}),
]

RUN = [
    ("post", "POST", "/posts",
     lambda m: {"title": "Dark mode", "boardId": m["board"]["id"],
                "content": "<p>Please</p>",
                "customFields": {m["field"]["id"]: "Pro"}}),
    ("moved", "PATCH", lambda m: "/posts/" + m["post"]["id"],
     lambda m: {"statusId": m["shipped"]["id"]}),
    ("comment", "POST", "/comments",
     lambda m: {"postId": m["post"]["id"], "content": "<p>Yes!</p>"}),
    ("reply", "POST", "/comments",
     lambda m: {"postId": m["post"]["id"], "content": "<p>Agreed</p>",
                "parentCommentId": m["comment"]["id"]}),
    ("changelog", "POST", "/changelogs",
     {"title": "Dark mode is here", "markdownContent": "It **is**."}),
    ("published", "POST",
     lambda m: "/changelogs/%s/publish" % m["changelog"]["id"], {}),
    ("answer", "POST", lambda m: "/surveys/%s/responses" % m["survey"]["id"],
     {"user": {"email": "una@nothing.example"},
      "responses": [{"pageId": "p1", "value": 9}]}),
    ("contact", "POST", "/contacts",
     {"userId": "una", "email": "una@nothing.example", "name": "Una"}),
    ("conversation", "POST", "/conversations",
     lambda m: {"from": {"type": "contact", "id": m["contact"]["id"]},
                "bodyMarkdown": "My order is late"}),
    ("conv_reply", "POST",
     lambda m: "/conversations/%s/reply" % m["conversation"]["id"],
     lambda m: {"type": "admin", "id": m["admin"]["id"],
                "messageType": "reply", "bodyMarkdown": "On its way"}),
    ("conv_closed", "PATCH",
     lambda m: "/conversations/" + m["conversation"]["id"],
     {"state": "closed"}),
    ("ticket", "POST", "/tickets",
     lambda m: {"ticketCategoryId": m["category"]["id"],
                "title": "Late order", "author": {"id": m["contact"]["id"]},
                "customFields": {m["tfield"]["id"]: "ORD-9"}}),
    ("ticket_done", "PATCH",
     lambda m: "/tickets/%d" % m["ticket"]["ticketNumber"],
     lambda m: {"statusId": m["tdone"]["id"], "open": False}),
    ("ticket_read", "GET",
     lambda m: "/tickets/%d" % m["ticket"]["ticketNumber"], None),
]

# What each made thing reads back at (None: nothing to read).
READ = {
    "key": lambda m: "/api_keys/" + m["key"]["id"],
    "settings": lambda m: "/organization",
    "role": lambda m: "/admins/roles/" + m["role"]["id"],
    "admin": lambda m: "/admins/" + m["admin"]["id"],
    "field": lambda m: "/custom_fields/" + m["field"]["id"],
    "board": lambda m: "/boards/" + m["board"]["id"],
    "status": lambda m: "/post_statuses/" + m["status"]["id"],
    "shipped": lambda m: "/post_statuses/" + m["shipped"]["id"],
    "team": lambda m: "/teams/" + m["team"]["id"],
    "brand": lambda m: "/brands/" + m["brand"]["id"],
    "survey": lambda m: "/surveys/" + m["survey"]["id"],
    "tfield": lambda m: "/tickets/custom_fields/" + m["tfield"]["id"],
    "proof": lambda m: "/tickets/custom_fields/" + m["proof"]["id"],
    "category": lambda m: "/tickets/categories/" + m["category"]["id"],
    "tstatus": lambda m: "/tickets/statuses/" + m["tstatus"]["id"],
    "tdone": lambda m: "/tickets/statuses/" + m["tdone"]["id"],
    "post": lambda m: "/posts/" + m["post"]["id"],
    "comment": lambda m: "/comments/" + m["comment"]["id"],
}


def value(v, made):
    return v(made) if callable(v) else v


def run(api, rows, made):
    for name, method, path, body in rows:
        r = api.request(method, value(path, made), json=value(body, made),
                        headers={"Service-Version": NOVA})
        assert r.status_code in (200, 201), (name, r.text)
        made[name] = r.json()


def test_organization_from_nothing(server):
    org = Org(server, "nothing" + TAG)
    first = org.api
    made = {}
    # Only what org create makes: the Owner, the built-in roles, the
    # default statuses and brand; no board, field, team or survey.
    assert first.get("/boards").json() == []
    assert first.get("/surveys").json()["data"] == []
    run(first, SETUP[:1], made)
    key = made["key"].pop("key")
    api = Client(server, key)
    # The key from feedbackctl is revoked through the API; the rest is
    # done with the key the API made.
    keys = api.get("/api_keys").json()["data"]
    boot = next(k for k in keys if k["id"] != made["key"]["id"])
    assert api.request("DELETE", "/api_keys/" + boot["id"]).status_code == 200
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert_error(first.get("/boards"), 401, "invalid_api_key")

    run(api, SETUP[1:], made)
    for name, path in READ.items():
        if name in made:
            got = api.get(path(made), headers={"Service-Version": NOVA})
            assert got.json() == made[name], name

    run(api, RUN, made)
    post = api.get("/posts/" + made["post"]["id"]).json()
    assert post["status"]["id"] == made["shipped"]["id"]
    assert post["postUrl"].startswith("https://nothing.example/p/")
    assert list(post["customFields"]) == [made["field"]["id"]]
    assert post["commentCount"] == 2
    assert made["published"]["state"] == "published"
    live = api.get("/changelogs").json()["data"]
    assert [c["id"] for c in live] == [made["changelog"]["id"]]
    assert api.get("/surveys/" + made["survey"]["id"]).json()[
        "responseCount"] == 1
    # The conversation ran: replied by the admin made here, closed.
    conv = api.get("/conversations/" + made["conversation"]["id"],
                   headers={"Service-Version": NOVA}).json()
    assert conv["state"] == "closed"
    assert made["conv_reply"]["author"]["id"] == made["admin"]["id"]
    assert made["conv_reply"]["id"] in [
        p["id"] for p in conv["conversationParts"]]
    # The ticket: filed in the category made here, with its field, in
    # the default status made here, then done and closed.
    assert made["ticket"]["status"]["id"] == made["tstatus"]["id"]
    assert made["ticket"]["categoryType"] == "customer"
    ticket = made["ticket_read"]
    # GET adds the linked conversation's parts to what PATCH answered.
    assert {k: v for k, v in ticket.items()
            if k != "conversationParts"} == made["ticket_done"]
    assert ticket["ticketCategoryId"] == made["category"]["id"]
    assert ticket["customFields"] == {made["tfield"]["id"]: "ORD-9"}
    assert ticket["status"]["id"] == made["tdone"]["id"]
    assert ticket["open"] is False
    assert ticket["author"]["id"] == made["contact"]["id"]
    # The required field holds: a ticket without it is refused.
    r = api.post("/tickets", json={"ticketCategoryId": made["category"][
        "id"], "title": "No order", "author": {}})
    assert r.status_code == 400, r.text
    # The admin made through the API works with a key the API made.
    tess = api.post("/api_keys", json={"adminId": made["admin"]["id"]})
    assert tess.status_code == 201, tess.text
    as_tess = Client(server, tess.json()["key"])
    r = as_tess.request("PATCH", "/posts/" + made["post"]["id"],
                        json={"statusId": made["status"]["id"]})
    assert r.status_code == 200, r.text
    assert_error(as_tess.post("/boards", json={"name": "No"}), 403,
                 "insufficient_permissions")
    # A board in use, the default status and the only Owner stay.
    assert_error(api.request("DELETE", "/boards/" + made["board"]["id"]),
                 409, "resource_in_use")
    assert_error(api.request("DELETE", "/post_statuses/"
                             + made["status"]["id"]), 409, "resource_in_use")
    assert_error(api.request("DELETE", "/admins/" + org.owner_id), 409,
                 "resource_in_use")
    # So do a category with a ticket, a field it uses, and the default
    # ticket status.
    assert_error(api.request("DELETE", "/tickets/categories/"
                             + made["category"]["id"]), 409,
                 "resource_in_use")
    assert_error(api.request("DELETE", "/tickets/custom_fields/"
                             + made["tfield"]["id"]), 409,
                 "resource_in_use")
    assert_error(api.request("DELETE", "/tickets/statuses/"
                             + made["tstatus"]["id"]), 409,
                 "resource_in_use")
