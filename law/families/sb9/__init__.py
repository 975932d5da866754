"""The sb9 family: two homes on a lot, or a lot split in two, under SB 9 (Gov. Code
§§ 65852.21 and 66411.7). Its declaration; the check is in ``check.py``, the form part and
project ("Two homes, or split my lot") in ``part.py``, the records in ``sb9.toml``."""

from __future__ import annotations

from law.engine.declarations import Family
from law.families.sb9.check import FIELDS, RULES, TOPIC, adds_homes_on, check
from law.families.sb9.part import PART, PROJECT

FAMILY = Family(
    name="sb9",
    order=1150,
    topic=TOPIC,
    rules=RULES,
    check=check,
    # The lot split compares its new lots with the lot's area.
    inputs=(*FIELDS, "lot_area_sqft"),
    notes=(
        "sb9_guarantee",
        "sb9_depends_on_cotati",
        "sb9_not_in_force",
        "sb9_single_family_zone",
        "sb9_not_single_family_zone",
        "sb9_disqualified",
        "sb9_owner_occupancy",
        "sb9_no_walls_limit",
        "sb9_zone_standards",
        "sb9_existing_structure",
        "sb9_deadline",
        "sb9_split_homes_guaranteed",
    ),
    applies=lambda ctx: ctx.plan.sb9 is not None,
    # Shown on the ADU topic page ("Adding a home: ADUs, JADUs and SB 9") with the ADU family's
    # key numbers; its link opens the ADU questions, as it did when SB 9 was asked there.
    feature="adu",
    form_section="adu",
    part=PART,
    project=PROJECT,
    projects=("sb9",),
    # Offered beside a plan with more homes than its lot allows only in a single-family zone.
    adds_homes_on=adds_homes_on,
)
