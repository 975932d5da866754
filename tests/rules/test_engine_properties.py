"""Properties over the whole accepted input domain (hypothesis)."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import (
    ZONES,
    AccessoryStructure,
    Fence,
    FloodData,
    HomeBusiness,
    Lot,
    MainBuilding,
    Plan,
    Status,
    check_lot,
    load_standards,
)
from rules.engine.inputs import ACCESSORY_TYPES, FENCE_LOCATIONS, FENCE_TYPES, FLOOD_ZONES

from .helpers import AS_OF

STANDARDS = load_standards()
size = st.none() | st.floats(min_value=0, max_value=1e7, allow_nan=False, allow_infinity=False)
small_count = st.none() | st.integers(min_value=0, max_value=10_000)

lots = st.builds(
    Lot,
    zone=st.sampled_from(list(ZONES)),
    area_sqft=size,
    width_ft=size,
    depth_ft=size,
    corner_lot=st.booleans(),
    abuts_residential=st.booleans(),
    dwelling_units=small_count,
    hillside=st.booleans(),
)
buildings = st.none() | st.builds(MainBuilding, size, size, size, size, size, size, size)
plans = st.builds(
    Plan,
    building=buildings,
    fence=st.none()
    | st.builds(
        Fence,
        size,
        st.none() | st.sampled_from(FENCE_LOCATIONS),
        st.none() | st.sampled_from(FENCE_TYPES),
    ),
    accessory=st.none()
    | st.builds(AccessoryStructure, st.none() | st.sampled_from(ACCESSORY_TYPES), size),
    home_business=st.none() | st.builds(HomeBusiness, size, size, size, size),
    flood=st.none()
    | st.builds(
        FloodData, st.none() | st.sampled_from(FLOOD_ZONES), size, size, size, size, st.booleans()
    ),
)


def _run(lot, plan, preview=False):
    proposals = STANDARDS.preview(AS_OF) if preview else None
    return check_lot(lot, plan, as_of=AS_OF, standards=STANDARDS, proposals=proposals)


@settings(max_examples=400, deadline=None)
@given(lots, plans, st.booleans())
def test_the_engine_never_raises_on_accepted_input(lot, plan, preview):
    findings = _run(lot, plan, preview)
    assert findings
    for finding in findings:
        finding.to_dict()


SETBACK_FIELDS = {
    "setback.front": "front_setback_ft",
    "setback.interior_side": "interior_side_setback_ft",
    "setback.street_side": "street_side_setback_ft",
    "setback.rear": "rear_setback_ft",
}


def _status(findings, rule):
    return next((f for f in findings if f.rule == rule), None)


@settings(max_examples=300, deadline=None)
@given(
    lots,
    st.builds(MainBuilding, size, size, size, size, size, size, size),
    st.sampled_from(list(SETBACK_FIELDS)),
    st.floats(min_value=0, max_value=1000),
)
def test_widening_a_setback_never_turns_a_pass_into_a_fail(lot, building, rule, extra):
    field = SETBACK_FIELDS[rule]
    before = _status(_run(lot, Plan(building=building)), rule)
    if before is None or before.status is not Status.PASS:
        return
    # A build-to range is a location, not a minimum: moving back out of it
    # fails by design, so only minimum setbacks are held to this property.
    if STANDARDS.by_id(before.standard_id).comparison != "min":
        return
    wider = replace(building, **{field: getattr(building, field) + extra})
    after = _status(_run(lot, Plan(building=wider)), rule)
    assert after.status is not Status.FAIL


HEIGHTS = [
    ("height.main", "building", "height_ft"),
    ("hillside.height", "building", "height_ft"),
    ("hillside.height_from_lowest_grade", "building", "height_from_lowest_grade_ft"),
    ("accessory.height", "accessory", "height_ft"),
    ("fence.height", "fence", "height_in"),
]


@settings(max_examples=300, deadline=None)
@given(lots, plans, st.sampled_from(HEIGHTS), st.floats(min_value=0, max_value=1))
def test_lowering_a_height_never_turns_a_pass_into_a_fail(lot, plan, target, share):
    rule, part, field = target
    before = _status(_run(lot, plan), rule)
    if before is None or before.status is not Status.PASS:
        return
    component = getattr(plan, part)
    lower = replace(component, **{field: getattr(component, field) * share})
    after = _status(_run(lot, replace(plan, **{part: lower})), rule)
    assert after.status is not Status.FAIL
