"""Changelog subscribers: bulk add and remove, normalization, counts,
contacts kept consistent, and the import rate limit."""
import secrets

import pytest

from conftest import Org
from helpers import assert_error


def addr():
    return "s%s@example.com" % secrets.token_hex(4)


def add(org, emails, **body):
    return org.api.post("/changelogs/subscribers",
                        json=dict(body, emails=emails))


def remove(org, emails):
    return org.api.request("DELETE", "/changelogs/subscribers",
                           json={"emails": emails})


def subscribers(org):
    return dict(org.server.sql(
        "SELECT email, locale FROM changelog_subscribers WHERE org_id = %s",
        org.id))


@pytest.fixture
def fresh(server):
    """An organization of its own: imports are limited per organization."""
    return Org(server, "sub" + secrets.token_hex(3))


def test_add_normalizes_and_counts(fresh):
    a, b = addr(), addr()
    r = add(fresh, ["  " + a.upper() + " ", a, "not-an-email", b, "x@",
                    "", b + "\t"])
    assert r.status_code == 200, r.text
    assert r.json() == {"object": "changelog_subscribers_import",
                        "count": 2}
    # The bytes too: compact, as the answer has always been written.
    assert r.text == '{"object":"changelog_subscribers_import","count":2}'
    assert subscribers(fresh) == {a: "en", b: "en"}
    # Again, in another locale: the same addresses move there.
    r = add(fresh, [b.upper()], locale="de")
    assert r.json()["count"] == 1
    assert subscribers(fresh) == {a: "en", b: "de"}
    # Nothing valid: nothing done, count 0.
    assert add(fresh, ["nope"]).json()["count"] == 0


def test_contacts_follow_the_list(fresh):
    a = addr()
    r = fresh.api.post("/contacts", json={"email": a.upper(), "name": "C"})
    assert r.status_code == 201, r.text
    cid = r.json()["id"]
    assert r.json()["subscribedToChangelog"] is False
    add(fresh, [a])
    c = fresh.api.get("/contacts/" + cid).json()
    assert (c["subscribedToChangelog"],
            c["manuallyOptedOutFromChangelog"]) == (True, False)
    # No contact is made for an address without one.
    b = addr()
    add(fresh, [b])
    assert fresh.server.sql("SELECT count(*) FROM contacts WHERE org_id = %s"
                            " AND lower(email) = %s", fresh.id, b) == [(0,)]
    r = remove(fresh, [" " + a.upper(), b, addr()])
    assert r.status_code == 200, r.text
    assert r.json() == {"object": "changelog_subscribers_removal",
                        "count": 2}
    assert subscribers(fresh) == {}
    c = fresh.api.get("/contacts/" + cid).json()
    assert (c["subscribedToChangelog"],
            c["manuallyOptedOutFromChangelog"]) == (False, True)
    # A subscribed contact not on the list counts as removed too.
    fresh.server.sql("UPDATE contacts SET subscribed_to_changelog = true "
                     "WHERE org_id = %s AND id = %s", fresh.id, cid)
    assert remove(fresh, [a]).json()["count"] == 1
    assert remove(fresh, [a]).json()["count"] == 0


def test_removal_is_scoped_to_the_organization(fresh, other_org):
    a = addr()
    add(fresh, [a])
    add(other_org, [a])
    assert remove(other_org, [a]).json()["count"] == 1
    assert subscribers(fresh) == {a: "en"}


@pytest.mark.parametrize("body, code, param", [
    ({}, "missing_parameter", "emails"),
    ({"emails": []}, "invalid_parameter", "emails"),
    ({"emails": ["a@b.co"] * 1001}, "invalid_parameter", "emails"),
    ({"emails": "a@b.co"}, "invalid_parameter", "emails"),
    ({"emails": [5]}, "invalid_parameter", "emails"),
    ({"emails": ["a@b.co"], "locale": "xx"}, "invalid_parameter", "locale"),
    ({"emails": ["a@b.co"], "other": 1}, "parameter_not_supported",
     "other"),
])
def test_add_refuses_bad_input(fresh, body, code, param):
    assert_error(fresh.api.post("/changelogs/subscribers", json=body), 400,
                 code, param)
    if "locale" not in body and "other" not in body:
        assert_error(fresh.api.request("DELETE", "/changelogs/subscribers",
                                       json=body), 400, code, param)
    assert subscribers(fresh) == {}


def test_imports_are_limited_per_organization(fresh, other_org):
    # Refused imports are not counted.
    for _ in range(3):
        assert add(fresh, []).status_code == 400
    for i in range(10):
        assert add(fresh, [addr()]).status_code == 200, i
    r = add(fresh, [addr()])
    err = assert_error(r, 429, "rate_limit_exceeded", type_="rate_limit_error")
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert "10" in err["message"]
    assert len(subscribers(fresh)) == 10
    # Other organizations and removals are not held back.
    assert add(other_org, [addr()]).status_code == 200
    assert remove(fresh, [addr()]).status_code == 200
    # The window slides: imports older than a minute no longer count.
    fresh.server.sql("UPDATE changelog_subscriber_imports "
                     "SET at = at - interval '61 seconds' "
                     "WHERE org_id = %s", fresh.id)
    assert add(fresh, [addr()]).status_code == 200


def test_needs_manage_changelogs(fresh):
    viewer = fresh.client("viewer")
    assert_error(viewer.post("/changelogs/subscribers",
                             json={"emails": [addr()]}), 403,
                 "insufficient_permissions")
    assert_error(viewer.request("DELETE", "/changelogs/subscribers",
                                json={"emails": [addr()]}), 403,
                 "insufficient_permissions")
