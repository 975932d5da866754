"""What a person tells us about a business at home: the form part and the project."""

from __future__ import annotations

from dataclasses import dataclass

from law.engine.declarations import Input, Part, Project, asked

BUSINESS_KIND_CHOICES = (
    ("hair_salon", "Hair, nail or skin care (a home salon or barbershop)"),
    ("child_care", "Family child care"),
    ("cottage_food", "Cottage food (food made at home for sale)"),
    ("office", "Office, studio or online work"),
    ("other", "Something else"),
)
BUSINESS_KINDS = tuple(code for code, _label in BUSINESS_KIND_CHOICES)


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


PART = Part(key="home_business", legend="Business at home", type=HomeBusiness)
PROJECT = Project(key="home_business", parts=("home_business",), order=40)
