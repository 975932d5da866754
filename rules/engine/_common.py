"""Helpers shared by the check modules: the per-call context, tolerant
comparisons, and findings built from a standards record (so that every
finding carries the record's citation, source and reading)."""

from __future__ import annotations

import math

from rules.engine.findings import Finding, Status
from rules.engine.inputs import Lot, MainBuilding, Plan
from rules.engine.standards import Standard, View

_EMPTY_BUILDING = MainBuilding()

# Float tolerance so that a value typed exactly at a converted limit (0.66 acre
# = 28,749.6 sq ft) compares as equal; arithmetic, not law.
_REL_TOL = 1e-9

# Notes on a number-less record that inform rather than leave a gap.
_INFO_NOTES = frozenset({"not_applicable", "residential_follows_nu_standards", "outside_special_flood_hazard_area"})


class Context:
    __slots__ = ("view", "zone", "lot", "plan", "building", "units", "residential", "include_proposed")

    def __init__(self, view: View, lot: Lot, plan: Plan, include_proposed: bool):
        self.view = view
        self.zone = lot.zone
        self.lot = lot
        self.plan = plan
        self.building = plan.building or _EMPTY_BUILDING
        units = num(lot.dwelling_units)
        self.units = units
        self.residential = units is not None and units >= 1
        self.include_proposed = include_proposed


def num(value: object) -> float | None:
    """A usable number, or None when not entered (or not finite)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def at_least(value: float, limit: float) -> bool:
    return value >= limit - _REL_TOL * max(1.0, abs(limit))


def at_most(value: float, limit: float) -> bool:
    return value <= limit + _REL_TOL * max(1.0, abs(limit))


def pick(view: View, rule: str, zone: str, cases: tuple[str, ...]) -> Standard | None:
    for case in cases:
        record = view.get(rule, zone, case)
        if record is not None:
            return record
    return None


def from_record(rule: str, topic: str, status: Status, record: Standard, **fields) -> Finding:
    fields.setdefault("reading", record.reading)
    fields.setdefault("approval", record.approval if status is Status.NEEDS_APPROVAL else None)
    fields.setdefault("note", record.note)
    return Finding(
        rule=rule,
        status=status,
        topic=topic,
        section=record.section,
        subsection=record.subsection,
        source=record.source,
        standard_id=record.id,
        **fields,
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
