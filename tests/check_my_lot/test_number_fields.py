"""Check my lot reads numbers written in ASCII digits only and says so next to the field."""

import math
import re
import time
from html import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.forms import CheckForm
from rules.numbers import read_measure, read_whole

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"
NOT_ASCII = ["١٢", "１２", "1_0", "²", "①", "₂", "1_000"]


@pytest.mark.parametrize("value", NOT_ASCII)
@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("front_setback_ft", "Enter a number of feet, like 20 or 20.5."),
        ("dwelling_units", "Enter a whole number of homes, like 1 or 2."),
    ],
)
def test_a_number_not_in_ascii_digits_gets_the_field_message(client, field, message, value):
    response = client.get(JSON_URL, {"zone": "NL", field: value})
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}
    page = client.get(URL, {"zone": "NL", field: value}).content.decode()
    assert message in page
    assert f'value="{value}"' in page  # nothing typed is lost


@pytest.mark.parametrize(("value", "number"), [("12", 12), (" 7 ", 7), ("4.5", 4.5)])
def test_ascii_numbers_are_still_read(client, value, number):
    response = client.get(JSON_URL, {"zone": "NL", "front_setback_ft": value})
    assert response.status_code == 200
    front = [f for f in response.json()["findings"] if f["rule"] == "setback.front"]
    assert front and front[0]["value"] == number


def test_numbers_are_typed_in_text_boxes_with_the_number_keypad(client):
    # <input type="number"> lets the browser drop what is not a digit as it is typed
    # ("10x12" became 1012 sq ft): the text reaches the server, which says what is wrong.
    page = client.get(URL, {"zone": "NL", "project": "accessory_structure"}).content.decode()
    box = re.search(r'<input[^>]*name="accessory_footprint_sqft"[^>]*>', page).group(0)
    assert 'type="text"' in box and 'inputmode="decimal"' in box
    assert 'type="number"' not in page


SHED = {"zone": "NL", "project": "accessory_structure", "accessory_type": "shed"}


# Issue 22: numbers as people type them, read the same by the form and the JSON.
AS_TYPED = [
    ("lot_area_sqft", "8,000", 8000),
    ("lot_area_sqft", "120 sq ft", 120),
    ("lot_area_sqft", "4,500 square feet", 4500),
    ("lot_area_sqft", "0.2 acre", 8712),
    ("lot_area_sqft", "1.5 acres", 65340),
    ("accessory_footprint_sqft", "10x12", 120),
    ("accessory_footprint_sqft", "10 × 12 ft", 120),
    ("accessory_footprint_sqft", "10 ft by 12 ft", 120),
    ("accessory_footprint_sqft", "8.5×10", 85),
    ("front_setback_ft", "3 ft", 3),
    ("front_setback_ft", "3 feet", 3),
    ("front_setback_ft", "7'", 7),
    ("front_setback_ft", "7’", 7),  # a phone's smart apostrophe
    ("front_setback_ft", "84 in", 7),
    ("front_setback_ft", '84"', 7),
    ("front_setback_ft", "6'6\"", 6.5),
    ("front_setback_ft", "6’6”", 6.5),
    ("front_setback_ft", "6 ft 6 in", 6.5),
    ("front_setback_ft", "6ft 6in.", 6.5),
    ("front_setback_ft", "6'6", 6.5),
    ("front_setback_ft", "1,000.5", 1000.5),
    ("lowest_floor_elevation_ft", "-3 ft", -3),
    ("fence_height_ft", "6'6\"", 6.5),
    ("fence_height_extra_in", '6"', 6),
    ("fence_height_in", "7 ft", 84),
    ("dwelling_units", "1,200", 1200),
    ("sb9_walls_demolished_percent", "25%", 25),
    # Spanish units, on any page (issue 29).
    ("front_setback_ft", "3 pies", 3),
    ("fence_height_ft", "6 pies 6 pulgadas", 6.5),
    ("fence_height_extra_in", "6 pulgadas", 6),
    ("accessory_footprint_sqft", "120 pies cuadrados", 120),
    ("accessory_footprint_sqft", "10 por 12", 120),
    ("business_floor_area_sqft", "400 pies2", 400),
    ("sb9_walls_demolished_percent", "25 por ciento", 25),
    # A point that cannot group thousands is a decimal point.
    ("front_setback_ft", "1.5", 1.5),
    ("front_setback_ft", "0.125", 0.125),
    ("lot_area_sqft", "1,400.5", 1400.5),
]


