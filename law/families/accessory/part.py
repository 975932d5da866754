"""What a person tells us about a shed, garage or other accessory structure: the form part and
the project."""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked

ACCESSORY_TYPE_CHOICES = (
    ("shed", "Shed or workshop"),
    ("detached_garage", "Detached garage"),
    ("agricultural", "Barn or other agricultural building"),
    ("other", "Other accessory structure"),
)
ACCESSORY_TYPES = tuple(code for code, _label in ACCESSORY_TYPE_CHOICES)


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


PART = Part(
    key="accessory", legend="Shed, garage or other accessory structure", type=AccessoryStructure
)
PROJECT = Project(key="accessory_structure", parts=("accessory",), order=20, builds=True)
