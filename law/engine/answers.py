"""Projects, not fields: what a person plans, and the answer for each from the findings.

A *project* is one thing a person may plan: a fence, wall or hedge; a shed, garage or workshop
(``accessory_structure``); an ADU or JADU; a business at home; a new home or an addition
(``main_building``). Each is declared once, by the family that asks about it (``Family.project``:
the form parts it asks about, in the order a person thinks of them); which rules bear on it is
declared by the families (``Family.projects``; a flood zone or a hillside lot bears on every
project that ``builds``), read through the registry, never listed again.

``answers_for(findings, projects)`` turns a check's findings into one ``Answer`` per project, as
a planner at the counter would sort them (docs/decisions/project-answers.md):

- ``not_allowed_as_planned`` when a rule that bears on it fails; ``fixes`` then say what would
  pass, from the same figures the finding carries (the limit to meet and by how much), and
  ``alternatives`` the projects state law offers instead (more homes than the lot's density
  allows: the projects that add homes, ``Project.adds_homes``, each where the family deciding
  it says it could on this lot, ``Family.adds_homes_on``: an ADU where the zone allows homes,
  SB 9 in a single-family zone), and ``variance`` the failed rules a variance could relax;
- else ``cannot_tell`` only when a *decisive question* is unanswered: a rule not checked for
  want of an answer. ``missing`` names every such answer at once, never a few at a time;
- else ``allowed_with_approval`` when a rule needs a named approval, even where the City decides
  other parts (``unknown`` then names them): what a held rule says is never hidden behind
  what the site does not hold;
- else ``city_decides`` when what remains is for the City: a rule whose text this site does not
  hold (not checked with nothing missing), or a decision by the Planning Division where the site
  does not know whether the plan is allowed at all. ``unknown`` names those rules;
- else ``allowed``.

Whatever the outcome, ``approvals`` lists every approval the findings name, in the order they are
obtained (``findings.APPROVAL_ORDER``), and ``conditions`` every condition attached to the permit
(a fee, parking to provide, owner occupancy, a review deadline: ``Status.CONDITION``) with its
figures; neither changes the outcome. "What to do next" lists the conditions, and the approvals
only as ``approvals_to_get``: those of an outcome that lets the project go ahead. A plan not
allowed as planned is changed first (what would pass, the alternatives), and one waiting on its
questions is answered first; "Get a building permit" under "Not allowed" tells no one what to do.
Nothing here is a sentence: templates word the codes and numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from law.engine.findings import APPROVAL_ORDER, Finding, Share, Status
from law.engine.registry import registry

if TYPE_CHECKING:
    from law.engine.common import Context

ALLOWED = "allowed"
ALLOWED_WITH_APPROVAL = "allowed_with_approval"
NOT_ALLOWED = "not_allowed_as_planned"
CITY_DECIDES = "city_decides"
CANNOT_TELL = "cannot_tell"
OUTCOMES = (ALLOWED, ALLOWED_WITH_APPROVAL, NOT_ALLOWED, CITY_DECIDES, CANNOT_TELL)
# The outcomes under which the project may go ahead as planned (with what the City decides
# beside it): only then is an approval a step to take.
GOES_AHEAD = (ALLOWED, ALLOWED_WITH_APPROVAL, CITY_DECIDES)

# The "approval" that names no permit: the Planning Division decides whether the plan is allowed
# at all (the site does not hold a rule that says). An answer resting on it is the City's.
CITY_DECISION = "planning_division_review"
# An approval path read from a text the site cannot settle (Table 3-2's 42-72 in. front fence
# path, printed only merged into the Spring 2026 redline): the approval heads the answer, and
# the City must confirm the path, said beside it, never promised (issue 27 §3).
PATH_TO_CONFIRM = "path_to_confirm"

# Why an alternative is offered: the plan has more homes than a rule of the lot allows (a
# failed finding counting homes, its figure above its limit of one home or more).
TOO_MANY_HOMES = "too_many_homes"
REASONS = (TOO_MANY_HOMES,)
_HOMES_UNIT = "units"

_APPROVAL_RANK = {code: index for index, code in enumerate(APPROVAL_ORDER)}


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition attached to the permit (``Status.CONDITION``): its rule, its figures as the
    finding carries them (``value`` entered, ``limit`` and ``limit_max`` the figures it sets,
    in ``unit``), its note code and the section that says so. ``share``: the amounts behind a
    condition measured as a share of a whole (an ADU's impact fee, in proportion to the main
    home's floor area: the unit's floor area of the home's), when the plan gives both."""

    rule: str
    value: float | None = None
    limit: float | None = None
    limit_max: float | None = None
    unit: str | None = None
    note: str | None = None
    section: str | None = None
    subsection: str | None = None
    share: Share | None = None

    @classmethod
    def of(cls, finding: Finding) -> Condition:
        return cls(
            rule=finding.rule,
            value=finding.value,
            limit=finding.limit,
            limit_max=finding.limit_max,
            unit=finding.unit,
            note=finding.note,
            section=finding.section,
            subsection=finding.subsection,
            share=finding.share,
        )

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "value": self.value,
            "limit": self.limit,
            "limit_max": self.limit_max,
            "unit": self.unit,
            "note": self.note,
            "section": self.section,
            "subsection": self.subsection,
            "share": None if self.share is None else self.share.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another project that may reach what the plan cannot (``project``, a project key), why it
    is offered (``reason``, one of ``REASONS``) and the failed rule that calls for it."""

    project: str
    reason: str
    rule: str

    def to_dict(self) -> dict:
        return {"project": self.project, "reason": self.reason, "rule": self.rule}


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
    conditions: tuple[Condition, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    # The failed rules a variance could relax (§ 17.62.060: setbacks, heights, parcel
    # dimensions; each family's ``Family.relievable``): a variance is offered for these only,
    # never for a unit's size, density or a use.
    variance: tuple[str, ...] = ()
    covered: bool = True

    @property
    def approvals_to_get(self) -> tuple[str, ...]:
        """The approvals that are steps to take: ``approvals`` when the outcome lets the
        project go ahead (``GOES_AHEAD``), none otherwise."""
        return self.approvals if self.outcome in GOES_AHEAD else ()

    def to_dict(self) -> dict:
        return {
            "project": self.project,
            "outcome": self.outcome,
            "approvals": list(self.approvals),
            "rules": list(self.rules),
            "missing": list(self.missing),
            "unknown": list(self.unknown),
            "what_would_pass": [fix.to_dict() for fix in self.fixes],
            "conditions": [condition.to_dict() for condition in self.conditions],
            "alternatives": [alternative.to_dict() for alternative in self.alternatives],
            "variance": list(self.variance),
            "covered": self.covered,
        }


def relevant(findings: Iterable[Finding], projects: Iterable[str]) -> list[Finding]:
    """The findings that bear on any of ``projects``, plus the site conditions' (in order)."""
    rules = registry().rules_for(tuple(projects))
    return [f for f in findings if f.rule in rules]


