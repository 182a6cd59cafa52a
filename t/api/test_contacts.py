"""Contacts: upsert, list, get, delete, block, email preferences."""
import base64
import hashlib
import hmac
import json
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

from helpers import assert_error, CLOVER

FIELDS = {"object", "id", "userId", "organizationId", "companies", "email",
          "name", "profilePicture", "commentsCreated", "postsCreated",
          "lastActivity", "subscribedToChangelog",
          "manuallyOptedOutFromChangelog", "roles", "locale", "verified",
          "type", "description", "customFields", "isBlocked", "phone"}


def uid():
    return "u-" + secrets.token_hex(4)


def upsert(org, **body):
    return org.api.post("/contacts", json=body)


def test_create_then_update_by_user_id(org):
    u = uid()
    r = upsert(org, userId=u, email="Ann@X.example", name="Ann",
               profilePicture="https://img.example/a.png", locale="de",
               phone="+49 1", roles=["r1", "r2"],
               customFields={"plan": "pro", "seats": 3, "tags": ["a", 1]},
               subscribedToChangelog=True,
               createdAt="2024-02-03T04:05:06Z")
    assert r.status_code == 201, r.text
    c = r.json()
    assert set(c) == FIELDS
    assert c["object"] == "contact" and c["type"] == "customer"
    assert (c["userId"], c["email"], c["name"]) == (u, "Ann@X.example",
                                                    "Ann")
    assert c["organizationId"] == org.id
    assert c["profilePicture"] == "https://img.example/a.png"
    assert (c["locale"], c["phone"], c["roles"]) == ("de", "+49 1",
                                                     ["r1", "r2"])
    assert c["customFields"] == {"plan": "pro", "seats": 3, "tags": ["a", 1]}
    assert c["subscribedToChangelog"] is True
    assert c["verified"] is False and c["isBlocked"] is False
    assert (c["postsCreated"], c["commentsCreated"]) == (0, 0)
    assert c["companies"] == []
    # Only what is given changes; custom fields merge; null clears phone
    # and the picture.
    r = upsert(org, userId=u, name="Ann B", customFields={"seats": 4},
               phone=None, profilePicture=None)
    assert r.status_code == 200, r.text
    d = r.json()
    assert d["id"] == c["id"] and d["name"] == "Ann B"
    assert d["email"] == "Ann@X.example" and d["locale"] == "de"
    assert d["customFields"] == {"plan": "pro", "seats": 4, "tags": ["a", 1]}
    assert d["phone"] is None and d["profilePicture"] is None
    assert org.api.get("/contacts/" + c["id"]).json() == d


def test_null_means_not_given(org):
    """Null on an optional field is "not given": a first contact with
    companies null has none (the null once reached SQL as a JSON scalar:
    500), and nulls on an existing contact change nothing."""
    u = uid()
    r = upsert(org, email=u + "@x.example", companies=None)
    assert r.status_code == 201, r.text
    assert r.json()["companies"] == []
    r = upsert(org, userId=u, email=u + "@x.example", name="Nia",
               locale="fr", roles=["r"], customFields={"k": 1},
               subscribedToChangelog=True,
               companies=[{"id": "co-" + u, "name": "Co"}])
    assert r.status_code == 200, r.text
    before = r.json()
    r = upsert(org, userId=u, email=None, name=None, locale=None, roles=None,
               customFields=None, subscribedToChangelog=None,
               companies=None, createdAt=None, userHash=None)
    assert r.status_code == 200, r.text
    after = r.json()
    for field in ("id", "email", "name", "locale", "roles", "customFields",
                  "subscribedToChangelog"):
        assert after.get(field) == before.get(field), field
    assert [c["companyId"] for c in after["companies"]] == ["co-" + u]


def test_email_match_takes_the_user_id_and_makes_a_customer(org, server):
    lead = server.sql("INSERT INTO contacts (org_id, name, email, type) "
                      "VALUES (%s, 'L', 'lead@x.example', 'lead') "
                      "RETURNING id", org.id)[0][0]
    u = uid()
    r = upsert(org, userId=u, email="LEAD@x.example")
    assert r.status_code == 200, r.text
    assert r.json()["id"] == lead
    assert (r.json()["type"], r.json()["userId"]) == ("customer", u)


