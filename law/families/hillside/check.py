"""Hillside height limits (section not identified; figures from a secondary
source): 24 ft general limit, and 35 ft measured from the lowest point where
the building touches grade. Applied on top of the zone's height limit."""

from __future__ import annotations

from law.engine import variance
from law.engine.common import Context, at_most, from_record, missing, no_record, num
from law.engine.findings import Finding, Status

TOPIC = "hillside"


def check(ctx: Context, out: list[Finding]) -> None:
    building = ctx.building
    for rule, entered, field in (
        ("hillside.height", building.height_ft, "building_height_ft"),
        (
            "hillside.height_from_lowest_grade",
            building.height_from_lowest_grade_ft,
            "height_from_lowest_grade_ft",
        ),
    ):
        record = ctx.view.get(rule, ctx.zone)
        if record is None:
            out.append(no_record(rule, TOPIC))
            continue
        height = num(entered)
        if height is None:
            out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit="ft"))
        elif at_most(height, record.value):
            out.append(
                from_record(
                    rule, TOPIC, Status.PASS, record, value=height, limit=record.value, unit="ft"
                )
            )
        else:
            mv = variance.hint(ctx, rule, height, record.value, too_low=False)
            out.append(
                from_record(
                    rule,
                    TOPIC,
                    Status.FAIL,
                    record,
                    value=height,
                    limit=record.value,
                    unit="ft",
                    minor_variance=mv,
                )
            )
