"""server-status (mod_status) shows the module's section: the jobs'
queues and outcomes, the last run of every job and sweep, the key cache's
hit rate and the rate limit tables' use; ?auto gives the same as lines."""
import os
import re

import pytest
import requests

from conftest import Org, error_log_lines, httpd, https_server
from helpers import wait_for
from test_webhooks import Receiver

STATUS = """LoadModule status_module /usr/lib/apache2/modules/mod_status.so
ExtendedStatus On
<Location /server-status>
    SetHandler server-status
    Require all granted
</Location>
"""


def auto(server):
    r = requests.get(server.base + "/server-status?auto", timeout=30)
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("text/plain")
    return dict(re.findall(r"^([A-Za-z]+): (.*)$", r.text, re.M))


@pytest.fixture
def node(fresh_database):
    with https_server(Receiver) as receiver:
        receiver.hits, receiver.acks = [], []
        import threading
        receiver.lock = threading.Lock()
        conf = STATUS + ("FeedbackOutboundAllowLoopback On\n"
                         "FeedbackOutboundCAFile %s\n"
                         "FeedbackWorkerInterval 50\n"
                         "FeedbackRateLimitKey 1000\n" % receiver.cert)
        with httpd(fresh_database, conf, worker=True) as s:
            s.receiver = receiver
            yield s
            assert not error_log_lines(s)


def test_status_shows_the_module_section(node):
    org = Org(node, "st" + os.urandom(3).hex())
    before = auto(node)
    assert before["FBJobWebhookDone"] == "0"
    # The first request looks its key up; the next ones on the same
    # connection (the same child) find it in the cache.
    for _ in range(5):
        assert org.api.get("/boards").status_code == 200
    board = node.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'B') "
                     "RETURNING id", org.id)[0][0]
    r = org.api.post("/webhooks", json={
        "name": "R", "url": node.receiver.base + "/ok",
        "topics": ["post.created"]})
    assert r.status_code == 201, r.text
    for i in range(3):
        r = org.api.post("/posts", json={"title": "P%d" % i,
                                         "boardId": board})
        assert r.status_code == 201, r.text
    # The counters and the queue are read from two places (shared memory,
    # the database): a delivery counted done may still be committing, so
    # wait until both agree.
    settled = {"FBJobWebhookDone": "3", "FBJobWebhookPending": "0",
               "FBJobWebhookRunning": "0"}
    a = wait_for(lambda: (lambda a: a if all(a.get(k) == v for k, v
                                             in settled.items())
                          else None)(auto(node)))
    assert a, auto(node)
    assert a["FBJobWebhookPending"] == "0"
    assert a["FBJobWebhookDue"] == "0"
    assert a["FBJobWebhookRunning"] == "0"
    assert a["FBJobWebhookFailed"] == "0"
    assert int(a["FBJobWebhookLastItem"]) > 0
    for job in ("Email", "ChangelogPublish", "Webhook"):
        assert int(a["FBJob%sLastRun" % job]) > 0, job
        assert a["FBJob%sPending" % job].isdigit()
    for sweep in ("WebhookAnswers", "UnattachedFiles", "IdempotencyKeys",
                  "AuditLogs", "ReportRollups"):
        assert int(a["FBSweep%sLastRun" % sweep]) > 0, sweep
    hits = int(a["FBKeyCacheHits"])
    misses = int(a["FBKeyCacheMisses"])
    assert misses >= 1 and hits >= 4
    assert float(a["FBKeyCacheHitRate"]) == pytest.approx(
        hits / (hits + misses), abs=0.001)
    # One key and one organization counted this minute.
    assert a["FBRateLimitKeysUsed"] == "1"
    assert a["FBRateLimitOrganizationsUsed"] == "1"
    assert a["FBRateLimitKeysSlots"] == "8192"
    # No client was slow (test_slow_clients.py counts cuts).
    assert a["FBSlowHeadersCut"] == a["FBSlowBodiesCut"] == "0"
    # httpd's own lines are still there.
    assert "Total Accesses" in a or "ServerUptimeSeconds" in a

    # A pending item shows in the queue (a webhook to nowhere keeps it).
    node.sql("UPDATE webhooks SET url = %s WHERE org_id = %s",
             node.receiver.base + "/fail", org.id)
    r = org.api.post("/posts", json={"title": "Q1", "boardId": board})
    assert r.status_code == 201, r.text
    node.sql("UPDATE webhook_deliveries SET next_attempt_at = now() "
             "+ interval '1 hour' WHERE org_id = %s AND state = 'pending'",
             org.id)
    a = auto(node)
    assert int(a["FBJobWebhookPending"]) >= 1

    html = requests.get(node.base + "/server-status", timeout=30).text
    assert "<h2>mod_feedback</h2>" in html
    assert "<th>Job</th>" in html and "<td>webhook</td>" in html
    assert "rate limit" in html.lower() and "hit rate" in html
