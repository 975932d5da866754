"""Issue 23's journeys in Spanish: the homeowner's fence and shed, the ADU and the home salon
under /es/check-my-lot/, at 390 and 1280 px, with and without JavaScript. Each person reads the
questions, the answer, what to do next and every card in Spanish (no sentence of the
checker's English outside text marked lang="en"), axe finds no serious or critical violation,
and a screenshot of each is kept in artifacts/ (es-*.png). Bad input gets its message in
Spanish next to its field, with what was typed still there."""

from __future__ import annotations

import re

import pytest

from tests.check_my_lot.test_spanish_pages import checker_english, left_in_english
from tests.e2e.conftest import AXE, save_screenshot
from tests.e2e.test_accessibility import blocking_violations
from tests.e2e.test_project_journeys import wait_for_results_of_every_answer

pytestmark = pytest.mark.browser

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
VIEWPORTS = (("phone", PHONE), ("desktop", DESKTOP))
PART = {"fence": "fence", "accessory_structure": "accessory", "adu": "adu"}
PART["home_business"] = "home_business"


@pytest.fixture(scope="module")
def english():
    return checker_english()


def _open(browser, site, viewport, js: bool):
    # CSP bypassed so that axe can be injected into the page as the person left it
    # (test_content_security_policy.py checks the policy itself).
    context = browser.new_context(viewport=viewport, java_script_enabled=js, bypass_csp=js)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{site.url}/es/check-my-lot/")
    assert page.locator("html").get_attribute("lang") == "es"
    return context, page


def _tick(page, *projects, js: bool) -> None:
    for project in projects:
        page.locator(f"#id_project_{project}").check()
    if not js:
        page.get_by_role("button", name="Mostrar mis preguntas").click()
    page.wait_for_selector(f"fieldset#section-{PART[projects[-1]]}.questions")


def _submit(page, js: bool) -> None:
    page.get_by_role("button", name="Revisar mi lote").click()
    if not js:
        page.wait_for_url(re.compile(r"/es/check-my-lot/\?.*zone="))
        return
    wait_for_results_of_every_answer(page)


def _reads_spanish(browser, page, english, shot: str, js: bool) -> None:
    """No sentence of the checker's English outside lang="en"; axe clean (without
    JavaScript, on the same address opened where axe can run: the page the server sent);
    a screenshot."""
    assert left_in_english(page.content(), english) == []
    # Spanish runs longer than English: nothing may push the page sideways on a phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{shot}: {width} px wide"
    save_screenshot(page, shot)
    if not AXE.exists():
        return
    if js:
        assert blocking_violations(page, str(AXE)) == []
        return
    audit = browser.new_context(viewport=page.viewport_size, bypass_csp=True)
    audited = audit.new_page()
    audited.goto(page.url)
    assert blocking_violations(audited, str(AXE)) == []
    audit.close()


