"""Check my lot on a phone (issue 22): only the questions that bear on the projects chosen, the
site conditions as one yes/no each, errors only where a field is on the page, what was read of
a typed number beside its field and on the printed sheet, the answer bar, and "Show my
questions" without JavaScript. Assertions are on ids, attributes and names; the words checked
are the understood figures the issue names."""

import re
from html import unescape

import pytest

from law.engine.registry import registry
from rules.forms import CheckForm, _layout

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
HTMX = {"HX-Request": "true"}
FLOOD = ("flood_zone", "base_flood_elevation_ft", "lowest_floor_elevation_ft", "in_floodway")
LOT_WIDE = (
    "lot_width_ft",
    "lot_depth_ft",
    "common_interest_subdivision",
    "ground_floor_residential",
)


def _names(projects) -> list[str]:
    return [name for section in _layout(tuple(projects)) for name in section["names"]]


def _asked_before_a_yes(projects) -> list[str]:
    closed = {
        name
        for section in _layout(tuple(projects))
        for condition in section.get("conditions", ())
        for name in condition["opens"]
    }
    return [name for name in _names(projects) if name not in closed]


def _drawn(html: str) -> list[str]:
    """The names of the questions drawn in the page's questions (open or closed)."""
    questions = re.search(
        r'<div id="project-questions"[^>]*>.*?id="section-date"', html, re.S
    ).group(0)
    return re.findall(r'<div class="field[^"]*" id="field-([a-z0-9_]+)"', questions)


def test_a_fence_alone_asks_at_most_eight_questions_the_zone_first():
    # Before: 15 (the lot's eleven, the fence's four).
    asked = _asked_before_a_yes(["fence"])
    assert asked[0] == "zone" and len(asked) <= 8
    assert set(asked) == {"zone", "corner_lot", "fence_height_ft", "fence_height_extra_in"} | {
        "fence_location",
        "fence_type",
    }


def test_something_else_alone_asks_only_the_zone(client):
    # Before: the whole form, 64 questions, for a project no rule here bears on.
    html = client.get(URL, {"project": "other"}).content.decode()
    assert _drawn(html) == ["zone"]
    assert 'id="something-else"' in html


@pytest.mark.parametrize("project", ["fence", "accessory_structure", "home_business", "adu"])
def test_lot_wide_questions_are_asked_for_a_new_building_only(project):
    assert not set(LOT_WIDE) & set(_names([project]))
    assert set(LOT_WIDE) <= set(_names(["main_building", project]))


def test_a_fence_and_a_shed_do_not_open_the_flood_questions(client):
    html = client.get(URL, {"zone": "NL", "project": ["fence", "accessory_structure"]}).content
    html = html.decode()
    gate = re.search(r'<input[^>]*name="in_flood_zone"[^>]*>', html).group(0)
    assert "checked" not in gate
    closed = re.search(r'<fieldset[^>]*data-opened-by="in_flood_zone"[^>]*>', html).group(0)
    assert "hidden" in closed and "disabled" in closed  # drawn, but nothing in it is sent
    assert 'data-opened-by="hillside"' not in html  # a hillside's limits are a home's
    assert "flood" not in _asked_before_a_yes(["fence", "accessory_structure"])


@pytest.mark.parametrize(
    "query",
    [
        {"in_flood_zone": "on"},
        {"flood_zone": "AE"},  # a link that gives the zone alone opens them too
    ],
    ids=["ticked", "a link with the zone"],
)
def test_a_yes_opens_the_flood_questions(client, query):
    answers = {"zone": "NL", "project": "accessory_structure", **query}
    html = client.get(URL, answers).content.decode()
    opened = re.search(r'<fieldset[^>]*data-opened-by="in_flood_zone"[^>]*>', html).group(0)
    assert "hidden" not in opened and "disabled" not in opened
    assert re.search(r'<input[^>]*name="in_flood_zone"[^>]*checked', html)
    for name in FLOOD:
        assert f'name="{name}"' in html


@pytest.mark.parametrize("project", tuple(registry().projects))
def test_every_question_a_project_may_need_is_asked_from_the_start(project):
    """The list never grows under a person's feet: what any rule bearing on the project may
    name as missing (its family's declared inputs) is drawn with the project's questions,
    a site condition's behind its one yes/no."""
    reg = registry()
    drawn = set(_names([project]))
    shown_as = CheckForm.SHOWN_AS
    for family in reg.families:
        if not set(reg.project_rules[project]) & set(family.rules):
            continue
        for name in family.inputs:
            assert set(shown_as.get(name, (name,))) <= drawn, (family.name, name)


@pytest.mark.parametrize("area", ["abc", ""], ids=["an answer in error", "none"])
@pytest.mark.parametrize(
    "projects", [["fence"], ["accessory_structure"], ["main_building", "fence"], []]
)
def test_an_update_refreshes_only_the_slots_on_the_page(client, projects, area):
    # Before: every update swapped in all ~70 error slots, some 50 of them for fields the page
    # no longer draws: htmx:oobErrorNoTarget in the console, ten a keystroke.
    answers = {"zone": "NL", "project": projects, "lot_area_sqft": area}
    page = client.get(URL, answers).content.decode()
    update = client.get(URL, answers, headers=HTMX).content.decode()
    targets = re.findall(r'id="([^"]+)"[^>]*hx-swap-oob', update)
    assert targets
    for target in targets:
        assert f'id="{target}"' in page, target


