"""Reading the law: the dated, cited records of ``law/data/*.toml`` and of each family's
folder, validated loudly (the error names file, record and key) and indexed once.

Each TOML file holds ``[[standard]]`` records and may open with a ``[defaults]`` table whose
keys every record of that file inherits (a record's own key wins); it may declare
``[[proposal]]`` tables (see ``standards.py``).
"""

from __future__ import annotations

import math
import tomllib
from datetime import date
from pathlib import Path

from law.engine.caches import process_cache
from law.engine.findings import APPROVALS
from law.engine.registry import record_files, registry
from law.engine.standards import (
    COMPARISONS,
    CONDITIONS,
    COUNTS,
    JURISDICTIONS,
    PROPOSAL_ID_RE,
    SOURCES,
    STATUSES,
    UNITS,
    Condition,
    ProposalInfo,
    Standard,
    Standards,
    StandardsError,
)
from law.engine.zones import ZONES

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

_CONDITION_KEYS = frozenset({"what", "value", "unit", "comparison"})
_PROPOSAL_KEYS = frozenset({"id", "title"})
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


def law_files() -> tuple[Path, ...]:
    """The files of the law: the shared tables in ``law/data`` and each family's records, in
    the order of their names (the order records are listed in, whatever their folder)."""
    return tuple(
        sorted((*record_files(DATA_DIR), *registry().record_files()), key=lambda f: f.name)
    )


def load_standards(path: str | Path | None = None) -> Standards:
    """Load and validate every ``*.toml`` under ``path`` (a directory or one file); by
    default the law's files (``law_files``), read once per process. Note codes are checked
    against those the families declare."""
    if path is None:
        return _load_default()
    path = Path(path)
    return load_files(sorted(path.glob("*.toml")) if path.is_dir() else [path], registry().notes)


@process_cache
def _load_default() -> Standards:
    return load_files(law_files(), registry().notes)


def load_files(files, notes: frozenset[str]) -> Standards:
    """The records of ``files``, validated (note codes against ``notes``) and indexed."""
    records: list[Standard] = []
    proposals: dict[str, ProposalInfo] = {}
    seen: dict[str, str] = {}
    for file in files:
        declared, file_records = _read_file(file, notes)
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


def _read_file(file: Path, notes: frozenset[str]) -> tuple[list[ProposalInfo], list[Standard]]:
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
    return declared, [_parse(name, {**defaults, **raw}, notes) for raw in raw_records]


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


def _parse(file: str, raw: dict, notes: frozenset[str]) -> Standard:
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
    if note is not None and note not in notes:
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
