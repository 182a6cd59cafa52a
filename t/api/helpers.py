"""Assertions and constants the API tests share."""
import secrets
import time

NOVA = "2026-01-01.nova"
CLOVER = "2025-12-12.clover"


def assert_error(resp, status, code, param=None, type_=None):
    """Checks the error envelope exactly: status, type, code, param."""
    assert resp.status_code == status, resp.text
    assert resp.headers["Content-Type"].startswith("application/json")
    body = resp.json()
    assert set(body) == {"error"}
    err = body["error"]
    assert err["code"] == code, err
    assert err["status"] == status
    if type_ is not None:
        assert err["type"] == type_
    assert isinstance(err["message"], str) and err["message"]
    if param is None:
        assert "param" not in err, err
    else:
        assert err["param"] == param, err
    return err


def done_or_missing(resp, ok, code, param="id"):
    """The answer of a request racing the delete of what it names: ok,
    or 404 code (naming param) when the delete went first.  Whether it
    was done."""
    if resp.status_code == 404:
        assert_error(resp, 404, code, param=param)
        return False
    assert resp.status_code == ok, resp.text
    return True


def wait_for(check, seconds=20):
    """Polls check() until it returns a true value or seconds pass; its
    last value."""
    deadline = time.time() + seconds
    while True:
        value = check()
        if value or time.time() > deadline:
            return value
        time.sleep(0.05)


def role_key(org, server, flag):
    """A key of a new admin whose custom role has every flag but flag."""
    suffix = secrets.token_hex(3)
    role = server.sql(
        "INSERT INTO roles (org_id, name, permissions) VALUES "
        "(%s, %s, fb_builtin_permissions('owner') || "
        " jsonb_build_object(%s::text, false)) RETURNING id",
        org.id, "no-" + flag + suffix, flag)[0][0]
    admin = server.sql(
        "INSERT INTO admins (org_id, name, email, role_id) VALUES "
        "(%s, %s, %s, %s) RETURNING id", org.id, "No " + flag,
        "no-%s-%s@example.com" % (flag, suffix), role)[0][0]
    return server.ctl("key", "create", org.id, admin)


def _pg_string(s):
    """s as PostgreSQL's escape_json writes it."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
                        "\t": "\\t"}[c])
        elif ord(c) < 0x20:
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def pg_layout(value, jsonb_members=(), sep=" : ", agg_members=(),
              compact_members=()):
    """value (parsed with parse_float=Decimal) in the layout PostgreSQL's
    json_build_object and json_agg write, as bytes: {"k" : v, ...} and
    [a, b]; the members named in jsonb_members hold jsonb columns, whose
    own layout is {"k": v, ...}, those in agg_members json_object_agg's
    objects ({ "k" : v }), those in compact_members to_json's arrays
    (["a","b"]).  Resources rendered in C must keep these bytes, which
    PostgreSQL gave when it built their JSON."""
    def text(v, sep, style=None):
        if isinstance(v, dict):
            inner = ", ".join(
                _pg_string(k) + sep
                + text(x, ": " if k in jsonb_members else sep,
                       "agg" if k in agg_members
                       else "compact" if k in compact_members else None)
                for k, x in v.items())
            return "{ " + inner + " }" if style == "agg" \
                else "{" + inner + "}"
        if isinstance(v, list):
            return "[" + ("," if style == "compact" else ", ").join(
                text(x, sep) for x in v) + "]"
        if isinstance(v, str):
            return _pg_string(v)
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        return str(v)
    return text(value, sep).encode()
