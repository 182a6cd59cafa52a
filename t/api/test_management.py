"""The management extensions (fb_manage.h): create, update and delete of
every managed resource, driven by one table.  Each row is checked for
success (the answer equals what GET shows), validation (400 naming the
field, nothing written), its permission flag (403 without it, 403 for
Viewer), tenancy (another organization's id is a 404 identical to a
missing one) and deletion.  What each resource does beyond that (defaults,
conflicts, moves) is tested below the table."""
import re
import secrets
import time

import pytest

from conftest import KEY_CACHE_TTL, Client
from helpers import assert_error, role_key, NOVA

# path, permission flag, 404 code, version header, create body, update
# body, a bad create body and the param it names, the deleted object name.
RESOURCES = {
    "boards": dict(
        path="/boards", flag="manage_boards", missing="board_not_found",
        create={"name": "Ideas", "icon": {"type": "emoji", "value": "x"},
                "access": {"adminOnly": True, "segments": ["s1"]},
                "features": {"commentsEnabled": False},
                "postDefaults": {"visibility": "authorOnly"},
                "localization": {"description": {"en": "All ideas"}}},
        update={"name": "Ideas 2", "features": {"postingEnabled": False},
                "icon": None},
        bad=({"name": ""}, "name"), object="board"),
    "post_statuses": dict(
        path="/post_statuses", flag="manage_statuses",
        missing="resource_not_found",
        create={"name": "Shipped", "color": "Green", "type": "completed"},
        update={"name": "Shipped!", "type": "active"},
        bad=({"type": "done"}, "type"), object="post_status"),
    "custom_fields": dict(
        path="/custom_fields", flag="manage_custom_fields",
        missing="custom_field_not_found",
        create={"label": "Tier", "type": "select", "required": True,
                "options": [{"label": "Gold"}, {"label": "Silver"}]},
        update={"label": "Tier 2", "options": [{"label": "Bronze"}]},
        bad=({"options": [{"id": "x"}]}, "options[0].label"),
        object="custom_field"),
    "brands": dict(
        path="/brands", flag="manage_branding", missing="brand_not_found",
        create={"name": "Acme", "helpCenterId": "hc"},
        update={"name": "Acme 2", "helpCenterId": None},
        bad=({"name": 5}, "name"), object="brand"),
    "teams": dict(
        path="/teams", flag="manage_team_members", missing="team_not_found",
        create={"name": "Support", "color": "#112233",
                "icon": {"type": "emoji", "value": "x"}},
        update={"name": "Support 2", "icon": None},
        bad=({"icon": {"type": "svg", "value": "x"}}, "icon.type"),
        object="team"),
    "admin_roles": dict(
        path="/admins/roles", flag="manage_user_roles",
        missing="resource_not_found",
        create=lambda o: {"name": "Support " + secrets.token_hex(3),
                          "permissions": {"manage_users": True}},
        update={"name": "Support 2"},
        bad=({"permissions": []}, "permissions"), object="admin_role"),
    "admins": dict(
        path="/admins", flag="manage_team_members",
        missing="admin_not_found",
        create=lambda o: {"name": "Ann",
                          "email": "ann-%s@example.com" % secrets.token_hex(3),
                          "roleId": role_id(o, "Viewer")},
        update={"name": "Ann 2", "profilePicture": "https://x.example/a"},
        bad=({"email": "nope"}, "email"), object="admin"),
    "surveys": dict(
        path="/surveys", flag="manage_surveys", missing="survey_not_found",
        create={"title": "T", "pages": [{"type": "text", "title": "Q"}]},
        update={"isActive": True},
        bad=({"pages": [{"type": "text"}]}, "pages[0].title"),
        object="survey"),
    "api_keys": dict(
        path="/api_keys", flag="manage_api", missing="resource_not_found",
        create={"name": "ci"}, update={"name": "ci 2"},
        bad=({"adminId": "nope"}, "adminId"), object="api_key",
        revoked=True, read_flag=True),
    "ticket_categories": dict(
        path="/tickets/categories", flag="manage_boards",
        missing="board_not_found",
        create={"name": "Returns", "supportBoardType": "customer",
                "icon": {"type": "emoji", "value": "x"}},
        update={"name": "Returns 2", "features": {"postingEnabled": False}},
        bad=({"supportBoardType": "helpdesk"}, "supportBoardType"),
        object="board"),
    "ticket_statuses": dict(
        path="/tickets/statuses", flag="manage_statuses",
        missing="resource_not_found",
        create={"name": "Waiting", "color": "Blue", "type": "active"},
        update={"name": "Waiting on us", "type": "unstarted"},
        bad=({"type": "done"}, "type"), object="post_status"),
    "ticket_fields": dict(
        path="/tickets/custom_fields", flag="manage_custom_fields",
        missing="custom_field_not_found",
        create={"label": "Receipts", "type": "file", "allowMultiple": True},
        update={"label": "Receipt", "allowMultiple": False},
        bad=({"type": "color"}, "type"), object="custom_field"),
}