def test_email_match_skips_contacts_with_another_user_id(org):
    first = upsert(org, userId=uid(), email="twin@x.example").json()
    r = upsert(org, userId=uid(), email="twin@x.example")
    assert r.status_code == 201
    assert r.json()["id"] != first["id"]


def test_user_id_wins_over_email(org):
    a = upsert(org, userId=uid(), email="a@win.example").json()
    b = upsert(org, email="b@win.example").json()
    r = upsert(org, userId=a["userId"], email="b@win.example")
    assert r.status_code == 200 and r.json()["id"] == a["id"]
    assert org.api.get("/contacts/" + b["id"]).json()["email"] == \
        "b@win.example"


def test_email_only_upsert(org):
    r = upsert(org, email="solo@x.example")
    assert r.status_code == 201
    c = r.json()
    # No userId: left out, never null (decisions.md's output rule).
    assert c["name"] == "solo" and "userId" not in c
    r = upsert(org, email="SOLO@x.example", name="Solo")
    assert r.status_code == 200 and r.json()["id"] == c["id"]
    assert r.json()["name"] == "Solo"


def test_embedded_companies_are_upserted_and_added(org):
    ext = "co-" + secrets.token_hex(3)
    u = uid()
    r = upsert(org, userId=u, companies=[
        {"id": ext, "name": "Acme", "monthlySpend": 500, "plan": "pro",
         "industry": "Tools", "website": "https://acme.example",
         "companySize": 40, "customFields": {"tier": "gold"},
         "createdAt": "2023-01-01T00:00:00Z"}])
    assert r.status_code == 201, r.text
    [co] = r.json()["companies"]
    assert (co["object"], co["companyId"], co["name"]) == ("company", ext,
                                                           "Acme")
    assert (co["monthlySpend"], co["plan"], co["companySize"]) == (500,
                                                                   "pro", 40)
    assert co["linkedUsers"] == 1
    assert co["createdAt"] == "2023-01-01T00:00:00.000Z"
    ext2 = "co-" + secrets.token_hex(3)
    r = upsert(org, userId=u, companies=[{"id": ext2, "name": "Beta"},
                                         {"id": ext, "name": "Acme 2"}])
    assert r.status_code == 200
    names = sorted(c["name"] for c in r.json()["companies"])
    assert names == ["Acme 2", "Beta"]
    # Another contact joins Acme: it counts two.
    r = upsert(org, userId=uid(), companies=[{"id": ext, "name": "Acme 2"}])
    assert r.json()["companies"][0]["linkedUsers"] == 2


def secret_org(server):
    from conftest import Org
    o = Org(server, "idv" + secrets.token_hex(3))
    server.sql("UPDATE organizations SET identity_secret = 's3cret' "
               "WHERE id = %s", o.id)
    return o


def mac(text):
    return hmac.new(b"s3cret", text.encode(), hashlib.sha256).hexdigest()


def test_user_hash(server):
    o = secret_org(server)
    u = uid()
    assert_error(upsert(o, userId=u, userHash=mac("other")), 403,
                 "forbidden", param="userHash")
    assert o.api.get("/contacts").json()["data"] == []
    r = upsert(o, userId=u, userHash=mac(u).upper())
    assert r.status_code == 201 and r.json()["verified"] is True
    # Without a userId the hash signs the email.
    r = upsert(o, email="e@x.example", userHash=mac("e@x.example"))
    assert r.status_code == 201 and r.json()["verified"] is True
    # No hash: accepted, not verified.
    assert upsert(o, userId=uid()).json()["verified"] is False
    assert_error(upsert(o, userId=uid(), companies=[
        {"id": "c1", "name": "C", "companyHash": mac("c2")}]), 403,
        "forbidden", param="companies[0].companyHash")
    assert upsert(o, userId=uid(), companies=[
        {"id": "c1", "name": "C", "companyHash": mac("c1")}]).status_code \
        == 201


def test_hashes_are_not_checked_without_a_secret(org):
    r = upsert(org, userId=uid(), userHash="0" * 64)
    assert r.status_code == 201 and r.json()["verified"] is False


