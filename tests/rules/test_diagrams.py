"""The lot diagram's geometry (law/reports/diagrams.py): each required setback drawn as a dimension
with its figure, the building where the entered setbacks place it, coverage as planned against
allowed, and the shed where its distances put it; every figure read from the findings."""

import math

import pytest

from law.engine import check_lot
from law.engine.plan import Plan
from law.engine.site import Lot, MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.reports.diagrams import lot_diagram
from tests.rules.helpers import AS_OF


def _draw(
    zone="NM", *, corner=False, building=None, accessory=None, width=50.0, depth=100.0, area=5000.0
):
    lot = Lot(zone=zone, width_ft=width, depth_ft=depth, area_sqft=area, corner_lot=corner)
    plan = Plan(building=building, accessory=accessory)
    findings = check_lot(lot, plan, as_of=AS_OF)
    return lot_diagram(lot, plan, findings), findings


def _limit(findings, rule):
    return next(f.limit for f in findings if f.rule == rule)


def test_no_width_or_depth_no_diagram():
    lot = Lot(zone="NL", width_ft=None, depth_ft=100.0)
    assert lot_diagram(lot, Plan(), check_lot(lot, Plan(), as_of=AS_OF)) is None


@pytest.mark.parametrize("zone", ["NL", "NM", "NU"], ids=lambda z: f"an {z} lot")
def test_each_required_setback_is_a_dimension_with_the_findings_figure(zone):
    d, findings = _draw(zone)
    by_side = {}
    for dim in d.dimensions:
        by_side.setdefault(dim.side, []).append(dim.feet)
    assert by_side["front"] == [_limit(findings, "setback.front")]
    assert by_side["rear"] == [_limit(findings, "setback.rear")]
    assert by_side["interior_side"] == [_limit(findings, "setback.interior_side")] * 2
    scale = d.lot.w / d.width_ft
    for dim in d.dimensions:
        drawn = math.hypot(dim.x2 - dim.x1, dim.y2 - dim.y1)
        assert drawn == pytest.approx(dim.feet * scale), dim.side


def test_a_corner_lot_draws_its_street_side_setback_on_the_left():
    d, findings = _draw("NL", corner=True, width=70.0, depth=100.0, area=7000.0)
    left = [dim for dim in d.dimensions if dim.anchor == "end"]
    assert [dim.side for dim in left] == ["street_side"]
    assert left[0].feet == _limit(findings, "setback.street_side")
    assert left[0].x1 == d.lot.x


def test_the_building_sits_where_the_entered_setbacks_put_it_apart_from_the_buildable_area():
    building = MainBuilding(
        front_setback_ft=25.0, rear_setback_ft=20.0, interior_side_setback_ft=8.0
    )
    d, _ = _draw("NM", building=building)
    scale = d.lot.w / d.width_ft
    assert d.building.x == pytest.approx(d.lot.x + 8 * scale)
    assert d.building.bottom == pytest.approx(d.lot.bottom - 25 * scale)
    assert d.building != d.buildable
    assert "building" in d.legend and "buildable" in d.legend


@pytest.mark.parametrize(
    ("covered", "status", "allowed_line"),
    [(2749.0, "pass", True), (2750.0, "pass", True), (2751.0, "fail", True)],
    ids=["NM coverage just under 55 percent", "at 55 percent", "just over 55 percent"],
)
def test_coverage_is_drawn_as_planned_against_allowed(covered, status, allowed_line):
    building = MainBuilding(
        front_setback_ft=15.0,
        rear_setback_ft=15.0,
        interior_side_setback_ft=5.0,
        covered_area_sqft=covered,
    )
    d, findings = _draw("NM", building=building)
    c = d.coverage
    assert c.status == status
    assert c.planned_sqft == covered and c.lot_sqft == 5000.0
    assert c.allowed_sqft == pytest.approx(_limit(findings, "coverage") / 100 * 5000.0)
    scale = d.lot.w / d.width_ft
    # The shaded band holds the covered area, to scale, across the building's width.
    assert c.planned.w * c.planned.h / scale**2 == pytest.approx(covered)
    assert (c.allowed_y is not None) is allowed_line
    if covered > c.allowed_sqft:
        assert c.planned.y < c.allowed_y  # the band reaches past the allowed line
    else:
        assert c.planned.y >= c.allowed_y - 1e-9


def test_the_shed_stands_at_its_entered_distances_from_the_side_and_rear_lines():
    shed = AccessoryStructure(type="shed", footprint_sqft=120.0, side_line_ft=5.0, rear_line_ft=3.0)
    d, _ = _draw("NL", accessory=shed, width=60.0, depth=100.0, area=6000.0)
    scale = d.lot.w / d.width_ft
    s = d.structure
    assert s.rect.right == pytest.approx(d.lot.right - 5 * scale)
    assert s.rect.y == pytest.approx(d.lot.y + 3 * scale)
    assert s.rect.w * s.rect.h / scale**2 == pytest.approx(120.0)
    assert "structure" in d.legend


def test_a_shed_that_would_not_fit_on_the_lot_is_not_drawn():
    shed = AccessoryStructure(
        type="shed", footprint_sqft=120.0, side_line_ft=58.0, rear_line_ft=3.0
    )
    d, _ = _draw("NL", accessory=shed, width=60.0, depth=100.0, area=6000.0)
    assert d.structure is None
