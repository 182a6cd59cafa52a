"""Prints the tables of bench/run.sh.

    table.py TARGET STRICT HEADER [KEY NAME SHAPE SIZE RUNS]...

One group of five arguments per measured request: its key, "new:" or
"old:" (this tree's module or the baseline build) and the request's
letter ("new:e"; "eW", "gC", "gW" are (e) and (g) at other concurrencies),
its name, wrk's shape ("2x32": threads x connections), its response body
size in bytes and its runs: "requests duration_us p50_us p99_us timeouts
bytes http_errors socket_errors httpd0 httpd1 pg0 pg1" joined by ";",
where http_errors counts 4xx/5xx responses and the last four are CPU
seconds of the httpd and PostgreSQL process trees before and after the
run.  With several rounds the run of median throughput stands for its
request.

Three tables: this tree's module (every request at its own shape), the
same requests against the baseline (req/s and PostgreSQL CPU, with the
ratios new/baseline), and the latencies of GET post by id and the list
of 100 posts at each concurrency measured, on both sides.

The ratios API/reference are printed for the pairs present: (a)/(b) and
(e)/(f), GET by id, which have the target, and (c)/(d), a list.  With
STRICT 1 the exit status is 3 when a GET-by-id ratio misses TARGET.
"""
import sys

# (API key, reference key, label, whether TARGET applies)
PAIRS = [
    ("a", "b", "GET board by id (a/b)", True),
    ("c", "d", "list of 100 brands (c/d)", False),
    ("e", "f", "GET post by id (e/f)", True),
]

# The latency table: (e) and (g) at every concurrency measured.
LATENCY = ["e", "eW", "g", "gC", "gW"]


def parse_run(text):
    f = text.split()
    requests, duration = int(f[0]), int(f[1])
    return {
        "requests": requests,
        "rps": requests / (duration / 1e6),
        "p50": int(f[2]) / 1000,
        "p99": int(f[3]) / 1000,
        "timeouts": int(f[4]),
        "http_errors": int(f[6]),
        "socket_errors": int(f[7]),
        "httpd_us": (float(f[9]) - float(f[8])) * 1e6 / max(requests, 1),
        "pg_us": (float(f[11]) - float(f[10])) * 1e6 / max(requests, 1),
    }


