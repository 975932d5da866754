"""What a lot can hold: the case table (tests/rules/data/capacity.toml) and the property that
a plan at the capacity's figures passes the checker's own rules, and one just over fails."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.engine import check_lot
from law.engine.findings import Status
from law.engine.loader import load_standards
from law.engine.registry import registry
from law.reports.capacity import building_values, lot_capacity
from tests.rules.helpers import AS_OF

ROWS = tomllib.loads((Path(__file__).parent / "data" / "capacity.toml").read_text())["row"]
STANDARDS = load_standards()


def capacity_of(lot: dict):
    return lot_capacity(lot, as_of=AS_OF, standards=STANDARDS)


@pytest.mark.parametrize("row", ROWS, ids=[row["covers"] for row in ROWS])
def test_capacity_case_table(row):
    capacity = capacity_of(row["lot"])
    assert capacity.homes.value == row["homes"]
    if "buildable" in row:
        assert capacity.buildable.value == pytest.approx(row["buildable"])
    if "footprint" in row:
        assert capacity.footprint.value == pytest.approx(row["footprint"])
        assert capacity.binding == row["binding"]
    if "routes" in row:
        assert [route.key for route in capacity.routes] == row["routes"]


def test_a_density_of_no_whole_home_is_said_as_a_single_home():
    capacity = capacity_of({"zone": "NL", "lot_area_sqft": 6000})
    assert capacity.homes.value == 1
    assert capacity.homes.how == "single_home"


def test_figures_not_worked_out_name_the_lot_figure_they_need():
    capacity = capacity_of({"zone": "NL"})
    assert capacity.buildable.value is None
    assert set(capacity.buildable.missing) == {"lot_width_ft", "lot_depth_ft"}
    assert capacity.coverage.missing == ("lot_area_sqft",)


def test_every_figure_cites_a_dated_record():
    capacity = capacity_of(
        {"zone": "NM", "lot_area_sqft": 6000, "lot_width_ft": 60, "lot_depth_ft": 100}
    )
    for figure in (*capacity.setbacks, capacity.coverage, *capacity.heights):
        assert figure.sources, figure.key
        assert all(s.section and s.effective for s in figure.sources), figure.key


def _rules(values: dict) -> dict:
    lot, plan = registry().inputs_from(values)
    return {f.rule: f for f in check_lot(lot, plan, as_of=AS_OF, standards=STANDARDS)}


RESIDENTIAL = ("RR-1.5", "RR-1.0", "RVL-0.66", "RVL-0.5", "NL", "NM")


@settings(max_examples=60, deadline=None)
@given(
    zone=st.sampled_from(RESIDENTIAL),
    area=st.integers(min_value=3_000, max_value=120_000),
    width=st.integers(min_value=40, max_value=400),
    corner=st.booleans(),
)
def test_a_plan_at_the_capacity_passes_and_one_just_over_fails(zone, area, width, corner):
    depth = max(area / width, 60.0)
    lot = {
        "zone": zone,
        "lot_area_sqft": float(area),
        "lot_width_ft": float(width),
        "lot_depth_ft": depth,
        "corner_lot": corner,
    }
    capacity = capacity_of(lot)
    if not capacity.footprint.value:
        return
    base = {**lot, "building_type": "single_family_new", "dwelling_units": 1}
    at = _rules({**base, **building_values(capacity)})
    for rule in ("setback.front", "setback.interior_side", "setback.rear", "height.main"):
        assert at[rule].status is Status.PASS, (rule, at[rule])
    assert at["coverage"].status is Status.PASS
    taller = _rules(
        {**base, **building_values(capacity, height=capacity.figure("height.main").value + 0.5)}
    )
    assert taller["height.main"].status is not Status.PASS
    closer = {**building_values(capacity)}
    closer["rear_setback_ft"] -= 0.5
    assert _rules({**base, **closer})["setback.rear"].status is Status.FAIL
    if capacity.binding == "coverage":
        over = {
            **building_values(capacity),
            "covered_area_sqft": capacity.footprint.value + area * 0.01,
        }
        assert _rules({**base, **over})["coverage"].status is not Status.PASS
