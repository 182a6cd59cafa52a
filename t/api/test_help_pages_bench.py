"""The public help center's article page against a static file: an
article of about 20 KB, served by the module at -c32 (wrk, two threads),
and the very same bytes served as a file by the same httpd in the same
run, one after the other, several rounds.  The page must reach at least
half the file's requests per second, and its p99 stay within 4x its p50.
Skipped unless FEEDBACK_BENCH_HELP_PAGES is set (bench/help_pages.sh sets
it and writes the figures to bench/results/help_pages.txt)."""
import os
import re
import secrets
import statistics
import subprocess
import tempfile

import pytest
import requests

from conftest import ROOT, Org, httpd

ROUNDS = int(os.environ.get("FEEDBACK_BENCH_HELP_PAGES", "0") or 0)
SECONDS = int(os.environ.get("FEEDBACK_BENCH_SECONDS", "10") or 10)
CONNECTIONS = 32
# FeedbackHelpCenterCacheTTL of the run ("" keeps the default).
TTL = os.environ.get("FEEDBACK_BENCH_HELP_TTL", "")


def conf(docroot):
    return """
<VirtualHost *>
    ServerName 127.0.0.1
</VirtualHost>
<VirtualHost *>
    ServerName help-hosting.test
    ServerAlias *.test
    FeedbackHelpCenterHosts external
    %s
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
<VirtualHost *>
    ServerName static.localhost
    DocumentRoot "%s"
    # The file's best case: sent by the kernel, not read or mapped per
    # request (httpd's default maps it, which costs more than the page).
    EnableSendfile On
    <Directory "%s">
        Require all granted
    </Directory>
</VirtualHost>
""" % ("FeedbackHelpCenterCacheTTL " + TTL if TTL else "", docroot, docroot)


def body_of_20k():
    """Sanitized-looking HTML of about 20 KB: headings, paragraphs, a
    list, code."""
    parts = []
    for i in range(1, 25):
        parts.append("<h2>Step %d: configure the widget</h2>" % i)
        parts.append("<p>" + ("Open the settings, choose the board and "
                              "write a short description of the change. "
                              * 5) + "</p>")
        parts.append("<ul><li>Choose a name</li><li>Pick a colour</li>"
                     "<li>Save</li></ul>")
        parts.append("<pre><code>curl -X POST /v2/posts -d '{}'</code>"
                     "</pre>")
    return "".join(parts)


def wrk(url, host):
    out = subprocess.run(
        ["wrk", "-t2", "-c%d" % CONNECTIONS, "-d%ds" % SECONDS,
         "--timeout", "10s", "-s", os.path.join(ROOT, "bench",
                                                "report.lua"),
         "-H", "Host: " + host, url],
        check=True, capture_output=True, text=True).stdout
    line = re.search(r"^FBBENCH (.*)$", out, re.M).group(1)
    f = dict(kv.split("=") for kv in line.split())
    assert int(f["non2xx"]) == 0 and int(f["connect"]) == 0 \
        and int(f["read"]) == 0, line
    return (int(f["requests"]) * 1e6 / int(f["duration_us"]),
            int(f["p50_us"]) / 1000, int(f["p99_us"]) / 1000)


@pytest.mark.skipif(ROUNDS <= 0, reason="FEEDBACK_BENCH_HELP_PAGES is not "
                    "set")
def test_bench_article_page_against_a_file(database):
    docroot = tempfile.mkdtemp(prefix="fbhelpstatic.", dir="/tmp")
    os.chmod(docroot, 0o755)
    with httpd(database, conf(docroot)) as s:
        org = Org(s, "hcbench" + secrets.token_hex(3))
        domain = "help-%s.test" % secrets.token_hex(4)
        s.sql("SELECT fb_demo_seed_help_center(%s)", org.id)
        s.sql("UPDATE help_centers SET external_domain = %s "
              "WHERE org_id = %s", domain, org.id)
        body = body_of_20k()
        slug = s.sql(
            "UPDATE help_center_article_translations SET live_body = %s, "
            "body = %s WHERE org_id = %s AND locale = 'en' "
            "AND title = 'Posting your first idea' RETURNING slug",
            body, body, org.id)[0][0]
        path = "/en/articles/" + slug
        page = requests.get(s.base + path, headers={"Host": domain},
                            timeout=30)
        assert page.status_code == 200
        with open(os.path.join(docroot, "article.html"), "wb") as f:
            f.write(page.content)
        same = requests.get(s.base + "/article.html",
                            headers={"Host": "static.localhost"}, timeout=30)
        assert same.content == page.content
        size = len(page.content)
        print("\nfile answer's headers: %s" % dict(same.headers))
        assert 18000 <= size <= 26000, size

        wrk(s.base + path, domain)                     # warm up
        wrk(s.base + "/article.html", "static.localhost")
        rows = []
        for _ in range(ROUNDS):
            rows.append(("file",) + wrk(s.base + "/article.html",
                                        "static.localhost"))
            rows.append(("page",) + wrk(s.base + path, domain))
    load = open("/proc/loadavg").read().split()[:3]
    lines = ["help center article page (%d bytes) against the same bytes "
             "as a file, wrk -t2 -c%d -d%ds, %d rounds, cache TTL %s, load "
             "before the end %s" % (size, CONNECTIONS, SECONDS, ROUNDS,
                                    TTL or "default", " ".join(load)),
             "%-5s %10s %9s %9s" % ("", "req/s", "p50 ms", "p99 ms")]
    lines += ["%-5s %10.0f %9.2f %9.2f" % r for r in rows]
    med = {k: [statistics.median(r[i] for r in rows if r[0] == k)
               for i in (1, 2, 3)] for k in ("file", "page")}
    ratio = med["page"][0] / med["file"][0]
    lines.append("median: file %.0f req/s, page %.0f req/s (%.2f of the "
                 "file's; target 0.50); p99/p50 page %.1f (target 4), "
                 "file %.1f" % (med["file"][0], med["page"][0], ratio,
                                med["page"][2] / med["page"][1],
                                med["file"][2] / med["file"][1]))
    text = "\n".join(lines) + "\n"
    print("\n" + text)
    out = os.environ.get("FEEDBACK_BENCH_OUT")
    if out:
        with open(out, "a") as f:
            f.write(text)
    assert ratio >= 0.5
    assert med["page"][2] <= 4 * med["page"][1]
