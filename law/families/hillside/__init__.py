"""The hillside family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.hillside.check import TOPIC, check

FAMILY = Family(
    name="hillside",
    order=1000,
    topic=TOPIC,
    rules=("hillside.height", "hillside.height_from_lowest_grade"),
    check=check,
    inputs=("building_height_ft", "height_from_lowest_grade_ft"),
    relievable=("hillside.height", "hillside.height_from_lowest_grade"),
    applies=lambda ctx: ctx.lot.hillside,
    feature="hillside",
    form_section="lot",  # the topic page's link opens the section with "Hillside lot"
    site_condition=True,
    # The limits are the height of a home (the main building, an ADU), not of a shed.
    dwelling_rules=("hillside.height", "hillside.height_from_lowest_grade"),
    asked_by="hillside",  # the lot's yes/no: the heights are asked only on yes
)