def answers_for(
    findings: list[Finding], projects: Iterable[str], *, on: Context | None = None
) -> list[Answer]:
    """One Answer per project, in the order given (duplicates dropped). ``on`` is the lot
    checked (a ``Context``: its zone and the records in force on the date), which says where a
    state route could add a home; without it no route is offered, since that is the lot's to
    say."""
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
        out.append(_answer(project, own, reg, on))
    return out


def _answer(project: str, findings: list[Finding], reg, on: Context | None) -> Answer:
    approvals = _approvals(findings)
    conditions = tuple(Condition.of(f) for f in findings if f.status is Status.CONDITION)
    failed = [f for f in findings if f.status is Status.FAIL]
    if failed:
        return Answer(
            project=project,
            outcome=NOT_ALLOWED,
            approvals=approvals,
            rules=_ids(failed),
            fixes=tuple(fix for f in failed if (fix := fix_for(f)) is not None),
            conditions=conditions,
            alternatives=_alternatives(project, failed, reg, on),
            variance=_ids(f for f in failed if f.rule in reg.relievable),
        )
    own_rules = {r for f in reg.project_families[project] if not f.site_condition for r in f.rules}
    if not any(f.rule in own_rules for f in findings):
        # Nothing about the project itself was entered: its families did not run.
        return Answer(
            project=project,
            outcome=CANNOT_TELL,
            approvals=approvals,
            missing=_first_inputs(project, reg),
            conditions=conditions,
        )
    unchecked = [f for f in findings if f.status is Status.NOT_CHECKED]
    # The City's: a rule whose text the site does not hold (nothing to ask would settle it), or
    # a decision by the Planning Division on whether the plan is allowed at all.
    citys = [f for f in findings if _the_citys(f)]
    asked = tuple(dict.fromkeys(name for f in unchecked for name in f.missing))
    if asked:
        return Answer(
            project=project,
            outcome=CANNOT_TELL,
            approvals=approvals,
            rules=_ids(f for f in unchecked if f.missing),
            missing=asked,
            unknown=_ids(citys),
            conditions=conditions,
        )
    # A held approval decides the headline even where the City decides other parts: a shed
    # over 12 ft needs its minor use permit whatever the City says of its setbacks (issue 27).
    needing = [
        f for f in findings if f.status is Status.NEEDS_APPROVAL and f.approval != CITY_DECISION
    ]
    if needing:
        return Answer(
            project=project,
            outcome=ALLOWED_WITH_APPROVAL,
            approvals=approvals,
            rules=_ids(needing),
            unknown=_ids(citys),
            conditions=conditions,
        )
    if citys:
        return Answer(
            project=project,
            outcome=CITY_DECIDES,
            approvals=approvals,
            rules=_ids(citys),
            unknown=_ids(citys),
            conditions=conditions,
        )
    passed = [f for f in findings if f.status is Status.PASS]
    return Answer(
        project=project,
        outcome=ALLOWED,
        approvals=approvals,
        rules=_ids(passed),
        conditions=conditions,
    )


