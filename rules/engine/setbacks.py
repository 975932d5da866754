"""§ 17.24.030, Tables 2-5 to 2-18: front, interior side, street side and rear
setbacks, build-to lines and ranges, and the garage placement row.

Minimum setbacks pass at or above the figure. A build-to line (NU, CE, CG, CD)
passes only on the line and is otherwise reported as information with the
required line; a 0-10 ft range (SW, TOC) passes inside the range and fails
outside it. The street side is checked only on corner lots (other lots have
no street side), so non-corner lots get no street-side finding.
"""

from __future__ import annotations

from rules.engine import variance
from rules.engine._common import (
    Context,
    at_least,
    at_most,
    from_record,
    missing,
    no_record,
    num,
    numberless,
    pick,
)
from rules.engine.findings import Finding, Status
from rules.engine.registry import Family

TOPIC = "building"


def check(ctx: Context, out: list[Finding]) -> None:
    lot = ctx.lot
    building = ctx.building
    abutting = ("abutting_residential",) if lot.abuts_residential else ()
    residential = ("residential",) if ctx.residential else ()
    _setback(ctx, "setback.front", ("default",), building.front_setback_ft, "front_setback_ft", out)
    _setback(
        ctx,
        "setback.interior_side",
        residential + abutting + ("default",),
        building.interior_side_setback_ft,
        "interior_side_setback_ft",
        out,
    )
    if lot.corner_lot:
        _setback(
            ctx,
            "setback.street_side",
            ("default",),
            building.street_side_setback_ft,
            "street_side_setback_ft",
            out,
        )
    _setback(
        ctx,
        "setback.rear",
        abutting + ("default",),
        building.rear_setback_ft,
        "rear_setback_ft",
        out,
    )
    _extras(ctx, out)


def _setback(
    ctx: Context, rule: str, cases: tuple[str, ...], entered, field: str, out: list[Finding]
) -> None:
    record = pick(ctx.view, rule, ctx.zone, cases)
    if record is None:
        out.append(no_record(rule, TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless(rule, TOPIC, record))
        return
    value = num(entered)
    low = record.value
    high = record.value_max
    if value is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=low, limit_max=high, unit="ft"))
        return
    if record.comparison == "min":
        if at_least(value, low):
            out.append(
                from_record(rule, TOPIC, Status.PASS, record, value=value, limit=low, unit="ft")
            )
        else:
            mv = variance.hint(ctx, rule, value, low, too_low=True)
            out.append(
                from_record(
                    rule,
                    TOPIC,
                    Status.FAIL,
                    record,
                    value=value,
                    limit=low,
                    unit="ft",
                    minor_variance=mv,
                )
            )
        return
    on_line = at_least(value, low) and at_most(value, high)
    if on_line:
        status, mv = Status.PASS, None
    elif low == high:
        # A build-to line without a stated tolerance: report it, staff judge.
        status, mv = Status.INFO, None
    else:
        status = Status.FAIL
        too_low = value < low
        mv = variance.hint(ctx, rule, value, low if too_low else high, too_low=too_low)
    out.append(
        from_record(
            rule,
            TOPIC,
            status,
            record,
            value=value,
            limit=low,
            limit_max=high,
            unit="ft",
            minor_variance=mv,
        )
    )


def _extras(ctx: Context, out: list[Finding]) -> None:
    """Rows shown as figures to design to, not pass/fail checks."""
    view, zone = ctx.view, ctx.zone
    alternate = view.get("setback.front_alternate", zone)
    if alternate is not None:
        out.append(
            from_record(
                "setback.front_alternate",
                TOPIC,
                Status.INFO,
                alternate,
                limit=alternate.value,
                limit_max=alternate.value_max,
                unit="ft",
            )
        )
    if ctx.units is not None and ctx.units >= 10:
        upper = view.get("setback.interior_side", zone, "multifamily_10_plus_upper_walls")
        if upper is not None:
            out.append(
                from_record(
                    "setback.interior_side_upper_walls",
                    TOPIC,
                    Status.INFO,
                    upper,
                    value=num(ctx.building.interior_side_setback_ft),
                    limit=upper.value,
                    unit="ft",
                )
            )
    garage = view.get("garage.placement", zone)
    if garage is not None:
        out.append(
            from_record(
                "garage.placement", TOPIC, Status.INFO, garage, limit=garage.value, unit="ft"
            )
        )


FAMILY = Family(
    name="setbacks",
    order=200,
    topic=TOPIC,
    rules=(
        "setback.front",
        "setback.front_alternate",
        "setback.interior_side",
        "setback.interior_side_upper_walls",
        "setback.street_side",
        "setback.rear",
        "garage.placement",
    ),
    check=check,
    inputs=(
        "front_setback_ft",
        "interior_side_setback_ft",
        "street_side_setback_ft",
        "rear_setback_ft",
        "corner_lot",
        "abuts_residential",
        "dwelling_units",
    ),
    notes=(
        "build_to_line",
        "build_to_range",
        "gravenstein_frontage",
        "la_plaza_streets",
        "rowhouse_units_none",
        "upper_walls_10_plus_units",
        "behind_street_facing_facade",
    ),
    relievable=("setback.front", "setback.interior_side", "setback.street_side", "setback.rear"),
)
