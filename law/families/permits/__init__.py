"""The permits family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.permits.check import LAND_USE, RULE, TOPIC, check

FAMILY = Family(
    name="permits",
    order=450,
    topic=TOPIC,
    rules=(RULE, LAND_USE),
    check=check,
    notes=("building_permit_required", "housing_land_use_table"),
    # Only when something about the building was entered: a fence alone builds no house.
    applies=lambda ctx: ctx.plan.building is not None,
    projects=("main_building",),
)
