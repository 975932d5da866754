"""Issue 11's wording fixes, as case tables at the limits: no doubled period after a unit, a
share-stated rule shows the square feet typed as well as the percent, a figure measured above
a reference says what the rule is (never "At least 0 ft"), and a single house is not told it
failed to be checked against a minimum of one home."""

import re
from html import unescape

import pytest
from django.template.loader import render_to_string

from law.engine import load_standards
from law.reports.presentation import key_numbers_for
from rules.wording.records import record_figure
from tests.rules.helpers import AS_OF

URL = "/check-my-lot/"


def _card(client, rule: str, query: dict) -> tuple[str, str]:
    """(status, text) of one finding card on the results page."""
    html = client.get(URL, query).content.decode()
    match = re.search(
        rf'<li class="finding[^"]*" data-rule="{re.escape(rule)}" data-status="(\w+)">(.*?)</li>',
        html,
        re.S,
    )
    assert match, rule
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", match.group(2))))
    return match.group(1), text.replace(" ;", ";").replace(" .", ".").replace(" ,", ",")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("feet", "inches", "status", "entered"),
    [
        ("6", "11", "pass", "6 ft 11 in."),
        ("7", "", "pass", "7 ft"),
        # Over 7 ft, note (1) turns on whether the top is open: the question it asks.
        ("7", "1", "not_checked", "7 ft 1 in."),
    ],
    ids=["a fence 1 in. under 7 ft", "a fence at exactly 7 ft", "a fence 1 in. over 7 ft"],
)
def test_a_figure_ending_in_in_dot_closes_its_sentence_with_one_period(
    client, feet, inches, status, entered
):
    query = {
        "project": "fence",
        "zone": "NL",
        "fence_location": "interior_side_or_rear_setback",
        "fence_height_ft": feet,
        "fence_height_extra_in": inches,
    }
    got, text = _card(client, "fence.height", query)
    assert got == status
    # As typed, in feet and inches (issue 21: "You entered 84 in." for a 7 ft fence).
    assert f"You entered {entered}; the maximum is 7 ft." in text
    assert "84 in" not in text
    assert ".." not in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("covered", "status", "sentence"),
    [
        (
            "1799",
            "pass",
            "You entered 1,799 sq ft of a 4,500 sq ft lot (39.98%); the maximum is 40% (1,800 sq ft).",
        ),
        (
            "1800",
            "pass",
            "You entered 1,800 sq ft of a 4,500 sq ft lot (40%); the maximum is 40% (1,800 sq ft).",
        ),
        (
            "1900",
            "fail",
            "You entered 1,900 sq ft of a 4,500 sq ft lot (42.22%); the maximum is 40% (1,800 sq ft).",
        ),
    ],
    ids=[
        "NL coverage 1 sq ft under 40 percent passes",
        "NL coverage at exactly 40 percent passes",
        "NL coverage of 1,900 sq ft on 4,500 fails",
    ],
)
def test_coverage_shows_the_square_feet_typed_and_the_percent(client, covered, status, sentence):
    query = {"zone": "NL", "lot_area_sqft": "4500", "covered_area_sqft": covered}
    got, text = _card(client, "coverage", query)
    assert got == status
    assert sentence in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("used", "status", "sentence"),
    [
        (
            "400",
            "pass",
            "You entered 400 sq ft of a 1,600 sq ft home (25%); the maximum is 25% (400 sq ft).",
        ),
        (
            "401",
            "fail",
            "You entered 401 sq ft of a 1,600 sq ft home (25.06%); the maximum is 25% (400 sq ft).",
        ),
    ],
    ids=["a business using exactly a quarter of the home passes", "one sq ft more fails"],
)
def test_a_home_business_floor_area_shows_square_feet_and_percent(client, used, status, sentence):
    query = {
        "zone": "NL",
        "project": "home_business",
        "home_floor_area_sqft": "1600",
        "business_floor_area_sqft": used,
    }
    got, text = _card(client, "home_business.floor_area", query)
    assert got == status
    assert sentence in text


def _lowest_floor(case: str):
    view = load_standards().view(AS_OF)
    return next(r for r in view.for_rule("flood.lowest_floor") if case in r.cases)


