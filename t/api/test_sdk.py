"""The hosted API's official client library, unchanged, against this
server (t/sdk/compat.mjs: every operation the server has, through the
library's methods, auto-pagination and error classes).  scripts/sdk.sh
fetches the pinned library, and Node.js 20 when the machine lacks it."""
import base64
import json
import os
import secrets
import subprocess
import tempfile

import contract
from conftest import ROOT, Org, error_log_lines, log_offset
from helpers import NOVA


def test_official_client_library(server):
    since = log_offset(server)
    node = subprocess.run([os.path.join(ROOT, "scripts", "sdk.sh")],
                          check=True, capture_output=True,
                          text=True).stdout.strip()
    org = Org(server, "sdk" + secrets.token_hex(3))
    # The library sends no version header: the organization's pinned
    # version is the one it was made for.
    server.sql("UPDATE organizations SET api_version = %s WHERE id = %s",
               NOVA, org.id)
    server.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'Ideas')",
               org.id)
    server.sql("SELECT fb_demo_seed_surveys(%s)", org.id)
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as log:
        r = subprocess.run([node, os.path.join(ROOT, "t", "sdk",
                                               "compat.mjs"),
                            server.base, org.key, log.name],
                           capture_output=True, text=True, timeout=300)
        answers = [json.loads(l) for l in log]
    lines = r.stdout.splitlines()
    assert r.returncode == 0, r.stdout + r.stderr
    assert not [l for l in lines if not l.startswith("ok ")]
    assert len(lines) >= 29, r.stdout
    # What the library's requests made httpd log; the session's server
    # also has other modules' lines, allowed there.
    assert not error_log_lines(server, since=since)
    # Every answer the library received is one the served description
    # allows (the autouse contract_kept fixture reports them).
    assert len(answers) >= len(lines)
    for a in answers:
        contract.check_answer(a["method"], a["url"], a["status"],
                              a["contentType"], base64.b64decode(a["body"]))
