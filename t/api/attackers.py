"""Attackers for the tenant-isolation suite (t/api/test_tenants.py), run
as a program of their own (helpers.Attack starts it), so that their work
never shares the measuring process's interpreter lock: the spec comes as
JSON on standard input; the program prints "ready" once its connections
are up (or 5 s have passed), attacks 127.0.0.1 until the spec's deadline,
then prints, as JSON, every answer it received, and exits.  Every attack
stops by itself at its deadline, and a connection still waiting then is
counted "unfinished".

Two kinds:

  slow      raw sockets, each sending its request's head at once and the
            rest at a trickle (a body after complete headers, or the
            headers themselves), all in one poll loop; a connection that
            is answered or cut is counted by what it got (the status of
            the answer's first line, "closed" without one, "reset") and
            opened again after `reconnect` seconds, so the count of
            attackers stays up.  What is due is sent by the clock (rate x
            time since the connection began), so a late tick never slows
            a sender below its rate.
  requests  clients on persistent http.client connections, each cycling
            through the spec's requests as fast as they are answered, or
            together at the pace of `schedule` ([count, per second], ...,
            the last one lasting until the deadline); a request whose
            key is null gets a new made-up, well-formed sk_ key.
"""
import errno
import http.client
import json
import os
import resource
import secrets
import selectors
import socket
import sys
import threading
import time
from collections import Counter

HOST = "127.0.0.1"
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def made_up_key():
    return "sk_" + "".join(secrets.choice(ALNUM) for _ in range(40))


class Tally:
    """What the attackers received, and after how long (seconds from a
    connection's start to its answer, by answer)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = Counter()
        self.waits = {}

    def add(self, status, waited=None):
        with self.lock:
            self.statuses[str(status)] += 1
            if waited is not None:
                self.waits.setdefault(str(status), []).append(waited)

    def report(self, **more):
        with self.lock:
            return self._report(**more)

    def _report(self, **more):
        waits = {k: round(sorted(v)[len(v) // 2], 3)
                 for k, v in self.waits.items()}
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return dict(statuses=dict(self.statuses), median_wait_s=waits,
                    cpu_s=round(usage.ru_utime + usage.ru_stime, 2), **more)


def status_of(data):
    """The status of an answer's first line, or None."""
    line = data.split(b"\r\n", 1)[0].split()
    if len(line) >= 2 and line[0].startswith(b"HTTP/") and line[1].isdigit():
        return int(line[1])
    return None


class Slot:
    """One slow client: its request and the connection it is on."""

    def __init__(self, head, rest):
        self.head, self.rest = head, rest
        self.sock = None
        self.state = "idle"     # or connecting, sending (all of it, maybe)
        self.began = 0.0
        self.sent = 0
        self.got = b""


def slow(spec, tally, ready):
    port, deadline = spec["port"], spec["deadline"]
    rate, tick = spec["rate"], spec["tick"]
    reconnect = spec.get("reconnect", 1.0)
    reqs = [(r[0].encode(), r[1].encode()) for r in spec["requests"]]
    slots = [Slot(*reqs[i % len(reqs)]) for i in range(spec["connections"])]
    sel = selectors.DefaultSelector()
    reopen = [(0.0, s) for s in slots]      # (when, slot)
    opened = 0
    connected_once = set()

    def finish(slot, what, now):
        if slot.sock is not None:
            sel.unregister(slot.sock)
            slot.sock.close()
            slot.sock = None
        tally.add(what, round(now - slot.began, 3) if slot.began else None)
        slot.state = "idle"
        reopen.append((now + reconnect, slot))

    def start(slot, now):
        nonlocal opened
        s = socket.socket()
        s.setblocking(False)
        err = s.connect_ex((HOST, port))
        if err not in (0, errno.EINPROGRESS):
            s.close()
            tally.add("connect-failed")
            reopen.append((now + reconnect, slot))
            return
        opened += 1
        slot.sock, slot.state, slot.began = s, "connecting", now
        slot.sent, slot.got = 0, b""
        sel.register(s, selectors.EVENT_WRITE | selectors.EVENT_READ, slot)

    def trickle(slot, now):
        due = min(len(slot.rest), int(rate * (now - slot.began)))
        if due <= slot.sent:
            return
        try:
            slot.sent += slot.sock.send(slot.rest[slot.sent:due])
        except BlockingIOError:
            pass
        except OSError:
            finish(slot, "reset", now)

    next_tick = time.monotonic()
    while True:
        now = time.monotonic()
        if now >= deadline:
            break
        if not ready.is_set() and (len(connected_once) == len(slots)
                                   or now > spec["started"] + 5):
            ready.set()
        due = [x for x in reopen if x[0] <= now]
        reopen[:] = [x for x in reopen if x[0] > now]
        for _, slot in due:
            start(slot, now)
        if now >= next_tick:
            for slot in slots:
                if slot.state == "sending":
                    trickle(slot, now)
            next_tick = max(next_tick + tick, now + tick / 10)
        wake = min([next_tick, deadline] + [x[0] for x in reopen])
        for key, events in sel.select(max(0.0, wake - time.monotonic())):
            slot = key.data
            now = time.monotonic()
            if slot.state == "connecting":
                err = slot.sock.getsockopt(socket.SOL_SOCKET,
                                           socket.SO_ERROR)
                if err:
                    finish(slot, "connect-failed", now)
                    continue
                try:
                    slot.sock.send(slot.head)   # a few hundred bytes
                except OSError:
                    finish(slot, "reset", now)
                    continue
                connected_once.add(id(slot))
                slot.state, slot.began = "sending", now
                sel.modify(slot.sock, selectors.EVENT_READ, slot)
                continue
            try:
                data = slot.sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                finish(slot, status_of(slot.got) or "reset", now)
                continue
            if data:
                slot.got += data
                if b"\r\n" in slot.got:
                    finish(slot, status_of(slot.got) or "garbled", now)
            else:
                finish(slot, status_of(slot.got) or "closed", now)
    for slot in slots:
        if slot.sock is not None:
            sel.unregister(slot.sock)
            slot.sock.close()
            tally.add("unfinished")
    return dict(connections_opened=opened)


