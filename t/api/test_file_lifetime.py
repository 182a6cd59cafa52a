"""A stored image lives as long as content that shows it (sql/014): the
content's own transaction attaches its new images and deletes the ones it
no longer shows; images of a write that failed are swept an hour later."""
import base64
import os
import re

import pytest
import requests

from conftest import Org, error_log_lines, httpd
from helpers import wait_for

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
GIF = b"GIF89a" + b"\x01\x00\x01\x00\x00\x00\x00;"


def data_uri(kind, body):
    return "data:image/%s;base64,%s" % (kind, base64.b64encode(body).decode())


def img(kind, body):
    return '<img src="%s">' % data_uri(kind, body)


def keys(html):
    return re.findall(r'<img src="[^"]*/v2/files/([0-9a-f]{32})\?', html)


def files(org, keys_):
    """The keys among keys_ that are stored, and whether each is attached."""
    return dict(org.server.sql(
        "SELECT key, attached_at IS NOT NULL FROM files "
        "WHERE org_id = %s AND key = ANY(%s)", org.id, list(keys_)))


def served(org, html):
    return [requests.get(u.replace("&amp;", "&"), timeout=10).status_code
            for u in re.findall(r'<img src="([^"]*)"', html)]


@pytest.fixture(scope="module")
def board(org):
    return org.server.sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                          "'Pictures') RETURNING id", org.id)[0][0]


def new_post(org, board, content):
    r = org.api.post("/posts", json={"title": "Pictures", "boardId": board,
                                     "content": content})
    assert r.status_code == 201, r.text
    return r.json()


def test_images_follow_post_content(org, board):
    p = new_post(org, board, "<p>Two %s %s</p>" % (img("png", PNG),
                                                  img("gif", GIF)))
    png, gif = keys(p["content"])
    assert files(org, [png, gif]) == {png: True, gif: True}
    # PATCH keeps the first image, given back as the API returned it
    # (signed URL and all, the way a client edits content): it is the
    # same file, not fetched again; the second one is gone.
    first = re.search(r'<img src="[^"]*">', p["content"]).group(0)
    r = org.api.request("PATCH", "/posts/" + p["id"], json={
        "content": "<p>One %s</p>" % first.replace("&amp;", "&")})
    assert r.status_code == 200, r.text
    assert keys(r.json()["content"]) == [png]
    assert files(org, [png, gif]) == {png: True}
    assert served(org, p["content"]) == [200, 404]
    # Deleting the post takes its last image along.
    assert org.api.request("DELETE", "/posts/" + p["id"]).status_code == 200
    assert files(org, [png]) == {}


def test_own_urls_name_the_file_other_organizations_do_not(org, board,
                                                           other_org):
    p = new_post(org, board, "<p>%s</p>" % img("png", PNG))
    (key,) = keys(p["content"])
    expired = "%s/v2/files/%s?expires=1&signature=00" % (org.server.base, key)
    marker = "https://files.feedback.invalid/" + key
    r = org.api.request("PATCH", "/posts/" + p["id"], json={
        "content": '<p><img src="%s"><img src="%s"></p>' % (expired, marker)})
    assert r.status_code == 200, r.text
    assert keys(r.json()["content"]) == [key, key]
    assert served(org, r.json()["content"]) == [200, 200]
    # Another organization giving this URL gets it fetched like any URL
    # (here refused: loopback), never the file.
    other_board = other_org.server.sql(
        "INSERT INTO boards (org_id, name) VALUES (%s, 'B') RETURNING id",
        other_org.id)[0][0]
    q = new_post(other_org, other_board, '<p>x<img src="%s"><img src="%s">'
                 '</p>' % (expired, marker))
    assert q["content"] == "<p>x</p>"
    assert other_org.api.request("DELETE", "/posts/" + q["id"]
                                 ).status_code == 200
    assert files(org, [key]) == {key: True}


def test_unchanged_content_keeps_its_images(org, board):
    p = new_post(org, board, "<p>%s</p>" % img("png", PNG))
    (key,) = keys(p["content"])
    r = org.api.request("PATCH", "/posts/" + p["id"],
                        json={"title": "Renamed"})
    assert r.status_code == 200, r.text
    assert files(org, [key]) == {key: True}
    assert served(org, r.json()["content"]) == [200]


def test_comment_images_go_with_their_post(org, board):
    p = new_post(org, board, "<p>No picture</p>")
    r = org.api.post("/comments", json={"postId": p["id"],
                                        "content": img("gif", GIF)})
    assert r.status_code == 201, r.text
    (key,) = keys(r.json()["content"])
    assert files(org, [key]) == {key: True}
    assert org.api.request("DELETE", "/posts/" + p["id"]).status_code == 200
    assert files(org, [key]) == {}


def test_a_marker_in_text_keeps_nothing_and_deletes_nothing(org, board):
    """Only an <img src> shows a file: text naming another post's marker
    neither attaches it nor takes it along when deleted."""
    a = new_post(org, board, "<p>%s</p>" % img("png", PNG))
    (key,) = keys(a["content"])
    b = new_post(org, board, "<p>see https://files.feedback.invalid/%s</p>"
                 % key)
    assert org.api.request("DELETE", "/posts/" + b["id"]).status_code == 200
    assert files(org, [key]) == {key: True}


def test_published_copy_keeps_its_image(org):
    r = org.api.post("/changelogs", json={
        "title": "Pictures", "htmlContent": "<p>%s</p>" % img("png", PNG)})
    assert r.status_code == 201, r.text
    c = r.json()
    (key,) = keys(c["content"])
    assert org.api.post("/changelogs/%s/publish" % c["id"],
                        json={}).status_code == 200
    # The draft drops the image; the live copy still shows it.
    r = org.api.request("PATCH", "/changelogs/" + c["id"],
                        json={"htmlContent": "<p>Text only</p>"})
    assert r.status_code == 200, r.text
    assert files(org, [key]) == {key: True}
    live = org.api.get("/changelogs/" + c["id"]).json()
    assert served(org, live["content"]) == [200]
    # Publishing the draft replaces the live copy: now nothing shows it.
    assert org.api.post("/changelogs/%s/publish" % c["id"],
                        json={}).status_code == 200
    assert files(org, [key]) == {}


def test_images_of_a_failed_write_are_swept(fresh_database):
    with httpd(fresh_database) as s:
        o = Org(s, "sweep" + os.urandom(3).hex())
        stored = []
        for kind, body in (("png", PNG), ("gif", GIF)):
            before = {k for (k,) in s.sql(
                "SELECT key FROM files WHERE org_id = %s", o.id)}
            r = o.api.post("/posts", json={
                "title": "Lost", "boardId": "0" * 24,
                "content": img(kind, body)})
            assert r.status_code == 404, r.text
            (new,) = {k for (k,) in s.sql(
                "SELECT key FROM files WHERE org_id = %s", o.id)} - before
            stored.append(new)
        assert files(o, stored) == {stored[0]: False, stored[1]: False}
        old, recent = stored
        s.sql("UPDATE files SET created_at = now() - interval '61 minutes' "
              "WHERE key = %s", old)
    with httpd(fresh_database, "LogLevel warn feedback:info\n",
               worker=True) as s:
        assert wait_for(lambda: files(o, stored) == {recent: False})
        assert s.sql("SELECT count(*) FROM file_chunks WHERE key = %s",
                     old) == [(0,)]
        with open(s.error_log, errors="replace") as f:
            assert "sweep unattached files: 1 row(s)" in f.read()
        assert not error_log_lines(s)
