"""The staff text in Spanish in a real browser (issue 23): the homeowner's fence and shed, the
ADU and the home salon read as topic pages and searches under /es/, at 390 and 1280 px, with
and without JavaScript; every shipped rule shows in Spanish;
no page scrolls sideways and axe finds no serious or critical violation. Screenshots:
artifacts/es-topic-*.png, es-search-*.png."""

import re

import pytest

from tests.e2e.conftest import save_screenshot
from tests.e2e.test_accessibility import blocking_violations

# django_db: so the session's database is set up (and the shipped content loaded) even when
# this file runs alone; the tests only read it, through the live server.
pytestmark = [pytest.mark.browser, pytest.mark.django_db]

# (page, its Spanish title, a Spanish rule or answer it shows)
JOURNEYS = [
    (
        "/es/topics/fences-and-walls/",
        "Cercas y muros",
        "Junto a la calle, las cercas, los muros y los setos macizos",
    ),
    (
        "/es/topics/sheds-garages-and-accessory-structures/",
        "Cobertizos, garajes y otras estructuras accesorias",
        "Un cobertizo u otro edificio accesorio puede medir como máximo 12 pies",
    ),
    (
        "/es/topics/adding-a-home-adus-jadus-sb9/",
        "Agregar una vivienda: ADU, JADU y SB 9",
        "Puede agregar una unidad de vivienda accesoria (ADU)",
    ),
    (
        "/es/topics/home-business/",
        "Un negocio en casa",
        "Un negocio en casa puede usar como máximo el 25% del área de piso",
    ),
]
SEARCHES = [
    ("cerca", "topic-fences-and-walls"),
    ("cobertizo", "topic-sheds-garages-and-accessory-structures"),
    ("casita", "topic-adding-a-home-adus-jadus-sb9"),
    ("salón de belleza", "topic-home-business"),
]


def open_page(browser, width: int, javascript: bool):
    context = browser.new_context(
        viewport={"width": width, "height": 900}, java_script_enabled=javascript
    )
    return context, context.new_page()


def slug(path: str) -> str:
    return re.sub(r"\W+", "-", path).strip("-")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_four_journeys_read_in_spanish(site, browser, width, javascript):
    context, page = open_page(browser, width, javascript)
    for path, title, rule in JOURNEYS:
        page.goto(f"{site.url}{path}")
        assert page.locator("html").get_attribute("lang") == "es"
        heading = page.locator("h1#page-title")
        assert heading.inner_text() == title
        assert heading.get_attribute("lang") is None  # Spanish: nothing marked English
        assert page.locator("[data-in-english-note]").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        # The rule opens from its key point (with JavaScript) or its own heading (without).
        article = page.locator("article.rule", has_text=rule).first
        if javascript and page.locator(".key-points a").count():
            page.locator(".key-points a", has_text=rule[:30]).first.click()
        else:
            article.locator("summary").first.click()
        assert article.locator("h3").is_visible()
        save_screenshot(page, f"es-topic-{slug(path)}-{width}-{'js' if javascript else 'no-js'}")
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("width", [390, 1280])
def test_spanish_words_find_their_topic_first(site, browser, width, javascript):
    context, page = open_page(browser, width, javascript)
    for query, first in SEARCHES:
        page.goto(f"{site.url}/es/search/?q={query}")
        hits = page.locator("[data-result]")
        assert hits.first.get_attribute("data-result") == first, query
        assert page.evaluate("document.documentElement.scrollWidth") <= width, query
    page.goto(f"{site.url}/es/search/?q=ayuda en español")
    assert page.locator("[data-contacts] h2").inner_text() == "Pregunte a la Ciudad de Cotati"
    assert (
        "pregunte a la Ciudad"
        in page.locator('[data-site-info-key="planning-spanish-help"]').inner_text()
    )
    save_screenshot(page, f"es-search-ayuda-{width}-{'js' if javascript else 'no-js'}")
    context.close()


def test_the_flood_zone_rules_are_in_spanish_with_no_english_note(site, browser):
    # Issue 29: the shipped rules all have their Spanish, so the page needs no note.
    context, page = open_page(browser, 390, True)
    page.goto(f"{site.url}/es/topics/flood-zones/")
    first_rule = page.locator("article.rule").first
    assert first_rule.get_attribute("lang") != "en"
    assert "piso más bajo" in page.locator("main").inner_text()
    assert page.locator("[data-in-english-note]").count() == 0
    save_screenshot(page, "es-topic-flood-zones-390")
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        *(path for path, _title, _rule in JOURNEYS),
        "/es/topics/flood-zones/",
        "/es/search/?q=cerca",
        "/es/search/?q=ayuda%20en%20espa%C3%B1ol",
        "/search/?q=ayuda%20en%20espa%C3%B1ol",
    ],
)
def test_the_spanish_topic_pages_and_searches_pass_the_accessibility_audit(
    site, audit_page, axe_path, path
):
    audit_page.goto(f"{site.url}{path}")
    audit_page.wait_for_load_state("load")
    assert blocking_violations(audit_page, axe_path) == []