@pytest.mark.parametrize("body, code, param", [
    ({}, "missing_parameter", "userId"),
    ({"name": "x"}, "missing_parameter", "userId"),
    ({"email": "not-an-email"}, "invalid_parameter", "email"),
    ({"email": "a@b.example" + "x" * 490}, "invalid_parameter", "email"),
    ({"userId": "x" * 501}, "invalid_parameter", "userId"),
    ({"userId": "u", "name": "x" * 501}, "invalid_parameter", "name"),
    ({"userId": "u", "phone": "x" * 501}, "invalid_parameter", "phone"),
    ({"userId": "u", "userHash": "x" * 257}, "invalid_parameter",
     "userHash"),
    ({"userId": "u", "locale": "x" * 11}, "invalid_parameter", "locale"),
    ({"userId": "u", "roles": ["r"] * 101}, "invalid_parameter", "roles"),
    ({"userId": "u", "companies": [{"id": "c", "name": "n"}] * 101},
     "invalid_parameter", "companies"),
    ({"userId": "u", "companies": [{"name": "n"}]}, "missing_parameter",
     "companies[0].id"),
    ({"userId": "u", "companies": [{"id": "c"}]}, "missing_parameter",
     "companies[0].name"),
    ({"userId": "u", "companies": [{"id": "c", "name": "n",
                                    "companySize": -1}]},
     "invalid_parameter", "companies[0].companySize"),
    ({"userId": "u", "customFields": {"a": {"b": 1}}}, "invalid_parameter",
     "customFields"),
    ({"userId": "u", "profilePicture": "javascript:alert(1)"},
     "invalid_parameter", "profilePicture"),
    ({"userId": "u", "createdAt": "yesterday"}, "invalid_parameter",
     "createdAt"),
    ({"userId": "u", "subscribedToChangelog": "yes"}, "invalid_parameter",
     "subscribedToChangelog"),
    ({"userId": "u", "isBlocked": True}, "parameter_not_supported",
     "isBlocked"),
])
def test_bad_upserts(org, body, code, param):
    assert_error(upsert(org, **body), 400, code, param=param)


def test_limits_at_the_edge_are_accepted(org):
    r = upsert(org, userId="x" * 500, name="n" * 500, phone="p" * 500,
               locale="l" * 10, roles=["r"] * 100,
               companies=[{"id": "edge%d" % i, "name": "n"}
                          for i in range(100)])
    assert r.status_code == 201, r.text
    assert len(r.json()["companies"]) == 100


def test_concurrent_upserts_of_one_user_make_one_contact(org, server):
    u = uid()

    def one(i):
        return upsert(org, userId=u, email="race@x.example",
                      name="N%d" % i).status_code

    with ThreadPoolExecutor(20) as pool:
        codes = list(pool.map(one, range(20)))
    assert codes.count(201) == 1 and codes.count(200) == 19
    assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s "
                      "AND user_id = %s", org.id, u) == [(1,)]


def test_concurrent_email_only_upserts_make_one_contact(org, server):
    def one(i):
        return upsert(org, email="RaceMail@x.example").status_code

    with ThreadPoolExecutor(20) as pool:
        codes = list(pool.map(one, range(20)))
    assert codes.count(201) == 1
    assert server.sql("SELECT count(*) FROM contacts WHERE org_id = %s "
                      "AND lower(email) = 'racemail@x.example'",
                      org.id) == [(1,)]