def role_id(org, name):
    return next(r["id"] for r in org.api.get("/admins/roles").json()["data"]
                if r["name"] == name)


def create_body(res, org):
    body = res["create"]
    return body(org) if callable(body) else dict(body)


def client(org, key):
    return Client(org.server, key)


def api(c):
    """Requests under nova, where every managed resource is served."""
    def call(method, path, **kw):
        kw.setdefault("headers", {})["Service-Version"] = NOVA
        return c.request(method, path, **kw)
    return call


@pytest.fixture(params=sorted(RESOURCES))
def res(request):
    return RESOURCES[request.param]


def test_create_read_update_delete(org, res):
    call = api(org.api)
    r = call("POST", res["path"], json=create_body(res, org))
    assert r.status_code == 201, r.text
    made = r.json()
    made.pop("key", None)
    assert call("GET", res["path"] + "/" + made["id"]).json() == made
    r = call("PATCH", res["path"] + "/" + made["id"], json=res["update"])
    assert r.status_code == 200, r.text
    changed = r.json()
    assert changed["id"] == made["id"] and changed != made
    assert call("GET", res["path"] + "/" + made["id"]).json() == changed
    r = call("DELETE", res["path"] + "/" + made["id"])
    assert r.status_code == 200, r.text
    assert r.json() == {"id": made["id"], "object": res["object"],
                        "deleted": True}
    if res.get("revoked"):
        # Revoked, not gone: the record stays for the audit trail.
        assert call("GET", res["path"] + "/" + made["id"]).json()[
            "revokedAt"] is not None
        return
    assert_error(call("GET", res["path"] + "/" + made["id"]), 404,
                 res["missing"], param="id")
    for method in ("PATCH", "DELETE"):
        kw = {"json": res["update"]} if method == "PATCH" else {}
        assert_error(call(method, res["path"] + "/" + made["id"], **kw),
                     404, res["missing"], param="id")


def test_validation_writes_nothing(org, res, server):
    call = api(org.api)
    before = call("GET", res["path"]).json()
    body, param = res["bad"]
    r = call("POST", res["path"], json=dict(create_body(res, org), **body))
    assert r.status_code == 400, r.text
    assert r.json()["error"]["param"] == param
    assert_error(call("POST", res["path"],
                      json=dict(create_body(res, org), nonsense=1)),
                 400, "parameter_not_supported", param="nonsense")
    assert call("GET", res["path"]).json() == before
    assert_error(call("PATCH", res["path"] + "/12", json={}), 400,
                 "invalid_id", param="id")
    assert_error(call("DELETE", res["path"] + "/12"), 400, "invalid_id",
                 param="id")


def test_permission_flag_and_viewer(org, res, server):
    made = api(org.api)("POST", res["path"],
                        json=create_body(res, org)).json()
    made.pop("key", None)
    one = res["path"] + "/" + made["id"]
    for c in (client(org, role_key(org, server, res["flag"])),
              org.client("viewer")):
        call = api(c)
        for method, path, body in (("POST", res["path"],
                                    create_body(res, org)),
                                   ("PATCH", one, res["update"]),
                                   ("DELETE", one, None)):
            r = call(method, path, json=body)
            assert_error(r, 403, "insufficient_permissions")
        # Reading needs no flag, but for what is a secret's record.
        assert call("GET", one).status_code == \
            (403 if res.get("read_flag") else 200)
    assert api(org.api)("GET", one).json() == made


