"""GET /v2/openapi.json: the description of exactly what this server
serves (modules/http/fb_openapi.c), checked from outside: its routes
against the server's own answers, its schemas valid, its answers
compatible with the hosted API's published description, its extensions
marked, and the suite's contract check able to fail."""
import json
import os
import re
import secrets

import jsonschema
import pytest
import requests

import contract
from conftest import ROOT
from openapi_compat import Compat, success

# The hosted API's published description and the contract's operations,
# as facts kept in the checkout (scripts/reference-facts.py).
REFERENCE = os.path.join(ROOT, "t", "reference", "openapi-facts.json")
CONTRACT_OPERATIONS = os.path.join(ROOT, "t", "reference",
                                   "api-operations.txt")
METHODS = ("get", "post", "put", "patch", "delete")


# Differences from the reference the contract decides (a problem is
# allowed when it ends with one of these).  api.md names a survey page's
# subType "service-posts" where the reference has its product's name
# (docs/decisions.md, surveys).
CONTRACT_DECIDES = (
    ".pages[].subType: choices ['service-posts'] are not in the "
    "reference",
    # The reference takes an article's icon of type predefined but lists
    # only emoji and custom in its answers: an icon is answered as it was
    # given (docs/decisions.md, "The help center's API").
    ".icon.type: choices ['predefined'] are not in the reference",
    # Webhooks can be subscribed to the help center's events, which the
    # reference's webhooks do not list (docs/decisions.md, "The help
    # center's API").
    "topics[]: choices ['article.created', 'article.updated', "
    "'article.deleted', 'collection.created', 'collection.updated', "
    "'collection.deleted'] are not in the reference",
)



@pytest.fixture(scope="module")
def doc(server):
    r = requests.get(server.base + "/v2/openapi.json", timeout=30)
    assert r.status_code == 200
    return r.json()


@pytest.fixture(scope="module")
def reference():
    with open(REFERENCE) as f:
        return json.load(f)


