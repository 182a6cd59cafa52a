"""GET and PATCH /v2/organization (management extension): name, default
locale, default version, portal URL, identity secret; the Owner's."""
import hashlib
import hmac
import secrets
import time

import pytest

from conftest import KEY_CACHE_TTL, Org
from helpers import assert_error, pg_layout, CLOVER, NOVA


@pytest.fixture
def o(server):
    return Org(server, "os" + secrets.token_hex(3))


def test_shape_and_defaults(o):
    r = o.api.get("/organization")
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == {"object", "id", "name", "defaultLocale",
                         "defaultVersion", "portalUrl",
                         "identityVerification", "createdAt", "updatedAt"}
    assert (body["object"], body["id"], body["defaultLocale"]) == \
        ("organization", o.id, "en")
    assert body["defaultVersion"] in (NOVA, CLOVER)
    assert body["portalUrl"].startswith("http")
    assert body["identityVerification"] == {"enabled": False}


def test_bytes(o, server):
    """Written in C in the bytes json_build_object gave."""
    odd = "q\"b\\s/ t\tn\nr\rb\bf\f c\x01\x1f\x7f é日本😀 </script>"
    server.sql("UPDATE organizations SET name = %s, api_version = %s, "
               "portal_url = 'https://p.example', identity_secret = %s, "
               "created_at = '2024-03-04T05:06:07.891234Z', "
               "updated_at = '2024-03-04T05:06:08Z' WHERE id = %s",
               odd, NOVA, "s" * 32, o.id)
    assert o.api.get("/organization").content == pg_layout({
        "object": "organization", "id": o.id, "name": odd,
        "defaultLocale": "en", "defaultVersion": NOVA,
        "portalUrl": "https://p.example",
        "identityVerification": {"enabled": True},
        "createdAt": "2024-03-04T05:06:07.891Z",
        "updatedAt": "2024-03-04T05:06:08.000Z"})


def test_owner_changes_every_setting(o, server):
    r = o.api.request("PATCH", "/organization", json={
        "name": "Renamed", "defaultLocale": "pt-BR",
        "defaultVersion": CLOVER,
        "portalUrl": "https://feedback.renamed.example/",
        "identitySecret": "s" * 32})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["name"], body["defaultLocale"], body["defaultVersion"],
            body["portalUrl"]) == ("Renamed", "pt-BR", CLOVER,
                                   "https://feedback.renamed.example")
    assert body["identityVerification"] == {"enabled": True}
    assert "s" * 32 not in r.text
    assert o.api.get("/organization").json() == body
    # The settings take effect: posts link to the portal, the version
    # applies to requests without a header, userHash is checked.
    board = o.api.post("/boards", json={"name": "B"},
                       headers={"Service-Version": NOVA}).json()
    post = o.api.post("/posts", json={"title": "Hello", "boardId":
                                      board["id"]}).json()
    assert post["postUrl"].startswith("https://feedback.renamed.example/p/")
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert o.api.get("/boards").headers["Service-Version"] == CLOVER
    good = hmac.new(b"s" * 32, b"u1", hashlib.sha256).hexdigest()
    c = o.api.post("/contacts", json={"userId": "u1", "userHash": good},
                   headers={"Service-Version": NOVA})
    assert c.status_code in (200, 201), c.text
    assert c.json()["verified"] is True
    # Null goes back to the server's defaults.
    back = o.api.request("PATCH", "/organization", json={
        "defaultVersion": None, "portalUrl": None,
        "identitySecret": None}).json()
    assert back["portalUrl"] != "https://feedback.renamed.example"
    assert back["identityVerification"] == {"enabled": False}


@pytest.mark.parametrize("body,param,code", [
    ({"name": ""}, "name", "invalid_parameter"),
    ({"defaultLocale": "e n"}, "defaultLocale", "invalid_parameter"),
    # A locale changelogs have, or changelogs would be written in it.
    ({"defaultLocale": "xx-YY"}, "defaultLocale", "invalid_parameter"),
    ({"defaultLocale": "1e999"}, "defaultLocale", "invalid_parameter"),
    ({"defaultVersion": "2024-01-01.old"}, "defaultVersion",
     "invalid_parameter"),
    ({"portalUrl": "javascript:alert(1)"}, "portalUrl",
     "invalid_parameter"),
    ({"identitySecret": "short"}, "identitySecret", "invalid_parameter"),
    ({"id": "x"}, "id", "parameter_not_supported"),
])
def test_validation(o, body, param, code):
    before = o.api.get("/organization").json()
    assert_error(o.api.request("PATCH", "/organization", json=body), 400,
                 code, param=param)
    assert o.api.get("/organization").json() == before


def test_only_the_owner_changes_it(o, other_org):
    for role in ("member", "viewer"):
        c = o.client(role)
        assert c.get("/organization").status_code == 200
        assert_error(c.request("PATCH", "/organization",
                               json={"name": "Mine"}),
                     403, "insufficient_permissions")
    other_org.api.request("PATCH", "/organization", json={"name": "Theirs"})
    assert o.api.get("/organization").json()["name"] != "Theirs"
