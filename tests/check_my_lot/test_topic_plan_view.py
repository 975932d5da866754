"""The fences and accessory-structure topic pages draw a typical lot of the district the reader
picks, with the limit that applies in each area taken from the standards data (issue 11)."""

import re
from html import unescape

import pytest

from law.engine import load_standards
from law.reports.topic_diagrams import DEFAULT_ZONE, topic_diagram
from tests.rules.helpers import AS_OF

FENCES = "/topics/fences-and-walls/"
SHEDS = "/topics/sheds-garages-and-accessory-structures/"


def _areas(feature, zone):
    return {area.key: area for area in topic_diagram(feature, zone, AS_OF).areas}


@pytest.mark.parametrize(
    ("zone", "area", "case"),
    [
        ("NL", "front_setback", "front_or_street_side_setback"),
        ("NL", "side_setbacks", "interior_side_or_rear_setback"),
        ("NL", "rear_setback", "interior_side_or_rear_setback"),
        ("NL", "outside_setbacks", "outside_setbacks"),
        ("NL", "sight_visibility", "sight_visibility_area"),
        ("RR-1.5", "front_setback", "front_or_street_side_setback"),
        ("NM", "side_setbacks", "interior_side_or_rear_setback"),
    ],
    ids=lambda v: str(v),
)
def test_each_area_shows_the_fence_record_in_force_there(zone, area, case):
    drawn = _areas("fence", zone)[area].record
    assert drawn == load_standards().view(AS_OF).get("fence.height", zone, case)


def test_the_front_setback_also_names_the_higher_figure_design_review_reaches():
    front = _areas("fence", "NL")["front_setback"]
    assert front.with_approval.approval == "administrative_design_review"


@pytest.mark.parametrize("zone", ["NL", "NM", "RR-1.5"])
def test_the_setback_strips_are_the_districts_setbacks_to_scale(zone):
    d = topic_diagram("fence", zone, AS_OF)
    view = load_standards().view(AS_OF)
    scale = d.lot.w / d.width_ft
    front = next(a for a in d.areas if a.key == "front_setback").shapes[0]
    assert front.h == pytest.approx(view.get("setback.front", zone).value_in("ft") * scale)
    assert d.setbacks["interior_side"] == view.get("setback.interior_side", zone).value_in("ft")


def test_an_accessory_structures_strips_cite_the_rule_this_site_does_not_hold():
    areas = _areas("accessory", "NL")
    for key in ("front_setback", "side_setbacks", "rear_setback"):
        assert areas[key].record is None
        assert areas[key].unheld.rule == "accessory.setbacks"
    assert areas["outside_setbacks"].record.rule == "accessory.height"


def _plan_view_text(html: str) -> str:
    section = re.search(r'<section class="plan-view".*?</section>', html, re.S).group(0)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", section)))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "zone", "front"),
    [
        (
            {},
            DEFAULT_ZONE,
            "up to 3 ft 6 in. high, or up to 6 ft with administrative design review",
        ),
        ({"zone": "RR-1.5"}, "RR-1.5", "up to 6 ft high"),
        ({"zone": "nonsense"}, DEFAULT_ZONE, "up to 3 ft 6 in. high"),
    ],
    ids=["no district picked draws NL", "RR-1.5 picked", "an unknown district draws NL"],
)
def test_the_fences_page_draws_the_district_picked_with_a_get_form(client, query, zone, front):
    html = client.get(FENCES, query).content.decode()
    assert f'data-zone="{zone}"' in html
    assert re.search(r'<form method="get" action="#plan-view"', html)
    assert re.search(rf'<option value="{re.escape(zone)}" selected>', html)
    text = _plan_view_text(html)
    assert "In the front setback" in text and front in text


@pytest.mark.django_db
def test_two_districts_are_two_pages_in_the_cache(client):
    first = client.get(FENCES, {"zone": "NL"}).content.decode()
    second = client.get(FENCES, {"zone": "RR-1.5"}).content.decode()
    assert 'data-zone="NL"' in first and 'data-zone="RR-1.5"' in second


@pytest.mark.django_db
def test_the_sheds_page_draws_its_plan_view_and_other_topics_do_not(client):
    assert 'class="plan-view"' in client.get(SHEDS).content.decode()
    assert 'class="plan-view"' not in client.get("/topics/home-business/").content.decode()


@pytest.mark.parametrize(
    ("feature", "zone", "reason"),
    [
        ("fence", "CG", "no_front_setback"),
        ("fence", "PF", "no_setbacks"),
        ("accessory", "PF", "no_setbacks"),
    ],
    ids=[
        "a CG fence follows Table 3-2's no-setback rows",
        "PF holds no setbacks",
        "nor for a shed",
    ],
)
def test_a_district_the_plan_view_cannot_draw_says_why(feature, zone, reason):
    from law.reports.topic_diagrams import topic_plan_view

    plan = topic_plan_view(feature, zone, AS_OF)
    assert plan.diagram is None and plan.reason == reason
