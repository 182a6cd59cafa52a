"""Images in comment content: fetched from a real HTTPS server on
127.0.0.1 (the test-only loopback directive), decoded from data URIs,
stored in chunks, served under signed URLs; refused addresses, oversized
and non-image files are dropped while the comment is still written."""
import base64
import os
import re
import time
from urllib.parse import urlsplit, parse_qsl

import pytest
import requests

from conftest import BAD_LOG, FilesHandler, Org, httpd, https_server
from helpers import assert_error

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
GIF = b"GIF89a" + b"\x01\x00\x01\x00\x00\x00\x00;"
BIG = b"\x89PNG\r\n\x1a\n" + os.urandom(11 * 1024 * 1024)
MEDIUM = b"\xff\xd8\xff\xe0" + os.urandom(700 * 1024)   # several chunks


class Images(FilesHandler):
    files = {"/pic.png": (PNG, "image/png"),
             "/big.png": (BIG, "image/png"),
             "/photo.jpg": (MEDIUM, "image/jpeg"),
             "/page.html": (b"<html>not an image</html>", "image/png"),
             "/run.exe": (b"MZ\x90\x00" + b"\x00" * 100,
                          "application/octet-stream")}


@pytest.fixture(scope="module")
def images():
    with https_server(Images) as srv:
        yield srv


@pytest.fixture(scope="module")
def site(database, images):
    extra = ("FeedbackOutboundAllowLoopback On\n"
             "FeedbackOutboundCAFile %s\n" % images.cert)
    with httpd(database, extra) as s:
        yield s
        with open(s.error_log, errors="replace") as f:
            bad = [l for l in f.read().splitlines() if BAD_LOG.search(l)]
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


@pytest.fixture(scope="module")
def org2(site):
    o = Org(site, "img" + os.urandom(3).hex())
    board = site.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                     "RETURNING id", o.id)[0][0]
    r = o.api.post("/posts", json={"title": "Pictures", "boardId": board})
    o.post = r.json()["id"]
    return o


def post_comment(org, content):
    r = org.api.post("/comments", json={"postId": org.post,
                                        "content": content})
    assert r.status_code == 201, r.text
    return r.json()


def srcs(html):
    return [s.replace("&amp;", "&")
            for s in re.findall(r'<img src="([^"]*)"', html)]


def test_url_image_is_fetched_stored_and_served_signed(org2, images, site):
    c = post_comment(org2, '<p>Look <img src="%s/pic.png" alt="pic"></p>'
                     % images.base)
    (url,) = srcs(c["content"])
    parts = urlsplit(url)
    assert parts.scheme + "://" + parts.netloc == site.base
    assert re.fullmatch(r"/v2/files/[0-9a-f]{32}", parts.path)
    q = dict(parse_qsl(parts.query))
    assert set(q) == {"expires", "signature"}
    assert 3500 < int(q["expires"]) - time.time() <= 3600
    assert 'alt="pic"' in c["content"]
    # Served without an API key, exactly, as the image it is.
    r = requests.get(url, timeout=30)
    assert r.status_code == 200 and r.content == PNG
    assert r.headers["Content-Type"] == "image/png"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    # Stored once, as a marker: every read signs it afresh.
    key = parts.path.rsplit("/", 1)[1]
    stored = site.sql("SELECT content FROM comments WHERE id = %s",
                      c["id"])[0][0]
    assert "https://files.feedback.invalid/" + key in stored
    assert site.sql("SELECT org_id, size, content_type FROM files "
                    "WHERE key = %s", key)[0] == (org2.id, len(PNG),
                                                  "image/png")
    again = org2.api.get("/comments/" + c["id"]).json()
    assert srcs(again["content"])[0].split("?")[0] == url.split("?")[0]


def test_signatures_are_checked(org2, images, site):
    c = post_comment(org2, '<img src="%s/pic.png">' % images.base)
    (url,) = srcs(c["content"])
    base, query = url.split("?")
    q = dict(parse_qsl(query))
    assert requests.get(base, timeout=30).status_code == 403
    bad = dict(q, signature="0" * 64)
    assert requests.get(base, params=bad, timeout=30).status_code == 403
    later = dict(q, expires=str(int(q["expires"]) + 10))
    assert requests.get(base, params=later, timeout=30).status_code == 403
    # Another key under this signature is refused too.
    other = base[:-32] + "f" * 32
    assert requests.get(other, params=q, timeout=30).status_code == 403
    assert_error(requests.get(base, params=bad, timeout=30), 403,
                 "forbidden", param="signature")


