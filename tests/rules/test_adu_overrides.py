"""Where a state ADU guarantee displaces a zone limit (coverage, Gov. Code § 66321(b)(3)), at
the limits: the main building alone at and over the limit, the ADU at and over 800 sq ft."""

from law.engine import Status
from law.engine.site import MainBuilding
from law.families.adu.part import AduProposal

from .helpers import check, one

PASS, FAIL, INFO = Status.PASS, Status.FAIL, Status.INFO


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
    # 801 sq ft is within a city's 850 sq ft cap floor ((b)(2)) and 4 ft from the lines
    # ((d)(7)), but the coverage guarantee is (b)(3)'s 800 sq ft only.
    assert with_overrides(covered=2400 + 801, adu_area=801).status is FAIL
    assert with_overrides(covered=2400 + 800, adu_area=800, side=3.9).status is FAIL


def test_coverage_within_the_limit_is_left_alone():
    coverage = with_overrides(covered=2000, adu_area=600)
    assert coverage.status is PASS and coverage.overridden_by is None