def test_ticking_a_project_brings_no_error_but_the_slots_keep_the_message(client):
    # The server words the zone's message; the page shows it once the field was left or the
    # form submitted (static/js/checker.js), so the slot is there for it.
    html = client.get(URL, {"zone": "", "project": "fence", "part": "questions"}, headers=HTMX)
    assert 'id="error-zone"' in html.content.decode()


def test_without_javascript_show_my_questions_lands_on_the_first_new_question(client):
    page = client.get(URL).content.decode()
    button = re.search(r'<button[^>]*formaction="[^"]*"[^>]*>', page).group(0)
    assert 'formaction="/check-my-lot/#new-questions"' in button and 'name="shown"' in button
    # The fence ticked on the form with no project yet (every field drawn, empty): its
    # questions start with the zone; nothing is scolded.
    first = client.get(URL, {"zone": "", "project": "fence", "lot_area_sqft": "", "shown": ""})
    html = first.content.decode()
    assert re.search(r'<span id="new-questions"></span>\s*<div[^>]*id="field-zone"', html)
    assert 'class="error-summary"' not in html and "aria-invalid" not in html
    # Then a shed added to the fence (its questions on the page, the zone left empty).
    answers = {
        "zone": "",
        "project": ["fence", "accessory_structure"],
        "fence_height_ft": "7",
        "fence_height_extra_in": "",
        "fence_location": "",
        "fence_type": "",
        "shown": "fence",
    }
    html = client.get(URL, answers).content.decode()
    marked = re.search(r'<span id="new-questions"></span>\s*<div[^>]*id="field-([a-z_]+)"', html)
    assert marked.group(1) == "accessory_type"
    # A yes ticked (the flood questions were closed: none was sent) opens them.
    answers = {**answers, "in_flood_zone": "on", "shown": "fence accessory_structure"}
    answers.update(dict.fromkeys(_layout(("fence", "accessory_structure"))[2]["names"], ""))
    html = client.get(URL, answers).content.decode()
    marked = re.search(r'<span id="new-questions"></span>\s*<div[^>]*id="field-([a-z_]+)"', html)
    assert marked.group(1) == "flood_zone"


@pytest.mark.parametrize(
    ("name", "typed", "read", "printed"),
    [
        ("lot_area_sqft", "8,000", "8,000 square feet", "Lot area: 8,000 square feet"),
        ("lot_area_sqft", "0.2 acre", "8,712 square feet", "Lot area: 8,712 square feet"),
        ("front_setback_ft", "3 ft", "3 feet", "Front setback: 3 feet"),
        ("front_setback_ft", "6'6\"", "6 ft 6 in.", "Front setback: 6 ft 6 in."),
        ("fence_height_ft", "6'6\"", "6 ft 6 in.", "Height: 6 ft 6 in."),  # the fence's height
        (
            "accessory_footprint_sqft",
            "10 × 12 ft",
            "120 square feet",
            "Floor area: 120 square feet",
        ),
    ],
)
def test_what_was_read_of_a_number_is_shown_beside_it_and_on_the_sheet(
    client, name, typed, read, printed
):
    answers = {
        "zone": "NL",
        "project": ["main_building", "fence", "accessory_structure"],
        name: typed,
    }
    for headers in ({}, HTMX):  # the page, and an update's out-of-band slot
        html = client.get(URL, answers, headers=headers).content.decode()
        slot = re.search(
            rf'<span class="field-understood" id="understood-{name}"[^>]*>(.*?)</span>', html
        )
        assert unescape(slot.group(1)) == f"Read as {read}"
    sheet = re.search(r'<div class="print-only print-inputs">(.*?)</div>', html, re.S).group(1)
    assert printed in re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", sheet))).replace(
        " :", ":"
    )


def test_a_number_it_cannot_read_shows_nothing_understood(client):
    answers = {"zone": "NL", "project": "main_building", "lot_area_sqft": "8,0"}
    html = client.get(URL, answers).content.decode()
    assert re.search(r'<span class="field-understood" id="understood-lot_area_sqft"></span>', html)
    assert re.search(r'<input[^>]*name="lot_area_sqft"[^>]*aria-invalid="true"', html)


@pytest.mark.parametrize(
    ("answers", "complete"),
    [
        ({"fence_height_ft": "7", "fence_location": "interior_side_or_rear_setback"}, "true"),
        ({"fence_height_ft": "7"}, "false"),  # where it stands decides: a question is open
    ],
)
def test_the_answer_bar_follows_each_update_and_says_when_the_answer_is_complete(
    client, answers, complete
):
    query = {"zone": "NL", "project": "fence", **answers}
    update = client.get(URL, query, headers=HTMX).content.decode()
    bar = re.search(r'<div id="answer-bar"[^>]*>', update).group(0)
    assert 'hx-swap-oob="true"' in bar and f'data-complete="{complete}"' in bar
    assert re.search(r'<li data-project="fence" data-outcome="\w+">', update)
    page = client.get(URL, query).content.decode()
    assert '<div id="answer-bar"' in page  # its place on the page, for the swap


def test_a_box_drawn_from_a_link_it_could_not_read_sends_a_yes_once_ticked(client):
    # ?corner_lot=maybe drew the box with value="maybe": ticked, it sent "maybe" again.
    html = client.get(URL, {"zone": "NL", "project": "main_building", "corner_lot": "maybe"})
    box = re.search(r'<input[^>]*name="corner_lot"[^>]*>', html.content.decode()).group(0)
    assert 'type="checkbox"' in box and "value=" not in box  # the browser sends "on"
    assert 'aria-invalid="true"' in box