def test_list_by_type_and_cursor(server):
    from conftest import Org
    o = Org(server, "list" + secrets.token_hex(3))
    server.sql("INSERT INTO contacts (org_id, name, type, created_at) "
               "SELECT %s, 'C' || i, CASE WHEN i %% 3 = 0 THEN 'lead' "
               "ELSE 'customer' END, "
               "timestamptz '2025-01-01' + i * interval '1 second' "
               "FROM generate_series(1, 30) i", o.id)

    def walk(query):
        seen, cursor = [], None
        while True:
            page = o.api.get("/contacts?limit=7" + query + (
                "&cursor=" + cursor if cursor else "")).json()
            assert page["object"] == "list"
            seen += [c["name"] for c in page["data"]]
            cursor = page["nextCursor"]
            if not cursor:
                return seen

    every = ["C%d" % i for i in range(30, 0, -1)]
    assert walk("") == [n for n in every if int(n[1:]) % 3]
    assert walk("&contactType=customer") == walk("")
    assert walk("&contactType=lead") == [n for n in every
                                         if int(n[1:]) % 3 == 0]
    assert walk("&contactType=all") == every
    assert_error(o.api.get("/contacts?contactType=admin"), 400,
                 "invalid_parameter", param="contactType")
    bad = base64.urlsafe_b64encode(b"brands.createdAt.desc|1|" + b"a" * 24)
    assert_error(o.api.get("/contacts?cursor=" + bad.decode().rstrip("=")),
                 400, "invalid_cursor", param="cursor")


def test_get_and_delete_by_user_id_are_for_customers(org, server):
    u = uid()
    c = upsert(org, userId=u, name="ById").json()
    r = org.api.get("/contacts/by-user-id/" + u)
    assert r.status_code == 200 and r.json()["id"] == c["id"]
    server.sql("UPDATE contacts SET type = 'lead' WHERE id = %s", c["id"])
    assert_error(org.api.get("/contacts/by-user-id/" + u), 404,
                 "contact_not_found", param="userId")
    assert_error(org.api.request("DELETE", "/contacts/by-user-id/" + u),
                 404, "contact_not_found", param="userId")
    # By id, leads are found.
    assert org.api.get("/contacts/" + c["id"]).json()["type"] == "lead"
    server.sql("UPDATE contacts SET type = 'customer' WHERE id = %s",
               c["id"])
    r = org.api.request("DELETE", "/contacts/by-user-id/" + u)
    assert r.json() == {"id": c["id"], "object": "contact", "deleted": True}
    assert_error(org.api.get("/contacts/" + c["id"]), 404,
                 "contact_not_found", param="id")


def test_block_and_unblock(org):
    c = upsert(org, email="blocky@x.example").json()
    r = org.api.post("/contacts/%s/block" % c["id"])
    assert r.status_code == 200
    assert r.json() == {"id": c["id"], "object": "contact", "blocked": True}
    assert org.api.get("/contacts/" + c["id"]).json()["isBlocked"] is True
    r = org.api.post("/contacts/%s/unblock" % c["id"])
    assert r.json() == {"id": c["id"], "object": "contact",
                        "unblocked": True}
    assert org.api.get("/contacts/" + c["id"]).json()["isBlocked"] is False
    assert_error(org.api.post("/contacts/%s/block" % ("0" * 24)), 404,
                 "contact_not_found", param="id")
    assert_error(org.api.post("/contacts/nope/block"), 400, "invalid_id",
                 param="id")


def test_delete_anonymizes_posts_and_removes_votes(org, server):
    board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                       "(%s, 'Del') RETURNING id", org.id)[0][0]
    c = upsert(org, userId=uid(), email="gone@x.example").json()
    post = org.api.post("/posts", json={
        "title": "Kept post", "boardId": board,
        "author": {"id": c["id"]}}).json()
    other = org.api.post("/posts", json={"title": "Voted post",
                                         "boardId": board,
                                         "upvotes": 0}).json()
    assert org.api.post("/posts/%s/voters" % other["id"],
                        json={"id": c["id"]}).status_code in (200, 201)
    assert org.api.get("/posts/" + other["id"]).json()["upvotes"] == 1
    server.sql("INSERT INTO email_outbox (org_id, kind, recipient, subject, "
               "body_html, body_text) VALUES (%s, 'x', 'GONE@x.example', "
               "'s', 'h', 't')", org.id)
    co = "co-" + secrets.token_hex(3)
    upsert(org, userId=c["userId"], companies=[{"id": co, "name": "Co"}])
    assert org.api.post("/changelogs/subscribers", json={
        "emails": ["Gone@X.example", "stays@x.example"]}).json()["count"] == 2
    r = org.api.request("DELETE", "/contacts/" + c["id"])
    assert r.json() == {"id": c["id"], "object": "contact", "deleted": True}
    kept = org.api.get("/posts/" + post["id"]).json()
    assert kept["title"] == "Kept post" and kept["author"] is None
    assert org.api.get("/posts/" + other["id"]).json()["upvotes"] == 0
    assert server.sql("SELECT count(*) FROM post_votes WHERE contact_id = %s",
                      c["id"]) == [(0,)]
    assert server.sql("SELECT count(*) FROM email_outbox WHERE org_id = %s "
                      "AND recipient = 'GONE@x.example'", org.id) == [(0,)]
    assert server.sql("SELECT email FROM changelog_subscribers "
                      "WHERE org_id = %s AND email LIKE '%%@x.example'",
                      org.id) == [("stays@x.example",)]
    companies = org.api.get("/companies?limit=100").json()["data"]
    assert [x["linkedUsers"] for x in companies if x["companyId"] == co] \
        == [0]
    assert_error(org.api.request("DELETE", "/contacts/" + c["id"]), 404,
                 "contact_not_found", param="id")


