"""The public help center in a real browser.

Headless Chromium (Debian's chromium and chromium-driver, driven through
python3-selenium) walks the demo's help center as a reader would: home,
a collection, an article, the language switch, a search and an old URL
that a redirect rule sends on, at a desktop's size and a phone's.  Each
page is saved as a screenshot (t/browser/artifacts, or
$FEEDBACK_TEST_ARTIFACTS), must log nothing to the console (a blocked
style or image under the Content-Security-Policy would), and axe-core
(pinned, scripts/axe.sh) must find no serious or critical accessibility
violation.

The help center's domain is a name under .localhost, which Chromium
resolves to the loopback address itself: the browser sends the Host the
module maps to the help center, with no resolver set up.
"""
import os
import secrets
import subprocess

import pytest
# python3-selenium (scripts/deps.sh test): a missing one fails the run
# rather than skipping the browser.
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import ROOT, Org, error_log_lines, httpd

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ARTIFACTS = os.environ.get("FEEDBACK_TEST_ARTIFACTS",
                           os.path.join(ROOT, "t", "browser", "artifacts"))

VHOST = """
<VirtualHost *>
    ServerName 127.0.0.1
</VirtualHost>
<VirtualHost *>
    ServerName help-hosting.localhost
    ServerAlias *.localhost
    FeedbackHelpCenterHosts external
    <Location />
        SetHandler feedback-help-center
    </Location>
</VirtualHost>
"""

# A desktop's window, and a phone's screen as Chromium emulates one.
SIZES = {
    "desktop": {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                "mobile": False},
    "phone": {"width": 390, "height": 844, "deviceScaleFactor": 2,
              "mobile": True},
}


@pytest.fixture(scope="module")
def help_site(database):
    with httpd(database, extra_conf=VHOST) as s:
        org = Org(s, "browse" + secrets.token_hex(3))
        s.sql("SELECT fb_demo_seed_help_center(%s)", org.id)
        domain = "help-%s.localhost" % secrets.token_hex(4)
        s.sql("UPDATE help_centers SET external_domain = %s "
              "WHERE org_id = %s", domain, org.id)
        # One predefined icon (drawn as inline SVG) beside the demo's
        # emoji.
        s.sql("UPDATE help_center_collections c SET icon_type = "
              "'predefined', icon_value = 'question' "
              "FROM help_center_collection_translations t "
              "WHERE c.org_id = %s AND t.org_id = c.org_id "
              "AND t.collection_id = c.id AND t.locale = 'en' "
              "AND t.name = 'Your account'", org.id)
        welcome = s.sql(
            "SELECT t.article_id FROM help_center_article_translations t "
            "WHERE t.org_id = %s AND t.locale = 'en' "
            "AND t.title = 'Welcome to the demo'", org.id)[0][0]
        s.sql("INSERT INTO help_center_redirect_rules (org_id, "
              "help_center_id, locale, from_url, target_type, target_id) "
              "SELECT h.org_id, h.id, 'en', %s, 'article', %s "
              "FROM help_centers h WHERE h.org_id = %s",
              "https://%s/old/start-here" % domain, welcome, org.id)
        port = s.base.rsplit(":", 1)[1]
        yield "http://%s:%s" % (domain, port)
        bad = error_log_lines(s, ())
        assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


@pytest.fixture(scope="module")
def axe_source():
    path = subprocess.run([os.path.join(ROOT, "scripts", "axe.sh")],
                          check=True, capture_output=True,
                          text=True).stdout.strip()
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.fail("chromium and chromium-driver are not installed "
                    "(scripts/deps.sh test installs them)")
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                "--disable-extensions", "--no-first-run"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


class Walk:
    """One walk at one size: every page checked the same way."""

    def __init__(self, driver, axe, size):
        self.driver, self.axe, self.size = driver, axe, size
        self.step = 0
        os.makedirs(ARTIFACTS, exist_ok=True)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               SIZES[size])
        driver.get_log("browser")      # what earlier walks left

    def check(self, name):
        """Screenshot, console, accessibility and the page's fit."""
        d = self.driver
        self.step += 1
        d.save_screenshot(os.path.join(
            ARTIFACTS, "help-%s-%d-%s.png" % (self.size, self.step, name)))
        logged = [e for e in d.get_log("browser")
                  if e["level"] in ("SEVERE", "WARNING")]
        assert not logged, "%s (%s): console: %s" % (name, self.size, logged)
        d.execute_script(self.axe)
        violations = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']})"
            ".then(r => done(r.violations.map(v => ({id: v.id, "
            "impact: v.impact, nodes: v.nodes.map(n => n.target)}))))"
            ".catch(e => done([{id: 'axe failed', impact: 'critical', "
            "nodes: [String(e)]}]));")
        bad = [v for v in violations
               if v["impact"] in ("serious", "critical")]
        assert not bad, "%s (%s): axe: %s" % (name, self.size, bad)
        # Readable on a phone: nothing wider than the screen.
        width = d.execute_script(
            "return [document.documentElement.scrollWidth, "
            "window.innerWidth];")
        assert width[0] <= width[1], "%s (%s) scrolls sideways: %s" % (
            name, self.size, width)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_reader_walks_the_help_center(browser, help_site, axe_source, size):
    d = browser
    walk = Walk(d, axe_source, size)

    d.get(help_site + "/")
    assert d.current_url == help_site + "/en/"
    assert d.find_element(By.TAG_NAME, "h1").text == "How can we help?"
    cards = d.find_elements(By.CSS_SELECTOR, ".cards a")
    assert [c.find_element(By.TAG_NAME, "strong").text for c in cards] == [
        "Getting started", "Your account"]
    assert "2 articles" in cards[0].text
    icon = cards[1].find_element(By.CSS_SELECTOR, "svg.icon")
    assert icon.is_displayed() and icon.size["width"] >= 16
    assert icon.get_attribute("aria-hidden") == "true"
    walk.check("home")

    cards[1].click()
    assert "/en/collections/" in d.current_url
    assert d.find_element(By.TAG_NAME, "h1").text.endswith("Your account")
    crumbs = d.find_elements(By.CSS_SELECTOR, ".crumbs a")
    assert [c.text for c in crumbs] == ["Home"]
    walk.check("collection")

    d.find_element(By.LINK_TEXT, "Inviting your team").click()
    assert "/en/articles/" in d.current_url
    assert d.find_element(By.TAG_NAME, "h1").text == "Inviting your team"
    assert [c.text for c in d.find_elements(By.CSS_SELECTOR, ".crumbs a")] \
        == ["Home", "Your account"]
    assert d.find_element(By.CSS_SELECTOR, "time").get_attribute(
        "datetime")
    walk.check("article")

    d.find_element(By.CSS_SELECTOR, 'a[hreflang="de"]').click()
    assert "/de/articles/" in d.current_url
    assert d.find_element(By.TAG_NAME, "h1").text == "Ihr Team einladen"
    assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
    walk.check("language")

    box = d.find_element(By.CSS_SELECTOR, "input[name=q]")
    box.send_keys("Rechnung")
    box.submit()
    assert "/de/search?q=Rechnung" in d.current_url
    marks = d.find_elements(By.CSS_SELECTOR, ".list mark")
    assert marks and all(m.text.lower().startswith("rechnung")
                         for m in marks)
    walk.check("search")

    d.get(help_site + "/old/start-here")
    assert "/en/articles/" in d.current_url
    assert d.find_element(By.TAG_NAME, "h1").text == "Welcome to the demo"
    nxt = d.find_element(By.CSS_SELECTOR, "a[rel=next]")
    assert "Posting your first idea" in nxt.text
    walk.check("redirect")
