"""§ 17.24.020, Table 2-4: minimum parcel area and width, depth between one and
three times the width (note 1), corner lots (note 2), and residential density
(minimum per note 3, maximum).

New lots and existing lots. "Each subdivision and residential development project shall
comply with the minimum parcel size and density requirements shown in Table 2-4": the parcel
minimums (area, width, depth) bind the lots a subdivision creates; a lot that already exists
is not failed on them (one smaller or narrower may be a legal nonconforming lot, ch. 17.82,
which this site does not hold), so for it they are information, with that exception named
beside. How the plan tells a new lot: of the projects this site checks, only a
common-interest subdivision (a condominium or townhouse map, note 4:
``common_interest_subdivision`` answered yes) creates lots held to Table 2-4; a fence, a
shed, an addition, a new home, an ADU or a business at home are built on the lot as it is,
and an SB 9 lot split's parcels are sized by Gov. Code § 66411.7 (the ADU family's rules).
For a common-interest subdivision the lot entered is the whole development site, which must
meet the minimums (note 4's proviso); its ownership lots are sized in subdivision review.

Density binds a residential development project by the homes it has: a single home passes
the maximum whatever the lot's area (our reading, ``single_unit_floor``), and the building
type says how many homes an existing or new single-family home is, so neither the number of
homes nor the area is asked for one.
"""

from __future__ import annotations

import math
from dataclasses import replace

from law.engine import variance
from law.engine.answers import CITY_DECISION
from law.engine.common import (
    Context,
    at_least,
    at_most,
    from_record,
    missing,
    no_record,
    num,
    numberless,
)
from law.engine.findings import Finding, Status
from law.engine.standards import convert

TOPIC = "lot"
# Guards floor/ceil against float noise (0.66 ac / 0.66 ac/unit = 0.99999...).
# Table 2-4 note 3's exception: the review authority may lower the minimum density of a mixed-use
# project in CE, CG and CD (the records carrying this note); the building type that is one.
_MIXED_USE_REDUCTION = "mixed_use_reduction_possible"
_MIXED_USE = "mixed_use"
_ROUND_TOL = 1e-9
# The exception an existing lot under a parcel minimum may claim (ch. 17.82).
NONCONFORMING = "legal_nonconforming_lot"


def check(ctx: Context, out: list[Finding]) -> None:
    lot = ctx.lot
    area = num(lot.area_sqft)
    width = num(lot.width_ft)
    new_lots = creates_lots(ctx)
    _area(ctx, area, new_lots, out)
    _width(ctx, width, new_lots, out)
    _depth(ctx, width, num(lot.depth_ft), new_lots, out)
    units = homes(ctx)
    allowed = _allowed(ctx, area)
    _density_min(ctx, area, units, allowed, out)
    _density_max(ctx, area, units, allowed, out)


def creates_lots(ctx: Context) -> bool:
    """Whether the plan creates lots held to Table 2-4 (see the module docstring)."""
    return ctx.lot.common_interest_subdivision is True


def _existing(rule: str, record, value, limit, unit: str, met: bool | None, **extra) -> Finding:
    """A parcel minimum on a lot that exists: it passes when met; otherwise information that
    the minimum binds new lots, with the legal nonconforming lot named beside it (below it)
    or nothing asked (not entered)."""
    if met:
        return from_record(
            rule, TOPIC, Status.PASS, record, value=value, limit=limit, unit=unit, **extra
        )
    finding = from_record(
        rule,
        TOPIC,
        Status.INFO,
        record,
        value=value,
        limit=limit,
        unit=unit,
        note="new_lots_only",
        **extra,
    )
    return replace(finding, exception=NONCONFORMING) if met is False else finding


