"""Project answers (issue 11): one answer per project from the findings that bear on it, with
the approvals in the order they are obtained, the answers that would settle a cannot_tell and
what would pass a failed rule, computed from the same standards. Case tables at the limits."""

import pytest

from law.engine.answers import (
    ALLOWED,
    ALLOWED_WITH_APPROVAL,
    CANNOT_TELL,
    CITY_DECIDES,
    NOT_ALLOWED,
    OUTCOMES,
    answers_for,
    fix_for,
    relevant,
)
from law.engine.findings import APPROVAL_ORDER, Finding, Status
from law.engine.registry import registry
from law.engine.site import MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.families.fences.part import Fence
from law.families.flood.part import FloodData
from law.families.home_business.part import HomeBusiness
from tests.rules.helpers import check, one

PROJECT_KEYS = tuple(registry().projects)


def answer(findings, project):
    (result,) = answers_for(findings, [project])
    return result


def back_fence(inches, kind=None):
    return Fence(height_in=inches, location="interior_side_or_rear_setback", type=kind)


# --- Fences: Table 3-2's interior side / rear row (7 ft; building permit above; MUP + ADR
# above 8 ft) and the front row (42 in.; 72 in. with design review).
@pytest.mark.parametrize(
    ("fence", "outcome", "approvals"),
    [
        (back_fence(83), ALLOWED, ()),
        (back_fence(84), ALLOWED, ()),
        (back_fence(85, "open"), ALLOWED_WITH_APPROVAL, ("building_permit",)),
        (back_fence(85), CANNOT_TELL, ()),
        (back_fence(96, "open"), ALLOWED_WITH_APPROVAL, ("building_permit",)),
        (back_fence(97, "open"), ALLOWED_WITH_APPROVAL, ("minor_use_permit",)),
        (
            Fence(height_in=42, location="front_or_street_side_setback"),
            ALLOWED,
            (),
        ),
        (
            Fence(height_in=43, location="front_or_street_side_setback"),
            ALLOWED_WITH_APPROVAL,
            ("administrative_design_review",),
        ),
        (
            Fence(height_in=73, location="front_or_street_side_setback"),
            CITY_DECIDES,
            (),
        ),
        (Fence(height_in=None, location="front_or_street_side_setback"), CANNOT_TELL, ()),
    ],
    ids=[
        "NL back-yard fence 6 ft 11 in. is allowed",
        "NL back-yard fence exactly 7 ft is allowed",
        "7 ft 1 in. open-topped needs a building permit",
        "7 ft 1 in. of unknown design cannot be told",
        "exactly 8 ft open-topped needs a building permit",
        "8 ft 1 in. needs a minor use permit",
        "front fence exactly 42 in. is allowed",
        "front fence 43 in. needs design review",
        "front fence 73 in. is for the Planning Division to decide (note 2's two readings)",
        "front fence without a height cannot be told",
    ],
)
def test_fence_answers_at_the_limits(fence, outcome, approvals):
    result = answer(check("NL", fence=fence), "fence")
    assert result.outcome == outcome
    assert result.approvals == approvals
    assert result.rules == ("fence.height",)


@pytest.mark.parametrize(
    ("value", "limit", "limit_max", "target", "direction"),
    [
        (80, 42, 72, 72, "down"),  # over a ceiling an approval reaches: down to the ceiling
        (80, 42, None, 42, "down"),
        (11, 0, 10, 10, "down"),  # past the far end of a 0-10 ft range
        (13.5, 15, None, 15, "up"),
    ],
    ids=[
        "80 in. over a 42 in. limit with a 72 in. ceiling comes down to 72 in.",
        "80 in. over a plain 42 in. limit comes down to 42 in.",
        "11 ft past a 0-10 ft range comes back to 10 ft",
        "a 13.5 ft setback under 15 ft moves 1.5 ft back",
    ],
)
def test_what_would_pass_comes_from_the_findings_own_figures(
    value, limit, limit_max, target, direction
):
    failed = Finding(
        rule="r", status=Status.FAIL, topic="t", value=value, limit=limit, limit_max=limit_max
    )
    fix = fix_for(failed)
    assert (fix.target, fix.direction) == (target, direction)
    assert fix.delta == pytest.approx(abs(value - target))


