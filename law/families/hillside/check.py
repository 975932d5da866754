"""Hillside height limits (section not identified; figures from a secondary
source): 24 ft general limit, and 35 ft measured from the lowest point where
the building touches grade. Applied on top of the zone's height limit, to the main
building and to an ADU (the limits are a home's; a shed's are its own)."""

from __future__ import annotations

from law.engine import variance
from law.engine.common import Context, at_most, from_record, missing, no_record, num
from law.engine.findings import Finding, Status

TOPIC = "hillside"


def _height(ctx: Context) -> float | None:
    """The height the 24 ft limit is checked on. The limits are the height of a home: the
    main building's, and an ADU's when one is planned, so the taller of those given; a plan
    with an ADU whose height is given is not asked the main building's. With none given the
    main building's is asked (the question the family declares)."""
    heights = [
        h
        for h in (num(ctx.building.height_ft), num(getattr(ctx.plan.adu, "adu_height_ft", None)))
        if h is not None
    ]
    return max(heights) if heights else None


def check(ctx: Context, out: list[Finding]) -> None:
    building = ctx.building
    for rule, given, field in (
        ("hillside.height", _height(ctx), "building_height_ft"),
        (
            "hillside.height_from_lowest_grade",
            num(building.height_from_lowest_grade_ft),
            "height_from_lowest_grade_ft",
        ),
    ):
        record = ctx.view.get(rule, ctx.zone)
        if record is None:
            out.append(no_record(rule, TOPIC))
            continue
        height = given
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
