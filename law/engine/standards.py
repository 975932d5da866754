"""Standards as data: dated, cited records loaded from ``law/data/*.toml``.

Each TOML file holds ``[[standard]]`` records and may open with a
``[defaults]`` table whose keys every record of that file inherits (a record's
own key wins). The loader validates loudly, naming file, record and key, and
indexes the records once so that a check is a few dictionary look-ups.

Dates: a record is in force from ``effective`` (inclusive) until ``until``
(exclusive; the day its successor takes effect).

Proposals: a file may declare ``[[proposal]]`` tables (``id`` such as
``"spring-2026-cleanup"`` and ``title``); a record with ``proposal = "<id>"``
belongs to that proposal (and is "proposed"), carries no ``effective`` date of
its own and applies only when the caller names its proposal with the date it
applies from (``view(as_of, proposals={"spring-2026-cleanup": date(2027, 1, 1)})``):
from that date it takes the place of the record in force for the same rule,
zone and case, unless a record taking effect later supersedes it. The caller
(the Django layer) reads the proposals' status and dates from the database:
an adopted proposal applies from its effective date, a previewed one from the
check date. Records of different proposals never overlap one another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date

from law.engine.zones import ZONES

UNITS = frozenset(
    {
        "ft",
        "in",
        "sqft",
        "acre",
        "percent",
        "units_per_acre",
        "acres_per_unit",
        "units",
        "trips_per_day",
        "clients",
        "width_multiple",
        "days",
        "business_days",
        "stories",
        # Parking spaces (the state's cap on what a city may ask of an ADU).
        "spaces",
        # Years (how long an SB 9 lot split's owner undertakes to live there).
        "years",
    }
)
# What a record's ``condition`` measures: a limit the record applies within, printed beside
# its figure ("within 20 ft of the street line", "one-story structures"), which the engine
# decides with the condition's own figure rather than one typed in code.
CONDITIONS = frozenset({"distance_from_street_line", "stories"})
# "none": the code gives no number here (set through review, N.A., a table we
# do not hold); such a record still carries the citation and a note.
COMPARISONS = frozenset({"min", "max", "equal_or_range", "none"})
STATUSES = frozenset({"adopted", "proposed"})
PROPOSAL_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# "reading": no figure in any text; the record carries our reading (its
# ``reading`` says what to confirm).
SOURCES = frozenset({"code_text", "secondary", "reading"})
# Whose law a record is: Cotati's code, or a California statute that applies in Cotati
# (and, where it is more generous, prevails over Cotati's own standard).
JURISDICTIONS = frozenset({"cotati", "california"})
COUNTS = frozenset({"structures", "structures_and_pavement"})

# Unit conversions are arithmetic, not law.
_FACTORS = {
    ("ft", "in"): 12.0,
    ("in", "ft"): 1 / 12.0,
    ("acre", "sqft"): 43560.0,
    ("sqft", "acre"): 1 / 43560.0,
}


def convert(value: float, from_unit: str, to_unit: str) -> float:
    if from_unit == to_unit:
        return value
    return value * _FACTORS[(from_unit, to_unit)]


class StandardsError(ValueError):
    """A standards file is wrong; the message names file, record and key."""

    def __init__(self, file: str, record_id: str | None, key: str | None, problem: str):
        self.file = file
        self.record_id = record_id
        self.key = key
        self.problem = problem
        where = file
        if record_id is not None:
            where += f": record {record_id!r}"
        if key is not None:
            where += f": key {key!r}"
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True, slots=True)
class Condition:
    """Where a record applies, as the code prints it beside the figure: ``what`` is measured
    (``CONDITIONS``) and must be at most (``max``) or at least (``min``) ``value``."""

    what: str
    value: float
    unit: str
    comparison: str

    def value_in(self, unit: str) -> float:
        return convert(self.value, self.unit, unit)


@dataclass(frozen=True, slots=True)
class Standard:
    id: str
    rule: str
    value: float | None
    unit: str | None
    comparison: str
    zones: tuple[str, ...]  # empty: every zone
    cases: tuple[str, ...]
    status: str
    section: str
    subsection: str
    source: str
    effective: date | None
    until: date | None = None
    value_max: float | None = None
    approval: str | None = None
    ordinance: str | None = None
    reading: str | None = None
    note: str | None = None
    counts: str | None = None
    jurisdiction: str = "cotati"
    source_url: str | None = None  # the copy of the text the figure was read in
    proposal: str | None = None  # the id of the proposal this record belongs to
    condition: Condition | None = None  # where the record applies (see ``Condition``)
    file: str = ""

    @property
    def case(self) -> str:
        return self.cases[0]

    def value_in(self, unit: str) -> float | None:
        return None if self.value is None else convert(self.value, self.unit, unit)

    def in_force(self, as_of: date) -> bool:
        if self.effective is not None and as_of < self.effective:
            return False
        return self.until is None or as_of < self.until


@dataclass(frozen=True, slots=True)
class ProposalInfo:
    """A named proposal as the standards data declares it (``[[proposal]]``); its status
    and dates live with the caller (the site's database), not here."""

    id: str
    title: str
    file: str = ""


# Which proposals to apply: proposal id -> the date its records apply from, or None for a
# proposal still pending (not applied, but shown as "the proposal would change this to").
# A proposal left out is ignored (e.g. withdrawn). ``None`` instead of a mapping: no
# proposal is applied and every declared one is pending.
Proposals = Mapping[str, date | None]


class View:
    """The records in force on one date, keyed by (rule, zone, case); a record
    for every zone (no ``zones``) applies to each zone without its own record."""

    __slots__ = ("as_of", "proposals", "active", "proposed", "in_force", "first_dates", "_held")

    def __init__(
        self,
        as_of: date,
        proposals: Proposals | None,
        active: dict,
        proposed: dict,
        in_force: tuple[Standard, ...] = (),
        first_dates: dict | None = None,
    ):
        self.as_of = as_of
        self.proposals = proposals
        self.active = active
        self.proposed = proposed
        self.in_force = in_force
        self.first_dates = first_dates or {}
        # (rule, zone) of every record in force, any case: built with the view (once per date)
        # so a check asking whether a zone has a rule at all need not try each case.
        self._held = frozenset((rule, zone) for rule, zone, _case in active)

    def get(self, rule: str, zone: str, case: str = "default") -> Standard | None:
        return self.active.get((rule, zone, case))

    def holds(self, rule: str, zone: str) -> bool:
        """Whether a record of ``rule`` (any case) is in force in ``zone`` on this date."""
        return (rule, zone) in self._held

    def vouched_from(self, rule: str, zone: str) -> date | None:
        """The earliest date after ``as_of`` from which an adopted record of
        ``rule`` applies in ``zone`` (any case), or None: "we can vouch for
        this figure from ..." when the date asked about is earlier."""
        return self.first_dates.get((rule, zone)) or self.first_dates.get((rule, "*"))

    def get_proposed(self, rule: str, zone: str, case: str = "default") -> Standard | None:
        """The record of a proposal not applied (yet) on this date, for showing
        "the proposal would change this to ..."."""
        return self.proposed.get((rule, zone, case))

    def for_rule(self, rule: str) -> tuple[Standard, ...]:
        """Every record of ``rule`` in force on this date (any zone or case), in file order."""
        return tuple(r for r in self.in_force if r.rule == rule)


class Standards:
    """All records, validated, with a cached per-date view."""

    def __init__(self, records: Iterable[Standard], proposals: Iterable[ProposalInfo] = ()):
        self.records: tuple[Standard, ...] = tuple(records)
        self.proposals: dict[str, ProposalInfo] = {p.id: p for p in proposals}
        self._by_id = {r.id: r for r in self.records}
        self._views: dict[tuple, View] = {}

    def __iter__(self) -> Iterator[Standard]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def by_id(self, standard_id: str) -> Standard:
        return self._by_id[standard_id]

    def for_rule(self, rule: str) -> tuple[Standard, ...]:
        return tuple(r for r in self.records if r.rule == rule)

    def preview(self, as_of: date) -> dict[str, date]:
        """Every declared proposal applied as of ``as_of`` (a preview of all of them)."""
        return dict.fromkeys(self.proposals, as_of)

    def get(
        self,
        rule: str,
        zone: str,
        case: str = "default",
        *,
        as_of: date,
        proposals: Proposals | None = None,
    ) -> Standard | None:
        return self.view(as_of, proposals).get(rule, zone, case)

    def view(self, as_of: date, proposals: Proposals | None = None) -> View:
        key = (as_of, None if proposals is None else tuple(sorted(proposals.items())))
        view = self._views.get(key)
        if view is None:
            if len(self._views) > 512:
                self._views.clear()
            view = self._views[key] = self._build_view(as_of, proposals)
        return view

    def _build_view(self, as_of: date, proposals: Proposals | None) -> View:
        if proposals is None:
            applied_from: dict[str, date] = {}
            pending = set(self.proposals)
        else:
            unknown = sorted(set(proposals) - set(self.proposals))
            if unknown:
                raise ValueError(f"unknown proposal {unknown[0]!r}")
            applied_from = {pid: when for pid, when in proposals.items() if when is not None}
            pending = {pid for pid, when in proposals.items() if when is None}
        # (rule, zone, case) -> (start, record); the record that took effect last wins,
        # and on the same day a proposal's record wins over the text it amends.
        active: dict = {}
        proposed: dict = {}
        first_dates: dict = {}
        for record in self.records:
            if (
                record.status == "adopted"
                and record.note != "no_standard_for_zone"
                and record.effective is not None
                and as_of < record.effective
            ):
                for zone in record.zones or ("*",):
                    key = (record.rule, zone)
                    if key not in first_dates or record.effective < first_dates[key]:
                        first_dates[key] = record.effective
            if record.proposal is None:
                if record.status == "proposed":
                    # A proposed record naming no proposal (the loader refuses one; code
                    # may still build one) is pending: mentioned, never in force.
                    _put(proposed, record, (date.min, 0))
                    continue
                if not record.in_force(as_of):
                    continue
                _put(active, record, (record.effective, 0))
                continue
            start = applied_from.get(record.proposal)
            if start is not None and start <= as_of:
                if record.until is None or as_of < record.until:
                    _put(active, record, (start, 1))
            elif start is not None or record.proposal in pending:
                _put(proposed, record, (date.min, 1))  # a change still to come
        tables = []
        for table in (active, proposed):
            flat = {key: record for key, (_start, record) in table.items()}
            # A record for every zone is copied under each zone that has no record
            # of its own, so that a look-up is one dictionary access.
            for (rule, zone, case), record in list(flat.items()):
                if zone == "*":
                    for code in ZONES:
                        flat.setdefault((rule, code, case), record)
            tables.append(flat)
        live = {id(record) for record in tables[0].values()}
        in_force = tuple(r for r in self.records if id(r) in live)
        return View(as_of, proposals, tables[0], tables[1], in_force, first_dates)


def _put(table: dict, record: Standard, start: tuple) -> None:
    for zone in record.zones or ("*",):
        for case in record.cases:
            key = (record.rule, zone, case)
            held = table.get(key)
            if held is None or start >= held[0]:
                table[key] = (start, record)
