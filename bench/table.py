"""Prints the table of bench/run.sh.

    table.py TARGET STRICT HEADER SIZE_A RUNS_A SIZE_B RUNS_B ...

Four requests, (a) to (d), each with its response size in bytes and its
runs: "requests duration_us p50_us p99_us timeouts httpd0 httpd1 pg0 pg1"
joined by ";", where the last four are CPU seconds of the httpd and PostgreSQL
process trees before and after the run.  With several rounds the run of
median throughput stands for its request.  With STRICT 1 the exit status
is 3 when the GET-by-id ratio misses TARGET.
"""
import sys

NAMES = [
    "(a) API GET /v2/boards/{id}",
    "(b) ref /ref/board?org=..&id=..",
    "(c) API GET /v2/brands?limit=100",
    "(d) ref /ref/brands?org=..&limit=101",
]


def parse_run(text):
    f = text.split()
    requests, duration = int(f[0]), int(f[1])
    return {
        "rps": requests / (duration / 1e6),
        "p50": int(f[2]) / 1000,
        "p99": int(f[3]) / 1000,
        "timeouts": int(f[4]),
        "httpd_us": (float(f[6]) - float(f[5])) * 1e6 / requests,
        "pg_us": (float(f[8]) - float(f[7])) * 1e6 / requests,
    }


def median_run(runs):
    ordered = sorted(runs, key=lambda r: r["rps"])
    return ordered[(len(ordered) - 1) // 2]


def main():
    target, strict, header = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    sizes = sys.argv[4::2]
    runs = [[parse_run(t) for t in s.split(";") if t.strip()]
            for s in sys.argv[5::2]]
    rows = [median_run(r) for r in runs]
    print(header)
    print()
    print("%-37s %7s %7s %7s %8s %6s %6s"
          % ("request", "req/s", "p50 ms", "p99 ms", "httpd us", "pg us",
             "bytes"))
    for name, row, size in zip(NAMES, rows, sizes):
        print("%-37s %7.0f %7.2f %7.2f %8.0f %6.0f %6s"
              % (name, row["rps"], row["p50"], row["p99"], row["httpd_us"],
                 row["pg_us"], size))
    if len(runs[0]) > 1:
        print()
        print("req/s of each round:")
        for name, r in zip(NAMES, runs):
            print("%-37s %s" % (name, " ".join("%.0f" % x["rps"]
                                                 for x in r)))
    print()
    print("httpd us, pg us: CPU time per request of the httpd and the "
          "PostgreSQL\nprocesses, in microseconds (wrk's own CPU is not "
          "counted).")
    slow = sum(r["timeouts"] for rs in runs for r in rs)
    if slow:
        print("%d request(s) took over 10 s and are left out of the "
              "percentiles: %s" % (slow, ", ".join(
                  "%s %d" % (n[:3], sum(r["timeouts"] for r in rs))
                  for n, rs in zip(NAMES, runs))))
    a, b, c, d = rows
    by_id, lists = a["rps"] / b["rps"], c["rps"] / d["rps"]
    print()
    print("ratio API/reference, req/s, GET by id (a/b):    %.2f   "
          "target >= %.2f: %s"
          % (by_id, target, "met" if by_id >= target else "MISSED"))
    print("ratio API/reference, req/s, list of 100 (c/d):  %.2f" % lists)
    print("httpd CPU per request, API/reference: GET by id %.2f, "
          "list %.2f" % (a["httpd_us"] / b["httpd_us"],
                         c["httpd_us"] / d["httpd_us"]))
    if strict == "1" and by_id < target:
        sys.exit(3)


main()