def test_cannot_tell_names_every_answer_that_would_settle_it_at_once():
    unsure = answer(check("NL", fence=Fence(height_in=85, location="outside_setbacks")), "fence")
    assert (unsure.outcome, unsure.missing) == (CANNOT_TELL, ("fence_type",))
    findings = check("NL")
    home = answer(findings, "main_building")
    assert home.outcome == CANNOT_TELL
    asked = {n for f in relevant(findings, ["main_building"]) for n in f.missing}
    assert set(home.missing) == asked and len(home.missing) > 2  # not two at a time
    assert len(home.rules) > 2


def test_a_project_with_nothing_entered_asks_its_first_questions():
    result = answer(check("NL"), "fence")
    assert result.outcome == CANNOT_TELL
    assert result.missing == ("fence_height_in", "fence_location", "fence_type")
    shed = answer(check("NL"), "accessory_structure")
    assert shed.missing[:2] == ("accessory_type", "accessory_footprint_sqft")
    assert shed.missing == registry().part_triggers["accessory"]


# --- Sheds: § 17.42.160 height 12 ft (MUP above); CRC R105.2 exemption up to 120 sq ft, one
# story; § 17.42.160 setbacks not held.
def shed(**fields):
    return AccessoryStructure(**{"type": "shed", **fields})


@pytest.mark.parametrize(
    ("area", "stories", "status", "approval"),
    [
        (119, 1, Status.PASS, None),
        (120, 1, Status.PASS, None),
        (121, 1, Status.NEEDS_APPROVAL, "building_permit"),
        (100, 2, Status.NEEDS_APPROVAL, "building_permit"),
        (120, None, Status.NOT_CHECKED, None),
        (None, 1, Status.NOT_CHECKED, None),
    ],
    ids=[
        "a 119 sq ft one-story shed needs no building permit",
        "a 10 by 12 ft (120 sq ft) one-story shed needs no building permit",
        "a 121 sq ft shed needs a building permit",
        "a two-story shed needs a building permit",
        "stories not given: not decided",
        "floor area not given: not decided",
    ],
)
def test_shed_building_permit_exemption_at_its_limit(area, stories, status, approval):
    finding = one(
        check("NL", accessory=shed(footprint_sqft=area, stories=stories)),
        "accessory.building_permit",
    )
    assert finding.status is status
    assert finding.approval == approval
    assert finding.limit == 120
    assert finding.section == "CRC R105.2" and finding.source == "secondary"


def test_the_building_permit_exemption_is_not_decided_for_a_garage():
    finding = one(
        check("NL", accessory=AccessoryStructure(type="detached_garage", footprint_sqft=100)),
        "accessory.building_permit",
    )
    assert finding.status is Status.NOT_CHECKED
    assert finding.note == "exemption_names_sheds"


def test_a_shed_within_every_held_limit_is_the_citys_to_place_for_want_of_the_setbacks():
    findings = check(
        "NL",
        accessory=shed(footprint_sqft=120, height_ft=10, stories=1, side_line_ft=5),
    )
    result = answer(findings, "accessory_structure")
    assert result.outcome == CITY_DECIDES
    assert result.unknown == ("accessory.setbacks",)
    assert result.missing == ()
    assert one(findings, "accessory.setbacks").note == "not_encoded"


@pytest.mark.parametrize(
    ("height", "outcome", "approvals"),
    [(12, CITY_DECIDES, ()), (12.5, ALLOWED_WITH_APPROVAL, ("minor_use_permit",))],
    ids=[
        "a 12 ft shed is within the height: the City decides where it stands",
        "a 12.5 ft shed needs a minor use permit, whatever the City decides of where it stands",
    ],
)
def test_a_held_approval_decides_the_shed_headline_beside_what_the_city_decides(
    height, outcome, approvals
):
    result = answer(
        check("NL", accessory=shed(footprint_sqft=100, stories=1, height_ft=height)),
        "accessory_structure",
    )
    assert (result.outcome, result.approvals) == (outcome, approvals)
    assert result.unknown == ("accessory.setbacks",)


