"""Routing: unknown paths, methods, literal segments, query checks."""
import pytest

from helpers import assert_error


@pytest.mark.parametrize("path", ["/nope", "/boards/x/y/z", "",
                                  "/post_statuses/a/b"])
def test_unknown_path_is_404(org, path):
    assert_error(org.api.get(path), 404, "resource_not_found",
                 type_="invalid_request_error")


def test_unknown_path_needs_no_key(org):
    assert_error(org.api.get("/nope", key=None), 404, "resource_not_found")


@pytest.mark.parametrize("method,path,allow", [
    ("PUT", "/boards", "GET, HEAD, POST"),
    ("POST", "/boards/" + "a" * 24, "GET, HEAD, PATCH, DELETE"),
    ("PUT", "/admins/roles", "GET, HEAD, POST"),
    ("PATCH", "/brands", "GET, HEAD, POST"),
])
def test_wrong_method_is_405_with_allow(org, method, path, allow):
    r = org.api.request(method, path)
    assert_error(r, 405, "method_not_allowed")
    assert r.headers["Allow"] == allow


def test_literal_segment_wins_over_id(org):
    # /admins/roles is the roles list, never an admin lookup of "roles".
    r = org.api.get("/admins/roles")
    assert r.status_code == 200
    assert r.json()["object"] == "list"


def test_trailing_slash_is_tolerated(org):
    assert org.api.get("/boards/").status_code == 200


def test_head_has_headers_and_no_body(org):
    r = org.api.request("HEAD", "/boards")
    assert r.status_code == 200
    assert r.content == b""
    assert int(r.headers["Content-Length"]) > 0


def test_unknown_query_parameter_is_refused(org):
    r = org.api.get("/boards?foo=1")
    assert_error(r, 400, "parameter_not_supported", param="foo")


def test_page_based_pagination_is_refused(org):
    r = org.api.get("/brands?page=2")
    assert_error(r, 400, "parameter_not_supported", param="page")


def test_every_bad_query_parameter_is_listed(org):
    r = org.api.get("/brands?limit=0&page=1&cursor=")
    err = assert_error(r, 400, "invalid_parameter", param="limit")
    paths = [d["path"] for d in err["details"]]
    assert paths == ["query.limit", "query.page", "query.cursor"]


def test_malformed_query_escape(org, server):
    # requests would re-quote the escape, so the request is sent raw.
    import http.client
    import json
    host, port = server.base.rsplit("/", 1)[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", "/v2/brands?limit=%zz",
                 headers={"Authorization": "Bearer " + org.key})
    resp = conn.getresponse()
    body = json.loads(resp.read())
    conn.close()
    assert resp.status == 400
    assert body["error"]["code"] == "invalid_request"
    assert "param" not in body["error"]
