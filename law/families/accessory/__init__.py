"""The accessory family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the form part and project in ``part.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.accessory.check import PERMIT, RULE, SETBACKS, TOPIC, check
from law.families.accessory.part import PART, PROJECT

FAMILY = Family(
    name="accessory",
    order=700,
    topic=TOPIC,
    rules=(RULE, SETBACKS, PERMIT),
    check=check,
    inputs=(
        "accessory_type",
        "accessory_footprint_sqft",
        "accessory_height_ft",
        "accessory_stories",
        "accessory_side_line_ft",
        "accessory_rear_line_ft",
        "accessory_house_distance_ft",
    ),
    notes=(
        "detached_garage_excepted",
        "agricultural_accessory_17_42_020",
        "building_permit_exempt_shed",
        "building_permit_over_one_story",
        "exemption_names_sheds",
    ),
    relievable=(RULE,),
    applies=lambda ctx: ctx.plan.accessory is not None,
    feature="accessory",
    part=PART,
    project=PROJECT,
    projects=("accessory_structure",),
)
