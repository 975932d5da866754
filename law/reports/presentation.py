"""The bridge between the engine's codes and numbers and the pages that show them.

Nothing here states law: numbers come from the standards data, wording from
templates. This module picks the date, groups findings and gathers the records
a topic page shows as its key numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from law.engine import Finding, Proposals, Status, load_standards
from law.engine.answers import Answer, answers_for, relevant
from law.engine.common import Context
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.words import words
from law.reports.districts import district_rows

# Worst first: what needs action leads.
SEVERITY = {
    Status.FAIL: 0,
    Status.NEEDS_APPROVAL: 1,
    Status.NOT_CHECKED: 2,
    Status.PASS: 3,
    Status.CONDITION: 4,
    Status.INFO: 5,
}


# The heading of each results topic a family declares (its words.toml; a test holds them to
# the registry).
TOPIC_LABELS = words().topics


@dataclass(frozen=True)
class FindingGroup:
    topic: str
    label: str
    findings: list[Finding]


@dataclass(frozen=True)
class ProjectResult:
    """One chosen project: its answer, and the findings that decided it (worst first)."""

    answer: Answer
    findings: list[Finding]
    # (approval, the findings that call for it), in the order the approvals are obtained: the
    # answer's approvals_to_get (none when the plan is not allowed as planned or still asks).
    steps: list[tuple[str, list[Finding]]]


@dataclass(frozen=True)
class Result:
    as_of: date
    findings: list[Finding]
    counts: dict[str, int]
    include_proposed: bool = False  # proposed amendments were applied (not law)
    # The proposals the engine was given: id -> the date they apply from (None: pending).
    proposals: dict = field(default_factory=dict)
    projects: tuple[str, ...] = ()  # the projects chosen ("other" included)
    answers: list[ProjectResult] = ()
    site: list[Finding] = ()  # site conditions entered that bear on no chosen project
    other: list[Finding] = ()  # the lot's other rules, shown collapsed
    # The findings the JSON lists and the counts count: with projects, those that bear on
    # them and the site conditions' (projects.relevant); without, all (None).
    bearing: list[Finding] | None = None

    @cached_property
    def groups(self) -> list[FindingGroup]:
        """The findings by topic, worst group first and worst finding first within it: what
        the page lists when no project was chosen (with projects, their answers hold the
        findings: none). Worked out when the page asks, not for the JSON, which lists the
        findings in the engine's order."""
        if self.projects:
            return []
        by_topic: dict[str, list[Finding]] = {}
        for finding in self.findings:
            by_topic.setdefault(finding.topic, []).append(finding)
        groups = [
            FindingGroup(
                topic,
                TOPIC_LABELS.get(topic, topic),
                sorted(items, key=lambda f: SEVERITY[f.status]),
            )
            for topic, items in by_topic.items()
        ]
        groups.sort(key=lambda g: SEVERITY[g.findings[0].status])
        return groups

    @property
    def relevant(self) -> list[Finding]:
        return self.findings if self.bearing is None else self.bearing

    @property
    def shown(self) -> list[Finding]:
        """The findings the page shows as cards, in the order it shows them."""
        if self.answers:
            return [f for item in self.answers for f in item.findings] + list(self.site)
        return [f for group in self.groups for f in group.findings]

    @property
    def cited(self) -> list[Finding]:
        """One shown finding per distinct citation (section and subsection), in page order:
        the printed sheet's list of sources."""
        seen, cited = set(), []
        for finding in self.shown:
            key = (finding.section, finding.subsection)
            if finding.section and key not in seen:
                seen.add(key)
                cited.append(finding)
        return cited


def build_result(
    findings: list[Finding],
    as_of: date,
    *,
    include_proposed: bool = False,
    proposals: dict | None = None,
    projects: tuple[str, ...] = (),
    lot=None,
    standards=None,
) -> Result:
    """Group findings by topic, worst group first and worst finding first within it; with
    projects, the answer for each and the findings that bear on it. ``lot`` is the lot checked
    (with ``standards``, default the shipped ones, and ``proposals`` as the check had them): it
    says which state routes could add a home there; without it none is offered."""
    checked = tuple(p for p in projects if p in registry().projects)
    if projects:
        # Only "something else" (a pool, a deck) chosen: no project answer, the site's
        # conditions, and the lot's rules under "Other rules", not the whole list of today.
        on = None
        if lot is not None:
            view = (standards or load_standards()).view(as_of, proposals)
            on = Context(view, lot, Plan())
        return _project_result(findings, as_of, include_proposed, projects, checked, proposals, on)
    return Result(
        as_of=as_of,
        findings=findings,
        counts=_status_counts(findings),
        include_proposed=include_proposed,
        proposals=dict(proposals or {}),
    )


