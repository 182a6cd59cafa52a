"""Rate limits: fixed one-minute windows per key and per organization,
and per client address for requests without a key.

These tests run their own httpd with small limits.
"""
import os
import secrets
import threading
import time

import pytest
import requests

from conftest import KEY_CACHE_TTL, Client, Org, httpd
from helpers import assert_error

KEY_LIMIT = 5
ORG_LIMIT = 8
PUBLIC_LIMIT = 3


@pytest.fixture(scope="module")
def limited(database):
    with httpd(database, "FeedbackRateLimitKey %d\nFeedbackRateLimitOrg %d\n"
               "FeedbackRateLimitPublic %d"
               % (KEY_LIMIT, ORG_LIMIT, PUBLIC_LIMIT)) as s:
        yield s


def wait_for_fresh_window(seconds=10):
    """Avoids starting a sequence that takes seconds in the last seconds
    of a window."""
    if time.time() % 60 > 60 - seconds:
        time.sleep(61 - time.time() % 60)


def test_key_limit_headers_and_429(limited):
    org = Org(limited, "limited-key")
    wait_for_fresh_window()
    resets = set()
    for i in range(KEY_LIMIT):
        r = org.api.get("/boards")
        assert r.status_code == 200
        assert r.headers["X-RateLimit-Limit"] == str(KEY_LIMIT)
        assert r.headers["X-RateLimit-Remaining"] == str(KEY_LIMIT - 1 - i)
        resets.add(int(r.headers["X-RateLimit-Reset"]))
    assert len(resets) == 1
    reset = resets.pop()
    assert reset % 60 == 0 and 0 < reset - time.time() <= 60
    r = org.api.get("/boards")
    assert_error(r, 429, "rate_limit_exceeded", type_="rate_limit_error")
    assert r.headers["X-RateLimit-Remaining"] == "0"
    assert 0 < int(r.headers["Retry-After"]) <= 60
    # Errors count too, and are limited like any request.
    assert org.api.get("/boards/" + "0" * 24).status_code == 429


def test_organization_limit_spans_keys(limited):
    org = Org(limited, "limited-org")
    wait_for_fresh_window()
    second = Client(limited, limited.ctl("key", "create", org.id))
    codes = [org.api.get("/boards").status_code for _ in range(4)]
    codes += [second.get("/boards").status_code for _ in range(4)]
    assert codes == [200] * 8
    r = second.get("/boards")
    assert_error(r, 429, "rate_limit_exceeded")
    assert r.headers["X-RateLimit-Limit"] == str(ORG_LIMIT)
    # Another organization is not affected.
    other = Org(limited, "limited-other")
    assert other.api.get("/boards").status_code == 200


def test_unauthenticated_requests_show_the_address_window(limited):
    # Headers on every response: a request without a key shows its
    # address's refused-key window (FeedbackRateLimitAuthFail, default
    # 100), which it does not count.
    org = Org(limited, "limited-anon")
    seen = set()
    for _ in range(3):
        r = org.api.get("/boards", key=False)
        assert_error(r, 401, "missing_api_key")
        assert r.headers["X-RateLimit-Limit"] == "100"
        seen.add(r.headers["X-RateLimit-Remaining"])
    assert len(seen) == 1


def test_unrouted_requests_count_and_show_limits(limited):
    # 404 and 405 are counted against a good key like any request, and
    # the answer stays the route's.
    org = Org(limited, "limited-unrouted")
    wait_for_fresh_window()
    r = org.api.get("/no-such-thing")
    assert_error(r, 404, "resource_not_found")
    assert r.headers["X-RateLimit-Limit"] == str(KEY_LIMIT)
    assert r.headers["X-RateLimit-Remaining"] == str(KEY_LIMIT - 1)
    r = org.api.request("PUT", "/boards")
    assert_error(r, 405, "method_not_allowed")
    assert r.headers["X-RateLimit-Remaining"] == str(KEY_LIMIT - 2)
    assert "GET" in r.headers["Allow"]
    r = org.api.get("/boards")
    assert r.headers["X-RateLimit-Remaining"] == str(KEY_LIMIT - 3)
    # Without a key: the route's answer, with the address's window.
    r = org.api.get("/no-such-thing", key=False)
    assert_error(r, 404, "resource_not_found")
    assert r.headers["X-RateLimit-Limit"] == "100"
    r = org.api.request("PUT", "/boards", key=False)
    assert_error(r, 405, "method_not_allowed")
    assert r.headers["X-RateLimit-Limit"] == "100"
    # Once the key's limit is spent, an unknown path is 429 too.
    for _ in range(2):
        org.api.get("/boards")
    r = org.api.get("/no-such-thing")
    assert_error(r, 429, "rate_limit_exceeded")


