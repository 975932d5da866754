"""Where state ADU law prevails over a zone standard the engine also checks: the ADU family's
``after`` hook."""

from __future__ import annotations

import dataclasses

from law.engine.common import Context, at_most, num
from law.engine.findings import Finding, Status
from law.families.adu.common import FAIL, GUARANTEE, INFO, NEW, PASS, get
from law.families.adu.part import AduProposal

# Zone rules whose limit a state ADU guarantee displaces, and the record that does it.
# Only coverage is wired: the zone setback and height findings measure the main building
# (MainBuilding inputs), not the ADU, which has its own adu.setback.* and adu.height
# findings. check_lot runs apply_state_overrides (this family's ``after``) once every
# family has checked, before sorting.
OVERRIDES = {"coverage": ("adu.floor_area", "guaranteed")}


def apply_state_overrides(ctx: Context, findings: list[Finding]) -> list[Finding]:
    """``findings`` with each zone finding that a state ADU guarantee displaces marked:
    status ``info``, note ``state_law_prevails``, ``overridden_by`` the state record's id.

    Coverage: § 66321(b)(3) forbids lot coverage limits that would not let an ADU of up
    to 800 sq ft with 4 ft side and rear setbacks be built. We read the covered area
    entered as including a new ADU's footprint (taken as its floor area, i.e. one
    storey); the coverage limit yields only when the lot would meet it without the ADU,
    so a main building over the limit on its own still fails.
    """
    p = ctx.plan.adu
    if p is None or p.adu_type not in NEW:
        return findings
    at = {f.rule: index for index, f in enumerate(findings)}
    guarantee = [at.get(r) for r in ("adu.floor_area", "adu.setback.side", "adu.setback.rear")]
    if any(
        index is None or findings[index].status is not PASS or findings[index].note != GUARANTEE
        for index in guarantee
    ):
        return findings
    # The coverage guarantee is § 66321(b)(3)'s 800 sq ft, not the larger caps of (b)(2).
    size = get(ctx, *OVERRIDES["coverage"])
    if size is None or findings[guarantee[0]].standard_id != size.id:
        return findings
    result = findings
    for rule, target in OVERRIDES.items():
        index = at.get(rule)
        if index is None:
            continue
        finding = findings[index]
        if finding.status in (FAIL, Status.NEEDS_APPROVAL) and _without_adu_meets(ctx, finding, p):
            record = get(ctx, *target)
            if result is findings:
                result = list(findings)
            result[index] = dataclasses.replace(
                finding, status=INFO, note="state_law_prevails", overridden_by=record.id
            )
    return result


def _without_adu_meets(ctx: Context, finding: Finding, p: AduProposal) -> bool:
    lot_area = num(ctx.lot.area_sqft)
    area = num(p.adu_floor_area_sqft)
    if finding.value is None or finding.limit is None or not lot_area or area is None:
        return False
    return at_most(finding.value - area / lot_area * 100.0, finding.limit)
