"""The height family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.height.check import RULE, TOPIC, check

FAMILY = Family(
    name="height",
    order=300,
    topic=TOPIC,
    rules=(RULE,),
    check=check,
    inputs=("building_height_ft", "building_type", "dwelling_units", "ground_floor_residential"),
    notes=("or_section_17_30_040_d",),
    relievable=(RULE,),
    projects=("main_building",),
)