@pytest.mark.parametrize(
    ("case", "figure"),
    [
        ("AE", "At or above the base flood elevation"),
        ("AH", "At or above the base flood elevation"),
        ("A", "At or above the base flood elevation"),
        (
            "AO",
            "At least 2 ft above the highest adjacent grade (where the flood map gives no "
            "depth number; otherwise at least the depth number)",
        ),
    ],
    ids=[
        "AE lowest floor is at or above the BFE",
        "AH lowest floor is at or above the BFE",
        "unnumbered A lowest floor is at or above the BFE",
        "AO lowest floor is 2 ft above the highest adjacent grade unless a depth number is given",
    ],
)
def test_the_lowest_floor_figure_says_what_the_rule_is(case, figure):
    assert record_figure(_lowest_floor(case)) == figure


def test_the_flood_topics_key_numbers_never_say_at_least_0_ft():
    numbers = key_numbers_for("flood", AS_OF)
    html = render_to_string("cotati_site/partials/_key_numbers.html", {"key_numbers": numbers})
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))
    assert "At or above the base flood elevation" in text
    assert not re.search(r"At least 0 ft", text)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "status"),
    [
        ({"building_type": "single_family_new"}, "info"),
        ({"building_type": "single_family_existing"}, "info"),
        ({"building_type": "single_family_new", "dwelling_units": "1"}, "info"),
        ({"building_type": "plex"}, "not_checked"),
        ({}, "not_checked"),
    ],
    ids=[
        "a new single house is not held to the minimum density",
        "an existing single house is not held to it either",
        "one home entered is not held to it",
        "a plex without its number of homes is not checked",
        "nothing said about the project is not checked",
    ],
)
def test_minimum_density_for_a_single_house(client, query, status):
    got, text = _card(client, "density.min", {"zone": "NL", "lot_area_sqft": "4500", **query})
    assert got == status
    if status == "info":
        assert "applies to projects of two or more homes" in text


@pytest.mark.django_db
def test_an_answer_the_site_cannot_decide_does_not_ask_for_answers_already_given(client):
    # Every shed question answered: what decides it (the distances of § 17.42.160) is a rule
    # this site does not hold, so nothing is left to answer.
    html = client.get(
        "/check-my-lot/",
        {
            "zone": "NL",
            "project": "accessory_structure",
            "accessory_type": "shed",
            "accessory_footprint_sqft": "120",
            "accessory_height_ft": "9",
            "accessory_stories": "1",
            "accessory_side_line_ft": "5",
            "accessory_rear_line_ft": "5",
            "accessory_house_distance_ft": "10",
        },
    ).content.decode()
    answer = re.search(
        r'<section class="answer[^"]*" id="answer-accessory_structure".*?</section>', html, re.S
    ).group(0)
    assert 'data-outcome="city_decides"' in answer
    assert "data-missing" not in answer and 'data-step="answer"' not in answer
    assert 'data-step="ask-city"' in answer


def test_the_shed_permit_exemption_is_named_for_what_it_allows():
    from rules.wording.records import standard_label

    record = next(r for r in load_standards() if r.id == "crc-r105-2-accessory-exempt")
    assert standard_label(record) == "No building permit needed (one-story structures)"
    assert record_figure(record) == "Up to 120 sq ft"


def test_the_fence_row_outside_the_setbacks_keeps_note_1_beside_its_figure():
    record = next(r for r in load_standards() if r.id == "t3-2-outside-setbacks")
    assert record_figure(record) == (
        "Up to 8 ft (the part above the solid limit of open design: note (1))"
    )


def test_osc_density_keeps_its_caretaker_condition_in_tables_and_on_the_card():
    from law.engine import check_lot
    from law.engine.plan import Plan
    from law.engine.site import Lot
    from rules.wording.records import std

    record = next(r for r in load_standards() if r.id == "t2-4-osc-density-max")
    assert std(record) == "1 home (a caretaker's unit only)"
    lot = Lot(zone="OSC", area_sqft=100_000, dwelling_units=1)
    finding = next(f for f in check_lot(lot, Plan(), as_of=AS_OF) if f.rule == "density.max")
    assert finding.note == "caretaker_unit_only"


@pytest.mark.parametrize(
    ("zone", "words"),
    [("NL", "(a porch does not count)"), ("NU", "(a porch or stoop does not count)")],
)
def test_the_garage_rule_says_what_its_table_leaves_out_of_the_facade(zone, words):
    from law.engine import check_lot
    from law.engine.plan import Plan
    from law.engine.site import Lot
    from rules.wording.labels import note_text

    lot = Lot(zone=zone, area_sqft=6000)
    finding = next(f for f in check_lot(lot, Plan(), as_of=AS_OF) if f.rule == "garage.placement")
    assert note_text(finding.note).endswith(words + ".")
