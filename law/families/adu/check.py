"""Accessory dwelling units and junior ADUs, under California law.

Government Code Title 7, Division 1, Chapter 13 (§§ 66310-66342: ADUs and JADUs; before
2024-03-25 § 65852.2) and Cotati's own § 17.42.170, whose text this site does not hold.
(SB 9's two homes and lot splits are their own family: law/families/sb9.)

The state figures are floors on what a city must allow, so the verdicts follow the law's
structure rather than "within the limit / over the limit":

- within what state law guarantees: ``pass`` (``note = "state_guarantee"``), and
  ``adu.allowed`` says the permit is ministerial;
- beyond the guarantee, where Cotati may set its own figure: ``not_checked`` citing
  § 17.42.170 (``note = "depends_on_cotati"``) with nothing to ask: the City decides, because
  we do not hold its figure;
- what the statute itself rules out (a JADU outside a single-family home, a second JADU, an
  ADU in a district that allows no homes): ``fail``;
- what the permit comes with (impact fees, parking to provide, the review deadlines):
  ``condition``, listed with its figures and never a reason to hold the answer. Parking and the
  main home's size are therefore never asked to decide the verdict.

An exception the applicant may claim (a roof pitch matching the main home's, two more feet
near a major transit stop) is not asked: the finding applies the general figure and names the
exception (``Finding.exception``).

Where a state guarantee displaces a zone standard the engine also checks, the zone finding is
marked, not failed: see ``overrides.apply_state_overrides``.

How this site reads the statutes is written beside each record in law/families/adu/adu.toml
and, at length, in docs/decisions/adu-readings.md.
"""

from __future__ import annotations

import dataclasses
import math

from law.engine.common import Context, at_least, at_most, from_record, missing, num
from law.engine.findings import Finding, Share, Status
from law.families.adu.common import (
    CONDITION,
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
    "adu.owner_occupancy",
    "adu.rental_term",
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
    "multifamily_multistory",
)
# The exception § 66321(b)(4)(B) gives a detached unit near a major transit stop: two more
# feet for a roof pitch aligned with the main home's. Not asked; named beside the figure.
ROOF_PITCH = "roof_pitch_matches_house"


def check(ctx: Context, out: list[Finding]) -> None:
    """Findings for ``ctx.plan.adu``; nothing when the plan has no ADU part."""
    proposal = ctx.plan.adu
    if proposal is None:
        return
    base = get(ctx, "adu.allowed")
    if base is None:
        out.append(not_held("adu.allowed"))
        # The fee rule carries its own dates (§ 65852.2(f)(3)(A) from 2020, § 66324(c)(1) from
        # 2024-03-25): where one is in force, the permit's fee condition is known even on a date
        # before the one we vouch for the rest of ADU law from.
        _fees(ctx, proposal, num(proposal.adu_floor_area_sqft), out)
        return
    kind, home = proposal.adu_type, proposal.existing_dwelling
    for field, value, choices in (
        ("adu_type", kind, ADU_TYPES),
        ("existing_dwelling", home, EXISTING_DWELLINGS),
    ):
        if value not in choices:
            note = "input_missing" if value is None else "unknown_choice"
            out.append(missing("adu.allowed", TOPIC, base, (field,), note=note, approval=None))
            return
    no_homes = _no_homes_zone(ctx)
    if no_homes is not None:
        out.append(from_record("adu.allowed", TOPIC, FAIL, no_homes))
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
    area = num(proposal.adu_floor_area_sqft)
    own: list[Finding] = []
    _count(ctx, proposal, own)
    if kind == "jadu":
        _jadu_floor_area(ctx, area, own)
    else:
        _floor_area(ctx, proposal, area, own)
    if kind in NEW:
        _height(ctx, proposal, own)
    for rule, value, field in (
        ("adu.setback.side", proposal.adu_side_setback_ft, "adu_side_setback_ft"),
        ("adu.setback.rear", proposal.adu_rear_setback_ft, "adu_rear_setback_ft"),
    ):
        _setback(ctx, kind, rule, num(value), field, own)
    out.extend(own)
    _parking(ctx, proposal, _state_unit(ctx, proposal, own), out)
    _review(ctx, out)
    _fees(ctx, proposal, area, out)
    _occupancy(ctx, proposal, out)