def test_default_limits_are_shown(org):
    r = org.api.get("/boards")
    assert r.headers["X-RateLimit-Limit"] == "2000"
    assert int(r.headers["X-RateLimit-Remaining"]) < 2000


def test_requests_without_a_key_are_limited_per_address(limited):
    """Signed file URLs and unsubscribe links need no key: they are
    counted per client address, in one window for both."""
    org = Org(limited, "limited-public")
    wait_for_fresh_window()
    files = limited.base + "/v2/files/" + "a" * 32
    codes = []
    for _ in range(PUBLIC_LIMIT - 1):
        r = requests.get(files, params={"expires": "1", "signature": "00"},
                         timeout=10)
        codes.append(r.status_code)
        assert r.headers["X-RateLimit-Limit"] == str(PUBLIC_LIMIT)
    r = requests.get(limited.base + "/v2/email/unsubscribe", timeout=10)
    codes.append(r.status_code)
    assert codes == [403] * (PUBLIC_LIMIT - 1) + [400]
    assert r.headers["X-RateLimit-Remaining"] == "0"
    r = requests.get(files, timeout=10)
    assert_error(r, 429, "rate_limit_exceeded", type_="rate_limit_error")
    assert 0 < int(r.headers["Retry-After"]) <= 60
    # Requests with a key are counted by key and organization only.
    assert org.api.get("/boards").status_code == 200


AUTH_FAIL_LIMIT = 4


@pytest.fixture(scope="module")
def guarded(database):
    with httpd(database, "FeedbackRateLimitAuthFail %d\nFeedbackKeyCacheTTL 60"
               % AUTH_FAIL_LIMIT) as s:
        yield s


def made_up_key():
    alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "sk_" + "".join(secrets.choice(alnum) for _ in range(40))


def test_refused_keys_are_limited_per_address(guarded):
    """After FeedbackRateLimitAuthFail refused keys from one address in a
    minute, unknown keys are refused with 429 before any lookup; a key
    already known good is not held up, and requests without a key are
    not counted."""
    org = Org(guarded, "guarded" + secrets.token_hex(3))
    new_org = Org(guarded, "guarded" + secrets.token_hex(3))
    wait_for_fresh_window()
    assert org.api.get("/boards").status_code == 200    # now cached good
    for _ in range(3):
        r = org.api.get("/boards", key=False)
        assert_error(r, 401, "missing_api_key")
        assert r.headers["X-RateLimit-Remaining"] == str(AUTH_FAIL_LIMIT)
    # A refused key on a path nobody serves still counts: the answer is
    # the route's 404, the headers the address's window.
    r = org.api.get("/no-such-thing", key=made_up_key())
    assert_error(r, 404, "resource_not_found")
    assert r.headers["X-RateLimit-Remaining"] == str(AUTH_FAIL_LIMIT - 1)
    for i in range(1, AUTH_FAIL_LIMIT):
        r = org.api.get("/boards", key=made_up_key())
        assert_error(r, 401, "invalid_api_key")
        assert r.headers["X-RateLimit-Limit"] == str(AUTH_FAIL_LIMIT)
        assert r.headers["X-RateLimit-Remaining"] == \
            str(AUTH_FAIL_LIMIT - 1 - i)
    r = org.api.get("/boards", key=made_up_key())
    assert_error(r, 429, "rate_limit_exceeded")
    assert "failed authentications" in r.json()["error"]["message"]
    assert 0 < int(r.headers["Retry-After"]) <= 60
    # A good key the node has not seen yet is not looked up either...
    assert_error(new_org.api.get("/boards"), 429, "rate_limit_exceeded")
    # ...but the one it knows keeps working, with its own limits shown.
    r = org.api.get("/boards")
    assert r.status_code == 200
    assert r.headers["X-RateLimit-Limit"] != str(AUTH_FAIL_LIMIT)