def _fill(page, answers: dict) -> None:
    for name, value in answers.items():
        field = page.locator(f"#id_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def _homeowner(page, js: bool) -> None:
    _tick(page, "fence", "accessory_structure", js=js)
    assert page.locator("#section-fence legend").inner_text() == "Cerca, muro o seto"
    _fill(
        page,
        {
            "zone": "NL",
            "fence_height_ft": "7",
            "fence_location": "interior_side_or_rear_setback",
            "accessory_type": "shed",
            "accessory_footprint_sqft": "120",
            "accessory_height_ft": "10",
            "accessory_stories": "1",
            "accessory_side_line_ft": "5",
            "accessory_rear_line_ft": "5",
            "accessory_house_distance_ft": "10",
        },
    )
    _submit(page, js)
    fence = page.locator('#answer-fence[data-outcome="allowed"]')
    fence.wait_for()
    assert "Permitido tal como se planea." in fence.locator(".headline").inner_text()
    card = fence.locator('[data-rule="fence.height"]').inner_text()
    assert "Usted indicó 7 pies;" in card and "el máximo es" in card
    shed = page.locator("#answer-accessory_structure")
    assert shed.get_attribute("data-outcome") == "city_decides"
    # The rule the City decides, with its section: the question to ask (issue 27).
    assert "la Ciudad decide: " in shed.locator(".headline").inner_text()
    assert "§ 17.42.160" in shed.locator(".headline").inner_text()
    assert shed.locator("h4").first.inner_text() == "Qué hacer después"


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_homeowner_reads_the_fence_and_shed_answers_in_spanish(site, browser, english, js):
    for name, viewport in VIEWPORTS:
        context, page = _open(browser, site, viewport, js)
        _homeowner(page, js)
        _reads_spanish(browser, page, english, f"es-homeowner-{name}{'' if js else '-no-js'}", js)
        context.close()


def _adu(page, js: bool) -> None:
    _tick(page, "adu", js=js)
    _fill(
        page,
        {
            "zone": "NL",
            "adu_type": "detached",
            "adu_floor_area_sqft": "800",
            "adu_bedrooms": "1",
            "adu_height_ft": "16",
            "adu_side_setback_ft": "4",
            "adu_rear_setback_ft": "4",
            "existing_dwelling": "single_family",
            "primary_floor_area_sqft": "1600",
            "near_transit": "yes",
        },
    )
    _submit(page, js)
    answer = page.locator("#answer-adu")
    answer.wait_for()
    assert answer.locator("h3").inner_text() == "Una ADU o JADU"
    assert answer.locator(".finding").count() > 0
    assert answer.locator("h4").first.inner_text() == "Qué hacer después"
    # The state law cited stays English, marked so, and the page says once why.
    assert answer.locator('.cite [lang="en"]').count() > 0
    assert page.locator("[data-law-in-english]").count() == 1


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_adu_owner_reads_what_state_law_guarantees_in_spanish(site, browser, english, js):
    for name, viewport in VIEWPORTS:
        context, page = _open(browser, site, viewport, js)
        _adu(page, js)
        _reads_spanish(browser, page, english, f"es-adu-{name}{'' if js else '-no-js'}", js)
        context.close()


def _salon(page, js: bool) -> None:
    _tick(page, "home_business", js=js)
    _fill(
        page,
        {
            "zone": "NL",
            "business_kind": "hair_salon",
            "home_floor_area_sqft": "1600",
            "business_floor_area_sqft": "200",
            "visitor_trips_per_day": "8",
            "clients_at_once": "1",
        },
    )
    _submit(page, js)
    answer = page.locator("#answer-home_business")
    answer.wait_for()
    steps = answer.locator(".next-steps [data-approval]")
    assert [steps.nth(i).get_attribute("data-approval") for i in range(steps.count())] == [
        "business_license",
        "state_license",
    ]
    assert steps.first.inner_text().startswith("Obtenga una licencia comercial")


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_salon_owner_reads_the_licenses_in_spanish(site, browser, english, js):
    for name, viewport in VIEWPORTS:
        context, page = _open(browser, site, viewport, js)
        _salon(page, js)
        _reads_spanish(browser, page, english, f"es-salon-{name}{'' if js else '-no-js'}", js)
        context.close()


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_bad_input_is_answered_in_spanish_beside_its_field_with_the_text_kept(site, browser, js):
    context, page = _open(browser, site, PHONE, js)
    _tick(page, "fence", js=js)
    _fill(page, {"zone": "NL", "fence_height_ft": "seis"})
    _submit_bad = page.get_by_role("button", name="Revisar mi lote")
    _submit_bad.click()
    error = page.locator("#error-fence_height_ft")
    error.wait_for()
    page.wait_for_function(
        "() => document.getElementById('error-fence_height_ft').textContent.trim() !== ''"
    )
    assert error.inner_text().startswith("Escriba")
    assert page.locator("#id_fence_height_ft").input_value() == "seis"
    described = page.locator("#id_fence_height_ft").get_attribute("aria-describedby")
    assert "error-fence_height_ft" in described.split()
    assert "Hay respuestas que corregir" in page.locator("#results").inner_text()
    save_screenshot(page, f"es-bad-input-phone{'' if js else '-no-js'}")
    context.close()
