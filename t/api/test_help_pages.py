"""The public help center's pages (an extension; help_pages.h).

An httpd of its own serves them on name-based virtual hosts, as a hosting
provider would (docs/directives.md, FeedbackHelpCenterHosts): one for
custom domains (a help center's externalDomain), one for portal URLs
whose template carries the organization in the host, one whose template
carries it in the path.  Content is written straight into the tables the
API writes (sql/038), so these tests read only what the pages show.
"""
import re
import secrets
import time
from urllib.parse import quote

import psycopg2
import pytest
import requests

from conftest import Org, error_log_lines, httpd

VHOSTS = """
<VirtualHost *>
    ServerName 127.0.0.1
</VirtualHost>
<VirtualHost *>
    ServerName help-hosting.test
    ServerAlias *.test
    FeedbackHelpCenterHosts external
    FeedbackHelpCenterCacheTTL 0
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
<VirtualHost *>
    ServerName portal.feedback.example.com
    ServerAlias *.feedback.example.com
    FeedbackHelpCenterHosts portal
    FeedbackHelpCenterCacheTTL 1
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
<VirtualHost *>
    ServerName portal.docs.example.net
    ServerAlias *.docs.example.net
    FeedbackPortalURL "https://%{org}.docs.example.net/portal/"
    FeedbackHelpCenterHosts portal
    FeedbackHelpCenterCacheTTL 0
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
<VirtualHost *>
    ServerName portals.customportal.example
    ServerAlias *.customportal.example
    FeedbackHelpCenterHosts portal
    FeedbackHelpCenterCacheTTL 0
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
<VirtualHost *>
    ServerName portal.example.org
    FeedbackPortalURL "https://portal.example.org/orgs/%{org}"
    FeedbackHelpCenterHosts portal
    FeedbackHelpCenterCacheTTL 0
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
"""

HOSTILE = "<script>alert(1)</script>\"'&"


@pytest.fixture(scope="module")
def site(database):
    with httpd(database, extra_conf=VHOSTS) as s:
        yield s
        bad = error_log_lines(s, ())
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


class Center:
    """An organization's help center, filled through its tables."""

    def __init__(self, server, name, domain, locales=("en", "de")):
        self.server, self.name = server, name
        self.org = Org(server, name)
        self.domain = domain
        self.id = server.sql("SELECT id FROM help_centers WHERE org_id = %s",
                             self.org.id)[0][0]
        server.sql("UPDATE help_centers SET external_domain = %s, "
                   "available_locales = %s, default_locale = 'en' "
                   "WHERE org_id = %s", domain, list(locales), self.org.id)
        for loc in locales:
            server.sql(
                "INSERT INTO help_center_translations (org_id, "
                "help_center_id, locale, display_name, title, description, "
                "search_placeholder) VALUES (%s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (org_id, help_center_id, locale) DO UPDATE "
                "SET display_name = EXCLUDED.display_name, "
                "title = EXCLUDED.title, description = EXCLUDED.description",
                self.org.id, self.id, loc, name + " Docs",
                "%s help (%s)" % (name, loc), "Answers for " + name,
                "Search...")

    def collection(self, names, parent=None, icon="\U0001F4DA",
                   position=None, icon_type="emoji"):
        cid = self.server.sql(
            "INSERT INTO help_center_collections (org_id, help_center_id, "
            "parent_id, icon_type, icon_value, position) VALUES "
            "(%s, %s, %s, %s, %s, %s) RETURNING id", self.org.id,
            self.id, parent, icon_type, icon, position)[0][0]
        for loc, name in names.items():
            self.server.sql(
                "INSERT INTO help_center_collection_translations (org_id, "
                "collection_id, locale, name, description, slug) VALUES "
                "(%s, %s, %s, %s, %s, fb_hc_slug(%s, %s))", self.org.id, cid,
                loc, name, "About " + name, cid, name)
        return cid

    def article(self, texts, parent=None, state="live", published=True,
                position=None):
        """texts: {locale: (title, body html)}; returns (id, {locale:
        slug})."""
        aid = self.server.sql(
            "INSERT INTO help_center_articles (org_id, help_center_id, "
            "parent_id, author_id, state, position, live_updated_at) "
            "VALUES (%s, %s, %s, %s, %s, %s, now()) RETURNING id",
            self.org.id, self.id, parent, self.org.owner_id, state,
            position)[0][0]
        slugs = {}
        for loc, (title, body) in texts.items():
            text = re.sub(r"<[^>]*>", " ", body)
            slugs[loc] = self.server.sql(
                "INSERT INTO help_center_article_translations (org_id, "
                "article_id, locale, title, description, body, body_text, "
                "live_title, live_description, live_body, live_body_text, "
                "published_at, slug) VALUES (%s, %s, %s, %s, %s, %s, %s, "
                "CASE WHEN %s THEN %s END, CASE WHEN %s THEN %s END, "
                "CASE WHEN %s THEN %s END, CASE WHEN %s THEN %s END, "
                "CASE WHEN %s THEN now() END, fb_hc_slug(%s, %s)) "
                "RETURNING slug", self.org.id, aid, loc, title,
                "Summary of " + title, body, text, published, title,
                published, "Summary of " + title, published, body,
                published, text, published, aid, title)[0][0]
        return aid, slugs

    def get(self, path, host=None, **kw):
        return requests.get(self.server.base + path, allow_redirects=False,
                            headers=dict({"Host": host or self.domain},
                                         **kw.pop("headers", {})),
                            timeout=30, **kw)


