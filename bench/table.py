"""Prints the table of bench/run.sh.

    table.py TARGET STRICT HEADER [KEY NAME SHAPE SIZE RUNS]...

One group of five arguments per request: its key (a letter), its name,
wrk's shape ("2x32": threads x connections), its response size in bytes
and its runs: "requests duration_us p50_us p99_us timeouts httpd0 httpd1
pg0 pg1" joined by ";", where the last four are CPU seconds of the httpd
and PostgreSQL process trees before and after the run.  With several
rounds the run of median throughput stands for its request.

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


def parse_run(text):
    f = text.split()
    requests, duration = int(f[0]), int(f[1])
    return {
        "requests": requests,
        "rps": requests / (duration / 1e6),
        "p50": int(f[2]) / 1000,
        "p99": int(f[3]) / 1000,
        "timeouts": int(f[4]),
        "httpd_us": (float(f[6]) - float(f[5])) * 1e6 / max(requests, 1),
        "pg_us": (float(f[8]) - float(f[7])) * 1e6 / max(requests, 1),
    }


def median_run(runs):
    ordered = sorted(runs, key=lambda r: r["rps"])
    return ordered[(len(ordered) - 1) // 2]


def main():
    target, strict, header = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    groups = sys.argv[4:]
    if not groups or len(groups) % 5:
        sys.exit("table.py: requests come in groups of five arguments")
    reqs = []
    for i in range(0, len(groups), 5):
        key, name, shape, size, runs = groups[i:i + 5]
        parsed = [parse_run(t) for t in runs.split(";") if t.strip()]
        reqs.append({"key": key, "name": name, "shape": shape,
                     "size": size, "runs": parsed,
                     "row": median_run(parsed)})
    by_key = {r["key"]: r["row"] for r in reqs}
    width = max(len(r["name"]) for r in reqs)

    print(header)
    print()
    print("%-*s %5s %7s %8s %8s %8s %6s %7s"
          % (width, "request", "wrk", "req/s", "p50 ms", "p99 ms",
             "httpd us", "pg us", "bytes"))
    for r in reqs:
        row = r["row"]
        print("%-*s %5s %7.0f %8.2f %8.2f %8.0f %6.0f %7s"
              % (width, r["name"], r["shape"], row["rps"], row["p50"],
                 row["p99"], row["httpd_us"], row["pg_us"], r["size"]))
    if len(reqs[0]["runs"]) > 1:
        print()
        print("req/s of each round:")
        for r in reqs:
            print("%-*s %s" % (width, r["name"], " ".join(
                "%.0f" % x["rps"] for x in r["runs"])))
    print()
    print("wrk: threads x connections.  httpd us, pg us: CPU time per "
          "request of the\nhttpd and the PostgreSQL processes, in "
          "microseconds (wrk's own CPU is not\ncounted).")
    few = [r for r in reqs if r["row"]["requests"] < 100]
    if few:
        print("Fewer than 100 requests (percentiles are coarse): %s"
              % ", ".join("%s %d" % (r["name"][:3], r["row"]["requests"])
                          for r in few))
    slow = sum(x["timeouts"] for r in reqs for x in r["runs"])
    if slow:
        print("%d request(s) took over 10 s and are left out of the "
              "percentiles: %s" % (slow, ", ".join(
                  "%s %d" % (r["name"][:3],
                             sum(x["timeouts"] for x in r["runs"]))
                  for r in reqs if any(x["timeouts"] for x in r["runs"]))))

    missed = False
    lines = []
    for api, ref, label, targeted in PAIRS:
        if api not in by_key or ref not in by_key:
            continue
        a, b = by_key[api], by_key[ref]
        ratio = a["rps"] / b["rps"]
        line = "ratio API/reference, req/s, %-26s %.2f" % (label + ":", ratio)
        if targeted:
            ok = ratio >= target
            missed |= not ok
            line += "   target >= %.2f: %s" % (target,
                                               "met" if ok else "MISSED")
        line += "   (httpd CPU per request %.2f)" % (a["httpd_us"]
                                                     / b["httpd_us"])
        lines.append(line)
    if lines:
        print()
        print("\n".join(lines))
    if strict == "1" and missed:
        sys.exit(3)


main()
