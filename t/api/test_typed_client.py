"""A typed client generated from the served description compiles and
works: openapi-typescript (npm) turns /v2/openapi.json into TypeScript
types, `tsc --strict` compiles t/typed/client.mts against them, and the
compiled client runs against this server (scripts/typed.sh fetches the
tools as t/typed/package-lock.json pins them)."""
import os
import shutil
import subprocess
import tempfile

import requests

from conftest import ROOT

TYPED = os.path.join(ROOT, "t", "typed")
TOOLS = os.path.join(TYPED, "node_modules")


def run(*args, cwd):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_a_client_typed_by_the_description(server, org):
    node = subprocess.run([os.path.join(ROOT, "scripts", "typed.sh")],
                          check=True, capture_output=True,
                          text=True).stdout.strip()
    server.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'Typed')",
               org.id)
    with tempfile.TemporaryDirectory() as work:
        build = os.path.join(work, "build")
        os.mkdir(build)
        r = requests.get(server.base + "/v2/openapi.json", timeout=30)
        with open(os.path.join(build, "openapi.json"), "wb") as f:
            f.write(r.content)
        shutil.copy(os.path.join(TYPED, "client.mts"), work)
        run(node, os.path.join(TOOLS, "openapi-typescript", "bin", "cli.js"),
            "build/openapi.json", "-o", "build/api.d.ts", cwd=work)
        run(node, os.path.join(TOOLS, "typescript", "bin", "tsc"),
            "--strict", "--noEmitOnError", "--module", "nodenext",
            "--moduleResolution", "nodenext", "--target", "es2022",
            "--outDir", "build", "client.mts", cwd=work)
        out = run(node, os.path.join(build, "client.mjs"), server.base,
                  org.key, cwd=work)
    assert out.startswith("ok typed client: post "), out
