"""Projects, not fields: what a person plans, and the answer for each from the findings.

A *project* is one thing a person may plan: a fence, wall or hedge; a shed, garage or workshop
(``accessory_structure``); an ADU or JADU; a business at home; a new home or an addition
(``main_building``). Each is declared once, by the family that asks about it (``Family.project``:
the form parts it asks about, in the order a person thinks of them); which rules bear on it is
declared by the families (``Family.projects``; a flood zone or a hillside lot bears on every
project that ``builds``), read through the registry, never listed again.

``answers_for(findings, projects)`` turns a check's findings into one ``Answer`` per project:

- ``not_allowed_as_planned`` when a rule that bears on it fails; ``fixes`` then say what would
  pass, from the same figures the finding carries (the limit to meet and by how much);
- else ``cannot_tell`` when a rule that bears on it is not checked: ``missing`` names the one or
  two answers that would settle it, ``unknown`` the rules this site cannot decide at all (text it
  does not hold: ask the City);
- else ``allowed_with_approval`` when a rule needs an approval;
- else ``allowed``.

``approvals`` lists every approval the findings name, in the order they are obtained
(``findings.APPROVAL_ORDER``), whatever the outcome, so "what to do next" can list them.
Nothing here is a sentence: templates word the codes and numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from law.engine.findings import APPROVAL_ORDER, Finding, Status
from law.engine.registry import registry

ALLOWED = "allowed"
ALLOWED_WITH_APPROVAL = "allowed_with_approval"
NOT_ALLOWED = "not_allowed_as_planned"
CANNOT_TELL = "cannot_tell"
OUTCOMES = (ALLOWED, ALLOWED_WITH_APPROVAL, NOT_ALLOWED, CANNOT_TELL)

# At most this many answers are named as the ones that would settle a cannot_tell.
MISSING_NAMED = 2
_APPROVAL_RANK = {code: index for index, code in enumerate(APPROVAL_ORDER)}


@dataclass(frozen=True, slots=True)
class Fix:
    """What would pass a failed rule: bring ``rule``'s figure to ``target`` (``direction``
    "down": lower it by ``delta``; "up": raise it, or move it back, by ``delta``), in ``unit``.
    ``variance_limit`` is the figure a § 17.62.060(C) minor variance could reach, when the
    planned figure is within it."""

    rule: str
    target: float
    delta: float
    direction: str
    unit: str | None
    value: float
    variance_limit: float | None = None

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "target": self.target,
            "delta": self.delta,
            "direction": self.direction,
            "unit": self.unit,
            "value": self.value,
            "variance_limit": self.variance_limit,
        }


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer for one project (see the module docstring). ``covered`` is False for a project
    no family of rules bears on yet: its outcome is ``cannot_tell`` with nothing missing."""

    project: str
    outcome: str
    approvals: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    fixes: tuple[Fix, ...] = ()
    covered: bool = True

    def to_dict(self) -> dict:
        return {
            "project": self.project,
            "outcome": self.outcome,
            "approvals": list(self.approvals),
            "rules": list(self.rules),
            "missing": list(self.missing),
            "unknown": list(self.unknown),
            "what_would_pass": [fix.to_dict() for fix in self.fixes],
            "covered": self.covered,
        }


def relevant(findings: Iterable[Finding], projects: Iterable[str]) -> list[Finding]:
    """The findings that bear on any of ``projects``, plus the site conditions' (in order)."""
    rules = registry().rules_for(tuple(projects))
    return [f for f in findings if f.rule in rules]


def answers_for(findings: list[Finding], projects: Iterable[str]) -> list[Answer]:
    """One Answer per project, in the order given (duplicates dropped)."""
    reg = registry()
    out = []
    for project in dict.fromkeys(projects):
        if project not in reg.projects:
            raise ValueError(f"unknown project {project!r}")
        if not reg.covered(project):
            out.append(Answer(project=project, outcome=CANNOT_TELL, covered=False))
            continue
        rules = frozenset(reg.project_rules[project])
        own = [f for f in findings if f.rule in rules]
        out.append(_answer(project, own, reg))
    return out


def _answer(project: str, findings: list[Finding], reg) -> Answer:
    approvals = _approvals(findings)
    failed = [f for f in findings if f.status is Status.FAIL]
    if failed:
        return Answer(
            project=project,
            outcome=NOT_ALLOWED,
            approvals=approvals,
            rules=_ids(failed),
            fixes=tuple(fix for f in failed if (fix := fix_for(f)) is not None),
        )
    own_rules = {r for f in reg.project_families[project] if not f.site_condition for r in f.rules}
    if not any(f.rule in own_rules for f in findings):
        # Nothing about the project itself was entered: its families did not run.
        return Answer(
            project=project,
            outcome=CANNOT_TELL,
            approvals=approvals,
            missing=_first_inputs(project, reg),
        )
    unchecked = [f for f in findings if f.status is Status.NOT_CHECKED]
    if unchecked:
        missing = tuple(dict.fromkeys(name for f in unchecked for name in f.missing))
        return Answer(
            project=project,
            outcome=CANNOT_TELL,
            approvals=approvals,
            rules=_ids(unchecked),
            missing=missing[:MISSING_NAMED],
            unknown=_ids(f for f in unchecked if not f.missing),
        )
    needing = [f for f in findings if f.status is Status.NEEDS_APPROVAL]
    if needing:
        return Answer(
            project=project, outcome=ALLOWED_WITH_APPROVAL, approvals=approvals, rules=_ids(needing)
        )
    passed = [f for f in findings if f.status is Status.PASS]
    return Answer(project=project, outcome=ALLOWED, approvals=approvals, rules=_ids(passed))


def _ids(findings: Iterable[Finding]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f.rule for f in findings))


def _approvals(findings: list[Finding]) -> tuple[str, ...]:
    named = {f.approval for f in findings if f.approval and f.status is Status.NEEDS_APPROVAL}
    unknown_rank = len(_APPROVAL_RANK)
    return tuple(sorted(named, key=lambda code: (_APPROVAL_RANK.get(code, unknown_rank), code)))


def _first_inputs(project: str, reg) -> tuple[str, ...]:
    """The project's first questions (not yes/no boxes): what would start its check."""
    names = []
    for family in reg.project_families[project]:
        if family.site_condition:
            continue
        for name in family.inputs:
            if reg.inputs[name].spec.kind != "yesno" and name not in names:
                names.append(name)
    return tuple(names[:MISSING_NAMED])


def fix_for(finding: Finding) -> Fix | None:
    """What would pass a failed finding, from its own figures; None when it has none.

    Above the limit: bring it down to the limit, or to ``limit_max`` when the finding carries a
    higher figure reachable with an approval or the top of a range (a fence in a front setback:
    the design-review ceiling; a build-to range: its far end). Below the limit: bring it up."""
    value, limit = finding.value, finding.limit
    if value is None or limit is None or finding.status is not Status.FAIL:
        return None
    if value > limit:
        upper = finding.limit_max
        target = upper if upper is not None and upper > limit else limit
        direction, delta = "down", value - target
    else:
        target, direction, delta = limit, "up", limit - value
    if delta <= 0:
        return None
    variance = None
    mv = finding.minor_variance
    if mv is not None and (value <= mv.limit if direction == "down" else value >= mv.limit):
        variance = mv.limit
    return Fix(
        rule=finding.rule,
        target=float(target),
        delta=round(float(delta), 4),
        direction=direction,
        unit=finding.unit,
        value=float(value),
        variance_limit=variance,
    )
