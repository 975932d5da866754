"""The flood family: its declaration (rules, inputs, notes; a site condition); the check is
in ``check.py``, the form part in ``part.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.flood.check import TOPIC, check
from law.families.flood.part import PART

FAMILY = Family(
    name="flood",
    order=900,
    topic=TOPIC,
    rules=("flood.permit", "flood.lowest_floor", "flood.floodway", "flood.cumulative_rise"),
    check=check,
    inputs=(
        "flood_zone",
        "base_flood_elevation_ft",
        "lowest_floor_elevation_ft",
        "highest_adjacent_grade_ft",
        "depth_number_ft",
        "in_floodway",
        "work_kind",
        "substantial_improvement",
    ),
    notes=(
        "special_flood_hazard_area",
        "outside_special_flood_hazard_area",
        "bfe_per_15_04_140_c",
        "ao_depth_number_first",
        "engineer_no_rise_certification",
        "until_floodway_adopted",
        "new_or_substantially_improved_only",
        "substantial_improvement_threshold",
        "not_substantially_improved",
        "nonresidential_dry_floodproofing",
    ),
    applies=lambda ctx: ctx.plan.flood is not None and ctx.plan.flood.zone is not None,
    feature="flood",
    part=PART,
    site_condition=True,
    asked_by="in_flood_zone",  # one yes/no; the zone and elevations only on yes (part.py)
    # § 15.04.170 sets the lowest floor of residential structures (new or substantially
    # improved homes), so it bears on a home or an ADU, not on a shed.
    dwelling_rules=("flood.lowest_floor",),
)
