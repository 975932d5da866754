"""Building permits for the main building: California Residential Code § R105.1 (known from
public pages quoting it; see rules/data/permits.toml). A new home or an addition is
construction or enlargement of a building, so it needs a building permit; the zoning clearance
of § 17.62.020 is given at that permit's review."""

from __future__ import annotations

from rules.engine._common import Context, no_record, numberless
from rules.engine.findings import Finding
from rules.engine.registry import Family

TOPIC = "building"
RULE = "building.permit"


def check(ctx: Context, out: list[Finding]) -> None:
    record = ctx.view.get(RULE, ctx.zone)
    out.append(numberless(RULE, TOPIC, record) if record else no_record(RULE, TOPIC))


FAMILY = Family(
    name="permits",
    order=450,
    topic=TOPIC,
    rules=(RULE,),
    check=check,
    notes=("building_permit_required",),
    # Only when something about the building was entered: a fence alone builds no house.
    applies=lambda ctx: ctx.plan.building is not None,
    projects=("main_building",),
)
