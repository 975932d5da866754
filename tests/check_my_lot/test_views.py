"""Check my lot's contract: full page vs. partial, field errors, citations, and the JSON shapes."""

import pytest
from django.urls import reverse

from cotati_site.codebook.models import CodeSection
from cotati_site.core.section_numbers import SECTION_NUMBER_RE

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"


def test_the_empty_form_renders_without_errors(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    assert 'name="zone"' in html
    assert "has-error" not in html


def test_full_page_without_htmx_and_partial_with_it(client):
    full = client.get(URL, {"zone": "NL", "front_setback_ft": "20"})
    assert "<html" in full.content.decode()
    assert 'data-rule="setback.front"' in full.content.decode()
    partial = client.get(
        URL, {"zone": "NL", "front_setback_ft": "20"}, headers={"HX-Request": "true"}
    )
    body = partial.content.decode()
    assert "<html" not in body
    assert 'data-rule="setback.front"' in body
    # The live region keeps its element; only its text is swapped, so it is announced.
    assert '<p id="result-status" hx-swap-oob="innerHTML">' in body


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("front_setback_ft", "-1"),
        ("front_setback_ft", "abc"),
        ("front_setback_ft", "nan"),
        ("front_setback_ft", "inf"),
        ("lot_area_sqft", "1e30"),
        ("zone", "XX"),
        ("fence_location", "on_the_roof"),
        ("corner_lot", "maybe"),
        ("dwelling_units", "2.5"),
        ("as_of", "not-a-date"),
    ],
    ids=lambda v: str(v),
)
def test_bad_input_gets_a_message_next_to_the_field_and_no_verdict(client, field, value):
    params = {"zone": "NL", field: value}
    response = client.get(URL, params)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="field-{field}"' in html
    error_start = html.index(f'id="error-{field}"')
    assert html[error_start : html.index("</span>", error_start)].split(">", 1)[1].strip() != ""
    assert "data-rule=" not in html  # no verdict while an answer is wrong
    assert f'value="{value}"' in html or field in (
        "zone",
        "fence_location",
        "corner_lot",
    )  # nothing typed is lost


def test_missing_zone_is_the_only_required_answer(client):
    html = client.get(URL, {"zone": ""}).content.decode()
    assert "Choose your zoning district." in html


def test_each_finding_links_to_its_section_page_which_exists(client):
    params = {
        "zone": "NL",
        "lot_area_sqft": "6000",
        "lot_width_ft": "60",
        "lot_depth_ft": "100",
        "front_setback_ft": "20",
        "interior_side_setback_ft": "5",
        "rear_setback_ft": "20",
        "building_height_ft": "28",
        "covered_area_sqft": "2400",
        "fence_height_in": "42",
        "fence_location": "front_or_street_side_setback",
        "fence_type": "solid",
        "accessory_type": "shed",
        "accessory_height_ft": "12",
        "home_floor_area_sqft": "2000",
        "business_floor_area_sqft": "500",
        "visitor_trips_per_day": "12",
        "clients_at_once": "1",
        "flood_zone": "AE",
        "base_flood_elevation_ft": "100",
        "lowest_floor_elevation_ft": "101",
        "hillside": "on",
    }
    data = client.get(JSON_URL, params).json()
    assert data["errors"] == {}
    sections = {
        f["section"]
        for f in data["findings"]
        if f["section"] and SECTION_NUMBER_RE.match(f["section"])
    }
    assert sections
    existing = set(CodeSection.objects.filter(number__in=sections).values_list("number", flat=True))
    assert sections == existing
    html = client.get(URL, params).content.decode()
    for section in sections:  # the section's page, or an anchor on it (Table 2-9, ...)
        assert f'href="{reverse("section_detail", args=[section])}' in html


def test_json_endpoint_200_shape(client):
    response = client.get(JSON_URL, {"zone": "NL", "front_setback_ft": "19.9"})
    assert response.status_code == 200
    data = response.json()
    assert set(data) >= {"as_of", "zone", "findings", "errors"}
    assert data["zone"] == "NL"
    front = next(f for f in data["findings"] if f["rule"] == "setback.front")
    assert front["status"] == "fail"
    assert front["limit"] == 20
    assert front["unit"] == "ft"
    assert front["section"] == "17.24.030"
    for key in ("rule", "status", "value", "limit", "unit", "approval", "section", "reading"):
        assert key in front


def test_json_endpoint_400_names_the_bad_fields(client):
    response = client.get(JSON_URL, {"zone": "Nowhere", "rear_setback_ft": "-3"})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) == {"zone", "rear_setback_ft"}


def test_booleans_accept_true_false_and_on(client):
    for raw in ("true", "on", "false"):
        assert client.get(JSON_URL, {"zone": "NL", "corner_lot": raw}).status_code == 200


def test_a_future_as_of_is_accepted_and_echoed(client):
    data = client.get(JSON_URL, {"zone": "NL", "as_of": "2027-06-01"}).json()
    assert data["as_of"] == "2027-06-01"


def test_lot_diagram_is_drawn_with_a_text_alternative(client):
    html = client.get(
        URL, {"zone": "NL", "lot_width_ft": "60", "lot_depth_ft": "100"}
    ).content.decode()
    assert "<svg" in html and 'role="img"' in html and "<desc" in html
    assert "60 ft wide and 100 ft deep" in html


def test_huge_but_valid_numbers_do_not_break_the_page(client):
    response = client.get(URL, {"zone": "RR-1.5", "lot_width_ft": "10000", "lot_depth_ft": "0.5"})
    assert response.status_code == 200
    assert 'data-rule="lot.depth"' in response.content.decode()


def test_a_link_without_a_zone_prefills_and_opens_a_section_without_errors(client):
    html = client.get(
        URL, {"show": "fence", "fence_location": "front_or_street_side_setback"}
    ).content.decode()
    assert "has-error" not in html
    # The link ticks the project whose questions that section holds, and shows them.
    assert 'value="fence" id="id_project_fence" checked' in html
    assert '<fieldset id="section-fence"' in html
    assert '<option value="front_or_street_side_setback" selected>' in html


def test_topic_pages_link_to_the_checker_for_their_part_of_the_plan(client):
    html = client.get("/topics/fences-and-walls/").content.decode()
    assert "/check-my-lot/?show=fence" in html