def test_tenancy(org, other_org, res):
    made = api(org.api)("POST", res["path"],
                        json=create_body(res, org)).json()
    made.pop("key", None)
    call = api(other_org.api)
    for method, body in (("PATCH", res["update"]), ("DELETE", None)):
        foreign = call(method, res["path"] + "/" + made["id"], json=body)
        missing = call(method, res["path"] + "/" + "0" * 24, json=body)
        assert_error(foreign, 404, res["missing"], param="id")
        assert foreign.json() == missing.json()
    assert api(org.api)("GET", res["path"] + "/" + made["id"]).json() == made


# ---- boards -------------------------------------------------------------

def test_board_defaults_and_localization(org):
    call = api(org.api)
    b = call("POST", "/boards", json={"name": "Plain"}).json()
    assert b["icon"] is None
    assert b["access"] == {"adminOnly": False, "segments": [],
                           "allowedRoles": [], "deniedRoles": []}
    assert b["features"] == {"postingEnabled": True,
                             "commentsEnabled": True,
                             "createdDatesVisible": True}
    assert b["postDefaults"] == {"visibility": "public"}
    assert b["localization"]["name"] == {"en": "Plain"}
    u = call("PATCH", "/boards/" + b["id"],
             json={"access": {"deniedRoles": ["r"]},
                   "localization": {"heroTitle": {"en": "Hi"}}}).json()
    assert u["access"]["deniedRoles"] == ["r"]
    assert u["access"]["adminOnly"] is False
    assert u["localization"]["heroTitle"] == {"en": "Hi"}
    assert u["localization"]["name"] == {"en": "Plain"}


def test_board_custom_fields_must_exist(org, other_org):
    call = api(org.api)
    foreign = api(other_org.api)("POST", "/custom_fields", json={
        "label": "Theirs", "type": "text"}).json()["id"]
    for fid in (foreign, "0" * 24):
        err = assert_error(call("POST", "/boards", json={
            "name": "B", "customFields": [fid]}), 400, "invalid_parameter",
            param="customFields")
        assert err["message"] == "Unknown custom field '%s'." % fid
    mine = call("POST", "/custom_fields", json={
        "label": "Mine", "type": "text"}).json()["id"]
    b = call("POST", "/boards", json={"name": "B", "customFields": [mine]})
    assert b.status_code == 201 and b.json()["customFields"] == [mine]


def test_board_with_posts_is_not_deleted(org):
    call = api(org.api)
    b = call("POST", "/boards", json={"name": "Busy"}).json()
    p = call("POST", "/posts", json={"title": "A post", "boardId": b["id"],
                                     "content": "<p>x</p>"})
    assert p.status_code in (200, 201), p.text
    err = assert_error(call("DELETE", "/boards/" + b["id"]), 409,
                       "resource_in_use")
    assert err["message"] == \
        "The board has 1 post(s); move or delete them first."
    assert call("GET", "/boards/" + b["id"]).status_code == 200
    call("DELETE", "/posts/" + p.json()["id"])
    assert call("DELETE", "/boards/" + b["id"]).status_code == 200


# ---- post statuses -----------------------------------------------------

def statuses(call):
    return {s["name"]: s for s in call("GET", "/post_statuses").json()}