def test_email_preferences(org, server):
    u = uid()
    c = upsert(org, userId=u, email="prefs@x.example").json()
    r = org.api.get("/contacts/%s/email-preferences" % c["id"])
    assert r.status_code == 200
    body = r.json()
    assert body["object"] == "contact_email_preferences"
    assert (body["contactId"], body["userId"], body["email"]) == \
        (c["id"], u, "prefs@x.example")
    keys = ["all", "postUpdates", "postComments", "commentReplies",
            "changelog"]
    assert list(body["preferences"]) == keys
    assert all(v == {"status": "subscribed", "effectiveStatus": "subscribed"}
               for v in body["preferences"].values())
    r = org.api.request("PATCH", "/contacts/by-user-id/%s/email-preferences"
                        % u, json={"preferences": {
                            "all": "unsubscribed",
                            "postComments": "unsubscribed"}})
    assert r.status_code == 200, r.text
    p = r.json()["preferences"]
    assert p["all"] == {"status": "unsubscribed",
                        "effectiveStatus": "unsubscribed"}
    assert p["postUpdates"] == {"status": "subscribed",
                                "effectiveStatus": "unsubscribed"}
    assert p["postComments"]["status"] == "unsubscribed"
    # Flipping 'all' back restores the stored categories.
    p = org.api.request("PATCH", "/contacts/%s/email-preferences" % c["id"],
                        json={"preferences": {"all": "subscribed",
                                              "changelog": "unsubscribed"}}
                        ).json()["preferences"]
    assert p["postUpdates"]["effectiveStatus"] == "subscribed"
    assert p["postComments"]["effectiveStatus"] == "unsubscribed"
    assert p["changelog"]["status"] == "unsubscribed"
    got = org.api.get("/contacts/" + c["id"]).json()
    assert got["manuallyOptedOutFromChangelog"] is True
    assert got["subscribedToChangelog"] is False
    for body in ({}, {"preferences": {}},
                 {"preferences": {"all": "maybe"}},
                 {"preferences": {"digest": "subscribed"}}):
        r = org.api.request("PATCH", "/contacts/%s/email-preferences"
                            % c["id"], json=body)
        assert r.status_code == 400, (body, r.text)
    lead = server.sql("INSERT INTO contacts (org_id, name, type) VALUES "
                      "(%s, 'L', 'lead') RETURNING id", org.id)[0][0]
    assert_error(org.api.get("/contacts/%s/email-preferences" % lead), 400,
                 "invalid_request", param="id")


