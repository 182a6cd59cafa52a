"""File custom fields of tickets: multipart uploads (a data part and
customFields.<fieldId> file parts) and JSON {url, name?} downloads from a
real HTTPS server on 127.0.0.1; limits just under and just over (files a
request, body size, download size); executables refused by name and by
content; answers with {key, name, url} signed for an hour; the file
endpoint checks signature and expiry; files follow their ticket."""
import hashlib
import hmac
import json
import os
import re
import secrets
import time
from urllib.parse import parse_qsl, urlsplit

import pytest
import requests

from conftest import BAD_LOG, FilesHandler, Org, httpd, https_server
from helpers import assert_error

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + b"1 0 obj\n<<>>\nendobj\n" * 50
EXE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\0" * 200
TEN_MB = 10 * 1024 * 1024
UPLOAD_MAX = 3 * 1024 * 1024        # FeedbackMaxUploadSize of the site


class Files(FilesHandler):
    files = {"/doc.pdf": (PDF, "application/pdf"),
             "/shot.png": (PNG, "image/png"),
             "/exact.dat": (b"\x00PK" + os.urandom(TEN_MB - 3),
                            "application/octet-stream"),
             "/over.dat": (b"\x00PK" + os.urandom(TEN_MB - 2),
                           "application/octet-stream"),
             "/tool.png": (EXE, "image/png")}


@pytest.fixture(scope="module")
def remote():
    with https_server(Files) as srv:
        yield srv


@pytest.fixture(scope="module")
def site(database, remote):
    extra = ("FeedbackOutboundAllowLoopback On\n"
             "FeedbackOutboundCAFile %s\n"
             "FeedbackMaxUploadSize %d\n" % (remote.cert, UPLOAD_MAX))
    with httpd(database, extra) as s:
        with open(os.path.join(s.run_dir, "httpd.conf")) as f:
            s.secret = re.search(r'FeedbackSecret "([^"]+)"',
                                 f.read()).group(1)
        yield s
        with open(s.error_log, errors="replace") as f:
            bad = [l for l in f.read().splitlines() if BAD_LOG.search(l)]
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


class Desk:
    def __init__(self, server):
        self.server = server
        self.org = Org(server, "tf" + secrets.token_hex(3))
        server.ctl("demo-seed", self.org.id)
        self.api = self.org.api
        self.cats = {c["supportBoardType"]: c["id"] for c in
                     self.api.get("/tickets/categories").json()}
        fields = {f["label"]: f["id"] for f in
                  self.api.get("/tickets/custom_fields").json()["data"]}
        self.shots = fields["Screenshots"]         # several files
        self.invoice = fields["Invoice"]           # one file
        self.order = fields["Order number"]

    def data(self, **extra):
        body = {"ticketCategoryId": self.cats["customer"],
                "title": "With files", "author": {}}
        body.update(extra)
        return ("data", (None, json.dumps(body), "application/json"))

    def upload(self, files, method="POST", path="/tickets", **extra):
        parts = [self.data(**extra)] if method == "POST" else \
            [("data", (None, json.dumps(extra), "application/json"))]
        parts += files
        return self.api.request(method, path, files=parts)

    def file_count(self):
        return self.server.sql("SELECT count(*) FROM files WHERE "
                               "org_id = %s", self.org.id)[0][0]


@pytest.fixture(scope="module")
def desk(site):
    return Desk(site)


def shown(value):
    """A file value as answered: the JSON string of {key, name, url}."""
    assert isinstance(value, str)
    v = json.loads(value)
    assert set(v) == {"key", "name", "url"}
    return v


def shown_all(value):
    """The value of a field with several files as answered: one JSON
    string of the array of {key, name, url} (the reference's form)."""
    assert isinstance(value, str)
    files = json.loads(value)
    assert isinstance(files, list) and files
    return [shown(json.dumps(f)) for f in files]


def test_multipart_create_and_serve(desk):
    r = desk.upload([
        ("customFields." + desk.shots, ("a.png", PNG, "image/png")),
        ("customFields." + desk.shots, ("docs/b.pdf", PDF, "text/plain")),
    ], customFields={desk.order: "ORD-7"})
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["customFields"][desk.order] == "ORD-7"
    files = shown_all(t["customFields"][desk.shots])
    assert [f["name"] for f in files] == ["a.png", "b.pdf"]
    # The signed URLs serve the bytes, without an API key, for an hour.
    for f, body, ctype in zip(files, (PNG, PDF),
                              ("image/png", "application/pdf")):
        got = requests.get(f["url"], timeout=30)
        assert got.status_code == 200 and got.content == body
        assert got.headers["Content-Type"] == ctype
        expires = int(dict(parse_qsl(urlsplit(f["url"]).query))["expires"])
        assert 3590 <= expires - time.time() <= 3610
    # Reading it again signs it again; the stored value has no URL.
    again = desk.api.get("/tickets/%d" % t["ticketNumber"]).json()
    assert [f["key"] for f in shown_all(again["customFields"][desk.shots])] \
        == [f["key"] for f in files]
    stored = desk.server.sql("SELECT custom_fields FROM tickets WHERE "
                             "org_id = %s AND id = %s", desk.org.id,
                             t["id"])[0][0]
    assert stored[desk.shots] == [{"key": f["key"], "name": f["name"]}
                                  for f in files]
    listed = desk.api.get("/tickets?limit=100").json()["data"]
    mine = [x for x in listed if x["id"] == t["id"]][0]
    assert [f["key"] for f in shown_all(mine["customFields"][desk.shots])] \
        == [f["key"] for f in files]