def test_one_default_status_at_a_time(server):
    from conftest import Org
    o = Org(server, "st" + secrets.token_hex(3))
    call = api(o.api)
    new = call("POST", "/post_statuses", json={
        "name": "Triage", "type": "reviewing", "isDefault": True}).json()
    assert new["isDefault"] is True and new["color"] == "Gray"
    defaults = [s["name"] for s in statuses(call).values() if s["isDefault"]]
    assert defaults == ["Triage"]
    # The default is not demoted by itself, nor deleted.
    err = assert_error(call("PATCH", "/post_statuses/" + new["id"],
                            json={"isDefault": False}),
                       409, "resource_conflict")
    assert err["message"] == ("This status is the default; make another "
                              "status the default instead.")
    err = assert_error(call("DELETE", "/post_statuses/" + new["id"]), 409,
                       "resource_in_use")
    assert err["message"] == ("The default status cannot be deleted; make "
                              "another status the default first.")
    # Another becoming the default demotes it.
    planned = statuses(call)["Planned"]
    r = call("PATCH", "/post_statuses/" + planned["id"],
             json={"isDefault": True})
    assert r.status_code == 200 and r.json()["isDefault"] is True
    assert statuses(call)["Triage"]["isDefault"] is False
    # A post made now starts in the default.
    board = call("POST", "/boards", json={"name": "B"}).json()
    p = call("POST", "/posts", json={"title": "New post",
                                     "boardId": board["id"]}).json()
    assert p["status"]["id"] == planned["id"]


def test_deleted_status_moves_its_posts_to_the_default(server):
    from conftest import Org
    o = Org(server, "mv" + secrets.token_hex(3))
    call = api(o.api)
    board = call("POST", "/boards", json={"name": "B"}).json()
    old = call("POST", "/post_statuses", json={
        "name": "Doomed", "type": "active"}).json()
    default = next(s for s in statuses(call).values() if s["isDefault"])
    posts = [call("POST", "/posts", json={
        "title": "Post %d" % i, "boardId": board["id"],
        "statusId": old["id"]}).json() for i in range(3)]
    assert {p["status"]["id"] for p in posts} == {old["id"]}
    # One shared with its author's company: its event says with which.
    author = server.sql("SELECT author_admin_id FROM posts WHERE org_id = "
                        "%s AND id = %s", o.id, posts[0]["id"])[0][0]
    contact = server.sql("INSERT INTO contacts (org_id, name, email) "
                         "VALUES (%s, 'Mv', 'mv@x.example') RETURNING id",
                         o.id)[0][0]
    company = server.sql("INSERT INTO companies (org_id, company_id, name) "
                         "VALUES (%s, 'ext-mv', 'Mv') RETURNING id",
                         o.id)[0][0]
    server.sql("INSERT INTO contact_companies VALUES (%s, %s, %s)", o.id,
               contact, company)
    server.sql("UPDATE posts SET author_contact_id = %s, author_admin_id = "
               "NULL, visibility = 'companyOnly' WHERE org_id = %s AND "
               "id = %s", contact, o.id, posts[0]["id"])
    assert author is not None
    r = call("DELETE", "/post_statuses/" + old["id"])
    assert r.status_code == 200, r.text
    for p in posts:
        now = call("GET", "/posts/" + p["id"]).json()
        assert now["status"] == default
    events = server.sql(
        "SELECT item, changes FROM events WHERE org_id = %s AND "
        "topic = 'post.updated' ORDER BY created_at, id", o.id)
    assert sorted(e[0]["id"] for e in events) == \
        sorted(p["id"] for p in posts)
    for item, changes in events:
        assert item["status"] == default
        assert changes == [{"field": "status", "oldValue": old,
                            "newValue": default}]
        assert item["access"]["companyExternalIds"] == (
            ["ext-mv"] if item["id"] == posts[0]["id"] else [])


# ---- brands ------------------------------------------------------------

def test_one_default_brand(server):
    from conftest import Org
    o = Org(server, "br" + secrets.token_hex(3))
    call = api(o.api)
    first = call("GET", "/brands").json()["data"][0]
    assert first["isDefault"] is True
    assert_error(call("DELETE", "/brands/" + first["id"]), 409,
                 "resource_in_use")
    assert_error(call("PATCH", "/brands/" + first["id"],
                      json={"isDefault": False}), 409, "resource_conflict")
    second = call("POST", "/brands", json={"name": "Two"}).json()
    r = call("PATCH", "/brands/" + second["id"], json={"isDefault": True})
    assert r.json()["isDefault"] is True
    assert call("GET", "/brands/" + first["id"]).json()["isDefault"] is False
    assert call("DELETE", "/brands/" + first["id"]).status_code == 200


