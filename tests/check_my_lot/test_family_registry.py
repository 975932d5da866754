"""What the family registry declares is worded, asked for and linked: every rule id, note code
and results topic has words (and no words are orphaned), every input is a form field, and the
topic pages open a real section of the form."""

import pytest

from cotati_site.guidance.features import feature_choices
from law.engine.registry import registry
from law.engine.words import words
from law.reports.presentation import FEATURE_CHECKER_SECTION, FEATURE_RULES, TOPIC_LABELS
from rules.forms import CheckForm

RULE_LABELS, NOTE_TEXT = words().rules, words().notes

URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"


def test_every_declared_rule_has_a_label_and_every_label_a_rule():
    assert set(RULE_LABELS) == set(registry().rule_order)


def test_every_declared_note_code_has_wording_and_every_wording_a_code():
    assert set(NOTE_TEXT) == set(registry().notes)
    assert all(text.strip() for text in NOTE_TEXT.values())


def test_every_results_topic_has_a_heading_and_every_heading_a_topic():
    assert set(TOPIC_LABELS) == set(registry().topics)


def test_every_declared_input_is_a_form_field_with_its_declared_label():
    for name, entry in registry().inputs.items():
        assert name in CheckForm.base_fields, name
        assert str(CheckForm.base_fields[name].label) == entry.spec.label


def test_the_form_sections_hold_every_engine_field_once():
    listed = [name for _key, _legend, names in CheckForm.FIELDSETS for name in names]
    assert sorted(listed) == sorted(registry().inputs)
    # The form's own options, the project question, and the feet-and-inches pair the fence
    # height is typed in (shown in place of the engine's fence_height_in, still accepted).
    assert set(CheckForm.base_fields) - set(listed) == {
        "as_of",
        "include_proposed",
        "project",
        "fence_height_ft",
        "fence_height_extra_in",
    }
    shown = [n for name in listed for n in CheckForm.SHOWN_AS.get(name, (name,))]
    assert "fence_height_in" not in shown
    assert {"fence_height_ft", "fence_height_extra_in"} <= set(shown)


def test_every_family_input_is_a_form_field():
    for family in registry().families:
        assert set(family.inputs) <= set(CheckForm.base_fields), family.name


def test_topic_page_features_are_the_families_topic_pages():
    features = {value for value, _label in feature_choices()}
    assert features == {"", "zoning_districts", *FEATURE_RULES}
    sections = {key for key, _legend, _names in CheckForm.FIELDSETS}
    assert set(FEATURE_CHECKER_SECTION.values()) <= sections


@pytest.mark.django_db
@pytest.mark.parametrize("flood_zone", ["A", "AE", "AH", "AO", "A1-30"])
def test_a_flood_hazard_zone_result_says_a_permit_is_needed(client, flood_zone):
    html = client.get(URL, {"zone": "NL", "flood_zone": flood_zone}).content.decode()
    start = html.index('data-rule="flood.permit"')
    finding = html[start : html.index("</li>", start)]
    assert NOTE_TEXT["special_flood_hazard_area"] in finding
    assert "<p></p>" not in finding


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("height", "status"),
    [("34.9", "pass"), ("35", "pass"), ("35.1", "fail")],
    ids=[
        "a hillside home 34.9 ft above its lowest grade passes",
        "a hillside home exactly 35 ft above its lowest grade passes",
        "a hillside home 35.1 ft above its lowest grade fails",
    ],
)
def test_the_hillside_height_from_the_lowest_grade_is_asked_and_checked(client, height, status):
    params = {"zone": "NL", "hillside": "on", "height_from_lowest_grade_ft": height}
    data = client.get(JSON_URL, params).json()
    finding = next(f for f in data["findings"] if f["rule"] == "hillside.height_from_lowest_grade")
    assert finding["status"] == status and finding["limit"] == 35


@pytest.mark.django_db
def test_a_missing_hillside_answer_links_to_its_field(client):
    html = client.get(URL, {"zone": "NL", "hillside": "on"}).content.decode()
    assert 'href="#id_height_from_lowest_grade_ft"' in html
    assert 'id="id_height_from_lowest_grade_ft"' in html
