"""What a person tells us about a fence, wall or hedge: the form part and the project."""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked

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
FENCE_LOCATIONS = tuple(code for code, _label in FENCE_LOCATION_CHOICES)
FENCE_TYPES = tuple(code for code, _label in FENCE_TYPE_CHOICES)


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


PART = Part(key="fence", legend="Fence, wall or hedge", type=Fence)
PROJECT = Project(key="fence", parts=("fence",), order=10)