def _occupancy(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    """Who must live there and how the unit may be rented: conditions of the permit, never
    questions. An ADU beside a single-family home: no owner occupancy may be required, and
    Cotati may require rentals of 30 days or longer (§ 66315). A JADU: the owner lives in the
    home or the JADU (§ 66333), from 2026 only where the JADU shares the home's sanitation
    (AB 1154), which is said, not asked; from 2026 its rentals are for more than 30 days."""
    case = "jadu" if p.adu_type == "jadu" else "adu"
    if case == "adu" and p.existing_dwelling != "single_family":
        return  # § 66315 speaks of a lot with a single-family home
    occupancy = get(ctx, "adu.owner_occupancy", case)
    if occupancy is not None:
        status = Status.INFO if case == "adu" else CONDITION
        out.append(from_record("adu.owner_occupancy", TOPIC, status, occupancy))
    rental = get(ctx, "adu.rental_term", case)
    if rental is not None:
        out.append(
            from_record(
                "adu.rental_term", TOPIC, CONDITION, rental, limit=rental.value, unit=rental.unit
            )
        )


def _no_homes_zone(ctx: Context):
    """§ 66314 (intro, (d)(2)) and § 66323(a): a lot zoned for homes. The record saying the
    lot's district allows no homes by Table 2-4 (or only a caretaker's), so state law gives it
    no ADU; None where the district allows homes."""
    return get(ctx, "adu.allowed", "no_homes_zone")


def adds_homes_on(ctx: Context) -> bool:
    """Whether an ADU could add a home on this lot, so an answer may offer it
    (``Family.adds_homes_on``): the ADU rules are in force on the date and the lot's district
    is one state ADU law covers, the test ``check`` makes first."""
    return get(ctx, "adu.allowed") is not None and _no_homes_zone(ctx) is None


def _attached_guaranteed(ctx: Context, p: AduProposal) -> bool:
    """Whether the one attached ADU § 66321(b)(3) guarantees beside a single-family home
    applies: its record is in force and the unit is not larger than the size guaranteed (a
    larger one, or one beside a multifamily building, is Cotati's to count, § 17.42.170)."""
    if p.existing_dwelling != "single_family":
        return False
    if get(ctx, "adu.count", "single_family_attached") is None:
        return False
    size = get(ctx, "adu.floor_area", "guaranteed")
    area = num(p.adu_floor_area_sqft)
    return size is None or area is None or at_most(area, size.value)


def _count(ctx: Context, p: AduProposal, out: list[Finding]) -> None:
    rule, kind = "adu.count", p.adu_type
    count = num(p.adu_count)
    if kind == "attached" and not _attached_guaranteed(ctx, p):
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
    """§ 66321(b)(4): 16 ft for a detached unit (A); 18 ft near a major transit stop (B), two
    more for a roof pitch matching the main home's (an exception, named); 18 ft on a lot with
    a multistory multifamily building (C); an attached unit 25 ft or the zone's limit for the
    main home, whichever is lower (D)."""
    rule = "adu.height"
    height = num(p.adu_height_ft)
    if p.adu_type == "attached":
        _attached_height(ctx, height, out)
        return
    low = get(ctx, rule, "detached")
    if height is None:
        out.append(missing(rule, TOPIC, low, ("adu_height_ft",), limit=low.value, unit="ft"))
        return
    if at_most(height, low.value):
        out.append(_guaranteed(rule, low, height, "ft"))
        return
    transit = get(ctx, rule, "detached_near_major_transit")
    multistory = get(ctx, rule, "detached_multifamily_multistory")
    pitch = get(ctx, rule, "roof_pitch_bonus")
    # The higher figures a detached unit may reach, each with the answer that gives it.
    routes = [(transit, "near_major_transit", p.near_major_transit)]
    if p.existing_dwelling == "multifamily":
        routes.append((multistory, "multifamily_multistory", p.multifamily_multistory))
    within = [(r, field, answer) for r, field, answer in routes if at_most(height, r.value)]
    given = [r for r, _field, answer in within if answer]
    if given:
        out.append(_guaranteed(rule, given[0], height, "ft"))
        return
    open_questions = tuple(field for _r, field, answer in within if answer is None)
    if open_questions:
        out.append(
            missing(
                rule,
                TOPIC,
                within[0][0],
                open_questions,
                value=height,
                limit=low.value,
                unit="ft",
            )
        )
        return
    # Beyond every figure that applies: Cotati's own height decides. Near a major transit
    # stop a roof pitch matching the main home's reaches two feet more: named, not asked.
    limit = transit.value if p.near_major_transit else low.value
    if p.existing_dwelling == "multifamily" and p.multifamily_multistory:
        limit = max(limit, multistory.value)
    finding = _beyond(ctx, rule, height, limit, "ft")
    if p.near_major_transit and pitch is not None:
        reach = transit.value + pitch.value
        if at_most(height, reach):
            finding = _with_exception(finding, ROOF_PITCH, reach)
    out.append(finding)


def _attached_height(ctx: Context, height: float | None, out: list[Finding]) -> None:
    rule = "adu.height"
    record = get(ctx, rule, "attached")
    # "or the height limitation in the local zoning ordinance that applies to the primary
    # dwelling, whichever is lower": the zone's own limit for the main building.
    zone_limit = ctx.view.get("height.main", ctx.zone)
    limit = record.value
    if zone_limit is not None and zone_limit.value is not None and zone_limit.unit == "ft":
        limit = min(limit, zone_limit.value)
    if height is None:
        out.append(missing(rule, TOPIC, record, ("adu_height_ft",), limit=limit, unit="ft"))
    elif at_most(height, limit):
        out.append(
            from_record(
                rule, TOPIC, PASS, record, value=height, limit=limit, unit="ft", note=GUARANTEE
            )
        )
    else:
        out.append(_beyond(ctx, rule, height, limit, "ft"))


def _setback(
    ctx: Context,
    kind: str,
    rule: str,
    setback: float | None,
    field: str,
    out: list[Finding],
) -> None:
    """§ 66314(d)(7): no setback for a unit made within existing space (only what fire and
    safety need); for any other ADU, whatever its size, Cotati may ask no more than 4 ft from
    the side and rear lot lines. At or beyond 4 ft the unit meets any setback Cotati may set;
    closer, Cotati's own setback (up to 4 ft, § 17.42.170, not held) decides."""
    if kind not in NEW:
        out.append(
            from_record(rule, TOPIC, INFO, get(ctx, rule, "conversion"), value=setback, unit="ft")
        )
        return
    record = get(ctx, rule, "guaranteed")
    if setback is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit="ft"))
    elif at_least(setback, record.value):
        out.append(_guaranteed(rule, record, setback, "ft"))
    else:
        out.append(_beyond(ctx, rule, setback, record.value, "ft"))


