"""Helpers shared by the check modules: the per-call context, tolerant
comparisons, and findings built from a standards record (so that every
finding carries the record's citation, source and reading)."""

from __future__ import annotations

import copy
from math import isfinite as _isfinite

from law.engine.buildings import possible_kinds, standards_zones
from law.engine.findings import Finding, MinorVariance, Status
from law.engine.plan import Plan
from law.engine.site import Lot, MainBuilding
from law.engine.standards import Standard, View

_NEEDS_APPROVAL = Status.NEEDS_APPROVAL
_EMPTY_BUILDING = MainBuilding()

# Float tolerance so that a value typed exactly at a converted limit (0.66 acre
# = 28,749.6 sq ft) compares as equal; arithmetic, not law.
_REL_TOL = 1e-9

# Notes on a number-less record that inform rather than leave a gap.
_INFO_NOTES = frozenset(
    {
        "not_applicable",
        "residential_follows_nu_standards",
        "residential_and_mixed_use_follow_nu_standards",
        "outside_special_flood_hazard_area",
        "family_child_care_residential_use",
        "cottage_food_residential_use",
    }
)


class Context:
    __slots__ = (
        "view",
        "zone",
        "lot",
        "plan",
        "building",
        "units",
        "residential",
        "kinds",
        "kind_conflict",
        "storeys",
        "std_zones",
        "std_missing",
        "relievable",
    )

    def __init__(self, view: View, lot: Lot, plan: Plan, relievable: frozenset[str] = frozenset()):
        self.view = view
        # The rules a minor variance may relieve (the registry's union of the families').
        self.relievable = relievable
        self.zone = lot.zone
        self.lot = lot
        self.plan = plan
        self.building = plan.building or _EMPTY_BUILDING
        units = num(lot.dwelling_units)
        self.units = units
        self.residential = units is not None and units >= 1
        self.kinds, self.kind_conflict = possible_kinds(view, lot.zone, lot.building_type, units)
        storeys = num(self.building.storeys)
        self.storeys = storeys if storeys is not None and storeys >= 1 else None
        self.std_zones, self.std_missing = standards_zones(self)

    def in_zone(self, zone: str) -> Context:
        """The same project checked against another zone's figures (CE and CG
        projects that follow the NU standards)."""
        other = copy.copy(self)
        other.zone = zone
        other.std_zones = (zone,)
        other.std_missing = ()
        return other


def num(value: object) -> float | None:
    """A usable number, or None when not entered (or not finite)."""
    kind = type(value)
    if kind is float:
        return value if _isfinite(value) else None
    if value is None or kind is bool:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if _isfinite(number) else None


def at_least(value: float, limit: float) -> bool:
    return value >= limit - _REL_TOL * max(1.0, abs(limit))


def at_most(value: float, limit: float) -> bool:
    return value <= limit + _REL_TOL * max(1.0, abs(limit))


def meets(condition, measured: float) -> bool:
    """Whether ``measured`` (in the condition's unit) is within a record's ``condition``."""
    if condition.comparison == "max":
        return at_most(measured, condition.value)
    return at_least(measured, condition.value)


def pick(view: View, rule: str, zone: str, cases: tuple[str, ...]) -> Standard | None:
    for case in cases:
        record = view.get(rule, zone, case)
        if record is not None:
            return record
    return None


_UNSET = object()


def from_record(
    rule: str,
    topic: str,
    status: Status,
    record: Standard,
    *,
    value: float | None = None,
    limit: float | None = None,
    limit_max: float | None = None,
    unit: str | None = None,
    approval=_UNSET,
    reading=_UNSET,
    note=_UNSET,
    minor_variance: MinorVariance | None = None,
    missing: tuple[str, ...] = (),
    share=None,
) -> Finding:
    """A finding citing ``record``; approval, reading and note default to the
    record's own (approval only when the finding needs one)."""
    if approval is _UNSET:
        approval = record.approval if status is _NEEDS_APPROVAL else None
    return Finding(
        rule=rule,
        status=status,
        topic=topic,
        value=value,
        limit=limit,
        limit_max=limit_max,
        unit=unit,
        approval=approval,
        section=record.section,
        subsection=record.subsection,
        reading=record.reading if reading is _UNSET else reading,
        source=record.source,
        minor_variance=minor_variance,
        note=record.note if note is _UNSET else note,
        missing=missing,
        standard_id=record.id,
        share=share,
    )


def missing(rule: str, topic: str, record: Standard, fields: tuple[str, ...], **extra) -> Finding:
    """Not checked for want of input; still shows the limit the user faces."""
    extra.setdefault("note", "input_missing")
    return from_record(rule, topic, Status.NOT_CHECKED, record, missing=fields, **extra)


def numberless(rule: str, topic: str, record: Standard) -> Finding:
    """A record with no number: N.A., set through review, or a gap in our text."""
    status = Status.INFO if record.note in _INFO_NOTES else Status.NOT_CHECKED
    if record.approval is not None:
        status = Status.NEEDS_APPROVAL
    return from_record(rule, topic, status, record, unit=record.unit)


def no_record(rule: str, topic: str) -> Finding:
    return Finding(rule=rule, status=Status.NOT_CHECKED, topic=topic, note="no_standard_for_zone")