def test_status_emails_honour_preferences(org, server):
    board = server.sql("INSERT INTO boards (org_id, name) VALUES (%s, 'E') "
                       "RETURNING id", org.id)[0][0]
    statuses = dict(server.sql("SELECT type, id FROM post_statuses "
                               "WHERE org_id = %s", org.id))
    yes = upsert(org, userId=uid(), email="yes@mail.example").json()
    no = upsert(org, userId=uid(), email="no@mail.example").json()
    org.api.request("PATCH", "/contacts/%s/email-preferences" % no["id"],
                    json={"preferences": {"postUpdates": "unsubscribed"}})
    post = org.api.post("/posts", json={"title": "Mailed", "boardId": board,
                                        "upvotes": 0}).json()
    for who in (yes, no):
        org.api.post("/posts/%s/voters" % post["id"], json={"id": who["id"]})
    r = org.api.request("PATCH", "/posts/" + post["id"], json={
        "statusId": statuses["completed"], "sendStatusUpdateEmail": True})
    assert r.status_code == 200, r.text
    sent = [m for (m,) in server.sql(
        "SELECT recipient FROM email_outbox WHERE post_id = %s", post["id"])]
    assert sent == ["yes@mail.example"]


def test_tenancy(org, other_org):
    c = upsert(org, userId=uid()).json()
    for method, path in (("GET", "/contacts/" + c["id"]),
                         ("DELETE", "/contacts/" + c["id"]),
                         ("GET", "/contacts/by-user-id/" + c["userId"]),
                         ("GET", "/contacts/%s/email-preferences" % c["id"]),
                         ("POST", "/contacts/%s/block" % c["id"])):
        r = other_org.api.request(method, path)
        assert r.status_code == 404, (method, path)
        assert r.json()["error"]["code"] == "contact_not_found"
    assert c["id"] not in [x["id"] for x in other_org.api.get(
        "/contacts?contactType=all&limit=100").json()["data"]]
    # Upserting the same userId elsewhere makes that org's own contact.
    r = upsert(other_org, userId=c["userId"])
    assert r.status_code == 201 and r.json()["id"] != c["id"]


def test_permissions_and_versions(org):
    viewer = org.client("viewer")
    assert_error(viewer.get("/contacts"), 403, "insufficient_permissions")
    assert_error(viewer.post("/contacts", json={"userId": "v"}), 403,
                 "insufficient_permissions")
    member = org.client("member")
    assert member.get("/contacts").status_code == 200
    assert member.post("/contacts", json={"userId": uid()}).status_code == 201
    for method, path in (("GET", "/contacts"), ("POST", "/contacts"),
                         ("GET", "/contacts/" + "a" * 24),
                         ("GET", "/contacts/by-user-id/x"),
                         ("POST", "/contacts/%s/block" % ("a" * 24))):
        r = org.api.request(method, path, headers={
            "Service-Version": CLOVER}, json={"userId": "x"})
        assert_error(r, 404, "version_not_supported")


# Companies and contacts as PostgreSQL built them before they were
# written in C: the answers (a survey response's user too) keep these
# bytes.
COMPANY_SQL_JSON = (
    "json_build_object("
    "'object', 'company', 'id', co.id, 'companyId', co.company_id, "
    "'name', co.name, 'monthlySpend', co.monthly_spend, "
    "'industry', co.industry, 'website', co.website, 'plan', co.plan, "
    "'linkedUsers', (SELECT count(*) FROM contact_companies l "
    "                WHERE l.org_id = co.org_id AND l.company_id = co.id), "
    "'companySize', co.company_size, "
    "'lastActivity', fb_iso(fb_company_last_activity(co.org_id, co.id, "
    "                                                co.last_activity)), "
    "'customFields', co.custom_fields, "
    "'createdAt', fb_iso(co.created_at), 'updatedAt', fb_iso(co.updated_at))")


def contact_sql_json(user_id):
    return (
        "json_build_object("
        "'object', 'contact', 'id', c.id, " + user_id
        + "'organizationId', c.org_id, "
        "'companies', COALESCE((SELECT json_agg(" + COMPANY_SQL_JSON
        + "                                     ORDER BY co.company_id) "
        "  FROM contact_companies cc JOIN companies co "
        "    ON co.org_id = cc.org_id AND co.id = cc.company_id "
        "  WHERE cc.org_id = c.org_id AND cc.contact_id = c.id), "
        "  '[]'::json), "
        "'email', c.email, 'name', c.name, "
        "'profilePicture', c.profile_picture, "
        "'commentsCreated', c.comments_created, "
        "'postsCreated', c.posts_created, "
        "'lastActivity', fb_iso(c.last_activity), "
        "'subscribedToChangelog', c.subscribed_to_changelog, "
        "'manuallyOptedOutFromChangelog', "
        "  c.manually_opted_out_from_changelog, "
        "'roles', to_json(c.roles), 'locale', c.locale, "
        "'verified', c.verified, 'type', c.type, "
        "'description', c.description, 'customFields', c.custom_fields, "
        "'isBlocked', c.is_blocked, 'phone', c.phone)")