def test_data_uri_and_a_file_of_several_chunks(org2, images, site):
    data = base64.b64encode(GIF).decode()
    c = post_comment(org2, '<p><img src="data:image/gif;base64,%s">'
                     '<img src="%s/photo.jpg"></p>' % (data, images.base))
    a, b = srcs(c["content"])
    assert requests.get(a, timeout=30).content == GIF
    r = requests.get(b, timeout=30)
    assert r.content == MEDIUM and r.headers["Content-Type"] == "image/jpeg"
    key = urlsplit(b).path.rsplit("/", 1)[1]
    assert site.sql("SELECT count(*) FROM file_chunks WHERE key = %s",
                    key)[0][0] == 3


@pytest.mark.parametrize("src", [
    "{base}/big.png",                      # over 10 MB
    "{base}/page.html",                    # says image/png, is not one
    "{base}/run.exe",                      # an executable
    "{base}/missing.png",                  # 404
    "https://10.1.2.3/x.png",              # a forbidden address
    "https://169.254.169.254/latest.png",  # cloud metadata
    "https://[::ffff:10.0.0.1]/x.png",
    "data:image/png;base64,TVqQAAMAAAAEAAAA",   # MZ in a data URI
    "data:text/html;base64,PHNjcmlwdD4=",
    "javascript:alert(1)",
])
def test_images_that_cannot_be_had_are_dropped(org2, images, site, src):
    src = src.format(base=images.base)
    c = post_comment(org2, '<p>Text stays <img src="%s"></p>' % src)
    assert c["content"] == "<p>Text stays </p>"
    assert org2.api.get("/comments/" + c["id"]).json() == c


def test_forbidden_address_is_never_contacted(org2, images):
    before = len(images.hits)
    post_comment(org2, '<img src="https://10.0.0.1/pic.png"> x')
    assert len(images.hits) == before


def test_patch_takes_images_too(org2, images):
    c = post_comment(org2, "<p>plain text</p>")
    r = org2.api.request("PATCH", "/comments/" + c["id"], json={
        "content": '<p>now <img src="%s/pic.png"></p>' % images.base})
    assert r.status_code == 200, r.text
    (url,) = srcs(r.json()["content"])
    assert requests.get(url, timeout=30).content == PNG


def test_a_marker_typed_by_hand_is_not_signed(org2):
    text = ('<p>src="https://files.feedback.invalid/%s"</p>' % ("a" * 32))
    c = post_comment(org2, text)
    assert "signature" not in c["content"]
    c = post_comment(org2, '<img src="https://files.feedback.invalid/%s">'
                     ' x' % ("a" * 32))
    assert "files.feedback.invalid" not in c["content"]
    assert "signature" not in c["content"]


def test_posts_and_changelogs_take_images_too(org2, images, site):
    """Every HTML content field goes through the same path (body_fields):
    post content on create and PATCH, changelog HTML and markdown."""
    gif = "data:image/gif;base64," + base64.b64encode(GIF).decode()
    board = site.sql("SELECT board_id FROM posts WHERE id = %s",
                     org2.post)[0][0]
    r = org2.api.post("/posts", json={
        "title": "With a picture", "boardId": board,
        "content": '<p><img src="%s/pic.png"></p>' % images.base})
    assert r.status_code == 201, r.text
    (url,) = srcs(r.json()["content"])
    assert requests.get(url, timeout=30).content == PNG
    r = org2.api.request("PATCH", "/posts/" + r.json()["id"], json={
        "content": '<p><img src="%s"></p>' % gif})
    assert r.status_code == 200, r.text
    (url,) = srcs(r.json()["content"])
    assert requests.get(url, timeout=30).content == GIF
    r = org2.api.post("/changelogs", json={
        "title": "Pictures", "markdownContent":
        "New look:\n\n![shot](%s/pic.png)\n\n<img src=\"%s\">"
        % (images.base, gif)})
    assert r.status_code == 201, r.text
    c = r.json()
    urls = srcs(c["content"])
    assert [requests.get(u, timeout=30).content for u in urls] == [PNG, GIF]
    assert 'alt="shot"' in c["content"]
    # A forbidden address is dropped; the write goes on.
    r = org2.api.request("PATCH", "/changelogs/" + c["id"], json={
        "htmlContent": '<p>x<img src="https://169.254.169.254/a.png"></p>'})
    assert r.status_code == 200, r.text
    d = org2.api.get("/changelogs/%s" % c["id"],
                     params={"state": "draft"}).json()
    assert d["content"] == "<p>x</p>"
