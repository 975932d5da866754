"""The share link and the printed sheet (issue 11): the link carries only the answers given, a
link without a zone keeps the rest, and the sheet prints the answers with their units and every
source with its full address on the host asked for."""

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"

HOMEOWNER = {
    "project": ["fence", "accessory_structure"],
    "zone": "NL",
    "fence_height_ft": "7",
    "fence_location": "interior_side_or_rear_setback",
    "accessory_type": "shed",
    "accessory_footprint_sqft": "120",
    "accessory_height_ft": "10",
    "accessory_stories": "1",
    "accessory_side_line_ft": "5",
    "accessory_rear_line_ft": "5",
    "accessory_house_distance_ft": "10",
}


def _as_submitted(answers: dict) -> dict:
    """What a browser sends for the whole form: every field, most of them empty."""
    from rules.forms import CheckForm

    return {name: "" for name in CheckForm.base_fields if name != "project"} | answers


def _share_href(html: str) -> str:
    return unescape(re.search(r'href="([^"]*)" data-share', html).group(1))


def test_the_share_link_carries_only_the_answers_given(client):
    submitted = _as_submitted(HOMEOWNER)
    html = client.get(URL, submitted).content.decode()
    href = _share_href(html)
    assert urlsplit(href).fragment == "results-title"  # a phone opens it at the answers
    pairs = parse_qsl(urlsplit(href).query, keep_blank_values=True)
    assert all(value for _name, value in pairs)
    given = sorted(
        (k, v) for k, vs in HOMEOWNER.items() for v in (vs if isinstance(vs, list) else [vs])
    )
    assert sorted(pairs) == given
    # What the form sends is several times longer than the link (figures in the report).
    sent = len(client.get(URL, submitted).wsgi_request.get_full_path())
    assert len(href) < sent / 2


def test_the_share_link_gives_the_same_answers(client):
    first = client.get(URL, _as_submitted(HOMEOWNER)).content.decode()
    again = client.get(_share_href(first)).content.decode()
    outcomes = re.findall(r'data-project="(\w+)" data-outcome="(\w+)"', first)
    assert outcomes and re.findall(r'data-project="(\w+)" data-outcome="(\w+)"', again) == outcomes


def test_a_shared_link_without_a_zone_keeps_the_rest(client):
    answers = {k: v for k, v in HOMEOWNER.items() if k != "zone"}
    html = client.get(URL, answers).content.decode()
    assert 'id="id_project_fence" checked' in html
    assert 'id="id_project_accessory_structure" checked' in html
    assert re.search(r'name="accessory_footprint_sqft" value="120"', html)
    assert re.search(r'name="fence_height_ft" value="7"', html)
    assert re.search(r'<option value="shed" selected', html)
    assert 'class="error-summary"' not in html  # a link pre-fills; it does not scold


@pytest.mark.parametrize(
    ("answers", "shown"),
    [
        (HOMEOWNER, "Zoning district: NL"),
        (HOMEOWNER, "Height: 7 ft"),
        (HOMEOWNER, "Where it stands: In an interior side or rear setback"),
        (HOMEOWNER, "Floor area: 120 square feet"),
        (HOMEOWNER, "Stories: 1 story"),
        (HOMEOWNER, "Distance to the rear lot line: 5 feet"),
        ({**HOMEOWNER, "fence_height_ft": "6", "fence_height_extra_in": "6"}, "Height: 6 ft 6 in."),
        ({"zone": "NL", "lot_area_sqft": "4500"}, "Lot area: 4,500 square feet"),
        (
            {"zone": "NL", "include_proposed": "true"},
            "Preview the proposed amendments: Yes",
        ),
        ({"zone": "NM", "common_interest_subdivision": "true"}, "subdivision: Yes"),
        ({"zone": "NM", "common_interest_subdivision": "no"}, "subdivision: No"),
    ],
    ids=[
        "the zone",
        "a fence height typed as 7 feet prints as 7 ft",
        "a choice prints its words, not its code",
        "a floor area prints in square feet",
        "one story is singular",
        "a distance prints in feet",
        "feet and inches print together",
        "lot area 4500 prints with its unit",
        "the proposed rules preview is named",
        "a yes / no / not answered question prints Yes, not its code",
        "and No",
    ],
)
def test_the_printed_sheet_lists_each_answer_with_its_unit(client, answers, shown):
    html = client.get(URL, answers).content.decode()
    sheet = re.search(r'<div class="print-only print-inputs">(.*?)</div>', html, re.S).group(1)
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", sheet)))
    assert shown in text.replace(" :", ":")


def test_the_printed_sheet_gives_full_addresses_on_the_host_asked_for(client, settings):
    settings.ALLOWED_HOSTS = ["rules.example.org"]
    html = client.get(URL, HOMEOWNER, HTTP_HOST="rules.example.org").content.decode()
    sources = re.search(r'<div class="print-only print-sources">(.*?)</div>', html, re.S).group(1)
    urls = re.findall(r'<span class="print-url">([^<]*)</span>', sources)
    assert urls[0].startswith("http://rules.example.org/check-my-lot/?")
    assert any(u.startswith("http://rules.example.org/code/17.30.030/") for u in urls)
    assert all(u.startswith("http://rules.example.org/") for u in urls)


def test_the_print_button_is_a_real_button_hidden_until_script_shows_it(client):
    html = client.get(URL, HOMEOWNER).content.decode()
    assert re.search(r'<button type="button"[^>]*data-print hidden>', html)
    assert "<noscript>" in html


SALON = {
    "project": "home_business",
    "zone": "NL",
    "business_kind": "hair_salon",
    "home_floor_area_sqft": "1600",
    "business_floor_area_sqft": "200",
    "visitor_trips_per_day": "8",
    "clients_at_once": "1",
}


def test_a_note_what_to_do_next_says_is_marked_on_its_card_for_the_sheet_to_print_once(client):
    """The salon's license notes are said in its steps; their cards mark them (data-said-above,
    left off on paper, static/css/site.css), and no other card's note is marked."""
    html = client.get(URL, SALON).content.decode()
    steps = re.search(r'<ol class="next-steps">(.*?)</ol>', html, re.S).group(1)
    cards = re.findall(r'<li class="finding[^"]*" data-rule="([^"]+)"(.*?)</li>', html, re.S)
    notes = {
        rule: re.search(r'<p class="note"( data-said-above)?>(.*?)</p>', card, re.S)
        for rule, card in cards
    }
    marked = {rule for rule, note in notes.items() if note and note.group(1)}
    assert marked == {"home_business.business_license", "home_business.state_license"}
    for rule in marked:
        assert notes[rule].group(2).strip() in steps  # said above, in the same words
    # A note said nowhere else stays on its card: the shed's building-permit exemption.
    html = client.get(URL, HOMEOWNER).content.decode()
    assert '<p class="note">' in html and "data-said-above" not in html
