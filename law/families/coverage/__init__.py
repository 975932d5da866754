"""The coverage family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.coverage.check import _COUNTS_NOTE, _FIELDS, RULE, TOPIC, check

FAMILY = Family(
    name="coverage",
    order=400,
    topic=TOPIC,
    rules=(RULE,),
    check=check,
    inputs=(*_FIELDS, "building_type", "dwelling_units", "ground_floor_residential"),
    notes=(*_COUNTS_NOTE.values(), "sliding_scale_between_readings"),
    projects=("main_building",),
)