# ---- custom fields -----------------------------------------------------

def test_custom_field_options_and_placeholders(org):
    call = api(org.api)
    f = call("POST", "/custom_fields", json={
        "label": "Plan", "type": "select",
        "options": [{"id": "keep", "label": "Pro"}, {"label": "Free"}]})
    assert f.status_code == 201, f.text
    opts = f.json()["options"]
    assert opts[0] == {"id": "keep", "label": "Pro"}
    assert len(opts[1]["id"]) == 24 and opts[1]["label"] == "Free"
    err = assert_error(call("POST", "/custom_fields", json={
        "label": "T", "type": "text", "options": [{"label": "x"}]}),
        400, "invalid_parameter", param="options")
    assert err["message"] == "A text field takes no 'options'."
    err = assert_error(call("PATCH", "/custom_fields/" + f.json()["id"],
                            json={"placeholder": "Pick"}),
                       400, "invalid_parameter", param="placeholder")
    assert err["message"] == "A select field takes no 'placeholder'."
    assert_error(call("PATCH", "/custom_fields/" + f.json()["id"],
                      json={"type": "text"}),
                 400, "parameter_not_supported", param="type")
    t = call("POST", "/custom_fields", json={
        "label": "Note", "type": "text", "placeholder": "Say"}).json()
    assert t["placeholder"] == "Say"
    # Null clears it: then it is left out (never null).
    t = call("PATCH", "/custom_fields/" + t["id"],
             json={"placeholder": None}).json()
    assert "placeholder" not in t


def test_custom_field_in_use_by_a_board(org):
    call = api(org.api)
    f = call("POST", "/custom_fields", json={
        "label": "Used", "type": "number"}).json()
    b = call("POST", "/boards", json={"name": "Holder",
                                      "customFields": [f["id"]]}).json()
    err = assert_error(call("DELETE", "/custom_fields/" + f["id"]), 409,
                       "resource_in_use")
    assert err["message"] == ("The custom field is used by the board(s) "
                              "'Holder'; remove it from them first.")
    call("PATCH", "/boards/" + b["id"], json={"customFields": []})
    assert call("DELETE", "/custom_fields/" + f["id"]).status_code == 200


# ---- teams -------------------------------------------------------------

def test_team_members(org, other_org, server):
    call = api(org.api)
    owner = org.owner_id
    other = server.ctl("admin", "create", org.id, "Tm",
                       "tm-%s@example.com" % secrets.token_hex(3), "member")
    t = call("POST", "/teams", json={"name": "T",
                                     "members": [owner, other, owner]})
    assert t.status_code == 201, t.text
    assert t.json()["members"] == [owner, other]
    assert t.json()["color"] == "#112233" or t.json()["color"] == "#6B7280"
    t = call("PATCH", "/teams/" + t.json()["id"],
             json={"members": [other]}).json()
    assert t["members"] == [other]
    assert call("PATCH", "/teams/" + t["id"],
                json={"name": "T2"}).json()["members"] == [other]
    for bad in ([other_org.owner_id], ["0" * 24]):
        err = assert_error(call("PATCH", "/teams/" + t["id"],
                                json={"members": bad}),
                           400, "invalid_parameter", param="members")
        assert err["message"] == "Unknown admin '%s'." % bad[0]
    for bad in ("#12345G", "1234567", "#12 456"):
        err = assert_error(call("POST", "/teams", json={"name": "C",
                                                        "color": bad}),
                           400, "invalid_parameter", param="color")
        assert err["message"] == \
            "The color must be a hex colour such as #3B82F6."


# ---- admin roles and admins --------------------------------------------

