"""Reads from a streaming replica, done for real.

Each test builds PostgreSQL's own streaming replication on this machine: a
primary and an asynchronous replica, each its own cluster on its own port,
the replica made with pg_basebackup (scripts/pg.sh standby).  httpd's
DBDParams names the primary, FeedbackReadReplica the replica.  The replica
is slowed with recovery_min_apply_delay (it replays what it received that
much later), killed with SIGKILL, and brought back; server-status counts
the reads each pool served.

- read-your-writes: 1,000 renames of a tag, each read back at once by the
  key that made it, never read the old name although the replica is 2 s
  behind; another key's reads meanwhile are served by the replica;
- the replica killed mid-reads: no read fails, they go to the primary,
  and come back to the replica once it is up again;
- the replica further behind than FeedbackReplicaMaxLag: skipped;
- the primary SIGKILLed during writes and reads, with a synchronous
  standby beside the replica (the three of docs/operator.md): reads go
  on from the replica through the outage, the standby is promoted, and
  every acknowledged write is there once."""
import contextlib
import os
import re
import secrets
import subprocess
import threading
import time

import psycopg2
import pytest
import requests

from conftest import (CTL, PG, Cluster, Org, error_log_lines, free_port, httpd,
                      log_offset, pg_admin, run, writers_dsn)
from helpers import wait_for
from test_faults import FAULT_LOG, UNLIMITED, WriteLoop, figure

STATUS = """LoadModule status_module /usr/lib/apache2/modules/mod_status.so
<Location /server-status>
    SetHandler server-status
    Require all granted
</Location>
"""
# The replica failing on purpose (a warning, and its return).
REPLICA_LOG = ("FB00720", "FB00721")


class Replicated:
    """A primary and an asynchronous replica named replica1."""

    def __init__(self, work, standby=False):
        self.primary = Cluster(os.path.join(work, "primary"), free_port(),
                               True)
        self.standby = None
        self.replica = Cluster(os.path.join(work, "replica"), free_port(),
                               True)
        run(PG, "start", self.primary.dir, str(self.primary.port))
        self.primary.createdb("rr")
        run(PG, "standby", self.replica.dir, str(self.replica.port),
            self.primary.dir, str(self.primary.port), "replica1")
        run(CTL, "migrate",
            env=dict(os.environ, FEEDBACK_DB=self.primary.dsn("rr")))
        if standby:
            self.standby = Cluster(os.path.join(work, "standby"),
                                   free_port(), True)
            run(PG, "standby", self.standby.dir, str(self.standby.port),
                self.primary.dir, str(self.primary.port), "standby1")
            self.admin(self.primary,
                       "ALTER SYSTEM SET synchronous_standby_names "
                       "= 'standby1'", "SELECT pg_reload_conf()")
            assert wait_for(lambda: self.admin(
                self.primary, "SELECT sync_state FROM pg_stat_replication "
                "WHERE application_name = 'standby1' "
                "AND state = 'streaming'") == [("sync",)], 30)
        self.caught_up()

    def clusters(self):
        return [c for c in (self.replica, self.standby, self.primary) if c]

    def dsn(self):
        """Both hosts that may take writes (docs/operator.md)."""
        return writers_dsn((self.primary, self.standby), "rr")

    admin = staticmethod(pg_admin)

    def delay(self, seconds):
        """Sets the replica's recovery_min_apply_delay."""
        self.admin(self.replica, "ALTER SYSTEM SET recovery_min_apply_delay "
                   "= '%dms'" % int(seconds * 1000), "SELECT pg_reload_conf()")

    def caught_up(self, seconds=30):
        """Waits until the replica replayed all the primary wrote."""
        target = self.admin(self.primary,
                            "SELECT pg_current_wal_insert_lsn()")[0][0]

        def replayed():
            try:
                return self.admin(
                    self.replica, "SELECT pg_last_wal_replay_lsn() >= "
                    "'%s'::pg_lsn" % target)[0][0]
            except psycopg2.Error:
                return False
        assert wait_for(replayed, seconds), "the replica never caught up"


@contextlib.contextmanager
def replication(prefix, standby=False):
    """A Replicated in a new directory under /tmp, stopped and removed
    afterwards (also used by test_replica_bench.py)."""
    work = os.path.join("/tmp", prefix + "." + secrets.token_hex(4))
    os.makedirs(work)
    os.chmod(work, 0o755)
    made = None
    try:
        made = Replicated(work, standby)
        yield made
    finally:
        if made is not None:
            for c in made.clusters():
                subprocess.run([PG, "stop", c.dir], check=False)
        subprocess.run(["rm", "-rf", work], check=False)


