"""The home business family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the form part and project in ``part.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.home_business.check import TOPIC, check
from law.families.home_business.part import PART, PROJECT

FAMILY = Family(
    name="home_business",
    order=800,
    topic=TOPIC,
    rules=(
        "home_business.permit",
        "home_business.floor_area",
        "home_business.visitor_trips",
        "home_business.clients",
        "home_business.business_license",
        "home_business.state_license",
        "home_business.food_registration",
    ),
    check=check,
    notes=(
        "business_license_every_business",
        "board_of_barbering_and_cosmetology",
        "family_child_care_residential_use",
        "family_child_care_not_home_occupation",
        "family_child_care_no_business_license",
        "family_child_care_state_license",
        "cottage_food_residential_use",
        "cottage_food_limits_only",
        "cottage_food_permit_path",
        "cottage_food_over_traffic",
        "home_occupation_zoning_clearance",
        "cottage_food_registration",
    ),
    inputs=(
        "business_kind",
        "home_floor_area_sqft",
        "business_floor_area_sqft",
        "visitor_trips_per_day",
        "clients_at_once",
    ),
    applies=lambda ctx: ctx.plan.home_business is not None,
    feature="home_business",
    part=PART,
    project=PROJECT,
    projects=("home_business",),
)
