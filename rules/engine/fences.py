"""§ 17.30.030(B), Table 3-2: maximum height of fences, walls and hedges by
location, with note (1) (up to 8 ft by right if the part above 7 ft is open;
building permit above 7 ft) and note (2) (above 8 ft with a minor use permit
and administrative design review), and the front-setback paths (RR 6 ft;
42-72 in. with administrative design review).

Heights are compared in inches; records keep the unit the table prints.
"""

from __future__ import annotations

from rules.engine._common import Context, at_most, from_record, missing, no_record, num
from rules.engine.findings import Finding, Status
from rules.engine.inputs import FENCE_LOCATIONS, FENCE_TYPES
from rules.engine.registry import Family

TOPIC = "fence"
RULE = "fence.height"
# Rows whose limit reaches 7 ft, where notes (1) and (2) give approval paths.
_TALL_ROWS = frozenset(
    {"interior_side_or_rear_setback", "no_setback_zone_beyond_20ft", "outside_setbacks"}
)


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
            _simple(record, height, out)


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


def _simple(record, height: float | None, out: list[Finding]) -> None:
    limit = record.value_in("in")
    if height is None:
        out.append(missing(RULE, TOPIC, record, ("fence_height_in",), limit=limit, unit="in"))
        return
    status = Status.PASS if at_most(height, limit) else Status.FAIL
    out.append(from_record(RULE, TOPIC, status, record, value=height, limit=limit, unit="in"))


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
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.FAIL,
                record,
                value=height,
                limit=limit,
                limit_max=ceiling,
                unit="in",
            )
        )


def _within_20ft(ctx: Context, height: float | None, kind: str | None, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    solid = view.get(RULE, zone, "no_setback_zone_within_20ft_solid")
    open_ = view.get(RULE, zone, "no_setback_zone_within_20ft_open")
    if solid is None or open_ is None:
        out.append(no_record(RULE, TOPIC))
        return
    if kind is not None:
        _simple(open_ if kind == "open" else solid, height, out)
        return
    # Type unknown: decide only where both rows agree.
    if height is not None and at_most(height, solid.value_in("in")):
        _simple(solid, height, out)
    elif height is not None and not at_most(height, open_.value_in("in")):
        _simple(open_, height, out)
    else:
        fields = ("fence_type",) if height is not None else ("fence_height_in", "fence_type")
        out.append(
            missing(RULE, TOPIC, solid, fields, value=height, limit=solid.value_in("in"), unit="in")
        )


def _tall(
    ctx: Context, location: str, height: float | None, kind: str | None, out: list[Finding]
) -> None:
    view, zone = ctx.view, ctx.zone
    record = view.get(RULE, zone, location)
    permit = view.get(RULE, zone, "note_1_building_permit")
    open_design = view.get(RULE, zone, "note_1_open_design")
    mup = view.get(RULE, zone, "note_2_minor_use_permit")
    if record is None or permit is None or open_design is None or mup is None:
        out.append(no_record(RULE, TOPIC))
        return
    limit = record.value_in("in")
    by_right = min(limit, permit.value_in("in"))
    open_top = open_design.value_in("in")
    if height is None:
        out.append(missing(RULE, TOPIC, record, ("fence_height_in",), limit=limit, unit="in"))
    elif at_most(height, by_right):
        out.append(
            from_record(RULE, TOPIC, Status.PASS, record, value=height, limit=limit, unit="in")
        )
    elif at_most(height, limit):
        # A row allowing more than 7 ft: only note (1)'s building permit applies.
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                permit,
                value=height,
                limit=by_right,
                limit_max=limit,
                unit="in",
            )
        )
    elif at_most(height, open_top) and kind == "open":
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                open_design,
                value=height,
                limit=limit,
                limit_max=open_top,
                unit="in",
                approval=permit.approval,
            )
        )
    elif at_most(height, open_top) and kind is None:
        out.append(
            missing(RULE, TOPIC, open_design, ("fence_type",), value=height, limit=limit, unit="in")
        )
    else:
        out.append(
            from_record(
                RULE, TOPIC, Status.NEEDS_APPROVAL, mup, value=height, limit=limit, unit="in"
            )
        )


FAMILY = Family(
    name="fences",
    order=600,
    topic=TOPIC,
    rules=(RULE,),
    check=check,
    inputs=("fence_height_in", "fence_location", "fence_type"),
    notes=("building_permit_over_7ft", "open_design_above_7ft", "minor_use_permit_and_adr"),
    applies=lambda ctx: ctx.plan.fence is not None,
    feature="fence",
)