def test_a_flood_zone_bears_on_the_shed_but_the_homes_lowest_floor_rule_does_not():
    flood = FloodData(zone="AE", base_flood_elevation_ft=100)
    findings = check("NL", accessory=shed(footprint_sqft=100, stories=1, height_ft=10), flood=flood)
    shed_rules = set(registry().project_rules["accessory_structure"])
    assert "flood.permit" in shed_rules and "flood.lowest_floor" not in shed_rules
    result = answer(findings, "accessory_structure")
    assert "flood_development_permit" in result.approvals
    home = answer(findings, "main_building")
    assert "flood.lowest_floor" in home.rules or "lowest_floor_elevation_ft" in home.missing


# --- Business at home.
def salon(**fields):
    base = {
        "kind": "hair_salon",
        "home_floor_area_sqft": 1600,
        "business_floor_area_sqft": 400,
        "visitor_trips_per_day": 12,
        "clients_at_once": 1,
    }
    return HomeBusiness(**{**base, **fields})


def test_a_home_salon_needs_the_city_and_state_licenses_and_the_city_decides_its_permit():
    result = answer(check("NL", home_business=salon()), "home_business")
    assert result.outcome == ALLOWED_WITH_APPROVAL
    assert result.approvals == ("business_license", "state_license")
    assert result.unknown == ("home_business.permit",)


@pytest.mark.parametrize(
    ("fields", "rule", "target", "delta"),
    [
        ({"business_floor_area_sqft": 416}, "home_business.floor_area", 25, 1),
        ({"visitor_trips_per_day": 13}, "home_business.visitor_trips", 12, 1),
        ({"clients_at_once": 2}, "home_business.clients", 1, 1),
    ],
    ids=[
        "26% of the home is 1 point over the 25% share",
        "13 visitor trips is 1 over 12",
        "2 clients at once is 1 over 1",
    ],
)
def test_a_home_business_over_a_limit_is_told_what_would_pass(fields, rule, target, delta):
    result = answer(check("NL", home_business=salon(**fields)), "home_business")
    assert result.outcome == NOT_ALLOWED
    (fix,) = result.fixes
    assert (fix.rule, fix.target, fix.direction) == (rule, target, "down")
    assert fix.delta == pytest.approx(delta)


@pytest.mark.parametrize(
    ("kind", "status", "note"),
    [
        ("hair_salon", Status.NEEDS_APPROVAL, "board_of_barbering_and_cosmetology"),
        ("child_care", Status.NEEDS_APPROVAL, "family_child_care_state_license"),
        ("cottage_food", Status.INFO, "cottage_food_residential_use"),
    ],
)
def test_state_law_for_each_kind_of_business(kind, status, note):
    finding = one(check("NL", home_business=salon(kind=kind)), "home_business.state_license")
    assert finding.note == note
    assert finding.status is status


def test_family_child_care_for_8_children_needs_only_its_state_license():
    """HSC 1597.45 (SB 234, from 2020-01-01): a family child care home is a residential use by
    right, with no business license, fee or tax; § 1597.54(a): the state's license. Eight
    children and 20 trips a day fail no home-occupation limit, and no City approval is named."""
    care = salon(
        kind="child_care",
        business_floor_area_sqft=None,
        visitor_trips_per_day=20,
        clients_at_once=8,
    )
    result = answer(check("NL", home_business=care), "home_business")
    assert result.outcome == ALLOWED_WITH_APPROVAL
    assert result.approvals == ("state_license",)


def test_no_state_rule_is_claimed_for_an_office_and_a_missing_kind_is_asked():
    assert not [
        f
        for f in check("NL", home_business=salon(kind="office"))
        if f.rule == "home_business.state_license"
    ]
    asked = one(check("NL", home_business=salon(kind=None)), "home_business.state_license")
    assert asked.missing == ("business_kind",)


# --- A new home or an addition.
def nm_house(**fields):
    base = {
        "front_setback_ft": 15,
        "interior_side_setback_ft": 5,
        "rear_setback_ft": 15,
        "height_ft": 28,
        "covered_area_sqft": 2000,
    }
    return MainBuilding(**{**base, **fields})


NM_LOT = {"area_sqft": 5000, "width_ft": 50, "depth_ft": 100, "dwelling_units": 1}


