"""§ 17.30.030, Table 3-2 and its notes, row by row, at the limits.

Typed from the table as printed in the Spring 2026 redline (heights in
inches: 42 in., 6 ft = 72, 7 ft = 84, 8 ft = 96, 3 ft = 36).
"""

import pytest

from law.engine import Status
from law.families.fences.part import Fence

from .helpers import check, one

PASS, FAIL, NEEDS, NOT_CHECKED = (
    Status.PASS,
    Status.FAIL,
    Status.NEEDS_APPROVAL,
    Status.NOT_CHECKED,
)

# (zone, location, type, height in., status, approval, id)
CASES = [
    # Within a front or street side setback: 42 in.; RR 6 ft; 42-72 in. with ADR.
    (
        "NL",
        "front_or_street_side_setback",
        "solid",
        41.9,
        PASS,
        None,
        "NL front setback fence 41.9 in. passes",
    ),
    (
        "NL",
        "front_or_street_side_setback",
        "solid",
        42,
        PASS,
        None,
        "NL front setback fence exactly 42 in. passes",
    ),
    (
        "NL",
        "front_or_street_side_setback",
        "solid",
        42.1,
        NEEDS,
        "administrative_design_review",
        "NL front setback fence 42.1 in. needs administrative design review",
    ),
    (
        "NL",
        "front_or_street_side_setback",
        "open",
        72,
        NEEDS,
        "administrative_design_review",
        "NL front setback fence exactly 72 in. needs administrative design review",
    ),
    (
        "NL",
        "front_or_street_side_setback",
        "open",
        72.1,
        NOT_CHECKED,
        None,
        "NL front setback fence 72.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    (
        "CD",
        "front_or_street_side_setback",
        "solid",
        42,
        PASS,
        None,
        "CD street side setback wall exactly 42 in. passes",
    ),
    (
        "RR-1.0",
        "front_or_street_side_setback",
        "solid",
        72,
        PASS,
        None,
        "RR front setback fence exactly 6 ft passes",
    ),
    (
        "RR-1.5",
        "front_or_street_side_setback",
        "solid",
        71.9,
        PASS,
        None,
        "RR-1.5 front setback fence 71.9 in. passes",
    ),
    (
        "RR-1.5",
        "front_or_street_side_setback",
        "solid",
        72.1,
        NOT_CHECKED,
        None,
        "RR front setback fence 72.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    (
        "RVL-0.5",
        "front_or_street_side_setback",
        "solid",
        43,
        NEEDS,
        "administrative_design_review",
        "RVL front setback fence 43 in. needs administrative design review (RR's 6 ft is RR only)",
    ),
    # Within an interior side or rear setback, residential and nonresidential zones: 7 ft.
    (
        "NL",
        "interior_side_or_rear_setback",
        "solid",
        83.9,
        PASS,
        None,
        "NL rear setback fence 83.9 in. passes",
    ),
    (
        "NL",
        "interior_side_or_rear_setback",
        "solid",
        84,
        PASS,
        None,
        "NL rear setback fence exactly 7 ft passes",
    ),
    (
        "NL",
        "interior_side_or_rear_setback",
        "open",
        84.1,
        NEEDS,
        "building_permit",
        "NL rear setback fence 84.1 in. open above 7 ft needs a building permit",
    ),
    (
        "NL",
        "interior_side_or_rear_setback",
        "open",
        96,
        NEEDS,
        "building_permit",
        "NL rear setback fence exactly 8 ft open above 7 ft needs a building permit",
    ),
    (
        "NL",
        "interior_side_or_rear_setback",
        "solid",
        90,
        NOT_CHECKED,
        None,
        "NL rear setback solid fence 7.5 ft is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    (
        "NL",
        "interior_side_or_rear_setback",
        "open",
        96.1,
        NEEDS,
        "minor_use_permit",
        "NL rear setback fence over 8 ft needs a minor use permit and design review",
    ),
    (
        "CI",
        "interior_side_or_rear_setback",
        "solid",
        84,
        PASS,
        None,
        "CI (nonresidential) side setback fence exactly 7 ft passes",
    ),
    (
        "CI",
        "interior_side_or_rear_setback",
        "solid",
        84.1,
        NOT_CHECKED,
        None,
        "CI side setback solid fence 84.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    # Zone with no required setback: 20 ft or more back from the front or street side line: 7 ft.
    (
        "CD",
        "no_setback_zone_beyond_20ft",
        "solid",
        84,
        PASS,
        None,
        "CD fence 20 ft or more back exactly 7 ft passes",
    ),
    (
        "CD",
        "no_setback_zone_beyond_20ft",
        "open",
        90,
        NEEDS,
        "building_permit",
        "CD fence 20 ft or more back 7.5 ft open needs a building permit",
    ),
    # ... within 20 ft: 42 in. solid, 6 ft open.
    (
        "CD",
        "no_setback_zone_within_20ft",
        "solid",
        42,
        PASS,
        None,
        "CD solid fence within 20 ft exactly 42 in. passes",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        "solid",
        42.1,
        NOT_CHECKED,
        None,
        "CD solid fence within 20 ft 42.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        "open",
        72,
        PASS,
        None,
        "CD open fence within 20 ft exactly 6 ft passes",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        "open",
        72.1,
        NOT_CHECKED,
        None,
        "CD open fence within 20 ft 72.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask)",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        None,
        50,
        NOT_CHECKED,
        None,
        "CD fence within 20 ft of 50 in. of unknown type is not checked",
    ),
    (
        "CD",
        "no_setback_zone_within_20ft",
        None,
        40,
        PASS,
        None,
        "CD fence within 20 ft of 40 in. passes whatever its type",
    ),
    # Sight visibility areas: 3 ft.
    (
        "NL",
        "sight_visibility_area",
        "open",
        36,
        PASS,
        None,
        "NL fence in a sight visibility area exactly 3 ft passes",
    ),
    (
        "RR-1.0",
        "sight_visibility_area",
        "open",
        36.1,
        NOT_CHECKED,
        None,
        "RR fence in a sight visibility area 36.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask) (3 ft beats RR's 6 ft)",
    ),
    # Outside a required setback: 8 ft; building permit over 7 ft.
    (
        "NL",
        "outside_setbacks",
        "solid",
        84,
        PASS,
        None,
        "NL fence outside setbacks exactly 7 ft passes",
    ),
    (
        "NL",
        "outside_setbacks",
        "solid",
        84.1,
        NOT_CHECKED,
        None,
        "NL solid fence outside setbacks 84.1 in. is between the two readings of note (2) is the Planning Division's to decide (not checked, nothing to ask) (note 1 applies to the row)",
    ),
    (
        "NL",
        "outside_setbacks",
        "open",
        96,
        NEEDS,
        "building_permit",
        "NL open fence outside setbacks exactly 8 ft needs a building permit",
    ),
    (
        "NL",
        "outside_setbacks",
        "solid",
        96.1,
        NEEDS,
        "minor_use_permit",
        "NL fence outside setbacks 96.1 in. needs a minor use permit and design review",
    ),
]


@pytest.mark.parametrize(
    ("zone", "location", "kind", "height", "status", "approval"),
    [pytest.param(*case[:6], id=case[6]) for case in CASES],
)
def test_fence_heights(zone, location, kind, height, status, approval):
    fence = Fence(height_in=height, location=location, type=kind)
    finding = one(check(zone, fence=fence), "fence.height")
    assert finding.status is status
    assert finding.approval == approval
    assert finding.section == "17.30.030"
    assert finding.subsection.startswith("Table 3-2")
    assert finding.source == "secondary"
    assert finding.unit == "in"
    assert finding.minor_variance is None


def test_the_design_review_path_carries_its_reading():
    fence = Fence(height_in=60, location="front_or_street_side_setback", type="solid")
    finding = one(check("NL", fence=fence), "fence.height")
    assert "Planning Division" in finding.reading and "redline" in finding.reading
    assert (finding.limit, finding.limit_max) == (42, 72)


def test_over_8_ft_names_design_review_alongside_the_minor_use_permit():
    fence = Fence(height_in=100, location="outside_setbacks", type="open")
    finding = one(check("NL", fence=fence), "fence.height")
    assert finding.note == "minor_use_permit_and_adr"


def test_fence_findings_appear_only_when_a_fence_is_given():
    assert "fence.height" not in [f.rule for f in check("NL")]


def test_a_fence_without_a_location_is_not_checked_naming_the_field():
    finding = one(check("NL", fence=Fence(height_in=40)), "fence.height")
    assert finding.status is Status.NOT_CHECKED and finding.missing == ("fence_location",)


def test_a_fence_without_a_height_shows_the_limit():
    finding = one(check("NL", fence=Fence(location="sight_visibility_area")), "fence.height")
    assert finding.status is Status.NOT_CHECKED
    assert finding.missing == ("fence_height_in",)
    assert finding.limit == 36