def test_signature_and_expiry(desk, site):
    r = desk.upload([("customFields." + desk.invoice,
                      ("inv.pdf", PDF, "application/pdf"))],
                    ticketCategoryId=desk.cats["back-office"])
    assert r.status_code == 201, r.text
    f = shown(r.json()["customFields"][desk.invoice])
    assert requests.get(f["url"], timeout=30).status_code == 200
    base = f["url"].split("?")[0]
    q = dict(parse_qsl(urlsplit(f["url"]).query))

    def sign(expires):
        return hmac.new(site.secret.encode(),
                        ("%s.%d" % (f["key"], expires)).encode(),
                        hashlib.sha256).hexdigest()

    def status(expires, signature):
        return requests.get(base, params={"expires": str(expires),
                                          "signature": signature},
                            timeout=30).status_code

    # The server's own signature, recomputed: valid until it expires.
    assert sign(int(q["expires"])) == q["signature"]
    soon = int(time.time()) + 2
    assert status(soon, sign(soon)) == 200
    time.sleep(3.2)
    assert status(soon, sign(soon)) == 403
    # Tampered: another byte, another expiry, another key.
    bad = q["signature"][:-1] + ("0" if q["signature"][-1] != "0" else "1")
    assert status(q["expires"], bad) == 403
    assert status(int(q["expires"]) + 60, q["signature"]) == 403
    assert requests.get(base, timeout=30).status_code == 403


def test_executables_refused(desk):
    before = desk.file_count()
    for name, body in (("photo.png", EXE),              # by content
                       ("run.sh", PNG),                 # by name
                       ("setup.EXE", PDF),
                       ("script.png", b"#!/bin/sh\nrm -rf /\n"),
                       ("elf.png", b"\x7fELF\x02\x01\x01" + b"\0" * 64)):
        r = desk.upload([("customFields." + desk.shots,
                          (name, body, "image/png"))])
        err = assert_error(r, 400, "invalid_parameter",
                           param="customFields." + desk.shots)
        assert "Executable" in err["message"]
    # Nothing kept, no ticket made.
    assert desk.file_count() == before


def test_file_count_limit(desk):
    ten = [("customFields." + desk.shots, ("f%d.png" % i, PNG, "image/png"))
           for i in range(10)]
    r = desk.upload(ten)
    assert r.status_code == 201, r.text
    assert len(shown_all(r.json()["customFields"][desk.shots])) == 10
    before = desk.file_count()
    eleven = ten + [("customFields." + desk.shots,
                     ("f10.png", PNG, "image/png"))]
    assert_error(desk.upload(eleven), 400, "invalid_request")
    # A JSON URL counts with the parts.
    assert desk.file_count() == before


def test_body_size_limit(desk, site):
    """The site's FeedbackMaxUploadSize: a body of exactly the limit is
    taken, one byte more is 413 (by Content-Length, and while streaming
    a chunked body, whose stored bytes are then discarded)."""
    boundary = "b" * 16
    head = ("--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n"
            "%s\r\n--%s\r\nContent-Disposition: form-data; "
            "name=\"customFields.%s\"; filename=\"big.dat\"\r\n\r\n"
            % (boundary, json.dumps({"ticketCategoryId":
                                     desk.cats["customer"],
                                     "title": "Big", "author": {}}),
               boundary, desk.shots)).encode()
    tail = ("\r\n--%s--\r\n" % boundary).encode()
    filler = UPLOAD_MAX - len(head) - len(tail)
    body = head + b"\x00PK" + b"z" * (filler - 3) + tail
    assert len(body) == UPLOAD_MAX
    ctype = "multipart/form-data; boundary=" + boundary
    r = desk.api.post("/tickets", data=body,
                      headers={"Content-Type": ctype})
    assert r.status_code == 201, r.text
    size = desk.server.sql(
        "SELECT size FROM files WHERE org_id = %s AND key = %s",
        desk.org.id,
        shown_all(r.json()["customFields"][desk.shots])[0]["key"])[0][0]
    assert size == filler
    over = head + b"\x00PK" + b"z" * (filler - 2) + tail
    before = desk.file_count()
    assert_error(desk.api.post("/tickets", data=over,
                               headers={"Content-Type": ctype}),
                 413, "request_too_large")

    def chunks():
        for i in range(0, len(over), 65536):
            yield over[i:i + 65536]
    assert_error(desk.api.post("/tickets", data=chunks(),
                               headers={"Content-Type": ctype}),
                 413, "request_too_large")
    assert desk.file_count() == before