@pytest.fixture(scope="module")
def acme(site):
    c = Center(site, "acme" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3))
    c.start = c.collection({"en": "Getting started", "de": "Erste Schritte"},
                           icon="\U0001F680", position=1)
    c.account = c.collection({"en": "Your account", "de": "Ihr Konto"},
                             position=2)
    c.billing = c.collection({"en": "Billing"}, parent=c.account,
                             icon="\U0001F4B3")
    c.welcome, c.welcome_slugs = c.article(
        {"en": ("Welcome aboard", "<p>The first steps with the "
                "<strong>widgets</strong> product.</p>"),
         "de": ("Willkommen an Bord", "<p>Die ersten Schritte.</p>")},
        parent=c.start, position=1)
    c.second, c.second_slugs = c.article(
        {"en": ("Posting an idea", "<p>Open a board and write an idea "
                "about widgets.</p>")}, parent=c.start, position=2)
    c.third, c.third_slugs = c.article(
        {"en": ("Voting", "<p>Vote on ideas.</p>")}, parent=c.start,
        position=3)
    c.plan, c.plan_slugs = c.article(
        {"en": ("Changing your plan", "<p>Plans change at the next "
                "invoice.</p>")}, parent=c.billing)
    c.draft, c.draft_slugs = c.article(
        {"en": ("Secret roadmap zebra", "<p>unreleased zebra plans</p>")},
        parent=c.start, state="draft", published=False)
    # Published once, then unpublished: the live copy stays in the row,
    # the article's state says it is not public.
    c.unpublished, c.unpublished_slugs = c.article(
        {"en": ("Withdrawn giraffe", "<p>giraffe text</p>")},
        parent=c.start, state="draft", published=True)
    c.hostile, c.hostile_slugs = c.article(
        {"en": (HOSTILE, "<p>hostile title</p>")}, parent=c.account)
    return c


@pytest.fixture(scope="module")
def globex(site):
    c = Center(site, "globex" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3), locales=("en",))
    c.only = c.collection({"en": "Globex things"})
    c.art, c.slugs = c.article({"en": ("Globex widgets", "<p>Only "
                                       "globex.</p>")}, parent=c.only)
    return c


def test_home_lists_collections_with_icons_and_counts(acme):
    r = acme.get("/en/")
    assert r.status_code == 200
    assert r.headers["Content-Type"] == "text/html; charset=utf-8"
    assert r.headers["Content-Language"] == "en"
    page = r.text
    assert "<title>%s Docs</title>" % acme.name in page
    assert "<h1>%s help (en)</h1>" % acme.name in page
    assert "Getting started" in page and "Your account" in page
    assert "\U0001F680" in page
    # Welcome, Posting, Voting: the draft and the unpublished one are
    # not counted; Your account counts Billing's article too.
    assert re.search(r"Getting started</strong>.*?3 articles", page, re.S)
    assert re.search(r"Your account</strong>.*?2 articles", page, re.S)
    assert "Billing" not in page          # a sub-collection, not top level
    assert '<link rel="canonical" href="https://%s/en/">' % acme.domain \
        in page
    assert '<link rel="alternate" hreflang="de" href="https://%s/de/">' \
        % acme.domain in page


def test_root_redirects_to_the_default_locale(acme):
    r = acme.get("/")
    assert r.status_code == 302 and r.headers["Location"] == "/en/"
    r = acme.get("/de")
    assert r.status_code == 301 and r.headers["Location"] == "/de/"


