"""POST /v2/help_center/articles/search: full text per locale (each with
its language's stemming), live articles by default, ranked with
highlighted passages, keyset cursors bound to their mode."""
import pytest

from helpers import assert_error

SEARCH = "/help_center/articles/search"


@pytest.fixture(scope="module")
def articles(org):
    def make(body):
        r = org.api.post("/help_center/articles", json=body)
        assert r.status_code == 200, r.text
        return r.json()["id"]
    made = {
        # "refunds" twice in the title and in the body: the best match.
        "refunds": make({"title": "Refunds and refunding",
                         "body": "<p>How refunds work: ask for a refund "
                                 "within 30 days &amp; we refund you.</p>",
                         "state": "live"}),
        "billing": make({"title": "Billing overview",
                         "body": "<p>Invoices, plans and a note on "
                                 "refunds.</p>", "state": "live"}),
        # German stemming: "Rechnungen" finds "Rechnung".
        "german": make({"title": "Plans", "state": "live",
                        "translations": {"de": {
                            "title": "Rechnungen verstehen",
                            "body": "<p>Jede Rechnung erklärt.</p>"}}}),
        "draft": make({"title": "Refunds draft", "body": "refunds"}),
    }
    for i in range(4):
        make({"title": "Paging %d" % i, "body": "pagingword number %d" % i,
              "state": "live"})
    return made


def ids(page):
    return [a["id"] for a in page["data"]]


def test_ranked_with_highlights(org, articles):
    r = org.api.post(SEARCH, json={"search": "refunds"})
    assert r.status_code == 200, r.text
    page = r.json()
    # Live articles only, the better match first.
    assert ids(page) == [articles["refunds"], articles["billing"]]
    assert page["totalCount"] == 2 and page["totalCountCapped"] is False
    top = page["data"][0]
    assert top["highlight"]["title"] == \
        "<mark>Refunds</mark> and <mark>refunding</mark>"
    assert "<mark>refunds</mark>" in top["highlight"]["body"]
    assert "&amp;" in top["highlight"]["body"]
    # Otherwise the row is the article as GET shows it.
    got = org.api.get("/help_center/articles/" + top["id"]).json()
    assert {k: v for k, v in top.items() if k != "highlight"} == got


def test_each_locale_with_its_stemming(org, articles):
    page = org.api.post(SEARCH, json={"search": "Rechnung"}).json()
    assert ids(page) == [articles["german"]]
    assert "<mark>" in page["data"][0]["highlight"]["title"] or \
        "<mark>" in page["data"][0]["highlight"]["body"]


def test_scored_in_the_default_locale_first(org):
    """An article scores as its default locale's (en) translation when
    that one has the words, whatever its other translations score; one
    that has them only in another locale scores as that translation."""
    def make(en_title, en_body, de_title, de_body):
        r = org.api.post("/help_center/articles", json={
            "title": en_title, "body": en_body, "state": "live",
            "translations": {"de": {"title": de_title, "body": de_body}}})
        assert r.status_code == 200, r.text
        return r.json()["id"]
    # Weak in English, very strong in German.
    weak = make("Zoo notes", "<p>A quokka.</p>", "Quokka Quokka Quokka",
                "<p>Quokka, quokka, quokka und quokka.</p>")
    # Good in English, no German words.
    good = make("Quokka facts", "<p>The quokka is small.</p>",
                "Tiere", "<p>Nichts davon.</p>")
    # Only in German.
    german = make("Other animals", "<p>Nothing of it.</p>", "Quokka",
                  "<p>Das Quokka.</p>")
    page = org.api.post(SEARCH, json={"search": "quokka"}).json()
    assert sorted(ids(page)[:2]) == sorted([good, german])
    assert ids(page)[2] == weak and page["totalCount"] == 3
    # Words of its German translation alone still find it.
    page = org.api.post(SEARCH, json={"search": "Tiere"}).json()
    assert ids(page) == [good]


