"""The setbacks family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.setbacks.check import TOPIC, check

FAMILY = Family(
    name="setbacks",
    order=200,
    topic=TOPIC,
    rules=(
        "setback.front",
        "setback.front_alternate",
        "setback.interior_side",
        "setback.street_side",
        "setback.street_side_alternate",
        "setback.rear",
        "garage.placement",
    ),
    check=check,
    inputs=(
        "front_setback_ft",
        "interior_side_setback_ft",
        "street_side_setback_ft",
        "rear_setback_ft",
        "corner_lot",
        "abuts_residential",
        "dwelling_units",
        "building_type",
        "storeys",
        "ground_floor_residential",
    ),
    notes=(
        "build_to_line",
        "build_to_range",
        "gravenstein_frontage",
        "la_plaza_streets",
        "rowhouse_units_none",
        "upper_walls_10_plus_units",
        "behind_street_facing_facade",
        "behind_street_facing_facade_porch_or_stoop",
        "depends_on_building",
        "building_type_conflicts_units",
    ),
    relievable=("setback.front", "setback.interior_side", "setback.street_side", "setback.rear"),
    projects=("main_building",),
)
