"""The language switch in a real browser: it follows the address as htmx rewrites it (search,
Check my lot), so switching keeps the person's answers; the Spanish pages fit a phone and
pass the accessibility audit."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import save_screenshot
from tests.e2e.test_accessibility import blocking_violations

pytestmark = pytest.mark.browser


def switch(page, language: str):
    return page.locator(f'a[data-language-switch="{language}"]')


def test_the_switch_follows_search_as_you_type_and_keeps_the_query(site, page):
    page.goto(f"{site.url}/es/search/?q=fence")
    page.wait_for_selector("[data-result]")
    page.evaluate("window.__sameDocument = true")
    page.locator("#search-q").fill("flood")
    page.wait_for_url(re.compile(r"/es/search/\?q=flood$"))
    assert page.evaluate("window.__sameDocument") is True  # htmx swapped, no page load
    expect(switch(page, "en")).to_have_attribute("href", "/search/?q=flood")  # polls, no eval
    switch(page, "en").click()
    page.wait_for_url(re.compile(r"/search/\?q=flood$"))
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#search-q").input_value() == "flood"


def test_check_my_lot_keeps_its_answers_when_the_language_changes(site, page):
    page.goto(f"{site.url}/check-my-lot/?zone=NL&lot_width_ft=60&lot_depth_ft=100")
    page.wait_for_selector('[data-rule="setback.front"]')
    page.locator("#section-building summary").click()
    page.locator("#id_front_setback_ft").fill("19")
    page.wait_for_url(re.compile(r"front_setback_ft=19"))
    expect(switch(page, "es")).to_have_attribute("href", re.compile(r"front_setback_ft=19"))
    answers = parse_qs(urlsplit(page.url).query)
    switch(page, "es").click()
    page.wait_for_url(re.compile(r"/es/check-my-lot/\?"))
    assert page.locator("html").get_attribute("lang") == "es"
    assert parse_qs(urlsplit(page.url).query) == answers
    assert page.locator("#id_front_setback_ft").input_value() == "19"
    assert page.locator('[data-rule="setback.front"]').get_attribute("data-status") == "fail"


def test_without_javascript_the_switch_is_a_plain_link_to_the_same_page(site, page_without_js):
    page = page_without_js
    page.goto(f"{site.url}/zoning-districts/NL/")
    switch(page, "es").click()
    page.wait_for_url(re.compile(r"/es/zoning-districts/NL/$"))
    assert page.locator("h1").inner_text().startswith("NL")
    switch(page, "en").click()
    page.wait_for_url(re.compile(r"/zoning-districts/NL/$"))


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("path", ["/es/", "/es/code/17.30.030/", "/es/zoning-districts/"])
def test_spanish_pages_fit_a_phone(site, browser, width, path):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(f"{site.url}{path}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert switch(page, "en").is_visible()
    name = re.sub(r"\W+", "-", path).strip("-")
    save_screenshot(page, f"spanish-{name}-{width}")
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/es/",
        "/es/topics/fences-and-walls/",
        "/es/code/17.30.030/",
        "/es/zoning-districts/NL/",
        "/es/proposed-changes/",
        "/es/search/?q=fence",
        "/es/no-such-page/",
    ],
)
def test_spanish_pages_have_no_serious_or_critical_accessibility_violation(
    site, audit_page, axe_path, path
):
    audit_page.goto(f"{site.url}{path}")
    audit_page.wait_for_load_state("load")
    assert blocking_violations(audit_page, axe_path) == []


@pytest.mark.parametrize(
    "path", ["/es//evil.example/", "/es/\\evil.example/", "/es/%2Fevil.example/"]
)
def test_the_switch_rewritten_in_the_browser_stays_on_the_site(site, page, path):
    # The browser's own address for these starts /es//…: the link it rewrites (as after
    # htmx or the back button) must not become //evil.example/, another host.
    page.goto(f"{site.url}{path}")
    page.evaluate("window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(switch(page, "en")).to_have_attribute("href", "/%2Fevil.example/")
