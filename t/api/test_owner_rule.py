"""What only an Owner may do (issue 27, point 6; docs/decisions.md,
"Owners"): a caller who is not an Owner, whatever its flags, neither
reads nor changes an Owner's API keys (they are not there for it: 404 as
for a missing id), changes or removes no Owner, gives no one the Owner
role, changes or deletes not the Owner role, and gives no permission
that its own role lacks, by a role or by giving an admin a role.  Every
write here is refused with nothing changed, and the same write by the
Owner, or of what is not an Owner's, is still done."""
import secrets
import time

import pytest

from conftest import KEY_CACHE_TTL, Org
from helpers import assert_error
from test_management import api, client, role_id


def custom_key(org, permissions):
    """A key of a new admin whose custom role, made by the Owner, has
    exactly permissions (names set true); (call, admin id, role id)."""
    call = api(org.api)
    suffix = secrets.token_hex(3)
    r = call("POST", "/admins/roles", json={
        "name": "Custom " + suffix,
        "permissions": {p: True for p in permissions}})
    assert r.status_code == 201, r.text
    role = r.json()["id"]
    r = call("POST", "/admins", json={
        "name": "Custom " + suffix, "roleId": role,
        "email": "custom-%s@example.com" % suffix})
    assert r.status_code == 201, r.text
    admin = r.json()["id"]
    key = org.server.ctl("key", "create", org.id, admin)
    return api(client(org, key)), admin, role


def every_flag_but(org, *lacking):
    """The Owner role's flags, but those lacking."""
    owner = next(r for r in api(org.api)("GET", "/admins/roles").json()[
        "data"] if r["id"] == role_id(org, "Owner"))
    return [p for p in owner["permissions"] if p not in lacking]


@pytest.fixture
def o(server):
    return Org(server, "own" + secrets.token_hex(3))


def test_the_owners_keys_are_not_there_for_others(o, other_org):
    # The role: manage_api only.
    keys, me, _ = custom_key(o, ["manage_api"])
    member = o.server.ctl("admin", "create", o.id, "M",
                          "m-%s@example.com" % secrets.token_hex(3),
                          "member")
    o.server.ctl("key", "create", o.id, member)
    second = o.server.ctl("key", "create", o.id)    # the Owner's too
    owners = {k["id"] for k in api(o.api)("GET", "/api_keys").json()["data"]
              if k["adminId"] == o.owner_id}
    assert len(owners) == 2
    # The list shows every key but the Owner's.
    listed = keys("GET", "/api_keys").json()["data"]
    assert {k["adminId"] for k in listed} == {me, member}
    assert len(listed) == len(api(o.api)("GET", "/api_keys").json()[
        "data"]) - 2
    # By id, an Owner's key is as missing as a missing one, and as
    # another organization's.
    foreign = api(other_org.api)("GET", "/api_keys").json()["data"][0]["id"]
    for method, body in (("GET", None), ("PATCH", {"name": "mine"}),
                         ("DELETE", None)):
        missing = keys(method, "/api_keys/" + "0" * 24, json=body)
        assert_error(missing, 404, "resource_not_found", param="id")
        for k in sorted(owners) + [foreign]:
            r = keys(method, "/api_keys/" + k, json=body)
            assert r.json() == missing.json(), (method, k)
    # Nothing changed: the Owner's keys are theirs, unrevoked, and work.
    shown = {k["id"]: k for k in api(o.api)("GET", "/api_keys").json()[
        "data"]}
    assert all(shown[k]["revokedAt"] is None and shown[k]["name"] != "mine"
               for k in owners)
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert api(o.api)("GET", "/boards").status_code == 200
    assert api(client(o, second))("GET", "/boards").status_code == 200
    # What is not an Owner's is managed as before: a Member's key.
    theirs = next(k["id"] for k in listed if k["adminId"] == member)
    assert keys("PATCH", "/api_keys/" + theirs,
                json={"name": "m"}).json()["name"] == "m"
    assert keys("DELETE", "/api_keys/" + theirs).status_code == 200
    # An Owner sees every key and changes any, an Owner's included.
    owner = api(client(o, second))
    assert len(owner("GET", "/api_keys").json()["data"]) == 4
    mine = next(k["id"] for k in listed if k["adminId"] == me)
    assert owner("PATCH", "/api_keys/" + mine,
                 json={"name": "yours"}).json()["name"] == "yours"
    assert owner("DELETE", "/api_keys/" + sorted(owners)[0]).status_code \
        == 200


