"""Check my lot's updates wait in one queue and each reads the form when its turn comes, so an
update may carry a project whose questions are still on their way: it names the projects of
the questions on the page (questions_for) and swaps in only their slots. Ticking projects and
site conditions several at a time, in one go (as a loaded server makes a person's clicks
arrive), once logged htmx:oobErrorNoTarget for #error-work_kind and 24 more slots
(tests/e2e/test_check_my_lot_on_a_phone.py under load)."""

import random

import pytest

pytestmark = pytest.mark.browser

URL = "/check-my-lot/"
KEYS = ("fence", "accessory_structure", "adu", "sb9", "home_business", "main_building", "other")
TICK = """(keys) => {
  for (const key of keys) document.getElementById('id_project_' + key).click();
  for (const gate of ['in_flood_zone', 'hillside']) {
    const box = document.getElementById('id_' + gate);
    if (box && Math.random() < 0.5) box.click();
  }
  const zone = document.getElementById('id_zone');
  zone.value = 'NL';
  zone.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def _errors(page) -> list[str]:
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _settled(page) -> None:
    page.wait_for_timeout(700)  # the form's 500 ms pause while typing, and a little
    page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=30_000)


def test_fence_and_shed_ticked_at_once_swap_in_no_slot_without_its_field(site, page):
    errors = _errors(page)
    page.goto(site.url + URL)
    page.evaluate(TICK, ["fence", "accessory_structure"])
    page.wait_for_selector("fieldset#section-accessory")
    _settled(page)
    assert errors == [], errors
    assert "questions_for" not in page.url  # the page's own parameter, never in its address
    # The fence's and the shed's questions, and their slots, are all on the page.
    assert page.locator("#error-work_kind").count() == 1
    assert page.locator("#error-fence_type").count() == 1


def test_projects_and_site_conditions_ticked_several_at_a_time(site, page):
    errors = _errors(page)
    page.goto(site.url + URL)
    picks = random.Random(22)
    for _ in range(10):
        page.evaluate(TICK, picks.sample(KEYS, picks.randint(1, 3)))
        page.wait_for_timeout(picks.choice([0, 50, 200]))
    _settled(page)
    assert errors == [], errors
    # The page settles on the questions of the boxes ticked.
    ticked = page.evaluate(
        "() => [...document.querySelectorAll('input[name=project]:checked')].map(b => b.value)"
    )
    drawn = page.locator("#project-questions").get_attribute("data-questions-for")
    assert drawn.split() == ticked
