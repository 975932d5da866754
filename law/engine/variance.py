"""§ 17.62.060(C) Minor variance: the hint attached to a failing finding.

The director may grant a minor variance from parcel dimensions (not area),
setbacks and structure height, "up to a maximum reduction of" a percentage
(C). Density and land use can never be varied (B); lot area is excluded by
(C)(2) and coverage is not on (C)'s list, so those rules never get a hint;
fences go through Table 3-2's own approval paths instead.

A hint names the record its percent came from and whether that figure is adopted law or a
proposal's (``MinorVariance.status``); once staff adopt a proposal, its figure is adopted law
from its effective date (``adopted``, called by the checker with the adopted proposals).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from law.engine.common import Context, at_least, at_most
from law.engine.findings import Finding, MinorVariance
from law.engine.standards import Standards

# The kinds of standard (C)(2)-(4) lets the director vary are declared by each
# family (``Family.relievable``); the registry holds their union, and the context carries it.


def hint(
    ctx: Context, rule: str, value: float, limit: float, *, too_low: bool
) -> MinorVariance | None:
    """The minor-variance hint for a value failing ``limit``, or None when the
    shortfall is beyond what a minor variance can reach. ``too_low`` says the
    value is under a minimum (else over a maximum)."""
    if rule not in ctx.relievable:
        return None
    record = ctx.view.get("minor_variance", ctx.zone)
    if record is None:
        return None
    reach = _reach(limit, record.value, too_low)
    if not (at_least(value, reach) if too_low else at_most(value, reach)):
        return None
    proposed_percent = proposed_limit = proposed_by = None
    # A proposal not applied on this date (pending, or adopted with a later effective date).
    proposed = ctx.view.get_proposed("minor_variance", ctx.zone)
    if proposed is not None and proposed.value != record.value:
        proposed_percent = proposed.value
        proposed_limit = _reach(limit, proposed.value, too_low)
        proposed_by = proposed.proposal
    return MinorVariance(
        percent=record.value,
        limit=reach,
        status=record.status,
        standard_id=record.id,
        section=record.section,
        subsection=record.subsection,
        proposed_percent=proposed_percent,
        proposed_limit=proposed_limit,
        proposed_by=proposed_by,
    )


def _reach(limit: float, percent: float, too_low: bool) -> float:
    share = limit * percent / 100.0
    return limit - share if too_low else limit + share


def adopted(
    findings: list[Finding], proposals: Collection[str], standards: Standards
) -> list[Finding]:
    """``findings`` with each minor-variance hint whose figure comes from one of the adopted
    ``proposals`` saying so (``status`` "adopted").

    The engine applies a proposal's records from the date its caller names, without knowing
    whether the proposal was adopted or is only previewed; a hint's ``status`` is then the
    record's own ("proposed"). The caller knows which proposals staff adopted (the site's
    Proposal records) and passes them here, so an adopted proposal's figure is said to be
    adopted law, and a previewed one stays "proposed"."""
    if not proposals:
        return findings
    out = None
    for index, finding in enumerate(findings):
        mv = finding.minor_variance
        if mv is None or mv.status == "adopted":
            continue
        try:
            record = standards.by_id(mv.standard_id)
        except KeyError:
            continue
        if record.proposal not in proposals:
            continue
        if out is None:
            out = list(findings)
        out[index] = replace(finding, minor_variance=replace(mv, status="adopted"))
    return findings if out is None else out
