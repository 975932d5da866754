"""Building permits for the main building: California Residential Code § R105.1 (known from
public pages quoting it; see law/families/permits/permits.toml). A new home or an addition is
construction or enlargement of a building, so it needs a building permit; the zoning clearance
of § 17.62.020 is given at that permit's review."""

from __future__ import annotations

from law.engine.common import Context, no_record, numberless
from law.engine.findings import Finding

TOPIC = "building"
RULE = "building.permit"


def check(ctx: Context, out: list[Finding]) -> None:
    record = ctx.view.get(RULE, ctx.zone)
    out.append(numberless(RULE, TOPIC, record) if record else no_record(RULE, TOPIC))
