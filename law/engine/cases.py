"""Case tables: each family's ``cases.toml``, rows a planner can read and the tests run.

A row is a plan (the zone and the answers, by their public names), the rule it is about,
the status the law gives it and the section that says so:

    [[case]]
    covers = "a 7 ft 1 in fence in a front setback"
    zone = "NL"
    inputs = { fence_height_in = 85, fence_location = "front_or_street_side_setback" }
    rule = "fence.height"
    status = "fail"
    section = "17.30.040"

``as_of`` (a date) checks on another day than ``AS_OF``; ``note``, ``subsection``, ``missing``
(the questions the finding asks, all of them, in order; ``[]``: nothing to ask) and
``exception`` (the exception named beside the rule), when given, are held too. ``run(case)``
answers the finding the engine gives for the row.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from law.engine.check import check_lot
from law.engine.findings import Finding, Status
from law.engine.registry import family_folder, registry

# The day the rows are checked on unless they say otherwise: every adopted record in force.
AS_OF = date(2026, 12, 1)
_KEYS = frozenset(
    {
        "covers",
        "zone",
        "inputs",
        "rule",
        "status",
        "section",
        "subsection",
        "note",
        "as_of",
        "missing",
        "exception",
    }
)


class CaseError(ValueError):
    """A case table is wrong; the message names the file and the row."""


@dataclass(frozen=True)
class Case:
    family: str
    covers: str
    zone: str
    rule: str
    status: Status
    section: str
    inputs: dict[str, Any] = field(default_factory=dict)
    subsection: str | None = None
    note: str | None = None
    as_of: date = AS_OF
    missing: tuple[str, ...] | None = None
    exception: str | None = None

    @property
    def name(self) -> str:
        return f"{self.family}: {self.covers}"


def family_cases(name: str) -> list[Case]:
    """The rows of family ``name``'s ``cases.toml`` (none when it has no table)."""
    path = family_folder(name) / "cases.toml"
    if not path.is_file():
        return []
    with path.open("rb") as fh:
        rows = tomllib.load(fh).get("case", [])
    return [_case(name, path, index, row) for index, row in enumerate(rows, start=1)]


def every_case() -> list[Case]:
    return [case for family in registry().families for case in family_cases(family.name)]


def _case(family: str, path: Path, index: int, row: dict) -> Case:
    where = f"{path}: case {index}"
    unknown = set(row) - _KEYS
    if unknown:
        raise CaseError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    for key in ("covers", "zone", "rule", "status", "section"):
        if not isinstance(row.get(key), str):
            raise CaseError(f"{where}: {key!r} is missing or not text")
    reg = registry()
    if row["rule"] not in reg.family_of or reg.family_of[row["rule"]].name != family:
        raise CaseError(f"{where}: {row['rule']!r} is not a rule of the {family} family")
    inputs = row.get("inputs", {})
    for name in inputs:
        if name not in reg.inputs:
            raise CaseError(f"{where}: {name!r} is not an input")
    asked = row.get("missing")
    if asked is not None:
        if not isinstance(asked, list) or any(name not in reg.inputs for name in asked):
            raise CaseError(f"{where}: 'missing' is a list of inputs")
        asked = tuple(asked)
    try:
        status = Status(row["status"])
    except ValueError:
        raise CaseError(f"{where}: unknown status {row['status']!r}") from None
    return Case(
        family=family,
        covers=row["covers"],
        zone=row["zone"],
        rule=row["rule"],
        status=status,
        section=row["section"],
        inputs=dict(inputs),
        subsection=row.get("subsection"),
        note=row.get("note"),
        as_of=row.get("as_of", AS_OF),
        missing=asked,
        exception=row.get("exception"),
    )


def run(case: Case) -> Finding | None:
    """The finding the engine gives for the row's rule (None: the rule gave none)."""
    lot, plan = registry().inputs_from({"zone": case.zone, **case.inputs})
    findings = check_lot(lot, plan, as_of=case.as_of)
    return next((f for f in findings if f.rule == case.rule), None)