def test_collection_page(acme):
    slug = acme.sql_slug = acme.server.sql(
        "SELECT slug FROM help_center_collection_translations "
        "WHERE org_id = %s AND collection_id = %s AND locale = 'en'",
        acme.org.id, acme.account)[0][0]
    r = acme.get("/en/collections/" + slug)
    assert r.status_code == 200
    page = r.text
    assert "<h1>" in page and "Your account" in page
    assert "Billing" in page and "1 article<" in page
    assert acme.hostile_slugs["en"] in page
    assert '<nav aria-label="Breadcrumb">' in page
    assert '<a href="/en/">Home</a>' in page
    assert 'hreflang="de"' in page
    # Billing is not translated into German: no German page, no switch
    # to it.
    billing = acme.server.sql(
        "SELECT slug FROM help_center_collection_translations "
        "WHERE org_id = %s AND collection_id = %s", acme.org.id,
        acme.billing)[0][0]
    page = acme.get("/en/collections/" + billing).text
    assert "Changing your plan" in page
    assert "Your account</a>" in page           # its breadcrumbs
    assert 'hreflang="de"' not in page
    assert acme.get("/de/collections/" + billing).status_code == 404


def test_article_page(acme):
    r = acme.get("/en/articles/" + acme.second_slugs["en"])
    assert r.status_code == 200
    page = r.text
    assert "<h1>Posting an idea</h1>" in page
    assert "<p>Open a board and write an idea about widgets.</p>" in page
    assert "By %s Owner \u00b7 Updated" % acme.name in page
    assert re.search(r'Updated <time datetime="\d{4}-\d\d-\d\d">', page)
    # Breadcrumbs up to its collection, previous and next in its order.
    assert "Getting started</a>" in page
    assert 'rel="prev" href="/en/articles/%s"' % acme.welcome_slugs["en"] \
        in page
    assert 'rel="next" href="/en/articles/%s"' % acme.third_slugs["en"] \
        in page
    assert '<link rel="canonical" href="https://%s/en/articles/%s">' % (
        acme.domain, acme.second_slugs["en"]) in page


def test_article_in_two_locales_links_each_other(acme):
    en, de = acme.welcome_slugs["en"], acme.welcome_slugs["de"]
    page = acme.get("/en/articles/" + en).text
    assert '<link rel="alternate" hreflang="de" href="https://%s/de/' \
        'articles/%s">' % (acme.domain, de) in page
    assert 'href="/de/articles/%s" hreflang="de" lang="de">Deutsch</a>' \
        % de in page
    r = acme.get("/de/articles/" + de)
    assert r.status_code == 200 and "Willkommen an Bord" in r.text
    assert '<html lang="de">' in r.text
    assert 'aria-current="true">Deutsch' in r.text
    # The pages' own words are the locale's too.
    assert '<a href="/de/">Startseite</a>' in r.text
    assert '<button type="submit">Suchen</button>' in r.text
    assert "Von %s Owner \u00b7 Aktualisiert <time" % acme.name in r.text
    missing = acme.get("/de/articles/nothing")
    assert "<h1>Seite nicht gefunden</h1>" in missing.text
    assert "Kein Artikel passt" in acme.get("/de/search",
                                            params={"q": "zzzz"}).text


def test_drafts_are_never_public(acme):
    for slugs in (acme.draft_slugs, acme.unpublished_slugs):
        r = acme.get("/en/articles/" + slugs["en"])
        assert r.status_code == 404
        assert "Page not found" in r.text
    start = acme.get("/en/").text
    assert "zebra" not in start.lower() and "giraffe" not in start.lower()
    for q in ("zebra", "giraffe"):
        assert "No article matches" in acme.get("/en/search",
                                                params={"q": q}).text
    sitemap = acme.get("/sitemap.xml").text
    assert acme.draft_slugs["en"] not in sitemap
    assert acme.unpublished_slugs["en"] not in sitemap


def test_search_with_snippets(acme):
    r = acme.get("/en/search", params={"q": "widgets"})
    assert r.status_code == 200
    page = r.text
    assert "2 results" in page
    assert "<mark>widgets</mark>" in page
    assert acme.welcome_slugs["en"] in page and acme.second_slugs["en"] \
        in page
    assert 'value="widgets"' in page
    assert '<meta name="robots" content="noindex">' in page
    assert '<meta name="robots"' not in acme.get("/en/").text
    assert '<meta name="robots" content="noindex">' in acme.get(
        "/en/articles/nothing").text
    assert r.headers["Cache-Control"] == "no-cache"
    # What a reader types is text, in the box and in the title.
    r = acme.get("/en/search", params={"q": HOSTILE})
    assert "<script>" not in r.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;" in r.text
    # Bytes that are not UTF-8, and a long query: answered, not refused.
    r = acme.get("/en/search?q=%FF%FEwidgets+" + "x" * 300)
    assert r.status_code == 200 and "\ufffd" in r.text


