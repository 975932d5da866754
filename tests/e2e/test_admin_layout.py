"""The summaries admin at 1280 px: every column on screen, headlines no longer ten lines
tall, and the edit page's HISTORY and VIEW ON SITE buttons clear of the title (at 1280 and
390 px)."""

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from cotati_site.guidance.models import Summary
from tests.e2e.conftest import artifact, save_screenshot

pytestmark = pytest.mark.browser

PASSWORD = "a-long-staff-password-for-the-browser"
WIDTH = 1280


@pytest.fixture
def staff_page(fresh_site, browser):
    site = fresh_site
    User.objects.create_superuser("root", password=PASSWORD)
    context = browser.new_context(viewport={"width": WIDTH, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{site.url}/{settings.ADMIN_URL}login/")
    page.get_by_label("Username").fill("root")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_selector("#content")
    yield page
    context.close()


def test_the_summary_list_fits_1280_px_with_headlines_a_few_lines_tall(fresh_site, staff_page):
    site = fresh_site
    page = staff_page
    page.goto(f"{site.url}/{settings.ADMIN_URL}cotati_site/summary/")
    save_screenshot(page, "admin-summary-list-1280")
    page.get_by_text("State law sets how many ADUs").scroll_into_view_if_needed()  # the longest
    page.screenshot(path=artifact("admin-summary-list-1280-adu-rows.png"))
    assert page.locator("#nav-sidebar").count() == 0  # the list leaves the sidebar out
    # On screen means inside the results box (which scrolls sideways when the table is
    # wider), not just left of the window's edge.
    results = page.locator("#changelist .results").bounding_box()
    for column in ("headline", "checked_on", "review_state", "public_link"):
        box = page.locator(f"#result_list th.column-{column}").bounding_box()
        assert box is not None, column
        assert box["x"] + box["width"] <= min(WIDTH, results["x"] + results["width"]) + 1, (
            column,
            box,
        )
    line = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#result_list th.field-headline'))"
        ".lineHeight) || 18"
    )
    tallest = max(
        cell.bounding_box()["height"]
        for cell in page.locator("#result_list th.field-headline").all()
    )
    # Was ten lines; a headline now shows four at most (the rest on its edit page), and no
    # other cell of its row is taller than five.
    assert tallest <= 5 * line + 16, (tallest, line)
    clamped = page.locator("#result_list th.field-headline a").first
    assert clamped.evaluate("a => getComputedStyle(a).webkitLineClamp") == "4"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_edit_pages_buttons_do_not_overlap_the_title(fresh_site, staff_page, width):
    site = fresh_site
    page = staff_page
    page.set_viewport_size({"width": width, "height": 900})
    summary = Summary.objects.filter(is_published=True).order_by("-pk").first()
    page.goto(f"{site.url}/{settings.ADMIN_URL}cotati_site/summary/{summary.pk}/change/")
    save_screenshot(page, f"admin-summary-change-{width}")
    tools = [link.bounding_box() for link in page.locator(".object-tools a").all()]
    assert len(tools) >= 2  # HISTORY and VIEW ON SITE
    for heading in page.locator("#content h1, #content h2").all()[:2]:
        title = heading.bounding_box()
        for tool in tools:
            apart = (
                tool["x"] >= title["x"] + title["width"]
                or tool["x"] + tool["width"] <= title["x"]
                or tool["y"] >= title["y"] + title["height"]
                or tool["y"] + tool["height"] <= title["y"]
            )
            assert apart, (heading.inner_text(), title, tool)
