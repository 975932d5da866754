"""The adu family: its declaration (rules, inputs, notes, projects); the check is in
``check.py``, the form part and project in ``part.py``, the records in the folder's TOML files."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.adu.check import FIELDS, ROOF_PITCH, RULES, adds_homes_on, check
from law.families.adu.common import TOPIC
from law.families.adu.overrides import apply_state_overrides
from law.families.adu.part import PART, PROJECT

FAMILY = Family(
    name="adu",
    order=1100,
    topic=TOPIC,
    rules=RULES,
    check=check,
    # The coverage it prevails over reads the lot's area too.
    inputs=(*FIELDS, "lot_area_sqft"),
    notes=(
        "state_guarantee",
        "depends_on_cotati",
        "state_figure_not_held",
        "needs_primary_dwelling",
        "adu_zone_allows_no_homes",
        "jadu_single_family_only",
        "conversion_existing_space",
        "parking_exempt",
        "parking_none_state_unit",
        "parking_up_to_cotati",
        "parking_up_to_cotati_2024",
        "ministerial_deadline",
        "completeness_deadline",
        "no_impact_fee",
        "no_impact_fee_below",
        "impact_fee_over",
        "impact_fee_from",
        "impact_fee_proportional",
        "impact_fee_proportional_from",
        "impact_fee_depends_on_size",
        "impact_fee_depends_on_size_from",
        "not_a_jadu",
        "state_law_prevails",
        "adu_no_owner_occupancy",
        "adu_rental_term_may",
        "jadu_owner_occupancy",
        "jadu_owner_occupancy_shared",
        "jadu_rental_term",
        ROOF_PITCH,
    ),
    applies=lambda ctx: ctx.plan.adu is not None,
    feature="adu",
    after=apply_state_overrides,
    part=PART,
    project=PROJECT,
    projects=("adu",),
    # Offered beside a plan with more homes than its lot allows only where the zone takes one.
    adds_homes_on=adds_homes_on,
)
