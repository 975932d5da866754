"""What the engine answers: one Finding per rule, in codes and numbers.

Templates word them; nothing here is a sentence for users except the
``reading`` carried over verbatim from a standards record.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NEEDS_APPROVAL = "needs_approval"
    NOT_CHECKED = "not_checked"
    INFO = "info"


APPROVALS = frozenset(
    {
        "building_permit",
        "administrative_design_review",
        "minor_use_permit",
        "use_permit",
        "flood_development_permit",
        "planning_division_review",
    }
)

# Topics in the order pages show them.
TOPICS = ("lot", "building", "fence", "accessory", "home_business", "flood", "hillside")

# Rules in the order pages show them within a topic; findings are sorted by it.
RULE_ORDER = (
    "lot.area",
    "lot.area_corner",
    "lot.width",
    "lot.depth",
    "density.min",
    "density.max",
    "setback.front",
    "setback.front_alternate",
    "setback.interior_side",
    "setback.interior_side_upper_walls",
    "setback.street_side",
    "setback.rear",
    "garage.placement",
    "height.main",
    "coverage",
    "dwelling.max_size",
    "residential.nu_standards",
    "fence.height",
    "accessory.height",
    "home_business.floor_area",
    "home_business.visitor_trips",
    "home_business.clients",
    "flood.permit",
    "flood.lowest_floor",
    "flood.floodway",
    "flood.cumulative_rise",
    "hillside.height",
    "hillside.height_from_lowest_grade",
)
_TOPIC_RANK = {t: i for i, t in enumerate(TOPICS)}
_RULE_RANK = {r: i for i, r in enumerate(RULE_ORDER)}

# Every machine code a finding's ``note`` may carry; templates word each one.
NOTES = frozenset(
    {
        "input_missing",
        "input_zero",
        "unknown_choice",
        "not_encoded",
        "no_standard_for_zone",
        "subdivision_review",
        "not_applicable",
        "none_required",
        "build_to_line",
        "build_to_range",
        "gravenstein_frontage",
        "la_plaza_streets",
        "sliding_scale_between_readings",
        "counts_structures",
        "counts_structures_and_pavement",
        "single_unit_on_lot",
        "applies_two_or_more_units",
        "mixed_use_reduction_possible",
        "corner_lot_subdivision",
        "rowhouse_units_none",
        "upper_walls_10_plus_units",
        "or_section_17_30_040_d",
        "behind_street_facing_facade",
        "applies_80pct_units_multifamily",
        "residential_follows_nu_standards",
        "building_permit_over_7ft",
        "open_design_above_7ft",
        "minor_use_permit_and_adr",
        "detached_garage_excepted",
        "outside_special_flood_hazard_area",
        "special_flood_hazard_area",
        "bfe_per_15_04_140_c",
        "engineer_no_rise_certification",
        "until_floodway_adopted",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class MinorVariance:
    """17.62.060(C): the director may grant a minor variance of up to
    ``percent`` of the limit; ``limit`` is the figure that would reach."""

    percent: float
    limit: float
    status: str  # "adopted" or "proposed": which record ``percent`` came from
    standard_id: str
    section: str = "17.62.060"
    subsection: str = "C"
    proposed_percent: float | None = None
    proposed_limit: float | None = None

    def to_dict(self) -> dict:
        return {
            "percent": self.percent,
            "limit": self.limit,
            "status": self.status,
            "standard_id": self.standard_id,
            "section": self.section,
            "subsection": self.subsection,
            "proposed_percent": self.proposed_percent,
            "proposed_limit": self.proposed_limit,
        }


@dataclass(frozen=True, kw_only=True)
class Finding:
    """One rule's verdict.

    ``value`` is what the user entered, except for rules stated as a share
    (coverage, home-business floor area), where it is the computed percent.
    ``limit_max`` is the top of a range (build-to 0-10 ft, lot depth 1x-3x
    width) or, on ``needs_approval``, the ceiling the named approval reaches.
    ``missing`` holds the form/JSON field names that were not entered.
    """

    rule: str
    status: Status
    topic: str
    value: float | None = None
    limit: float | None = None
    limit_max: float | None = None
    unit: str | None = None
    approval: str | None = None
    section: str | None = None
    subsection: str | None = None
    reading: str | None = None
    source: str | None = None
    minor_variance: MinorVariance | None = None
    note: str | None = None
    missing: tuple[str, ...] = ()
    standard_id: str | None = None

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "status": self.status.value,
            "topic": self.topic,
            "value": self.value,
            "limit": self.limit,
            "limit_max": self.limit_max,
            "unit": self.unit,
            "approval": self.approval,
            "section": self.section,
            "subsection": self.subsection,
            "reading": self.reading,
            "source": self.source,
            "minor_variance": self.minor_variance.to_dict() if self.minor_variance else None,
            "note": self.note,
            "missing": list(self.missing),
            "standard_id": self.standard_id,
        }


def sort_key(finding: Finding) -> tuple[int, int, str]:
    rule = finding.rule
    topic_rank = _TOPIC_RANK.get(finding.topic, len(TOPICS))
    return (topic_rank, _RULE_RANK.get(rule, len(RULE_ORDER)), rule)


def rule_rank(finding: Finding) -> int:
    """Sort key for the engine's own findings: RULE_ORDER is grouped by
    topic, so the rule's rank alone orders by topic, then rule."""
    return _RULE_RANK.get(finding.rule, len(RULE_ORDER))
