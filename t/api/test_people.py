"""Person objects: wherever a request names a person who may be made a
contact (a post's or a comment's author, a voter), profilePicture follows
the rule POST /v2/contacts follows: an http or https URL.  No script or
HTML URL is ever stored for a client to put into an img src or a link."""
import secrets

import pytest

from helpers import assert_error, NOVA

# Spellings a browser still runs or renders, or that are no absolute
# http(s) URL at all.
HOSTILE = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "\njavascript:alert(1)",
    "\u00a0javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    " data:text/html,<b>x</b>",
    "vbscript:msgbox(1)",
    "VBScript:MsgBox(1)",
    " https://img.example/a.png",
    "//img.example/a.png",
    "https://",
]

ACCEPTED = [
    "https://img.example/a.png",
    "http://img.example/a.png?size=64",
    "HTTPS://IMG.EXAMPLE/A.PNG",
]


@pytest.fixture(scope="module")
def people(server, org):
    """The module's organization, its API as Nova, a board and a post."""
    org.api.http.headers["Featurebase-Version"] = NOVA
    org.board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'People') RETURNING id", org.id)[0][0]
    r = org.api.post("/posts", json={"title": "Pictures",
                                     "boardId": org.board})
    assert r.status_code == 201, r.text
    org.post = r.json()["id"]
    return org


def email():
    return "p%s@people.example" % secrets.token_hex(4)


# Each write sends a person object and answers with the response.
def post_author(org, person):
    return org.api.post("/posts", json={"title": "By someone",
                                        "boardId": org.board,
                                        "author": person})


def post_author_patch(org, person):
    return org.api.request("PATCH", "/posts/" + org.post,
                           json={"author": person})


def comment_author(org, person):
    return org.api.post("/comments", json={"postId": org.post,
                                           "content": "<p>Hello</p>",
                                           "author": person})


def voter(org, person):
    return org.api.post("/posts/%s/voters" % org.post, json=person)


def contact(org, person):
    return org.api.post("/contacts", json=person)


def picture_of(org, address):
    """The profilePicture of the contact with this email address."""
    rows = org.server.sql("SELECT profile_picture FROM contacts WHERE "
                          "org_id = %s AND email = %s", org.id, address)
    assert len(rows) == 1, rows
    return rows[0][0]


WRITES = [
    (post_author, "author.profilePicture"),
    (post_author_patch, "author.profilePicture"),
    (comment_author, "author.profilePicture"),
    (voter, "profilePicture"),
    (contact, "profilePicture"),
]


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("write,param", WRITES,
                         ids=[w.__name__ for w, _ in WRITES])
def test_hostile_pictures_are_refused(people, write, param, value):
    address = email()
    r = write(people, {"email": address, "name": "Mallory",
                       "profilePicture": value})
    assert_error(r, 400, "invalid_parameter", param)
    # Nothing was made: the person is still unknown.
    assert people.server.sql("SELECT count(*) FROM contacts WHERE "
                             "org_id = %s AND email = %s", people.id,
                             address) == [(0,)]


@pytest.mark.parametrize("value", ACCEPTED)
@pytest.mark.parametrize("write", [w for w, _ in WRITES],
                         ids=[w.__name__ for w, _ in WRITES])
def test_http_pictures_are_kept(people, write, value):
    address = email()
    r = write(people, {"email": address, "name": "Alice",
                       "profilePicture": value})
    assert r.status_code in (200, 201), r.text
    assert picture_of(people, address) == value
