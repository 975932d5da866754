"""SB 9 under California law: two homes on a lot in a single-family residential zone (a
two-unit development, Gov. Code § 65852.21) and splitting such a lot in two (an urban lot
split, § 66411.7), each approved ministerially when the statute's conditions are met.

- Whether the lot is in a single-family residential zone is the zone's to say (``sb9.toml``
  lists Cotati's districts both ways), never a question: outside one, ``fail``.
- The statute's other conditions are asked in plain words, all at once; an answer the statute
  rules out fails; an unanswered one makes the answer wait.
- What the approval comes with (a lot split's owner-occupancy affidavit): ``condition``.
- Within what the statutes guarantee (each home at least 800 sq ft; side and rear setbacks of
  no more than 4 ft; a lot split into parts of at least 40 percent and 1,200 sq ft): ``pass``;
  beyond it, Cotati's own standards decide (not held): ``not_checked`` with nothing to ask.

How this site reads the statutes: beside each record in ``sb9.toml`` and in
docs/decisions/sb9-readings.md.
"""

from __future__ import annotations

from dataclasses import replace

from law.engine.common import Context, at_least, at_most, from_record, missing, num
from law.engine.findings import Finding, Status
from law.families.sb9.part import SB9_KINDS, Sb9Proposal

TOPIC = "sb9"
PASS, FAIL, NOT_CHECKED = Status.PASS, Status.FAIL, Status.NOT_CHECKED
GUARANTEE = "sb9_guarantee"
COTATI = "sb9_depends_on_cotati"
# From 2025 (SB 450): beyond the guarantee, the zone's own standards, as for any home.
ZONE_STANDARDS = "sb9_zone_standards"
# An exception the applicant may claim beside a setback under 4 ft: the home stays where an
# existing one stands (or is rebuilt in its place and size).
IN_PLACE = "sb9_existing_structure"
# A split alone is not asked its future homes: the figure each new lot is guaranteed.
SPLIT_ALONE = "sb9_split_homes_guaranteed"

RULES = (
    "sb9.eligible",
    "sb9.demolition",
    "sb9.unit_size",
    "sb9.setback.side",
    "sb9.setback.rear",
    "sb9.owner_occupancy",
    "sb9.review",
    "sb9.lot_split",
    # Read by the capacity page (law/reports/capacity.py), not checked yet: a plan of parts.
    "sb9.units_per_lot",
    "sb9.lot_split.min_area",
)
FIELDS = (
    "sb9",
    "sb9_site_excluded",
    "sb9_protected_housing",
    "sb9_ellis_withdrawal",
    "sb9_historic",
    "sb9_prior_split",
    "sb9_adjacent_split",
    "sb9_walls_demolished_percent",
    "sb9_unit_floor_area_sqft",
    "sb9_side_setback_ft",
    "sb9_rear_setback_ft",
    "sb9_lot_a_sqft",
    "sb9_lot_b_sqft",
)


def _get(ctx: Context, rule: str, case: str = "default"):
    return ctx.view.get(rule, ctx.zone, case)


def check(ctx: Context, out: list[Finding]) -> None:
    """Findings for ``ctx.plan.sb9``; nothing when the plan has no SB 9 part."""
    p = ctx.plan.sb9
    if p is None:
        return
    kind = p.kind
    if kind not in SB9_KINDS:
        record = _get(ctx, "sb9.eligible", "two_unit")
        if record is None:
            out.append(_not_held("sb9.eligible"))
            return
        note = "input_missing" if kind is None else "unknown_choice"
        out.append(missing("sb9.eligible", TOPIC, record, ("sb9",), note=note, approval=None))
        return
    record = _get(ctx, "sb9.eligible", kind)
    if record is None:
        out.append(_not_held("sb9.eligible"))
        return
    outside = _outside_single_family_zone(ctx)
    if outside is not None:
        out.append(from_record("sb9.eligible", TOPIC, FAIL, outside))
        return
    _eligible(p, kind, record, out)
    if kind == "two_unit":
        _demolition(ctx, p, out)
    _review(ctx, out)
    _unit_size(ctx, p, kind, out)
    for rule, value, field in (
        ("sb9.setback.side", p.side_setback_ft, "sb9_side_setback_ft"),
        ("sb9.setback.rear", p.rear_setback_ft, "sb9_rear_setback_ft"),
    ):
        _setback(ctx, rule, kind, num(value), field, out)
    if kind == "lot_split":
        _lot_split(ctx, p, out)
        # Attached to the approval (an owner's affidavit), never a question.
        record = _get(ctx, "sb9.owner_occupancy", "lot_split")
        if record is not None:
            out.append(
                from_record(
                    "sb9.owner_occupancy",
                    TOPIC,
                    Status.CONDITION,
                    record,
                    limit=record.value,
                    unit=record.unit,
                )
            )


def _outside_single_family_zone(ctx: Context):
    """The record saying the lot's district is not a single-family residential zone, so SB 9
    does not apply; None inside one. The zone says it, never a question (sb9.toml classifies
    every district one way or the other)."""
    return _get(ctx, "sb9.eligible", "not_single_family_zone")


def adds_homes_on(ctx: Context) -> bool:
    """Whether SB 9 could add a home on this lot, so an answer may offer it
    (``Family.adds_homes_on``): SB 9 is in force on the date and the lot's district is a
    single-family residential zone, the test ``check`` makes first."""
    in_force = all(_get(ctx, "sb9.eligible", kind) is not None for kind in SB9_KINDS)
    return in_force and _outside_single_family_zone(ctx) is None