def test_drafts_when_the_query_names_state(org, articles):
    page = org.api.post(SEARCH, json={
        "search": "refunds",
        "query": {"field": "state", "operator": "=", "value": "draft"}
    }).json()
    assert ids(page) == [articles["draft"]]
    page = org.api.post(SEARCH, json={
        "query": {"field": "state", "operator": "IN",
                  "value": ["draft", "live"]}, "limit": 100}).json()
    assert articles["draft"] in ids(page)
    # Without state: live only.
    page = org.api.post(SEARCH, json={"limit": 100}).json()
    assert articles["draft"] not in ids(page)
    assert articles["refunds"] in ids(page)


def test_cursors_page_both_modes(org, articles):
    seen, cursor = [], None
    while True:
        body = {"search": "pagingword", "limit": 1}
        if cursor:
            body["cursor"] = cursor
        page = org.api.post(SEARCH, json=body).json()
        seen += ids(page)
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert len(seen) == 4 == len(set(seen))
    # Filter mode in a sort, by cursor.
    first = org.api.post(SEARCH, json={"sort": "created_at:asc",
                                       "limit": 2}).json()
    second = org.api.post(SEARCH, json={"sort": "created_at:asc",
                                        "limit": 2,
                                        "cursor": first["nextCursor"]})
    assert second.status_code == 200
    assert not set(ids(first)) & set(ids(second.json()))
    # A cursor of one mode is refused in the other.
    r = org.api.post(SEARCH, json={"search": "pagingword", "limit": 2,
                                   "cursor": first["nextCursor"]})
    assert_error(r, 400, "invalid_cursor", param="cursor")


def test_filters_and_bad_input(org, other_org, articles):
    page = org.api.post(SEARCH, json={"query": {
        "field": "id", "operator": "=", "value": articles["billing"]}}).json()
    assert ids(page) == [articles["billing"]]
    page = org.api.post(SEARCH, json={"query": {
        "operator": "AND", "value": [
            {"field": "help_center_id", "operator": "!=", "value": "x"},
            {"field": "created_at", "operator": ">", "value": 0}]},
        "limit": 100}).json()
    assert articles["billing"] in ids(page)
    # Another organization finds nothing of these.
    assert other_org.api.post(SEARCH, json={"search": "refunds"}).json()[
        "data"] == []
    assert_error(org.api.post(SEARCH, json={"sort": "title:asc"}), 400,
                 "invalid_parameter", param="sort")
    r = org.api.post(SEARCH, json={"query": {"field": "body",
                                             "operator": "=",
                                             "value": "x"}})
    assert r.status_code == 400
    assert r.json()["error"]["param"].startswith("query")


def test_filter_by_collection(org):
    """parentId = / IN go through the collection's index (an AND's first
    such clause, docs of hc_article_search.c); the predicate still
    decides the rest: null (no collection), a second clause, !=."""
    def collection(name):
        r = org.api.post("/help_center/collections", json={"name": name})
        assert r.status_code == 200, r.text
        return r.json()["id"]

    def article(parent):
        body = {"title": "Shelved", "body": "<p>shelfword</p>",
                "state": "live"}
        if parent:
            body["parentId"] = parent
        r = org.api.post("/help_center/articles", json=body)
        assert r.status_code == 200, r.text
        return r.json()["id"]

    c1, c2 = collection("Shelf one"), collection("Shelf two")
    a1, a2, top = article(c1), article(c2), article(None)

    def found(*clauses, **extra):
        query = clauses[0] if len(clauses) == 1 else {
            "operator": "AND", "value": list(clauses)}
        r = org.api.post(SEARCH, json=dict(query=query, limit=100, **extra))
        assert r.status_code == 200, r.text
        return r.json()

    def parent(op, value):
        return {"field": "parentId", "operator": op, "value": value}

    page = found(parent("=", c1))
    assert ids(page) == [a1] and page["totalCount"] == 1
    assert set(ids(found(parent("IN", [c1, c2])))) == {a1, a2}
    assert ids(found(parent("=", c2), search="shelfword")) == [a2]
    assert ids(found(parent("=", c1), sort="updated_at:asc")) == [a1]
    unset = ids(found(parent("=", None)))
    assert top in unset and a1 not in unset and a2 not in unset
    assert ids(found(parent("=", c1), parent("=", c2))) == []
    assert ids(found(parent("IN", [c1, c2]), parent("!=", c2))) == [a1]