def _numberless(rule: str, record, new_lots: bool) -> Finding:
    """A Table 2-4 cell with no figure. "Determined through subdivision review" (OSC, OSR,
    PF): the review a subdivision goes through, nothing an existing lot is held to. A district
    with no row: a new lot cannot be checked, an existing lot is not held to it."""
    if not new_lots:
        return from_record(rule, TOPIC, Status.INFO, record)
    if record.note == "subdivision_review":
        return from_record(
            rule, TOPIC, Status.NEEDS_APPROVAL, record, approval="subdivision_review"
        )
    return numberless(rule, TOPIC, record)


def _area(ctx: Context, area: float | None, new_lots: bool, out: list[Finding]) -> None:
    record = ctx.view.get("lot.area", ctx.zone)
    if record is None:
        out.append(no_record("lot.area", TOPIC))
        return
    if record.comparison == "none":
        out.append(_numberless("lot.area", record, new_lots))
        return
    limit = record.value_in("sqft")
    met = None if area is None else at_least(area, limit)
    if not new_lots:
        out.append(_existing("lot.area", record, area, limit, "sqft", met))
    elif area is None:
        out.append(missing("lot.area", TOPIC, record, ("lot_area_sqft",), limit=limit, unit="sqft"))
    elif not met:
        # Note (4)'s proviso: the whole development site must meet the minimum.
        out.append(
            from_record(
                "lot.area",
                TOPIC,
                Status.FAIL,
                record,
                value=area,
                limit=limit,
                unit="sqft",
                note="common_interest_site_minimum",
            )
        )
    else:
        # The site meets it; the lots the map creates are sized in subdivision review: by
        # note (4) where it is printed (ownership lots may be smaller), else each at least
        # the minimum.
        common = ctx.view.get("lot.area", ctx.zone, "common_interest")
        out.append(
            from_record(
                "lot.area",
                TOPIC,
                Status.NEEDS_APPROVAL,
                common or record,
                value=area,
                limit=limit,
                unit="sqft",
                approval="subdivision_review",
                note=common.note if common is not None else "new_lots_meet_minimum",
            )
        )
    if ctx.lot.corner_lot:
        corner = ctx.view.get("lot.area", ctx.zone, "corner_lot_subdivision")
        if corner is not None:
            bigger = limit * (1.0 + corner.value / 100.0)
            out.append(
                from_record(
                    "lot.area_corner",
                    TOPIC,
                    Status.INFO,
                    corner,
                    value=area,
                    limit=bigger,
                    unit="sqft",
                )
            )


def _width(ctx: Context, width: float | None, new_lots: bool, out: list[Finding]) -> None:
    record = ctx.view.get("lot.width", ctx.zone)
    if record is None:
        out.append(no_record("lot.width", TOPIC))
        return
    if record.comparison == "none":
        out.append(_numberless("lot.width", record, new_lots))
        return
    met = None if width is None else at_least(width, record.value)
    if not new_lots:
        out.append(_existing("lot.width", record, width, record.value, "ft", met))
    elif width is None:
        out.append(
            missing("lot.width", TOPIC, record, ("lot_width_ft",), limit=record.value, unit="ft")
        )
    elif met:
        out.append(
            from_record(
                "lot.width", TOPIC, Status.PASS, record, value=width, limit=record.value, unit="ft"
            )
        )
    else:
        mv = variance.hint(ctx, "lot.width", width, record.value, too_low=True)
        out.append(
            from_record(
                "lot.width",
                TOPIC,
                Status.FAIL,
                record,
                value=width,
                limit=record.value,
                unit="ft",
                minor_variance=mv,
            )
        )


