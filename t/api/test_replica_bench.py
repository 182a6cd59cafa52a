"""The read replica's figures (bench/replica.sh sets
FEEDBACK_BENCH_REPLICA and shows them; skipped otherwise).

On a primary and an asynchronous replica of this machine
(test_replica.Replicated), a small organization (bench/gen.sql's boards and
FEEDBACK_BENCH_REPLICA posts, bench/gen_posts.sql), two httpds on the
same primary: one without FeedbackReadReplica, one with it.  wrk drives
each in turn, ROUNDS times, so that both meet the same load of a shared
machine:

- GET /v2/posts/{id} (one post by id): requests a second of each, and
  the ratio; with FEEDBACK_BENCH_REPLICA_BASE (a module built without
  the routing, bench/baseline.sh), a third httpd runs it, and the ratio
  of this module without a replica to it is the routing's cost to every
  node;
- GET /v2/posts?limit=10 (the list load): the share of reads the replica
  served (server-status), and the primary PostgreSQL's CPU time per
  read with and without the replica;
- CPU time a GET by id of httpd, and of httpd and both PostgreSQL
  servers (steadier than requests a second on a shared machine);
- a write's latency (a tag renamed, one client, WRITES of each, one
  after the other): with a replica, the write's WAL position is read
  after its commit."""
import contextlib
import os
import secrets
import statistics
import time

import pytest
import requests

import contract

from conftest import Org, httpd
from test_posts_create_bench import cputime, wrk
from test_replica import STATUS, replication, status
from test_search_bench import generate

N = int(os.environ.get("FEEDBACK_BENCH_REPLICA", "0") or 0)
SECS = int(os.environ.get("FEEDBACK_BENCH_SECONDS", "5") or 5)
ROUNDS = int(os.environ.get("FEEDBACK_BENCH_ROUNDS", "3") or 3)
OUT = os.environ.get("FEEDBACK_BENCH_OUT")
WRITES = int(os.environ.get("FEEDBACK_BENCH_WRITES", "300") or 300)
LIMITS = "FeedbackRateLimitKey 0\nFeedbackRateLimitOrg 0\n"


def postmaster(cluster):
    with open(os.path.join(cluster.dir, "data", "postmaster.pid")) as f:
        return int(f.readline())


@pytest.fixture
def rs():
    with replication("fbrrb") as made:
        yield made


def tagged(server, org):
    r = requests.post(server.base + "/v2/tags", json={"name": "bench"},
                      headers={"Authorization": "Bearer " + org.key},
                      timeout=30)
    assert r.status_code in (200, 201), r.text
    return r.json()["id"]


def httpd_pid(server):
    with open(os.path.join(server.run_dir, "run", "httpd.pid")) as f:
        return int(f.readline())


def rps(r):
    return r["requests"] / (r["duration_us"] / 1e6)