CONTACT_SQL_JSON = ("CASE WHEN c.user_id IS NULL THEN "
                    + contact_sql_json("") + " ELSE "
                    + contact_sql_json("'userId', c.user_id, ") + " END")

PREFERENCES_SQL_JSON = (
    "json_build_object('object', 'contact_email_preferences', "
    "'contactId', c.id, 'userId', c.user_id, 'email', c.email, "
    "'preferences', fb_email_preferences_json(c.email_preferences, "
    "  c.manually_opted_out_from_changelog))")


def sql_texts(server, select, *params):
    return [r[0].encode() for r in server.sql(select, *params)]


def page_bytes(resp, objects):
    return (b'{"object":"list","data":[' + b",".join(objects)
            + b'],"nextCursor":'
            + json.dumps(resp.json()["nextCursor"]).encode() + b"}")


def test_bytes_are_those_postgres_built(server):
    """Contacts (with companies, with and without userId), companies and
    email preferences are written in C with the bytes PostgreSQL built,
    escapes and nulls included, by id and in every list."""
    from conftest import Org
    org = Org(server, "bytes" + secrets.token_hex(3))
    odd = "q\"b\\s/ t\tn\nr é日本😀 \x01"
    c = upsert(org, userId=uid(), email="odd@x.example", name=odd,
               roles=[odd, "r"], customFields={"k": odd, "n": 1.50},
               companies=[{"id": "ext-z " + odd, "name": odd,
                           "monthlySpend": 12.50, "industry": "i",
                           "website": "https://x.example", "plan": "p",
                           "companySize": 10, "customFields": {"a": [1]},
                           "createdAt": "2024-01-02T03:04:05.678Z"},
                          {"id": "ext-a", "name": "A"}]).json()
    lead = server.sql(
        "INSERT INTO contacts (org_id, name, type, email) "
        "VALUES (%s, %s, 'lead', NULL) RETURNING id", org.id, odd)[0][0]
    for i in (c["id"], lead):
        assert org.api.get("/contacts/" + i).content == sql_texts(
            server, "SELECT (" + CONTACT_SQL_JSON + ")::text FROM contacts "
            "c WHERE c.org_id = %s AND c.id = %s", org.id, i)[0]
    r = org.api.get("/contacts", params={"contactType": "all"})
    assert r.content == page_bytes(r, sql_texts(
        server, "SELECT (" + CONTACT_SQL_JSON + ")::text FROM contacts c "
        "WHERE c.org_id = %s ORDER BY c.created_at DESC, c.id DESC",
        org.id))
    companies = [co["id"] for co in c["companies"]]
    for i in companies:
        assert org.api.get("/companies/" + i).content == sql_texts(
            server, "SELECT (" + COMPANY_SQL_JSON + ")::text FROM companies "
            "co WHERE co.org_id = %s AND co.id = %s", org.id, i)[0]
        r = org.api.get("/companies/%s/contacts" % i)
        assert r.content == page_bytes(r, sql_texts(
            server, "SELECT (" + CONTACT_SQL_JSON + ")::text "
            "FROM contacts c WHERE c.org_id = %s AND c.id = %s",
            org.id, c["id"]))
    r = org.api.get("/companies")
    assert r.content == page_bytes(r, sql_texts(
        server, "SELECT (" + COMPANY_SQL_JSON + ")::text FROM companies co "
        "WHERE co.org_id = %s ORDER BY co.created_at DESC, co.id DESC",
        org.id))
    assert org.api.get("/contacts/%s/email-preferences" % c["id"]).content \
        == sql_texts(server, "SELECT (" + PREFERENCES_SQL_JSON + ")::text "
                     "FROM contacts c WHERE c.org_id = %s AND c.id = %s",
                     org.id, c["id"])[0]
