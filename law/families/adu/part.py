"""What a person tells us about an accessory dwelling unit or a junior ADU: the form part and
the project. (SB 9's two homes and lot splits are their own project: law/families/sb9.)"""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked

# Accessory dwelling units (Gov. Code §§ 66310-66342).
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
ADU_TYPES = tuple(code for code, _label in ADU_TYPE_CHOICES)
EXISTING_DWELLINGS = tuple(code for code, _label in EXISTING_DWELLING_CHOICES)

_FEET = {"unit": "feet", "maximum": 5_000}
# The official text of a California code section (and, for a definition, the section that
# holds it); the site's own /code/<number>/ pages link these too.
_LEGINFO = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode={code}&sectionNum={n}"
_SQFT = {"unit": "square feet", "maximum": 1_000_000}


@dataclass(frozen=True, slots=True)
class AduProposal:
    """An accessory dwelling unit or a junior ADU.

    ``existing_dwelling`` is the home on the lot, existing or proposed with the ADU.
    ``near_transit``: within one-half mile walking distance of public transit (Gov. Code
    § 66322(a)(1), parking; "public transit" is defined in § 66313); ``near_major_transit``:
    within one-half mile walking distance of a major transit stop or a high-quality transit
    corridor (§ 66321(b)(4)(B), height; Public Resources Code § 21155). ``adu_count``: how
    many ADUs of this type the lot will have, this one included; ``existing_units``: the
    dwelling units in the existing multifamily building; ``multifamily_multistory``: that
    building has more than one story (§ 66321(b)(4)(C), height). A yes/no question the statute
    turns on is an ``answer`` (None: not answered).
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
    multifamily_multistory: bool | None = asked(
        Input(
            label="The multifamily building has two or more stories",
            kind="answer",
            help_text=(
                "Asked only when it decides the height a detached unit may have"
                " (Gov. Code 66321(b)(4)(C))."
            ),
        )
    )


# An ADU or JADU: the kind of unit (or its size) says there is one.
PART = Part(
    key="adu",
    legend="Accessory dwelling unit (ADU) or junior ADU (JADU)",
    type=AduProposal,
    present_if=("adu_type", "adu_floor_area_sqft"),
)
# Under state law an ADU never exceeds the lot's allowable density (Gov. Code §§ 66314(c),
# 66319): offered where a plan has more homes than the lot's density allows
# (law/engine/answers.py reads Project.adds_homes).
PROJECT = Project(key="adu", parts=("adu",), order=30, builds=True, dwelling=True, adds_homes=True)
