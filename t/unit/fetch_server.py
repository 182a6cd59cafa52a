"""The HTTPS (and plain HTTP) server the fb_fetch unit tests talk to.

Run by t/unit/test_fetch.c as `/usr/bin/python3 fetch_server.py`.  It makes
a temporary directory, a self-signed certificate for 127.0.0.1 and
localhost in it with the openssl command, listens on two free ports of
127.0.0.1 (TLS and plain), then prints one line:

    READY <tls port> <plain port> <certificate file> <log file>

and serves until its standard input closes (so it also ends when the test
program dies), then removes the directory.  The log file gets one line per
accepted connection ("CONNECT <tls|plain>"), written before the TLS
handshake, and one per request ("GET /path"), so the tests can tell what
reached the server.

Paths:
    /ok                 200 "hello" (text/plain)
    /bytes?n=N          200 with N bytes and a Content-Length
    /chunked?n=N        200 with N bytes, chunked (no declared length)
    /redirect           302 to /ok on the same server
    /slow               answers after 10 seconds
    /status?code=N      that status, body "status N"
    /echo               200, JSON of the method, headers and body received
"""
import http.server
import json
import os
import shutil
import socketserver
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, code, body, ctype="text/plain", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _handle(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        self.server.record("%s %s" % (self.command, url.path))
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if url.path == "/ok":
            self._send(200, b"hello")
        elif url.path == "/bytes":
            self._send(200, b"x" * int(query.get("n", "0")),
                       "application/octet-stream")
        elif url.path == "/chunked":
            n = int(query.get("n", "0"))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            sent = 0
            while sent < n:
                piece = min(4096, n - sent)
                self.wfile.write(b"%x\r\n%s\r\n" % (piece, b"y" * piece))
                sent += piece
            self.wfile.write(b"0\r\n\r\n")
        elif url.path == "/redirect":
            self._send(302, b"moved", headers=[("Location", "/ok")])
        elif url.path == "/slow":
            time.sleep(10)
            self._send(200, b"late")
        elif url.path == "/status":
            code = int(query.get("code", "500"))
            self._send(code, b"status %d" % code)
        elif url.path == "/echo":
            out = {
                "method": self.command,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            }
            self._send(200, json.dumps(out).encode(), "application/json")
        else:
            self._send(404, b"not found")

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = _handle


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, name, context, log):
        self.name, self.context, self.log = name, context, log
        super().__init__(("127.0.0.1", 0), Handler)

    def record(self, line):
        with self.log["lock"]:
            self.log["file"].write(line + "\n")
            self.log["file"].flush()

    def get_request(self):
        # Logged on accept, before any TLS: a connection counts even when
        # the client gives up during the handshake.
        sock, addr = self.socket.accept()
        self.record("CONNECT " + self.name)
        return sock, addr

    def finish_request(self, request, client_address):
        if self.context is not None:
            request.settimeout(15)
            request = self.context.wrap_socket(request, server_side=True)
        super().finish_request(request, client_address)

    def handle_error(self, request, client_address):
        pass    # clients that hang up or refuse the certificate: expected


def main():
    work = tempfile.mkdtemp(prefix="fbfetch.")
    try:
        cert = os.path.join(work, "cert.pem")
        key = os.path.join(work, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
             "-subj", "/CN=localhost", "-addext",
             "subjectAltName=IP:127.0.0.1,DNS:localhost",
             "-keyout", key, "-out", cert],
            check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        log_path = os.path.join(work, "requests.log")
        log = {"file": open(log_path, "w"), "lock": threading.Lock()}
        servers = [Server("tls", context, log), Server("plain", None, log)]
        for s in servers:
            threading.Thread(target=s.serve_forever, daemon=True).start()
        print("READY %d %d %s %s" % (servers[0].server_address[1],
                                     servers[1].server_address[1],
                                     cert, log_path), flush=True)
        sys.stdin.read()        # until the test program closes it or dies
        for s in servers:
            s.shutdown()
            s.server_close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
