"""What a person tells us about the lot's flood zone: the form part (a site condition: no
project of its own)."""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, asked

FLOOD_ZONE_CHOICES = (
    ("none", "Not in a mapped flood zone"),
    ("X", "Zone X (outside the special flood hazard area)"),
    ("A", "Zone A (no base flood elevation on the map)"),
    ("AE", "Zone AE"),
    ("AH", "Zone AH"),
    ("A1-30", "Zones A1–A30"),
    ("AO", "Zone AO (shallow flooding, depth number)"),
)
FLOOD_ZONES = tuple(code for code, _label in FLOOD_ZONE_CHOICES)

_ELEVATION = {"unit": "feet", "minimum": -1_000, "maximum": 30_000}


@dataclass(frozen=True, slots=True)
class FloodData:
    # The one question a plan that builds is asked about flooding (the family's ``asked_by``);
    # the others are asked only on yes. It decides nothing itself: the zone on the map does.
    in_flood_zone: bool = asked(
        Input(
            label="The lot is in a flood zone on FEMA's flood map",
            kind="yesno",
            help_text="Tick it to give the zone the map names for your lot (A, AE, X …).",
        ),
        default=False,
    )
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
    # § 15.04.170 holds new and substantially improved homes to the lowest floor: for work on
    # an existing building this is the question that decides it (44 CFR 59.1's threshold; the
    # figure is the record s15-04-170-substantial-improvement).
    substantial_improvement: bool | None = asked(
        Input(
            label="Will the work cost half or more of the building's market value?",
            kind="answer",
            help_text=(
                "All the work together (an addition, repairs, remodelling), against what the"
                " building alone, without the land, is worth before the work starts."
            ),
            definition_url="https://www.ecfr.gov/current/title-44/chapter-I/subchapter-B/part-59/subpart-A/section-59.1",
        )
    )


# Flood rules depend on the zone: the other answers alone ask nothing.
PART = Part(key="flood", legend="Flood zone", type=FloodData, present_if=("flood_zone",))
