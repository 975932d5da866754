"""Ch. 15.04 Flood damage prevention (section text known only from a
secondary source): § 15.04.150 development permit in special flood hazard
areas (A, AE, AH, AO, A1-30); § 15.04.170 lowest floor of new or
substantially improved homes (at or above the base flood elevation in AE, AH,
A1-30 and unnumbered A; in AO the FIRM depth number, or 2 ft, above the
highest adjacent grade); § 15.04.220 floodways."""

from __future__ import annotations

from law.engine.common import Context, at_least, from_record, missing, no_record, num, numberless
from law.engine.findings import Finding, Status
from law.families.flood.part import FLOOD_ZONES

TOPIC = "flood"


def check(ctx: Context, out: list[Finding]) -> None:
    flood = ctx.plan.flood
    view, zone = ctx.view, ctx.zone
    flood_zone = flood.zone
    if flood_zone not in FLOOD_ZONES:
        anchor = view.get("flood.permit", zone, "A")
        if anchor is None:
            out.append(no_record("flood.permit", TOPIC))
        else:
            out.append(
                missing("flood.permit", TOPIC, anchor, ("flood_zone",), note="unknown_choice")
            )
        return
    permit = view.get("flood.permit", zone, flood_zone)
    out.append(
        numberless("flood.permit", TOPIC, permit) if permit else no_record("flood.permit", TOPIC)
    )
    lowest = view.get("flood.lowest_floor", zone, flood_zone)
    if lowest is not None:
        out.append(_applies_to_work(ctx, _lowest_floor(flood, flood_zone, lowest), lowest))
    if flood.in_floodway:
        floodway = view.get("flood.floodway", zone)
        out.append(
            numberless("flood.floodway", TOPIC, floodway)
            if floodway
            else no_record("flood.floodway", TOPIC)
        )
    else:
        rise = view.get("flood.cumulative_rise", zone, flood_zone)
        if rise is not None:
            out.append(
                from_record(
                    "flood.cumulative_rise", TOPIC, Status.INFO, rise, limit=rise.value, unit="ft"
                )
            )


def _applies_to_work(ctx: Context, finding: Finding, record) -> Finding:
    """§ 15.04.170 covers new and substantially improved buildings only: an
    addition that is not a substantial improvement is not held to it; with
    the work unanswered, a floor that meets the figure passes either way and
    any other answer waits for the kind of work."""
    work = ctx.building.work_kind
    if work in ("new_construction", "substantial_improvement"):
        return finding
    if work == "addition":
        return from_record(
            "flood.lowest_floor",
            TOPIC,
            Status.INFO,
            record,
            value=finding.value,
            limit=finding.limit,
            unit="ft",
            note="new_or_substantially_improved_only",
        )
    if finding.status is Status.PASS:
        return finding
    fields = tuple(dict.fromkeys(("work_kind",) + finding.missing))
    return missing(
        "flood.lowest_floor",
        TOPIC,
        record,
        fields,
        value=finding.value,
        limit=finding.limit,
        unit="ft",
        note="new_or_substantially_improved_only",
    )


def _lowest_floor(flood, flood_zone: str, record) -> Finding:
    floor = num(flood.lowest_floor_elevation_ft)
    if flood_zone == "AO":
        reference_field, reference = (
            "highest_adjacent_grade_ft",
            num(flood.highest_adjacent_grade_ft),
        )
        depth = num(flood.depth_number_ft)
        above = depth if depth is not None else record.value
    else:
        reference_field, reference = "base_flood_elevation_ft", num(flood.base_flood_elevation_ft)
        above = record.value
    if floor is None or reference is None:
        absent = tuple(
            f
            for f, v in (("lowest_floor_elevation_ft", floor), (reference_field, reference))
            if v is None
        )
        return missing("flood.lowest_floor", TOPIC, record, absent, value=floor, unit="ft")
    required = reference + above
    status = Status.PASS if at_least(floor, required) else Status.FAIL
    return from_record(
        "flood.lowest_floor", TOPIC, status, record, value=floor, limit=required, unit="ft"
    )
