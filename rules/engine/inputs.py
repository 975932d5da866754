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
    # {distance}: the row's own distance, from its record's condition (rules/forms.py).
    (
        "no_setback_zone_within_20ft",
        "No setback required here: within {distance} of the front or street-side line",
    ),
    (
        "no_setback_zone_beyond_20ft",
        "No setback required here: {distance} or more behind the front or street-side line",
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
BUSINESS_KIND_CHOICES = (
    ("hair_salon", "Hair, nail or skin care (a home salon or barbershop)"),
    ("child_care", "Family child care"),
    ("cottage_food", "Cottage food (food made at home for sale)"),
    ("office", "Office, studio or online work"),
    ("other", "Something else"),
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
# Accessory dwelling units (Gov. Code §§ 66310-66342) and SB 9 (§§ 65852.21, 66411.7).
ADU_TYPE_CHOICES = (
    ("detached", "Detached: a new, separate building"),
    ("attached", "Attached: new, joined to the home"),
    ("conversion", "Conversion: inside existing space (part of the home, a garage, a shed)"),
    ("jadu", "Junior ADU (JADU): within the walls of a single-family home"),
)
EXISTING_DWELLING_CHOICES = (
    ("single_family", "A single-family home"),
    ("multifamily", "A multifamily building"),
    ("none", "No home, existing or proposed"),
)
SB9_CHOICES = (
    ("two_unit", "Two homes on the parcel (two-unit development, Gov. Code 65852.21)"),
    ("lot_split", "Split the lot in two (urban lot split, Gov. Code 66411.7)"),
)
FENCE_LOCATIONS = tuple(code for code, _label in FENCE_LOCATION_CHOICES)
FENCE_TYPES = tuple(code for code, _label in FENCE_TYPE_CHOICES)
ACCESSORY_TYPES = tuple(code for code, _label in ACCESSORY_TYPE_CHOICES)
FLOOD_ZONES = tuple(code for code, _label in FLOOD_ZONE_CHOICES)
BUILDING_TYPES = tuple(code for code, _label in BUILDING_TYPE_CHOICES)
WORK_KINDS = tuple(code for code, _label in WORK_KIND_CHOICES)
ADU_TYPES = tuple(code for code, _label in ADU_TYPE_CHOICES)
EXISTING_DWELLINGS = tuple(code for code, _label in EXISTING_DWELLING_CHOICES)
SB9_KINDS = tuple(code for code, _label in SB9_CHOICES)
BUSINESS_KINDS = tuple(code for code, _label in BUSINESS_KIND_CHOICES)

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
    footprint_sqft: float | None = asked(
        Input(
            name="accessory_footprint_sqft",
            label="Floor area",
            unit="square feet",
            maximum=1_000_000,
            help_text="Length times width: a 10 by 14 ft shed is 140 sq ft.",
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
    stories: int | None = asked(
        Input(
            name="accessory_stories",
            label="Stories",
            kind="whole",
            unit="stories",
            maximum=10,
        )
    )
    side_line_ft: float | None = asked(
        Input(
            name="accessory_side_line_ft",
            label="Distance to the nearest side lot line",
            unit="feet",
            maximum=10_000,
        )
    )
    rear_line_ft: float | None = asked(
        Input(
            name="accessory_rear_line_ft",
            label="Distance to the rear lot line",
            unit="feet",
            maximum=10_000,
        )
    )
    house_distance_ft: float | None = asked(
        Input(
            name="accessory_house_distance_ft",
            label="Distance to the house",
            unit="feet",
            maximum=10_000,
        )
    )


@dataclass(frozen=True, slots=True)
class HomeBusiness:
    kind: str | None = asked(
        Input(
            name="business_kind",
            label="Kind of business",
            kind="choice",
            choices=BUSINESS_KIND_CHOICES,
        )
    )
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


# The official text of a California code section (and, for a definition, the section that
# holds it); the site's own /code/<number>/ pages link these too.
_LEGINFO = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode={code}&sectionNum={n}"
_SQFT = {"unit": "square feet", "maximum": 1_000_000}
_PARCEL_SQFT = {"unit": "square feet", "maximum": 50_000_000}


@dataclass(frozen=True, slots=True)
class AduProposal:
    """An accessory dwelling unit, a junior ADU, or an SB 9 project.

    ``existing_dwelling`` is the home on the lot, existing or proposed with the ADU.
    ``near_transit``: within one-half mile walking distance of public transit (Gov. Code
    § 66322(a)(1), parking; "public transit" is defined in § 66313); ``near_major_transit``:
    within one-half mile walking distance of a major transit stop or a high-quality transit
    corridor (§ 66321(b)(4)(B), height; Public Resources Code § 21155). ``adu_count``: how
    many ADUs of this type the lot will have, this one included; ``existing_units``: the
    dwelling units in the existing multifamily building. ``sb9`` asks about an SB 9
    two-unit development or urban lot split instead of (or as well as) an ADU. A yes/no
    question the statute turns on is an ``answer`` (None: not answered).
    """

    adu_type: str | None = asked(
        Input(label="Kind of unit", kind="choice", choices=ADU_TYPE_CHOICES)
    )
    adu_floor_area_sqft: float | None = asked(
        Input(
            label="Unit's floor area",
            help_text="Interior livable space of the ADU or JADU.",
            **_SQFT,
        )
    )
    adu_bedrooms: int | None = asked(
        Input(label="Bedrooms in the unit", kind="whole", unit="bedrooms", maximum=100)
    )
    adu_height_ft: float | None = asked(Input(label="Unit's height", unit="feet", maximum=1_000))
    adu_side_setback_ft: float | None = asked(
        Input(
            label="Unit's side setback",
            help_text="Distance from the side property line to the unit.",
            **_FEET,
        )
    )
    adu_rear_setback_ft: float | None = asked(
        Input(
            label="Unit's rear setback",
            help_text="Distance from the rear property line to the unit.",
            **_FEET,
        )
    )
    existing_dwelling: str | None = asked(
        Input(
            label="Home on the lot (existing, or proposed with the unit)",
            kind="choice",
            choices=EXISTING_DWELLING_CHOICES,
        )
    )
    primary_floor_area_sqft: float | None = asked(
        Input(
            label="Main home's floor area",
            help_text="Used to show how impact fees scale for a unit over the fee-free size.",
            **_SQFT,
        )
    )
    near_transit: bool | None = asked(
        Input(
            label="Within one-half mile walking distance of public transit",
            kind="answer",
            help_text=(
                "The statute's own test (Gov. Code 66322(a)(1)); what counts as public transit"
                " is defined in Gov. Code 66313. Decides whether parking may be required."
            ),
            definition_url=_LEGINFO.format(code="GOV", n="66313"),
        )
    )
    near_major_transit: bool | None = asked(
        Input(
            label=(
                "Within one-half mile walking distance of a major transit stop or a"
                " high-quality transit corridor"
            ),
            kind="answer",
            help_text=(
                "In the statute's terms (Gov. Code 66321(b)(4)(B)), as Public Resources Code"
                " 21155 defines them; decides the height a detached unit may have."
            ),
            definition_url=_LEGINFO.format(code="PRC", n="21155"),
        )
    )
    car_share_within_one_block: bool = asked(
        Input(label="A car-share vehicle is parked within one block", kind="yesno"),
        default=False,
    )
    historic_district: bool = asked(
        Input(
            label="In an architecturally and historically significant historic district",
            kind="yesno",
        ),
        default=False,
    )
    adu_count: int | None = asked(
        Input(
            label="ADUs of this kind on the lot, this one included",
            kind="whole",
            unit="units",
            maximum=1_000,
            help_text="Leave empty for just this one.",
        ),
        default=1,
    )
    existing_units: int | None = asked(
        Input(
            label="Homes in the existing multifamily building",
            kind="whole",
            unit="homes",
            maximum=10_000,
        )
    )
    sb9: str | None = asked(Input(label="SB 9 project", kind="choice", choices=SB9_CHOICES))
    # SB 9 eligibility, in the statutes' terms (None: not answered).
    sb9_single_family_zone: bool | None = asked(
        Input(label="SB 9: the parcel is in a single-family residential zone", kind="answer")
    )
    sb9_site_excluded: bool | None = asked(
        Input(
            label=(
                "SB 9: the site is in an area Gov. Code 65913.4(a)(6)(B)-(K) lists"
                " (farmland, wetlands, fire or flood hazard, protected habitat...)"
            ),
            kind="answer",
            definition_url=_LEGINFO.format(code="GOV", n="65913.4"),
        )
    )
    sb9_protected_housing: bool | None = asked(
        Input(
            label=(
                "SB 9: the project demolishes or alters affordable, rent-controlled or"
                " recently tenant-occupied housing"
            ),
            kind="answer",
        )
    )
    sb9_ellis_withdrawal: bool | None = asked(
        Input(
            label="SB 9: rentals on the parcel were withdrawn under the Ellis Act in the last 15 years",
            kind="answer",
        )
    )
    sb9_walls_demolished_percent: float | None = asked(
        Input(
            label="SB 9: share of the existing exterior structural walls demolished",
            unit="percent",
            maximum=100,
        )
    )
    sb9_lot_a_sqft: float | None = asked(
        Input(label="SB 9 lot split: area of the first new parcel", **_PARCEL_SQFT)
    )
    sb9_lot_b_sqft: float | None = asked(
        Input(label="SB 9 lot split: area of the second new parcel", **_PARCEL_SQFT)
    )


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
    adu: AduProposal | None = None


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
    # An ADU, JADU or SB 9 project: the kind of unit or project (or its size) says there is one.
    Part(
        key="adu",
        legend="Accessory dwelling unit (ADU), JADU or SB 9",
        type=AduProposal,
        present_if=("adu_type", "sb9", "adu_floor_area_sqft"),
    ),
)