def test_admin_roles(org, server):
    call = api(org.api)
    r = call("POST", "/admins/roles", json={
        "name": "Triager", "permissions": {"set_post_status": True}})
    assert r.status_code == 201, r.text
    role = r.json()
    assert role["object"] == "admin_role"
    assert role["permissions"]["set_post_status"] is True
    assert role["permissions"]["manage_api"] is False
    assert len(role["permissions"]) == 45
    assert any(x["id"] == role["id"] for x in
               call("GET", "/admins/roles").json()["data"])
    err = assert_error(call("POST", "/admins/roles", json={
        "name": "triager"}), 409, "resource_conflict")
    assert err["message"] == "A role named 'Triager' already exists."
    for bad in ({"fly": True}, {"manage_api": "yes"}):
        assert_error(call("POST", "/admins/roles", json={
            "name": "X", "permissions": bad}), 400, "invalid_parameter",
            param="permissions")
    role = call("PATCH", "/admins/roles/" + role["id"], json={
        "permissions": {"moderate_posts": True}}).json()
    assert role["permissions"]["set_post_status"] is True
    assert role["permissions"]["moderate_posts"] is True
    builtin = next(x for x in call("GET", "/admins/roles").json()["data"]
                   if x["name"] == "Member")
    err = assert_error(call("PATCH", "/admins/roles/" + builtin["id"],
                            json={"name": "M"}), 409, "resource_conflict")
    assert err["message"] == "Built-in roles cannot be changed."
    err = assert_error(call("DELETE", "/admins/roles/" + builtin["id"]),
                       409, "resource_in_use")
    assert err["message"] == "Built-in roles cannot be deleted."
    # A role someone holds is kept; the key of its holder works with it.
    a = call("POST", "/admins", json={"name": "Tri", "roleId": role["id"],
                                      "email": "tri@example.com"}).json()
    err = assert_error(call("DELETE", "/admins/roles/" + role["id"]), 409,
                       "resource_in_use")
    assert err["message"] == \
        "The role is held by 1 admin(s); give them another role first."
    key = server.ctl("key", "create", org.id, a["id"])
    c = api(client(org, key))
    assert_error(c("POST", "/boards", json={"name": "x"}), 403,
                 "insufficient_permissions")
    assert call("DELETE", "/admins/" + a["id"]).status_code == 200
    assert call("DELETE", "/admins/roles/" + role["id"]).status_code == 200


def test_admins_invite_change_remove(server, other_org):
    from conftest import Org
    o = Org(server, "ad" + secrets.token_hex(3))
    call = api(o.api)
    roles = {x["name"]: x["id"] for x in
             call("GET", "/admins/roles").json()["data"]}
    r = call("POST", "/admins", json={"name": "Mo", "email": "mo@x.example",
                                      "roleId": roles["Member"]})
    assert r.status_code == 201, r.text
    mo = r.json()
    assert (mo["object"], mo["roleId"], mo["profilePicture"]) == \
        ("admin", roles["Member"], None)
    err = assert_error(call("POST", "/admins", json={
        "name": "Mo2", "email": "MO@x.example", "roleId": roles["Member"]}),
        409, "resource_conflict")
    assert err["message"] == \
        "An admin with the email 'MO@x.example' already exists."
    foreign_role = next(x["id"] for x in api(other_org.api)(
        "GET", "/admins/roles").json()["data"])
    err = assert_error(call("POST", "/admins", json={
        "name": "Z", "email": "z@x.example", "roleId": foreign_role}),
        400, "invalid_parameter", param="roleId")
    assert err["message"] == "Unknown role '%s'." % foreign_role
    # The only Owner keeps the role and stays.
    err = assert_error(call("PATCH", "/admins/" + o.owner_id,
                            json={"roleId": roles["Member"]}),
                       409, "resource_conflict")
    assert err["message"] == \
        "The organization's only Owner keeps the Owner role."
    err = assert_error(call("DELETE", "/admins/" + o.owner_id), 409,
                       "resource_in_use")
    assert err["message"] == "The organization's only Owner cannot be removed."
    mo = call("PATCH", "/admins/" + mo["id"],
              json={"roleId": roles["Owner"]}).json()
    assert mo["roleId"] == roles["Owner"]
    # With a second Owner the first may go; their keys go with them.
    mo_key = server.ctl("key", "create", o.id, mo["id"])
    assert call("DELETE", "/admins/" + o.owner_id).status_code == 200
    c = api(client(o, mo_key))
    assert c("GET", "/admins/" + o.owner_id).status_code == 404
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert_error(call("GET", "/boards"), 401, "invalid_api_key")