def test_search_pages_by_keyset(site):
    c = Center(site, "pager" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3), locales=("en",))
    top = c.collection({"en": "Many"})
    made = set()
    for i in range(45):
        # Ranks repeat (the same words): the id breaks the ties.
        body = "<p>pagingword %s%s</p>" % ("again " * (i % 3),
                                           "rareword" if i < 3 else "")
        made.add(c.article({"en": ("Pagingword %d" % i, body)},
                           parent=top)[1]["en"])
    seen, path, pages = [], "/en/search?q=pagingword", 0
    while path is not None:
        page = c.get(path.replace("&amp;", "&")).text
        pages += 1
        shown = re.findall(r'<li><a href="/en/articles/([^"]+)">', page)
        assert len(shown) == (20 if pages < 3 else 5)
        seen += shown
        nxt = re.search(r'<a href="([^"]+)" rel="next">More results</a>',
                        page)
        if pages > 1:
            assert '<a href="/en/search?q=pagingword">First results</a>' \
                in page
            assert "results</p>" not in page     # no count of one page
        path = nxt.group(1) if nxt else None
    assert pages == 3 and len(seen) == 45 and set(seen) == made
    # A keyset not of its form is the first page.
    for bad in ("after=abc&id=x", "after=0.5&id=a-b", "after=nan&id=ab",
                "after=0.1"):
        page = c.get("/en/search?q=pagingword&" + bad).text
        assert re.findall(r'<li><a href="/en/articles/([^"]+)">',
                          page) == seen[:20]
    # Fewer than a page: no links, the count.
    page = c.get("/en/search?q=pagingword+rareword").text
    assert 'rel="next"' not in page and "First results" not in page
    assert "3 results" in page


def test_predefined_icons_are_drawn(site):
    c = Center(site, "icons" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3), locales=("en",))
    star = c.collection({"en": "Starred"}, icon="star",
                        icon_type="predefined", position=1)
    c.collection({"en": "Unknown icon"}, icon="no-such-icon",
                 icon_type="predefined", position=2)
    c.collection({"en": "Emoji"}, icon="\U0001F4DA", position=3)
    c.article({"en": ("Inside", "<p>x</p>")}, parent=star)
    page = c.get("/en/").text
    svgs = re.findall(r'<svg class="icon"[^>]*>.*?</svg>', page, re.S)
    assert len(svgs) == 2
    for svg in svgs:
        # Drawn inline, decorative: nothing loads, nothing is read out.
        assert 'aria-hidden="true"' in svg and 'viewbox="0 0 24 24"' in svg
        assert re.search(r'<path d="M[^"]+"></path>', svg)
        assert "href" not in svg and "style" not in svg
    assert 'data-icon="star"' in svgs[0]
    # An unknown name: the folder.
    assert 'data-icon="no-such-icon"' in svgs[1]
    assert svgs[0] != svgs[1].replace("no-such-icon", "star")
    assert "\U0001F4DA" in page and "no-such-icon</" not in page
    # The collection's own page draws it in its heading.
    slug = re.search(r'href="/en/collections/([^"]+)"', page).group(1)
    page = c.get("/en/collections/" + slug).text
    assert re.search(r'<h1><svg class="icon"[^>]*data-icon="star"', page)


def test_the_pages_own_words_in_more_locales(site):
    c = Center(site, "words" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3),
               locales=("en", "fr", "es", "it", "nl"))
    for loc, word, none in (
            ("fr", "Rechercher", "Aucun article ne correspond"),
            ("es", "Buscar", "Ning\u00fan art\u00edculo coincide"),
            ("it", "Cerca", "Nessun articolo corrisponde"),
            # No row of its own: English.
            ("nl", "Search", "No article matches")):
        page = c.get("/%s/search" % loc, params={"q": "nothinghere"}).text
        assert '<html lang="%s"' % loc in page
        assert ">%s</button>" % word in page, loc
        assert none in page, loc


def test_hostile_title_is_text(acme):
    r = acme.get("/en/articles/" + acme.hostile_slugs["en"])
    assert r.status_code == 200
    assert "<script" not in r.text
    assert "<h1>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</h1>" \
        in r.text
    assert "<title>&lt;script&gt;" in r.text


def test_security_headers(acme):
    r = acme.get("/en/")
    csp = r.headers["Content-Security-Policy"]
    assert csp.startswith("default-src 'none'; style-src 'sha256-")
    assert "script-src" not in csp and "'unsafe-inline'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    missing = acme.get("/en/articles/nothing-here")
    assert missing.headers["Content-Security-Policy"] == csp


