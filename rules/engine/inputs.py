"""What the user tells us about the lot and the plan, as frozen dataclasses.

Every number is optional (``None`` = not entered): a rule whose inputs are
missing comes back ``not_checked`` naming the missing fields, so the user sees
what they could add. Only the lot's zone is required.

Each field the form asks for carries its ``Input`` (public name, label, unit,
help text, kind of field) in its metadata, and ``PARTS`` lists the dataclasses
in form order: the Check my lot form, its sections and ``to_engine`` are built
from these declarations (see ``registry.py``), never listed again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.registry import Input, Part, asked
from rules.engine.zones import ZONES

FENCE_LOCATION_CHOICES = (
    ("front_or_street_side_setback", "In the front or street-side setback"),
    ("interior_side_or_rear_setback", "In an interior side or rear setback"),
    ("outside_setbacks", "Outside every required setback"),
    ("sight_visibility_area", "In a sight visibility area at a corner or driveway"),
    (
        "no_setback_zone_within_20ft",
        "No setback required here: within 20 ft of the front or street-side line",
    ),
    (
        "no_setback_zone_beyond_20ft",
        "No setback required here: 20 ft or more behind the front or street-side line",
    ),
)
FENCE_TYPE_CHOICES = (
    ("solid", "Solid (wall, hedge, board fence)"),
    ("open", "Open design (lattice, wrought iron, grille)"),
)
ACCESSORY_TYPE_CHOICES = (
    ("shed", "Shed or workshop"),
    ("detached_garage", "Detached garage"),
    ("agricultural", "Barn or other agricultural building"),
    ("other", "Other accessory structure"),
)
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
FLOOD_ZONE_CHOICES = (
    ("none", "Not in a mapped flood zone"),
    ("X", "Zone X (outside the special flood hazard area)"),
    ("A", "Zone A (no base flood elevation on the map)"),
    ("AE", "Zone AE"),
    ("AH", "Zone AH"),
    ("A1-30", "Zones A1–A30"),
    ("AO", "Zone AO (shallow flooding, depth number)"),
)
FENCE_LOCATIONS = tuple(code for code, _label in FENCE_LOCATION_CHOICES)
FENCE_TYPES = tuple(code for code, _label in FENCE_TYPE_CHOICES)
ACCESSORY_TYPES = tuple(code for code, _label in ACCESSORY_TYPE_CHOICES)
FLOOD_ZONES = tuple(code for code, _label in FLOOD_ZONE_CHOICES)
BUILDING_TYPES = tuple(code for code, _label in BUILDING_TYPE_CHOICES)
WORK_KINDS = tuple(code for code, _label in WORK_KIND_CHOICES)

_FEET = {"unit": "feet", "maximum": 5_000}
_ELEVATION = {"unit": "feet", "minimum": -1_000, "maximum": 30_000}


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
            kind="yesno_open",
            help_text="Ownership lots in such projects are sized through subdivision review.",
        )
    )
    ground_floor_residential: bool | None = asked(
        Input(label="Homes on the ground floor (mixed-use projects)", kind="yesno_open")
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


@dataclass(frozen=True, slots=True)
class Fence:
    height_in: float | None = asked(
        Input(
            name="fence_height_in",
            label="Fence, wall or hedge height",
            unit="inches",
            maximum=1_200,
            help_text="In inches (6 ft = 72 in.).",
        )
    )
    location: str | None = asked(
        Input(
            name="fence_location",
            label="Where it stands",
            kind="choice",
            choices=FENCE_LOCATION_CHOICES,
        )
    )
    type: str | None = asked(
        Input(name="fence_type", label="Design", kind="choice", choices=FENCE_TYPE_CHOICES)
    )


@dataclass(frozen=True, slots=True)
class AccessoryStructure:
    type: str | None = asked(
        Input(
            name="accessory_type",
            label="Kind of structure",
            kind="choice",
            choices=ACCESSORY_TYPE_CHOICES,
        )
    )
    height_ft: float | None = asked(
        Input(
            name="accessory_height_ft",
            label="Height of the structure",
            unit="feet",
            maximum=1_000,
        )
    )


@dataclass(frozen=True, slots=True)
class HomeBusiness:
    home_floor_area_sqft: float | None = asked(
        Input(label="Home's gross floor area", unit="square feet", maximum=1_000_000)
    )
    business_floor_area_sqft: float | None = asked(
        Input(label="Floor area used by the business", unit="square feet", maximum=1_000_000)
    )
    visitor_trips_per_day: float | None = asked(
        Input(
            label="Visitor vehicle trips per day",
            unit="trips",
            maximum=100_000,
            help_text="Count each arrival and each departure.",
        )
    )
    clients_at_once: float | None = asked(
        Input(
            label="Clients (or client families) at one time",
            kind="whole",
            unit="clients",
            maximum=10_000,
        )
    )


@dataclass(frozen=True, slots=True)
class FloodData:
    zone: str | None = asked(
        Input(
            name="flood_zone",
            label="Flood zone on the FEMA map",
            kind="choice",
            choices=FLOOD_ZONE_CHOICES,
        )
    )
    base_flood_elevation_ft: float | None = asked(Input(label="Base flood elevation", **_ELEVATION))
    lowest_floor_elevation_ft: float | None = asked(
        Input(label="Lowest floor elevation", **_ELEVATION)
    )
    highest_adjacent_grade_ft: float | None = asked(
        Input(label="Highest adjacent grade", **_ELEVATION)
    )
    depth_number_ft: float | None = asked(
        Input(label="Depth number on the map (AO zones)", unit="feet", maximum=100)
    )
    in_floodway: bool = asked(Input(label="In a regulatory floodway", kind="yesno"), default=False)


@dataclass(frozen=True, slots=True)
class Plan:
    """The proposal. ``building`` may be None: its rules are still reported
    (as ``not_checked``), because every lot has them. The other parts are None
    when the user did not ask about them, and then produce no findings."""

    building: MainBuilding | None = None
    fence: Fence | None = None
    accessory: AccessoryStructure | None = None
    home_business: HomeBusiness | None = None
    flood: FloodData | None = field(default=None)


# The parts in form order; each key but "lot" is a Plan attribute.
PARTS = (
    Part(key="lot", legend="Your lot", type=Lot, always=True),
    Part(key="building", legend="Main building", type=MainBuilding, always=True),
    Part(key="fence", legend="Fence, wall or hedge", type=Fence),
    Part(
        key="accessory", legend="Shed, garage or other accessory structure", type=AccessoryStructure
    ),
    Part(key="home_business", legend="Business at home", type=HomeBusiness),
    # Flood rules depend on the zone: the other answers alone ask nothing.
    Part(key="flood", legend="Flood zone", type=FloodData, present_if=("flood_zone",)),
)