@pytest.fixture(scope="module")
def rs():
    with replication("fbrr") as made:
        yield made


class Readers:
    """Threads reading one tag by a key until the block ends; reads holds
    each read's (time, outcome): 200 (the tag under its name), "wrong"
    (200 under another name), another status, or "connection"."""

    def __init__(self, site, key, tag_id, name, threads=1, pause=0.01):
        self.site, self.key, self.tag_id, self.name = site, key, tag_id, name
        self.pause = pause
        self.reads = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.run)
                        for _ in range(threads)]

    def run(self):
        http = requests.Session()
        while not self.stop.is_set():
            try:
                r = http.get(self.site.base + "/v2/tags/" + self.tag_id,
                             headers={"Authorization": "Bearer " + self.key},
                             timeout=30)
                ok = r.status_code
                if ok == 200 and r.json()["name"] != self.name:
                    ok = "wrong"
            except requests.RequestException:
                ok = "connection"
            self.reads.append((time.time(), ok))
            time.sleep(self.pause)

    def ok(self):
        return sum(1 for _, ok in self.reads if ok == 200)

    def bad(self):
        return [ok for _, ok in self.reads if ok != 200]

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(30)


def site_with_replica(rs, max_lag="2s", extra=""):
    return httpd(rs.primary.dsn("rr"),
                 STATUS + UNLIMITED
                 + "FeedbackReadReplica \"%s connect_timeout=2\"\n"
                 % rs.replica.dsn("rr")
                 + "FeedbackReplicaMaxLag %s\n" % max_lag + extra)


def status(site):
    text = requests.get(site.base + "/server-status?auto", timeout=30).text
    return dict(re.findall(r"^(FB[A-Za-z]+): (.*)$", text, re.M))


def count(site, name):
    return int(status(site)[name])


def tag(site, org, name):
    """A tag the replica has too."""
    r = org.api.post("/tags", json={"name": name})
    assert r.status_code in (200, 201), r.text
    return r.json()["id"]


def test_read_your_writes(rs):
    """1,000 renames, each read back at once by its key, with the replica
    2 s behind: never the old name (those reads go to the primary); the
    reads of another key meanwhile are served by the replica."""
    with site_with_replica(rs, max_lag="1h") as site:
        since = log_offset(site)
        org = Org(site, "ryw" + secrets.token_hex(3))
        reader = org.client("Viewer")
        mine = tag(site, org, "mine 0")
        theirs = tag(site, org, "theirs")
        rs.caught_up()
        rs.delay(2)
        try:
            st = status(site)
            assert st["FBReplicaHost"].endswith(":%d" % rs.replica.port) \
                or st["FBReplicaHost"] == "-"
            assert st["FBPrimaryHost"].endswith(":%d" % rs.primary.port)
            before = status(site)
            stale = []
            http = requests.Session()
            auth = {"Authorization": "Bearer " + org.key}
            with Readers(site, reader.key, theirs, "theirs") as other:
                for i in range(1, 1001):
                    name = "mine %d" % i
                    r = http.post(site.base + "/v2/tags", headers=auth,
                                  json={"id": mine, "name": name},
                                  timeout=30)
                    assert r.status_code == 200, r.text
                    r = http.get(site.base + "/v2/tags/" + mine,
                                 headers=auth, timeout=30)
                    assert r.status_code == 200, r.text
                    if r.json()["name"] != name:
                        stale.append((name, r.json()["name"]))
            after = status(site)
        finally:
            rs.delay(0)
        assert not stale, "read older than written: %s" % stale[:5]
        assert not other.bad(), other.bad()[:5]
        served = int(after["FBReadsReplica"]) - int(before["FBReadsReplica"])
        behind = (int(after["FBReplicaBehindKey"])
                  - int(before["FBReplicaBehindKey"]))
        figure("read-your-writes: the other key's reads / served by the "
               "replica / the writer's reads sent to the primary",
               (other.ok(), served, behind))
        # The other key's reads went to the replica, the writer's did not
        # (it was 2 s behind every one of them).
        assert other.ok() > 50
        assert served >= other.ok()
        assert behind >= 1000
        assert int(after["FBReplicaLagMs"]) >= 1000
        assert not error_log_lines(site, REPLICA_LOG, since=since)


