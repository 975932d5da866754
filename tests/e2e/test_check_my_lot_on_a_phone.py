"""Check my lot on a phone (issue 22), in a real browser at 390 and 1280 px: a homeowner's 7 ft
rear fence typed as people type it shows "Allowed as planned" on screen as the last answer is
given, with at most 8 questions for a fence alone and no console error; numbers typed the usual
way are read, in the form and the JSON; a field shows its error once it is left, and its
aria-invalid and red border follow it; a site condition is one yes/no; no headline scrolls
sideways and the sheet prints. Screenshots in artifacts/check-my-lot-*.png; axe on each state."""

import re

import pytest

from tests.e2e.conftest import artifact
from tests.e2e.test_accessibility import blocking_violations
from tests.e2e.test_checker_history_and_print import pdf_pages

pytestmark = pytest.mark.browser

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
URL = "/check-my-lot/"

VISIBLE_QUESTIONS = """() => [...document.querySelectorAll('#project-questions .field')]
    .filter((e) => e.offsetParent !== null).length"""
SHOWN_ERRORS = """() => [...document.querySelectorAll('.checker-form .field-error')]
    .filter((e) => e.textContent.trim() && e.offsetParent !== null).map((e) => e.id)"""
IN_VIEW = """(selector) => { const e = document.querySelector(selector); if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


def _context(browser, viewport, js=True):
    # axe is injected as a script tag, which the site's CSP forbids: these contexts bypass it
    # (tests/e2e/test_content_security_policy.py checks the policy itself).
    context = browser.new_context(viewport=viewport, java_script_enabled=js, bypass_csp=js)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _settled(page) -> None:
    """Every update sent has been answered and swapped in (htmx marks a request in flight)."""
    page.wait_for_timeout(700)  # longer than the form's 200 ms pause while typing
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _axe_clean(page, axe_path, state: str) -> None:
    assert blocking_violations(page, axe_path) == [], state


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_a_homeowner_types_a_7_ft_rear_fence_and_sees_the_answer_on_screen(
    site, browser, axe_path, js
):
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        shot = f"check-my-lot-fence-{name}{'' if js else '-no-js'}"
        context, page, errors = _context(browser, viewport, js)
        page.goto(site.url + URL)
        page.locator("#id_project_fence").check()
        if js:
            page.wait_for_selector("fieldset#section-fence")
            _settled(page)
        else:
            page.get_by_role("button", name="Show my questions").click()
            page.wait_for_selector("fieldset#section-fence")
            # It lands on the first question it revealed, not past them on a red box.
            assert page.url.endswith("#new-questions")
            assert page.evaluate(IN_VIEW, "#field-zone")
        # A fence alone: at most 8 questions (15 before: the lot's eleven came first), and
        # nothing scolded before it is reached (ticking showed the zone's message in red).
        asked = page.evaluate(VISIBLE_QUESTIONS)
        print(f"{name}{'' if js else ' (no JS)'}: {asked} questions for a fence alone")
        assert asked <= 8
        assert page.evaluate(SHOWN_ERRORS) == []
        assert page.locator("[aria-invalid]").count() == 0
        if js:
            _axe_clean(page, axe_path, "the fence's questions")
        page.select_option("#id_zone", "NL")
        height = page.locator("#id_fence_height_ft")
        height.click()
        height.press_sequentially("7'", delay=60)  # as people type it
        page.keyboard.press("Tab")
        page.select_option("#id_fence_location", "interior_side_or_rear_setback")  # the last
        if js:
            verdict = '#answer-bar li[data-project="fence"][data-outcome="allowed"]'
            page.wait_for_selector(verdict)
            assert "Allowed as planned" in page.locator(verdict).inner_text()
            assert page.evaluate(IN_VIEW, verdict), "the verdict is on screen"
            assert page.locator("#understood-fence_height_ft").inner_text() == "Read as 7 feet"
            _settled(page)
            assert page.url.endswith("#results-title")  # a copy of it opens on the answer
            _axe_clean(page, axe_path, "the answer")
        else:
            page.get_by_role("button", name="Check my lot").click()
            page.wait_for_selector('#answer-fence[data-outcome="allowed"]')
            assert page.url.endswith("#results-title")
            assert page.evaluate(IN_VIEW, "#answer-fence .headline")
            assert "Allowed as planned" in page.locator("#answer-fence .headline").inner_text()
            assert page.locator("#understood-fence_height_ft").inner_text() == "Read as 7 feet"
        page.screenshot(path=artifact(f"{shot}.png"))
        assert errors == [], errors
        context.close()


def test_numbers_typed_as_people_type_them_are_read_in_the_form_and_the_json(site, browser):
    context, page, errors = _context(browser, PHONE)
    page.goto(site.url + URL + "?project=main_building&project=fence&zone=NL")
    for field, typed, read in (
        ("lot_area_sqft", "8,000", "Read as 8,000 square feet"),
        ("front_setback_ft", "3 ft", "Read as 3 feet"),
        ("rear_setback_ft", "7'", "Read as 7 feet"),
        ("fence_height_ft", "6'6\"", "Read as 6 ft 6 in."),
    ):
        box = page.locator(f"#id_{field}")
        box.click()
        box.press_sequentially(typed, delay=40)
        page.keyboard.press("Tab")
        page.wait_for_function(
            "([id, text]) => document.getElementById(id).textContent === text",
            arg=[f"understood-{field}", read],
        )
        assert page.locator(f"#error-{field}").inner_text() == ""
    _settled(page)
    page.screenshot(path=artifact("check-my-lot-numbers-phone.png"), full_page=True)
    answer = page.request.get(
        site.url + "/check-my-lot/result.json",
        params={
            "zone": "NL",
            "lot_area_sqft": "8,000",
            "front_setback_ft": "3 ft",
            "rear_setback_ft": "7'",
            "fence_height_ft": "6'6\"",
            "fence_location": "interior_side_or_rear_setback",
        },
    ).json()
    assert answer["errors"] == {}
    values = {f["rule"]: f["value"] for f in answer["findings"] if f.get("value") is not None}
    assert values["lot.area"] == 8000
    assert values["setback.front"] == 3 and values["setback.rear"] == 7
    assert values["fence.height"] == 78  # inches
    assert errors == [], errors
    context.close()


def test_a_field_shows_its_error_once_left_and_its_state_follows_it(site, browser, axe_path):
    context, page, errors = _context(browser, PHONE)
    page.goto(site.url + URL)
    page.locator("#id_project_main_building").check()
    page.wait_for_selector("fieldset#section-building")
    _settled(page)
    zone = page.locator("#id_zone")
    assert page.evaluate(SHOWN_ERRORS) == [] and zone.get_attribute("aria-invalid") is None
    # A select: left without a choice, it says so; chosen, the message and the state go.
    zone.focus()
    page.keyboard.press("Tab")
    page.wait_for_selector("#error-zone:not(:empty)")
    assert zone.get_attribute("aria-invalid") == "true"
    assert "has-error" in page.locator("#field-zone").get_attribute("class")
    page.screenshot(path=artifact("check-my-lot-error-zone-phone.png"))
    _axe_clean(page, axe_path, "a field in error")
    page.select_option("#id_zone", "NL")
    _settled(page)
    assert page.locator("#error-zone").inner_text() == ""
    assert zone.get_attribute("aria-invalid") is None
    assert "has-error" not in page.locator("#field-zone").get_attribute("class")
    # A number: nothing while it is typed, the message once it is left, gone once fixed.
    area = page.locator("#id_lot_area_sqft")
    area.click()
    area.press_sequentially("8,0", delay=40)
    _settled(page)  # the update came back with the message: not shown yet
    assert page.locator("#error-lot_area_sqft").inner_text() == ""
    page.keyboard.press("Tab")
    page.wait_for_selector("#error-lot_area_sqft:not(:empty)")
    assert area.get_attribute("aria-invalid") == "true"
    area.fill("8,000")
    page.keyboard.press("Tab")
    page.wait_for_selector("#error-lot_area_sqft:empty", state="attached")
    assert area.get_attribute("aria-invalid") is None
    assert page.locator("#understood-lot_area_sqft").inner_text() == "Read as 8,000 square feet"
    # A box: a link's unreadable answer is scolded on arrival; ticking the box fixes it.
    page.goto(site.url + URL + "?project=main_building&zone=NL&corner_lot=maybe")
    corner = page.locator("#id_corner_lot")
    assert page.locator("#error-corner_lot").inner_text() != ""
    assert corner.get_attribute("aria-invalid") == "true"
    corner.check()
    _settled(page)
    assert page.locator("#error-corner_lot").inner_text() == ""
    assert corner.get_attribute("aria-invalid") is None
    assert errors == [], errors
    context.close()


def test_flood_and_hillside_are_one_yes_no_each_opened_only_on_yes(site, browser, axe_path):
    context, page, errors = _context(browser, PHONE)
    page.goto(site.url + URL)
    page.locator("#id_project_fence").check()
    page.locator("#id_project_accessory_structure").check()
    page.wait_for_selector("fieldset#section-accessory")
    _settled(page)
    # Before: ticking fence and shed opened the flood zone's six questions.
    assert page.locator("#id_in_flood_zone").is_visible()
    assert not page.locator("#id_flood_zone").is_visible()
    assert page.locator("#id_hillside").count() == 0  # a hillside's limits are a home's
    page.select_option("#id_zone", "NL")
    page.locator("#id_in_flood_zone").check()
    assert page.locator("#id_flood_zone").is_visible()
    page.select_option("#id_flood_zone", "AE")
    _settled(page)
    assert "flood_zone=AE" in page.url
    assert page.locator('#results [data-rule="flood.permit"]').count() >= 1
    _axe_clean(page, axe_path, "the flood questions opened")
    page.screenshot(path=artifact("check-my-lot-flood-phone.png"), full_page=True)
    page.locator("#id_in_flood_zone").uncheck()
    _settled(page)
    assert not page.locator("#id_flood_zone").is_visible()
    assert "flood_zone" not in page.url  # closed questions send nothing
    assert errors == [], errors
    context.close()


# A 4 ft solid fence in the front setback: "Allowed with administrative design review." (a
# headline held on one line made the page 988 px wide on a phone).
FRONT_FENCE = (
    "?project=fence&zone=NL&fence_height_ft=4&fence_location=front_or_street_side_setback"
    "&fence_type=solid"
)


@pytest.mark.parametrize("js", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_no_headline_scrolls_sideways_on_a_phone_and_the_sheet_prints(site, browser, js):
    context, page, _errors = _context(browser, PHONE, js)
    page.goto(site.url + URL + FRONT_FENCE)
    page.wait_for_selector('#answer-fence[data-outcome="allowed_with_approval"]')
    widths = page.evaluate(
        """() => [...document.querySelectorAll('.headline, .answer-bar li')]
            .map((e) => [e.scrollWidth, e.clientWidth])"""
    )
    assert widths and all(scroll <= client + 1 for scroll, client in widths), widths
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=artifact(f"check-my-lot-headlines-phone{'' if js else '-no-js'}.png"))
    if js:
        pdf = page.pdf(format="Letter")
        pages = pdf_pages(pdf)
        print(f"a front fence: {pages} Letter page(s)")
        assert pages == 1
        page.emulate_media(media="print")
        assert not page.locator("#answer-bar").is_visible()  # the form stays off the sheet
        sheet = page.locator(".print-inputs").inner_text()
        assert re.search(r"Height: 4 ft", sheet)
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_ticking_a_project_scolds_nothing_not_reached_until_the_check_is_asked_for(
    site, browser, viewport
):
    """Issue 28: the zone select turned red, and 'Some answers need fixing' appeared, the
    moment a project was ticked (the questions' outerHTML swap never told the page's script).
    Twelve loads each way: it happened on every one before the fix."""
    context, page, errors = _context(browser, viewport)
    for _ in range(12):
        page.goto(site.url + URL)
        page.locator("#id_project_fence").check()
        page.wait_for_selector("fieldset#section-fence.questions")
        _settled(page)
        state = page.evaluate(
            """() => [!!document.querySelector('#field-zone.has-error'),
                document.querySelector('#id_zone').getAttribute('aria-invalid'),
                [...document.querySelectorAll('.error-summary')].some((e) => !e.hidden)]"""
        )
        assert state == [False, None, False]
    page.get_by_role("button", name="Check my lot").click()
    _settled(page)
    assert page.locator("#field-zone.has-error").count() == 1  # asked for: now it is said
    assert page.locator(".error-summary").is_visible()
    assert errors == []
    context.close()