@pytest.mark.parametrize(
    ("field", "typed", "number"), AS_TYPED, ids=[f"{f} {t}" for f, t, _ in AS_TYPED]
)
def test_a_number_typed_as_people_type_it_is_read(field, typed, number):
    form = CheckForm({"zone": "NL", field: typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data[field] == pytest.approx(number)


@pytest.mark.parametrize(
    ("field", "typed", "value"),
    [
        ("lot_area_sqft", "8,000", 8000),
        ("front_setback_ft", "1,000", 1000),
        ("front_setback_ft", "3 ft", 3),
        ("front_setback_ft", "7'", 7),
        ("front_setback_ft", "6'6\"", 6.5),
        ("fence_height_ft", "7'", 84),  # the engine's fence height is in inches
        ("fence_height_ft", "6'6\"", 78),
    ],
)
def test_the_json_reads_the_same_strings(client, field, typed, value):
    rule = {"lot_area_sqft": "lot.area", "front_setback_ft": "setback.front"}.get(
        field, "fence.height"
    )
    query = {"zone": "NL", field: typed}
    if field == "fence_height_ft":
        query["fence_location"] = "interior_side_or_rear_setback"
    response = client.get(JSON_URL, query)
    assert response.status_code == 200, response.json()["errors"]
    found = [f for f in response.json()["findings"] if f["rule"] == rule]
    assert found and found[0]["value"] == pytest.approx(value)


NOT_READ = [
    ("front_setback_ft", "6,5", "Enter a number of feet, like 20 or 20.5."),  # a decimal comma?
    ("front_setback_ft", "1,2345", "Enter a number of feet, like 20 or 20.5."),
    (
        "front_setback_ft",
        "6'13\"",
        "Enter a number of feet, like 20 or 20.5.",
    ),  # 13 in. past a foot
    ("front_setback_ft", "10x12", "Enter a number of feet, like 20 or 20.5."),  # sides: an area
    ("front_setback_ft", "3 sq ft", "Enter a number of feet, like 20 or 20.5."),
    ("front_setback_ft", "3 m", "Enter a number of feet, like 20 or 20.5."),
    ("front_setback_ft", "1" + " " * 39 + "ft", "Enter a number of feet, like 20 or 20.5."),
    (
        "accessory_footprint_sqft",
        "ten by twelve",
        "Enter a number of square feet, like 20 or 20.5.",
    ),
    ("accessory_footprint_sqft", "10x12x3", "Enter a number of square feet, like 20 or 20.5."),
    ("accessory_footprint_sqft", "-10x12", "Enter a number of square feet, like 20 or 20.5."),
    ("accessory_footprint_sqft", "１０x12", "Enter a number of square feet, like 20 or 20.5."),
    ("lot_area_sqft", "0.2 hectare", "Enter a number of square feet, like 20 or 20.5."),
    ("dwelling_units", "1,20", "Enter a whole number of homes, like 1 or 2."),
]


@pytest.mark.parametrize(("field", "typed", "message"), NOT_READ, ids=[t for _, t, _ in NOT_READ])
def test_a_value_it_cannot_read_stays_a_field_error_with_the_text_kept(
    client, field, typed, message
):
    response = client.get(JSON_URL, {**SHED, field: typed})
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}
    page = client.get(
        URL, {**SHED, "project": ["accessory_structure", "main_building"], field: typed}
    )
    html = page.content.decode()
    assert escape(message) in html and f'value="{escape(typed)}"' in html


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.sampled_from(["feet", "inches", "square feet", "percent", "trips"]))
def test_any_text_reads_as_a_finite_number_or_nothing(text, unit):
    number = read_measure(text, unit)
    assert number is None or math.isfinite(number)
    assert read_whole(text) is None or isinstance(read_whole(text), int)


