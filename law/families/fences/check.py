"""§ 17.30.030(B), Table 3-2: maximum height of fences, walls and hedges by
location, with note (1) (up to 8 ft by right if the part above 7 ft is open;
building permit above 7 ft) and note (2) (above 8 ft with a minor use permit
and administrative design review), and the front-setback paths (RR 6 ft;
42-72 in. with administrative design review).

Heights are compared in inches; records keep the unit the table prints.

Locations are those of the table. The two "zone where no setback is
required" rows exist only where the front setback is zero (CG, CD build-to
0 ft; SW, TOC 0-10 ft); elsewhere a fence "within 20 ft" of the street line is
re-routed to the front setback row when the zone's front (and, on a corner
lot, street side) setback is at least 20 ft deep, and refused otherwise; in a
no-setback zone a fence "in the front or street side setback" is re-routed to
the within-20-ft rows. Note (2) runs two redline wordings together ("a fence
exceeding eight feet" / "exceeding ... the allowable heights"): above 8 ft
both readings allow a minor use permit and design review; between a row's
limit and 8 ft they disagree: whether the fence is allowed at all is the Planning
Division's to decide, so the finding is not checked, with nothing to ask.
"""

from __future__ import annotations

from law.engine.common import (
    Context,
    at_least,
    at_most,
    from_record,
    missing,
    no_record,
    num,
)
from law.engine.findings import Finding, Status
from law.families.fences.part import FENCE_LOCATIONS, FENCE_TYPES

TOPIC = "fence"
RULE = "fence.height"
# Rows whose limit reaches 7 ft, where notes (1) and (2) give approval paths.
_TALL_ROWS = frozenset(
    {"interior_side_or_rear_setback", "no_setback_zone_beyond_20ft", "outside_setbacks"}
)
_NO_SETBACK_ROWS = frozenset({"no_setback_zone_within_20ft", "no_setback_zone_beyond_20ft"})
# The record whose condition gives the within-20-ft rows' own distance from the street line.
_WITHIN_ROW = "no_setback_zone_within_20ft_solid"
# Each no-setback location and the record (case) whose condition says where it lies.
LOCATION_ROWS = {
    "no_setback_zone_within_20ft": _WITHIN_ROW,
    "no_setback_zone_beyond_20ft": "no_setback_zone_beyond_20ft",
}


def location_condition(standards, location: str):
    """The condition (distance from the street line) of a no-setback location's row, from
    the standards data (None for another location, or a row the data gives no condition)."""
    case = LOCATION_ROWS.get(location)
    for record in standards:
        if record.rule == RULE and case in record.cases and record.condition is not None:
            return record.condition
    return None


def check(ctx: Context, out: list[Finding]) -> None:
    fence = ctx.plan.fence
    view, zone = ctx.view, ctx.zone
    location, kind = fence.location, fence.type
    height = num(fence.height_in)
    anchor = view.get(RULE, zone, "front_or_street_side_setback")
    if anchor is None:
        out.append(no_record(RULE, TOPIC))
        return
    if location not in FENCE_LOCATIONS or (kind is not None and kind not in FENCE_TYPES):
        bad = "fence_location" if location not in FENCE_LOCATIONS else "fence_type"
        note = "input_missing" if location is None else "unknown_choice"
        out.append(_uncited(anchor, note, (bad,), height))
        return
    location, rerouted = _route(ctx, location, anchor)
    if location is None:
        out.append(_refused(anchor, rerouted, height))
        return
    if location == "front_or_street_side_setback":
        _front(ctx, height, out)
    elif location == "no_setback_zone_within_20ft":
        _within_20ft(ctx, height, kind, out)
    elif location in _TALL_ROWS:
        _tall(ctx, location, height, kind, out)
    else:
        record = view.get(RULE, zone, location)
        if record is None:
            out.append(no_record(RULE, TOPIC))
        else:
            _simple(ctx, record, height, out)
    if rerouted:
        out[-1] = _with_note(out[-1], "fence_location_rerouted")


def _front_setback(ctx: Context) -> tuple[float | None, float | None]:
    """(front, street side) minimum setback in ft, None where not known."""
    view, zone = ctx.view, ctx.zone
    out = []
    for rule in ("setback.front", "setback.street_side"):
        record = view.get(rule, zone)
        out.append(record.value if record is not None and record.value is not None else None)
    return out[0], out[1]


def _route(ctx: Context, location: str, anchor) -> tuple[str | None, str | bool]:
    """(row to apply, re-routed?) or (None, refusal note) for a location the
    zone does not have."""
    front, street = _front_setback(ctx)
    if front is None:
        if location in _NO_SETBACK_ROWS:
            return None, "fence_location_not_in_zone"
        return location, False
    no_setback_zone = front == 0
    if no_setback_zone:
        if location == "front_or_street_side_setback":
            return "no_setback_zone_within_20ft", True
        return location, False
    if location == "no_setback_zone_within_20ft":
        # A fence within the row's distance of the street line stands in the front (and, on a
        # corner lot, street-side) setback when those setbacks are at least that deep.
        row = ctx.view.get(RULE, ctx.zone, _WITHIN_ROW)
        reach = row.condition.value_in("ft") if row is not None and row.condition else None
        sides_deep = (
            reach is not None
            and at_least(front, reach)
            and (not ctx.lot.corner_lot or (street is not None and at_least(street, reach)))
        )
        if sides_deep:
            return "front_or_street_side_setback", True
        return None, "fence_location_not_in_zone"
    if location == "no_setback_zone_beyond_20ft":
        return None, "fence_location_not_in_zone"
    return location, False


def _refused(anchor, note: str, height: float | None) -> Finding:
    return _uncited(anchor, note, ("fence_location",), height)