def test_etag_and_304(acme):
    r = acme.get("/en/articles/" + acme.plan_slugs["en"])
    tag = r.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', tag)
    again = acme.get("/en/articles/" + acme.plan_slugs["en"],
                     headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["ETag"] == tag
    other = acme.get("/en/articles/" + acme.plan_slugs["en"],
                     headers={"If-None-Match": '"0000"'})
    assert other.status_code == 200
    # A change of the article is a new tag.
    acme.server.sql("UPDATE help_center_article_translations "
                    "SET live_body = '<p>Plans change now.</p>' "
                    "WHERE org_id = %s AND article_id = %s", acme.org.id,
                    acme.plan)
    changed = acme.get("/en/articles/" + acme.plan_slugs["en"],
                       headers={"If-None-Match": tag})
    assert changed.status_code == 200 and "Plans change now." in changed.text
    assert changed.headers["ETag"] != tag


def test_old_slug_answers_301(acme):
    aid, slugs = acme.article({"en": ("Old name", "<p>x</p>")},
                              parent=acme.start)
    acme.server.sql(
        "INSERT INTO help_center_old_slugs (org_id, locale, slug, "
        "article_id) VALUES (%s, 'en', %s, %s)", acme.org.id, slugs["en"],
        aid)
    new = acme.server.sql(
        "UPDATE help_center_article_translations SET live_title = "
        "'New name', title = 'New name', slug = fb_hc_slug(article_id, "
        "'New name') WHERE org_id = %s AND article_id = %s RETURNING slug",
        acme.org.id, aid)[0][0]
    r = acme.get("/en/articles/" + slugs["en"])
    assert r.status_code == 301
    assert r.headers["Location"] == "/en/articles/" + new
    assert acme.get(r.headers["Location"]).status_code == 200


def test_redirect_rule_answers_301(acme):
    acme.server.sql(
        "INSERT INTO help_center_redirect_rules (org_id, help_center_id, "
        "locale, from_url, target_type, target_id) VALUES "
        "(%s, %s, 'de', %s, 'article', %s), "
        "(%s, %s, 'en', %s, 'collection', %s), "
        "(%s, %s, 'en', %s, 'article', %s)",
        acme.org.id, acme.id, "https://%s/old/welcome" % acme.domain,
        acme.welcome, acme.org.id, acme.id,
        "https://%s/kb/account" % acme.domain, acme.account,
        acme.org.id, acme.id, "https://%s/old/draft" % acme.domain,
        acme.draft)
    r = acme.get("/old/welcome?utm=1")
    assert r.status_code == 301
    assert r.headers["Location"] == "/de/articles/" + acme.welcome_slugs["de"]
    r = acme.get("/kb/account/")
    assert r.status_code == 301
    assert r.headers["Location"].startswith("/en/collections/" + acme.account)
    # A rule to a draft leads nowhere.
    assert acme.get("/old/draft").status_code == 404


def test_tenancy(acme, globex):
    # Each host shows its own help center.
    assert "Globex things" in globex.get("/en/").text
    assert "Globex things" not in acme.get("/en/").text
    # Another organization's slug, on this one's host: 404.
    assert acme.get("/en/articles/" + globex.slugs["en"]).status_code == 404
    assert globex.get("/en/articles/" + acme.second_slugs["en"]) \
        .status_code == 404
    found = globex.get("/en/search", params={"q": "widgets"}).text
    assert "1 result<" in found and "Globex widgets" in found
    assert acme.second_slugs["en"] not in found
    # Portal URLs: the organization in the host.
    portal = "%s.feedback.example.com" % globex.org.id
    assert acme.get("/help/en/articles/" + acme.second_slugs["en"],
                    host=portal).status_code == 404
    r = acme.get("/help/en/articles/" + globex.slugs["en"], host=portal)
    assert r.status_code == 200 and "Globex widgets" in r.text
    # An unknown host and an unknown organization: the same 404.
    for host in ("nobody.test", "ffff.feedback.example.com"):
        r = acme.get("/en/", host=host)
        assert r.status_code == 404 and "Page not found" in r.text
        assert acme.domain not in r.text


def test_portal_in_host(acme):
    host = "%s.feedback.example.com" % acme.org.id
    r = acme.get("/help/en/", host=host)
    assert r.status_code == 200
    # Links stay under the portal; canonical is the custom domain.
    assert 'href="/help/en/collections/%s' % acme.start in r.text
    assert '<link rel="canonical" href="https://%s/en/">' % acme.domain \
        in r.text
    r = acme.get("/help", host=host)
    assert r.status_code == 302 and r.headers["Location"] == "/help/en/"
    assert acme.get("/other/en/", host=host).status_code == 404
    r = acme.get("/help/en/articles/" + acme.second_slugs["en"], host=host)
    assert r.status_code == 200 and "Posting an idea" in r.text


def test_portal_in_host_with_a_path(globex):
    host = "%s.docs.example.net" % globex.org.id
    r = globex.get("/portal/help/en/", host=host)
    assert r.status_code == 200 and "Globex things" in r.text
    assert 'href="/portal/help/en/collections/' in r.text
    for path in ("/help/en/", "/portalx/help/en/", "/other/help/en/"):
        assert globex.get(path, host=host).status_code == 404, path


def test_portal_in_path(globex):
    r = globex.get("/orgs/%s/help/en/" % globex.org.id,
                   host="portal.example.org")
    assert r.status_code == 200 and "Globex things" in r.text
    assert 'href="/orgs/%s/help/en/collections/' % globex.org.id in r.text
    assert globex.get("/orgs/%s/help/en/" % "nobody",
                      host="portal.example.org").status_code == 404


def test_portal_at_the_organization_s_own_url(site, globex):
    """An organization's own portal URL (organizations.portal_url, the
    organization API's portalUrl) is looked up by its host: the pages
    live under it at the help center's subpath."""
    host = "kb-%s.customportal.example" % secrets.token_hex(3)
    sub = site.sql("SELECT subpath FROM help_centers WHERE org_id = %s",
                   globex.org.id)[0][0]
    site.sql("UPDATE organizations SET portal_url = %s WHERE id = %s",
             "https://%s/Support/" % host.upper(), globex.org.id)
    try:
        r = globex.get("/Support/%s/en/" % sub, host=host)
        assert r.status_code == 200 and "Globex things" in r.text
        assert 'href="/Support/%s/en/collections/' % sub in r.text
        for path in ("/%s/en/" % sub, "/Supportx/%s/en/" % sub,
                     "/Support/other/en/", "/support/%s/en/" % sub):
            assert globex.get(path, host=host).status_code == 404, path
        # Another host, or no portal URL: nobody's.
        assert globex.get("/Support/%s/en/" % sub,
                          host="x" + host).status_code == 404
        site.sql("UPDATE organizations SET portal_url = %s WHERE id = %s",
                 "https://%s" % host, globex.org.id)
        assert globex.get("/%s/en/" % sub, host=host).status_code == 200
    finally:
        site.sql("UPDATE organizations SET portal_url = NULL WHERE id = %s",
                 globex.org.id)
    assert globex.get("/%s/en/" % sub, host=host).status_code == 404


def test_portal_cache_keeps_a_page_for_its_ttl(acme):
    host = "%s.feedback.example.com" % acme.org.id
    path = "/help/en/articles/" + acme.third_slugs["en"]
    # Start right after a second turns, so that both reads fall in it.
    time.sleep(1 - (time.time() % 1) + 0.05)
    first = acme.get(path, host=host)
    assert first.headers["Cache-Control"] == "public, max-age=1"
    acme.server.sql("UPDATE help_center_article_translations "
                    "SET live_body = '<p>Vote harder.</p>' "
                    "WHERE org_id = %s AND article_id = %s", acme.org.id,
                    acme.third)
    kept = acme.get(path, host=host)
    time.sleep(1.1)
    fresh = acme.get(path, host=host)
    assert "Vote harder." not in first.text
    assert "Vote harder." in fresh.text
    # Both children may have answered the second read, one from its
    # cache: what it says is either, never a mix.
    assert kept.text in (first.text, fresh.text)


def test_private_help_center_is_not_shown(site):
    c = Center(site, "private" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3), locales=("en",))
    col = c.collection({"en": "Internal things"})
    _, slugs = c.article({"en": ("Internal memo", "<p>x</p>")}, parent=col)
    assert c.get("/en/").status_code == 200
    site.sql("UPDATE help_centers SET is_public = false WHERE org_id = %s",
             c.org.id)
    for path in ("/en/", "/en/articles/" + slugs["en"], "/sitemap.xml",
                 "/robots.txt", "/en/search?q=memo"):
        r = c.get(path)
        assert r.status_code == 404, path
        assert "Internal" not in r.text
    r = c.get("/help/en/", host="%s.feedback.example.com" % c.org.id)
    assert r.status_code == 404