def operations(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                yield path, method, op


def test_served_without_a_key_with_an_entity_tag(server):
    r = requests.get(server.base + "/v2/openapi.json", timeout=30)
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("application/json")
    d = r.json()
    assert d["openapi"] == "3.1.0"
    etag = r.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    again = requests.get(server.base + "/v2/openapi.json", timeout=30,
                         headers={"If-None-Match": "W/" + etag})
    assert again.status_code == 304 and again.content == b""
    other = requests.get(server.base + "/v2/openapi.json", timeout=30,
                         headers={"If-None-Match": '"x"'})
    assert other.status_code == 200 and other.json() == d


def test_every_path_has_exactly_the_methods_described(server, doc):
    """A method the description lacks answers 405 naming exactly the
    described ones: the description and the router agree."""
    for path, item in doc["paths"].items():
        described = sorted(m.upper() for m in item if m in METHODS)
        url = server.base + re.sub(r"\{[^}]+\}", "0" * 24, path)
        r = requests.request("PUT", url, timeout=30)
        assert r.status_code == 405, path
        allowed = sorted(a.strip() for a in r.headers["Allow"].split(","))
        if "GET" in described:
            described = sorted(described + ["HEAD"])
        assert allowed == described, path


def test_schemas_are_json_schema_2020_12(doc):
    for name, schema in doc["components"]["schemas"].items():
        jsonschema.Draft202012Validator.check_schema(schema)
    for path, method, op in operations(doc):
        body = op.get("requestBody", {}).get("content", {})
        for media in body.values():
            jsonschema.Draft202012Validator.check_schema(media["schema"])
        for answer in op["responses"].values():
            for media in answer.get("content", {}).values():
                if "schema" in media:   # pages and files have none
                    jsonschema.Draft202012Validator.check_schema(
                        media["schema"])


def test_every_operation_is_summarised_and_tagged(doc):
    for path, method, op in operations(doc):
        where = "%s %s" % (method, path)
        assert op["summary"] and "TODO" not in op["summary"], where
        assert op["tags"], where
        assert "default" in op["responses"], where


def test_answers_are_compatible_with_the_reference(doc, reference):
    compat = Compat(doc, reference)
    problems = []
    for path, method, rop in operations(reference):
        op = doc["paths"].get(path, {}).get(method)
        if op is None:
            problems.append("%s %s: not served" % (method, path))
            continue
        rstatus, rschema = success(reference, rop)
        status, schema = success(doc, op, rstatus)
        if status != rstatus:
            problems.append("%s %s: does not answer %s as the reference "
                            "does" % (method, path, rstatus))
        elif rschema is not None:
            assert schema is not None, "%s %s" % (method, path)
            compat.compare(rschema, schema, "%s %s" % (method, path),
                           problems)
    problems = [p for p in problems if not p.endswith(CONTRACT_DECIDES)]
    assert not problems, "\n".join(problems)


def test_extensions_are_marked(doc, reference):
    """An operation is an extension exactly when neither the contract
    (api.md) nor the reference has it."""
    with open(CONTRACT_OPERATIONS) as f:
        contract_ops = {tuple(l.split()) for l in f
                        if not l.startswith("#")}
    known = {(m.upper(), p) for p, m, _ in operations(reference)}
    known |= contract_ops
    wrong = []
    for path, method, op in operations(doc):
        mirrored = (method.upper(), path) in known
        if mirrored == bool(op.get("x-extension")):
            wrong.append("%s %s" % (method.upper(), path))
    assert not wrong, "marked wrongly: " + ", ".join(wrong)


def test_request_bodies_are_the_rules(doc, org):
    """The body schema is what the server checks: a member the schema
    does not name is refused by both."""
    schema = doc["paths"]["/v2/teams"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]
    assert schema["additionalProperties"] is False
    assert "name" in schema["required"]
    v = jsonschema.Draft202012Validator(schema)
    body = {"name": "Ops", "bogus": 1}
    assert not v.is_valid(body)
    r = org.api.post("/teams", json=body)
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "parameter_not_supported"


def test_the_contract_check_can_fail(server, doc):
    """The suite's check (contract.py) flags what it should."""
    d = contract.Description(doc)
    error = doc["components"]["schemas"]["Error"]["properties"]["error"]
    ok = json.dumps({"error": {
        "type": error["properties"]["type"]["enum"][0],
        "code": error["properties"]["code"]["enum"][0], "message": "x",
        "status": 404}}).encode()
    assert d.check("GET", "/v2/nothing", 404, "application/json", ok) == []
    # An undocumented status, a body that is not the schema, a body where
    # none is described, a wrong media type, an error outside the
    # envelope, a success where nothing is routed.
    assert d.check("GET", "/v2/teams", 201, "application/json", b"{}")
    assert d.check("GET", "/v2/teams", 200, "application/json",
                   b'{"object":"list","data":[{}],"nextCursor":null}')
    assert d.check("GET", "/v2/teams", 304, None, b"{}")
    assert d.check("GET", "/v2/teams", 200, "text/html", b"<p>")
    assert d.check("GET", "/v2/teams", 500, "application/json",
                   b'{"message":"x"}')
    assert d.check("GET", "/v2/nothing", 200, "application/json", b"{}")


def test_headers_are_those_the_operation_honours(doc, org):
    """Idempotency-Key on POSTs that show no secret, If-Match on PATCH
    and DELETE, If-None-Match on GET; and the server does as described."""
    def headers(path, method):
        return {p["$ref"].rsplit("/", 1)[1]
                for p in doc["paths"][path][method]["parameters"]
                if "$ref" in p}
    versions = {"FeaturebaseVersion", "ServiceVersion"}
    assert headers("/v2/posts", "post") == versions | {"IdempotencyKey"}
    assert headers("/v2/api_keys", "post") == versions
    assert headers("/v2/posts/{id}", "patch") == versions | {"IfMatch"}
    assert headers("/v2/posts/{id}", "get") == versions | {"IfNoneMatch"}
    assert headers("/v2/openapi.json", "get") == {"IfNoneMatch"}
    # A key that shows a secret is never replayed: two posts with one
    # Idempotency-Key make two keys.
    h = {"Idempotency-Key": "k-" + secrets.token_hex(6)}
    a = org.api.post("/api_keys", json={"name": "A"}, headers=h).json()
    b = org.api.post("/api_keys", json={"name": "A"}, headers=h).json()
    assert a["id"] != b["id"]


def test_operation_ids_are_the_references(doc, reference):
    """Every operation has an operationId, no two the same; the
    reference's where it has the operation, else one made of the method
    and the path."""
    seen = {}
    for path, method, op in operations(doc):
        oid = op.get("operationId")
        assert oid and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", oid), \
            (method, path)
        assert oid not in seen, (oid, seen.get(oid), (method, path))
        seen[oid] = (method, path)
        rop = reference["paths"].get(path, {}).get(method)
        if rop is not None and "operationId" in rop:
            assert oid == rop["operationId"], (method, path)
        elif rop is None:
            assert oid.startswith(method), (method, path, oid)


def test_version_headers_are_the_known_versions(org, doc):
    """Both version headers are described, as an enum of the versions
    the server knows: what the enum leaves out is refused."""
    params = doc["components"]["parameters"]
    schemas = doc["components"]["schemas"]
    names = {params[p]["name"] for p in ("FeaturebaseVersion",
                                         "ServiceVersion")}
    assert names == {"Featurebase-Version", "Service-Version"}
    versions = schemas["FeaturebaseVersion"]["enum"]
    assert sorted(versions) == ["2025-12-12.clover", "2026-01-01.nova"]
    for bad in ("", "2026-01-01", "nova"):
        for header in names:
            r = org.api.get("/tags", headers={header: bad})
            assert r.status_code == 400, (header, bad)
            assert r.json()["error"]["code"] == "version_not_supported"


def test_ids_defaults_and_tags_are_described(doc):
    """Path ids carry the form the server checks; lists their defaults;
    a GET of one resource its ETag."""
    def param(path, method, name):
        for p in doc["paths"][path][method]["parameters"]:
            if p.get("name") == name:
                return p
        raise AssertionError((path, method, name))

    board = param("/v2/boards/{id}", "get", "id")["schema"]
    assert board["pattern"] == "^[0-9A-Fa-f]{24}$"
    assert board["minLength"] == board["maxLength"] == 24
    assert param("/v2/conversations/{id}", "get", "id")["schema"][
        "pattern"] == "^[0-9A-Za-z]{1,16}$"
    assert param("/v2/tickets/{id}", "get", "id")["schema"][
        "pattern"] == "^0*[1-9][0-9]{0,14}$"
    assert "pattern" not in param("/v2/contacts/by-user-id/{userId}", "get",
                                  "userId")["schema"]
    assert param("/v2/posts", "get", "limit")["schema"]["default"] == 10
    assert param("/v2/posts", "get", "sortBy")["schema"]["default"] == \
        "createdAt"
    assert param("/v2/changelogs", "get", "sortOrder")["schema"][
        "default"] == "desc"
    assert param("/v2/email/unsubscribe", "get", "token")["required"]
    key = doc["components"]["parameters"]["IdempotencyKey"]["schema"]
    assert (key["minLength"], key["maxLength"]) == (1, 255)
    ok = doc["paths"]["/v2/boards/{id}"]["get"]["responses"]["200"]
    assert ok["headers"]["ETag"]["$ref"] == "#/components/headers/ETag"
    assert "headers" not in doc["paths"]["/v2/boards"]["get"][
        "responses"]["200"]
    assert "ETag" in doc["paths"]["/v2/boards/{id}"]["patch"][
        "responses"]["200"]["headers"]


def test_cross_field_rules_are_described(doc):
    """What JSON Schema can say of two members, it says: one of two
    required, not both; the rest is each operation's x-rules."""
    def body(path, method):
        return doc["paths"][path][method]["requestBody"]["content"][
            "application/json"]["schema"]

    for path, members, exclusive in (
            ("/v2/comments", ["postId", "changelogId"], True),
            ("/v2/changelogs", ["htmlContent", "markdownContent"], True),
            ("/v2/contacts", ["userId", "email"], False)):
        schema = body(path, "post")
        v = jsonschema.Draft202012Validator(schema)
        assert schema["allOf"], path
        base = {"content": "<p>Hi</p>", "title": "T"}
        base = {k: x for k, x in base.items()
                if k in schema["properties"]}
        assert not v.is_valid(base), path
        assert not v.is_valid(dict(base, **{members[0]: None})), path
        ids = {"postId": "0" * 24, "changelogId": "0" * 24,
               "htmlContent": "<p>x</p>", "markdownContent": "x",
               "userId": "u1", "email": "a@b.co"}
        assert v.is_valid(dict(base, **{members[1]: ids[members[1]]}))
        both = dict(base, **{m: ids[m] for m in members})
        assert v.is_valid(both) != exclusive, path
    colour = body("/v2/teams", "post")["properties"]["color"]
    assert colour["pattern"] == "^#[0-9A-Fa-f]{6}$"
    assert body("/v2/webhooks", "post")["properties"]["url"][
        "format"] == "uri"
    unsubscribe = doc["paths"]["/v2/email/unsubscribe"]["get"]
    assert "token" in unsubscribe["x-rules"]
    assert "Beyond the schemas" in unsubscribe["description"]
    assert "cursor" in doc["paths"]["/v2/posts"]["get"]["x-rules"]