def test_url_downloads(desk, remote):
    r = desk.api.post("/tickets", json={
        "ticketCategoryId": desk.cats["customer"], "title": "By URL",
        "author": {},
        "customFields": {desk.shots: [
            {"url": remote.base + "/doc.pdf", "name": "Contract.pdf"},
            {"url": remote.base + "/shot.png"},
            {"url": remote.base + "/exact.dat"}]}})
    assert r.status_code == 201, r.text
    files = shown_all(r.json()["customFields"][desk.shots])
    assert [f["name"] for f in files] == ["Contract.pdf", "shot.png",
                                          "exact.dat"]
    got = requests.get(files[0]["url"], timeout=30)
    assert got.content == PDF
    # Just over 10 MB, an executable by content, a refused address, a
    # single-file field given two.
    for value, why in (
            ({"url": remote.base + "/over.dat"}, "larger"),
            ({"url": remote.base + "/tool.png"}, "Executable"),
            ({"url": "https://10.0.0.1/x.pdf"}, ""),
            ({"url": remote.base + "/doc.pdf", "extra": 1}, "url, name"),
            ({"name": "no url"}, "")):
        before = desk.file_count()
        err = assert_error(desk.api.post("/tickets", json={
            "ticketCategoryId": desk.cats["customer"], "title": "Bad URL",
            "author": {}, "customFields": {desk.shots: [value]}}),
            400, "invalid_parameter", param="customFields." + desk.shots)
        assert why in err["message"]
        assert desk.file_count() == before
    assert_error(desk.api.post("/tickets", json={
        "ticketCategoryId": desk.cats["back-office"], "title": "Two",
        "author": {}, "customFields": {desk.invoice: [
            {"url": remote.base + "/doc.pdf"},
            {"url": remote.base + "/doc.pdf"}]}}),
        400, "invalid_parameter", param="customFields." + desk.invoice)
    eleven = [{"url": remote.base + "/shot.png"}] * 11
    assert_error(desk.api.post("/tickets", json={
        "ticketCategoryId": desk.cats["customer"], "title": "Many",
        "author": {}, "customFields": {desk.shots: eleven}}),
        400, "invalid_request")


def test_forged_values_refused(desk, other_org):
    """A file value is only what this request stored: a key named in
    JSON is refused, even the organization's own."""
    r = desk.upload([("customFields." + desk.shots,
                      ("a.png", PNG, "image/png"))])
    key = shown_all(r.json()["customFields"][desk.shots])[0]["key"]
    for value in ({"key": key, "name": "x"}, [{"key": key}], "a.png"):
        assert_error(desk.api.post("/tickets", json={
            "ticketCategoryId": desk.cats["customer"], "title": "Forged",
            "author": {}, "customFields": {desk.shots: value}}),
            400, "invalid_parameter", param="customFields." + desk.shots)
    # Unknown part names, a file for a text field, for another
    # organization's field.
    assert_error(desk.upload([("avatar", ("a.png", PNG, "image/png"))]),
                 400, "parameter_not_supported", param="avatar")
    assert_error(desk.upload([("customFields." + desk.order,
                               ("a.png", PNG, "image/png"))]),
                 400, "invalid_parameter", param="customFields." + desk.order)


def test_files_follow_the_ticket(desk):
    r = desk.upload([("customFields." + desk.shots,
                      ("a.png", PNG, "image/png"))])
    t = r.json()
    key = shown_all(t["customFields"][desk.shots])[0]["key"]
    path = "/tickets/%d" % t["ticketNumber"]

    def attached(k):
        rows = desk.server.sql("SELECT attached_at IS NOT NULL FROM files "
                               "WHERE org_id = %s AND key = %s",
                               desk.org.id, k)
        return rows[0][0] if rows else None

    assert attached(key) is True
    # PATCH by multipart replaces the value; the old file goes.
    r = desk.upload([("customFields." + desk.shots,
                      ("b.png", PNG, "image/png"))], method="PATCH",
                    path=path, title="Replaced")
    assert r.status_code == 200, r.text
    assert r.json()["title"] == "Replaced"
    new = shown_all(r.json()["customFields"][desk.shots])[0]["key"]
    assert attached(new) is True and attached(key) is None
    # Removing the value, then deleting the ticket, deletes the files.
    r = desk.api.request("PATCH", path,
                         json={"customFields": {desk.shots: None}})
    assert r.json()["customFields"] == {} and attached(new) is None
    r = desk.upload([("customFields." + desk.shots,
                      ("c.png", PNG, "image/png"))], method="PATCH",
                    path=path)
    last = shown_all(r.json()["customFields"][desk.shots])[0]["key"]
    assert desk.api.request("DELETE", path).status_code == 200
    assert attached(last) is None