def test_a_second_owner_key_is_hidden_too(o):
    """Every Owner's keys, not only the first Owner's."""
    call = api(o.api)
    keys, _, _ = custom_key(o, ["manage_api"])
    r = call("POST", "/admins", json={
        "name": "O2", "email": "o2-%s@example.com" % secrets.token_hex(3),
        "roleId": role_id(o, "Owner")})
    assert r.status_code == 201, r.text
    two = r.json()["id"]
    o.server.ctl("key", "create", o.id, two)
    assert two not in {k["adminId"] for k in keys("GET", "/api_keys").json()[
        "data"]}
    # Made an Owner after its key was made: hidden from then on.
    r = call("POST", "/admins", json={
        "name": "Later", "email": "l-%s@example.com" % secrets.token_hex(3),
        "roleId": role_id(o, "Member")})
    later = r.json()["id"]
    later_key = o.server.ctl("key", "create", o.id, later)
    kid = next(k["id"] for k in keys("GET", "/api_keys").json()["data"]
               if k["adminId"] == later)
    assert keys("GET", "/api_keys/" + kid).status_code == 200
    assert call("PATCH", "/admins/" + later,
                json={"roleId": role_id(o, "Owner")}).status_code == 200
    assert_error(keys("GET", "/api_keys/" + kid), 404, "resource_not_found",
                 param="id")
    assert_error(keys("DELETE", "/api_keys/" + kid), 404,
                 "resource_not_found", param="id")
    assert api(client(o, later_key))("GET", "/boards").status_code == 200


def test_owners_are_changed_only_by_owners(o, other_org):
    call = api(o.api)
    owner_role, member_role = role_id(o, "Owner"), role_id(o, "Member")
    before = call("GET", "/admins/" + o.owner_id).json()
    # A role with every flag but one, and a role with every flag: neither
    # is the Owner role.
    almost, me, _ = custom_key(o, every_flag_but(o, "manage_billing"))
    every, _, _ = custom_key(o, every_flag_but(o))
    mo = call("POST", "/admins", json={
        "name": "Mo", "email": "mo-%s@example.com" % secrets.token_hex(3),
        "roleId": member_role}).json()
    for c in (almost, every):
        err = assert_error(c("PATCH", "/admins/" + o.owner_id,
                             json={"name": "Mallory"}),
                           403, "insufficient_permissions")
        assert err["message"] == \
            "Only an Owner may change or remove an Owner."
        assert_error(c("PATCH", "/admins/" + o.owner_id,
                       json={"roleId": member_role}),
                     403, "insufficient_permissions")
        assert_error(c("DELETE", "/admins/" + o.owner_id), 403,
                     "insufficient_permissions")
        # The Owner role is given by an Owner only: to someone, to
        # oneself, to someone new.
        for who in (mo["id"], me):
            err = assert_error(c("PATCH", "/admins/" + who,
                                 json={"roleId": owner_role}),
                               403, "insufficient_permissions")
            assert err["message"] == "Only an Owner may give the Owner role."
        assert_error(c("POST", "/admins", json={
            "name": "New", "email": "new@example.com",
            "roleId": owner_role}), 403, "insufficient_permissions")
    assert call("GET", "/admins/" + o.owner_id).json() == before
    assert call("GET", "/admins/" + mo["id"]).json()["roleId"] == member_role
    # Another organization's Owner role is unknown here, as a missing one.
    foreign = role_id(other_org, "Owner")
    for role in (foreign, "0" * 24):
        assert_error(almost("PATCH", "/admins/" + mo["id"],
                            json={"roleId": role}),
                     400, "invalid_parameter", param="roleId")
    assert "new@example.com" not in str(call("GET", "/admins").json())
    # With two Owners, neither is removed by others either (not the
    # last-Owner rule: this one is about who asks).
    assert call("PATCH", "/admins/" + mo["id"],
                json={"roleId": owner_role}).status_code == 200
    assert_error(almost("DELETE", "/admins/" + mo["id"]), 403,
                 "insufficient_permissions")
    # Others are changed as before.
    viewer = role_id(o, "Viewer")
    r = call("POST", "/admins", json={
        "name": "Vi", "email": "vi-%s@example.com" % secrets.token_hex(3),
        "roleId": viewer})
    vi = r.json()["id"]
    assert almost("PATCH", "/admins/" + vi,
                  json={"name": "Vi 2"}).json()["name"] == "Vi 2"
    assert almost("DELETE", "/admins/" + vi).status_code == 200
    # The Owner still may; the last Owner still stays.
    assert call("DELETE", "/admins/" + mo["id"]).status_code == 200
    assert_error(call("DELETE", "/admins/" + o.owner_id), 409,
                 "resource_in_use")
    assert_error(call("PATCH", "/admins/" + o.owner_id,
                      json={"roleId": member_role}),
                 409, "resource_conflict")


