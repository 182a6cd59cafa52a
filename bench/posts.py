"""The posts part of bench/run.sh: checks before measuring, and plans.

    posts.py check KEY BASE ORG PORTAL IDS_FILE DEEP_PAGES QUERY...
        Checks that GET /v2/posts/{id} and /ref/post answer 2xx for the
        first 20 ids of IDS_FILE (the bytes of the post are compared with
        the baseline build's by bench/same.py: the reference only runs
        the bare statement), that the lists QUERY... (query
        strings of /v2/posts, the first one sortBy=upvotes) answer 2xx
        JSON, and walks nextCursor DEEP_PAGES times from the first list
        with limit=100, checking that the rows come in (upvotes, id)
        descending order without repeats.  Prints one line:
            SIZE_POST SIZE_REF SIZE_QUERY... SIZE_DEEP CURSOR PAGES ROWS
            SECONDS P50_MS P99_MS FIRST10_MS LAST10_MS MD5
        where CURSOR is the cursor of the page after the walk (SIZE_DEEP
        its size), the sizes those of the responses (the post ones
        averaged over the 20 ids), the times those of the walk's pages,
        and MD5 that of the walked ids joined by ",".

    posts.py fetch KEY BASE PATH
        One GET of PATH, which must answer 2xx.

    posts.py etags KEY BASE IDS_FILE N OUT
        Writes "ID<tab>ETAG" for the first N ids of IDS_FILE to OUT, the
        ETag of GET /v2/posts/{id}, after checking on the first 20 that
        If-None-Match with it answers 304 without a body.

    posts.py plans LOG OFFSET OUT [KEY TITLE]...
        Reads the PostgreSQL log from byte OFFSET: after each marker
        statement SELECT 'fbbench-plan KEY', the auto_explain entry of the
        next statement prepared as post_*.  Writes the entries to OUT and
        prints a summary line per KEY.
"""
import hashlib
import http.client
import json
import re
import sys
import time
import urllib.parse


def fail(msg):
    sys.exit("bench: " + msg)


class Client:
    """One keep-alive connection to 127.0.0.1."""

    def __init__(self, base):
        u = urllib.parse.urlsplit(base)
        if u.hostname != "127.0.0.1":
            fail("refusing a base URL other than 127.0.0.1: %s" % base)
        self.conn = http.client.HTTPConnection(u.hostname, u.port,
                                               timeout=60)

    def request(self, path, key=None, headers=None):
        """(status, response headers, body)."""
        headers = dict(headers or {})
        if key:
            headers["Authorization"] = "Bearer " + key
        self.conn.request("GET", path, headers=headers)
        r = self.conn.getresponse()
        return r.status, r, r.read()

    def get(self, path, key=None, want_json=True):
        status, r, body = self.request(path, key)
        if status // 100 != 2:
            fail("%s answered %d: %r" % (path, status, body[:300]))
        ctype = r.getheader("Content-Type", "")
        if want_json and not ctype.startswith("application/json"):
            fail("%s answered Content-Type %r" % (path, ctype))
        return body


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def read_ids(ids_file, n):
    with open(ids_file) as f:
        ids = [line.strip() for line in f if line.strip()][:n]
    if not ids:
        fail("no post ids")
    return ids


