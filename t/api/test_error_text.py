"""An error's text is valid UTF-8 and bounded, whatever the request held
(issue 29): what a message, a param or a detail echoes of a header, a
query or a body passes through the one renderer of the envelope, which
turns a byte that starts no UTF-8 character into U+FFFD and cuts a long
echo (1,024 bytes, ending in an ellipsis)."""
import http.client
import json
import urllib.parse

import pytest

from helpers import NOVA, assert_error

LIMIT = 1024


def text_of(r):
    """The error of r, its body decoded strictly as UTF-8."""
    body = r.content.decode("utf-8")        # raises on a stray byte
    err = json.loads(body)["error"]
    for member in ("message", "param"):
        if member in err:
            assert len(err[member].encode("utf-8")) <= LIMIT, member
    for d in err.get("details", []):
        assert len(d["path"].encode("utf-8")) <= LIMIT
        assert len(d["message"].encode("utf-8")) <= LIMIT
    return err


@pytest.mark.parametrize("header", ["Service-Version", "Featurebase-Version"])
def test_a_header_byte_that_is_not_utf8(org, header):
    r = org.api.get("/tags", headers={header: "\x97"})
    assert_error(r, 400, "version_not_supported", param=header)
    err = text_of(r)
    assert "'\ufffd'" in err["message"]


def test_a_long_header_is_cut(org):
    r = org.api.get("/tags", headers={"Service-Version": "\xe9" * 5000})
    err = text_of(r)
    assert err["code"] == "version_not_supported"
    assert err["message"].endswith("\u2026")


def test_query_values(org):
    # A value naming nothing is echoed: cut.
    r = org.api.get("/posts", params={"sortBy": "x" * 6000})
    err = text_of(r)
    assert err["code"] == "invalid_parameter"
    # Bytes that decode to no UTF-8 are refused without being echoed.
    r = org.api.get("/posts?sortBy=%97%FF")
    err = text_of(r)
    assert err["code"] == "invalid_request"


def test_query_nul_is_named(org):
    for q in ("q=a%00b", "%00=1"):
        r = org.api.get("/changelogs?" + q)
        err = assert_error(r, 400, "invalid_request")
        assert "NUL" in err["message"], err
        assert "malformed" not in err["message"], err
    # An escape that is not one keeps its own message (sent as it is:
    # requests would quote the percent sign).
    where = urllib.parse.urlsplit(org.server.base)
    conn = http.client.HTTPConnection(where.hostname, where.port,
                                      timeout=30)
    try:
        conn.request("GET", "/v2/changelogs?q=a%zzb",
                     headers={"Authorization": "Bearer " + org.key})
        answer = conn.getresponse()
        status, body = answer.status, answer.read()
    finally:
        conn.close()
    assert status == 400, body
    err = json.loads(body.decode("utf-8"))["error"]
    assert err["code"] == "invalid_request"
    assert "malformed escape" in err["message"]


def test_body_members(org):
    # A key of any length is named in param and details: cut.
    r = org.api.post("/brands", json={"k" * 70000: 1, "name": "Cut"})
    err = text_of(r)
    assert r.status_code == 400 and err["param"].endswith("\u2026")
    # Raw bytes that are not UTF-8 in a key or a value.
    for data in (b'{"\x97": 1}', b'{"name": "\xc3("}'):
        r = org.api.post("/brands", data=data,
                         headers={"Content-Type": "application/json"})
        assert r.status_code == 400
        text_of(r)


def test_a_custom_attribute_key_of_any_bytes(org):
    org.api.http.headers["Featurebase-Version"] = NOVA
    try:
        r = org.api.request("PATCH", "/conversations/1", json={
            "customAttributes": {"\u00e9" * 3000: 1}})
        assert r.status_code in (400, 404)
        text_of(r)
    finally:
        del org.api.http.headers["Featurebase-Version"]
