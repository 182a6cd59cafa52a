#!/usr/bin/python3
"""Child memory while clients upload ticket files at once.

    bench/upload_rss.py RUN_DIR BASE_URL API_KEY [CLIENTS] [MB]

RUN_DIR is a server started by scripts/run.sh (its run/httpd.pid names
the parent; the children are its child processes, read from /proc).
Each client sends one multipart POST /v2/tickets with a file of MB
megabytes (default 4 clients, 100 MB), generated while it is sent (chunked
encoding), to the demo's Screenshots field.  Prints the largest child
RSS before, the peak while uploading, and after, in MB."""
import json
import os
import sys
import threading
import time

import requests


def children(run_dir):
    with open(os.path.join(run_dir, "run", "httpd.pid")) as f:
        parent = f.read().strip()
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[1] == parent:
                    out.append(pid)
        except OSError:
            pass
    return out


def rss_mb(run_dir):
    """The largest VmRSS among the children, in MB."""
    best = 0
    for pid in children(run_dir):
        try:
            with open("/proc/%s/status" % pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        best = max(best, int(line.split()[1]))
        except OSError:
            pass
    return best / 1024.0


def main():
    run_dir, base, key = sys.argv[1:4]
    clients = int(sys.argv[4]) if len(sys.argv) > 4 else 4
    mb = int(sys.argv[5]) if len(sys.argv) > 5 else 100
    api = requests.Session()
    api.headers["Authorization"] = "Bearer " + key
    cats = api.get(base + "/v2/tickets/categories").json()["data"]
    cat = [c for c in cats if c["supportBoardType"] == "customer"][0]
    field = [f for f in api.get(base + "/v2/tickets/custom_fields")
             .json()["data"] if f["type"] == "file" and f["allowMultiple"]][0]
    boundary = "rssbench0123456789"
    head = ("--%s\r\nContent-Disposition: form-data; name=\"data\"\r\n\r\n"
            "%s\r\n--%s\r\nContent-Disposition: form-data; name=\"custom"
            "Fields.%s\"; filename=\"big.bin\"\r\n\r\n"
            % (boundary, json.dumps({"ticketCategoryId": cat["id"],
                                     "title": "RSS", "author": {}}),
               boundary, field["id"])).encode()
    tail = ("\r\n--%s--\r\n" % boundary).encode()
    block = b"\x00PK" + os.urandom(1024 * 1024 - 3)
    results = []

    def body():
        yield head
        for _ in range(mb):
            yield block
        yield tail

    def one():
        r = requests.post(base + "/v2/tickets", data=body(), headers={
            "Authorization": "Bearer " + key,
            "Content-Type": "multipart/form-data; boundary=" + boundary},
            timeout=1800)
        results.append(r.status_code)

    before = rss_mb(run_dir)
    threads = [threading.Thread(target=one) for _ in range(clients)]
    start = time.time()
    for t in threads:
        t.start()
    peak = before
    while any(t.is_alive() for t in threads):
        peak = max(peak, rss_mb(run_dir))
        time.sleep(0.2)
    took = time.time() - start
    time.sleep(1)
    after = rss_mb(run_dir)
    print("clients %d x %d MB: statuses %s in %.1f s" % (
        clients, mb, sorted(results), took))
    print("largest child RSS: before %.1f MB, peak during %.1f MB, "
          "after %.1f MB" % (before, peak, after))


main()
