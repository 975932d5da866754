"""The Check my lot form: validates what people type and turns it into engine inputs, nothing more.

Field names are part of the public contract (the page's query string and the JSON
endpoint take the same ones), so they never change.
"""

from datetime import date

from django import forms
from django.core.exceptions import ValidationError

from rules.engine import (
    ZONES,
    AccessoryStructure,
    Fence,
    FloodData,
    HomeBusiness,
    Lot,
    MainBuilding,
    Plan,
)

TRUE_WORDS = {"true", "on", "1", "yes"}
FALSE_WORDS = {"false", "off", "0", "no", ""}

FENCE_LOCATIONS = [
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
]
FENCE_TYPES = [
    ("solid", "Solid (wall, hedge, board fence)"),
    ("open", "Open design (lattice, wrought iron, grille)"),
]
ACCESSORY_TYPES = [
    ("shed", "Shed or workshop"),
    ("detached_garage", "Detached garage"),
    ("other", "Other accessory structure"),
]
FLOOD_ZONES = [
    ("none", "Not in a mapped flood zone"),
    ("X", "Zone X (outside the special flood hazard area)"),
    ("A", "Zone A (no base flood elevation on the map)"),
    ("AE", "Zone AE"),
    ("AH", "Zone AH"),
    ("A1-30", "Zones A1–A30"),
    ("AO", "Zone AO (shallow flooding, depth number)"),
]


class YesNoWidget(forms.CheckboxInput):
    """A checkbox whose raw text reaches the field, so 'maybe' is an error and not a silent yes."""

    def __init__(self, attrs=None):
        super().__init__(
            attrs, check_test=lambda value: value is True or str(value).lower() in TRUE_WORDS
        )

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")


class YesNoField(forms.BooleanField):
    widget = YesNoWidget

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
            return False
        raise ValidationError("Answer yes or no (true or false).", code="invalid")


def number(
    label: str, *, unit: str, maximum: float, minimum: float = 0, help_text: str = "", step="any"
):
    """A decimal field that rejects text, NaN, infinities and absurd magnitudes with a clear message."""
    field = forms.FloatField(
        label=label,
        required=False,
        min_value=minimum,
        max_value=maximum,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": step, "inputmode": "decimal"}),
        error_messages={
            "invalid": f"Enter a number of {unit}, like 20 or 20.5.",
            "min_value": f"Enter {minimum:g} {unit} or more.",
            "max_value": f"That is more than {maximum:,g} {unit}; check the number.",
        },
    )
    field.unit = unit
    return field


def whole_number(label: str, *, unit: str, maximum: int, help_text: str = ""):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=maximum,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"step": 1, "inputmode": "numeric"}),
        error_messages={
            "invalid": f"Enter a whole number of {unit}, like 1 or 2.",
            "min_value": f"Enter 0 {unit} or more.",
            "max_value": f"That is more than {maximum:,} {unit}; check the number.",
        },
    )


def choice(
    label: str, choices, *, required=False, help_text="", blank_label="— Not part of my plan —"
):
    return forms.ChoiceField(
        label=label,
        required=required,
        choices=([("", blank_label)] if not required else [("", "— Choose —")]) + list(choices),
        help_text=help_text,
        error_messages={
            "invalid_choice": "Choose one of the options in the list.",
            "required": "Choose your zoning district.",
        },
    )


class SharedFields(dict):
    """A form's fields, shared by every instance instead of deep-copied for each one.

    Django copies every field and widget per form so an instance may change its own; this
    form never does (its widget attributes are set once, below), and copying its thirty
    fields cost more than a millisecond a request, several times the engine's whole check.
    """

    def __deepcopy__(self, memo):
        return dict(self)


