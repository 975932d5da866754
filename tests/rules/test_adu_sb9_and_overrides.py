"""SB 9 (Gov. Code §§ 65852.21, 66411.7) and where a state ADU guarantee displaces a zone
limit (coverage), at the limits: 25 percent of exterior walls, a 40 percent smaller parcel,
1,200 sq ft parcels."""

import pytest

from law.engine import Status
from law.engine.site import Lot, MainBuilding
from law.families.adu.part import AduProposal

from .helpers import AS_OF, adu_findings, check, one

PASS, FAIL, NOT_CHECKED, NEEDS, INFO = (
    Status.PASS,
    Status.FAIL,
    Status.NOT_CHECKED,
    Status.NEEDS_APPROVAL,
    Status.INFO,
)
CLEAR = {"sb9_single_family_zone": True, "sb9_site_excluded": False, "sb9_protected_housing": False}


def sb9(kind, *, lot_area_sqft=6000, **fields):
    return adu_findings(
        Lot(zone="NL", area_sqft=lot_area_sqft), AduProposal(sb9=kind, **fields), as_of=AS_OF
    )


ELIGIBLE = [
    (
        "two_unit",
        dict(CLEAR, sb9_ellis_withdrawal=False),
        NEEDS,
        "a clear two-unit project is ministerial",
    ),
    (
        "two_unit",
        dict(CLEAR, sb9_ellis_withdrawal=True),
        FAIL,
        "an Ellis Act withdrawal disqualifies",
    ),
    (
        "two_unit",
        dict(CLEAR, sb9_single_family_zone=False),
        FAIL,
        "outside a single-family zone disqualifies",
    ),
    (
        "two_unit",
        dict(CLEAR, sb9_site_excluded=True, sb9_ellis_withdrawal=False),
        FAIL,
        "an excluded site disqualifies",
    ),
    (
        "lot_split",
        dict(CLEAR, sb9_protected_housing=True),
        FAIL,
        "protected housing disqualifies a split",
    ),
    ("lot_split", dict(CLEAR), NEEDS, "a clear lot split is ministerial"),
    (
        "lot_split",
        dict(CLEAR, sb9_single_family_zone=None),
        NOT_CHECKED,
        "an unanswered question is named",
    ),
]


@pytest.mark.parametrize(
    "kind, answers, status", [c[:-1] for c in ELIGIBLE], ids=[c[-1] for c in ELIGIBLE]
)
def test_sb9_eligibility(kind, answers, status):
    finding = one(sb9(kind, **answers), "sb9.eligible")
    assert finding.status is status
    if status is NEEDS:
        assert finding.approval == "ministerial_permit"
    if status is NOT_CHECKED:
        assert finding.missing == ("sb9_single_family_zone",)


WALLS = [
    (24.9, PASS, "24.9 percent of walls passes"),
    (25, PASS, "exactly 25 percent passes"),
    (25.1, NOT_CHECKED, "25.1 percent is not decided"),
]


@pytest.mark.parametrize("walls, status", [c[:2] for c in WALLS], ids=[c[2] for c in WALLS])
def test_two_unit_demolition_of_exterior_walls(walls, status):
    finding = one(sb9("two_unit", sb9_walls_demolished_percent=walls, **CLEAR), "sb9.demolition")
    assert (finding.status, finding.subsection) == (status, "(a)(5)")


@pytest.mark.parametrize("rule", ["sb9.unit_size", "sb9.setbacks"])
def test_sb9_unit_size_and_setbacks_are_reported_as_not_held(rule):
    finding = one(sb9("two_unit", **CLEAR), rule)
    assert (finding.status, finding.note) == (NOT_CHECKED, "state_figure_not_held")


SPLIT = [
    # (original, a, b, share status, area status, id)
    (6000, 2399.9, 3600.1, FAIL, PASS, "a parcel just under 40 percent fails"),
    (6000, 2400, 3600, PASS, PASS, "a parcel of exactly 40 percent passes"),
    (6000, 2400.1, 3599.9, PASS, PASS, "a parcel just over 40 percent passes"),
    (2400, 1199.9, 1200.1, PASS, NOT_CHECKED, "a parcel of 1,199.9 sq ft depends on Cotati"),
    (2400, 1200, 1200, PASS, PASS, "parcels of exactly 1,200 sq ft pass"),
    (2402, 1200.1, 1201.9, PASS, PASS, "parcels just over 1,200 sq ft pass"),
]


@pytest.mark.parametrize(
    "original, a, b, share, area", [c[:-1] for c in SPLIT], ids=[c[-1] for c in SPLIT]
)
def test_urban_lot_split(original, a, b, share, area):
    findings = sb9("lot_split", lot_area_sqft=original, sb9_lot_a_sqft=a, sb9_lot_b_sqft=b, **CLEAR)
    assert one(findings, "sb9.lot_split").status is share
    assert one(findings, "sb9.lot_split.min_area").status is area


def test_a_lot_split_without_the_new_parcels_names_them():
    findings = sb9("lot_split", **CLEAR)
    assert one(findings, "sb9.lot_split").missing == ("sb9_lot_a_sqft", "sb9_lot_b_sqft")


def test_an_unknown_sb9_kind_is_named():
    assert one(sb9("triplex"), "sb9.eligible").missing == ("sb9",)


# --- state law prevails over lot coverage ---------------------------------------------


def with_overrides(covered, adu_area, *, side=4, lot_area=6000):
    """NL coverage (40 percent of the site, structures) with an ADU in the plan, through check_lot."""
    proposal = AduProposal(
        adu_type="detached",
        existing_dwelling="single_family",
        adu_floor_area_sqft=adu_area,
        adu_height_ft=15,
        adu_side_setback_ft=side,
        adu_rear_setback_ft=4,
        near_transit=True,
    )
    # check_lot runs the ADU family's apply_state_overrides once every family has checked.
    findings = check(
        "NL", area_sqft=lot_area, building=MainBuilding(covered_area_sqft=covered), adu=proposal
    )
    return one(findings, "coverage")


def test_coverage_over_the_limit_because_of_a_guaranteed_adu_yields_to_state_law():
    coverage = with_overrides(covered=2400 + 800, adu_area=800)
    assert (coverage.status, coverage.note) == (INFO, "state_law_prevails")
    assert coverage.overridden_by == "gc-66321-b3-800-sqft-guaranteed"
    assert coverage.section == "17.24.030"  # the zone finding keeps its own citation


def test_a_main_building_over_the_limit_on_its_own_still_fails():
    coverage = with_overrides(covered=2401 + 800, adu_area=800)
    assert coverage.status is FAIL and coverage.overridden_by is None


def test_an_adu_beyond_the_guarantee_does_not_displace_coverage():
    assert with_overrides(covered=2400 + 801, adu_area=801).status is FAIL
    assert with_overrides(covered=2400 + 800, adu_area=800, side=3.9).status is FAIL


def test_coverage_within_the_limit_is_left_alone():
    coverage = with_overrides(covered=2000, adu_area=600)
    assert coverage.status is PASS and coverage.overridden_by is None