@pytest.mark.skipif(N <= 0, reason="FEEDBACK_BENCH_REPLICA is not set")
def test_bench_replica(rs):
    dsn = rs.primary.dsn("rr")
    replica = ("FeedbackReadReplica \"%s connect_timeout=2\"\n"
               % rs.replica.dsn("rr"))
    base_module = os.environ.get("FEEDBACK_BENCH_REPLICA_BASE")
    with contextlib.ExitStack() as stack:
        plain = stack.enter_context(httpd(dsn, STATUS + LIMITS))
        routed = stack.enter_context(httpd(dsn, STATUS + LIMITS + replica))
        servers = [("plain", plain), ("routed", routed)]
        if base_module:
            os.environ["FEEDBACK_TEST_MODULE"] = base_module
            try:
                servers.insert(0, ("base", stack.enter_context(
                    httpd(dsn, STATUS + LIMITS))))
            finally:
                del os.environ["FEEDBACK_TEST_MODULE"]
        org = Org(plain, "rb" + secrets.token_hex(3))
        generate(plain, org, N)
        rs.caught_up(120)
        post = plain.sql("SELECT id FROM posts WHERE org_id = %s "
                         "ORDER BY id LIMIT 1", org.id)[0][0]
        by_id = "/v2/posts/" + post
        listing = "/v2/posts?limit=10"
        for _, s in servers:
            for path in (by_id, listing):
                r = requests.get(s.base + path, timeout=30, headers={
                    "Authorization": "Bearer " + org.key})
                assert r.status_code == 200, r.text[:300]
        pm = postmaster(rs.primary)
        ratios, costs, lines, hcpu, tcpu = [], [], [], {}, {}
        rpm = postmaster(rs.replica)
        share = []
        cpu = {"plain": [], "routed": []}
        for rnd in range(ROUNDS):
            got = {}
            # Each round in another order: no server always follows the
            # same one.
            order = servers[rnd % len(servers):] + servers[:rnd
                                                          % len(servers)]
            for name, s in order:
                trees = (httpd_pid(s), pm, rpm)
                c0 = [cputime(p) for p in trees]
                r = wrk(s.base + by_id, SECS, "report.lua", key=org.key)
                got[name] = rps(r)
                used = [(cputime(p) - c) / r["requests"] * 1e6
                        for p, c in zip(trees, c0)]
                hcpu.setdefault(name, []).append(used[0])
                tcpu.setdefault(name, []).append(sum(used))
            ratios.append(got["routed"] / got["plain"])
            lines.append("GET by id, round %d, CPU a request of httpd "
                         "(and of httpd and both PostgreSQL servers), us: "
                         % (rnd + 1) + ", ".join(
                             "%s %.0f (%.0f)" % (n, hcpu[n][-1], tcpu[n][-1])
                             for n, _ in servers))
            lines.append("GET by id, round %d: %.0f/s without the replica, "
                         "%.0f/s with it: %.3f"
                         % (rnd + 1, got["plain"], got["routed"],
                            ratios[-1]))
            if "base" in got:
                costs.append(got["plain"] / got["base"])
                lines.append("GET by id, round %d: %.0f/s by the module "
                             "without the routing, %.0f/s by this one "
                             "without a replica: %.3f"
                             % (rnd + 1, got["base"], got["plain"],
                                costs[-1]))
            for name, s in (("plain", plain), ("routed", routed)):
                before = status(s)
                c0 = cputime(pm)
                r = wrk(s.base + listing, SECS, "report.lua", key=org.key)
                used = cputime(pm) - c0
                after = status(s)
                cpu[name].append(used / r["requests"] * 1e6)
                if name == "routed":
                    rep = (int(after["FBReadsReplica"])
                           - int(before["FBReadsReplica"]))
                    pri = (int(after["FBReadsPrimary"])
                           - int(before["FBReadsPrimary"]))
                    busy = (int(after["FBReplicaBusy"])
                            - int(before["FBReplicaBusy"]))
                    share.append(rep / max(rep + pri, 1))
                    lines.append("list, round %d: %d reads by the replica, "
                                 "%d by the primary (%d with every replica "
                                 "connection busy)"
                                 % (rnd + 1, rep, pri, busy))
                lines.append("list, round %d, %s: %.0f/s, primary "
                             "PostgreSQL %.0f us CPU a read"
                             % (rnd + 1, name, rps(r), cpu[name][-1]))
        # A write's cost of read-your-writes: the position read after
        # its commit (only with a replica).  One client, interleaved.
        wlat = {}
        target = tagged(plain, org)
        sessions = {n: requests.Session() for n, _ in servers}
        for i in range(WRITES):
            for name, s in servers:
                t0 = time.perf_counter()
                r = sessions[name].post(
                    s.base + "/v2/tags", json={"id": target,
                                               "name": "w%s%d" % (name, i)},
                    headers={"Authorization": "Bearer " + org.key},
                    timeout=30)
                wlat.setdefault(name, []).append(
                    (time.perf_counter() - t0) * 1000)
                assert r.status_code == 200, r.text
        lines.append("GET by id, with / without the replica, median of "
                     "%d rounds: %.3f" % (ROUNDS, statistics.median(ratios)))
        lines.append("GET by id, httpd CPU a request, median: "
                     + ", ".join("%s %.0f us" % (n, statistics.median(v))
                                 for n, v in sorted(hcpu.items())))
        lines.append("GET by id, CPU a request of httpd and both "
                     "PostgreSQL servers, median: "
                     + ", ".join("%s %.0f us" % (n, statistics.median(v))
                                 for n, v in sorted(tcpu.items())))
        lines.append("writes (a tag renamed, one client, %d each), median "
                     "ms: " % WRITES
                     + ", ".join("%s %.2f" % (n, statistics.median(v))
                                 for n, v in sorted(wlat.items())))
        if costs:
            lines.append("GET by id, this module without a replica / the "
                         "module without the routing, median: %.3f"
                         % statistics.median(costs))
        lines.append("list: share of reads the replica served, median: "
                     "%.3f" % statistics.median(share))
        lines.append("list: primary PostgreSQL CPU a read, median: %.0f us "
                     "without the replica, %.0f us with it"
                     % (statistics.median(cpu["plain"]),
                        statistics.median(cpu["routed"])))
        text = ("The read replica: %d posts, wrk -t2 -c16 -d%ds per run, "
                "%d rounds\n" % (N, SECS, ROUNDS) + "\n".join(lines) + "\n")
        print("\n" + text)
        if OUT:
            with open(OUT, "w") as f:
                f.write(text)
    # The generated data's ids are not the description's form.
    contract.take()
