"""At 390 px no public page outside the checker scrolls sideways (issue 22).

Every page a reader reaches from the indexes is walked: home, the topic index and each topic,
the district index and each district, the code library, each chapter and section it lists (a
section's comparison page too), proposed changes, search with and without results, and the
page for an address that does not exist. A table wider than a phone scrolls inside its own
box (tests/e2e/test_table_layout.py); the page itself never does. Check my lot is walked by
its own journeys.
"""

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

FIXED = [
    "/",
    "/topics/",
    "/zoning-districts/",
    "/code/",
    "/code/17.62.060/compare/",
    "/proposed-changes/",
    "/search/?q=fence",
    "/search/?q=fence+height+in+the+front+yard+of+a+corner+lot",
    "/search/?q=zzzqqqxx",
    "/no-such-page/",
]
# The indexes whose links are walked, and the addresses they lead to.
INDEXES = {"/topics/": "/topics/", "/zoning-districts/": "/zoning-districts/", "/code/": "/code/"}

# The widest element poking past the right edge, to name in a failure.
WIDEST = """() => {
  const width = document.documentElement.clientWidth;
  let widest = null;
  for (const el of document.querySelectorAll('body *')) {
    const right = el.getBoundingClientRect().right;
    if (right > width + 0.5 && (!widest || right > widest.right)) {
      widest = {right, what: el.tagName.toLowerCase() + '.' + el.className,
                text: (el.innerText || '').slice(0, 60)};
    }
  }
  return widest;
}"""


def linked_pages(page, base: str) -> list[str]:
    paths = []
    for index, prefix in INDEXES.items():
        page.goto(f"{base}{index}")
        hrefs = page.eval_on_selector_all("main a[href]", "links => links.map(a => a.pathname)")
        paths += [h for h in hrefs if h.startswith(prefix) and h != prefix]
    return list(dict.fromkeys(paths))


def test_no_public_page_scrolls_sideways_on_a_phone(site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        pages = FIXED + linked_pages(page, site.url)
        # Every topic and district, and the code's chapters and sections, were found.
        assert sum(p.startswith("/topics/") for p in pages) >= 15
        assert sum(p.startswith("/zoning-districts/") for p in pages) >= 10
        assert sum(p.startswith("/code/") for p in pages) >= 30
        wide = {}
        for path in pages:
            response = page.goto(f"{site.url}{path}")
            assert response.status == (404 if path == "/no-such-page/" else 200), path
            scroll, client = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            if scroll > client:
                wide[path] = (scroll, page.evaluate(WIDEST))
    finally:
        context.close()
    assert wide == {}
