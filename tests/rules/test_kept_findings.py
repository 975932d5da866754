"""Kept findings (rules/engine/memo.py) answer exactly what a fresh check would: a person
changing one answer at a time gets, from the families that did not read it, the findings a
full run gives. (The rest of tests/rules runs strictly, which proves each family reads only
what it declares; here the store is on, as on the site.)"""

from dataclasses import replace

import pytest
from hypothesis import given, settings

from rules.engine import Fence, Lot, MainBuilding, Plan, check_lot
from rules.engine.memo import strict

from .helpers import AS_OF
from .test_engine_properties import STANDARDS, lots, plans


@pytest.fixture(autouse=True)
def _strict_engine():
    """Overrides tests/rules/conftest.py: the store is what these tests exercise."""
    yield


def _fresh(lot, plan):
    with strict():  # every family runs; nothing is read from or put in the store
        return check_lot(lot, plan, as_of=AS_OF, standards=STANDARDS)


def _kept(lot, plan):
    return check_lot(lot, plan, as_of=AS_OF, standards=STANDARDS)


@settings(max_examples=300, deadline=None)
@given(lots, plans, lots, plans)
def test_a_plan_changed_part_by_part_gets_a_fresh_checks_findings(lot, plan, other_lot, other):
    """From one lot and plan to another, one part at a time (each step reuses what the
    parts not changed had kept)."""
    steps = [(lot, plan)]
    for part in ("building", "fence", "accessory", "home_business", "flood"):
        plan = replace(plan, **{part: getattr(other, part)})
        steps.append((lot, plan))
    steps.append((other_lot, plan))
    for step_lot, step_plan in steps:
        assert _kept(step_lot, step_plan) == _fresh(step_lot, step_plan)


def test_a_family_that_read_nothing_changed_is_answered_from_the_store():
    lot = Lot(zone="NL", area_sqft=6000, width_ft=60, depth_ft=100)
    first = Plan(
        building=MainBuilding(front_setback_ft=20, rear_setback_ft=20),
        fence=Fence(height_in=72, location="interior_side_or_rear_setback", type="solid"),
    )
    again = replace(first, building=MainBuilding(front_setback_ft=20, rear_setback_ft=19.5))
    assert _kept(lot, first) == _fresh(lot, first)
    assert _kept(lot, again) == _fresh(lot, again)
    # The fence family read nothing that changed: its finding is the one kept, not a new one.
    (fence,) = [f for f in _kept(lot, first) if f.rule == "fence.height"]
    (kept,) = [f for f in _kept(lot, again) if f.rule == "fence.height"]
    assert kept is fence
    (rear,) = [f for f in _kept(lot, again) if f.rule == "setback.rear"]
    assert rear.value == 19.5
