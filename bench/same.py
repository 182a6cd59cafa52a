"""Checks that two servers answer the same bytes (bench/run.sh).

    same.py KEY NEW_BASE OLD_BASE PATH...

GETs each PATH (with the API key) from both servers, the module under
test and the baseline build, and compares status, Content-Type and body
byte for byte; where a body is a list page with a nextCursor, the next
page is compared too, both sides asked with this tree's cursor.  A
faster module must keep the exact bytes, so any difference fails the
run: the first one is printed (the path, the offset and the bytes around
it on both sides) and the exit status is 1.  The one allowance is the
nextCursor of a first page, which may carry the time of the request
(the relevance order ranks the matches created up to then): it may
differ when the bodies are otherwise the same, and the next page, asked
of both with the same cursor, then shows whether they agree on it.
Prints the number of responses compared and of such cursors.
"""
import json
import re
import sys
import urllib.parse

from posts import Client, fail     # the bench's one HTTP client

CONTEXT = 120
CURSOR = re.compile(rb'("nextCursor"\s*:\s*")((?:[^"\\]|\\.)*)"')


def answer(client, path, key):
    """(status, Content-Type, body) of GET path."""
    status, r, body = client.request(path, key)
    return status, r.getheader("Content-Type", ""), body


def first_difference(path, new, old):
    """The report of the first byte where new and old differ."""
    at = next((i for i, (x, y) in enumerate(zip(new, old)) if x != y),
              min(len(new), len(old)))
    lo = max(0, at - CONTEXT // 2)
    return ("GET %s: the bodies differ at byte %d (new %d bytes, baseline"
            " %d bytes):\n new      ...%r...\n baseline ...%r..."
            % (path, at, len(new), len(old), new[lo:at + CONTEXT],
               old[lo:at + CONTEXT]))


def without_cursor(body):
    return CURSOR.sub(rb'\1"', body, count=1)


def next_path(path, body):
    """The path of the next page of a list, or None."""
    try:
        doc = json.loads(body)
    except ValueError:
        return None
    cursor = doc.get("nextCursor") if isinstance(doc, dict) else None
    if not isinstance(cursor, str) or not cursor:
        return None
    u = urllib.parse.urlsplit(path)
    query = [(k, v) for k, v in urllib.parse.parse_qsl(u.query)
             if k != "cursor"] + [("cursor", cursor)]
    return u.path + "?" + urllib.parse.urlencode(query)


def main():
    if len(sys.argv) < 5:
        fail("usage: same.py KEY NEW_BASE OLD_BASE PATH...")
    key, new_base, old_base = sys.argv[1:4]
    new, old = Client(new_base), Client(old_base)
    compared = timed = 0
    for first in sys.argv[4:]:
        path = first
        for page in range(2):
            a, b = answer(new, path, key), answer(old, path, key)
            compared += 1
            if a[0] // 100 != 2:
                fail("GET %s answered %d: %r" % (path, a[0], a[2][:300]))
            if a[:2] != b[:2]:
                fail("GET %s: the new module answered %d %s, the baseline"
                     " %d %s" % (path, a[0], a[1], b[0], b[1]))
            if a[2] != b[2]:
                if page > 0 or (without_cursor(a[2])
                                != without_cursor(b[2])):
                    fail(first_difference(path, a[2], b[2]))
                timed += 1
            path = next_path(path, a[2])
            if path is None:
                break
    print(compared, timed)


main()
