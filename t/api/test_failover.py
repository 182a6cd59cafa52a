"""Failover to a standby, done for real while clients write.

Each test builds PostgreSQL's own streaming replication on this machine: a
primary and a standby, each its own cluster on its own port, the standby
made with pg_basebackup (scripts/pg.sh standby).  httpd's DBDParams names
both hosts with libpq's target_session_attrs=read-write, as
docs/operator.md tells operators to.  During a loop of writers that create
posts with Idempotency-Keys and retry the same key until acknowledged
(test_faults.WriteLoop), the standby's WAL receiver is stalled for a
moment, then the primary and all its backends are SIGKILLed (the host
died) and the standby is promoted.  The background worker runs meanwhile, delivering each new
post's event to a real HTTPS receiver: every post the new primary has
gets its event delivered, at least once (its claims and leases are rows
the standby has).

With the standby synchronous, the writes made during the stall are not
acknowledged until they are on it, so nothing acknowledged is lost; with
it asynchronous, what the stall held back is lost, and the test measures
it (docs/reliability.md quotes both).  Either way, every request answers
503 with Retry-After meanwhile, never a 500 or a hang; service is back
within a second of the promotion; no child crashes; and nothing is
written twice."""
import os
import secrets
import signal
import threading
import time

import pytest

from conftest import (CTL, PG, Cluster, Org, error_log_lines, free_port,
                      httpd, https_server, log_offset, pg_admin, run,
                      writers_dsn)
from helpers import assert_error, wait_for
from test_faults import (ACQUIRE, FAULT_LOG, UNLIMITED, WriteLoop, figure,
                         first_success_after)
from test_webhooks import Receiver

STALL = 1.0     # seconds the standby receives nothing before the kill

# The worker delivers webhooks to the test's receiver, on loopback.
WORKER = ("FeedbackOutboundAllowLoopback On\nFeedbackOutboundCAFile %s\n"
          "FeedbackWorkerInterval 50\nFeedbackWorkerConcurrency 2\n")
# What the outage makes httpd log on purpose: the requests' 503 and
# mod_dbd's complaints (test_faults), and the worker's: the database out
# of reach, a claim and an outcome that could not be recorded.
OUTAGE_LOG = FAULT_LOG + ("FB00202", "FB00204", "FB00214")


class Replicated:
    """A primary and its standby (scripts/pg.sh), the standby named
    standby1 and synchronous when sync is true."""

    def __init__(self, work, sync):
        self.sync = sync
        self.primary = Cluster(os.path.join(work, "primary"), free_port(),
                               True)
        self.standby = Cluster(os.path.join(work, "standby"), free_port(),
                               True)
        run(PG, "start", self.primary.dir, str(self.primary.port))
        self.primary.createdb("ha")
        run(CTL, "migrate",
            env=dict(os.environ, FEEDBACK_DB=self.primary.dsn("ha")))
        run(PG, "standby", self.standby.dir, str(self.standby.port),
            self.primary.dir, str(self.primary.port), "standby1")
        if sync:
            # Commits wait for the standby's flush from now on.  (The
            # standby's own configuration does not name a standby, so
            # once promoted it does not wait for one.)
            self.admin(self.primary,
                       "ALTER SYSTEM SET synchronous_standby_names "
                       "= 'standby1'", "SELECT pg_reload_conf()")
        want = "sync" if sync else "async"
        deadline = time.time() + 30
        while self.state() != want:
            assert time.time() < deadline, "the standby never streamed"
            time.sleep(0.1)

    def dsn(self, dbname):
        """Both hosts; libpq connects to whichever takes writes."""
        return writers_dsn((self.primary, self.standby), dbname)

    admin = staticmethod(pg_admin)

    def state(self):
        rows = self.admin(self.primary,
                          "SELECT sync_state FROM pg_stat_replication "
                          "WHERE application_name = 'standby1' "
                          "AND state = 'streaming'")
        return rows[0][0] if rows else None

    def receiver(self):
        """The pid of the standby's WAL receiver."""
        rows = self.admin(self.standby,
                          "SELECT pid FROM pg_stat_wal_receiver")
        assert rows and rows[0][0], "the standby has no WAL receiver"
        return rows[0][0]


@pytest.fixture
def replicated():
    work = os.path.join("/tmp", "fbha." + secrets.token_hex(4))
    os.makedirs(work)
    os.chmod(work, 0o755)
    made = []

    def make(sync):
        made.append(Replicated(work, sync))
        return made[-1]

    try:
        yield make
    finally:
        for rs in made:
            for c in (rs.standby, rs.primary):
                run(PG, "stop", c.dir)
        run("rm", "-rf", work)


