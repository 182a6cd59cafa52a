"""Slow clients, many at once, for the tests of t/api/test_slow_clients.py.

Runs in a process of its own (python3 slowclients.py < spec.json), one
thread over non-blocking sockets, so that hundreds of attackers do not
share the measuring client's interpreter.  Every client connects to
127.0.0.1, sends its request line, then the rest of its header and its
body at the rates the spec gives, and reads what the server answers.
When the server answers or closes, the client starts again after a pause
(a client that retries), until the spec's time is up; everything is
bounded in time and in count.  Prints one JSON object: how each attempt
ended.

The spec (JSON):

    port        the server's port
    clients     how many at once
    line        the request line, sent as soon as connected
    head        the rest of the header (ending in an empty line)
    head_rate   its bytes a second (0: at once, with the line)
    body        the body's bytes, as text (latin-1)
    body_rate   its bytes a second
    seconds     how long the attack lasts
    pause       seconds between an attempt's end and the next; none when
                absent (each client tries once)
    attempts    the most attempts in all

Each client sends what is due every tenth of a second, in a turn of its
own: a crowd of clients does not send in step.
"""
import json
import random
import selectors
import socket
import sys
import time

# Each client sends what is due every TICK, in one of SLOTS turns spread
# over it: a crowd of real clients does not send in step.
TICK = 0.1
SLOTS = 10


class Client:
    def __init__(self, spec, started):
        self.spec = spec
        self.started = started
        self.sock = None
        self.line_sent = False
        self.slot = random.randrange(SLOTS)
        self.sent = 0
        self.got = b""

    def due(self, now):
        """The bytes of head and body that should have left by now."""
        t = now - self.started
        head, body = len(self.spec["head"]), len(self.spec["body"])
        rate = self.spec["head_rate"]
        head_due = head if rate == 0 else min(head, int(t * rate))
        if head_due < head:
            return head_due
        head_time = 0 if rate == 0 else head / rate
        return head + min(body, int((t - head_time) * self.spec["body_rate"]))


def attack(spec):
    spec["head"] = spec["head"].encode("latin-1")
    spec["body"] = spec["body"].encode("latin-1")
    line = spec["line"].encode("latin-1")
    payload = memoryview(spec["head"] + spec["body"])
    # A header sent at once leaves with its line, in one packet.
    at_once = len(spec["head"]) if spec["head_rate"] == 0 else 0
    sel = selectors.DefaultSelector()
    outcomes = {}
    attempts = [0]
    end = time.time() + spec["seconds"]
    waiting = []            # (when, client) to start again

    def start(now):
        if attempts[0] >= spec["attempts"]:
            return
        attempts[0] += 1
        c = Client(spec, now)
        c.sock = socket.socket()
        c.sock.setblocking(False)
        try:
            c.sock.connect(("127.0.0.1", spec["port"]))
        except BlockingIOError:
            pass
        sel.register(c.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, c)

    def finish(c, now, outcome):
        sel.unregister(c.sock)
        c.sock.close()
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if "pause" in spec and now < end:
            waiting.append((now + spec["pause"] * (0.5 + random.random()),
                            None))

    now = time.time()
    for _ in range(spec["clients"]):
        start(now)
    next_tick = now
    turn = 0
    while True:
        now = time.time()
        if now >= end:
            break
        for key, events in sel.select(timeout=max(0, next_tick - now)):
            c = key.data
            if events & selectors.EVENT_READ:
                try:
                    chunk = c.sock.recv(65536)
                except ConnectionError:
                    finish(c, now, "reset" if not c.got
                           else c.got[9:12].decode())
                    continue
                except BlockingIOError:
                    chunk = None
                if chunk == b"":
                    finish(c, now, c.got[9:12].decode() if c.got
                           else "closed")
                    continue
                if chunk:
                    c.got += chunk
                    continue
            if events & selectors.EVENT_WRITE and not c.line_sent:
                try:
                    c.sock.sendall(line + spec["head"][:at_once])
                except OSError:
                    finish(c, now, "refused")
                    continue
                c.sent = at_once
                c.line_sent = True
                c.started = now
                sel.modify(c.sock, selectors.EVENT_READ, c)
        if time.time() < next_tick:
            continue
        next_tick += TICK / SLOTS
        turn = (turn + 1) % SLOTS
        now = time.time()
        waiting.sort(key=lambda w: w[0])
        while waiting and waiting[0][0] <= now:
            waiting.pop(0)
            start(now)
        for key in list(sel.get_map().values()):
            c = key.data
            if not c.line_sent or c.slot != turn:
                continue
            want = c.due(now)
            if want > c.sent:
                try:
                    c.sent += c.sock.send(payload[c.sent:want])
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    # The server closed while we sent: what it answered
                    # first, if anything, comes on the next read.
                    pass
    still = len(sel.get_map())
    for key in list(sel.get_map().values()):
        key.data.sock.close()
    outcomes["unfinished"] = still
    outcomes["attempts"] = attempts[0]
    return outcomes


if __name__ == "__main__":
    json.dump(attack(json.load(sys.stdin)), sys.stdout)
