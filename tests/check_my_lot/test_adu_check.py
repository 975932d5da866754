"""The ADU part of Check my lot over the web: the fields the form and JSON take, the verdict
words the law's structure calls for, state law prevailing over a zone limit, and the Gov. Code
citations, linked to the site's own state-law section pages."""

from html import unescape

import pytest
from django.urls import reverse

from cotati_site.codebook.models import CodeSection

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
JSON_URL = "/check-my-lot/result.json"

# A detached 800 sq ft ADU with 4 ft setbacks behind a single-family home in NL: within what
# state law guarantees. The covered area (3,200 sq ft of 6,000) is over NL's coverage only
# because of the ADU's footprint.
GUARANTEED = {
    "zone": "NL",
    "lot_area_sqft": "6000",
    "covered_area_sqft": "3200",
    "adu_type": "detached",
    "existing_dwelling": "single_family",
    "adu_floor_area_sqft": "800",
    "adu_bedrooms": "1",
    "adu_height_ft": "16",
    "adu_side_setback_ft": "4",
    "adu_rear_setback_ft": "4",
    "near_transit": "no",
    "near_major_transit": "no",
}


def by_rule(data):
    return {f["rule"]: f for f in data["findings"]}


def test_the_form_and_the_json_take_the_adu_fields():
    from rules.forms import CheckForm

    for name in (
        "adu_type",
        "adu_floor_area_sqft",
        "adu_bedrooms",
        "adu_height_ft",
        "adu_side_setback_ft",
        "adu_rear_setback_ft",
        "existing_dwelling",
        "primary_floor_area_sqft",
        "near_transit",
        "near_major_transit",
        "sb9",
        "sb9_lot_a_sqft",
    ):
        assert name in CheckForm.base_fields, name


def test_a_guaranteed_adu_must_be_approved_ministerially_with_the_deadline(client):
    data = client.get(JSON_URL, dict(GUARANTEED, project="adu")).json()
    assert data["errors"] == {}
    found = by_rule(data)
    allowed = found["adu.allowed"]
    assert (allowed["status"], allowed["approval"]) == ("needs_approval", "ministerial_permit")
    assert allowed["section"] == "Gov. Code 66314"
    # The review deadline is a condition attached to the permit, listed with the answer's.
    review = found["adu.review"]
    assert (review["status"], review["limit"], review["unit"]) == ("condition", 60, "days")
    (answer,) = data["answers"]
    assert answer["outcome"] == "allowed_with_approval"
    assert "adu.review" in [c["rule"] for c in answer["conditions"]]
    html = client.get(URL, GUARANTEED).content.decode()
    assert "Needs a ministerial permit" in html
    assert "the city must approve it, ministerially" in html
    assert "60 days" in html


def test_a_zone_limit_state_law_displaces_says_state_law_prevails_and_cites_it(client):
    data = client.get(JSON_URL, GUARANTEED).json()
    coverage = by_rule(data)["coverage"]
    assert (coverage["status"], coverage["note"]) == ("info", "state_law_prevails")
    assert coverage["overridden_by"] == "gc-66321-b3-800-sqft-guaranteed"
    html = client.get(URL, GUARANTEED).content.decode()
    assert "California ADU law prevails" in html
    state_page = reverse("section_detail", args=["Gov. Code 66321"])
    assert (
        f'State law that prevails: <span class="tag tag-state">CA state law</span> <a href="{state_page}"'
        in html
    )


def test_beyond_the_guarantee_it_depends_on_cotatis_section_not_held(client):
    data = client.get(JSON_URL, dict(GUARANTEED, adu_floor_area_sqft="1300")).json()
    size = by_rule(data)["adu.floor_area"]
    assert (size["status"], size["note"], size["section"]) == (
        "not_checked",
        "depends_on_cotati",
        "17.42.170",
    )
    html = client.get(URL, dict(GUARANTEED, adu_floor_area_sqft="1300")).content.decode()
    assert "Cotati's own standard in § 17.42.170 decides" in unescape(html)


def test_what_the_statute_rules_out_is_not_allowed(client):
    data = client.get(
        JSON_URL, dict(GUARANTEED, adu_type="jadu", existing_dwelling="multifamily")
    ).json()
    assert by_rule(data)["adu.allowed"]["status"] == "fail"


@pytest.mark.parametrize(
    ("typed", "note"),
    [
        ("yes", "parking_exempt"),
        ("true", "parking_exempt"),
        ("no", "parking_up_to_cotati"),
        ("", "parking_up_to_cotati"),
    ],
)
def test_near_transit_is_yes_no_or_not_answered_and_never_holds_the_answer(client, typed, note):
    # 900 sq ft, two bedrooms: over § 66323's 800 sq ft, so the § 66322 exemptions decide.
    larger = dict(
        GUARANTEED,
        project="adu",
        adu_floor_area_sqft="900",
        adu_bedrooms="2",
        near_transit=typed,
    )
    data = client.get(JSON_URL, larger).json()
    found = by_rule(data)["adu.parking"]
    assert (found["status"], found["note"]) == ("condition", note)
    # Not answered is not asked: parking is a condition of the permit, not a question.
    assert found["missing"] == []
    assert "near_transit" not in data["answers"][0]["missing"]


def test_a_near_transit_answer_that_is_not_yes_or_no_is_an_error_next_to_the_field(client):
    response = client.get(JSON_URL, dict(GUARANTEED, near_transit="maybe"))
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"near_transit"}
    html = client.get(URL, dict(GUARANTEED, near_transit="maybe")).content.decode()
    assert "Answer yes or no, or leave it unanswered." in html
    assert 'value="800"' in html  # nothing typed is lost


def test_near_transit_is_asked_in_the_statutes_terms_with_a_link_to_the_definition(client):
    html = client.get(URL).content.decode()
    assert "Within one-half mile walking distance of public transit" in html
    assert "lawCode=GOV&amp;sectionNum=66313" in html


def test_every_state_law_citation_links_to_a_state_law_section_page(client):
    data = client.get(JSON_URL, GUARANTEED).json()
    cited = {f["section"] for f in data["findings"] if (f["section"] or "").startswith("Gov.")}
    assert {"Gov. Code 66314", "Gov. Code 66321", "Gov. Code 66317"} <= cited
    html = client.get(URL, GUARANTEED).content.decode()
    for number in cited:
        section = CodeSection.objects.get(number=number)
        assert section.is_state_law
        assert f'href="{reverse("section_detail", args=[number])}"' in html
        assert f">{section.cite}" in html  # "Gov. Code § 66321", not "§ Gov. Code 66321"


def test_a_state_law_section_page_is_badged_and_links_the_official_text(client):
    section = CodeSection.objects.get(number="Gov. Code 66321")
    response = client.get(section.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert "CA state law" in html
    assert "Gov. Code § 66321" in html
    assert "leginfo.legislature.ca.gov" in html
    cotati = client.get(reverse("section_detail", args=["17.42.170"])).content.decode()
    assert "CA state law" not in cotati
    assert "Cotati code" in cotati


def test_the_code_library_lists_state_law_apart_and_labelled(client):
    html = client.get(reverse("section_list")).content.decode()
    state = html.index('id="state-law"')
    assert "CA state law" in html[state:]
    assert "Gov. Code § 66314" in html[state:]
    assert "Gov. Code" not in html[:state]  # no statute among Cotati's chapters
    assert "§ 17.42.170" in html[:state]
