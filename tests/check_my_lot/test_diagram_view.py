"""The lot diagram on the results page: the text alternative says what the drawing shows,
figure for figure, and the legend names every kind of line drawn."""

import re
from html import unescape

import pytest

pytestmark = pytest.mark.django_db
URL = "/check-my-lot/"
CONTRACTOR = {
    "project": ["main_building", "accessory_structure"],
    "zone": "NM",
    "lot_area_sqft": "5000",
    "lot_width_ft": "50",
    "lot_depth_ft": "100",
    "front_setback_ft": "15",
    "interior_side_setback_ft": "5",
    "rear_setback_ft": "15",
    "covered_area_sqft": "2000",
    "accessory_type": "shed",
    "accessory_footprint_sqft": "120",
    "accessory_side_line_ft": "5",
    "accessory_rear_line_ft": "5",
}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def test_the_diagrams_text_alternative_and_legend_match_what_is_drawn(client):
    html = client.get(URL, CONTRACTOR).content.decode()
    figure = re.search(r'<figure class="lot-diagram".*?</figure>', html, re.S).group(0)
    desc = _text(re.search(r"<desc[^>]*>(.*?)</desc>", figure, re.S).group(1))
    dims = re.findall(r'class="d-dimension" data-side="(\w+)" data-feet="([\d.]+)"', figure)
    assert {side for side, _ in dims} == {"front", "rear", "interior_side"}
    for side, feet in dims:
        words = {"interior_side": "interior side"}.get(side, side)
        assert f"{words} {float(feet):g} ft" in desc, side
    assert "you entered 2,000 sq ft on a 5,000 sq ft lot (40%)" in desc
    assert "the most allowed is 2,750 sq ft (55%)" in desc
    assert (
        "120 sq ft, drawn as a square) stands 5 ft from the side lot line and 5 ft from the rear lot line"
        in desc
    )
    legend = re.search(r'data-legend="([^"]*)"', figure).group(1).split()
    assert legend == re.findall(r'<li data-key="(\w+)">', figure)
    for key, drawn in (
        ("buildable", "d-buildable-line"),
        ("building", "d-building"),
        ("coverage", "d-coverage"),
        ("coverage_allowed", "d-coverage-allowed"),
        ("structure", "d-structure"),
        ("dimension", "d-dimension"),
    ):
        assert key in legend and f'class="{drawn}"' in figure, key
