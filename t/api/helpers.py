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