def _status_counts(findings: list[Finding]) -> dict[str, int]:
    """How many of ``findings`` have each status, by its code, in the order first met."""
    # Counted by status, then each status's code read once: a finding's ``status.value`` is
    # an enum property, read for every finding it cost more than the counting.
    return {status.value: count for status, count in Counter(f.status for f in findings).items()}


def _project_result(findings, as_of, include_proposed, projects, checked, proposals, on) -> Result:
    reg = registry()
    severity = SEVERITY
    answers = []
    shown: set[str] = set()
    for answer in answers_for(findings, checked, on=on):
        rules = frozenset(reg.project_rules[answer.project])
        own = sorted((f for f in findings if f.rule in rules), key=lambda f: severity[f.status])
        shown.update(rules)
        by_approval: dict[str, list[Finding]] = {}
        for finding in own:
            if finding.approval and finding.status is Status.NEEDS_APPROVAL:
                by_approval.setdefault(finding.approval, []).append(finding)
        steps = [(code, by_approval.get(code, [])) for code in answer.approvals_to_get]
        answers.append(ProjectResult(answer, own, steps))
    site = [f for f in findings if f.rule in reg.site_rules and f.rule not in shown]
    other = [f for f in findings if f.rule not in shown and f.rule not in reg.site_rules]
    bearing = relevant(findings, (item.answer.project for item in answers))
    return Result(
        as_of=as_of,
        findings=findings,
        counts=_status_counts(bearing),
        include_proposed=include_proposed,
        proposals=dict(proposals or {}),
        projects=projects,
        answers=answers,
        site=site,
        other=other,
        bearing=bearing,
    )


@dataclass(frozen=True)
class DistrictTable:
    as_of: date
    rows: list
    # (district, proposal id): a district with no row in Table 2-4 that a proposal not in
    # force on ``as_of`` gives one.
    proposed_rows: tuple[tuple[str, str], ...] = ()

    @property
    def without_area_row(self) -> list[str]:
        """The districts Table 2-4 gives no row on this date (SW, and TOC until a proposal
        adds one)."""
        return [
            row.zone.code
            for row in self.rows
            if row.min_area is not None and row.min_area.note == "no_standard_for_zone"
        ]


def district_table(as_of: date, proposals: Proposals | None = None) -> DistrictTable:
    """The district rows on ``as_of``, with the proposals the caller applies."""
    standards = load_standards()
    table = DistrictTable(as_of=as_of, rows=district_rows(standards, as_of, proposals=proposals))
    view = standards.view(as_of, proposals)
    proposed = [(code, view.get_proposed("lot.area", code)) for code in table.without_area_row]
    return DistrictTable(
        as_of=as_of,
        rows=table.rows,
        proposed_rows=tuple((code, r.proposal) for code, r in proposed if r and r.proposal),
    )


# Which rules' records a topic page shows as its key numbers, and which part of
# the checker its "check my lot" link opens: each family declares its topic page
# (``Family.feature``); the zoning-districts page shows the district table instead.
FEATURE_RULES = registry().feature_rules
FEATURE_CHECKER_SECTION = {**registry().feature_section, "zoning_districts": "building"}


# Where a figure's knowledge comes from when not from the code's own text (Standard.source):
# said once per rule, in its "How we know this" disclosure, never beside each figure.
NOT_FROM_THE_TEXT = ("secondary", "reading")


@dataclass(frozen=True)
class Provenance:
    """Some of a rule's figures known other than from the code's own text: ``kind`` is the
    records' ``source`` ("secondary": a secondary source's figure, the section's text not on
    this site; "reading": this site's reading, the code printing no figure); ``records`` the
    figures it covers; ``every``: they are all the figures the rule shows."""

    kind: str
    records: tuple
    every: bool


