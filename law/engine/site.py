"""The lot and the main building: the parts of what a person tells us that every family may
read, asked on every check, and the project of building or changing the main building.

Every number is optional (``None`` = not entered): a rule whose inputs are missing comes back
``not_checked`` naming the missing fields, so the user sees what they could add. Only the lot's
zone is required. Each field the form asks for carries its ``Input`` (public name, label, unit,
help text, kind of field) in its metadata; the families' own parts (a fence, a shed...) are in
their folders.
"""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked
from law.engine.zones import ZONES

# What the project is: Tables 2-10, 2-11 and 2-14 and § 17.39.040 turn on it;
# without an answer the engine derives what it can from ``dwelling_units``.
BUILDING_TYPE_CHOICES = (
    ("single_family_new", "A new single-family home"),
    ("single_family_existing", "An existing single-family home"),
    ("plex", "A plex (duplex, triplex … up to nine homes)"),
    ("multifamily", "Multifamily (ten or more homes)"),
    ("nonresidential", "No homes (commercial, office, industrial …)"),
    ("mixed_use", "Mixed use (homes and other uses)"),
)
WORK_KIND_CHOICES = (
    ("new_construction", "New construction"),
    ("addition", "An addition"),
    ("substantial_improvement", "A substantial improvement of an existing building"),
)
BUILDING_TYPES = tuple(code for code, _label in BUILDING_TYPE_CHOICES)
WORK_KINDS = tuple(code for code, _label in WORK_KIND_CHOICES)

_FEET = {"unit": "feet", "maximum": 5_000}


@dataclass(frozen=True, slots=True)
class Lot:
    zone: str = asked(
        Input(
            label="Zoning district",
            kind="choice",
            choices=tuple((code, f"{code} – {zone.name}") for code, zone in ZONES.items()),
            required=True,
            help_text="Shown on the city's zoning map; the Planning Division can confirm it.",
        ),
        required=True,
    )
    area_sqft: float | None = asked(
        Input(
            name="lot_area_sqft",
            label="Lot area",
            unit="square feet",
            maximum=50_000_000,
            help_text="Net area, in square feet (1 acre = 43,560).",
        )
    )
    width_ft: float | None = asked(
        Input(name="lot_width_ft", label="Lot width", unit="feet", maximum=10_000)
    )
    depth_ft: float | None = asked(
        Input(name="lot_depth_ft", label="Lot depth", unit="feet", maximum=10_000)
    )
    corner_lot: bool = asked(
        Input(label="Corner lot (streets on two sides)", kind="yesno"), default=False
    )
    abuts_residential: bool = asked(
        Input(label="The lot abuts a residential zone", kind="yesno"), default=False
    )
    dwelling_units: int | None = asked(
        Input(label="Homes (dwelling units) on the lot", kind="whole", unit="homes", maximum=10_000)
    )
    hillside: bool = asked(Input(label="Hillside lot", kind="yesno"), default=False)
    # The project (None = not answered, never assumed): what it is; whether it is a
    # common-interest subdivision (Table 2-4, note 4); for a mixed-use project in CG,
    # whether homes are on the ground floor (Table 2-13).
    building_type: str | None = asked(
        Input(
            label="What the project is",
            kind="choice",
            choices=BUILDING_TYPE_CHOICES,
            help_text="Some districts set different setbacks for each kind of building.",
        )
    )
    common_interest_subdivision: bool | None = asked(
        Input(
            label="A condominium, townhouse or other common-interest subdivision",
            kind="answer",
            help_text="Ownership lots in such projects are sized through subdivision review.",
        )
    )
    ground_floor_residential: bool | None = asked(
        Input(label="Homes on the ground floor (mixed-use projects)", kind="answer")
    )


@dataclass(frozen=True, slots=True)
class MainBuilding:
    front_setback_ft: float | None = asked(
        Input(
            label="Front setback",
            help_text="Distance from the front property line to the building.",
            **_FEET,
        )
    )
    interior_side_setback_ft: float | None = asked(
        Input(label="Interior side setback (the narrower side)", **_FEET)
    )
    street_side_setback_ft: float | None = asked(
        Input(label="Street-side setback (corner lots)", **_FEET)
    )
    rear_setback_ft: float | None = asked(Input(label="Rear setback", **_FEET))
    height_ft: float | None = asked(
        Input(name="building_height_ft", label="Building height", unit="feet", maximum=1_000)
    )
    covered_area_sqft: float | None = asked(
        Input(
            label="Area covered",
            unit="square feet",
            maximum=50_000_000,
            help_text="Footprint of all buildings; in OSC, OSR, RR, RVL and CI add paved areas too.",
        )
    )
    # The hillside cap measured from the lowest point where the building touches grade.
    height_from_lowest_grade_ft: float | None = asked(
        Input(
            label="Height from the lowest point of the ground (hillside lots)",
            unit="feet",
            maximum=1_000,
            help_text="Measured from the lowest point where the building touches the ground.",
        )
    )
    # Tables 2-10, 2-11: 1-story vs 2-story walls; § 15.04.170: new or substantially improved.
    storeys: int | None = asked(
        Input(label="Stories of the building", kind="whole", unit="stories", maximum=100)
    )
    work_kind: str | None = asked(
        Input(
            label="Kind of work",
            kind="choice",
            choices=WORK_KIND_CHOICES,
            help_text="Flood rules for the lowest floor cover new and substantially improved buildings.",
        )
    )


BASE_PARTS = (
    Part(key="lot", legend="Your lot", type=Lot, always=True),
    Part(key="building", legend="Main building", type=MainBuilding, always=True),
)
BASE_PROJECTS = (
    Project(key="main_building", parts=("building",), order=50, builds=True, dwelling=True),
)
