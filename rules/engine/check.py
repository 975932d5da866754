"""The entry point: check a lot and a plan against the standards in force on
a given date, returning one finding per rule in a fixed order (by topic, then
by the rule order in ``findings.RULE_ORDER``)."""

from __future__ import annotations

from datetime import date, datetime

from rules.engine import (
    accessory,
    coverage,
    fences,
    flood,
    height,
    hillside,
    home_business,
    parcel,
    setbacks,
    zone_notes,
)
from rules.engine._common import Context
from rules.engine.findings import Finding, rule_rank
from rules.engine.inputs import Lot, Plan
from rules.engine.standards import Standards, load_standards
from rules.engine.zones import ZONES

_NO_PLAN = Plan()


def check_lot(
    lot: Lot,
    plan: Plan,
    *,
    as_of: date,
    standards: Standards | None = None,
    include_proposed: bool = False,
) -> list[Finding]:
    """Findings for ``lot`` and ``plan`` under the standards in force on
    ``as_of`` (and, with ``include_proposed``, the proposed amendments).

    Lot and main-building rules are always reported (``not_checked`` with the
    missing field names when inputs are absent); fence, accessory, home
    business and flood findings only when that part of the plan is given (for
    flood: with a flood zone), hillside findings only on a hillside lot.
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
    ctx = Context(standards.view(as_of, include_proposed), lot, plan, include_proposed)
    out: list[Finding] = []
    parcel.check(ctx, out)
    setbacks.check(ctx, out)
    height.check(ctx, out)
    coverage.check(ctx, out)
    zone_notes.check(ctx, out)
    if plan.fence is not None:
        fences.check(ctx, out)
    if plan.accessory is not None:
        accessory.check(ctx, out)
    if plan.home_business is not None:
        home_business.check(ctx, out)
    if plan.flood is not None and plan.flood.zone is not None:
        flood.check(ctx, out)
    if lot.hillside:
        hillside.check(ctx, out)
    out.sort(key=rule_rank)
    return out
