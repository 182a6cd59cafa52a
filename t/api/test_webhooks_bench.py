"""Webhook delivery throughput: deliveries per second from one httpd's
worker to a local HTTPS receiver.  Skipped unless FEEDBACK_BENCH_WEBHOOKS
is set (bench/webhooks.sh sets it and shows the figure).

FEEDBACK_BENCH_RECEIVER names the C receiver (bench/hook_receiver.c, which
bench/webhooks.sh builds): it checks both signatures of every delivery and
is not the bottleneck.  Without it the suite's Python receiver answers.
FEEDBACK_BENCH_WEBHOOK_THREADS sets FeedbackWorkerConcurrency ("" or
"default": the shipped default).
"""
import contextlib
import os
import subprocess
import time

import pytest
import requests

from conftest import Org, httpd, tls_certificate
from helpers import wait_for
from test_webhooks import acked, receiver  # noqa: F401 (fixture)

N = int(os.environ.get("FEEDBACK_BENCH_WEBHOOKS", "0") or 0)
RECEIVER = os.environ.get("FEEDBACK_BENCH_RECEIVER")
CPUTIME = os.path.join(os.path.dirname(__file__), "..", "..", "bench",
                       "cputime.py")


class CReceiver:
    """bench/hook_receiver on a free port, under a fresh certificate."""

    def __init__(self, proc, cert, port):
        self.proc, self.cert = proc, cert
        self.base = "https://127.0.0.1:%d" % port
        self.http = requests.Session()
        self.http.trust_env = False     # no CA bundle from the environment
        self.http.verify = cert

    def secret(self, secret):
        r = self.http.post(self.base + "/_secret", data=secret)
        assert r.status_code == 200

    def stats(self):
        return self.http.get(self.base + "/_stats").json()


@contextlib.contextmanager
def c_receiver():
    with tls_certificate() as (cert, key):
        proc = subprocess.Popen([RECEIVER, cert, key],
                                stdout=subprocess.PIPE, text=True)
        try:
            port = int(proc.stdout.readline().split()[1])
            yield CReceiver(proc, cert, port)
        finally:
            proc.kill()
            proc.wait()


def cpu_seconds(*pids):
    out = subprocess.run(["/usr/bin/python3", CPUTIME]
                         + [str(p) for p in pids], check=True,
                         capture_output=True, text=True).stdout
    return float(out)


def pids(s, dsn):
    """httpd's and PostgreSQL's main process ids."""
    with open(os.path.join(s.run_dir, "run", "httpd.pid")) as f:
        httpd_pid = int(f.read())
    pg_dir = dict(kv.split("=", 1) for kv in dsn.split())["host"]
    with open(os.path.join(os.path.dirname(pg_dir), "data",
                           "postmaster.pid")) as f:
        return httpd_pid, int(f.readline())


@pytest.mark.skipif(N <= 0, reason="FEEDBACK_BENCH_WEBHOOKS is not set")
def test_bench_deliveries_per_second(fresh_database, request):
    threads = os.environ.get("FEEDBACK_BENCH_WEBHOOK_THREADS", "default")
    # The shipped defaults but for what a loopback receiver needs.
    conf = "FeedbackOutboundAllowLoopback On\n"
    if threads not in ("", "default"):
        conf += "FeedbackWorkerConcurrency %d\n" % int(threads)
    with contextlib.ExitStack() as stack:
        if RECEIVER:
            rcv = stack.enter_context(c_receiver())
        else:
            rcv = request.getfixturevalue("receiver")
        conf += "FeedbackOutboundCAFile %s\n" % rcv.cert
        s = stack.enter_context(httpd(fresh_database, conf, worker=True))
        run(s, fresh_database, rcv, threads)


def run(s, dsn, rcv, threads):
    org = Org(s, "bench" + os.urandom(3).hex())
    path = "/ok?bench" + os.urandom(4).hex()
    w = org.api.post("/webhooks", json={
        "name": "Bench", "url": rcv.base + path,
        "topics": ["post.created"]}).json()
    if RECEIVER:
        rcv.secret(w["secret"])
        done = lambda: rcv.stats()["unique"] >= N  # noqa: E731
    else:
        done = lambda: len(acked(rcv, path)) >= N  # noqa: E731
    tiers = pids(s, dsn)
    # The events and their deliveries appear in one commit, as a burst of
    # writes would leave them.
    s.sql("WITH e AS (INSERT INTO events (org_id, topic, item) "
          "SELECT %s, 'post.created', jsonb_build_object('n', g) "
          "FROM generate_series(1, %s) g RETURNING org_id, id) "
          "INSERT INTO webhook_deliveries (org_id, webhook_id, event_id) "
          "SELECT org_id, %s, id FROM e", org.id, N, w["id"])
    # Statistics, as autovacuum's analyze gives a table with a history:
    # on a new table's empty-table estimates the finish would scan the
    # whole burst for its batch in the first minute.
    s.sql("ANALYZE webhook_deliveries, events, webhooks")
    start = time.time()
    before = [cpu_seconds(p) for p in tiers]
    rcv_before = rcv.stats()["cpu_us"] if RECEIVER else 0
    assert wait_for(done, 600)
    elapsed = time.time() - start
    after = [cpu_seconds(p) for p in tiers]
    us = ["%.0f" % ((a - b) * 1e6 / N) for a, b in zip(after, before)]
    line = ("webhook deliveries: %d in %.2f s = %.0f/s from the commit "
            "(one httpd, worker threads per child: %s; %s receiver); CPU us "
            "per delivery: httpd %s, PostgreSQL %s"
            % (N, elapsed, N / elapsed, threads,
               "C" if RECEIVER else "Python", us[0], us[1]))
    if RECEIVER:
        st = rcv.stats()
        # Every delivery signed right under both schemes, each event once.
        assert st["bad"] == 0 and st["ok"] == st["unique"] == N, st
        # The first delivery waits for the worker's idle poll
        # (FeedbackWorkerInterval, 1 s): the rate from the first to the
        # last is the throughput.
        line += ", receiver %.0f; first to last delivery %.0f/s" % (
            (st["cpu_us"] - rcv_before) / N,
            (N - 1) / max(st["last"] - st["first"], 1e-6))
    # Every delivery recorded as delivered (the finish follows the 200).
    assert wait_for(lambda: s.sql(
        "SELECT count(*) FROM webhook_deliveries "
        "WHERE state <> 'delivered'") == [(0,)])
    line += "; load average %.2f %.2f %.2f" % os.getloadavg()
    print("\n" + line)
    with open(os.environ.get("FEEDBACK_BENCH_OUT", os.devnull), "a") as f:
        f.write(line + "\n")
