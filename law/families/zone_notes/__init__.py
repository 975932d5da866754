"""The zone notes family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.zone_notes.check import TOPIC, check

FAMILY = Family(
    name="zone_notes",
    order=500,
    topic=TOPIC,
    rules=("dwelling.max_size", "residential.nu_standards"),
    check=check,
    inputs=("dwelling_units", "building_type", "ground_floor_residential"),
    notes=(
        "applies_80pct_units_multifamily",
        "residential_follows_nu_standards",
        "residential_and_mixed_use_follow_nu_standards",
    ),
    projects=("main_building",),
)
