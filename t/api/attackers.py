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
  requests  clients on kept-alive connections, all in one poll loop,
            each sending the spec's requests in turn as soon as its last
            one is answered, or together at the pace of `schedule`
            ([count, per second], ..., the last one lasting until the
            deadline), at most `limit` requests; a request whose key is
            null gets a new made-up, well-formed sk_ key.  A 429 is not
            waited out: the attacker is hostile, Retry-After or not.  A
            connection is renewed after `renew` answers, so that the
            clients spread over httpd's children whichever accepted
            them first (8 connections in a row may all land in the
            child B is not on, and B then keeps its pooled connections:
            luck, not isolation).
"""
import errno
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


def parse(buf):
    """A whole answer at the start of buf: (status, whether the server
    keeps the connection, what follows it), or None while incomplete."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return None
    head, lower = buf[:end], buf[:end].lower()
    at = lower.find(b"\r\ncontent-length:")
    if at < 0:
        # Not how httpd or the module answer: read to the close.
        return None
    length = int(lower[at + 17:].split(b"\r\n", 1)[0])
    if len(buf) < end + 4 + length:
        return None
    return (status_of(head) or "garbled",
            b"\r\nconnection: close" not in lower,
            buf[end + 4 + length:])


def request_bytes(r, key):
    body = json.dumps(r["body"]).encode() if "body" in r else b""
    head = "%s %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n" % (
        r.get("method", "GET"), r["path"], HOST, key)
    if body:
        head += "Content-Type: application/json\r\n"
    return (head + "Content-Length: %d\r\n\r\n" % len(body)).encode() \
        + body


class Client:
    """One client of a flood: its connection (kept alive), what it has
    read of the answer it waits for, and its next request."""

    def __init__(self, n):
        self.n, self.sock, self.buf = n, None, b""
        self.sent_at = None     # waiting for an answer since
        self.due = 0.0          # its next request may go at
        self.answers = 0        # on this connection


def requests(spec, tally, ready):
    """All clients in one poll loop, in one thread: no interpreter lock
    handed between threads, so the attack costs this machine as little
    as it can (prepared bytes out, the status and length read back)."""
    port, deadline = spec["port"], spec["deadline"]
    timeout = spec.get("timeout", 30)
    limit = spec.get("limit", 250000)
    renew = spec.get("renew", 20)
    reqs = spec["requests"]
    fixed = [request_bytes(r, r["key"]) if r.get("key") else None
             for r in reqs]
    schedule = [list(x) for x in spec.get("schedule") or []]
    next_send = time.monotonic()
    clients = [Client(n) for n in range(spec["clients"])]
    sel = selectors.DefaultSelector()
    sent = opened = 0

    def drop(c):
        if c.sock is not None:
            sel.unregister(c.sock)
            c.sock.close()
        c.sock, c.buf, c.sent_at, c.answers = None, b"", None, 0

    def turn(now):
        """When the next request may go (the schedule's pace)."""
        nonlocal next_send
        if not schedule:
            return now
        when = next_send
        count, per_second = schedule[0]
        next_send = max(when + 1.0 / per_second, now)
        if count is not None:
            schedule[0][0] -= 1
            if schedule[0][0] <= 0 and len(schedule) > 1:
                schedule.pop(0)
        return when

    def send(c, now):
        nonlocal sent, opened
        if sent >= limit:               # a bound, should time not be one
            c.due = deadline
            return
        k = sent % len(reqs)
        request = fixed[k] or request_bytes(reqs[k], made_up_key())
        try:
            if c.sock is None:
                c.sock = socket.create_connection((HOST, port), 5)
                sel.register(c.sock, selectors.EVENT_READ, c)
                opened += 1
            c.sock.sendall(request)     # small: the buffer takes it
        except OSError:
            tally.add("closed")
            drop(c)
            c.due = now + 0.05
            return
        sent += 1
        c.sent_at = now

    for c in clients:
        c.due = turn(time.monotonic())
    ready.set()
    while True:
        now = time.monotonic()
        if now >= deadline:
            break
        for c in clients:
            if c.sent_at is None and c.due <= now:
                send(c, now)
            elif c.sent_at is not None and now - c.sent_at > timeout:
                tally.add("timeout", now - c.sent_at)
                drop(c)
                c.due = turn(now)
        waits = [c.due if c.sent_at is None else c.sent_at + timeout
                 for c in clients] + [deadline]
        for key, _ in sel.select(max(0.0, min(waits) - now)):
            c = key.data
            now = time.monotonic()
            try:
                data = c.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                tally.add("closed", now - (c.sent_at or now))
                drop(c)
                c.due = max(turn(now), now + 0.05)
                continue
            c.buf += data
            answer = parse(c.buf)
            if answer is None:
                continue
            status, kept, c.buf = answer
            tally.add(status, now - c.sent_at)
            c.sent_at = None
            c.answers += 1
            if not kept or c.answers >= renew:
                drop(c)
            c.due = turn(now)
    # Requests still waiting for their answer are left behind.
    left = sum(c.sent_at is not None for c in clients)
    for c in clients:
        drop(c)
    if left:
        with tally.lock:
            tally.statuses["unfinished"] += left
    return dict(connections_opened=opened)


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
