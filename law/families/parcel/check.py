"""§ 17.24.020, Table 2-4: minimum parcel area and width, depth between one and
three times the width (note 1), corner lots (note 2), and residential density
(minimum per note 3, maximum)."""

from __future__ import annotations

import math

from law.engine import variance
from law.engine.common import (
    Context,
    at_least,
    at_most,
    from_record,
    missing,
    no_record,
    num,
    numberless,
)
from law.engine.findings import Finding, Status
from law.engine.standards import convert

TOPIC = "lot"
# Guards floor/ceil against float noise (0.66 ac / 0.66 ac/unit = 0.99999...).
_ROUND_TOL = 1e-9


def check(ctx: Context, out: list[Finding]) -> None:
    lot = ctx.lot
    area = num(lot.area_sqft)
    width = num(lot.width_ft)
    _area(ctx, area, out)
    _width(ctx, width, out)
    _depth(ctx, width, num(lot.depth_ft), out)
    _density_min(ctx, area, out)
    _density_max(ctx, area, out)


def _area(ctx: Context, area: float | None, out: list[Finding]) -> None:
    record = ctx.view.get("lot.area", ctx.zone)
    if record is None:
        out.append(no_record("lot.area", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("lot.area", TOPIC, record))
        return
    limit = record.value_in("sqft")
    common = ctx.view.get("lot.area", ctx.zone, "common_interest")
    answer = ctx.lot.common_interest_subdivision
    if area is None:
        out.append(missing("lot.area", TOPIC, record, ("lot_area_sqft",), limit=limit, unit="sqft"))
    elif at_least(area, limit):
        out.append(
            from_record(
                "lot.area", TOPIC, Status.PASS, record, value=area, limit=limit, unit="sqft"
            )
        )
    elif common is not None and answer:
        # Note (4): a common-interest ownership parcel is sized in subdivision review.
        out.append(
            from_record(
                "lot.area",
                TOPIC,
                Status.NEEDS_APPROVAL,
                common,
                value=area,
                limit=limit,
                unit="sqft",
            )
        )
    elif common is not None and answer is None:
        out.append(
            missing(
                "lot.area",
                TOPIC,
                common,
                ("common_interest_subdivision",),
                value=area,
                limit=limit,
                unit="sqft",
            )
        )
    else:
        out.append(
            from_record(
                "lot.area", TOPIC, Status.FAIL, record, value=area, limit=limit, unit="sqft"
            )
        )
    if ctx.lot.corner_lot:
        corner = ctx.view.get("lot.area", ctx.zone, "corner_lot_subdivision")
        if corner is not None:
            bigger = limit * (1.0 + corner.value / 100.0)
            out.append(
                from_record(
                    "lot.area_corner",
                    TOPIC,
                    Status.INFO,
                    corner,
                    value=area,
                    limit=bigger,
                    unit="sqft",
                )
            )


def _width(ctx: Context, width: float | None, out: list[Finding]) -> None:
    record = ctx.view.get("lot.width", ctx.zone)
    if record is None:
        out.append(no_record("lot.width", TOPIC))
    elif record.comparison == "none":
        out.append(numberless("lot.width", TOPIC, record))
    elif width is None:
        out.append(
            missing("lot.width", TOPIC, record, ("lot_width_ft",), limit=record.value, unit="ft")
        )
    elif at_least(width, record.value):
        out.append(
            from_record(
                "lot.width", TOPIC, Status.PASS, record, value=width, limit=record.value, unit="ft"
            )
        )
    else:
        mv = variance.hint(ctx, "lot.width", width, record.value, too_low=True)
        out.append(
            from_record(
                "lot.width",
                TOPIC,
                Status.FAIL,
                record,
                value=width,
                limit=record.value,
                unit="ft",
                minor_variance=mv,
            )
        )


def _depth(ctx: Context, width: float | None, depth: float | None, out: list[Finding]) -> None:
    record = ctx.view.get("lot.depth", ctx.zone)
    if record is None:
        out.append(no_record("lot.depth", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("lot.depth", TOPIC, record))
        return
    if width is None or depth is None:
        absent = tuple(
            f for f, v in (("lot_width_ft", width), ("lot_depth_ft", depth)) if v is None
        )
        out.append(missing("lot.depth", TOPIC, record, absent, value=depth, unit="ft"))
        return
    low = width * record.value
    high = width * record.value_max
    if at_least(depth, low) and at_most(depth, high):
        status, mv = Status.PASS, None
    else:
        status = Status.FAIL
        too_low = depth < low
        mv = variance.hint(ctx, "lot.depth", depth, low if too_low else high, too_low=too_low)
    out.append(
        from_record(
            "lot.depth",
            TOPIC,
            status,
            record,
            value=depth,
            limit=low,
            limit_max=high,
            unit="ft",
            minor_variance=mv,
        )
    )


def _units_at(record, acres: float | None) -> int | None:
    """Whole units a density record gives on ``acres`` (None if area needed)."""
    if record.unit == "units":
        return int(record.value)
    if acres is None:
        return None
    if record.unit == "acres_per_unit":
        return math.floor(acres / record.value + _ROUND_TOL)
    return math.floor(record.value * acres + _ROUND_TOL)


# Building types that are one home (law/engine/site.py BUILDING_TYPE_CHOICES).
SINGLE_HOUSE = frozenset({"single_family_new", "single_family_existing"})


def _density_min(ctx: Context, area: float | None, out: list[Finding]) -> None:
    record = ctx.view.get("density.min", ctx.zone)
    if record is None:
        out.append(no_record("density.min", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("density.min", TOPIC, record))
        return
    units = ctx.units
    required = None
    if area is not None:
        acres = convert(area, "sqft", "acre")
        required = max(0, math.ceil(record.value * acres - _ROUND_TOL))
    absent = tuple(f for f, v in (("lot_area_sqft", area), ("dwelling_units", units)) if v is None)
    single_house = units is None and ctx.lot.building_type in SINGLE_HOUSE
    if (units is not None and units < 2) or single_house:
        # Note 3: the minimum binds subdivisions and multi-unit projects only. How this site
        # reads it: a single-family home is one home, so it is not such a project even when
        # the number of homes was not entered.
        out.append(
            from_record(
                "density.min",
                TOPIC,
                Status.INFO,
                record,
                value=units,
                limit=required,
                unit="units",
                note="applies_two_or_more_units",
            )
        )
    elif absent:
        out.append(
            missing("density.min", TOPIC, record, absent, value=units, limit=required, unit="units")
        )
    else:
        passed = units >= required
        out.append(
            from_record(
                "density.min",
                TOPIC,
                Status.PASS if passed else Status.FAIL,
                record,
                value=units,
                limit=required,
                unit="units",
                note=None if passed else record.note,
            )
        )


def _density_max(ctx: Context, area: float | None, out: list[Finding]) -> None:
    record = ctx.view.get("density.max", ctx.zone)
    if record is None:
        out.append(no_record("density.max", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("density.max", TOPIC, record))
        return
    units = ctx.units
    allowed = _units_at(record, None if area is None else convert(area, "sqft", "acre"))
    absent = tuple(
        f for f, v in (("lot_area_sqft", allowed), ("dwelling_units", units)) if v is None
    )
    if absent:
        out.append(
            missing("density.max", TOPIC, record, absent, value=units, limit=allowed, unit="units")
        )
        return
    if units <= allowed:
        out.append(
            from_record(
                "density.max", TOPIC, Status.PASS, record, value=units, limit=allowed, unit="units"
            )
        )
        return
    floor = ctx.view.get("density.max", ctx.zone, "single_unit_floor")
    if floor is not None and units <= floor.value:
        out.append(
            from_record(
                "density.max",
                TOPIC,
                Status.PASS,
                record,
                value=units,
                limit=allowed,
                unit="units",
                note=floor.note,
                reading=floor.reading,
            )
        )
        return
    out.append(
        from_record(
            "density.max", TOPIC, Status.FAIL, record, value=units, limit=allowed, unit="units"
        )
    )
