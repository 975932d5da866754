"""What a person tells us about SB 9: two homes on a lot (a two-unit development, Gov. Code
§ 65852.21) or splitting the lot in two (an urban lot split, § 66411.7). The form part and the
project ("Two homes, or split my lot")."""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked

SB9_CHOICES = (
    ("two_unit", "Two homes on my lot"),
    ("lot_split", "Split my lot in two"),
)
SB9_KINDS = tuple(code for code, _label in SB9_CHOICES)

_FEET = {"unit": "feet", "maximum": 5_000}
_SQFT = {"unit": "square feet", "maximum": 1_000_000}
_PARCEL_SQFT = {"unit": "square feet", "maximum": 50_000_000}
_LEGINFO = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode={code}&sectionNum={n}"


@dataclass(frozen=True, slots=True)
class Sb9Proposal:
    """Two homes on a lot, or a lot split in two, under SB 9.

    Whether the lot is in a single-family residential zone is never asked: the zone says it
    (``sb9.toml``). The other conditions of the statutes are asked in plain words, each a yes
    or no the answer turns on (None: not answered). ``sb9_unit_floor_area_sqft`` is the floor
    area of the larger of the two homes; the setbacks are the new home's (or homes') distances
    from the side and rear lot lines.
    """

    kind: str | None = asked(
        Input(name="sb9", label="What you plan", kind="choice", choices=SB9_CHOICES)
    )
    site_excluded: bool | None = asked(
        Input(
            name="sb9_site_excluded",
            label=(
                "Is the lot on prime farmland or wetlands, in a very high fire hazard zone, an"
                " earthquake fault zone, protected habitat, or land under a conservation"
                " easement or cleaned-up hazardous waste site?"
            ),
            kind="answer",
            help_text=(
                "The places Gov. Code 65913.4(a)(6)(B)-(K) lists but flood zones: a flood zone or"
                " floodway allows SB 9 when the homes meet the floodplain rules, which the flood"
                " zone question checks. A fire zone too allows it when the home meets its fire"
                " safety rules."
            ),
            definition_url=_LEGINFO.format(code="GOV", n="65913.4"),
        )
    )
    protected_housing: bool | None = asked(
        Input(
            name="sb9_protected_housing",
            label=(
                "Would the work tear down or alter a home that is rent-controlled, kept"
                " affordable by a recorded covenant, or was rented to a tenant in the last"
                " three years?"
            ),
            kind="answer",
        )
    )
    ellis_withdrawal: bool | None = asked(
        Input(
            name="sb9_ellis_withdrawal",
            label=(
                "Were rentals on this lot taken off the market under the Ellis Act in the last"
                " 15 years?"
            ),
            kind="answer",
        )
    )
    # § 66411.7(a)(3)'s other bars on a lot split (SB 9 as cities' codes restate it).
    historic: bool | None = asked(
        Input(
            name="sb9_historic",
            label=(
                "Is the lot in a historic district, listed on the State Historic Resources"
                " Inventory, or a designated City or County landmark?"
            ),
            kind="answer",
        )
    )
    prior_split: bool | None = asked(
        Input(
            name="sb9_prior_split",
            label="Was this lot itself made by an earlier SB 9 lot split?",
            kind="answer",
        )
    )
    adjacent_split: bool | None = asked(
        Input(
            name="sb9_adjacent_split",
            label=(
                "Have you, or anyone acting with you, already split a neighbouring lot under SB 9?"
            ),
            kind="answer",
        )
    )
    walls_demolished_percent: float | None = asked(
        Input(
            name="sb9_walls_demolished_percent",
            label="Share of the existing home's outside walls that would be torn down",
            unit="percent",
            maximum=100,
        )
    )
    unit_floor_area_sqft: float | None = asked(
        Input(
            name="sb9_unit_floor_area_sqft",
            label="Floor area of the larger of the two homes",
            **_SQFT,
        )
    )
    side_setback_ft: float | None = asked(
        Input(
            name="sb9_side_setback_ft",
            label="New home's distance from the side lot line",
            help_text="Leave empty if the home stays where an existing one stands.",
            **_FEET,
        )
    )
    rear_setback_ft: float | None = asked(
        Input(
            name="sb9_rear_setback_ft",
            label="New home's distance from the rear lot line",
            help_text="Leave empty if the home stays where an existing one stands.",
            **_FEET,
        )
    )
    lot_a_sqft: float | None = asked(
        Input(name="sb9_lot_a_sqft", label="Area of the first new lot", **_PARCEL_SQFT)
    )
    lot_b_sqft: float | None = asked(
        Input(name="sb9_lot_b_sqft", label="Area of the second new lot", **_PARCEL_SQFT)
    )


# SB 9: the choice of two homes or a lot split says there is one.
PART = Part(
    key="sb9", legend="Two homes, or split my lot (SB 9)", type=Sb9Proposal, present_if=("sb9",)
)
# SB 9 adds a home (or a lot) whatever the zone's density allows: offered where a plan has
# more homes than the lot's density allows (law/engine/answers.py reads Project.adds_homes).
PROJECT = Project(key="sb9", parts=("sb9",), order=35, builds=True, dwelling=True, adds_homes=True)
