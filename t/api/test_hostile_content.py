"""Hostile markup in content fields (issue 12, point 10): markup nested
deep enough to keep the HTML parser or cmark busy is refused with the
documented 400 before they run (modules/core/fb_html_budget.h,
fb_markdown.h), and nothing is stored; content just under the limits is
taken."""
import pytest

from helpers import assert_error

# The limits of the core (fb_html_budget.h, fb_markdown.h).
MAX_NESTING = 256
MAX_MARKDOWN_NESTING = 128


@pytest.fixture(scope="module")
def board(server, org):
    return server.sql("INSERT INTO boards (org_id, name) VALUES "
                      "(%s, 'Hostile') RETURNING id", org.id)[0][0]


def count(server, org, table):
    return server.sql("SELECT count(*) FROM %s WHERE org_id = %%s" % table,
                      org.id)[0][0]


def assert_too_complex(resp, param):
    err = assert_error(resp, 400, "invalid_parameter", param=param,
                       type_="invalid_request_error")
    assert err["message"] == "The markup of '%s' is too complex." % param


def test_480_kb_of_nested_b_is_refused(org, server, board):
    before = count(server, org, "posts")
    hostile = "<b>" * 160000 + "x"
    assert len(hostile.encode()) > 480000
    r = org.api.post("/posts", json={"title": "Nested", "boardId": board,
                                     "content": hostile})
    assert_too_complex(r, "content")
    assert count(server, org, "posts") == before


def test_nesting_just_under_the_limit_is_taken(org, board):
    # Stored with the sanitizer's own depth: deeper tags are unwrapped.
    r = org.api.post("/posts", json={"title": "Deep", "boardId": board,
                                     "content": "<b>" * MAX_NESTING + "x"})
    assert r.status_code == 201, r.text
    assert r.json()["content"] == "<b>" * 64 + "x" + "</b>" * 64
    r = org.api.post("/posts", json={"title": "Deeper", "boardId": board,
                                     "content": "<b>" * (MAX_NESTING + 1)
                                     + "x"})
    assert_too_complex(r, "content")


def test_hostile_comment_and_changelog_html(org, server, board):
    post = org.api.post("/posts", json={"title": "Target",
                                         "boardId": board,
                                         "content": "<p>ok</p>"})
    assert post.status_code == 201, post.text
    before = count(server, org, "comments")
    r = org.api.post("/comments", json={"postId": post.json()["id"],
                                        "content": "<div>" * 90000})
    assert_too_complex(r, "content")
    assert count(server, org, "comments") == before
    before = count(server, org, "changelogs")
    r = org.api.post("/changelogs", json={"title": "Nested",
                                          "htmlContent": "<i>" * 100000})
    assert_too_complex(r, "htmlContent")
    assert count(server, org, "changelogs") == before


@pytest.mark.parametrize("markdown", [
    ">" * 480000 + " x",                # block quotes
    "- " * 100000 + "x",                # lists in lists
    "".join("  " * i + "- x\n" for i in range(200)),    # indented lists
])
def test_deep_markdown_is_refused(org, server, markdown):
    before = count(server, org, "changelogs")
    r = org.api.post("/changelogs", json={"title": "Deep markdown",
                                          "markdownContent": markdown})
    assert_too_complex(r, "markdownContent")
    assert count(server, org, "changelogs") == before


def test_markdown_just_under_the_limit_is_taken(org):
    r = org.api.post("/changelogs", json={
        "title": "Quotes", "markdownContent": ">" * MAX_MARKDOWN_NESTING
        + "x"})
    assert r.status_code == 201, r.text
    assert r.json()["content"].count("<blockquote>") == 64
    r = org.api.post("/changelogs", json={
        "title": "Quotes", "markdownContent": ">" * (MAX_MARKDOWN_NESTING
                                                      + 1) + "x"})
    assert_too_complex(r, "markdownContent")
