"""Request bodies: media type, size, strict JSON, field rules.

POST /v2/brands is the write these rules are exercised through; every
write of the API reads its body the same way.
"""
import json

import pytest

from helpers import assert_error

JSON = {"Content-Type": "application/json"}


def post_raw(org, data, headers=JSON):
    return org.api.post("/brands", data=data, headers=headers)


def brand_count(server, org):
    return server.sql("SELECT count(*) FROM brands WHERE org_id = %s",
                      org.id)[0][0]


def test_valid_body_creates(org, server):
    before = brand_count(server, org)
    r = post_raw(org, json.dumps({"name": "Körper ✓"}),
                 {"Content-Type": "application/json; charset=UTF-8"})
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Körper ✓"
    assert brand_count(server, org) == before + 1


@pytest.mark.parametrize("ctype", ["text/plain", "application/xml",
                                   "application/json; charset=latin1",
                                   "multipart/form-data; boundary=x"])
def test_other_media_types_are_415(org, server, ctype):
    before = brand_count(server, org)
    r = post_raw(org, json.dumps({"name": "x"}), {"Content-Type": ctype})
    assert_error(r, 415, "unsupported_media_type",
                 type_="invalid_request_error")
    assert brand_count(server, org) == before


def test_missing_content_type_is_415(org):
    r = org.api.post("/brands", data=b'{"name": "x"}',
                     headers={"Content-Type": ""})
    assert_error(r, 415, "unsupported_media_type")


@pytest.mark.parametrize("data,why", [
    (b'{"name": ', "not valid JSON"),
    (b'{"name": "x"} {}', "JSON"),
    (b'{"name": "x"} trailing', "JSON"),
    (b'{"name": "\xff\xfe"}', "UTF-8"),
    (b'{"name": "a\\u0000b"}', "NUL"),
    (b'{"name": "a\x00b"}', "NUL"),
    (b'{"name": ' + b'[' * 40 + b']' * 40 + b'}', "deeply"),
    (b"{'name': 'x'}", "not valid JSON"),
    (b'{"name": "x",}', "not valid JSON"),
    (b'{"name": "x", "helpCenterId": NaN}', "not valid JSON"),
    (b'{"name": "x", "helpCenterId": Infinity}', "not valid JSON"),
    (b'{"name": "x", "helpCenterId": 1.}', "not valid JSON"),
    (b'{"name": "tab\there"}', "not valid JSON"),
    (b'{"name": "\xc0\xaf"}', "UTF-8"),
    (b'{"name": "\xed\xa0\x80"}', "UTF-8"),
    (b'{"name": "\\ud800"}', "UTF-8"),
    # A name twice is refused, not read as its last value.
    (b'{"name": "x", "name": "y"}', "twice"),
    (b'{"name": "x", "\\u006eame": "y"}', "twice"),
])
def test_malformed_bodies_are_400(org, server, data, why):
    before = brand_count(server, org)
    err = assert_error(post_raw(org, data), 400, "invalid_request")
    assert why in err["message"]
    assert brand_count(server, org) == before


def test_nesting_limit_is_32(org):
    def nested(depth):
        return json.dumps({"name": "x", "helpCenterId": None}).replace(
            "null", "[" * (depth - 1) + "]" * (depth - 1))
    # 32 levels (the object and 31 arrays) parse: the field is then wrong.
    ok = post_raw(org, nested(32))
    assert_error(ok, 400, "invalid_parameter", param="helpCenterId")
    too_deep = post_raw(org, nested(33))
    assert_error(too_deep, 400, "invalid_request")


def test_trailing_whitespace_is_fine(org):
    r = post_raw(org, b'{"name": "spaced"}\r\n  \n')
    assert r.status_code == 201, r.text


def test_escaped_backslash_before_u0000_is_not_nul(org):
    r = post_raw(org, b'{"name": "a\\\\u0000"}')
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "a\\u0000"


def test_surrogate_pairs_are_characters(org):
    r = post_raw(org, b'{"name": "smile \\ud83d\\ude00"}')
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "smile \U0001F600"


def test_body_must_be_an_object(org):
    for data in (b"[]", b'"x"', b"null"):
        assert_error(post_raw(org, data), 400, "invalid_request")


def test_oversized_body_is_413(org, server):
    before = brand_count(server, org)
    big = json.dumps({"name": "x" * (1024 * 1024 + 10)})
    assert_error(post_raw(org, big), 413, "request_too_large")
    assert brand_count(server, org) == before


def test_every_bad_field_is_reported(org):
    r = org.api.post("/brands", json={"nam": "x", "isDefault": 3,
                                      "helpCenterId": 7})
    err = assert_error(r, 400, "parameter_not_supported", param="nam")
    details = {d["path"]: d["message"] for d in err["details"]}
    assert set(details) == {"body.nam", "body.isDefault",
                            "body.helpCenterId", "body.name"}
    assert "boolean" in details["body.isDefault"]
    assert "required" in details["body.name"]


def test_missing_required_field(org):
    r = org.api.post("/brands", json={"isDefault": False})
    assert_error(r, 400, "missing_parameter", param="name")


def test_required_field_null_is_missing(org):
    r = org.api.post("/brands", json={"name": None})
    assert_error(r, 400, "missing_parameter", param="name")


@pytest.mark.parametrize("name", ["", "x" * 256, 12, ["x"], {"a": 1}])
def test_wrong_type_or_length_is_invalid_parameter(org, name):
    r = org.api.post("/brands", json={"name": name})
    assert_error(r, 400, "invalid_parameter", param="name")


def test_length_counts_characters_not_bytes(org):
    r = org.api.post("/brands", json={"name": "é" * 255})
    assert r.status_code == 201, r.text


def test_explicit_null_on_optional_field_means_not_given(org):
    r = org.api.post("/brands", json={"name": "n", "helpCenterId": None,
                                      "isDefault": None})
    assert r.status_code == 201, r.text
    assert r.json()["helpCenterId"] is None
    assert r.json()["isDefault"] is False
