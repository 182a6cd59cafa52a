"""Webhook delivery throughput: deliveries per second from one httpd's
worker to a local HTTPS receiver.  Skipped unless FEEDBACK_BENCH_WEBHOOKS
is set (bench/webhooks.sh sets it and shows the figure)."""
import os
import time

import pytest

from conftest import Org, httpd
from helpers import wait_for
from test_webhooks import acked, receiver  # noqa: F401 (fixture)

N = int(os.environ.get("FEEDBACK_BENCH_WEBHOOKS", "0") or 0)


@pytest.mark.skipif(N <= 0, reason="FEEDBACK_BENCH_WEBHOOKS is not set")
def test_bench_deliveries_per_second(fresh_database, receiver):
    threads = int(os.environ.get("FEEDBACK_BENCH_WEBHOOK_THREADS", "8"))
    conf = ("FeedbackOutboundAllowLoopback On\n"
            "FeedbackOutboundCAFile %s\n"
            "FeedbackWorkerInterval 20\n"
            "FeedbackWorkerConcurrency %d\n" % (receiver.cert, threads))
    path = "/ok?bench" + os.urandom(4).hex()
    with httpd(fresh_database, conf, worker=True) as s:
        org = Org(s, "bench" + os.urandom(3).hex())
        w = org.api.post("/webhooks", json={
            "name": "Bench", "url": receiver.base + path,
            "topics": ["post.created"]}).json()
        # The events and their deliveries appear in one commit, as a
        # burst of writes would leave them.
        s.sql("WITH e AS (INSERT INTO events (org_id, topic, item) "
              "SELECT %s, 'post.created', jsonb_build_object('n', g) "
              "FROM generate_series(1, %s) g RETURNING org_id, id) "
              "INSERT INTO webhook_deliveries (org_id, webhook_id, event_id) "
              "SELECT org_id, %s, id FROM e", org.id, N, w["id"])
        start = time.time()
        assert wait_for(lambda: len(acked(receiver, path)) >= N, 600)
        elapsed = time.time() - start
        rate = N / elapsed
        line = ("webhook deliveries: %d in %.2f s = %.0f/s (one httpd, %d "
                "worker thread(s) per child, HTTPS receiver on 127.0.0.1)"
                % (N, elapsed, rate, threads))
        print("\n" + line)
        with open(os.environ.get("FEEDBACK_BENCH_OUT", os.devnull), "a") as f:
            f.write(line + "\n")