@pytest.mark.parametrize(
    ("fields", "outcome", "fix"),
    [
        ({}, ALLOWED_WITH_APPROVAL, None),
        ({"height_ft": 28.5}, NOT_ALLOWED, ("height.main", "down", 28, 0.5)),
        ({"rear_setback_ft": 13.5}, NOT_ALLOWED, ("setback.rear", "up", 15, 1.5)),
        ({"front_setback_ft": 14}, NOT_ALLOWED, ("setback.front", "up", 15, 1)),
    ],
    ids=[
        "an NM house at every limit needs only its building permit",
        "28.5 ft tall: lower it 0.5 ft to 28 ft",
        "rear setback 13.5 ft: move it 1.5 ft back",
        "front setback 14 ft: move it 1 ft back",
    ],
)
def test_a_new_nm_home_at_and_just_over_its_limits(fields, outcome, fix):
    result = answer(check("NM", building=nm_house(**fields), **NM_LOT), "main_building")
    assert result.outcome == outcome
    if fix is None:
        assert result.approvals == ("building_permit",)
        assert result.rules == ("building.permit",)
    else:
        (found,) = result.fixes
        assert (found.rule, found.direction, found.target) == fix[:3]
        assert found.delta == pytest.approx(fix[3])


def test_a_minor_variance_is_offered_where_it_reaches():
    result = answer(check("NM", building=nm_house(rear_setback_ft=13.5), **NM_LOT), "main_building")
    (fix,) = result.fixes
    assert fix.variance_limit == pytest.approx(11.25)  # 25% of 15 ft


# --- The contract as a whole.
def test_approvals_are_ordered_as_they_are_obtained():
    rule = registry().project_rules["fence"][0]
    findings = [
        Finding(rule=rule, status=Status.NEEDS_APPROVAL, topic="fence", approval=code)
        for code in reversed(APPROVAL_ORDER)
    ]
    assert answer(findings, "fence").approvals == APPROVAL_ORDER


def test_every_project_is_answered_and_a_project_without_rules_is_not_covered():
    results = answers_for(check("NL"), PROJECT_KEYS)
    assert [r.project for r in results] == list(PROJECT_KEYS)
    adu = next(r for r in results if r.project == "adu")
    assert adu.covered is registry().covered("adu")
    if not adu.covered:
        assert (adu.outcome, adu.missing, adu.rules) == (CANNOT_TELL, (), ())


def test_an_unknown_project_is_refused():
    with pytest.raises(ValueError):
        answers_for([], ["pool"])


def test_findings_for_projects_hold_their_rules_and_the_site_conditions_only():
    findings = check(
        "NL",
        building=nm_house(),
        fence=back_fence(84),
        flood=FloodData(zone="AE"),
        hillside=True,
        **NM_LOT,
    )
    kept = {f.rule for f in relevant(findings, ["fence"])}
    assert "fence.height" in kept
    assert "setback.front" not in kept and "lot.area" not in kept
    assert {"flood.permit", "hillside.height"} <= kept


def test_a_passing_or_unfinished_finding_has_no_fix():
    assert fix_for(Finding(rule="r", status=Status.PASS, topic="t", value=1, limit=2)) is None
    assert fix_for(Finding(rule="r", status=Status.FAIL, topic="t", value=None, limit=2)) is None


@pytest.mark.parametrize("outcome", OUTCOMES)
def test_every_outcome_is_reachable_and_serialises(outcome):
    plans = {
        ALLOWED: back_fence(84),
        ALLOWED_WITH_APPROVAL: back_fence(90, "open"),
        NOT_ALLOWED: None,
        CITY_DECIDES: Fence(height_in=73, location="front_or_street_side_setback"),
        CANNOT_TELL: Fence(location="outside_setbacks"),
    }
    if outcome == NOT_ALLOWED:
        result = answer(check("NL", home_business=salon(clients_at_once=2)), "home_business")
    else:
        result = answer(check("NL", fence=plans[outcome]), "fence")
    assert result.outcome == outcome
    data = result.to_dict()
    assert set(data) >= {"project", "outcome", "approvals", "rules", "missing"}
    assert data["outcome"] == outcome