# ---- API keys ----------------------------------------------------------

def test_api_keys_shown_once_and_revoked(server):
    from conftest import Org
    o = Org(server, "ak" + secrets.token_hex(3))
    call = api(o.api)
    r = call("POST", "/api_keys", json={"name": "CI"})
    assert r.status_code == 201, r.text
    made = r.json()
    key = made.pop("key")
    assert re.fullmatch(r"sk_[0-9A-Za-z]{40}", key)
    assert made["prefix"] == key[:8] and made["name"] == "CI"
    assert made["adminId"] == o.owner_id and made["revokedAt"] is None
    # Never shown again; stored only as its hash.
    shown = call("GET", "/api_keys/" + made["id"]).json()
    assert shown == made and key not in str(call("GET", "/api_keys").json())
    assert server.sql("SELECT count(*) FROM api_keys WHERE key_hash = "
                      "encode(sha256(convert_to(%s, 'UTF8')), 'hex')",
                      key)[0][0] == 1
    new = api(client(o, key))
    assert new("GET", "/boards").status_code == 200
    r = call("DELETE", "/api_keys/" + made["id"])
    assert r.json() == {"id": made["id"], "object": "api_key",
                        "deleted": True}
    assert call("GET", "/api_keys/" + made["id"]).json()["revokedAt"]
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert_error(new("GET", "/boards"), 401, "invalid_api_key")


def test_api_key_bytes(org, server):
    """An API key is written in C in the bytes json_build_object gave,
    revoked and not (revokedAt null), alone and in the list."""
    from helpers import pg_layout, pg_list_layout
    call = api(org.api)
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    made = call("POST", "/api_keys", json={"name": odd}).json()
    server.sql("UPDATE api_keys SET created_at = '2024-03-04T05:06:07.8912Z', "
               "revoked_at = '2024-03-05T00:00:00Z' WHERE id = %s",
               made["id"])
    key = {"object": "api_key", "id": made["id"], "name": odd,
           "prefix": made["prefix"], "adminId": org.owner_id,
           "createdAt": "2024-03-04T05:06:07.891Z",
           "revokedAt": "2024-03-05T00:00:00.000Z"}
    assert call("GET", "/api_keys/" + made["id"]).content == pg_layout(key)
    r = call("GET", "/api_keys")
    keys = r.json()["data"]
    assert key in keys and any(k["revokedAt"] is None for k in keys)
    assert r.content == pg_list_layout(keys)
    assert list(keys[0]) == list(key)


def test_api_keys_for_other_admins_and_flags(server, other_org):
    from conftest import Org
    o = Org(server, "ak" + secrets.token_hex(3))
    call = api(o.api)
    member = server.ctl("admin", "create", o.id, "M",
                        "m-%s@example.com" % secrets.token_hex(3), "member")
    r = call("POST", "/api_keys", json={"adminId": member})
    assert r.status_code == 201 and r.json()["adminId"] == member
    err = assert_error(call("POST", "/api_keys", json={
        "adminId": other_org.owner_id}), 400, "invalid_parameter",
        param="adminId")
    assert err["message"] == "Unknown admin '%s'." % other_org.owner_id
    # manage_api alone does not mint keys for others.
    c = api(client(o, role_key(o, server, "manage_billing")))
    assert c("POST", "/api_keys", json={}).status_code == 201
    assert_error(c("POST", "/api_keys", json={"adminId": o.owner_id}),
                 403, "insufficient_permissions")
    # Listing keys needs manage_api too (members lack it).
    m = api(o.client("member"))
    assert_error(m("GET", "/api_keys"), 403, "insufficient_permissions")
    assert_error(m("POST", "/api_keys", json={}), 403,
                 "insufficient_permissions")