class CheckForm(forms.Form):
    zone = choice(
        "Zoning district",
        [(code, f"{code} – {zone.name}") for code, zone in ZONES.items()],
        required=True,
        help_text="Shown on the city's zoning map; the Planning Division can confirm it.",
    )
    lot_area_sqft = number(
        "Lot area",
        unit="square feet",
        maximum=50_000_000,
        help_text="Net area, in square feet (1 acre = 43,560).",
    )
    lot_width_ft = number("Lot width", unit="feet", maximum=10_000)
    lot_depth_ft = number("Lot depth", unit="feet", maximum=10_000)
    corner_lot = YesNoField(label="Corner lot (streets on two sides)")
    abuts_residential = YesNoField(label="The lot abuts a residential zone")
    dwelling_units = whole_number("Homes (dwelling units) on the lot", unit="homes", maximum=10_000)
    hillside = YesNoField(label="Hillside lot")

    front_setback_ft = number(
        "Front setback",
        unit="feet",
        maximum=5_000,
        help_text="Distance from the front property line to the building.",
    )
    interior_side_setback_ft = number(
        "Interior side setback (the narrower side)", unit="feet", maximum=5_000
    )
    street_side_setback_ft = number("Street-side setback (corner lots)", unit="feet", maximum=5_000)
    rear_setback_ft = number("Rear setback", unit="feet", maximum=5_000)
    building_height_ft = number("Building height", unit="feet", maximum=1_000)
    covered_area_sqft = number(
        "Area covered",
        unit="square feet",
        maximum=50_000_000,
        help_text="Footprint of all buildings; in OSC, OSR, RR, RVL and CI add paved areas too.",
    )

    fence_height_in = number(
        "Fence, wall or hedge height",
        unit="inches",
        maximum=1_200,
        help_text="In inches (6 ft = 72 in.).",
    )
    fence_location = choice("Where it stands", FENCE_LOCATIONS)
    fence_type = choice("Design", FENCE_TYPES)

    accessory_type = choice("Kind of structure", ACCESSORY_TYPES)
    accessory_height_ft = number("Height of the structure", unit="feet", maximum=1_000)

    home_floor_area_sqft = number("Home's gross floor area", unit="square feet", maximum=1_000_000)
    business_floor_area_sqft = number(
        "Floor area used by the business", unit="square feet", maximum=1_000_000
    )
    visitor_trips_per_day = number(
        "Visitor vehicle trips per day",
        unit="trips",
        maximum=100_000,
        help_text="Count each arrival and each departure.",
    )
    clients_at_once = whole_number(
        "Clients (or client families) at one time", unit="clients", maximum=10_000
    )

    flood_zone = choice("Flood zone on the FEMA map", FLOOD_ZONES)
    base_flood_elevation_ft = number(
        "Base flood elevation", unit="feet", minimum=-1_000, maximum=30_000
    )
    lowest_floor_elevation_ft = number(
        "Lowest floor elevation", unit="feet", minimum=-1_000, maximum=30_000
    )
    highest_adjacent_grade_ft = number(
        "Highest adjacent grade", unit="feet", minimum=-1_000, maximum=30_000
    )
    depth_number_ft = number("Depth number on the map (AO zones)", unit="feet", maximum=100)
    in_floodway = YesNoField(label="In a regulatory floodway")

    as_of = forms.DateField(
        required=False,
        label="Check as of",
        help_text="Leave empty for today. A later date previews rules that take effect then.",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": "Enter a date like 2026-12-31."},
    )
    include_proposed = YesNoField(
        label="Preview the proposed Spring 2026 amendments",
        help_text="Apply the rules the Spring 2026 code cleanup proposes. They are not law yet.",
    )

    FIELDSETS = (
        (
            "lot",
            "Your lot",
            (
                "zone",
                "lot_area_sqft",
                "lot_width_ft",
                "lot_depth_ft",
                "corner_lot",
                "abuts_residential",
                "dwelling_units",
                "hillside",
            ),
        ),
        (
            "building",
            "Main building",
            (
                "front_setback_ft",
                "interior_side_setback_ft",
                "street_side_setback_ft",
                "rear_setback_ft",
                "building_height_ft",
                "covered_area_sqft",
            ),
        ),
        ("fence", "Fence, wall or hedge", ("fence_height_in", "fence_location", "fence_type")),
        (
            "accessory",
            "Shed, garage or other accessory structure",
            ("accessory_type", "accessory_height_ft"),
        ),
        (
            "home_business",
            "Business at home",
            (
                "home_floor_area_sqft",
                "business_floor_area_sqft",
                "visitor_trips_per_day",
                "clients_at_once",
            ),
        ),
        (
            "flood",
            "Flood zone",
            (
                "flood_zone",
                "base_flood_elevation_ft",
                "lowest_floor_elevation_ft",
                "highest_adjacent_grade_ft",
                "depth_number_ft",
                "in_floodway",
            ),
        ),
    )

    def clean_as_of(self):
        value = self.cleaned_data.get("as_of")
        if value and not date(2000, 1, 1) <= value <= date(2100, 12, 31):
            raise ValidationError("Choose a date between 2000 and 2100.")
        return value

    def fieldsets(self):
        """The form's sections, with their bound fields, for the template."""
        return [
            {
                "id": key,
                "legend": legend,
                "fields": [self[name] for name in names],
                "open": self._section_used(names),
            }
            for key, legend, names in self.FIELDSETS
        ]

    def _section_used(self, names) -> bool:
        data = self.data if self.is_bound else {}
        return any(
            str(data.get(name, "")).strip() not in ("", "false", "off")
            for name in names
            if name != "zone"
        )

    def to_engine(self) -> tuple[Lot, Plan]:
        """Engine inputs from cleaned data; a part of the plan is absent when nothing about it was entered."""
        d = self.cleaned_data
        lot = Lot(
            zone=d["zone"],
            area_sqft=d.get("lot_area_sqft"),
            width_ft=d.get("lot_width_ft"),
            depth_ft=d.get("lot_depth_ft"),
            corner_lot=bool(d.get("corner_lot")),
            abuts_residential=bool(d.get("abuts_residential")),
            dwelling_units=d.get("dwelling_units"),
            hillside=bool(d.get("hillside")),
        )
        building = MainBuilding(
            front_setback_ft=d.get("front_setback_ft"),
            interior_side_setback_ft=d.get("interior_side_setback_ft"),
            street_side_setback_ft=d.get("street_side_setback_ft"),
            rear_setback_ft=d.get("rear_setback_ft"),
            height_ft=d.get("building_height_ft"),
            covered_area_sqft=d.get("covered_area_sqft"),
        )
        fence = None
        if any(
            d.get(name) not in (None, "")
            for name in ("fence_height_in", "fence_location", "fence_type")
        ):
            fence = Fence(
                height_in=d.get("fence_height_in"),
                location=d.get("fence_location") or None,
                type=d.get("fence_type") or None,
            )
        accessory = None
        if d.get("accessory_type") or d.get("accessory_height_ft") is not None:
            accessory = AccessoryStructure(
                type=d.get("accessory_type") or None, height_ft=d.get("accessory_height_ft")
            )
        home_business = None
        business_fields = (
            "home_floor_area_sqft",
            "business_floor_area_sqft",
            "visitor_trips_per_day",
            "clients_at_once",
        )
        if any(d.get(name) is not None for name in business_fields):
            home_business = HomeBusiness(
                home_floor_area_sqft=d.get("home_floor_area_sqft"),
                business_floor_area_sqft=d.get("business_floor_area_sqft"),
                visitor_trips_per_day=d.get("visitor_trips_per_day"),
                clients_at_once=d.get("clients_at_once"),
            )
        flood = None
        if d.get("flood_zone"):
            flood = FloodData(
                zone=d["flood_zone"],
                base_flood_elevation_ft=d.get("base_flood_elevation_ft"),
                lowest_floor_elevation_ft=d.get("lowest_floor_elevation_ft"),
                highest_adjacent_grade_ft=d.get("highest_adjacent_grade_ft"),
                depth_number_ft=d.get("depth_number_ft"),
                in_floodway=bool(d.get("in_floodway")),
            )
        plan = Plan(
            building=building,
            fence=fence,
            accessory=accessory,
            home_business=home_business,
            flood=flood,
        )
        return lot, plan


def _describe_fields(form_class) -> None:
    """Tie each field to its help text and its error slot, once for every instance."""
    for name, field in form_class.base_fields.items():
        described_by = [f"error-{name}"]
        if field.help_text:
            described_by.insert(0, f"id_{name}_helptext")
        field.widget.attrs["aria-describedby"] = " ".join(described_by)
    form_class.base_fields = SharedFields(form_class.base_fields)


_describe_fields(CheckForm)