def _depth(
    ctx: Context, width: float | None, depth: float | None, new_lots: bool, out: list[Finding]
) -> None:
    record = ctx.view.get("lot.depth", ctx.zone)
    if record is None:
        out.append(no_record("lot.depth", TOPIC))
        return
    if record.comparison == "none":
        out.append(_numberless("lot.depth", record, new_lots))
        return
    if width is None or depth is None:
        if not new_lots:
            out.append(_existing("lot.depth", record, depth, None, "ft", None))
            return
        absent = tuple(
            f for f, v in (("lot_width_ft", width), ("lot_depth_ft", depth)) if v is None
        )
        out.append(missing("lot.depth", TOPIC, record, absent, value=depth, unit="ft"))
        return
    low = width * record.value
    high = width * record.value_max
    met = at_least(depth, low) and at_most(depth, high)
    if not new_lots:
        out.append(_existing("lot.depth", record, depth, low, "ft", met, limit_max=high))
        return
    if met:
        status, mv = Status.PASS, None
    else:
        status = Status.FAIL
        too_low = depth < low
        mv = variance.hint(ctx, "lot.depth", depth, low if too_low else high, too_low=too_low)
    out.append(
        from_record(
            "lot.depth",
            TOPIC,
            status,
            record,
            value=depth,
            limit=low,
            limit_max=high,
            unit="ft",
            minor_variance=mv,
        )
    )


def _units_at(record, acres: float | None) -> int | None:
    """Whole units a density record gives on ``acres`` (None if area needed)."""
    if record.unit == "units":
        return int(record.value)
    if acres is None:
        return None
    if record.unit == "acres_per_unit":
        return math.floor(acres / record.value + _ROUND_TOL)
    return math.floor(record.value * acres + _ROUND_TOL)


# Building types that are one home, and the one that is none
# (law/engine/site.py BUILDING_TYPE_CHOICES).
SINGLE_HOUSE = frozenset({"single_family_new", "single_family_existing"})
NO_HOMES = "nonresidential"
EXISTING_HOME = "single_family_existing"
# Kinds of work on a building that stands (law/engine/site.py WORK_KIND_CHOICES).
WORK_ON_EXISTING = frozenset({"addition", "substantial_improvement"})


def adds_no_home(ctx: Context, units) -> bool:
    """Whether the plan is work on a building that stands and adds no home: an existing
    single-family home (one home at most), or an addition or improvement with no number of
    homes given. Density binds the homes a project has, so for such work it is information."""
    if ctx.lot.building_type == EXISTING_HOME:
        return units is None or units <= 1
    return ctx.building.work_kind in WORK_ON_EXISTING and ctx.units is None


def homes(ctx: Context) -> float | None:
    """The homes the plan has: as entered, else what the building type says (a single-family
    home is one, a building with no homes none), else unknown. A finding's ``value`` stays
    what was entered (``ctx.units``): a count the building type gives was not typed."""
    if ctx.units is not None:
        return ctx.units
    if ctx.lot.building_type in SINGLE_HOUSE:
        return 1
    if ctx.lot.building_type == NO_HOMES:
        return 0
    return None


def _allowed(ctx: Context, area: float | None) -> int | None:
    """The homes the lot allows by maximum density (None: the area is needed, or no figure)."""
    record = ctx.view.get("density.max", ctx.zone)
    if record is None or record.comparison == "none":
        return None
    return _units_at(record, None if area is None else convert(area, "sqft", "acre"))


