"""The entry point: check a lot and a plan against the standards in force on
a given date, returning one finding per rule in a fixed order (by family, then
by the rule order each family declares: ``registry().rule_order``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from law.engine.common import Context
from law.engine.findings import Finding
from law.engine.loader import load_standards
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot
from law.engine.standards import Proposals, Standards
from law.engine.zones import ZONES

_NO_PLAN = Plan()
_NO_STANDARD = "no_standard_for_zone"


def check_lot(
    lot: Lot,
    plan: Plan,
    *,
    as_of: date,
    standards: Standards | None = None,
    proposals: Proposals | None = None,
) -> list[Finding]:
    """Findings for ``lot`` and ``plan`` under the standards in force on
    ``as_of``, with each proposal named in ``proposals`` applied from the date
    given for it (``{"spring-2026-cleanup": date(2027, 1, 1)}``; ``None`` for one
    still pending, whose figures are only mentioned; see ``standards.Proposals``).
    The caller decides: an adopted proposal applies from its effective date, a
    previewed one from ``as_of``. Raises ValueError for an unknown proposal.

    Each registered family runs when its ``applies`` says so: lot and
    main-building rules always (``not_checked`` with the missing field names
    when inputs are absent); fence, accessory, home business and flood
    findings only when that part of the plan is given (for flood: with a flood
    zone), hillside findings only on a hillside lot, ADU/JADU/SB 9 findings only
    with an ADU part. Then each applying family's ``after`` hook may revise the
    findings (state ADU law prevailing over a zone's coverage limit).
    Raises ValueError for a zone the engine does not know.
    """
    if lot.zone not in ZONES:
        raise ValueError(f"unknown zone {lot.zone!r}")
    if isinstance(as_of, datetime):
        as_of = as_of.date()
    elif not isinstance(as_of, date):
        raise TypeError("as_of must be a date")
    if standards is None:
        standards = load_standards()
    plan = plan if plan is not None else _NO_PLAN
    families = registry()
    for key in plan.parts:
        if key not in families.part_inputs:
            raise ValueError(f"unknown part of the plan {key!r}")
    ctx = Context(standards.view(as_of, proposals), lot, plan, families.relievable)
    out: list[Finding] = []
    for family in families.families:
        if family.applies is None or family.applies(ctx):
            family.check(ctx, out)
    for applies, after in families.after:
        if applies is None or applies(ctx):
            out = after(ctx, out)
    out.sort(key=families.rule_rank)
    return [_dated(f, ctx) if f.note == _NO_STANDARD else f for f in out]


def _dated(finding: Finding, ctx: Context) -> Finding:
    """A rule with no record on ``as_of`` but one from a later date: say from
    when we vouch for it, rather than that the code has no figure."""
    if finding.standard_id is not None:
        return finding
    start = ctx.view.vouched_from(finding.rule, ctx.zone)
    if start is None:
        return finding
    return replace(finding, note="before_vouched_date", vouched_from=start)
