"""Conditional requests (RFC 9110): ETag on single resources,
If-None-Match on GET (304), If-Match on PATCH and DELETE (412)."""
import concurrent.futures

import pytest

from helpers import NOVA, assert_error


@pytest.fixture(scope="module")
def board(server, org):
    return server.sql("INSERT INTO boards (org_id, name) VALUES "
                      "(%s, 'Conditions') RETURNING id", org.id)[0][0]


def new_post(org, board, title="Conditional"):
    r = org.api.post("/posts", json={"title": title, "boardId": board})
    assert r.status_code == 201, r.text
    return r.json()


def tag_of(org, path):
    r = org.api.get(path)
    assert r.status_code == 200, r.text
    tag = r.headers["ETag"]
    # Strong, quoted, opaque.
    assert tag.startswith('"') and tag.endswith('"') and len(tag) == 34
    return tag


def test_single_resources_carry_a_strong_etag(org, board):
    p = new_post(org, board)
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)
    assert tag_of(org, path) == tag
    # Lists carry none (decisions.md).
    assert "ETag" not in org.api.get("/posts").headers
    assert "ETag" not in org.api.get("/boards").headers
    assert tag_of(org, "/boards/" + board) != tag


@pytest.mark.parametrize("header,status", [
    ("{tag}", 304),
    ("W/{tag}", 304),               # If-None-Match compares weakly
    ('"other", {tag}', 304),
    ("*", 304),
    ('"other"', 200),
    ("{tag}x", 200),                # malformed: matches nothing
])
def test_if_none_match(org, board, header, status):
    p = new_post(org, board)
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)
    r = org.api.get(path, headers={"If-None-Match":
                                   header.format(tag=tag)})
    assert r.status_code == status
    assert r.headers["ETag"] == tag
    if status == 304:
        assert r.content == b""
    else:
        assert r.json() == org.api.get(path).json()


def test_the_tag_follows_every_byte_of_the_representation(org, board):
    # A change made elsewhere (a comment counted on the post) is a new
    # representation, hence a new tag: the old one gets the body again.
    p = new_post(org, board)
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)
    r = org.api.post("/comments", json={"postId": p["id"],
                                        "content": "<p>Counted</p>"})
    assert r.status_code == 201, r.text
    r = org.api.get(path, headers={"If-None-Match": tag})
    assert r.status_code == 200 and r.headers["ETag"] != tag
    assert r.json()["commentCount"] == p["commentCount"] + 1


def test_if_match_on_patch(org, board, server):
    p = new_post(org, board, "Before")
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)
    for stale in ('"bogus"', "W/" + tag, tag + ", "):
        r = org.api.request("PATCH", path, json={"title": "Lost"},
                            headers={"If-Match": stale})
        assert_error(r, 412, "precondition_failed")
    assert org.api.get(path).json()["title"] == "Before"
    assert server.sql("SELECT count(*) FROM events WHERE topic = "
                      "'post.updated' AND item->>'id' = %s", p["id"]) \
        == [(0,)]
    r = org.api.request("PATCH", path, json={"title": "After"},
                        headers={"If-Match": '"bogus", ' + tag})
    assert r.status_code == 200 and r.json()["title"] == "After"
    # The tag it matched is now stale.
    r = org.api.request("PATCH", path, json={"title": "Again"},
                        headers={"If-Match": tag})
    assert_error(r, 412, "precondition_failed")
    r = org.api.request("PATCH", path, json={"title": "Any"},
                        headers={"If-Match": "*"})
    assert r.status_code == 200


def test_patch_answers_the_new_tag(org, board):
    # The answer of a PATCH carries the tag of what it left: the next
    # GET's, and an If-Match the next write can use without a GET.
    p = new_post(org, board, "Tagged")
    path = "/posts/" + p["id"]
    before = tag_of(org, path)
    r = org.api.request("PATCH", path, json={"title": "Retagged"},
                        headers={"If-Match": before})
    assert r.status_code == 200, r.text
    assert r.headers["ETag"] != before
    assert r.headers["ETag"] == tag_of(org, path)
    r = org.api.request("PATCH", path, json={"title": "Chained"},
                        headers={"If-Match": r.headers["ETag"]})
    assert r.status_code == 200 and r.headers["ETag"] == tag_of(org, path)
    # A refused PATCH changes nothing and carries no tag.
    r = org.api.request("PATCH", path, json={"title": 5})
    assert r.status_code == 400 and "ETag" not in r.headers


def test_if_match_star_needs_a_current_representation(org, other_org,
                                                       board):
    # A resource that does not exist (or is another organization's) has
    # no current representation: "*" fails as any tag would.
    p = new_post(org, board)
    for api, pid in ((org.api, "0" * 24), (other_org.api, p["id"])):
        r = api.request("PATCH", "/posts/" + pid, json={"title": "No"},
                        headers={"If-Match": "*"})
        assert_error(r, 412, "precondition_failed")
        assert_error(api.request("PATCH", "/posts/" + pid,
                                 json={"title": "No"}),
                     404, "post_not_found", param="id")


def test_if_match_on_delete(org, board):
    p = new_post(org, board)
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)
    org.api.request("PATCH", path, json={"title": "Changed meanwhile"})
    assert_error(org.api.request("DELETE", path, headers={"If-Match": tag}),
                 412, "precondition_failed")
    assert org.api.get(path).status_code == 200
    r = org.api.request("DELETE", path,
                        headers={"If-Match": tag_of(org, path)})
    assert r.status_code == 200
    assert org.api.get(path).status_code == 404


def test_if_match_on_other_resources(org):
    api = org.api
    api.http.headers["Featurebase-Version"] = NOVA
    try:
        r = api.post("/webhooks", json={"name": "Hook",
                                        "url": "https://hooks.example.com/c",
                                        "topics": ["post.created"]})
        assert r.status_code == 201, r.text
        path = "/webhooks/" + r.json()["id"]
        tag = tag_of(org, path)
        r = api.request("PATCH", path, json={"name": "Renamed"},
                        headers={"If-Match": tag})
        assert r.status_code == 200
        assert_error(api.request("DELETE", path, headers={"If-Match": tag}),
                     412, "precondition_failed")
        r = api.request("DELETE", path,
                        headers={"If-Match": tag_of(org, path)})
        assert r.status_code == 200
    finally:
        del api.http.headers["Featurebase-Version"]


def test_concurrent_patches_with_one_tag_one_wins(org, board, server):
    # Eight PATCHes sent at once with the tag they all read: the checks
    # run one after another inside their transactions, so one wins and
    # the seven others see its write and get 412.
    p = new_post(org, board, "Raced")
    path = "/posts/" + p["id"]
    tag = tag_of(org, path)

    def patch(i):
        from conftest import Client
        c = Client(org.server, org.key)
        return c.request("PATCH", path, json={"title": "Writer %d" % i},
                         headers={"If-Match": tag}).status_code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        codes = sorted(pool.map(patch, range(8)))
    assert codes == [200] + [412] * 7
    title = org.api.get(path).json()["title"]
    assert title.startswith("Writer ")
    assert server.sql("SELECT count(*) FROM events WHERE topic = "
                      "'post.updated' AND item->>'id' = %s", p["id"]) \
        == [(1,)]