def test_sitemap_and_robots(acme):
    r = acme.get("/sitemap.xml")
    assert r.status_code == 200
    assert r.headers["Content-Type"] == "application/xml; charset=utf-8"
    assert r.text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert "<loc>https://%s/en/articles/%s</loc>" % (
        acme.domain, acme.second_slugs["en"]) in r.text
    assert "<loc>https://%s/de/articles/%s</loc>" % (
        acme.domain, acme.welcome_slugs["de"]) in r.text
    assert "<loc>https://%s/de/</loc>" % acme.domain in r.text
    r = acme.get("/robots.txt")
    assert r.status_code == 200
    assert r.text == ("User-agent: *\nAllow: /\nSitemap: https://%s/"
                      "sitemap.xml\n" % acme.domain)


def test_only_get(acme):
    r = requests.post(acme.server.base + "/en/", headers={"Host":
                                                          acme.domain},
                      timeout=30)
    assert r.status_code == 405
    assert "GET" in r.headers["Allow"]
    r = requests.head(acme.server.base + "/en/", headers={"Host":
                                                          acme.domain},
                      timeout=30)
    assert r.status_code == 200 and r.content == b""


def test_unknown_locale_and_paths_are_404(acme):
    for path in ("/xx/", "/en/articles/", "/en/articles/a/b",
                 "/en/collections/nothing", "/en/nothing",
                 "/en/articles/" + quote("<x>"), "/en/articles/%FF",
                 "/en/articles/\u00e9t\u00e9"):
        r = acme.get(path)
        assert r.status_code == 404, path
        assert r.headers["Cache-Control"] == "no-cache"


