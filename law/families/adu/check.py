"""Accessory dwelling units, junior ADUs and SB 9, under California law.

Government Code Title 7, Division 1, Chapter 13 (§§ 66310-66342: ADUs and JADUs),
§ 65852.21 (SB 9 two-unit developments) and § 66411.7 (SB 9 urban lot splits), and
Cotati's own § 17.42.170, whose text this site does not hold.

The state figures are floors on what a city must allow, so the verdicts follow the
law's structure rather than "within the limit / over the limit":

- within what state law guarantees: ``pass`` (``note = "state_guarantee"``), and
  ``adu.allowed`` says the permit is ministerial, with the review deadline beside it;
- beyond the guarantee, where Cotati may set its own figure: ``not_checked`` citing
  § 17.42.170 (``note = "depends_on_cotati"``), because we do not hold it;
- what the statute itself rules out (a JADU outside a single-family home, a second
  JADU, an SB 9 split below 40 percent): ``fail``.

Where a state guarantee displaces a zone standard the engine also checks, the zone
finding is marked, not failed: see ``apply_state_overrides``.

How this site reads the statutes is written beside each record in law/families/adu/adu.toml
and, at length, in docs/decisions/adu-readings.md.
"""

from __future__ import annotations

import dataclasses
import math

from law.engine.common import Context, at_least, at_most, from_record, missing, num
from law.engine.findings import Finding, Status
from law.families.adu.part import ADU_TYPES, EXISTING_DWELLINGS, SB9_KINDS, AduProposal

TOPIC = "adu"
RULES = (
    "adu.allowed",
    "adu.count",
    "adu.floor_area",
    "jadu.floor_area",
    "adu.height",
    "adu.setback.side",
    "adu.setback.rear",
    "adu.parking",
    "adu.review",
    "adu.review.completeness",
    "adu.fees",
    "sb9.eligible",
    "sb9.demolition",
    "sb9.unit_size",
    "sb9.setbacks",
    "sb9.lot_split",
    "sb9.lot_split.min_area",
)
# Form/JSON field names, as the fences family names its own.
FIELDS = (
    "adu_type",
    "adu_floor_area_sqft",
    "adu_bedrooms",
    "adu_height_ft",
    "adu_side_setback_ft",
    "adu_rear_setback_ft",
    "existing_dwelling",
    "primary_floor_area_sqft",
    "near_transit",
    "near_major_transit",
    "car_share_within_one_block",
    "historic_district",
    "adu_count",
    "existing_units",
    "sb9",
    "sb9_single_family_zone",
    "sb9_site_excluded",
    "sb9_protected_housing",
    "sb9_ellis_withdrawal",
    "sb9_walls_demolished_percent",
    "sb9_lot_a_sqft",
    "sb9_lot_b_sqft",
)

_PASS, _FAIL, _NOT_CHECKED, _INFO = Status.PASS, Status.FAIL, Status.NOT_CHECKED, Status.INFO
_NEW = frozenset({"detached", "attached"})  # new construction; the rest is existing space
_GUARANTEE = "state_guarantee"
_COTATI = "depends_on_cotati"


def check(ctx: Context, out: list[Finding]) -> None:
    """Findings for ``ctx.plan.adu``; nothing when the plan has no ADU part."""
    proposal = ctx.plan.adu
    if proposal is None:
        return
    if proposal.adu_type is not None or proposal.sb9 is None:
        _adu(ctx, proposal, out)
    if proposal.sb9 is not None:
        _sb9(ctx, proposal, out)


# --- ADUs and JADUs -------------------------------------------------------------------


def _get(ctx: Context, rule: str, case: str = "default"):
    return ctx.view.get(rule, ctx.zone, case)


def _not_held(rule: str) -> Finding:
    """No record in force on this date (e.g. before Chapter 13 was operative)."""
    return Finding(rule=rule, status=_NOT_CHECKED, topic=TOPIC, note="state_figure_not_held")