def _density_min(
    ctx: Context, area: float | None, units, allowed: int | None, out: list[Finding]
) -> None:
    record = ctx.view.get("density.min", ctx.zone)
    if record is None:
        out.append(no_record("density.min", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("density.min", TOPIC, record))
        return
    required = None
    if area is not None:
        acres = convert(area, "sqft", "acre")
        required = max(0, math.ceil(record.value * acres - _ROUND_TOL))
    if units is None and adds_no_home(ctx, units):
        out.append(
            from_record(
                "density.min",
                TOPIC,
                Status.INFO,
                record,
                limit=required,
                unit="units",
                note="existing_home_adds_none",
            )
        )
        return
    if units is not None and units < 2:
        # Note 3: the minimum binds subdivisions and projects of two or more homes only.
        out.append(
            from_record(
                "density.min",
                TOPIC,
                Status.INFO,
                record,
                value=ctx.units,
                limit=required,
                unit="units",
                note="applies_two_or_more_units",
            )
        )
        return
    absent = tuple(f for f, v in (("lot_area_sqft", area), ("dwelling_units", units)) if v is None)
    if absent:
        out.append(
            missing(
                "density.min", TOPIC, record, absent, value=ctx.units, limit=required, unit="units"
            )
        )
        return
    passed = units >= required
    if allowed is not None and allowed < required and (passed or units <= allowed):
        # The maximum allows fewer homes than this minimum asks of two or more: no project of
        # two or more fits the lot by density, only a single home. Said once, plainly, on the
        # rule that fails (the maximum, when the plan has more homes than it allows), not as a
        # minimum met beside a maximum failed.
        status = Status.INFO if passed else Status.FAIL
        out.append(
            from_record(
                "density.min",
                TOPIC,
                status,
                record,
                value=ctx.units,
                limit=required,
                unit="units",
                note="minimum_above_maximum",
            )
        )
        return
    status, approval, note = Status.PASS, None, None
    if not passed:
        status, note = Status.FAIL, record.note
        if record.note == _MIXED_USE_REDUCTION:
            # Note 3: in CE, CG and CD the review authority may lower the minimum for a
            # mixed-use project where the site makes it infeasible: for one, a discretionary
            # path (the Planning Division's), named; for any other project the minimum stands.
            if ctx.lot.building_type == _MIXED_USE:
                status, approval = Status.NEEDS_APPROVAL, CITY_DECISION
            else:
                note = None
    out.append(
        from_record(
            "density.min",
            TOPIC,
            status,
            record,
            value=ctx.units,
            limit=required,
            unit="units",
            approval=approval,
            note=note,
        )
    )


def _density_max(
    ctx: Context, area: float | None, units, allowed: int | None, out: list[Finding]
) -> None:
    record = ctx.view.get("density.max", ctx.zone)
    if record is None:
        out.append(no_record("density.max", TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless("density.max", TOPIC, record))
        return
    floor = ctx.view.get("density.max", ctx.zone, "single_unit_floor")
    if adds_no_home(ctx, units):
        # Work on a building that stands adds no home: density, which binds the homes a
        # project has, is information (what the lot allows), whatever the area or district.
        out.append(
            from_record(
                "density.max",
                TOPIC,
                Status.INFO,
                record,
                value=ctx.units,
                limit=allowed,
                unit="units",
                note="existing_home_adds_none",
            )
        )
        return
    if units is None:
        absent = ("lot_area_sqft", "dwelling_units") if allowed is None else ("dwelling_units",)
        out.append(
            missing(
                "density.max", TOPIC, record, absent, value=ctx.units, limit=allowed, unit="units"
            )
        )
        return
    if allowed is not None and units <= allowed:
        out.append(
            from_record(
                "density.max",
                TOPIC,
                Status.PASS,
                record,
                value=ctx.units,
                limit=allowed,
                unit="units",
            )
        )
        return
    if units == 0 or (floor is not None and units <= floor.value):
        # No homes, or one: nothing to weigh against the lot's area (for one home, our
        # reading that a lot is not denied its single home), so the area is not asked.
        single = units > 0 and floor is not None
        # Said as it is: the lot takes a single home (never "the maximum is 0 homes").
        limit = floor.value if single and (allowed is None or allowed < floor.value) else allowed
        out.append(
            from_record(
                "density.max",
                TOPIC,
                Status.PASS,
                record,
                value=ctx.units,
                limit=limit,
                unit="units",
                note=floor.note if single else None,
                reading=floor.reading if single else record.reading,
            )
        )
        return
    if allowed is None:
        out.append(
            missing("density.max", TOPIC, record, ("lot_area_sqft",), value=ctx.units, unit="units")
        )
        return
    out.append(
        from_record(
            "density.max", TOPIC, Status.FAIL, record, value=ctx.units, limit=allowed, unit="units"
        )
    )
