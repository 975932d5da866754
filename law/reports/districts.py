"""One row per zoning district of the standards of §§ 17.24.020 (Table 2-4) and
17.24.030 (Tables 2-5 to 2-18), for the zoning-districts page.

Each figure is the Standard record itself (value, unit, citation, reading), or
None where the district has no such row; a record with comparison "none"
stands for "set through subdivision review", "N.A." or a table we do not
hold, as its note says.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from law.engine.loader import load_standards
from law.engine.standards import Proposals, Standard, Standards
from law.engine.zones import ZONES, Zone


@dataclass(frozen=True, slots=True)
class DistrictRow:
    zone: Zone
    min_area: Standard | None
    min_area_sqft: float | None  # converted where the code states acres
    min_area_acre: float | None  # the code's own acre figure (RR, RVL)
    min_width: Standard | None
    depth_to_width: Standard | None
    density_min: Standard | None
    density_max: Standard | None
    front: Standard | None  # a build-to line or range where comparison is "equal_or_range"
    front_alternate: Standard | None  # CG Gravenstein frontage, CD named streets
    interior_side: Standard | None
    interior_side_residential: Standard | None  # CD plexes and single-family
    interior_side_abutting_residential: Standard | None
    interior_side_upper_walls: Standard | None  # NM/NU, 10+ units, 2+ story walls
    street_side: Standard | None
    street_side_alternate: Standard | None  # CD named streets
    rear: Standard | None
    rear_abutting_residential: Standard | None
    garage_behind_facade: Standard | None
    coverage: Standard | None  # for RR/RVL, the sliding scale's 30% base
    coverage_counts: str | None  # "structures" or "structures_and_pavement"
    coverage_sliding: tuple[Standard, ...]  # base, base area, step, step area, floor
    height: Standard | None
    height_use_permit: Standard | None
    height_17_30_040_d: Standard | None
    max_dwelling_size: Standard | None
    residential_follows_nu: Standard | None


_SLIDING = (
    "sliding_base_percent",
    "sliding_base_area",
    "sliding_step_percent",
    "sliding_step_area",
    "sliding_floor_percent",
)


def district_rows(
    standards: Standards | None, as_of: date, *, proposals: Proposals | None = None
) -> list[DistrictRow]:
    if standards is None:
        standards = load_standards()
    view = standards.view(as_of, proposals)
    rows = []
    for code, zone in ZONES.items():

        def get(rule: str, case: str = "default", code: str = code) -> Standard | None:
            return view.get(rule, code, case)

        area = get("lot.area")
        numeric_area = area is not None and area.value is not None
        sliding = tuple(r for r in (get("coverage", c) for c in _SLIDING) if r is not None)
        coverage = get("coverage") or (sliding[0] if sliding else None)
        rows.append(
            DistrictRow(
                zone=zone,
                min_area=area,
                min_area_sqft=area.value_in("sqft") if numeric_area else None,
                min_area_acre=area.value if numeric_area and area.unit == "acre" else None,
                min_width=get("lot.width"),
                depth_to_width=view.get("lot.depth", code),
                density_min=get("density.min"),
                density_max=get("density.max"),
                front=get("setback.front"),
                front_alternate=get("setback.front_alternate"),
                interior_side=get("setback.interior_side"),
                interior_side_residential=get("setback.interior_side", "plex"),
                interior_side_abutting_residential=get(
                    "setback.interior_side", "abutting_residential"
                ),
                interior_side_upper_walls=get(
                    "setback.interior_side", "multifamily.two_plus_stories"
                ),
                street_side=get("setback.street_side"),
                street_side_alternate=get("setback.street_side_alternate"),
                rear=get("setback.rear"),
                rear_abutting_residential=get("setback.rear", "abutting_residential"),
                garage_behind_facade=get("garage.placement"),
                coverage=coverage,
                coverage_counts=coverage.counts if coverage is not None else None,
                coverage_sliding=sliding,
                height=get("height.main"),
                height_use_permit=get("height.main", "use_permit"),
                height_17_30_040_d=get("height.main", "section_17_30_040_d"),
                max_dwelling_size=get("dwelling.max_size"),
                residential_follows_nu=get("residential.nu_standards", "plex"),
            )
        )
    return rows