def requests(spec, tally, ready):
    port, deadline = spec["port"], spec["deadline"]
    reqs = spec["requests"]
    pace = threading.Lock()
    schedule = [list(s) for s in spec.get("schedule") or []]
    next_send = [time.monotonic()]
    busy = Counter()

    def wait_turn():
        """Sleeps until this client's next request is due (schedule);
        False when the deadline comes first."""
        if not schedule:
            return time.monotonic() < deadline
        with pace:
            when = next_send[0]
            count, per_second = schedule[0]
            next_send[0] = max(when + 1.0 / per_second, time.monotonic())
            if count is not None:
                schedule[0][0] -= 1
                if schedule[0][0] <= 0 and len(schedule) > 1:
                    schedule.pop(0)
        if when >= deadline:
            return False
        time.sleep(max(0.0, when - time.monotonic()))
        return True

    def client(n):
        conn, i = None, n
        while wait_turn():
            r = reqs[i % len(reqs)]
            i += 1
            key = r.get("key") or made_up_key()
            body = json.dumps(r["body"]) if "body" in r else None
            headers = {"Authorization": "Bearer " + key}
            if body is not None:
                headers["Content-Type"] = "application/json"
            t0 = time.monotonic()
            busy[n] = 1
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(
                        HOST, port, timeout=spec.get("timeout", 30))
                conn.request(r.get("method", "GET"), r["path"], body,
                             headers)
                resp = conn.getresponse()
                resp.read()
                tally.add(resp.status, time.monotonic() - t0)
                if resp.will_close:
                    conn.close()
                    conn = None
            except socket.timeout:
                tally.add("timeout", time.monotonic() - t0)
                conn.close()
                conn = None
            except (OSError, http.client.HTTPException):
                tally.add("closed", time.monotonic() - t0)
                if conn is not None:
                    conn.close()
                conn = None
                time.sleep(0.05)
            busy[n] = 0

    threads = [threading.Thread(target=client, args=(n,), daemon=True)
               for n in range(spec["clients"])]
    for t in threads:
        t.start()
    ready.set()
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()) + 2)
    # Requests still waiting for their answer are left behind.
    left = sum(busy.values())
    if left:
        with tally.lock:
            tally.statuses["unfinished"] += left
    return {}


def main():
    spec = json.loads(sys.stdin.read())
    os.nice(spec.get("nice", 0))
    spec["started"] = time.monotonic()
    spec["deadline"] = spec["started"] + spec["seconds"]
    tally, ready = Tally(), threading.Event()

    def say_ready():
        ready.wait(spec["seconds"])
        sys.stdout.write("ready\n")
        sys.stdout.flush()

    threading.Thread(target=say_ready, daemon=True).start()
    more = {"slow": slow, "requests": requests}[spec["kind"]](
        spec, tally, ready)
    ready.set()
    time.sleep(0.05)
    sys.stdout.write(json.dumps(tally.report(**more)) + "\n")
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
