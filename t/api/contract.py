"""The contract check: every answer the suite receives from /v2, held
against the OpenAPI description the same server serves at
/v2/openapi.json (its status documented, its body valid against the
operation's schema, errors in the envelope, no body where none is
described).

conftest.py installs watch() on requests, so every test's traffic is
checked, and fails a test that received an answer the description does
not allow; t/api/test_sdk.py checks the official client library's
traffic the same way from the log t/sdk/compat.mjs writes.
"""
import http.client
import json
import ssl
import threading
import urllib.parse

import jsonschema
import requests

PREFIX = "/v2"


class Description:
    """One server's served description: its operations by path template
    and method, and a validator for each schema it names."""

    def __init__(self, doc):
        self.doc = doc
        self.resolver = jsonschema.RefResolver.from_schema(doc)
        self.templates = []
        for path, item in doc["paths"].items():
            segs = path.split("/")
            self.templates.append((segs, item))
        self._validators = {}
        self._lock = threading.Lock()

    def operation(self, method, path):
        """The operation of method on path, as the server routes: of the
        templates that match, the one with a literal segment where the
        others have a parameter wins, left to right.  (None, None) when
        no path matches; (template item, None) when the method does not."""
        segs = path.split("/")
        best = None
        for tsegs, item in self.templates:
            if len(tsegs) != len(segs):
                continue
            if all(t == s or (t.startswith("{") and s != "")
                   for t, s in zip(tsegs, segs)):
                rank = tuple(0 if t.startswith("{") else 1 for t in tsegs)
                if best is None or rank > best[0]:
                    best = (rank, item)
        if best is None:
            return None, None
        if method == "HEAD":
            method = "GET"
        return best[1], best[1].get(method.lower())

    def validator(self, schema):
        key = json.dumps(schema, sort_keys=True)
        with self._lock:
            v = self._validators.get(key)
            if v is None:
                v = jsonschema.Draft202012Validator(
                    schema, resolver=self.resolver,
                    format_checker=jsonschema.FormatChecker())
                self._validators[key] = v
        return v

    def check(self, method, path, status, content_type, body):
        """What is wrong with one answer (a list of sentences)."""
        item, op = self.operation(method, path)
        if op is None:
            # Unrouted (404) or a method the path lacks (405): errors.
            if status < 400:
                return ["%s %s answered %d but is not described"
                        % (method, path, status)]
            return self._body(self.doc["components"]["schemas"]["Error"],
                              method, path, status, content_type, body)
        responses = op["responses"]
        answer = responses.get(str(status))
        if answer is None and status >= 400:
            answer = responses.get("default")
        if answer is None:
            return ["%s %s answered %d, which is not described"
                    % (method, path, status)]
        content = answer.get("content")
        if content is None or method == "HEAD":
            if body:
                return ["%s %s answered %d with a body where none is "
                        "described" % (method, path, status)]
            return []
        media = (content_type or "").split(";")[0].strip()
        described = media if media in content else next(
            (m for m in sorted(content) if m == "*/*"
             or (m.endswith("/*") and media.startswith(m[:-1]))), None)
        if described is None:
            return ["%s %s answered %d as %r, described as %s"
                    % (method, path, status, media, sorted(content))]
        schema = content[described].get("schema")
        if media != "application/json" or schema is None:
            return []
        return self._body(schema, method, path, status, content_type, body)

    def _body(self, schema, method, path, status, content_type, body):
        try:
            value = json.loads(body)
        except ValueError:
            return ["%s %s answered %d with a body that is not JSON"
                    % (method, path, status)]
        out = []
        for e in self.validator(schema).iter_errors(value):
            where = "/".join(str(p) for p in e.absolute_path) or "(root)"
            out.append("%s %s %d at %s: %s" % (method, path, status, where,
                                               e.message[:300]))
            if len(out) >= 5:
                break
        return out


_descriptions = {}
_lock = threading.Lock()
_original = requests.Session.request
violations = []


# The address the check reads descriptions from: not the tests' own, so
# that reading one never uses an allowance a test counts per address.
CHECK_ADDRESS = "127.0.0.2"


def _fetch(origin):
    parts = urllib.parse.urlsplit(origin)
    if parts.scheme == "https":
        conn = http.client.HTTPSConnection(
            parts.hostname, parts.port, timeout=30,
            source_address=(CHECK_ADDRESS, 0),
            context=ssl._create_unverified_context())
    else:
        conn = http.client.HTTPConnection(
            parts.hostname, parts.port, timeout=30,
            source_address=(CHECK_ADDRESS, 0))
    try:
        conn.request("GET", PREFIX + "/openapi.json")
        r = conn.getresponse()
        body = r.read()
        if r.status == 404:
            # Where the module serves /v2 the description is always
            # there: this origin (a plain vhost) serves no API.
            return None
        if r.status != 200:
            raise ValueError("answered %d" % r.status)
        return json.loads(body)
    finally:
        conn.close()


def description(origin):
    """The description served by origin (scheme://host:port), fetched
    once; None where the module serves no /v2 (a plain vhost)."""
    with _lock:
        if origin in _descriptions:
            return _descriptions[origin]
    doc = _fetch(origin)
    d = Description(doc) if doc is not None else None
    with _lock:
        _descriptions[origin] = d
    return d


def server_path(raw):
    """The path as httpd routes it: decoded, slashes merged, dot
    segments removed."""
    segs = []
    for seg in urllib.parse.unquote(raw).split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if segs:
                segs.pop()
            continue
        segs.append(seg)
    return "/" + "/".join(segs)


def check_answer(method, url, status, content_type, body):
    """Records what is wrong with one answer from url in `violations`."""
    parts = urllib.parse.urlsplit(url)
    path = server_path(parts.path)
    if not (path == PREFIX or path.startswith(PREFIX + "/")):
        return
    origin = "%s://%s" % (parts.scheme, parts.netloc)
    try:
        d = description(origin)
        found = d.check(method.upper(), path, status, content_type,
                        body) if d is not None else []
    except (OSError, ValueError) as e:
        found = ["%s %s: the description could not be read: %s"
                 % (method, path, e)]
    if found:
        with _lock:
            violations.extend(found)


def _watched(self, method, url, *args, **kwargs):
    response = _original(self, method, url, *args, **kwargs)
    if not kwargs.get("stream"):
        check_answer(method, response.url or url, response.status_code,
                     response.headers.get("Content-Type"),
                     response.content)
    return response


def watch():
    requests.Session.request = _watched


def take():
    """The violations recorded since the last call."""
    with _lock:
        out = list(violations)
        del violations[:]
    return out