def _eligible(p: Sb9Proposal, kind: str, record, out: list[Finding]) -> None:
    # (field, answer, the answer that rules the project out)
    questions = [
        ("sb9_site_excluded", p.site_excluded, True),
        ("sb9_protected_housing", p.protected_housing, True),
        ("sb9_ellis_withdrawal", p.ellis_withdrawal, True),
    ]
    if kind == "lot_split":
        # § 66411.7(a)(3): a historic site, a lot made by an earlier split, a neighbouring lot
        # split by the same owner (or anyone acting with them) bar a split, not two homes.
        questions += [
            ("sb9_historic", p.historic, True),
            ("sb9_prior_split", p.prior_split, True),
            ("sb9_adjacent_split", p.adjacent_split, True),
        ]
    if any(answer is not None and bool(answer) is bad for _, answer, bad in questions):
        out.append(from_record("sb9.eligible", TOPIC, FAIL, record, note="sb9_disqualified"))
        return
    absent = tuple(field for field, answer, _ in questions if answer is None)
    if absent:
        out.append(missing("sb9.eligible", TOPIC, record, absent, approval=None))
    else:
        out.append(from_record("sb9.eligible", TOPIC, Status.NEEDS_APPROVAL, record))


def _demolition(ctx: Context, p: Sb9Proposal, out: list[Finding]) -> None:
    rule = "sb9.demolition"
    record = _get(ctx, rule)
    walls = num(p.walls_demolished_percent)
    if record.value is None:
        # From 2025 SB 450 dropped the limit: nothing to ask, said as it is.
        out.append(from_record(rule, TOPIC, Status.INFO, record, value=walls, unit="percent"))
    elif walls is None:
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
        # More is allowed where Cotati's ordinance allows it or the site had no tenant in the
        # last three years: the City decides, nothing the person could answer here settles it.
        out.append(
            from_record(
                rule,
                TOPIC,
                NOT_CHECKED,
                _get(ctx, rule, "beyond_guarantee"),
                value=walls,
                limit=record.value,
                unit="percent",
            )
        )


def _review(ctx: Context, out: list[Finding]) -> None:
    """The City's time to decide a complete application (SB 450, from 2025): a condition."""
    record = _get(ctx, "sb9.review")
    if record is not None:
        out.append(
            from_record(
                "sb9.review",
                TOPIC,
                Status.CONDITION,
                record,
                limit=record.value,
                unit=record.unit,
            )
        )


def _unit_size(ctx: Context, p: Sb9Proposal, kind: str, out: list[Finding]) -> None:
    rule = "sb9.unit_size"
    record = _get(ctx, rule, kind)
    area = num(p.unit_floor_area_sqft)
    if area is None and kind == "lot_split":
        # A split alone is not asked its future homes: the figure each new lot is guaranteed.
        out.append(
            from_record(
                rule, TOPIC, Status.INFO, record, limit=record.value, unit="sqft", note=SPLIT_ALONE
            )
        )
    elif area is None:
        out.append(
            missing(
                rule,
                TOPIC,
                record,
                ("sb9_unit_floor_area_sqft",),
                limit=record.value,
                unit="sqft",
            )
        )
    elif at_most(area, record.value):
        out.append(_guaranteed(rule, record, area, "sqft"))
    else:
        out.append(_beyond(ctx, rule, area, record.value, "sqft"))


def _setback(
    ctx: Context, rule: str, kind: str, setback: float | None, field: str, out: list[Finding]
) -> None:
    record = _get(ctx, rule, kind)
    if setback is None and kind == "lot_split":
        out.append(
            from_record(
                rule, TOPIC, Status.INFO, record, limit=record.value, unit="ft", note=SPLIT_ALONE
            )
        )
    elif setback is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit="ft"))
    elif at_least(setback, record.value):
        out.append(_guaranteed(rule, record, setback, "ft"))
    else:
        out.append(_beyond(ctx, rule, setback, record.value, "ft"))


def _lot_split(ctx: Context, p: Sb9Proposal, out: list[Finding]) -> None:
    share_rule, area_rule = "sb9.lot_split", "sb9.lot_split.min_area"
    share = _get(ctx, share_rule)
    minimum = _get(ctx, area_rule)
    original = num(ctx.lot.area_sqft)
    a, b = num(p.lot_a_sqft), num(p.lot_b_sqft)
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
        # (a)(2): a city may allow smaller lots by ordinance; we hold none of Cotati's.
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


def _guaranteed(rule: str, record, value: float, unit: str) -> Finding:
    return from_record(
        rule, TOPIC, PASS, record, value=value, limit=record.value, unit=unit, note=GUARANTEE
    )


def _beyond(ctx: Context, rule: str, value: float, guaranteed: float, unit: str) -> Finding:
    """Beyond what SB 9 guarantees. Before 2025, Cotati's own SB 9 standards (not held)
    decide. From 2025 (SB 450) the City may hold an SB 9 home only to the standards that apply
    uniformly in the zone: a larger home meets the zone's standards for any home (checked with
    a new home's figures), and a setback the zone sets is at most the 4 ft SB 9 allows, so a
    home closer than 4 ft fails it, unless it stands where an existing one does."""
    cotati = _get(ctx, rule, "beyond_guarantee")
    if cotati.note != ZONE_STANDARDS:
        return from_record(
            rule, TOPIC, NOT_CHECKED, cotati, value=value, limit=guaranteed, unit=unit
        )
    if unit == "sqft":
        return from_record(rule, TOPIC, PASS, cotati, value=value, limit=guaranteed, unit=unit)
    failed = from_record(rule, TOPIC, FAIL, cotati, value=value, limit=guaranteed, unit=unit)
    return replace(failed, exception=IN_PLACE)


def _not_held(rule: str) -> Finding:
    """No record in force on this date (before SB 9 took effect)."""
    return Finding(rule=rule, status=NOT_CHECKED, topic=TOPIC, note="sb9_not_in_force")
