"""A project answer's words beyond its labels (templates/rules/partials/_answer.jinja): the
rules the City decides, the conditions attached to the permit with their figures, the
alternatives state law offers and the links that open them, and the Planning Division's
contact from the site information."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from cotati_site.core.templatetags.site_info import site_info
from law.engine.findings import Status
from rules.wording.labels import rule_label
from rules.wording.numbers import amount, bound_word
from rules.wording.records import comparison
from rules.wording.words import ALTERNATIVE_REASON

# A figure counted in these units is a deadline (a review time): where a finding names one,
# the answer does not also say the sections hold no review time.
_DEADLINE_UNITS = frozenset({"days", "business_days"})


def with_project(share: str, project: str) -> str:
    """The query string of the answers given (``share``), checking ``project`` instead of the
    projects chosen: an alternative opens its own check with every answer already given."""
    kept = [(name, value) for name, value in parse_qsl(share) if name != "project"]
    return urlencode([("project", project), *kept])


def findings_of(findings, rules) -> list:
    """The findings of ``rules``, in the order the rules are named (one each)."""
    by_rule = {}
    for finding in findings:
        by_rule.setdefault(finding.rule, finding)
    return [by_rule[rule] for rule in rules if rule in by_rule]


def conditions_of(findings) -> list:
    """The findings that are conditions attached to the permit, in the answer's order."""
    return [f for f in findings if f.status == Status.CONDITION]


def condition_figure(finding) -> str:
    """A condition's figure in words ('up to 60 days', '1 space', '750 to 1,000 sq ft');
    '' when it carries none."""
    if finding.limit is None:
        return ""
    if finding.limit_max is not None and finding.limit_max != finding.limit:
        return f"{amount(finding.limit, finding.unit)} – {amount(finding.limit_max, finding.unit)}"
    return f"{bound_word(comparison(finding))}{amount(finding.limit, finding.unit)}"


def names_a_deadline(findings) -> bool:
    """Whether a finding gives a review time (a figure counted in days)."""
    return any(f.unit in _DEADLINE_UNITS and f.limit is not None for f in findings)


def alternative_reason(alternative, findings) -> str:
    """Why alternatives are offered, from the failed finding that calls for them: 'Maximum
    density: this lot allows 1 home; the plan has 4 homes.'"""
    (finding,) = findings_of(findings, (alternative.rule,)) or (None,)
    if finding is None:
        return ""
    return ALTERNATIVE_REASON[alternative.reason].format(
        rule=rule_label(finding.rule),
        limit=amount(finding.limit, finding.unit),
        value=amount(finding.value, finding.unit),
    )


def planning_contact(context):
    """The Planning Division's contact entries from the site information, as pages read them
    (once per request; None when the database cannot be reached)."""
    info = site_info(context)
    return (info or {}).get("planning_contact") or None
