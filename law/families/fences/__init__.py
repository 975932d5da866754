"""The fences family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the form part and project in ``part.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.fences.check import RULE, TOPIC, check
from law.families.fences.part import PART, PROJECT

FAMILY = Family(
    name="fences",
    order=600,
    topic=TOPIC,
    rules=(RULE,),
    check=check,
    # A corner lot's street-side setback decides where a "within 20 ft" fence stands.
    inputs=("fence_height_in", "fence_location", "fence_type", "corner_lot"),
    notes=(
        "building_permit_over_7ft",
        "open_design_above_7ft",
        "minor_use_permit_and_adr",
        "fence_location_not_in_zone",
        "fence_location_rerouted",
        "note_2_redline_pair",
        "note_2_between_readings",
    ),
    applies=lambda ctx: ctx.plan.fence is not None,
    feature="fence",
    part=PART,
    project=PROJECT,
    projects=("fence",),
)