def test_pages_made_count_against_the_public_rate_limit(database):
    limited = VHOSTS.replace("FeedbackHelpCenterCacheTTL 1",
                             "FeedbackHelpCenterCacheTTL 60")
    with httpd(database, "FeedbackRateLimitPublic 4\n" + limited) as s:
        c = Center(s, "busy" + secrets.token_hex(3),
                   "help-%s.test" % secrets.token_hex(3), locales=("en",))
        portal = {"Host": "%s.feedback.example.com" % c.org.id}
        # One connection, so one child: the page is made once, then kept.
        kept = requests.Session()
        for _ in range(3):
            r = kept.get(s.base + "/help/en/", headers=portal, timeout=30)
            assert r.status_code == 200
        codes = [c.get("/en/nothing-%d" % i).status_code for i in range(5)]
        assert codes == [404] * 3 + [429] * 2, codes
        r = c.get("/en/")
        assert r.status_code == 429
        assert int(r.headers["Retry-After"]) >= 0
        assert r.headers["X-RateLimit-Limit"] == "4"
        assert r.headers["Cache-Control"] == "no-cache"
        assert "Too many requests" in r.text and "<script" not in r.text
        assert r.headers["Content-Security-Policy"].startswith(
            "default-src 'none'")
        # A kept page costs nothing: still answered.
        r = kept.get(s.base + "/help/en/?any=query", headers=portal,
                     timeout=30)
        assert r.status_code == 200 and "busy" in r.text


def test_navigation_items(site):
    c = Center(site, "nav" + secrets.token_hex(3),
               "help-%s.test" % secrets.token_hex(3), locales=("en",))
    site.sql(
        "UPDATE help_center_translations SET nav_items = %s::jsonb "
        "WHERE org_id = %s AND locale = 'en'",
        '[{"type": "link", "title": "Roadmap", "url": "/roadmap"},'
        ' {"type": "button", "title": "Sign <b>up</b>",'
        '  "url": "https://app.example.com/signup?a=1&b=2"},'
        ' {"type": "link", "title": "Evil", "url": "javascript:alert(1)"},'
        ' {"type": "link", "title": "Elsewhere", "url": "//evil.example"},'
        ' {"type": "link", "title": "Sideways", "url": "/\\\\evil.example"},'
        ' {"type": "link", "title": "No url"}]', c.org.id)
    page = c.get("/en/").text
    assert '<nav aria-label="Links"><ul class="links"><li><a href="/roadmap"'\
        '>Roadmap</a></li><li><a href="https://app.example.com/signup?a=1&amp;'\
        'b=2" class="button">Sign &lt;b&gt;up&lt;/b&gt;</a></li></ul></nav>' \
        in page
    for word in ("Evil", "Elsewhere", "Sideways", "No url", "javascript:"):
        assert word not in page