@dataclass(frozen=True)
class HowWeKnow:
    """A rule's one "How we know this": each kind of knowledge of its figures that is not the
    code's own text (none: nothing to disclose, no HowWeKnow)."""

    rule: str
    provenance: tuple[Provenance, ...]


@dataclass(frozen=True)
class KeyRow:
    """One figure of the key numbers table; the first row of each rule carries the rule's
    ``how_we_know`` (None on the others, and for a rule known from its text alone)."""

    record: object
    how_we_know: HowWeKnow | None = None


@dataclass(frozen=True)
class KeyNumbers:
    feature: str
    as_of: date
    records: list
    district_table: DistrictTable | None
    checker_section: str
    # The records as the table shows them, each rule's sources said once (key_rows).
    rows: list = field(default_factory=list)


def key_rows(records) -> list[KeyRow]:
    """The key numbers' rows: ``records`` in order, the first of each rule carrying how the
    site knows the rule's figures (HowWeKnow) when any is not from the code's own text."""
    by_rule: dict[str, list] = {}
    for record in records:
        by_rule.setdefault(record.rule, []).append(record)
    rows, seen = [], set()
    for record in records:
        know = None
        if record.rule not in seen:
            seen.add(record.rule)
            know = how_we_know(record.rule, by_rule[record.rule])
        rows.append(KeyRow(record, know))
    return rows


def how_we_know(rule: str, records) -> HowWeKnow | None:
    """How the site knows ``rule``'s figures (``records``, as shown), or None when every one
    is from the code's own text."""
    provenance = []
    for kind in NOT_FROM_THE_TEXT:
        of_kind = tuple(r for r in records if r.source == kind)
        if of_kind:
            provenance.append(Provenance(kind, of_kind, len(of_kind) == len(records)))
    return HowWeKnow(rule, tuple(provenance)) if provenance else None


def key_numbers_for(
    feature: str, as_of: date, proposals: Proposals | None = None
) -> KeyNumbers | None:
    """The records in force for a topic's rules on ``as_of``, with the proposals the caller
    applies (adopted ones, from their effective date): the same view the checker uses."""
    if feature == "zoning_districts":
        return KeyNumbers(
            feature,
            as_of,
            [],
            district_table(as_of, proposals),
            FEATURE_CHECKER_SECTION[feature],
        )
    rules = FEATURE_RULES.get(feature)
    if not rules:
        return None
    view = load_standards().view(as_of, proposals)
    records = [record for rule in rules for record in view.for_rule(rule)]
    return KeyNumbers(
        feature, as_of, records, None, FEATURE_CHECKER_SECTION[feature], key_rows(records)
    )


# Proposed changes, figure by figure --------------------------------------------------------
# A proposal's records in the standards data against the records in force for the same rule,
# district and case: the old and the new figure, never typed; the templates word them
# ("The minor variance limit would fall from 25% to 10%").


@dataclass(frozen=True)
class StandardChange:
    """What one proposed record would change: ``old`` is the record in force for the same
    rule and case in ``zones`` (``()``: every district), or None where none is."""

    record: object  # the proposed Standard
    old: object | None
    zones: tuple[str, ...]

    @property
    def direction(self) -> str:
        """new (no figure in force), fall, rise, same, or change (not comparable)."""
        new, old = self.record, self.old
        if old is None or old.value is None:
            return "new"
        if new.value is None:
            return "change"
        try:
            old_value = old.value_in(new.unit)
        except (KeyError, ValueError):
            return "change"
        if old_value is None:
            return "change"
        if (new.value_max, new.comparison) != (old.value_max, old.comparison):
            return "change"
        if new.value < old_value:
            return "fall"
        if new.value > old_value:
            return "rise"
        return "same"


def standard_changes(as_of: date, records, view=None) -> list[StandardChange]:
    """The changes ``records`` (a proposal's records) would make to the figures in force on
    ``as_of``, one per record and group of districts sharing the same figure in force today."""
    if view is None:
        view = load_standards().view(as_of)
    changes = []
    for record in records:
        by_old: dict[int, tuple[object | None, list[str]]] = {}
        for zone in record.zones or ("*",):
            old = view.get(record.rule, zone, record.case)
            held = by_old.setdefault(id(old), (old, []))
            if zone != "*":
                held[1].append(zone)
        for old, zones in by_old.values():
            changes.append(StandardChange(record, old, tuple(zones)))
    return changes