def median_run(runs):
    ordered = sorted(runs, key=lambda r: r["rps"])
    return ordered[(len(ordered) - 1) // 2]


def ratio(a, b):
    return "%.2f" % (a / b) if b else "-"


def print_table(title, columns, rows):
    """columns: (heading, width); the first is the name, left-aligned."""
    print(title)
    (h0, w0), rest = columns[0], columns[1:]
    print("%-*s" % (w0, h0) + "".join(" %*s" % (w, h) for h, w in rest))
    for row in rows:
        print("%-*s" % (w0, row[0])
              + "".join(" %*s" % (w, v) for (_, w), v in zip(rest, row[1:])))
    print()


def main():
    target, strict, header = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    groups = sys.argv[4:]
    if not groups or len(groups) % 5:
        sys.exit("table.py: requests come in groups of five arguments")
    reqs = []
    for i in range(0, len(groups), 5):
        key, name, shape, size, runs = groups[i:i + 5]
        side, _, letter = key.partition(":")
        if side not in ("new", "old") or not letter:
            sys.exit("table.py: bad key %r" % key)
        parsed = [parse_run(t) for t in runs.split(";") if t.strip()]
        if not parsed:
            sys.exit("table.py: no runs for %s" % key)
        reqs.append({"key": key, "side": side, "letter": letter,
                     "name": name, "shape": shape, "size": size,
                     "runs": parsed, "row": median_run(parsed)})
    new = {r["letter"]: r for r in reqs if r["side"] == "new"}
    old = {r["letter"]: r for r in reqs if r["side"] == "old"}
    main_rows = [r for r in reqs if r["side"] == "new"
                 and len(r["letter"]) == 1]
    width = max(len(r["name"]) for r in reqs)

    print(header)
    print()
    print_table(
        "This tree's module:",
        [("request", width), ("wrk", 6), ("req/s", 7), ("p50 ms", 8),
         ("p99 ms", 8), ("httpd us", 8), ("pg us", 6), ("bytes", 7)],
        [(r["name"], r["shape"], "%.0f" % r["row"]["rps"],
          "%.2f" % r["row"]["p50"], "%.2f" % r["row"]["p99"],
          "%.0f" % r["row"]["httpd_us"], "%.0f" % r["row"]["pg_us"],
          r["size"]) for r in main_rows])

    against = [r for r in main_rows if r["letter"] in old]
    if against:
        rows = []
        for r in against:
            a, b = r["row"], old[r["letter"]]["row"]
            rows.append((r["name"], "%.0f" % a["rps"], "%.0f" % b["rps"],
                         ratio(a["rps"], b["rps"]), "%.0f" % a["pg_us"],
                         "%.0f" % b["pg_us"], ratio(a["pg_us"], b["pg_us"]),
                         "%.0f" % a["httpd_us"], "%.0f" % b["httpd_us"]))
        print_table(
            "Against the baseline (same run; ratios new/baseline):",
            [("request", width), ("req/s", 7), ("base", 7), ("ratio", 6),
             ("pg us", 6), ("base", 6), ("ratio", 6), ("httpd us", 8),
             ("base", 6)], rows)

    lat = [r for k in LATENCY for r in (new.get(k), old.get(k)) if r]
    if lat:
        rows = []
        for r in lat:
            a = r["row"]
            rows.append((r["name"].split(",")[0], r["shape"],
                         "new" if r["side"] == "new" else "baseline",
                         "%.0f" % a["rps"], "%.2f" % a["p50"],
                         "%.2f" % a["p99"], ratio(a["p99"], a["p50"]),
                         "%d" % a["http_errors"], "%d" % a["socket_errors"],
                         "%.0f" % a["pg_us"]))
        print_table(
            "Latency by concurrency (wrk threads x connections):",
            [("request", max(len(r[0]) for r in rows)), ("wrk", 6),
             ("build", 8), ("req/s", 7), ("p50 ms", 8), ("p99 ms", 8),
             ("p99/50", 6), ("4xx5xx", 6), ("socket", 6), ("pg us", 6)],
            rows)

    if len(reqs[0]["runs"]) > 1:
        print("req/s of each round:")
        for r in reqs:
            label = "%s %s%s" % (r["name"], r["shape"],
                                 " baseline" if r["side"] == "old" else "")
            print("%-*s %s" % (width + 16, label, " ".join(
                "%.0f" % x["rps"] for x in r["runs"])))
        print()
    print("wrk: threads x connections.  httpd us, pg us: CPU time per "
          "request of the\nhttpd and the PostgreSQL processes, in "
          "microseconds (wrk's own CPU is not\ncounted).  bytes: the "
          "response body.  4xx5xx, socket: wrk's count of such\n"
          "responses and of socket errors (connect, read, write), allowed "
          "at the higher\nconcurrencies only (503: no pooled connection "
          "within FeedbackDBAcquireTimeout).")
    few = [r for r in reqs if r["row"]["requests"] < 100]
    if few:
        print("Fewer than 100 requests (percentiles are coarse): %s"
              % ", ".join("%s %s%s %d" % (r["name"][:3], r["shape"],
                                          " base" if r["side"] == "old"
                                          else "", r["row"]["requests"])
                          for r in few))
    slow = sum(x["timeouts"] for r in reqs for x in r["runs"])
    if slow:
        print("%d request(s) took over 10 s and are left out of the "
              "percentiles: %s" % (slow, ", ".join(
                  "%s %s%s %d" % (r["name"][:3], r["shape"],
                                  " base" if r["side"] == "old" else "",
                                  sum(x["timeouts"] for x in r["runs"]))
                  for r in reqs if any(x["timeouts"] for x in r["runs"]))))

    missed = False
    lines = []
    for api, ref, label, targeted in PAIRS:
        if api not in new or ref not in new:
            continue
        a, b = new[api]["row"], new[ref]["row"]
        line = "ratio API/reference, req/s, %-26s %s" % (
            label + ":", ratio(a["rps"], b["rps"]))
        if targeted:
            ok = a["rps"] >= target * b["rps"]
            missed |= not ok
            line += "   target >= %.2f: %s" % (target,
                                               "met" if ok else "MISSED")
        line += "   (httpd CPU per request %s)" % ratio(a["httpd_us"],
                                                       b["httpd_us"])
        lines.append(line)
    if lines:
        print()
        print("\n".join(lines))
    if strict == "1" and missed:
        sys.exit(3)


main()