def _adu(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    base = _get(ctx, "adu.allowed")
    if base is None:
        out.append(_not_held("adu.allowed"))
        return
    kind, home = p.adu_type, p.existing_dwelling
    for field, value, choices in (
        ("adu_type", kind, ADU_TYPES),
        ("existing_dwelling", home, EXISTING_DWELLINGS),
    ):
        if value not in choices:
            note = "input_missing" if value is None else "unknown_choice"
            out.append(missing("adu.allowed", TOPIC, base, (field,), note=note, approval=None))
            return
    if home == "none":
        out.append(from_record("adu.allowed", TOPIC, _FAIL, base, note="needs_primary_dwelling"))
        return
    if kind == "jadu":
        jadu = _get(ctx, "adu.allowed", "jadu")
        if home != "single_family":
            out.append(from_record("adu.allowed", TOPIC, _FAIL, jadu))
            return
        out.append(from_record("adu.allowed", TOPIC, Status.NEEDS_APPROVAL, jadu))
    else:
        out.append(from_record("adu.allowed", TOPIC, Status.NEEDS_APPROVAL, base))
    area = num(p.adu_floor_area_sqft)
    _count(ctx, p, out)
    if kind == "jadu":
        _jadu_floor_area(ctx, area, out)
    else:
        _floor_area(ctx, p, area, out)
    if kind in _NEW:
        _height(ctx, p, out)
    for rule, value, field in (
        ("adu.setback.side", p.adu_side_setback_ft, "adu_side_setback_ft"),
        ("adu.setback.rear", p.adu_rear_setback_ft, "adu_rear_setback_ft"),
    ):
        _setback(ctx, kind, rule, num(value), field, area, out)
    _parking(ctx, p, out)
    _review(ctx, out)
    _fees(ctx, p, area, out)


def _count(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    rule, kind = "adu.count", p.adu_type
    count = num(p.adu_count)
    if kind == "attached":
        out.append(from_record(rule, TOPIC, _NOT_CHECKED, _get(ctx, rule, "cotati"), value=count))
        return
    if kind == "jadu":
        record = _get(ctx, rule, "jadu")
        limit = record.value
    elif p.existing_dwelling == "single_family":
        record = _get(ctx, rule, f"single_family_{kind}")
        limit = record.value
    else:
        units = num(p.existing_units)
        case = "multifamily_conversion_min" if kind == "conversion" else "multifamily_detached"
        record = _get(ctx, rule, case)
        if units is None:
            out.append(missing(rule, TOPIC, record, ("existing_units",), value=count, unit="units"))
            return
        if kind == "conversion":
            share = _get(ctx, rule, "multifamily_conversion_share").value
            # "at least one and up to a quarter of the existing units", whole units.
            limit = max(record.value, float(math.floor(units * share / 100.0 + 1e-9)))
        else:
            limit = min(record.value, units)
    if count is None:
        out.append(missing(rule, TOPIC, record, ("adu_count",), limit=limit, unit="units"))
    elif at_most(count, limit):
        out.append(
            from_record(
                rule, TOPIC, _PASS, record, value=count, limit=limit, unit="units", note=_GUARANTEE
            )
        )
    elif kind == "jadu":
        # § 66333(a): the ordinance limits JADUs to one per lot.
        out.append(from_record(rule, TOPIC, _FAIL, record, value=count, limit=limit, unit="units"))
    else:
        cotati = _get(ctx, rule, "cotati")
        out.append(
            from_record(rule, TOPIC, _NOT_CHECKED, cotati, value=count, limit=limit, unit="units")
        )


def _floor_area(ctx: Context, p: AduProposal, area: float | None, out: list[Finding]) -> None:
    rule = "adu.floor_area"
    if p.adu_type == "conversion":
        # No state size limit beyond the existing space: the record's figure is the growth
        # allowed for a way in and out, which is not the unit's size, so it is not the limit.
        record = _get(ctx, rule, "conversion_expansion")
        out.append(from_record(rule, TOPIC, _INFO, record, value=area, unit="sqft"))
        return
    guaranteed = _get(ctx, rule, "guaranteed")
    if area is None:
        out.append(
            missing(
                rule,
                TOPIC,
                guaranteed,
                ("adu_floor_area_sqft",),
                limit=guaranteed.value,
                unit="sqft",
            )
        )
        return
    if at_most(area, guaranteed.value):
        out.append(_guaranteed(rule, guaranteed, area, "sqft"))
        return
    one_bedroom = _get(ctx, rule, "cap_floor_one_bedroom")
    more = _get(ctx, rule, "cap_floor_more_bedrooms")
    bedrooms = num(p.adu_bedrooms)
    if bedrooms is None:
        if at_most(area, one_bedroom.value):
            out.append(_guaranteed(rule, one_bedroom, area, "sqft"))
        elif at_most(area, more.value):
            out.append(
                missing(
                    rule, TOPIC, more, ("adu_bedrooms",), value=area, limit=more.value, unit="sqft"
                )
            )
        else:
            out.append(_beyond(ctx, rule, area, more.value, "sqft"))
        return
    cap = more if bedrooms > 1 else one_bedroom
    if at_most(area, cap.value):
        out.append(_guaranteed(rule, cap, area, "sqft"))
    else:
        out.append(_beyond(ctx, rule, area, cap.value, "sqft"))


def _jadu_floor_area(ctx: Context, area: float | None, out: list[Finding]) -> None:
    rule = "jadu.floor_area"
    record = _get(ctx, rule)
    if area is None:
        out.append(
            missing(rule, TOPIC, record, ("adu_floor_area_sqft",), limit=record.value, unit="sqft")
        )
    elif at_most(area, record.value):
        out.append(_guaranteed(rule, record, area, "sqft"))
    else:
        out.append(
            from_record(
                rule,
                TOPIC,
                _FAIL,
                record,
                value=area,
                limit=record.value,
                unit="sqft",
                note="not_a_jadu",
            )
        )


def _height(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    rule = "adu.height"
    height = num(p.adu_height_ft)
    if p.adu_type == "attached":
        out.append(
            from_record(
                rule, TOPIC, _NOT_CHECKED, _get(ctx, rule, "attached"), value=height, unit="ft"
            )
        )
        return
    low = _get(ctx, rule, "detached")
    high = _get(ctx, rule, "detached_near_major_transit")
    if height is None:
        out.append(missing(rule, TOPIC, low, ("adu_height_ft",), limit=low.value, unit="ft"))
    elif at_most(height, low.value):
        out.append(_guaranteed(rule, low, height, "ft"))
    elif p.near_major_transit is None and at_most(height, high.value):
        out.append(
            missing(
                rule, TOPIC, high, ("near_major_transit",), value=height, limit=low.value, unit="ft"
            )
        )
    elif p.near_major_transit and at_most(height, high.value):
        out.append(_guaranteed(rule, high, height, "ft"))
    else:
        limit = high.value if p.near_major_transit else low.value
        out.append(_beyond(ctx, rule, height, limit, "ft"))


def _setback(
    ctx: Context,
    kind: str,
    rule: str,
    setback: float | None,
    field: str,
    area: float | None,
    out: list[Finding],
) -> None:
    if kind not in _NEW:
        out.append(
            from_record(rule, TOPIC, _INFO, _get(ctx, rule, "conversion"), value=setback, unit="ft")
        )
        return
    record = _get(ctx, rule, "guaranteed")
    size = _get(ctx, "adu.floor_area", "guaranteed")
    if setback is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit="ft"))
    elif not at_least(setback, record.value):
        out.append(_beyond(ctx, rule, setback, record.value, "ft"))
    elif area is None:
        # The 4 ft setback is guaranteed together with a unit of up to 800 sq ft.
        out.append(
            missing(
                rule,
                TOPIC,
                record,
                ("adu_floor_area_sqft",),
                value=setback,
                limit=record.value,
                unit="ft",
            )
        )
    elif at_most(area, size.value):
        out.append(_guaranteed(rule, record, setback, "ft"))
    else:
        out.append(_beyond(ctx, rule, setback, record.value, "ft"))


def _parking(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    rule = "adu.parking"
    exempt = _get(ctx, rule, "exempt")
    within_home = (
        p.adu_type not in _NEW
    )  # § 66322(a)(3): part of the home or an accessory structure
    if within_home or p.historic_district or p.car_share_within_one_block or p.near_transit:
        out.append(from_record(rule, TOPIC, _PASS, exempt))
    elif p.near_transit is None:
        out.append(missing(rule, TOPIC, exempt, ("near_transit",)))
    else:
        out.append(from_record(rule, TOPIC, _NOT_CHECKED, _get(ctx, rule, "cotati")))


def _review(ctx: Context, out: list[Finding]) -> None:
    for rule, case in (("adu.review", "default"), ("adu.review.completeness", "completeness")):
        record = _get(ctx, "adu.review", case)
        if record is not None:
            out.append(
                from_record(rule, TOPIC, _INFO, record, limit=record.value, unit=record.unit)
            )


def _fees(ctx: Context, p: AduProposal, area: float | None, out: list[Finding]) -> None:
    rule = "adu.fees"
    record = _get(ctx, rule, "jadu" if p.adu_type == "jadu" else "default")
    if record is None:
        out.append(_not_held(rule))
        return
    if area is None:
        out.append(
            missing(rule, TOPIC, record, ("adu_floor_area_sqft",), limit=record.value, unit="sqft")
        )
        return
    if at_most(area, record.value):
        out.append(
            from_record(rule, TOPIC, _INFO, record, value=area, limit=record.value, unit="sqft")
        )
        return
    primary = num(p.primary_floor_area_sqft)
    if primary is None or primary <= 0:
        note = "input_missing" if primary is None else "input_zero"
        out.append(
            missing(
                rule,
                TOPIC,
                record,
                ("primary_floor_area_sqft",),
                limit=record.value,
                unit="sqft",
                note=note,
            )
        )
        return
    # Proportionate to the main home: the ADU's floor area as a share of the home's.
    out.append(
        from_record(
            rule,
            TOPIC,
            _INFO,
            record,
            value=area / primary * 100.0,
            unit="percent",
            note="impact_fee_proportional",
        )
    )


def _guaranteed(rule: str, record, value: float, unit: str) -> Finding:
    return from_record(
        rule, TOPIC, _PASS, record, value=value, limit=record.value, unit=unit, note=_GUARANTEE
    )


def _beyond(ctx: Context, rule: str, value: float, guaranteed: float, unit: str) -> Finding:
    """Beyond the state guarantee: Cotati's own figure (§ 17.42.170, not held) decides."""
    cotati = _get(ctx, rule, "cotati")
    return from_record(rule, TOPIC, _NOT_CHECKED, cotati, value=value, limit=guaranteed, unit=unit)


# --- SB 9 -------------------------------------------------------------------------------


def _sb9(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    kind = p.sb9
    if kind not in SB9_KINDS:
        record = _get(ctx, "sb9.eligible", "two_unit")
        out.append(
            missing("sb9.eligible", TOPIC, record, ("sb9",), note="unknown_choice", approval=None)
        )
        return
    record = _get(ctx, "sb9.eligible", kind)
    if record is None:
        out.append(_not_held("sb9.eligible"))
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
        out.append(from_record("sb9.eligible", TOPIC, _FAIL, record, note="sb9_disqualified"))
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
    record = _get(ctx, rule)
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
            from_record(rule, TOPIC, _PASS, record, value=walls, limit=record.value, unit="percent")
        )
    else:
        # Our copy cut the exception off: beyond 25 percent we cannot decide.
        out.append(
            from_record(
                rule,
                TOPIC,
                _NOT_CHECKED,
                record,
                value=walls,
                limit=record.value,
                unit="percent",
                note="state_figure_not_held",
            )
        )
    for rule in ("sb9.unit_size", "sb9.setbacks"):
        out.append(from_record(rule, TOPIC, _NOT_CHECKED, _get(ctx, rule)))


def _sb9_lot_split(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    share_rule, area_rule = "sb9.lot_split", "sb9.lot_split.min_area"
    share = _get(ctx, share_rule)
    minimum = _get(ctx, area_rule)
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
        status = _PASS if at_least(percent, share.value) else _FAIL
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
                area_rule, TOPIC, _PASS, minimum, value=smaller, limit=minimum.value, unit="sqft"
            )
        )
    else:
        # (a)(2)(B): a city may adopt a smaller minimum by ordinance; we hold none of Cotati's.
        out.append(
            from_record(
                area_rule,
                TOPIC,
                _NOT_CHECKED,
                minimum,
                value=smaller,
                limit=minimum.value,
                unit="sqft",
                note=_COTATI,
            )
        )


# --- Where state law prevails over a zone standard -----------------------------------------

# Zone rules whose limit a state ADU guarantee displaces, and the record that does it.
# Only coverage is wired: the zone setback and height findings measure the main building
# (MainBuilding inputs), not the ADU, which has its own adu.setback.* and adu.height
# findings. check_lot runs apply_state_overrides (this family's ``after``) once every
# family has checked, before sorting.
OVERRIDES = {"coverage": ("adu.floor_area", "guaranteed")}


def apply_state_overrides(ctx: Context, findings: list[Finding]) -> list[Finding]:
    """``findings`` with each zone finding that a state ADU guarantee displaces marked:
    status ``info``, note ``state_law_prevails``, ``overridden_by`` the state record's id.

    Coverage: § 66321(b)(3) forbids lot coverage limits that would not let an ADU of up
    to 800 sq ft with 4 ft side and rear setbacks be built. We read the covered area
    entered as including a new ADU's footprint (taken as its floor area, i.e. one
    storey); the coverage limit yields only when the lot would meet it without the ADU,
    so a main building over the limit on its own still fails.
    """
    p = ctx.plan.adu
    if p is None or p.adu_type not in _NEW:
        return findings
    by_rule = {f.rule: f for f in findings}
    guarantee = [by_rule.get(r) for r in ("adu.floor_area", "adu.setback.side", "adu.setback.rear")]
    if any(f is None or f.status is not _PASS or f.note != _GUARANTEE for f in guarantee):
        return findings
    result = []
    for finding in findings:
        target = OVERRIDES.get(finding.rule)
        if (
            target
            and finding.status in (_FAIL, Status.NEEDS_APPROVAL)
            and _without_adu_meets(ctx, finding, p)
        ):
            record = _get(ctx, *target)
            finding = dataclasses.replace(
                finding, status=_INFO, note="state_law_prevails", overridden_by=record.id
            )
        result.append(finding)
    return result


def _without_adu_meets(ctx: Context, finding: Finding, p: AduProposal) -> bool:
    lot_area = num(ctx.lot.area_sqft)
    area = num(p.adu_floor_area_sqft)
    if finding.value is None or finding.limit is None or not lot_area or area is None:
        return False
    return at_most(finding.value - area / lot_area * 100.0, finding.limit)