def test_reading_the_longest_text_allowed_stays_fast():
    # Each pattern is anchored and bounded: no text of the allowed length makes it backtrack.
    nasty = ["1" * 40, "1," * 20, "1'" * 20, "1x" * 20, "6 ft " * 8, "1" * 38 + "ft", "1.1" * 13]
    started = time.perf_counter()
    for _ in range(200):
        for text in nasty:
            for unit in ("feet", "inches", "square feet"):
                read_measure(text, unit)
    assert time.perf_counter() - started < 1.0


def test_sides_typed_for_a_distance_get_the_plain_message(client):
    response = client.get(JSON_URL, {"zone": "NL", "front_setback_ft": "10x12"})
    assert response.json()["errors"] == {
        "front_setback_ft": ["Enter a number of feet, like 20 or 20.5."]
    }


def test_a_label_that_names_its_unit_does_not_name_it_twice(client):
    query = {"zone": "NL", "project": ["fence", "main_building"]}
    page = client.get(URL, query).content.decode()

    def label(name: str) -> str:
        return re.search(rf'<label for="id_{name}">(.*?)</label>', page, re.S).group(1)

    assert label("fence_height_ft") == "Height: feet"  # not "Height: feet (feet)"
    assert label("fence_height_extra_in") == "and inches"
    assert "(square feet)" in label("lot_area_sqft")  # a label without its unit still gets it


@pytest.mark.parametrize(("typed", "error"), [("11.5", None), ("12", "12 inches is a foot")])
def test_inches_past_a_foot_get_a_message_that_says_why(client, typed, error):
    answers = {"zone": "NL", "fence_height_ft": "6", "fence_height_extra_in": typed}
    errors = client.get(JSON_URL, answers).json()["errors"]
    if error is None:
        assert "fence_height_extra_in" not in errors
    else:
        assert error in errors["fence_height_extra_in"][0]


def test_a_vanishing_area_gives_a_finite_share_and_valid_json(client):
    # Found by schemathesis: a home of 2.2e-308 sq ft made the business's share of it
    # infinite, written as the bare word Infinity, which is not JSON.
    tiny = "2.2250738585072014e-308"
    query = {"zone": "NL", "business_floor_area_sqft": "500", "home_floor_area_sqft": tiny}
    response = client.get(JSON_URL, query)
    assert response.status_code == 200
    assert b"Infinity" not in response.content and b"NaN" not in response.content
    share = [f for f in response.json()["findings"] if f["rule"] == "home_business.floor_area"]
    assert share and share[0]["note"] == "input_zero"


@pytest.mark.parametrize(
    ("typed", "whole", "decimal"),
    [
        ("1.400", "1400", "1.4"),
        ("12.500 pies cuadrados", "12500", "12.5"),
        ("6.250", "6250", "6.25"),
    ],
)
def test_on_a_spanish_page_a_point_that_may_group_thousands_is_asked_back(typed, whole, decimal):
    from django.utils import translation

    with translation.override("es"):
        form = CheckForm({"zone": "NL", "lot_area_sqft": typed})
        assert not form.is_valid()
        (message,) = form.errors["lot_area_sqft"]
    assert whole in message and decimal in message and "Quiso decir" in message
    with translation.override("en"):  # in English the point is a decimal point, as written
        form = CheckForm({"zone": "NL", "lot_area_sqft": typed})
        assert form.is_valid(), form.errors
        assert form.cleaned_data["lot_area_sqft"] == pytest.approx(float(decimal))


def test_the_spanish_page_keeps_the_typed_figure_and_asks_next_to_the_field(client):
    page = client.get("/es/check-my-lot/", {"zone": "NL", "lot_area_sqft": "1.400"}).content
    text = page.decode()
    assert 'value="1.400"' in text and "¿Quiso decir 1400 o 1.4?" in text