def fail_over(rs, site, org, loop):
    """Stalls the standby's WAL receiver, kills the primary, lets the
    receiver go on, promotes the standby.  Returns the titles acknowledged
    before the stall and the seconds from promotion to the first
    success."""
    time.sleep(1.5)
    receiver = rs.receiver()
    with loop.lock:
        before = set(loop.acked)
    os.kill(receiver, signal.SIGSTOP)
    try:
        time.sleep(STALL)
        run(PG, "kill", rs.primary.dir)
    finally:
        os.kill(receiver, signal.SIGCONT)
    time.sleep(0.3)
    # The primary is gone and the standby does not take writes: every
    # request answers 503 at once.
    t0 = time.time()
    r = org.api.get("/boards")
    assert time.time() - t0 < 2.5
    assert_error(r, 503, "service_unavailable")
    assert r.headers["Retry-After"] == "1"
    run(PG, "promote", rs.standby.dir)
    return before, first_success_after(site, org)


def present(site, org):
    """Title -> copies of the organization's posts on the new primary."""
    return dict(site.sql("SELECT title, count(*) FROM posts "
                         "WHERE org_id = %s GROUP BY title", org.id))


@pytest.mark.parametrize("sync", [True, False], ids=["sync", "async"])
def test_failover(replicated, sync):
    """The primary SIGKILLed mid-writes, the standby promoted: 503 with
    Retry-After meanwhile, first success within 1 s of the promotion, no
    500, no crash, nothing twice; with a synchronous standby every
    acknowledged write is there, with an asynchronous one what the stall
    held back is lost (measured)."""
    rs = replicated(sync)
    with https_server(Receiver) as receiver, \
            httpd(rs.dsn("ha"), ACQUIRE + UNLIMITED + WORKER % receiver.cert,
                  worker=True) as site:
        receiver.hits, receiver.acks = [], []
        receiver.lock = threading.Lock()
        org = Org(site, "ha" + secrets.token_hex(3))
        org.board = site.sql("INSERT INTO boards (org_id, name) "
                             "VALUES (%s, 'HA') RETURNING id", org.id)[0][0]
        r = org.api.post("/webhooks", json={
            "name": "HA", "url": receiver.base + "/ok",
            "topics": ["post.created"]})
        assert r.status_code == 201, r.text
        since = log_offset(site)
        with WriteLoop(org) as loop:
            before, back = fail_over(rs, site, org, loop)
            time.sleep(2)
        kind = "sync" if sync else "async"
        # site.sql reaches the new primary through the same DSN.
        assert site.sql("SELECT pg_is_in_recovery()") == [(False,)]
        counts = present(site, org)
        lost = [t for t in loop.acked if t not in counts]
        figure("failover %s: first success after promotion (s)" % kind,
               round(back, 3))
        figure("failover %s: answers" % kind, dict(loop.statuses))
        figure("failover %s: acknowledged / lost" % kind,
               (len(loop.acked), len(lost)))
        assert not loop.errors, loop.errors[:5]
        assert 500 not in loop.statuses, loop.statuses
        # The keys in flight at the kill were claimed under the old
        # primary: their retries run at once, not after a lease.  A 409
        # is left only for a write the standby has but whose answer died
        # with the primary (it never runs twice).
        assert all("carried out" in m for m in loop.conflicts), \
            loop.conflicts
        assert not [t for t in loop.given_up if t not in counts]
        assert loop.statuses[503] > 0, loop.statuses
        # Quickly, but for the stall itself: a write waits for a
        # synchronous standby, which is the point of one.
        assert loop.slowest_503 < STALL + 2.5, loop.slowest_503
        assert back < 1.0, back
        assert before and len(loop.acked) > len(before), loop.statuses
        assert not [t for t, n in counts.items() if n > 1], "written twice"
        # What was on the standby before the stall survives either way.
        assert not [t for t in before if t not in counts]
        if sync:
            # Nothing acknowledged is lost: the stalled writes waited.
            assert not lost, lost
            loop.verify(site)
        else:
            # The stall's acknowledged writes never reached the standby.
            assert lost, "the asynchronous standby lost nothing"
        # Every post the new primary has gets its event delivered (at
        # least once: one in flight at the kill is sent again).
        posts = sum(counts.values())
        assert wait_for(lambda: site.sql(
            "SELECT count(*) FROM webhook_deliveries WHERE org_id = %s "
            "AND state = 'delivered'", org.id)[0][0] == posts, 60)
        delivered = {e for (e,) in site.sql(
            "SELECT event_id FROM webhook_deliveries WHERE org_id = %s",
            org.id)}
        with receiver.lock:
            received = [i for p, i in receiver.acks]
        assert delivered <= set(received)
        figure("failover %s: posts, deliveries sent again" % kind,
               (posts, len(received) - len(set(received))))
        assert not error_log_lines(site, OUTAGE_LOG, since)
