"""SB 9 under California law: two-unit developments (Gov. Code § 65852.21) and urban lot
splits (§ 66411.7), asked in the ADU part of the form."""

from __future__ import annotations

from law.engine.common import Context, at_least, at_most, from_record, missing, num
from law.engine.findings import Finding, Status
from law.families.adu.common import COTATI, FAIL, NOT_CHECKED, PASS, TOPIC, get, not_held
from law.families.adu.part import SB9_KINDS, AduProposal


def sb9(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    kind = p.sb9
    if kind not in SB9_KINDS:
        record = get(ctx, "sb9.eligible", "two_unit")
        out.append(
            missing("sb9.eligible", TOPIC, record, ("sb9",), note="unknown_choice", approval=None)
        )
        return
    record = get(ctx, "sb9.eligible", kind)
    if record is None:
        out.append(not_held("sb9.eligible"))
        return
    # (field, answer, answer that disqualifies)
    questions = [
        ("sb9_single_family_zone", p.sb9_single_family_zone, False),
        ("sb9_site_excluded", p.sb9_site_excluded, True),
        ("sb9_protected_housing", p.sb9_protected_housing, True),
    ]
    if kind == "two_unit":
        questions.append(("sb9_ellis_withdrawal", p.sb9_ellis_withdrawal, True))
    if any(answer is not None and bool(answer) is bad for _, answer, bad in questions):
        out.append(from_record("sb9.eligible", TOPIC, FAIL, record, note="sb9_disqualified"))
    else:
        absent = tuple(field for field, answer, _ in questions if answer is None)
        if absent:
            out.append(missing("sb9.eligible", TOPIC, record, absent, approval=None))
        else:
            out.append(from_record("sb9.eligible", TOPIC, Status.NEEDS_APPROVAL, record))
    if kind == "two_unit":
        _sb9_two_unit(ctx, p, out)
    else:
        _sb9_lot_split(ctx, p, out)


def _sb9_two_unit(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    rule = "sb9.demolition"
    record = get(ctx, rule)
    walls = num(p.sb9_walls_demolished_percent)
    if walls is None:
        out.append(
            missing(
                rule,
                TOPIC,
                record,
                ("sb9_walls_demolished_percent",),
                limit=record.value,
                unit="percent",
            )
        )
    elif at_most(walls, record.value):
        out.append(
            from_record(rule, TOPIC, PASS, record, value=walls, limit=record.value, unit="percent")
        )
    else:
        # Our copy cut the exception off: beyond 25 percent we cannot decide.
        out.append(
            from_record(
                rule,
                TOPIC,
                NOT_CHECKED,
                record,
                value=walls,
                limit=record.value,
                unit="percent",
                note="state_figure_not_held",
            )
        )
    for rule in ("sb9.unit_size", "sb9.setbacks"):
        out.append(from_record(rule, TOPIC, NOT_CHECKED, get(ctx, rule)))


def _sb9_lot_split(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    share_rule, area_rule = "sb9.lot_split", "sb9.lot_split.min_area"
    share = get(ctx, share_rule)
    minimum = get(ctx, area_rule)
    original = num(ctx.lot.area_sqft)
    a, b = num(p.sb9_lot_a_sqft), num(p.sb9_lot_b_sqft)
    values = {"lot_area_sqft": original, "sb9_lot_a_sqft": a, "sb9_lot_b_sqft": b}
    absent = tuple(field for field, value in values.items() if value is None)
    if absent or original <= 0:
        note = "input_missing" if absent else "input_zero"
        out.append(
            missing(
                share_rule,
                TOPIC,
                share,
                absent or ("lot_area_sqft",),
                limit=share.value,
                unit="percent",
                note=note,
            )
        )
    else:
        percent = min(a, b) / original * 100.0
        status = PASS if at_least(percent, share.value) else FAIL
        out.append(
            from_record(
                share_rule, TOPIC, status, share, value=percent, limit=share.value, unit="percent"
            )
        )
    parcels = tuple(
        field for field in ("sb9_lot_a_sqft", "sb9_lot_b_sqft") if values[field] is None
    )
    if parcels:
        out.append(missing(area_rule, TOPIC, minimum, parcels, limit=minimum.value, unit="sqft"))
        return
    smaller = min(a, b)
    if at_least(smaller, minimum.value):
        out.append(
            from_record(
                area_rule, TOPIC, PASS, minimum, value=smaller, limit=minimum.value, unit="sqft"
            )
        )
    else:
        # (a)(2)(B): a city may adopt a smaller minimum by ordinance; we hold none of Cotati's.
        out.append(
            from_record(
                area_rule,
                TOPIC,
                NOT_CHECKED,
                minimum,
                value=smaller,
                limit=minimum.value,
                unit="sqft",
                note=COTATI,
            )
        )
