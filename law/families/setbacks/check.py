"""§ 17.24.030, Tables 2-5 to 2-18: front, interior side, street side and rear
setbacks, build-to lines and ranges, and the garage placement row.

Minimum setbacks pass at or above the figure. A build-to line (NU, CE, CG, CD)
passes only on the line and is otherwise reported as information with the
required line; a 0-10 ft range (SW, TOC) passes inside the range and fails
outside it. The street side is checked only on corner lots (other lots have
no street side), so non-corner lots get no street-side finding.

The interior side figure turns on the building (Tables 2-10, 2-11, 2-14: plex,
existing single-family, 10+ unit multifamily, nonresidential, the number of
stories) and, in CD, on whether other uses abut a residential zone. Each
figure is a record whose ``case`` names the kinds it is for; when the answers
leave several figures open, a value that passes (or fails) under all of them
gets that verdict, and any other is ``not_checked`` naming the field that
would decide. CE and CG projects that follow the NU standards are checked
against Table 2-11 (see ``project``).
"""

from __future__ import annotations

from law.engine import buildings, variance
from law.engine.common import (
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
from law.engine.findings import Finding, Status

TOPIC = "building"


def check(ctx: Context, out: list[Finding]) -> None:
    buildings.run_in_standards_zone(ctx, out, _check)


def _check(ctx: Context, out: list[Finding]) -> None:
    lot = ctx.lot
    building = ctx.building
    abutting = ("abutting_residential",) if lot.abuts_residential else ()
    _setback(ctx, "setback.front", ("default",), building.front_setback_ft, "front_setback_ft", out)
    _interior_side(ctx, abutting, out)
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


RULE_SIDE = "setback.interior_side"
SIDE_FIELD = "interior_side_setback_ft"


def _interior_side(ctx: Context, abutting: tuple[str, ...], out: list[Finding]) -> None:
    """Tables 2-5 to 2-18, "Side - Interior (each)", by kind of building."""
    options, records = _side_records(ctx, abutting)
    if len(records) <= 1:
        cases = next(iter(records.values())).cases if records else ("default",)
        _setback(ctx, RULE_SIDE, cases, ctx.building.interior_side_setback_ft, SIDE_FIELD, out)
        return
    if ctx.kind_conflict:
        record = max(records.values(), key=lambda r: r.value or 0.0)
        out.append(
            missing(
                RULE_SIDE,
                TOPIC,
                record,
                ("building_type", "dwelling_units"),
                value=num(ctx.building.interior_side_setback_ft),
                limit=record.value,
                unit="ft",
                note="building_type_conflicts_units",
            )
        )
        return
    verdicts = []
    for record in records.values():
        one: list[Finding] = []
        _setback(
            ctx, RULE_SIDE, (record.case,), ctx.building.interior_side_setback_ft, SIDE_FIELD, one
        )
        verdicts.append(one[0])
    statuses = {f.status for f in verdicts}
    if len(statuses) == 1 and Status.NOT_CHECKED not in statuses:
        # Every open figure gives the same verdict: cite the one that binds
        # (the largest minimum for a pass, the smallest for a fail).
        pick_max = Status.FAIL not in statuses
        chosen = (max if pick_max else min)(verdicts, key=lambda f: f.limit or 0.0)
        out.append(chosen)
        return
    fields = _deciding_fields(ctx, options)
    if num(ctx.building.interior_side_setback_ft) is None:
        fields = (SIDE_FIELD,) + fields
    record = max(records.values(), key=lambda r: r.value or 0.0)
    out.append(
        missing(
            RULE_SIDE,
            TOPIC,
            record,
            fields,
            value=num(ctx.building.interior_side_setback_ft),
            limit=min(r.value for r in records.values()),
            limit_max=record.value,
            unit="ft",
            note="depends_on_building" if fields and fields[-1] != SIDE_FIELD else "input_missing",
        )
    )


_SIDE_RECORDS: dict[tuple, tuple] = {}  # in each process; a handful of entries per zone


def _side_records(ctx: Context, abutting: tuple[str, ...]) -> tuple[dict, dict]:
    """The interior side records open to the building: by (kind, storey), and the distinct
    ones by id. They depend only on the records in force, the zone, the kinds and stories
    the answers leave open and whether the lot abuts a residential zone, so each such set
    is worked out once (the building's setbacks, which change as a person types, do not
    enter)."""
    key = (ctx.view, ctx.zone, ctx.kinds, ctx.units, ctx.storeys, abutting)
    known = _SIDE_RECORDS.get(key)
    if known is not None:
        return known
    tail = abutting + ("default",)
    options: dict[tuple[str, str], object] = {}
    for kind, keys in buildings.kind_keys(ctx).items():
        for storey in buildings.storey_keys(ctx.storeys):
            cases = tuple(f"{key}.{storey}" for key in keys) + keys + tail
            options[(kind, storey)] = pick(ctx.view, RULE_SIDE, ctx.zone, cases)
    if not options:
        # The building type contradicts the number of homes: no kind fits.
        options = {
            (kind, storey): pick(
                ctx.view,
                RULE_SIDE,
                ctx.zone,
                (f"{kind}.{storey}", kind) + tail,
            )
            for kind in buildings.ALL_KINDS
            for storey in buildings.storey_keys(ctx.storeys)
        }
    records = {id(r): r for r in options.values() if r is not None}
    if len(_SIDE_RECORDS) >= 256:
        _SIDE_RECORDS.clear()
    _SIDE_RECORDS[key] = options, records
    return options, records


def _deciding_fields(ctx: Context, options: dict) -> tuple[str, ...]:
    """The unanswered fields whose answer would change the interior side figure."""
    fields = []
    kinds = {k for k, _ in options}
    storeys = {s for _, s in options}
    by_storey = {s: {id(options[(k, s)]) for k in kinds} for s in storeys}
    by_kind = {k: {id(options[(k, s)]) for s in storeys} for k in kinds}
    if any(len(ids) > 1 for ids in by_storey.values()):
        if ctx.lot.building_type is None:
            fields.append("building_type")
        if (
            ctx.units is None
            and {"mixed_use", "mixed_use_10_plus"} <= kinds
            and any(
                options[("mixed_use", s)] is not options[("mixed_use_10_plus", s)] for s in storeys
            )
        ):
            fields.append("dwelling_units")
    if any(len(ids) > 1 for ids in by_kind.values()):
        fields.append("storeys")
    return tuple(fields)


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
    if ctx.lot.corner_lot:
        street = view.get("setback.street_side_alternate", zone)
        if street is not None:
            out.append(
                from_record(
                    "setback.street_side_alternate",
                    TOPIC,
                    Status.INFO,
                    street,
                    limit=street.value,
                    limit_max=street.value_max,
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