def test_the_owner_role_is_an_owners(o):
    call = api(o.api)
    owner_role = role_id(o, "Owner")
    before = call("GET", "/admins/roles/" + owner_role).json()
    almost, _, _ = custom_key(o, every_flag_but(o, "manage_billing"))
    err = assert_error(almost("PATCH", "/admins/roles/" + owner_role,
                              json={"name": "Mine"}),
                       403, "insufficient_permissions")
    assert err["message"] == \
        "Only an Owner may ask to change or delete the Owner role."
    assert_error(almost("DELETE", "/admins/roles/" + owner_role), 403,
                 "insufficient_permissions")
    # The Owner meets the rule of built-in roles, as before.
    assert_error(call("PATCH", "/admins/roles/" + owner_role,
                      json={"name": "Mine"}), 409, "resource_conflict")
    assert_error(call("DELETE", "/admins/roles/" + owner_role), 409,
                 "resource_in_use")
    assert call("GET", "/admins/roles/" + owner_role).json() == before


def test_no_permission_is_given_beyond_ones_own(o):
    call = api(o.api)
    almost, me, mine = custom_key(o, every_flag_but(o, "manage_billing"))
    # A role: made or changed with a flag the caller lacks.
    err = assert_error(almost("POST", "/admins/roles", json={
        "name": "Billing", "permissions": {"manage_billing": True}}),
        403, "insufficient_permissions")
    assert "manage_billing" in err["message"]
    assert "Billing" not in {r["name"] for r in call(
        "GET", "/admins/roles").json()["data"]}
    r = almost("POST", "/admins/roles", json={
        "name": "Helper", "permissions": {"manage_api": True,
                                          "manage_billing": False}})
    assert r.status_code == 201, r.text
    helper = r.json()["id"]
    for role in (helper, mine):
        assert_error(almost("PATCH", "/admins/roles/" + role, json={
            "permissions": {"manage_billing": True}}),
            403, "insufficient_permissions")
        assert call("GET", "/admins/roles/" + role).json()["permissions"][
            "manage_billing"] is False
    assert almost("PATCH", "/admins/roles/" + helper, json={
        "name": "Helper 2", "permissions": {"manage_api": False,
                                            "moderate_posts": True}}
    ).status_code == 200
    # An admin: given a role with a flag the caller lacks (the Owner made
    # it), new or changed, oneself included.
    billing = call("POST", "/admins/roles", json={
        "name": "Billing", "permissions": {"manage_billing": True}}).json()
    vi = call("POST", "/admins", json={
        "name": "Vi", "email": "vi-%s@example.com" % secrets.token_hex(3),
        "roleId": role_id(o, "Viewer")}).json()
    for who in (vi["id"], me):
        assert_error(almost("PATCH", "/admins/" + who,
                            json={"roleId": billing["id"]}),
                     403, "insufficient_permissions")
    assert_error(almost("POST", "/admins", json={
        "name": "B", "email": "b@example.com", "roleId": billing["id"]}),
        403, "insufficient_permissions")
    assert call("GET", "/admins/" + vi["id"]).json()["roleId"] == \
        role_id(o, "Viewer")
    # Within its own flags it gives roles as before; an admin who already
    # holds a role beyond them keeps it through a change of name.
    assert almost("PATCH", "/admins/" + vi["id"],
                  json={"roleId": helper}).status_code == 200
    assert call("PATCH", "/admins/" + vi["id"],
                json={"roleId": billing["id"]}).status_code == 200
    r = almost("PATCH", "/admins/" + vi["id"],
               json={"name": "Vi 2", "roleId": billing["id"]})
    assert r.status_code == 200, r.text
    # The Owner gives any flag.
    assert call("PATCH", "/admins/roles/" + helper, json={
        "permissions": {"manage_billing": True}}).status_code == 200