def test_without_a_query_as_with_one(org, articles):
    """Words without a query take the fast text set (statements planned
    once, hc_article_search.c), with one the general statements: the same
    articles in the same order, with the same totalCount, highlights and
    keys (paged one by one, each page's cursor taken by the next of its
    own kind).  The highlights are read for the rows shown only: the
    first row's highlight is the same on a page of 1 and of 100, and a
    translation that has the words is the one highlighted (the default
    locale's first)."""
    hc = org.api.get("/help_center/help_centers").json()["data"][0]["id"]
    everything = {"field": "helpCenterId", "operator": "=", "value": hc}

    def search(words, query, limit, cursor=None):
        body = {"search": words, "limit": limit}
        if query:
            body["query"] = query
        if cursor:
            body["cursor"] = cursor
        r = org.api.post(SEARCH, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    for words in ("refunds", "Rechnungen", "pagingword", "quokka",
                  "nowhere-at-all"):
        fast, general = search(words, None, 100), search(words, everything,
                                                         100)
        assert fast["data"] == general["data"], words
        assert (fast["totalCount"], fast["totalCountCapped"]) == \
            (general["totalCount"], general["totalCountCapped"])
        assert fast["nextCursor"] is None and general["nextCursor"] is None
        for page in (fast, general):
            assert all("<mark>" in (a["highlight"].get("title", "")
                                    + a["highlight"]["body"])
                       for a in page["data"]), words
        if fast["data"]:
            one = search(words, None, 1)
            assert one["data"] == fast["data"][:1]
        # One by one, by cursor, both ways.
        for query in (None, everything):
            seen, cursor = [], None
            while True:
                page = search(words, query, 1, cursor)
                seen += page["data"]
                cursor = page["nextCursor"]
                if not cursor:
                    break
            assert seen == fast["data"], (words, query)
    # A cursor of one is refused by the other (their digests differ).
    first = search("pagingword", None, 1)
    r = org.api.post(SEARCH, json={"search": "pagingword", "limit": 1,
                                   "query": everything,
                                   "cursor": first["nextCursor"]})
    assert_error(r, 400, "invalid_cursor", param="cursor")
    german = search("Rechnungen", None, 10)["data"][0]["highlight"]
    assert german["title"] == "<mark>Rechnungen</mark> verstehen"


def test_empty_page_after_a_cursor_counts_apart(org):
    """A page after a cursor that finds nothing (its rows went away since)
    says the total by the count statement, of the fast text set without a
    query and of the general one with it alike."""
    made = []
    for i in range(3):
        r = org.api.post("/help_center/articles", json={
            "title": "Vanishing %d" % i, "body": "<p>vanishword</p>",
            "state": "live"})
        assert r.status_code == 200, r.text
        made.append(r.json()["id"])
    hc = org.api.get("/help_center/help_centers").json()["data"][0]["id"]
    queries = (None, {"field": "helpCenterId", "operator": "=",
                      "value": hc})

    def search(query, cursor=None):
        body = {"search": "vanishword", "limit": 2}
        if query:
            body["query"] = query
        if cursor:
            body["cursor"] = cursor
        r = org.api.post(SEARCH, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    firsts = [search(q) for q in queries]
    assert [p["totalCount"] for p in firsts] == [3, 3]
    assert firsts[0]["data"] == firsts[1]["data"]
    last = (set(made) - set(ids(firsts[0]))).pop()
    r = org.api.request("DELETE", "/help_center/articles/" + last)
    assert r.status_code == 200, r.text
    for q, first in zip(queries, firsts):
        page = search(q, first["nextCursor"])
        assert page["data"] == [] and page["nextCursor"] is None
        assert page["totalCount"] == 2
