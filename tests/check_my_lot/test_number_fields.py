"""Check my lot reads numbers written in ASCII digits only and says so next to the field."""

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
