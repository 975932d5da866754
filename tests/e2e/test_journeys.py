"""The main journeys, in a real browser, with and without JavaScript."""

import re

import pytest

from tests.e2e.conftest import save_screenshot

pytestmark = pytest.mark.browser


def test_homeowner_reads_the_fences_topic_and_follows_a_citation(site, page):
    page.goto(f"{site.url}/")
    page.get_by_role("link", name="Fences and walls").first.click()
    page.wait_for_url(re.compile(r"/topics/fences-and-walls/$"))
    assert page.locator("h1").inner_text() == "Fences and walls"
    save_screenshot(page, "topic-fences-desktop")
    # Each rule opens from its heading to its detail and its source (issue 22).
    page.locator(".rule summary").first.click()
    page.locator("a[data-section]").first.click()
    # The citation lands on the table or subsection it names (issue 13), e.g. #table-3-2.
    page.wait_for_url(re.compile(r"/code/[\d.]+/(#[\w-]+)?$"))
    assert page.locator("h1").inner_text().startswith("§")
    anchor = page.evaluate("location.hash")
    if anchor:
        target = page.locator(anchor)
        assert target.count() == 1
        box = target.bounding_box()
        assert 0 <= box["y"] < page.viewport_size["height"]  # scrolled to it, not the top


def test_typing_a_setback_updates_results_without_a_page_load_and_the_url_follows(site, page):
    page.goto(f"{site.url}/check-my-lot/?zone=NL&lot_width_ft=60&lot_depth_ft=100")
    page.wait_for_selector('[data-rule="setback.front"]')
    page.evaluate("window.__sameDocument = true")
    page.locator("#section-building summary").click()
    page.locator("#id_front_setback_ft").fill("19")
    page.wait_for_selector('[data-rule="setback.front"][data-status="fail"]')
    page.wait_for_url(re.compile(r"front_setback_ft=19"))
    assert page.evaluate("window.__sameDocument") is True  # no full reload happened
    save_screenshot(page, "check-my-lot-desktop")

    fresh = page.context.new_page()
    fresh.goto(page.url)
    assert fresh.locator('[data-rule="setback.front"]').get_attribute("data-status") == "fail"
    fresh.close()


def test_contractor_fills_the_checker_by_keyboard_only(site, page):
    page.goto(f"{site.url}/check-my-lot/")
    page.locator("#id_zone").focus()
    page.keyboard.press("End")  # last district in the list
    page.keyboard.press("Tab")
    page.keyboard.type("5000")
    page.wait_for_selector('[data-rule="lot.area"]')
    assert page.locator("#result-status").inner_text().strip() != ""


def test_without_javascript_submitting_the_form_shows_results(site, page_without_js):
    page = page_without_js
    page.goto(f"{site.url}/check-my-lot/")
    page.select_option("#id_zone", "NL")
    page.locator("#section-building summary").click()
    page.locator("#id_front_setback_ft").fill("25")
    page.get_by_role("button", name="Check my lot").click()
    page.wait_for_url(re.compile(r"zone=NL"))
    assert page.locator('[data-rule="setback.front"]').get_attribute("data-status") == "pass"


def test_phone_width_pages_render_for_screenshots(site, browser):
    context = browser.new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    for name, path in (
        ("home", "/"),
        ("topic", "/topics/fences-and-walls/"),
        ("districts", "/zoning-districts/"),
    ):
        page.goto(f"{site.url}{path}")
        # Readable at 320 px: nothing forces horizontal scrolling of the page itself.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), name
        save_screenshot(page, f"{name}-phone")
    context.close()