# The flood: more refused keys from one address than the default
# FeedbackRateLimitAuthFail (100) allows in a minute.
FLOOD = 110


@pytest.fixture(scope="module")
def flooded(database):
    """The default limit of refused keys and the suite's short key cache
    (KEY_CACHE_TTL), whose entries every child forgets within a second;
    its access log names the child (%P) that served each request and
    the part of the test (X-Test) it belongs to."""
    with httpd(database, 'LogFormat "%P %>s %{X-Test}i" children\n'
               "CustomLog logs/children.log children") as s:
        yield s


def plain_get(server, key, part):
    """GET /v2/boards with key on a connection of its own, so that the
    requests of a part spread over the server's children."""
    return requests.get(server.base + "/v2/boards", timeout=30, headers={
        "Authorization": "Bearer " + key, "X-Test": part,
        "Connection": "close"})


def children_of(server, part):
    """The children (pids) that answered part's requests."""
    with open(os.path.join(server.run_dir, "logs", "children.log")) as f:
        lines = [l.split() for l in f.read().splitlines()]
    return {pid for pid, _, p in lines if p == part}


def test_refused_key_flood_never_holds_up_a_known_key(flooded):
    """A key the node has seen succeed is looked up whatever its address
    presented meanwhile: the limit of refused keys is node-wide state, as
    is what the node knows good, while each child's key cache forgets
    (issue 27, point 4: every request of the good key got 429 once its
    child had to look it up again).  A revoked key is still refused."""
    org = Org(flooded, "flood" + secrets.token_hex(3))
    revoked = flooded.ctl("key", "create", org.id)
    wait_for_fresh_window(30)
    for key in (org.key, revoked):
        assert plain_get(flooded, key, "known").status_code == 200
    time.sleep(KEY_CACHE_TTL + 0.2)     # no child's cache holds them now
    flooded.ctl("key", "revoke", revoked)

    good, stop = [], threading.Event()

    def poll(part):
        while not stop.is_set():
            good.append(plain_get(flooded, org.key, part).status_code)
            time.sleep(0.05)

    poller = threading.Thread(target=poll, args=("during",))
    poller.start()
    try:
        codes = [plain_get(flooded, made_up_key(), "flood").status_code
                 for _ in range(FLOOD)]
    finally:
        stop.set()
        poller.join()
    assert codes == [401] * 100 + [429] * (FLOOD - 100)
    # The address is over its limit now.  The good key keeps polling
    # until every child has had to look it up again (its cache forgot).
    stop.clear()
    poller = threading.Thread(target=poll, args=("after",))
    poller.start()
    time.sleep(3 * KEY_CACHE_TTL + 0.5)
    stop.set()
    poller.join()
    assert good and set(good) == {200}, good
    # Both children of the test server served it (each with a cold cache
    # at least once in the time polled).
    assert len(children_of(flooded, "after")) == 2
    # The revoked key is looked up, once, and refused; from then on it
    # is an unknown key like the flood's (once the child that refused it
    # has forgotten that it did).
    assert_error(plain_get(flooded, revoked, "revoked"), 401,
                 "invalid_api_key")
    time.sleep(KEY_CACHE_TTL + 0.2)
    assert_error(plain_get(flooded, revoked, "revoked"), 429,
                 "rate_limit_exceeded")
    assert_error(plain_get(flooded, made_up_key(), "flood"), 429,
                 "rate_limit_exceeded")