def _state_unit(ctx: Context, p: AduProposal, own: list[Finding]) -> bool:
    """Whether the unit is one § 66323(a) makes every city approve, whatever its ADU
    ordinance says (so no parking may be asked of it): a new detached unit on a lot with a
    single-family home, at most 800 sq ft, 4 ft from the side and rear lines and within the
    height of § 66321(b)(4) ((a)(2)); or detached units on a multifamily lot within their count,
    setbacks and height ((a)(4)). Only what was entered and met counts."""
    if p.adu_type != "detached" or p.existing_dwelling not in ("single_family", "multifamily"):
        return False
    met = {f.rule: f for f in own if f.status is PASS and f.note == GUARANTEE}
    needed = ["adu.count", "adu.height", "adu.setback.side", "adu.setback.rear"]
    if not all(rule in met for rule in needed):
        return False
    if p.existing_dwelling == "multifamily":
        return True
    size = get(ctx, "adu.floor_area", "guaranteed")
    area = num(p.adu_floor_area_sqft)
    return area is not None and at_most(area, size.value)


def _parking(ctx: Context, p: AduProposal, state_unit: bool, out: list[Finding]) -> None:
    """Parking is a condition of the permit, never a question that holds the answer: none may
    be asked of a § 66323(a) unit or in the cases of § 66322(a); otherwise Cotati may ask for
    parking within the cap of § 66314(d)(10) (its own figure is in § 17.42.170, not held)."""
    rule = "adu.parking"
    within_home = p.adu_type not in NEW  # § 66322(a)(3): part of the home or an accessory structure
    # Even "none may be asked" is said as the permit's parking condition, under what to do next.
    if state_unit:
        record = get(ctx, rule, "state_unit")
        if record is not None:
            out.append(from_record(rule, TOPIC, CONDITION, record))
            return
    if within_home or p.historic_district or p.car_share_within_one_block or p.near_transit:
        out.append(from_record(rule, TOPIC, CONDITION, get(ctx, rule, "exempt")))
        return
    cap = get(ctx, rule, "cap")
    if cap is None:
        out.append(from_record(rule, TOPIC, CONDITION, get(ctx, rule, "cotati")))
        return
    out.append(from_record(rule, TOPIC, CONDITION, cap, limit=cap.value, unit=cap.unit))