def check(key, base, org, portal, ids_file, deep, queries):
    c = Client(base)
    ids = read_ids(ids_file, 20)
    quoted_portal = urllib.parse.quote(portal, safe="")
    api_bytes = ref_bytes = 0
    for pid in ids:
        a = c.get("/v2/posts/" + pid, key)
        b = c.get("/ref/post?org=%s&id=%s&private=true&portal=%s"
                  % (org, pid, quoted_portal), want_json=False)
        post = json.loads(a)
        if post.get("id") != pid:
            fail("post %s came back as %r" % (pid, post.get("id")))
        api_bytes += len(a)
        ref_bytes += len(b)
    sizes = [api_bytes // len(ids), ref_bytes // len(ids)]

    first = None
    for q in queries:
        body = c.get("/v2/posts?" + q, key)
        page = json.loads(body)
        if not isinstance(page.get("data"), list):
            fail("/v2/posts?%s has no data list" % q)
        sizes.append(len(body))
        if first is None:
            first = page

    # The walk: nextCursor after nextCursor, as a client would.
    seen = set()
    walked = []
    last = None
    times = []
    cursor = first.get("nextCursor")
    rows = first["data"]
    pages = 0
    started = time.monotonic()
    while True:
        for p in rows:
            k = (p["upvotes"], p["id"])
            if p["id"] in seen:
                fail("post %s came twice in the walk" % p["id"])
            if last is not None and not k < last:
                fail("the walk is out of order at %r after %r" % (k, last))
            seen.add(p["id"])
            walked.append(p["id"])
            last = k
        if pages == deep or not cursor:
            break
        t0 = time.monotonic()
        page = json.loads(c.get("/v2/posts?%s&cursor=%s" % (queries[0],
                                                           cursor), key))
        times.append((time.monotonic() - t0) * 1000)
        pages += 1
        rows = page["data"]
        if not rows:
            break
        cursor = page.get("nextCursor")
    seconds = time.monotonic() - started
    if not cursor:
        fail("the walk ended after %d pages: no cursor to measure" % pages)
    deep_size = len(c.get("/v2/posts?%s&cursor=%s" % (queries[0], cursor),
                          key))
    if pages < deep:
        sys.stderr.write("bench: only %d pages to walk (not %d)\n"
                         % (pages, deep))
    digest = hashlib.md5(",".join(walked).encode()).hexdigest()
    head = times[:10] or [0]
    tail = times[-10:] or [0]
    print(" ".join(str(s) for s in sizes), deep_size, cursor, pages,
          len(walked), "%.1f" % seconds,
          "%.2f" % percentile(times or [0], 50),
          "%.2f" % percentile(times or [0], 99),
          "%.2f" % (sum(head) / len(head)), "%.2f" % (sum(tail) / len(tail)),
          digest)


def etags(key, base, ids_file, n, out):
    c = Client(base)
    lines = []
    for i, pid in enumerate(read_ids(ids_file, n)):
        path = "/v2/posts/" + pid
        status, r, body = c.request(path, key)
        tag = r.getheader("ETag")
        if status != 200 or not tag:
            fail("%s answered %d with ETag %r" % (path, status, tag))
        if i < 20:
            status, r, body = c.request(path, key, {"If-None-Match": tag})
            if status != 304 or body:
                fail("%s with If-None-Match %s answered %d and %d bytes"
                     % (path, tag, status, len(body)))
        lines.append("%s\t%s\n" % (pid, tag))
    with open(out, "w") as f:
        f.writelines(lines)


# auto_explain entries in a stderr log: a line with the prefix, then
# continuation lines that start with a tab.
def log_records(text):
    record = []
    for line in text.splitlines():
        if line.startswith("\t") and record:
            record.append(line[1:])
        else:
            if record:
                yield record
            record = [line]
    if record:
        yield record


SCAN = re.compile(r"(Seq Scan|Index Scan Backward|Index Scan|Index Only Scan"
                  r"|Bitmap Heap Scan|Bitmap Index Scan)"
                  r"( using (\S+))? on (posts)\b")


def summarize(key, record):
    duration = re.search(r"duration: ([0-9.]+) ms", record[0])
    body = [line for line in record[1:]
            if not line.startswith("Query Text:")]
    text = "\n".join(body)
    generic = any(re.search(r"\$\d+", line) for line in body
                  if "Cond:" in line or "Filter:" in line)
    parts = ["%s %s ms" % (key, duration.group(1) if duration else "?"),
             "generic plan" if generic else "custom plan"]
    # The scans of posts (not of its index alone), with the rows they
    # returned and removed, and their buffers.
    for i, line in enumerate(body):
        m = SCAN.search(line)
        if not m or m.group(1) == "Bitmap Index Scan":
            continue
        # The node's own details follow it, indented past its name, up
        # to its first child ("->") or anything less indented.
        name_col = m.start()
        rows = re.search(r"actual time=\S+ rows=(\d+) loops=(\d+)", line)
        removed = 0
        buffers = ""
        heap = ""
        for follow in body[i + 1:]:
            lead = len(follow) - len(follow.lstrip())
            if lead < name_col + 2 or follow.lstrip().startswith("->"):
                break
            r = re.search(r"Rows Removed by (Filter|Index Recheck): (\d+)",
                          follow)
            if r:
                removed += int(r.group(2))
            b = re.search(r"Buffers: (.*)", follow)
            if b and not buffers:
                buffers = b.group(1).strip()
            h = re.search(r"Heap Blocks: (.*)", follow)
            if h:
                heap = h.group(1).strip()
        parts.append("%s%s: %s rows%s, %d removed; buffers %s%s"
                     % (m.group(1), " using " + m.group(3) if m.group(3)
                        else "", rows.group(1) if rows else "?",
                        " x%s loops" % rows.group(2)
                        if rows and rows.group(2) != "1" else "",
                        removed, buffers or "none",
                        "; heap blocks " + heap if heap else ""))
    total = re.search(r"Buffers: (.*)", text)
    parts.append("whole statement buffers %s"
                 % (total.group(1).strip() if total else "none"))
    for s in re.findall(r"Sort Method: (.*)", text):
        parts.append("sort: " + s.strip())
    if "JIT:" in text:
        jit = re.search(r"Timing: .*Total ([0-9.]+) ms", text)
        parts.append("JIT %s ms" % (jit.group(1) if jit else "?"))
    return "; ".join(parts)


def plans(log, offset, out, pairs):
    keys = pairs[0::2]
    titles = dict(zip(keys, pairs[1::2]))
    with open(log, "rb") as f:
        f.seek(offset)
        text = f.read().decode("utf-8", "replace")
    found = {}
    current = None
    for record in log_records(text):
        joined = "\n".join(record)
        m = re.search(r"Query Text: SELECT 'fbbench-plan (\S+)'", joined)
        if m:
            current = m.group(1)
            continue
        if (current and current not in found
                and re.search(r"Query Text: PREPARE post_", joined)):
            found[current] = record
            current = None
    with open(out, "w") as f:
        for key in keys:
            f.write("=" * 78 + "\n")
            if key not in found:
                f.write("%s: no plan found in the log\n" % key)
                continue
            f.write("%s %s\n%s\n\n" % (key, titles[key],
                                         "\n".join(found[key])))
    for key in keys:
        if key in found:
            print(summarize(key, found[key]))
        else:
            print("%s: no plan found in the log" % key)
    if len(found) != len(keys):
        sys.exit(1)


def main():
    if len(sys.argv) > 8 and sys.argv[1] == "check":
        check(*sys.argv[2:7], int(sys.argv[7]), sys.argv[8:])
    elif len(sys.argv) == 7 and sys.argv[1] == "etags":
        etags(*sys.argv[2:5], int(sys.argv[5]), sys.argv[6])
    elif len(sys.argv) == 5 and sys.argv[1] == "fetch":
        Client(sys.argv[3]).get(sys.argv[4], sys.argv[2] or None)
    elif len(sys.argv) > 6 and len(sys.argv) % 2 == 1 \
            and sys.argv[1] == "plans":
        plans(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:])
    else:
        fail("usage: posts.py check ... | posts.py plans ...")


if __name__ == "__main__":
    main()
