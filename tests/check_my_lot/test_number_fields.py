"""Check my lot reads numbers written in ASCII digits only and says so next to the field."""

import re
from html import escape

import pytest

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


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("10x12", "Enter the area in square feet: 10 × 12 ft is 120."),
        ("10 x 12 ft", "Enter the area in square feet: 10 × 12 ft is 120."),
        ("8.5×10", "Enter the area in square feet: 8.5 × 10 ft is 85."),
        ("ten by twelve", "Enter a number of square feet, like 20 or 20.5."),
    ],
)
def test_two_sides_typed_for_an_area_get_the_area_to_type(client, typed, message):
    response = client.get(JSON_URL, {**SHED, "accessory_footprint_sqft": typed})
    assert response.json()["errors"] == {"accessory_footprint_sqft": [message]}
    page = client.get(URL, {**SHED, "accessory_footprint_sqft": typed}).content.decode()
    assert escape(message) in page and f'value="{escape(typed)}"' in page


def test_sides_typed_for_a_distance_get_the_plain_message(client):
    response = client.get(JSON_URL, {"zone": "NL", "front_setback_ft": "10x12"})
    assert response.json()["errors"] == {
        "front_setback_ft": ["Enter a number of feet, like 20 or 20.5."]
    }


def test_a_label_that_names_its_unit_does_not_name_it_twice(client):
    page = client.get(URL, {"zone": "NL", "project": "fence"}).content.decode()

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
