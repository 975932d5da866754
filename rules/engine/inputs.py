"""What the user tells us about the lot and the plan, as frozen dataclasses.

Every number is optional (``None`` = not entered): a rule whose inputs are
missing comes back ``not_checked`` naming the missing fields, so the user sees
what they could add. Only the lot's zone is required.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FENCE_LOCATIONS = (
    "front_or_street_side_setback",
    "interior_side_or_rear_setback",
    "outside_setbacks",
    "sight_visibility_area",
    "no_setback_zone_within_20ft",
    "no_setback_zone_beyond_20ft",
)
FENCE_TYPES = ("solid", "open")
ACCESSORY_TYPES = ("shed", "detached_garage", "other")
FLOOD_ZONES = ("none", "X", "A", "AE", "AH", "A1-30", "AO")


@dataclass(frozen=True, slots=True)
class Lot:
    zone: str
    area_sqft: float | None = None
    width_ft: float | None = None
    depth_ft: float | None = None
    corner_lot: bool = False
    abuts_residential: bool = False
    dwelling_units: int | None = None
    hillside: bool = False


@dataclass(frozen=True, slots=True)
class MainBuilding:
    front_setback_ft: float | None = None
    interior_side_setback_ft: float | None = None
    street_side_setback_ft: float | None = None
    rear_setback_ft: float | None = None
    height_ft: float | None = None
    covered_area_sqft: float | None = None
    # Not on the form yet; the hillside 35 ft cap is measured this way.
    height_from_lowest_grade_ft: float | None = None


@dataclass(frozen=True, slots=True)
class Fence:
    height_in: float | None = None
    location: str | None = None
    type: str | None = None


@dataclass(frozen=True, slots=True)
class AccessoryStructure:
    type: str | None = None
    height_ft: float | None = None


@dataclass(frozen=True, slots=True)
class HomeBusiness:
    home_floor_area_sqft: float | None = None
    business_floor_area_sqft: float | None = None
    visitor_trips_per_day: float | None = None
    clients_at_once: float | None = None


@dataclass(frozen=True, slots=True)
class FloodData:
    zone: str | None = None
    base_flood_elevation_ft: float | None = None
    lowest_floor_elevation_ft: float | None = None
    highest_adjacent_grade_ft: float | None = None
    depth_number_ft: float | None = None
    in_floodway: bool = False


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