def test_undone_write_records_no_position(rs):
    """A write that commits nothing (a rename of a missing tag: 404)
    records no position for its key: the key's next read is served by the
    replica although the replica is behind the primary's WAL; a write
    that commits does send the key's next read to the primary."""
    with site_with_replica(rs, max_lag="1h") as site:
        org = Org(site, "undone" + secrets.token_hex(3))
        admin = org.client("Admin")
        seen = tag(site, org, "seen")
        rs.caught_up()
        rs.delay(2)
        try:
            # Another key's write: WAL the replica has not replayed.
            tag(site, org, "fresh")
            before = status(site)
            r = admin.post("/tags", json={"id": "0" * 24, "name": "x"})
            assert r.status_code == 404, r.text
            r = admin.get("/tags/" + seen)
            assert r.status_code == 200, r.text
            middle = status(site)
            r = admin.post("/tags", json={"id": seen, "name": "seen 2"})
            assert r.status_code == 200, r.text
            r = admin.get("/tags/" + seen)
            assert r.status_code == 200 and r.json()["name"] == "seen 2"
            after = status(site)
        finally:
            rs.delay(0)

        def delta(a, b, name):
            return int(b[name]) - int(a[name])
        assert delta(before, middle, "FBReplicaBehindKey") == 0
        assert delta(before, middle, "FBReadsReplica") >= 1
        assert delta(middle, after, "FBReplicaBehindKey") >= 1


def test_replica_busy_goes_to_primary(rs):
    """One replica connection a child, eight readers at once: reads that
    find it busy go to the primary at once (FBReplicaBusy), none fails,
    and the replica still serves its share."""
    with site_with_replica(rs, extra="FeedbackReplicaConnections 1\n") \
            as site:
        org = Org(site, "busy" + secrets.token_hex(3))
        reader = org.client("Viewer")
        theirs = tag(site, org, "theirs")
        rs.caught_up()
        before = status(site)
        with Readers(site, reader.key, theirs, "theirs", threads=8,
                     pause=0) as readers:
            time.sleep(3)
        after = status(site)
        assert not readers.bad(), readers.bad()[:5]
        assert readers.ok() > 50
        for name in ("FBReplicaBusy", "FBReadsReplica", "FBReadsPrimary"):
            assert int(after[name]) > int(before[name]), name


def test_replica_killed_and_back(rs):
    """The replica SIGKILLed under reads: none fails, they go to the
    primary, and back to the replica once it is up."""
    with site_with_replica(rs) as site:
        since = log_offset(site)
        org = Org(site, "rk" + secrets.token_hex(3))
        reader = org.client("Viewer")
        theirs = tag(site, org, "theirs")
        rs.caught_up()
        answers = Readers(site, reader.key, theirs, "theirs", threads=3,
                          pause=0.005)
        answers.__enter__()
        try:
            assert wait_for(lambda: count(site, "FBReadsReplica") > 20)
            run(PG, "kill", rs.replica.dir)
            killed = status(site)
            time.sleep(3)
            during = status(site)
            assert during["FBReplicaDown"] == "1"
            primary_reads = (int(during["FBReadsPrimary"])
                             - int(killed["FBReadsPrimary"]))
            assert primary_reads > 20
            # The children try again now and then, not at every read.
            assert (int(during["FBReadsReplica"])
                    - int(killed["FBReadsReplica"])) <= 10
            run(PG, "start", rs.replica.dir, str(rs.replica.port))
            back = time.time()
            assert wait_for(lambda: count(site, "FBReadsReplica")
                            > int(during["FBReadsReplica"]) + 20, 30)
            figure("replica back: seconds until it served reads again",
                   round(time.time() - back, 2))
        finally:
            answers.__exit__()
            run(PG, "start", rs.replica.dir, str(rs.replica.port))
        assert not answers.bad(), answers.bad()[:5]
        assert answers.ok() > 100
        end = status(site)
        assert end["FBReplicaDown"] == "0"
        figure("replica killed: reads answered / failed on the replica and "
               "run on the primary", (answers.ok(),
                                      int(end["FBReplicaFallbacks"])))
        assert not error_log_lines(site, REPLICA_LOG, since=since)
        logged = open(site.error_log).read()
        assert "FB00720" in logged and "FB00721" in logged


