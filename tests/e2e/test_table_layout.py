"""Every page with a table, at 320, 390 and 1280 px: no table cell is clipped.

A table either fits its box (every cell's bounding box inside its scroll box, and the box inside
the viewport), or scrolls sideways inside its box with its first column (the row headers: the
district, the row of a law table) kept in view however far it is scrolled. Short tables of
figures (key numbers) fit a phone instead of scrolling, and at 1280 px the zoning table in
the key-numbers box fits without scrolling. Screenshots go to artifacts/ for a person to look at.
"""

import pytest

from cotati_site.codebook.anchors import anchored_blocks
from cotati_site.codebook.models import SectionVersion
from cotati_site.guidance.models import Topic
from tests.e2e.conftest import artifact, save_screenshot

pytestmark = pytest.mark.browser

WIDTHS = (320, 390, 1280)
PHONE = 390

MEASURE = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  const inside = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  for (const table of document.querySelectorAll('main table')) {
    const box = table.closest('.table-scroll');
    const name = ((table.caption && table.caption.innerText) || table.className || 'table').slice(0, 50);
    const info = {name, cls: table.className, problems: [], scrolls: false};
    out.push(info);
    if (!box) { info.problems.push('not inside a scroll box'); continue; }
    const b = box.getBoundingClientRect();
    if (b.left < -0.5 || b.right > vw + 0.5) info.problems.push('its box runs off the screen');
    info.scrolls = box.scrollWidth > box.clientWidth + 1;
    if (!info.scrolls) {
      for (const cell of table.querySelectorAll('th, td')) {
        const r = cell.getBoundingClientRect();
        if (r.width && !inside(r, b)) { info.problems.push('cell clipped: ' + cell.innerText.slice(0, 40)); break; }
      }
      continue;
    }
    const headers = table.querySelectorAll('tbody th[scope=row], thead tr > th:first-child');
    if (!headers.length) info.problems.push('scrolls but has no row headers to keep in view');
    for (const where of [0.5, 1]) {
      box.scrollLeft = (box.scrollWidth - box.clientWidth) * where;
      for (const cell of headers) {
        const r = cell.getBoundingClientRect();
        if (r.width && !inside(r, b)) { info.problems.push('first column scrolled away: ' + cell.innerText.slice(0, 40)); break; }
      }
    }
    box.scrollLeft = 0;
  }
  return out;
}"""


def table_pages() -> dict[str, str]:
    pages = {"districts": "/zoning-districts/", "rr-family": "/zoning-districts/RR/"}
    for topic in Topic.objects.exclude(feature=""):
        pages[f"topic-{topic.slug}"] = topic.get_absolute_url()
    for version in SectionVersion.objects.select_related("section"):
        if any(b.get("type") == "table" for b in anchored_blocks(version.body)):
            pages[f"section-{version.section_id}"] = version.section.get_absolute_url()
    pages["section-versions-table"] = "/code/17.62.060/"
    return pages


# Pages a person should look at after a layout change (full-page screenshots are large).
SCREENSHOTS = (
    "districts",
    "rr-family",
    "topic-fences-and-walls",
    "topic-zoning-districts",
    "section-17.24.020",
    "section-17.30.030",
)


@pytest.mark.parametrize("width", WIDTHS, ids=lambda w: f"{w}px")
def test_no_table_cell_is_clipped_on_any_table_page(site, browser, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems, scrolling = [], []
    pages = table_pages()
    assert {"topic-fences-and-walls", "topic-zoning-districts", "section-17.24.030"} <= set(pages)
    try:
        for name, path in pages.items():
            response = page.goto(f"{site.url}{path}")
            assert response.status == 200, name
            tables = page.evaluate(MEASURE)
            assert tables, f"{name} has no table"
            for table in tables:
                problems += [f"{name}: {table['name']}: {p}" for p in table["problems"]]
                if table["scrolls"]:
                    scrolling.append((name, table["cls"]))
            if name in SCREENSHOTS:
                save_screenshot(page, f"tables-{name}-{width}")
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    finally:
        context.close()
    assert problems == [], f"clipped at {width} px"
    # Key numbers never scroll sideways: they fit a phone (each row a small grid) and a desktop.
    assert not [s for s in scrolling if "key-table" in s[1]], scrolling
    if width == 1280:
        # The zoning table fits on a desktop, in its page and in the topic's key-numbers box
        # (it used to clip "Max. coverage" there).
        assert not [s for s in scrolling if "district-table" in s[1]], scrolling


def test_the_district_table_keeps_its_first_column_when_scrolled_on_a_phone(site, browser):
    context = browser.new_context(viewport={"width": PHONE, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{site.url}/zoning-districts/")
        box = page.locator(".table-scroll").first
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # it does scroll on a phone
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        first = page.locator('.district-table tbody th[scope="row"]').first
        left = first.bounding_box()["x"]
        assert abs(left - box.bounding_box()["x"]) <= 1
        assert first.is_visible()
        box.screenshot(path=artifact(f"tables-districts-scrolled-{PHONE}.png"))
    finally:
        context.close()
