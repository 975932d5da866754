"""Standards as data: dated, cited records loaded from ``rules/data/*.toml``.

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

import functools
import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from rules.engine.findings import APPROVALS
from rules.engine.registry import registry
from rules.engine.zones import ZONES

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

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
    }
)
# What a record's ``condition`` measures: a limit the record applies within, printed beside
# its figure ("within 20 ft of the street line", "one-story structures"), which the engine
# decides with the condition's own figure rather than one typed in code.
CONDITIONS = frozenset({"distance_from_street_line", "stories"})
_CONDITION_KEYS = frozenset({"what", "value", "unit", "comparison"})
# "none": the code gives no number here (set through review, N.A., a table we
# do not hold); such a record still carries the citation and a note.
COMPARISONS = frozenset({"min", "max", "equal_or_range", "none"})
STATUSES = frozenset({"adopted", "proposed"})
PROPOSAL_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_PROPOSAL_KEYS = frozenset({"id", "title"})
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

_KEYS = frozenset(
    {
        "id",
        "rule",
        "value",
        "value_max",
        "unit",
        "comparison",
        "zones",
        "case",
        "approval",
        "effective",
        "until",
        "ordinance",
        "status",
        "section",
        "subsection",
        "source",
        "reading",
        "note",
        "counts",
        "jurisdiction",
        "source_url",
        "proposal",
        "condition",
    }
)
_REQUIRED = ("id", "rule", "comparison", "section", "subsection", "source")


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

    __slots__ = ("as_of", "proposals", "active", "proposed", "in_force", "first_dates")

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

    def get(self, rule: str, zone: str, case: str = "default") -> Standard | None:
        return self.active.get((rule, zone, case))

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


def load_standards(path: str | Path | None = None) -> Standards:
    """Load and validate every ``*.toml`` under ``path`` (a directory or one
    file); the default directory ``rules/data`` is read once per process."""
    if path is None:
        return _load_default()
    return _load(Path(path))


@functools.cache
def _load_default() -> Standards:
    return _load(DATA_DIR)


def _load(path: Path) -> Standards:
    files = sorted(path.glob("*.toml")) if path.is_dir() else [path]
    records: list[Standard] = []
    proposals: dict[str, ProposalInfo] = {}
    seen: dict[str, str] = {}
    for file in files:
        declared, file_records = _read_file(file)
        for proposal in declared:
            if proposal.id in proposals:
                raise StandardsError(
                    file.name,
                    None,
                    "proposal",
                    f"proposal {proposal.id!r} declared twice (also in {proposals[proposal.id].file})",
                )
            proposals[proposal.id] = proposal
        for record in file_records:
            if record.id in seen:
                raise StandardsError(
                    file.name, record.id, "id", f"duplicate id (also in {seen[record.id]})"
                )
            seen[record.id] = file.name
            records.append(record)
    for record in records:
        if record.proposal is not None and record.proposal not in proposals:
            raise StandardsError(
                record.file,
                record.id,
                "proposal",
                f"unknown proposal {record.proposal!r} (declare it in a [[proposal]] table)",
            )
    _check_overlaps(records)
    return Standards(records, proposals.values())


def _read_file(file: Path) -> tuple[list[ProposalInfo], list[Standard]]:
    name = file.name
    try:
        with file.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise StandardsError(name, None, None, f"not valid TOML: {exc}") from None
    unknown_top = set(data) - {"defaults", "standard", "proposal"}
    if unknown_top:
        raise StandardsError(name, None, sorted(unknown_top)[0], "unknown top-level table")
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise StandardsError(name, None, "defaults", "must be a table")
    raw_records = data.get("standard", [])
    if not isinstance(raw_records, list):
        raise StandardsError(name, None, "standard", "must be an array of tables ([[standard]])")
    raw_proposals = data.get("proposal", [])
    if not isinstance(raw_proposals, list):
        raise StandardsError(name, None, "proposal", "must be an array of tables ([[proposal]])")
    declared = [_parse_proposal(name, raw) for raw in raw_proposals]
    return declared, [_parse(name, {**defaults, **raw}) for raw in raw_records]


def _parse_proposal(file: str, raw: object) -> ProposalInfo:
    if not isinstance(raw, dict):
        raise StandardsError(file, None, "proposal", "must be a table")
    pid = raw.get("id")
    if not isinstance(pid, str) or not PROPOSAL_ID_RE.match(pid):
        raise StandardsError(
            file, None, "proposal", "a proposal needs an id such as 'spring-2026-cleanup'"
        )
    for key in raw:
        if key not in _PROPOSAL_KEYS:
            raise StandardsError(file, pid, key, "unknown key in a [[proposal]] table")
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        raise StandardsError(file, pid, "title", "a proposal needs its title")
    return ProposalInfo(id=pid, title=title.strip(), file=file)


def _parse(file: str, raw: dict) -> Standard:
    rid = raw.get("id")
    if not isinstance(rid, str) or not rid:
        raise StandardsError(file, None, "id", "missing or not a string")

    def fail(key: str, problem: str) -> StandardsError:
        return StandardsError(file, rid, key, problem)

    for key in raw:
        if key not in _KEYS:
            raise fail(key, "unknown key")
    for key in _REQUIRED:
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            what = "citation" if key in ("section", "subsection") else "value"
            raise fail(key, f"missing {what}" if value is None else "must be a non-empty string")

    comparison = raw["comparison"]
    if comparison not in COMPARISONS:
        raise fail("comparison", f"unknown comparison {comparison!r}")
    proposal = raw.get("proposal")
    if proposal is not None and (not isinstance(proposal, str) or not proposal):
        raise fail("proposal", "must be the id of a proposal, e.g. 'spring-2026-cleanup'")
    status = raw.get("status", "proposed" if proposal else "adopted")
    if status not in STATUSES:
        raise fail("status", f"unknown status {status!r}")
    if status == "proposed" and proposal is None:
        raise fail("proposal", 'a proposed record names its proposal (proposal = "<id>")')
    if status == "adopted" and proposal is not None:
        raise fail("status", "a record of a proposal is proposed until the proposal applies")
    if raw["source"] not in SOURCES:
        raise fail("source", f"unknown source {raw['source']!r}")

    unit = raw.get("unit")
    value = raw.get("value")
    value_max = raw.get("value_max")
    if comparison == "none":
        if value is not None or value_max is not None:
            raise fail("value", "a record with comparison 'none' carries no number")
        if raw.get("note") is None:
            raise fail("note", "a record with comparison 'none' needs a note saying why")
        if unit is not None and unit not in UNITS:
            raise fail("unit", f"unknown unit {unit!r}")
    else:
        if unit not in UNITS:
            raise fail("unit", "missing unit" if unit is None else f"unknown unit {unit!r}")
        value = _number(value, fail, "value")
        if comparison == "equal_or_range":
            value_max = _number(value_max, fail, "value_max")
            if value_max < value:
                raise fail("value_max", "smaller than value")
        elif value_max is not None:
            raise fail("value_max", "only for comparison 'equal_or_range'")

    zones = raw.get("zones", [])
    if not isinstance(zones, list) or not all(isinstance(z, str) for z in zones):
        raise fail("zones", "must be a list of zone codes")
    for zone in zones:
        if zone not in ZONES:
            raise fail("zones", f"unknown zone {zone!r}")

    case = raw.get("case", "default")
    cases = [case] if isinstance(case, str) else case
    if not isinstance(cases, list) or not cases or not all(isinstance(c, str) and c for c in cases):
        raise fail("case", "must be a string or a list of strings")

    effective = raw.get("effective")
    until = raw.get("until")
    if effective is None and proposal is None:
        raise fail("effective", "missing date (only a proposal's record goes without one)")
    if effective is not None and proposal is not None:
        raise fail(
            "effective",
            "a proposal's record takes effect when the proposal does (the caller gives the date)",
        )
    for key, when in (("effective", effective), ("until", until)):
        if when is not None and (not isinstance(when, date) or hasattr(when, "hour")):
            raise fail(key, "must be a date (YYYY-MM-DD)")
    if effective is not None and until is not None and until <= effective:
        raise fail("until", "not after effective")

    approval = raw.get("approval")
    if approval is not None and approval not in APPROVALS:
        raise fail("approval", f"unknown approval {approval!r}")
    note = raw.get("note")
    if note is not None and note not in registry().notes:
        raise fail("note", f"unknown note code {note!r}")
    counts = raw.get("counts")
    if counts is not None and counts not in COUNTS:
        raise fail("counts", f"unknown counts {counts!r}")
    reading = raw.get("reading")
    if reading is not None and (not isinstance(reading, str) or not reading.strip()):
        raise fail("reading", "must be a non-empty sentence")
    for key in ("ordinance", "note", "counts"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise fail(key, "must be a string")
    jurisdiction = raw.get("jurisdiction", "cotati")
    if jurisdiction not in JURISDICTIONS:
        raise fail("jurisdiction", f"unknown jurisdiction {jurisdiction!r}")
    source_url = raw.get("source_url")
    if source_url is not None and (
        not isinstance(source_url, str) or not source_url.startswith(("https://", "http://"))
    ):
        raise fail("source_url", "must be an http(s) address")
    if jurisdiction == "california" and source_url is None:
        raise fail("source_url", "a state-law record names the copy its figure was read in")

    condition = _condition(raw.get("condition"), fail)

    return Standard(
        id=rid,
        rule=raw["rule"],
        value=value,
        unit=unit,
        comparison=comparison,
        zones=tuple(zones),
        cases=tuple(cases),
        status=status,
        section=raw["section"],
        subsection=raw["subsection"],
        source=raw["source"],
        effective=effective,
        until=until,
        value_max=value_max,
        approval=approval,
        ordinance=raw.get("ordinance"),
        reading=reading.strip() if reading else None,
        note=note,
        counts=counts,
        jurisdiction=jurisdiction,
        source_url=source_url,
        proposal=proposal,
        condition=condition,
        file=file,
    )


def _condition(raw: object, fail) -> Condition | None:
    """``condition = { what = "stories", value = 1, unit = "stories", comparison = "max" }``."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise fail("condition", "must be a table: { what, value, unit, comparison }")
    unknown = set(raw) - _CONDITION_KEYS
    if unknown:
        raise fail("condition", f"unknown key {sorted(unknown)[0]!r}")
    what, unit, comparison = raw.get("what"), raw.get("unit"), raw.get("comparison")
    if what not in CONDITIONS:
        raise fail("condition", f"unknown condition {what!r}")
    if unit not in UNITS:
        raise fail("condition", f"unknown unit {unit!r}")
    if comparison not in ("max", "min"):
        raise fail("condition", "comparison must be 'max' or 'min'")
    return Condition(what, _number(raw.get("value"), fail, "condition"), unit, comparison)


def _number(value: object, fail, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(key, "missing number" if value is None else "must be a number")
    if not math.isfinite(value) or value < 0:
        raise fail(key, "must be a finite, non-negative number")
    return float(value)


def _check_overlaps(records: list[Standard]) -> None:
    spans: dict[tuple, list[Standard]] = {}
    for record in records:
        for zone in record.zones or ("*",):
            for case in record.cases:
                spans.setdefault((record.rule, zone, case, record.proposal), []).append(record)
    for (rule, zone, case, _proposal), group in spans.items():
        if len(group) < 2:
            continue
        group.sort(key=lambda r: r.effective or date.min)
        for earlier, later in zip(group, group[1:], strict=False):
            end = earlier.until or date.max
            start = later.effective or date.min
            if start < end:
                raise StandardsError(
                    later.file,
                    later.id,
                    "effective",
                    f"dates overlap {earlier.id!r} for rule {rule!r}, zone {zone!r}, case {case!r}",
                )
