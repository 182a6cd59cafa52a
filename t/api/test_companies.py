"""Companies: upsert, list, get, delete, and their contacts."""
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

from helpers import assert_error, CLOVER

FIELDS = {"object", "id", "companyId", "name", "monthlySpend", "industry",
          "website", "plan", "linkedUsers", "companySize", "lastActivity",
          "customFields", "createdAt", "updatedAt"}


def ext():
    return "co-" + secrets.token_hex(4)


def company(org, **body):
    return org.api.post("/companies", json=body)


def contact(org, **body):
    body.setdefault("userId", "u-" + secrets.token_hex(4))
    r = org.api.post("/contacts", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_upsert_on_company_id(org):
    e = ext()
    r = company(org, companyId=e, name="Acme", monthlySpend=99.5,
                industry="Tools", website="https://acme.example", plan="pro",
                companySize=12, customFields={"tier": "gold", "n": [1, 2]},
                createdAt="2022-05-06T07:08:09Z")
    assert r.status_code == 201, r.text
    c = r.json()
    assert set(c) == FIELDS
    assert (c["object"], c["companyId"], c["name"]) == ("company", e, "Acme")
    assert (c["monthlySpend"], c["industry"], c["plan"]) == (99.5, "Tools",
                                                             "pro")
    assert (c["website"], c["companySize"]) == ("https://acme.example", 12)
    assert c["customFields"] == {"tier": "gold", "n": [1, 2]}
    assert (c["linkedUsers"], c["createdAt"]) == (0,
                                                  "2022-05-06T07:08:09.000Z")
    assert c["lastActivity"] is None
    r = company(org, companyId=e, name="Acme Inc", customFields={"n": 3})
    assert r.status_code == 200
    d = r.json()
    assert d["id"] == c["id"] and d["name"] == "Acme Inc"
    assert d["plan"] == "pro" and d["customFields"] == {"tier": "gold",
                                                        "n": 3}
    assert org.api.get("/companies/" + c["id"]).json() == d


@pytest.mark.parametrize("body, code, param", [
    ({"name": "x"}, "missing_parameter", "companyId"),
    ({"companyId": "x"}, "missing_parameter", "name"),
    ({"companyId": "", "name": "x"}, "invalid_parameter", "companyId"),
    ({"companyId": "x" * 501, "name": "x"}, "invalid_parameter",
     "companyId"),
    ({"companyId": "x", "name": "x", "monthlySpend": "9"},
     "invalid_parameter", "monthlySpend"),
    ({"companyId": "x", "name": "x", "companySize": 1.5},
     "invalid_parameter", "companySize"),
    ({"companyId": "x", "name": "x", "createdAt": "soon"},
     "invalid_parameter", "createdAt"),
    ({"companyId": "x", "name": "x", "customFields": []},
     "invalid_parameter", "customFields"),
    ({"companyId": "x", "name": "x", "linkedUsers": 3},
     "parameter_not_supported", "linkedUsers"),
    ({"companyId": "x", "name": "x", "website": "javascript:alert(1)"},
     "invalid_parameter", "website"),
    ({"companyId": "x", "name": "x", "website": "data:text/html,<b>"},
     "invalid_parameter", "website"),
    ({"companyId": "x", "name": "x", "website": "java\tscript:x"},
     "invalid_parameter", "website"),
])
def test_bad_upserts(org, server, body, code, param):
    assert_error(company(org, **body), 400, code, param=param)
    assert server.sql("SELECT count(*) FROM companies WHERE org_id = %s "
                      "AND company_id = 'x'", org.id)[0][0] == 0


@pytest.mark.parametrize("site", ["https://acme.example", "acme.example",
                                  "acme.example:8080/about", "//acme.example"])
def test_websites_with_or_without_a_scheme(org, site):
    e = ext()
    r = company(org, companyId=e, name="Acme", website=site)
    assert r.status_code == 201, r.text
    assert r.json()["website"] == site


def test_a_contact_s_company_website_is_checked_too(org):
    r = org.api.post("/contacts", json={
        "userId": "u-" + secrets.token_hex(4),
        "companies": [{"id": ext(), "name": "Acme",
                       "website": "vbscript:msgbox"}]})
    assert_error(r, 400, "invalid_parameter", param="companies[0].website")


def test_concurrent_upserts_make_one_company(org, server):
    e = ext()

    def one(i):
        return company(org, companyId=e, name="N%d" % i).status_code

    with ThreadPoolExecutor(20) as pool:
        codes = list(pool.map(one, range(20)))
    assert codes.count(201) == 1 and codes.count(200) == 19
    assert server.sql("SELECT count(*) FROM companies WHERE org_id = %s "
                      "AND company_id = %s", org.id, e) == [(1,)]


def test_list_walk(server):
    from conftest import Org
    o = Org(server, "cos" + secrets.token_hex(3))
    server.sql("INSERT INTO companies (org_id, company_id, name, created_at)"
               " SELECT %s, 'e' || i, 'N' || i, "
               "timestamptz '2025-01-01' + i * interval '1 second' "
               "FROM generate_series(1, 23) i", o.id)
    seen, cursor = [], None
    while True:
        page = o.api.get("/companies?limit=5" + (
            "&cursor=" + cursor if cursor else "")).json()
        seen += [c["companyId"] for c in page["data"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert seen == ["e%d" % i for i in range(23, 0, -1)]


def test_link_unlink_and_company_contacts(org, server):
    co = company(org, companyId=ext(), name="Linked").json()
    a, b = contact(org, name="A"), contact(org, name="B")
    lead = server.sql("INSERT INTO contacts (org_id, name, type) VALUES "
                      "(%s, 'Lead', 'lead') RETURNING id", org.id)[0][0]
    path = "/companies/%s/contacts" % co["id"]
    for who in (a, b, {"id": lead}, a):
        r = org.api.post(path, json={"contactId": who["id"]})
        assert r.status_code == 200, r.text
        assert r.json()["object"] == "contact"
        assert r.json()["id"] == who["id"]
    assert co["id"] in [x["id"] for x in r.json()["companies"]]
    assert org.api.get("/companies/" + co["id"]).json()["linkedUsers"] == 3
    # Customers only, walked with a cursor.
    listed, cursor = [], None
    while True:
        page = org.api.get(path + "?limit=1" + (
            "&cursor=" + cursor if cursor else "")).json()
        listed += [x["id"] for x in page["data"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert listed == sorted([a["id"], b["id"]], reverse=True)
    r = org.api.request("DELETE", "%s/%s" % (path, a["id"]))
    assert r.status_code == 200 and r.json()["id"] == a["id"]
    assert r.json()["companies"] == []
    assert org.api.get("/companies/" + co["id"]).json()["linkedUsers"] == 2
    assert_error(org.api.request("DELETE", "%s/%s" % (path, a["id"])), 400,
                 "contact_not_attached", param="contactId")
    # Missing company or contact: 404; malformed ids: 400.
    missing = "0" * 24
    assert_error(org.api.post("/companies/%s/contacts" % missing,
                              json={"contactId": a["id"]}), 404,
                 "company_not_found", param="id")
    assert_error(org.api.post(path, json={"contactId": missing}), 404,
                 "contact_not_found", param="contactId")
    assert_error(org.api.post(path, json={}), 400, "missing_parameter",
                 param="contactId")
    assert_error(org.api.post(path, json={"contactId": "zz"}), 400,
                 "invalid_id", param="contactId")
    assert_error(org.api.request("DELETE", "%s/%s" % (path, missing)), 404,
                 "contact_not_found", param="contactId")
    assert_error(org.api.get("/companies/nope/contacts"), 400, "invalid_id",
                 param="id")


def test_concurrent_link_and_unlink_keep_linked_users_exact(org, server):
    co = company(org, companyId=ext(), name="Busy").json()
    people = [contact(org) for _ in range(20)]
    path = "/companies/%s/contacts" % co["id"]

    def pair(p):
        assert org.api.post(path, json={"contactId": p["id"]}) \
            .status_code == 200
        assert org.api.request("DELETE", "%s/%s" % (path, p["id"])) \
            .status_code == 200
        return org.api.post(path, json={"contactId": p["id"]}).status_code

    with ThreadPoolExecutor(20) as pool:
        assert set(pool.map(pair, people)) == {200}
    assert org.api.get("/companies/" + co["id"]).json()["linkedUsers"] == 20
    assert server.sql("SELECT count(*) FROM contact_companies WHERE "
                      "org_id = %s AND company_id = %s", org.id,
                      co["id"]) == [(20,)]


def test_delete_cascades_to_contacts(org):
    e = ext()
    c = contact(org, companies=[{"id": e, "name": "Doomed"},
                                {"id": e + "x", "name": "Stays"}])
    co = [x for x in c["companies"] if x["companyId"] == e][0]
    r = org.api.request("DELETE", "/companies/" + co["id"])
    assert r.json() == {"id": co["id"], "object": "company", "deleted": True}
    after = org.api.get("/contacts/" + c["id"]).json()
    assert [x["name"] for x in after["companies"]] == ["Stays"]
    assert_error(org.api.get("/companies/" + co["id"]), 404,
                 "company_not_found", param="id")
    assert_error(org.api.request("DELETE", "/companies/" + co["id"]), 404,
                 "company_not_found", param="id")
    # By external id.
    stays = after["companies"][0]
    r = org.api.request("DELETE", "/companies/by-company-id/" + e + "x")
    assert r.json() == {"id": stays["id"], "object": "company",
                        "deleted": True}
    assert org.api.get("/contacts/" + c["id"]).json()["companies"] == []
    assert_error(org.api.request("DELETE", "/companies/by-company-id/" + e),
                 404, "company_not_found", param="companyId")


def test_last_activity_follows_the_contacts(org, server):
    c = contact(org, companies=[{"id": ext(), "name": "Active"}])
    server.sql("UPDATE contacts SET last_activity = '2026-01-02T03:04:05Z' "
               "WHERE id = %s", c["id"])
    co = org.api.get("/contacts/" + c["id"]).json()["companies"][0]
    assert co["lastActivity"] == "2026-01-02T03:04:05.000Z"


def test_tenancy_permissions_versions(org, other_org):
    co = company(org, companyId=ext(), name="Mine").json()
    c = contact(org)
    for method, path, body, param in (
            ("GET", "/companies/" + co["id"], None, "id"),
            ("DELETE", "/companies/" + co["id"], None, "id"),
            ("DELETE", "/companies/by-company-id/" + co["companyId"], None,
             "companyId"),
            ("GET", "/companies/%s/contacts" % co["id"], None, "id"),
            ("POST", "/companies/%s/contacts" % co["id"],
             {"contactId": c["id"]}, "id")):
        r = other_org.api.request(method, path, json=body)
        assert_error(r, 404, "company_not_found", param=param)
    theirs = company(other_org, companyId=ext(), name="Theirs").json()
    assert_error(other_org.api.post(
        "/companies/%s/contacts" % theirs["id"], json={"contactId": c["id"]}),
        404, "contact_not_found", param="contactId")
    r = company(other_org, companyId=co["companyId"], name="Same ext")
    assert r.status_code == 201 and r.json()["id"] != co["id"]
    viewer = org.client("viewer")
    assert_error(viewer.get("/companies"), 403, "insufficient_permissions")
    assert_error(viewer.post("/companies", json={"companyId": "v",
                                                 "name": "v"}), 403,
                 "insufficient_permissions")
    for method, path in (("GET", "/companies"), ("POST", "/companies"),
                         ("GET", "/companies/" + co["id"]),
                         ("DELETE", "/companies/by-company-id/x")):
        assert_error(org.api.request(method, path, json={},
                                     headers={"Service-Version": CLOVER}),
                     404, "version_not_supported")