def test_malformed_multipart(desk):
    ctype = "multipart/form-data; boundary=xyz"
    for body in (b"--xyz\r\nContent-Disposition: form-data; name=data\r\n"
                 b"\r\n{}\r\n",                           # cut short
                 b"--xyz\r\n\r\n{}\r\n--xyz--",           # no disposition
                 b"--xyz\r\nContent-Disposition: form-data; name=data\r\n"
                 b"\r\n{not json\r\n--xyz--"):
        r = desk.api.post("/tickets", data=body,
                          headers={"Content-Type": ctype})
        assert_error(r, 400, "invalid_request", param=None
                     if b"not json" not in body else "data")
    # Multipart elsewhere is still refused as a media type.
    assert_error(desk.api.post("/posts", data=b"--xyz--",
                               headers={"Content-Type": ctype}),
                 415, "unsupported_media_type")


def test_hostile_multipart(desk):
    """Bodies built to hurt: every one is an error in the envelope (or a
    success), never a 5xx, and leaves no file behind."""
    b = "hostile"
    ctype = "multipart/form-data; boundary=" + b
    part = ("--%s\r\nContent-Disposition: form-data; name=\"customFields.%s\";"
            " filename=\"%%s\"\r\n\r\n%%s\r\n" % (b, desk.shots))
    data = ("--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n"
            "%s\r\n" % (b, json.dumps({"ticketCategoryId":
                                       desk.cats["customer"],
                                       "title": "Hostile", "author": {}})))
    end = "--%s--\r\n" % b
    bodies = [
        data + "--%s\r\nX: %s\r\n\r\n" % (b, "a" * 9000) + end,
        data + (part % ("a.png", "x")) * 40 + end,
        data + data + end,
        data + part % ("\xff\xfe.png", "x") + end,
        data + "--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n"
               "\r\n%s\r\n" % (b, "[" * 5000) + end,
        data + "--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n"
               "\r\n%s\r\n" % (b, "x" * (1024 * 1024 + 1)) + end,
        "--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n"
        "{\"title\": 5}\r\n" % b + part % ("a.png", "x") + end,
        part % ("", "") + end,
        data + part % ("a.png", "") + end,
        "\r\n" * 1000 + end,
        "",
    ]
    before = desk.file_count()
    for body in bodies:
        raw = body.encode("latin-1")    # \xff stays one byte
        r = desk.api.post("/tickets", data=raw,
                          headers={"Content-Type": ctype})
        assert r.status_code < 500, (body[:80], r.text)
        if r.status_code >= 400:
            err = r.json()["error"]
            assert err["status"] == r.status_code and err["code"]
        assert desk.file_count() == before, (body[:120], r.text)
    # A boundary over 70 characters is not multipart: 415.
    assert_error(desk.api.post("/tickets", data=b"x", headers={
        "Content-Type": "multipart/form-data; boundary=" + "b" * 71}),
        415, "unsupported_media_type")


def test_file_urls_do_not_change_the_answer(desk):
    """File URLs are signed on the way out: the ticket's ETag stays the
    same from one second to the next (If-None-Match and If-Match work),
    while each answer carries freshly signed, working URLs; text that
    looks like a file link is not signed."""
    key = secrets.token_hex(16)
    fake = "https://files.feedback.invalid/link/%s.%s" % (key, "0" * 16)
    r = desk.upload([("customFields." + desk.invoice,
                      ("i.pdf", PDF, "application/pdf"))],
                    customFields={desk.order: fake})
    assert r.status_code == 201, r.text
    path = "/tickets/%d" % r.json()["ticketNumber"]
    a = desk.api.get(path)
    time.sleep(1.1)
    b = desk.api.get(path)
    assert a.headers["ETag"] == b.headers["ETag"]
    urls = [shown(x.json()["customFields"][desk.invoice])["url"]
            for x in (a, b)]
    assert urls[0] != urls[1]
    assert requests.get(urls[1], timeout=30).content == PDF
    assert b.json()["customFields"][desk.order] == fake
    r = desk.api.get(path, headers={"If-None-Match": a.headers["ETag"]})
    assert r.status_code == 304
    r = desk.api.request("PATCH", path, json={"title": "Still the same"},
                         headers={"If-Match": a.headers["ETag"]})
    assert r.status_code == 200, r.text
    # The PATCH tags what a GET then shows, its file values as the GET
    # presents them (the PATCH renders both from one read).
    assert r.headers["ETag"] == desk.api.get(path).headers["ETag"]