def test_database_down_kept_pages_still_answer(cluster, fresh_database):
    """The database refuses connections: a kept page that went stale is
    answered still (its making again failed), a page never kept answers
    503 with Retry-After, and both come back when the database does."""
    dbname = re.search(r"dbname=(\S+)", fresh_database).group(1)
    keep = VHOSTS.replace("FeedbackHelpCenterCacheTTL 1",
                          "FeedbackHelpCenterCacheTTL 1\n    "
                          "FeedbackRateLimitPublic 0")
    with httpd(fresh_database, keep) as s:
        c = Center(s, "down" + secrets.token_hex(3),
                   "help-%s.test" % secrets.token_hex(3), locales=("en",))
        col = c.collection({"en": "Things"})
        _, slugs = c.article({"en": ("Kept article", "<p>x</p>")},
                             parent=col)
        host = "%s.feedback.example.com" % c.org.id
        kept = requests.Session()
        page = "/help/en/articles/" + slugs["en"]
        first = kept.get(s.base + page, headers={"Host": host}, timeout=30)
        assert first.status_code == 200
        admin = psycopg2.connect(cluster.dsn("postgres"))
        admin.autocommit = True
        try:
            with admin.cursor() as cur:
                cur.execute('ALTER DATABASE "%s" ALLOW_CONNECTIONS false'
                            % dbname)
                cur.execute("SELECT count(pg_terminate_backend(pid)) FROM "
                            "pg_stat_activity WHERE datname = %s", (dbname,))
            time.sleep(1.2)                     # the page is stale now
            again = kept.get(s.base + page, headers={"Host": host},
                             timeout=30)
            assert again.status_code == 200
            assert again.headers["ETag"] == first.headers["ETag"]
            never = kept.get(s.base + "/help/en/", headers={"Host": host},
                             timeout=30)
            assert never.status_code == 503
            assert never.headers["Retry-After"] == "1"
        finally:
            with admin.cursor() as cur:
                cur.execute('ALTER DATABASE "%s" ALLOW_CONNECTIONS true'
                            % dbname)
            admin.close()
        deadline = time.time() + 10
        while time.time() < deadline:
            back = kept.get(s.base + "/help/en/", headers={"Host": host},
                            timeout=30)
            if back.status_code == 200:
                break
            time.sleep(0.2)
        assert back.status_code == 200


def test_the_api_s_urls_lead_to_the_pages(site):
    """What the API writes (externalUrl, featurebaseUrl, an old slug after
    a rename, a redirect rule) is what the pages answer."""
    from urllib.parse import urlsplit
    org = Org(site, "api" + secrets.token_hex(3))
    domain = "help-%s.test" % secrets.token_hex(3)
    api = org.api
    hc = api.get("/help_center/help_centers").json()["data"][0]
    r = api.request("PATCH", "/help_center/help_centers/" + hc["id"],
                    json={"urls": {"externalDomain": domain}})
    assert r.status_code == 200, r.text
    col = api.post("/help_center/collections",
                   json={"name": "Guides"}).json()
    art = api.post("/help_center/articles", json={
        "title": "Exporting data", "body": "<p>Export <b>all</b> of it."
        "</p><script>alert(1)</script>", "state": "live",
        "parentId": col["id"]}).json()

    def get(url):
        u = urlsplit(url)
        return requests.get(site.base + u.path, headers={"Host": u.netloc},
                            allow_redirects=False, timeout=30)

    for url in (art["externalUrl"], art["featurebaseUrl"],
                col["externalUrl"], col["featurebaseUrl"]):
        r = get(url)
        assert r.status_code == 200, url
    page = get(art["externalUrl"]).text
    assert "<h1>Exporting data</h1>" in page
    assert "<p>Export <b>all</b> of it.</p>" in page and "<script" not in page
    assert "Guides</a>" in page
    # Renamed: the old URL answers 301 to the new one.
    old = art["externalUrl"]
    r = api.request("PATCH", "/help_center/articles/" + art["id"],
                    json={"title": "Exporting everything", "state": "live"})
    assert r.status_code == 200, r.text
    new = r.json()["externalUrl"]
    assert new != old
    moved = get(old)
    assert moved.status_code == 301
    assert moved.headers["Location"] == urlsplit(new).path
    # A redirect rule of the custom domain.
    r = api.post("/help_center/redirect_rules", json={
        "helpCenterId": hc["id"], "locale": "en",
        "fromUrl": "https://%s/kb/Export-Guide/" % domain,
        "targetType": "article", "targetId": art["id"]})
    assert r.status_code == 201, r.text
    moved = get("https://%s/kb/Export-Guide?from=old" % domain)
    assert moved.status_code == 301
    assert moved.headers["Location"] == urlsplit(new).path
    # Unpublished: gone from the pages.
    r = api.request("PATCH", "/help_center/articles/" + art["id"],
                    json={"state": "draft"})
    assert r.status_code == 200, r.text
    assert get(new).status_code == 404
    assert "Exporting" not in get(col["externalUrl"]).text
