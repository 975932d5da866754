"""A number field emptied loses its "Read as" in the browser: an update of the results sends
the out-of-band "Read as" slots only of the fields that hold text (rules/wording/slots.py,
tests/check_my_lot/test_read_as_slots.py), so static/js/checker.js empties a field's slot as
the field is emptied, and again after each update (one that read the field while it still
held text may arrive after it was emptied)."""

import pytest

pytestmark = pytest.mark.browser

URL = "/check-my-lot/?project=main_building&zone=NL"
READ = "(id) => document.getElementById(id).textContent"


def _settled(page) -> None:
    """Every update sent has been answered and swapped in (htmx marks a request in flight)."""
    page.wait_for_timeout(700)  # longer than the form's 500 ms pause while typing
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _read_as(page, name: str, text: str) -> None:
    page.wait_for_function(
        "([id, text]) => document.getElementById(id).textContent === text",
        arg=[f"understood-{name}", text],
    )


def test_a_number_emptied_loses_its_read_as_at_once_and_after_each_update(site, page):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url + URL)
    page.locator("#id_lot_area_sqft").fill("8,000")
    page.locator("#id_front_setback_ft").fill("20")
    page.keyboard.press("Tab")
    _read_as(page, "lot_area_sqft", "Read as 8,000 square feet")
    _read_as(page, "front_setback_ft", "Read as 20 feet")
    _settled(page)

    # Emptied: its reading goes as it is emptied, and the update that follows keeps it gone
    # (it sends no slot for the field) and leaves the other field's alone.
    page.locator("#id_lot_area_sqft").fill("")
    assert page.evaluate(READ, "understood-lot_area_sqft") == ""
    _settled(page)
    assert page.evaluate(READ, "understood-lot_area_sqft") == ""
    assert page.evaluate(READ, "understood-front_setback_ft") == "Read as 20 feet"

    # Emptied while an update that read it was on its way (no input event here): that
    # update's reading is not kept once it is swapped in.
    page.evaluate("() => { document.getElementById('id_front_setback_ft').value = ''; }")
    page.locator("#id_rear_setback_ft").fill("15")
    page.keyboard.press("Tab")
    _read_as(page, "rear_setback_ft", "Read as 15 feet")
    _settled(page)
    assert page.evaluate(READ, "understood-front_setback_ft") == ""
    assert errors == [], errors