def _review(ctx: Context, out: list[Finding]) -> None:
    for rule, case in (("adu.review", "default"), ("adu.review.completeness", "completeness")):
        record = get(ctx, "adu.review", case)
        if record is not None:
            out.append(
                from_record(rule, TOPIC, CONDITION, record, limit=record.value, unit=record.unit)
            )


def _fees(ctx: Context, p: AduProposal, area: float | None, out: list[Finding]) -> None:
    """Impact fees, a condition of the permit: none for a small unit; above that size, in
    proportion to the main home's floor area. The fee-free size is § 66311.5(a)'s from 2026
    ("750 sq ft of interior livable space or less": a ``max`` record, no fee up to it), and
    before that § 66324(c)(1)'s and § 65852.2(f)(3)(A)'s ("less than 750 square feet": a
    ``min`` record, fees may be charged from it). The figure shown is the record's, worded with
    its comparison ("up to 750 sq ft", "at least 750 sq ft"); each note reads after it."""
    rule = "adu.fees"
    record = get(ctx, rule, "jadu" if p.adu_type == "jadu" else "default")
    if record is None:
        return  # no fee rule held for this unit on this date: nothing to attach
    upto = record.comparison == "max"
    if area is None:
        note = "impact_fee_depends_on_size" if upto else "impact_fee_depends_on_size_from"
        out.append(
            from_record(rule, TOPIC, CONDITION, record, limit=record.value, unit="sqft", note=note)
        )
        return
    fee_free = at_most(area, record.value) if upto else not at_least(area, record.value)
    primary = num(p.primary_floor_area_sqft)
    if fee_free:
        note = "no_impact_fee" if upto else "no_impact_fee_below"
    elif primary is None or primary <= 0:
        # The share is the fee's measure, not a question the answer waits for.
        note = "impact_fee_over" if upto else "impact_fee_from"
    else:
        note = "impact_fee_proportional" if upto else "impact_fee_proportional_from"
    share = None
    if not fee_free and primary is not None and primary > 0:
        # Proportionate to the main home: the ADU's floor area as a share of the home's.
        share = Share.of(area, primary, "sqft", None)
    out.append(
        from_record(
            rule,
            TOPIC,
            CONDITION,
            record,
            value=area,
            limit=record.value,
            unit="sqft",
            note=note,
            share=share,
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


def _with_exception(finding: Finding, exception: str, reach: float) -> Finding:
    """``finding`` naming an exception the applicant may claim and the figure it reaches
    (``limit_max``); its limit stays the general figure."""
    return dataclasses.replace(finding, limit_max=reach, exception=exception)
