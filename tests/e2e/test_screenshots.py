"""Screenshots of the main pages at phone and desktop widths, saved to artifacts/ for a person
to look at; each page must also fit its width without scrolling sideways."""

import pytest

from tests.e2e.conftest import save_screenshot

pytestmark = pytest.mark.browser

WIDTHS = {"320": 320, "375": 375, "desktop": 1280}
PAGES = {
    "home": "/",
    "topic": "/topics/fences-and-walls/",
    "section": "/code/17.24.020/",
    "districts": "/zoning-districts/",
    "check-my-lot-results": (
        "/check-my-lot/?zone=NL&lot_area_sqft=5000&lot_width_ft=50&lot_depth_ft=100"
        "&front_setback_ft=19&rear_setback_ft=20&building_height_ft=30"
        "&fence_height_in=80&fence_location=front_or_street_side_setback&fence_type=solid"
    ),
}


@pytest.mark.parametrize("width", WIDTHS)
def test_main_pages_fit_the_width_and_are_saved_as_screenshots(site, browser, width):
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    overflowing = []
    try:
        for name, path in PAGES.items():
            response = page.goto(f"{site.url}{path}")
            assert response.status == 200, name
            save_screenshot(page, f"{name}-{width}")
            if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"):
                overflowing.append(name)
    finally:
        context.close()
    assert overflowing == [], f"these pages scroll sideways at {width}"