def _the_citys(finding: Finding) -> bool:
    """Whether the City decides this rule, not an answer the person could give: a rule not
    held, the Planning Division's open decision, or an approval path the City must confirm
    (``PATH_TO_CONFIRM``: the approval is still named, and heads the answer)."""
    if finding.status is Status.NOT_CHECKED:
        return not finding.missing
    return finding.status is Status.NEEDS_APPROVAL and (
        finding.approval == CITY_DECISION or finding.note == PATH_TO_CONFIRM
    )


def _ids(findings: Iterable[Finding]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f.rule for f in findings))


def _approvals(findings: list[Finding]) -> tuple[str, ...]:
    named = {f.approval for f in findings if f.approval and f.status is Status.NEEDS_APPROVAL}
    unknown_rank = len(_APPROVAL_RANK)
    return tuple(sorted(named, key=lambda code: (_APPROVAL_RANK.get(code, unknown_rank), code)))


def _first_inputs(project: str, reg) -> tuple[str, ...]:
    """A project none of whose parts was given: every question that starts its check (what
    makes each of its parts given, ``Registry.part_triggers``), all at once."""
    return tuple(
        dict.fromkeys(
            name for part in reg.projects[project].parts for name in reg.part_triggers[part]
        )
    )


def _alternatives(
    project: str, failed: list[Finding], reg, on: Context | None
) -> tuple[Alternative, ...]:
    """The projects state law offers where the plan cannot pass: more homes than a rule of the
    lot allows opens every project that adds homes (``Project.adds_homes``) but this one, where
    the family deciding it says it could on this lot (``Registry.home_routes``)."""
    limiting = next((f for f in failed if _too_many_homes(f)), None)
    if limiting is None or on is None:
        return ()
    return tuple(
        Alternative(key, TOO_MANY_HOMES, limiting.rule)
        for key in reg.adds_homes
        if key != project and reg.home_routes[key](on)
    )


def _too_many_homes(finding: Finding) -> bool:
    """A failed count of homes above a limit of at least one home. The state routes add homes
    beside a home the lot allows (an ADU needs a lot zoned for homes, with a proposed or
    existing dwelling: Gov. Code 66314(d)(2); SB 9 a single-family zone: 65852.21(a)), so a lot
    that allows none by density is offered none."""
    value, limit = finding.value, finding.limit
    return (
        finding.unit == _HOMES_UNIT
        and value is not None
        and limit is not None
        and limit >= 1
        and value > limit
    )


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
