"""The parcel family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.parcel.check import TOPIC, check

FAMILY = Family(
    name="parcel",
    order=100,
    topic=TOPIC,
    rules=("lot.area", "lot.area_corner", "lot.width", "lot.depth", "density.min", "density.max"),
    check=check,
    inputs=(
        "lot_area_sqft",
        "lot_width_ft",
        "lot_depth_ft",
        "corner_lot",
        "dwelling_units",
        "building_type",
        "common_interest_subdivision",
    ),
    notes=(
        "caretaker_unit_only",
        "corner_lot_subdivision",
        "mixed_use_reduction_possible",
        "single_unit_on_lot",
        "applies_two_or_more_units",
        "common_interest_subdivision_review",
        "common_interest_site_minimum",
        "new_lots_only",
        "new_lots_meet_minimum",
        "legal_nonconforming_lot",
        "minimum_above_maximum",
        "existing_home_adds_none",
    ),
    relievable=("lot.width", "lot.depth"),  # 17.62.060(C)(2): dimensions, not area
    projects=("main_building",),
)
