"""§ 17.24.030, Tables 2-5 to 2-18: maximum site coverage, as the percent of
site area covered by structures, or by structures and pavement (OSC, OSR, RR,
RVL, CI), including the RR/RVL sliding scale.

Sliding scale ("30% on a 1/2-acre parcel; reduced by 10% for each additional
1/2 acre to a minimum of 10%"): both a stepwise and a linear limit are
computed from the records; within the linear (stricter) limit passes, over
the stepwise limit fails, in between is the Planning Division's to decide (not
checked, nothing to ask).
"""

from __future__ import annotations

import math

from law.engine import buildings
from law.engine.common import Context, at_most, from_record, missing, no_record, num, numberless
from law.engine.findings import Finding, Share, Status
from law.engine.standards import convert

TOPIC = "building"
RULE = "coverage"
_FIELDS = ("lot_area_sqft", "covered_area_sqft")
_COUNTS_NOTE = {
    "structures": "counts_structures",
    "structures_and_pavement": "counts_structures_and_pavement",
}
_STEP_TOL = 1e-9


def check(ctx: Context, out: list[Finding]) -> None:
    buildings.run_in_standards_zone(ctx, out, _check)


def _check(ctx: Context, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    record = view.get(RULE, zone)
    sliding = record is None and view.get(RULE, zone, "sliding_base_percent") is not None
    if sliding:
        record = view.get(RULE, zone, "sliding_base_percent")
    if record is None:
        out.append(no_record(RULE, TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless(RULE, TOPIC, record))
        return
    note = _COUNTS_NOTE.get(record.counts)
    area = num(ctx.lot.area_sqft)
    covered = num(ctx.building.covered_area_sqft)
    limit, limit_max = _sliding_limits(ctx, area) if sliding else (record.value, None)
    if area is None or covered is None:
        absent = tuple(f for f, v in zip(_FIELDS, (area, covered), strict=True) if v is None)
        out.append(
            missing(RULE, TOPIC, record, absent, limit=limit, limit_max=limit_max, unit="percent")
        )
        return
    if area <= 0:
        out.append(
            missing(
                RULE,
                TOPIC,
                record,
                ("lot_area_sqft",),
                limit=limit,
                limit_max=limit_max,
                unit="percent",
                note="input_zero",
            )
        )
        return
    percent = covered / area * 100.0
    if at_most(percent, limit):
        status = Status.PASS
    elif limit_max is not None and at_most(percent, limit_max):
        # One reading of the sliding scale allows it, the other does not: whether it is
        # allowed is the Planning Division's to decide, no approval a plan is "allowed with".
        # Not checked, with nothing a person could answer to settle it (issue 21).
        status, note = Status.NOT_CHECKED, "sliding_scale_between_readings"
    else:
        status = Status.FAIL
    out.append(
        from_record(
            RULE,
            TOPIC,
            status,
            record,
            value=percent,
            limit=limit,
            limit_max=limit_max,
            unit="percent",
            note=note,
            share=Share.of(covered, area, "sqft", limit, limit_max),
        )
    )


def _sliding_limits(ctx: Context, area: float | None) -> tuple[float | None, float | None]:
    """(linear limit, stepwise limit) in percent for the lot's area."""
    if area is None:
        return None, None
    get = ctx.view.get
    zone = ctx.zone
    base = get(RULE, zone, "sliding_base_percent").value
    base_acres = get(RULE, zone, "sliding_base_area").value
    step = get(RULE, zone, "sliding_step_percent").value
    step_acres = get(RULE, zone, "sliding_step_area").value
    floor = get(RULE, zone, "sliding_floor_percent").value
    extra_steps = max(0.0, convert(area, "sqft", "acre") - base_acres) / step_acres
    linear = max(floor, base - step * extra_steps)
    stepwise = max(floor, base - step * math.floor(extra_steps + _STEP_TOL))
    return linear, stepwise
