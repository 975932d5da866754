"""Ch. 15.04 Flood damage prevention (section text known only from a
secondary source): § 15.04.150 development permit in special flood hazard
areas (A, AE, AH, AO, A1-30); § 15.04.170 lowest floor of new or
substantially improved homes (at or above the base flood elevation in AE, AH,
A1-30 and unnumbered A; in AO the FIRM depth number, or 2 ft, above the
highest adjacent grade); § 15.04.220 floodways."""

from __future__ import annotations

from dataclasses import replace

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
        finding = _applies_to_work(ctx, _lowest_floor(flood, flood_zone, lowest), lowest)
        out.append(_nonresidential(ctx, finding))
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


# The building types that say the work is on a home already standing, or a new one, when the
# kind of work is not given (law/engine/site.py BUILDING_TYPE_CHOICES); and the kinds of ADU
# that build a new home (a detached or attached unit) or work inside one that stands (a
# conversion, a junior ADU: law/families/adu/part.py ADU_TYPE_CHOICES).
_EXISTING_HOME = "single_family_existing"
_NEW_HOME = "single_family_new"
_NEW_ADU = frozenset({"detached", "attached"})
_ADU_IN_EXISTING = frozenset({"conversion", "jadu"})
# An SB 9 two-unit development builds a second home (law/families/sb9/part.py SB9_CHOICES).
_NEW_SB9 = "two_unit"


def _applies_to_work(ctx: Context, finding: Finding, record) -> Finding:
    """§ 15.04.170 covers new and substantially improved buildings only.

    New construction (a new home, a new detached or attached ADU, an SB 9 second home), or
    work stated to be a substantial improvement, is held to the floor as checked. Work on an existing building that costs less than half its market value (the
    question ``substantial_improvement`` asks, 44 CFR 59.1) is not: information. Otherwise a
    floor that meets the figure passes either way, and any other answer waits for every
    question that decides it at once: the kind of work (unless the building type already says
    the home exists), whether the work reaches half the building's value, and the elevations
    still missing."""
    work = ctx.building.work_kind
    improved = ctx.plan.flood.substantial_improvement
    building_type = ctx.lot.building_type
    adu = getattr(ctx.plan.adu, "adu_type", None)
    # A new ADU, or an SB 9 development's second home, is a new home, held to the floor
    # whatever is done to the main building.
    new = (
        work == "new_construction"
        or adu in _NEW_ADU
        or getattr(ctx.plan.sb9, "kind", None) == _NEW_SB9
        or (work is None and building_type == _NEW_HOME)
    )
    if new or work == "substantial_improvement" or improved is True:
        return finding
    existing = work == "addition" or (
        work is None and (building_type == _EXISTING_HOME or adu in _ADU_IN_EXISTING)
    )
    if existing and improved is False:
        return from_record(
            "flood.lowest_floor",
            TOPIC,
            Status.INFO,
            record,
            value=finding.value,
            limit=finding.limit,
            unit="ft",
            note="not_substantially_improved",
        )
    if finding.status is Status.PASS:
        return finding
    asked = (() if existing else ("work_kind",)) + (
        ("substantial_improvement",) if improved is None else ()
    )
    fields = tuple(dict.fromkeys((*asked, *finding.missing)))
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


# A building with no homes (law/engine/site.py BUILDING_TYPE_CHOICES): § 15.04.170's lowest
# floor is for residential structures; the NFIP rule it follows lets a nonresidential one
# be dry-floodproofed to the same height instead of elevated.
_NONRESIDENTIAL = "nonresidential"
DRY_FLOODPROOF = "nonresidential_dry_floodproofing"


def _nonresidential(ctx: Context, finding: Finding) -> Finding:
    """The lowest-floor finding for a building with no homes (and no new ADU or SB 9 home on
    the plan): the same height, cited to 44 CFR 60.3(c)(3) rather than the residential rule,
    with dry floodproofing named beside it as the path the applicant may take instead."""
    if ctx.lot.building_type != _NONRESIDENTIAL or ctx.plan.adu is not None or ctx.plan.sb9:
        return finding
    record = ctx.view.get("flood.lowest_floor", ctx.zone, _NONRESIDENTIAL)
    if record is None:
        return finding
    return replace(
        finding,
        section=record.section,
        subsection=record.subsection,
        reading=record.reading,
        source=record.source,
        standard_id=record.id,
        exception=DRY_FLOODPROOF,
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
