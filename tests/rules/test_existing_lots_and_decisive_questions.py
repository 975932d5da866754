"""Issue 21's users of the building-rule families, answered as a planner would: an existing lot
is not failed on Table 2-4's parcel minimums, density says how many homes the lot allows, the
flood rule asks its decisive questions once and in plain words, and what the site does not
hold (a shed's distances, a fence between note 2's readings) is the City's to decide."""

import pytest

from law.engine import check_lot, load_standards
from law.engine.answers import (
    ALLOWED_WITH_APPROVAL,
    CANNOT_TELL,
    CITY_DECIDES,
    NOT_ALLOWED,
    answers_for,
)
from law.engine.cases import AS_OF
from law.engine.common import Context
from law.engine.findings import Status
from law.engine.registry import registry
from rules.wording.records import record_figure


def answer(project: str, **values):
    lot, plan = registry().inputs_from(values)
    findings = check_lot(lot, plan, as_of=AS_OF)
    # The lot checked says which state routes could add a home on it (answers_for's ``on``).
    on = Context(load_standards().view(AS_OF), lot, plan)
    return answers_for(findings, [project], on=on)[0], {f.rule: f for f in findings}


def test_an_addition_on_a_50_ft_wide_existing_nl_lot_is_not_failed_on_lot_width():
    result, findings = answer(
        "main_building",
        zone="NL",
        building_type="single_family_existing",
        work_kind="addition",
        lot_area_sqft=5000,
        lot_width_ft=50,
        front_setback_ft=20,
        interior_side_setback_ft=5,
        rear_setback_ft=20,
        building_height_ft=20,
        covered_area_sqft=1800,
    )
    assert result.outcome == ALLOWED_WITH_APPROVAL
    assert result.approvals == ("building_permit",)
    for rule in ("lot.area", "lot.width"):
        assert findings[rule].status is Status.INFO
        assert findings[rule].exception == "legal_nonconforming_lot"
    # Neither the lot's depth nor the number of homes is asked of an existing home's lot.
    assert findings["lot.depth"].missing == () and findings["density.max"].missing == ()
    assert findings["density.max"].value is None  # nothing typed, nothing "entered"


def test_a_four_plex_on_an_8000_sq_ft_nm_lot_is_told_the_lot_allows_one_home():
    result, findings = answer(
        "main_building", zone="NM", lot_area_sqft=8000, dwelling_units=4, building_type="plex"
    )
    assert result.outcome == NOT_ALLOWED
    assert result.rules == ("density.max",)
    (fix,) = result.fixes
    assert (fix.rule, fix.target, fix.direction) == ("density.max", 1, "down")
    assert "adu" in {alternative.project for alternative in result.alternatives}
    # The 2-home minimum is not set beside it as a rule met.
    assert findings["density.min"].status is Status.INFO
    assert findings["density.min"].note == "minimum_above_maximum"


def test_a_room_addition_in_an_ae_zone_is_asked_every_decisive_question_once():
    plan = {
        "zone": "NL",
        "building_type": "single_family_existing",
        "work_kind": "addition",
        "flood_zone": "AE",
        "lot_area_sqft": 6000,
        "front_setback_ft": 20,
        "interior_side_setback_ft": 5,
        "rear_setback_ft": 20,
        "building_height_ft": 20,
        "covered_area_sqft": 1800,
    }
    result, _findings = answer("main_building", **plan)
    assert result.outcome == CANNOT_TELL
    assert result.missing == (
        "substantial_improvement",
        "lowest_floor_elevation_ft",
        "base_flood_elevation_ft",
    )
    small, _ = answer("main_building", **plan, substantial_improvement=False)
    assert small.outcome == ALLOWED_WITH_APPROVAL
    assert small.approvals == ("flood_development_permit", "building_permit")
    large, _ = answer(
        "main_building",
        **plan,
        substantial_improvement=True,
        base_flood_elevation_ft=100,
        lowest_floor_elevation_ft=99.9,
    )
    assert large.outcome == NOT_ALLOWED and large.rules == ("flood.lowest_floor",)


def test_the_half_value_question_is_the_figure_the_substantial_improvement_record_holds():
    record = load_standards().by_id("s15-04-170-substantial-improvement")
    assert (record.value, record.unit, record.comparison) == (50, "percent", "min")
    assert "half or more" in registry().inputs["substantial_improvement"].spec.label


def test_a_shed_within_every_held_rule_is_the_citys_to_decide_where_it_stands():
    result, findings = answer(
        "accessory_structure",
        zone="NL",
        accessory_type="shed",
        accessory_footprint_sqft=120,
        accessory_stories=1,
        accessory_height_ft=10,
        accessory_rear_line_ft=3,
        accessory_side_line_ft=5,
    )
    setbacks = findings["accessory.setbacks"]
    assert (setbacks.status, setbacks.missing, setbacks.note) == (
        Status.NOT_CHECKED,
        (),
        "not_encoded",
    )
    assert setbacks.section == "17.42.160"
    assert result.outcome == CITY_DECIDES and result.unknown == ("accessory.setbacks",)


@pytest.mark.parametrize(
    ("height", "location"),
    [(73, "front_or_street_side_setback"), (85, "interior_side_or_rear_setback")],
    ids=["a 73 in. front fence", "an 85 in. solid rear fence"],
)
def test_a_fence_the_site_cannot_say_is_allowed_is_not_allowed_with_approval(height, location):
    result, findings = answer(
        "fence", zone="NL", fence_height_in=height, fence_location=location, fence_type="solid"
    )
    fence = findings["fence.height"]
    assert (fence.status, fence.missing, fence.approval) == (Status.NOT_CHECKED, (), None)
    assert result.outcome == CITY_DECIDES and result.approvals == ()


def test_the_flood_topic_prints_the_half_value_threshold_as_a_share_not_a_height():
    record = load_standards().by_id("s15-04-170-substantial-improvement")
    assert record_figure(record) == "At least 50%"
