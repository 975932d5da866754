"""Building permits for the main building: California Residential Code § R105.1 (known from
public pages quoting it; see law/families/permits/permits.toml). A new home or an addition is
construction or enlargement of a building, so it needs a building permit; the zoning clearance
of § 17.62.020 is given at that permit's review.

The planning permit a housing project needs by § 17.22.020's land-use table, where the site
holds the table: the transit corridor and specific plan districts' (TOC, SW), as the Spring
2026 redline prints its unchanged rows (``housing.land_use``, by building type: a plex, or
ten homes or more). Elsewhere the table is not held and nothing is said."""

from __future__ import annotations

from law.engine.common import Context, no_record, numberless
from law.engine.findings import Finding

TOPIC = "building"
RULE = "building.permit"
LAND_USE = "housing.land_use"
# The building types the land-use table has a row for (law/engine/site.py BUILDING_TYPES).
_HOUSING_ROWS = ("plex", "multifamily")


def check(ctx: Context, out: list[Finding]) -> None:
    record = ctx.view.get(RULE, ctx.zone)
    out.append(numberless(RULE, TOPIC, record) if record else no_record(RULE, TOPIC))
    kind = ctx.lot.building_type
    if kind in _HOUSING_ROWS:
        row = ctx.view.get(LAND_USE, ctx.zone, kind)
        if row is not None:
            out.append(numberless(LAND_USE, TOPIC, row))
