"""Search in a real browser: the header box, results as you type, and no JavaScript at all."""

import re

import pytest

from tests.e2e.conftest import save_screenshot

pytestmark = pytest.mark.browser


def test_typing_a_search_updates_results_without_a_page_load_and_the_url_follows(site, page):
    page.goto(f"{site.url}/")
    page.locator("#site-search-q").fill("fence")
    page.locator("#site-search-q").press("Enter")
    page.wait_for_url(re.compile(r"/search/\?q=fence$"))
    page.wait_for_selector('[data-result="section-17.30.030"]')
    page.evaluate("window.__sameDocument = true")
    page.locator("#search-q").fill("flood")
    page.wait_for_url(re.compile(r"q=flood"))
    page.wait_for_selector('[data-result^="section-15.04."]')
    assert page.evaluate("window.__sameDocument") is True  # no full reload happened
    assert "flood" in page.locator("#search-status").inner_text()
    save_screenshot(page, "search-desktop")


def test_without_javascript_a_section_number_in_the_header_box_opens_the_section(
    site, page_without_js
):
    page = page_without_js
    page.goto(f"{site.url}/zoning-districts/")
    page.locator("#site-search-q").fill("§ 17.30.030")
    page.get_by_role("button", name="Search").first.click()
    page.wait_for_url(re.compile(r"/code/17\.30\.030/$"))
    assert page.locator("h1").inner_text().startswith("§")


def test_the_search_page_fits_a_320_pixel_screen(site, browser):
    context = browser.new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.goto(f"{site.url}/search/?q=home+business")
    page.wait_for_selector("[data-result]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    box = page.locator("#site-search-q").bounding_box()
    assert box is not None and box["width"] >= 80
    save_screenshot(page, "search-phone")
    context.close()