def _with_note(finding: Finding, note: str) -> Finding:
    data = {name: getattr(finding, name) for name in Finding.__dataclass_fields__}
    data["note"] = note
    return Finding(**data)


def _uncited(anchor, note: str, fields: tuple[str, ...], height: float | None) -> Finding:
    return Finding(
        rule=RULE,
        status=Status.NOT_CHECKED,
        topic=TOPIC,
        value=height,
        unit="in",
        section=anchor.section,
        subsection=anchor.subsection,
        source=anchor.source,
        note=note,
        missing=fields,
    )


def _simple(ctx: Context, record, height: float | None, out: list[Finding]) -> None:
    limit = record.value_in("in")
    if height is None:
        out.append(missing(RULE, TOPIC, record, ("fence_height_in",), limit=limit, unit="in"))
    elif at_most(height, limit):
        out.append(
            from_record(RULE, TOPIC, Status.PASS, record, value=height, limit=limit, unit="in")
        )
    else:
        out.append(_over_limit(ctx, record, height, limit))


def _over_limit(ctx: Context, record, height: float, limit: float, limit_max=None) -> Finding:
    """Above a row's limit (and any path of its own): note (2). Over 8 ft both
    of its run-together wordings allow a minor use permit and design review;
    below that only the 'exceeding the allowable heights' wording does."""
    view, zone = ctx.view, ctx.zone
    mup = view.get(RULE, zone, "note_2_minor_use_permit")
    between = view.get(RULE, zone, "note_2_between_readings")
    if mup is None or between is None:
        return from_record(
            RULE,
            TOPIC,
            Status.FAIL,
            record,
            value=height,
            limit=limit,
            limit_max=limit_max,
            unit="in",
        )
    if not at_most(height, mup.value_in("in")):
        return from_record(
            RULE, TOPIC, Status.NEEDS_APPROVAL, mup, value=height, limit=limit, unit="in"
        )
    # Whether such a fence is allowed at all is not known (the wordings disagree): the
    # Planning Division decides, which is no approval a plan can be "allowed with". Not checked,
    # with nothing a person could answer to settle it.
    return from_record(
        RULE,
        TOPIC,
        Status.NOT_CHECKED,
        between,
        value=height,
        limit=limit,
        limit_max=mup.value_in("in"),
        unit="in",
    )


def _front(ctx: Context, height: float | None, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    record = view.get(RULE, zone, "front_or_street_side_setback")
    limit = record.value_in("in")
    adr = view.get(RULE, zone, "front_or_street_side_setback_adr")
    ceiling = adr.value_in("in") if adr is not None else None
    if ceiling is not None and ceiling <= limit:
        adr = ceiling = None  # RR's 6 ft already reaches the design review ceiling
    if height is None:
        out.append(
            missing(
                RULE, TOPIC, record, ("fence_height_in",), limit=limit, limit_max=ceiling, unit="in"
            )
        )
    elif at_most(height, limit):
        out.append(
            from_record(RULE, TOPIC, Status.PASS, record, value=height, limit=limit, unit="in")
        )
    elif adr is not None and at_most(height, ceiling):
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                adr,
                value=height,
                limit=limit,
                limit_max=ceiling,
                unit="in",
            )
        )
    else:
        out.append(_over_limit(ctx, record, height, limit, ceiling))


def _within_20ft(ctx: Context, height: float | None, kind: str | None, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    solid = view.get(RULE, zone, "no_setback_zone_within_20ft_solid")
    open_ = view.get(RULE, zone, "no_setback_zone_within_20ft_open")
    if solid is None or open_ is None:
        out.append(no_record(RULE, TOPIC))
        return
    if kind is not None:
        _simple(ctx, open_ if kind == "open" else solid, height, out)
        return
    # Type unknown: decide only where both rows agree.
    if height is not None and at_most(height, solid.value_in("in")):
        _simple(ctx, solid, height, out)
    elif height is not None and not at_most(height, open_.value_in("in")):
        _simple(ctx, open_, height, out)
    else:
        fields = ("fence_type",) if height is not None else ("fence_height_in", "fence_type")
        out.append(
            missing(RULE, TOPIC, solid, fields, value=height, limit=solid.value_in("in"), unit="in")
        )


def _tall(
    ctx: Context, location: str, height: float | None, kind: str | None, out: list[Finding]
) -> None:
    """Rows of 7 ft or more, each marked with note (1): up to 8 ft by right if
    the part above 7 ft is open, a building permit above 7 ft; the outside-
    setbacks row's 8 ft carries the same note, so the same holds there."""
    view, zone = ctx.view, ctx.zone
    record = view.get(RULE, zone, location)
    permit = view.get(RULE, zone, "note_1_building_permit")
    open_design = view.get(RULE, zone, "note_1_open_design")
    if record is None or permit is None or open_design is None:
        out.append(no_record(RULE, TOPIC))
        return
    limit = record.value_in("in")
    by_right = min(limit, permit.value_in("in"))
    open_top = max(limit, open_design.value_in("in"))
    if height is None:
        out.append(missing(RULE, TOPIC, record, ("fence_height_in",), limit=limit, unit="in"))
    elif at_most(height, by_right):
        out.append(
            from_record(RULE, TOPIC, Status.PASS, record, value=height, limit=limit, unit="in")
        )
    elif at_most(height, open_top) and kind == "open":
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                open_design,
                value=height,
                limit=by_right,
                limit_max=open_top,
                unit="in",
                approval=permit.approval,
            )
        )
    elif at_most(height, open_top) and kind is None:
        out.append(
            missing(
                RULE, TOPIC, open_design, ("fence_type",), value=height, limit=by_right, unit="in"
            )
        )
    else:
        out.append(_over_limit(ctx, record, height, by_right))
