"""Small factories for engine tests."""

from __future__ import annotations

from datetime import date

from law.engine import Finding, check_lot, load_standards
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot, MainBuilding

# A date on which every adopted record is in force (the latest vouch date is
# the peer page's 2026-10-01).
AS_OF = date(2026, 11, 1)


def check(
    zone: str,
    *,
    building: MainBuilding | None = None,
    as_of: date = AS_OF,
    preview: bool = False,
    proposals=None,
    **fields,
) -> list[Finding]:
    """Findings for a lot in ``zone``: keyword arguments named for a part of the plan
    (``fence=Fence(...)``, any family's part) are the plan, the others the lot's fields."""
    parts = {key: fields.pop(key) for key in list(fields) if key in registry().part_inputs}
    lot_fields = fields
    plan = Plan(building=building, **parts)
    if preview:  # every proposal applied as of the check date
        proposals = load_standards().preview(as_of)
    return check_lot(Lot(zone=zone, **lot_fields), plan, as_of=as_of, proposals=proposals)


def adu_findings(lot: Lot, proposal, *, as_of: date = AS_OF) -> list[Finding]:
    """The ADU family's findings when the plan is only this ADU, JADU or SB 9 project."""
    return [f for f in check_lot(lot, Plan(adu=proposal), as_of=as_of) if f.topic == "adu"]


def one(findings: list[Finding], rule: str) -> Finding:
    matches = [f for f in findings if f.rule == rule]
    assert len(matches) == 1, f"expected one {rule!r} finding, got {len(matches)}"
    return matches[0]


def rules_of(findings: list[Finding]) -> list[str]:
    return [f.rule for f in findings]
