"""Issue 21's users, in a real browser: each gets the headline a planner at the counter would
give, with and without JavaScript, on a phone and on a desktop (screenshots in artifacts/).

- The 800 sq ft, 16 ft detached ADU 4 ft from the side and rear lines beside a home: allowed
  with a ministerial permit; the fees, parking and deadlines are conditions under "what to do
  next", never a reason to hold the answer.
- The room addition in an AE flood zone: every decisive question asked at once, the
  half-of-the-home's-value question among them, and no lot width, depth or number of homes.
- The four-plex on an 8,000 sq ft NM lot: told how many homes the lot allows, shown the state
  routes that add one (an ADU; not SB 9, NM being no single-family zone).
The shed and the salon are pinned by test_project_journeys.py (what is known, who decides)."""

import pytest

from tests.e2e.conftest import save_screenshot
from tests.e2e.test_project_journeys import DESKTOP, PHONE, _answer_on_screen, _submit, _tick

pytestmark = pytest.mark.browser

JS = pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])


def _fill(page, **answers) -> None:
    for field, value in answers.items():
        locator = page.locator(f"#id_{field}")
        if locator.evaluate("e => e.tagName") == "SELECT":
            locator.select_option(value)
        else:
            locator.fill(value)


def _each_screen(browser, site, js, name, journey, project) -> None:
    for screen, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(viewport=viewport, java_script_enabled=js)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{site.url}/check-my-lot/")
        journey(page, js)
        shot = f"{name}-{screen}{'' if js else '-no-js'}"
        _answer_on_screen(page, project, shot)
        save_screenshot(page, f"answers-{shot}")
        context.close()


def _adu(page, js: bool) -> None:
    page.locator("#id_project_adu").check()
    if js:
        page.wait_for_selector("fieldset#section-adu.questions")
    else:
        page.get_by_role("button", name="Show my questions").click()
        page.wait_for_selector("fieldset#section-adu.questions")
    _fill(
        page,
        zone="NL",
        adu_type="detached",
        existing_dwelling="single_family",
        adu_floor_area_sqft="800",
        adu_height_ft="16 ft",
        adu_side_setback_ft="4'",
        adu_rear_setback_ft="4 feet",
    )
    _submit(page, js)
    answer = page.locator('#answer-adu[data-outcome="allowed_with_approval"]')
    answer.wait_for()
    steps = answer.locator(".next-steps [data-approval]")
    approvals = [steps.nth(i).get_attribute("data-approval") for i in range(steps.count())]
    assert approvals == ["ministerial_permit"]
    conditions = answer.locator("[data-condition]")
    held = {conditions.nth(i).get_attribute("data-condition") for i in range(conditions.count())}
    assert {"adu.fees", "adu.parking"} <= held, held
    assert answer.locator("[data-missing]").count() == 0  # nothing asked to decide it


@JS
def test_the_adu_owner_is_told_it_is_allowed_with_a_ministerial_permit_fees_and_parking_as_conditions(
    site, browser, js
):
    _each_screen(browser, site, js, "adu", _adu, "adu")


def _flood_addition(page, js: bool) -> None:
    _tick(page, "main_building", js=js)
    _fill(page, zone="NL", building_type="single_family_existing")
    page.locator("#id_in_flood_zone").check()
    if not js:
        page.get_by_role("button", name="Check my lot").click()
    page.wait_for_selector("#id_flood_zone")
    _fill(page, flood_zone="AE", work_kind="addition")
    _submit(page, js)
    answer = page.locator('#answer-main_building[data-outcome="cannot_tell"]')
    answer.wait_for()
    asked = answer.locator("[data-missing] [data-field]")
    fields = [asked.nth(i).get_attribute("data-field") for i in range(asked.count())]
    assert "substantial_improvement" in fields, fields
    # An existing lot and an existing home: neither the lot's size nor the homes are asked.
    assert not {"lot_width_ft", "lot_depth_ft", "dwelling_units"}.intersection(fields), fields
    # Every question it names is on the page already, and answering them all settles it.
    for field in fields:
        assert page.locator(f"#id_{field}").count() == 1, field


@JS
def test_the_ae_flood_zone_addition_is_asked_every_decisive_question_at_once(site, browser, js):
    _each_screen(browser, site, js, "flood-addition", _flood_addition, "main_building")


def _fourplex(page, js: bool) -> None:
    _tick(page, "main_building", js=js)
    _fill(page, zone="NM", building_type="plex", lot_area_sqft="8,000", dwelling_units="4")
    _submit(page, js)
    answer = page.locator('#answer-main_building[data-outcome="not_allowed_as_planned"]')
    answer.wait_for()
    routes = answer.locator("[data-reason] [data-alternative]")
    offered = [routes.nth(i).get_attribute("data-alternative") for i in range(routes.count())]
    assert offered == ["adu"]
    assert "1" in answer.locator("[data-reason] p").first.inner_text()  # the homes it allows
    href = routes.first.locator("a").get_attribute("href")
    assert "project=adu" in href and "zone=NM" in href and "lot_area_sqft=8" in href


@JS
def test_the_fourplex_owner_is_told_the_homes_the_lot_allows_and_the_state_routes(
    site, browser, js
):
    _each_screen(browser, site, js, "fourplex", _fourplex, "main_building")
