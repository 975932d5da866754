"""Small factories for engine tests."""

from __future__ import annotations

from datetime import date

from rules.engine import Finding, Lot, MainBuilding, Plan, check_lot, load_standards

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
    fence=None,
    accessory=None,
    home_business=None,
    flood=None,
    adu=None,
    **lot_fields,
) -> list[Finding]:
    plan = Plan(
        building=building,
        fence=fence,
        accessory=accessory,
        home_business=home_business,
        flood=flood,
        adu=adu,
    )
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