def test_new_key_is_never_kept_for_a_replay(server):
    from conftest import Org
    o = Org(server, "ik" + secrets.token_hex(3))
    call = api(o.api)
    h = {"Idempotency-Key": "same-" + secrets.token_hex(4)}
    one = call("POST", "/api_keys", json={"name": "a"}, headers=dict(h))
    two = call("POST", "/api_keys", json={"name": "a"}, headers=dict(h))
    assert one.status_code == two.status_code == 201
    assert one.json()["key"] != two.json()["key"]
    assert "Idempotent-Replayed" not in two.headers
    rows = server.sql("SELECT count(*) FROM idempotency_keys WHERE "
                      "response::text LIKE %s",
                      "%" + one.json()["key"] + "%")
    assert rows[0][0] == 0


# ---- rules that span rows hold under concurrent writes ------------------

def test_concurrent_defaults_and_owners(server):
    from concurrent.futures import ThreadPoolExecutor
    from conftest import Org
    o = Org(server, "cc" + secrets.token_hex(3))
    call = api(o.api)
    made = [call("POST", "/post_statuses", json={
        "name": "S%d" % i, "type": "active"}).json() for i in range(8)]
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda s: call(
            "PATCH", "/post_statuses/" + s["id"],
            json={"isDefault": True}).status_code, made))
    assert codes == [200] * 8
    assert sum(s["isDefault"] for s in statuses(call).values()) == 1
    # Two Owners removing each other at once: one stays.
    owner_role = role_id(o, "Owner")
    second = call("POST", "/admins", json={
        "name": "O2", "email": "o2@x.example", "roleId": owner_role}).json()
    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(lambda a: call(
            "DELETE", "/admins/" + a).status_code,
            [o.owner_id, second["id"]]))
    assert codes == [200, 409]
    # (Read in SQL: the key used may be the removed Owner's.)
    assert server.sql("SELECT count(*) FROM admins WHERE org_id = %s "
                      "AND role_id = %s", o.id, owner_role)[0][0] == 1


# ---- teams and brands that conversations use ----------------------------

def test_team_or_brand_with_conversations_is_not_deleted(server):
    from conftest import Org
    from test_conversations import started
    o = Org(server, "cu" + secrets.token_hex(3))
    call = api(o.api)
    team = call("POST", "/teams", json={"name": "Desk"}).json()
    first = call("GET", "/brands").json()["data"][0]
    c = started(o)
    assert c["brandId"] == first["id"]
    r = call("PATCH", "/conversations/" + c["id"],
             json={"teamAssigneeId": team["id"]})
    assert r.status_code == 200, r.text
    err = assert_error(call("DELETE", "/teams/" + team["id"]), 409,
                       "resource_in_use")
    assert err["message"] == \
        "The team is assigned 1 conversation(s); reassign them first."
    # A brand that is no longer the default keeps its conversations.
    second = call("POST", "/brands", json={"name": "Two",
                                           "isDefault": True}).json()
    err = assert_error(call("DELETE", "/brands/" + first["id"]), 409,
                       "resource_in_use")
    assert err["message"] == ("The brand has 1 conversation(s); it cannot "
                              "be deleted while they exist.")
    now = call("GET", "/conversations/" + c["id"]).json()
    assert now["teamAssigneeId"] == team["id"]
    assert now["brandId"] == first["id"]
    # Reassigned (or gone), they no longer hold.
    call("PATCH", "/conversations/" + c["id"], json={"teamAssigneeId": None})
    assert call("DELETE", "/teams/" + team["id"]).status_code == 200
    assert call("DELETE", "/conversations/" + c["id"]).status_code == 200
    assert call("DELETE", "/brands/" + first["id"]).status_code == 200
    # The default still answers as the default.
    err = assert_error(call("DELETE", "/brands/" + second["id"]), 409,
                       "resource_in_use")
    assert err["message"] == ("The default brand cannot be deleted; make "
                              "another brand the default first.")