def test_lagging_replica_skipped(rs):
    """Further behind than FeedbackReplicaMaxLag, the replica serves no
    read; caught up, it serves them again."""
    with site_with_replica(rs, max_lag="500ms") as site:
        org = Org(site, "lag" + secrets.token_hex(3))
        reader = org.client("Viewer")
        theirs = tag(site, org, "theirs")
        rs.caught_up()
        auth = {"Authorization": "Bearer " + reader.key}

        def reads(n):
            for _ in range(n):
                r = requests.get(site.base + "/v2/tags/" + theirs,
                                 headers=auth, timeout=30)
                assert r.status_code == 200, r.text

        reads(20)
        assert count(site, "FBReadsReplica") >= 20
        rs.delay(3)
        stop = threading.Event()

        def write():
            # Writes keep coming, so the replica has WAL it holds back.
            i = 0
            while not stop.is_set():
                i += 1
                org.api.post("/tags", json={"name": "w%d" % i})
                time.sleep(0.05)

        writer = threading.Thread(target=write)
        writer.start()
        try:
            time.sleep(1.5)
            reads(5)            # each child reads the lag anew
            time.sleep(0.3)
            before = status(site)
            reads(50)
            after = status(site)
        finally:
            stop.set()
            writer.join(30)
            rs.delay(0)
        assert int(after["FBReplicaLagMs"]) > 500
        assert after["FBReadsReplica"] == before["FBReadsReplica"]
        assert (int(after["FBReplicaSkippedLag"])
                - int(before["FBReplicaSkippedLag"])) >= 50
        rs.caught_up()
        time.sleep(0.3)
        reads(20)
        assert count(site, "FBReadsReplica") > int(after["FBReadsReplica"])


def test_reads_flow_through_failover():
    """A primary, a synchronous standby and an asynchronous replica; the
    primary SIGKILLed during writes and reads: the reads go on from the
    replica (key lookups too, once the primary is gone), writes answer
    503 until the standby is promoted, then succeed; nothing acknowledged
    is lost or written twice, no 500."""
    with replication("fbrrf", standby=True) as rs:
        with httpd(rs.dsn(), STATUS + UNLIMITED
                   + "FeedbackDBAcquireTimeout 1s\n"
                   + "FeedbackReadReplica \"%s connect_timeout=2\"\n"
                   % rs.replica.dsn("rr")
                   + "FeedbackReplicaMaxLag 30s\n") as site:
            since = log_offset(site)
            org = Org(site, "fo" + secrets.token_hex(3))
            org.board = site.sql("INSERT INTO boards (org_id, name) "
                                 "VALUES (%s, 'HA') RETURNING id",
                                 org.id)[0][0]
            reader = org.client("Viewer")
            theirs = tag(site, org, "theirs")
            rs.caught_up()
            readers = Readers(site, reader.key, theirs, "theirs", threads=2)
            reads = readers.reads       # (time, outcome)
            readers.__enter__()
            with WriteLoop(org) as loop:
                time.sleep(1.5)
                run(PG, "kill", rs.primary.dir)
                killed = time.time()
                at_kill = status(site)
                time.sleep(2)
                # No standby takes writes yet: a write answers 503.
                r = org.api.post("/tags", json={"name": "during"})
                assert r.status_code == 503, r.text
                outage = status(site)
                promoted = time.time()
                run(PG, "promote", rs.standby.dir)
                time.sleep(2)
            readers.__exit__()
            during = [ok for at, ok in reads if killed < at < promoted]
            bad = [(round(at - killed, 2), ok) for at, ok in reads
                   if ok != 200]
            figure("failover with a replica: reads during the outage, "
                   "answered 200", (len(during), during.count(200)))
            figure("failover with a replica: writes' answers",
                   dict(loop.statuses))
            assert len(during) > 20
            assert not bad, bad[:10]
            served = (int(outage["FBReadsReplica"])
                      - int(at_kill["FBReadsReplica"]))
            assert served >= len(during) // 2
            assert 500 not in loop.statuses, loop.statuses
            assert loop.statuses[503] > 0, loop.statuses
            assert site.sql("SELECT pg_is_in_recovery()") == [(False,)]
            loop.verify(site)
            assert not error_log_lines(site, FAULT_LOG + REPLICA_LOG
                                       + ("FB00202", "FB00204", "FB00214"),
                                       since)
