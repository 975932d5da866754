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
finding is marked, not failed: see ``overrides.apply_state_overrides``.

How this site reads the statutes is written beside each record in law/families/adu/adu.toml
and, at length, in docs/decisions/adu-readings.md.
"""

from __future__ import annotations

import math

from law.engine.common import Context, at_least, at_most, from_record, missing, num
from law.engine.findings import Finding, Status
from law.families.adu.common import (
    FAIL,
    GUARANTEE,
    INFO,
    NEW,
    NOT_CHECKED,
    PASS,
    TOPIC,
    get,
    not_held,
)
from law.families.adu.part import ADU_TYPES, EXISTING_DWELLINGS, AduProposal
from law.families.adu.sb9 import sb9

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


def check(ctx: Context, out: list[Finding]) -> None:
    """Findings for ``ctx.plan.adu``; nothing when the plan has no ADU part."""
    proposal = ctx.plan.adu
    if proposal is None:
        return
    if proposal.adu_type is not None or proposal.sb9 is None:
        _adu(ctx, proposal, out)
    if proposal.sb9 is not None:
        sb9(ctx, proposal, out)


# --- ADUs and JADUs -------------------------------------------------------------------


def _adu(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    base = get(ctx, "adu.allowed")
    if base is None:
        out.append(not_held("adu.allowed"))
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
        out.append(from_record("adu.allowed", TOPIC, FAIL, base, note="needs_primary_dwelling"))
        return
    if kind == "jadu":
        jadu = get(ctx, "adu.allowed", "jadu")
        if home != "single_family":
            out.append(from_record("adu.allowed", TOPIC, FAIL, jadu))
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
    if kind in NEW:
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
        out.append(from_record(rule, TOPIC, NOT_CHECKED, get(ctx, rule, "cotati"), value=count))
        return
    if kind == "jadu":
        record = get(ctx, rule, "jadu")
        limit = record.value
    elif p.existing_dwelling == "single_family":
        record = get(ctx, rule, f"single_family_{kind}")
        limit = record.value
    else:
        units = num(p.existing_units)
        case = "multifamily_conversion_min" if kind == "conversion" else "multifamily_detached"
        record = get(ctx, rule, case)
        if units is None:
            out.append(missing(rule, TOPIC, record, ("existing_units",), value=count, unit="units"))
            return
        if kind == "conversion":
            share = get(ctx, rule, "multifamily_conversion_share").value
            # "at least one and up to a quarter of the existing units", whole units.
            limit = max(record.value, float(math.floor(units * share / 100.0 + 1e-9)))
        else:
            limit = min(record.value, units)
    if count is None:
        out.append(missing(rule, TOPIC, record, ("adu_count",), limit=limit, unit="units"))
    elif at_most(count, limit):
        out.append(
            from_record(
                rule, TOPIC, PASS, record, value=count, limit=limit, unit="units", note=GUARANTEE
            )
        )
    elif kind == "jadu":
        # § 66333(a): the ordinance limits JADUs to one per lot.
        out.append(from_record(rule, TOPIC, FAIL, record, value=count, limit=limit, unit="units"))
    else:
        cotati = get(ctx, rule, "cotati")
        out.append(
            from_record(rule, TOPIC, NOT_CHECKED, cotati, value=count, limit=limit, unit="units")
        )


def _floor_area(ctx: Context, p: AduProposal, area: float | None, out: list[Finding]) -> None:
    rule = "adu.floor_area"
    if p.adu_type == "conversion":
        # No state size limit beyond the existing space: the record's figure is the growth
        # allowed for a way in and out, which is not the unit's size, so it is not the limit.
        record = get(ctx, rule, "conversion_expansion")
        out.append(from_record(rule, TOPIC, INFO, record, value=area, unit="sqft"))
        return
    guaranteed = get(ctx, rule, "guaranteed")
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
    one_bedroom = get(ctx, rule, "cap_floor_one_bedroom")
    more = get(ctx, rule, "cap_floor_more_bedrooms")
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
    record = get(ctx, rule)
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
                FAIL,
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
                rule, TOPIC, NOT_CHECKED, get(ctx, rule, "attached"), value=height, unit="ft"
            )
        )
        return
    low = get(ctx, rule, "detached")
    high = get(ctx, rule, "detached_near_major_transit")
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
    if kind not in NEW:
        out.append(
            from_record(rule, TOPIC, INFO, get(ctx, rule, "conversion"), value=setback, unit="ft")
        )
        return
    record = get(ctx, rule, "guaranteed")
    size = get(ctx, "adu.floor_area", "guaranteed")
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
    exempt = get(ctx, rule, "exempt")
    within_home = p.adu_type not in NEW  # § 66322(a)(3): part of the home or an accessory structure
    if within_home or p.historic_district or p.car_share_within_one_block or p.near_transit:
        out.append(from_record(rule, TOPIC, PASS, exempt))
    elif p.near_transit is None:
        out.append(missing(rule, TOPIC, exempt, ("near_transit",)))
    else:
        out.append(from_record(rule, TOPIC, NOT_CHECKED, get(ctx, rule, "cotati")))


def _review(ctx: Context, out: list[Finding]) -> None:
    for rule, case in (("adu.review", "default"), ("adu.review.completeness", "completeness")):
        record = get(ctx, "adu.review", case)
        if record is not None:
            out.append(from_record(rule, TOPIC, INFO, record, limit=record.value, unit=record.unit))


def _fees(ctx: Context, p: AduProposal, area: float | None, out: list[Finding]) -> None:
    rule = "adu.fees"
    record = get(ctx, rule, "jadu" if p.adu_type == "jadu" else "default")
    if record is None:
        out.append(not_held(rule))
        return
    if area is None:
        out.append(
            missing(rule, TOPIC, record, ("adu_floor_area_sqft",), limit=record.value, unit="sqft")
        )
        return
    if at_most(area, record.value):
        out.append(
            from_record(rule, TOPIC, INFO, record, value=area, limit=record.value, unit="sqft")
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
            INFO,
            record,
            value=area / primary * 100.0,
            unit="percent",
            note="impact_fee_proportional",
        )
    )


def _guaranteed(rule: str, record, value: float, unit: str) -> Finding:
    return from_record(
        rule, TOPIC, PASS, record, value=value, limit=record.value, unit=unit, note=GUARANTEE
    )


def _beyond(ctx: Context, rule: str, value: float, guaranteed: float, unit: str) -> Finding:
    """Beyond the state guarantee: Cotati's own figure (§ 17.42.170, not held) decides."""
    cotati = get(ctx, rule, "cotati")
    return from_record(rule, TOPIC, NOT_CHECKED, cotati, value=value, limit=guaranteed, unit=unit)
