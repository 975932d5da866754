"""What the engine answers: one Finding per rule, in codes and numbers.

Templates word them; nothing here is a sentence for users except the
``reading`` carried over verbatim from a standards record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from operator import itemgetter


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NEEDS_APPROVAL = "needs_approval"
    NOT_CHECKED = "not_checked"
    INFO = "info"
    # A condition attached to the permit: a fee, parking to provide, owner occupancy, rental
    # terms, a review deadline, what to bring. It is said under "what to do next" with its
    # figures and never changes whether the project may be built (answers.py).
    CONDITION = "condition"


# Every approval a record or finding may name, in the order a person obtains them: the
# Planning Division's decisions first (design review, minor use permit, use permit), then the
# floodplain development permit, needed before any construction starts (§ 15.04.150), then the
# building permit, at whose review the zoning clearance is given (§ 17.62.020(B)); then the
# licenses to run a business (the City's business license, a state license for the trade).
# How this site reads the order: docs/decisions/project-answers.md.
APPROVAL_ORDER = (
    "planning_division_review",
    "subdivision_review",
    "administrative_design_review",
    "minor_use_permit",
    "use_permit",
    # A use permitted outright, with the Planning Division's zoning clearance (§ 17.22.020's
    # "P": "permitted use, zoning clearance required"), where no building permit carries it.
    "zoning_clearance",
    "flood_development_permit",
    # State ADU and SB 9 law: a ministerial permit (no hearing, no discretion), issued by staff.
    "ministerial_permit",
    "building_permit",
    "business_license",
    "state_license",
)
APPROVALS = frozenset(APPROVAL_ORDER)

# Note codes any family's findings or records may carry; each family declares its
# own in its FAMILY, and the registry's ``notes`` is the union. Templates word each one.
COMMON_NOTES = frozenset(
    {
        "input_missing",
        "input_zero",
        "unknown_choice",
        "not_encoded",
        "no_standard_for_zone",
        "subdivision_review",
        "not_applicable",
        "none_required",
        # Said by check_lot of any rule asked about before the date we vouch for it.
        "before_vouched_date",
        # Said by every building-rules family when CE/CG's or NU's figures may apply.
        "depends_on_nu_standards",
        # An approval path the site reads from a text it cannot settle (a redline's merged
        # words): the approval is named, and the City must confirm the path (answers.py).
        "path_to_confirm",
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
    # The proposal whose record gives ``proposed_percent`` (its words and status are the
    # caller's to show: pending, or adopted and taking effect later).
    proposed_by: str | None = None

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
            "proposed_by": self.proposed_by,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Share:
    """For a rule stated as a share (coverage, a home business's floor area): the amount
    entered, the whole it is a share of, and the limits as amounts of the same unit, so a
    page can say "1,900 sq ft of a 4,500 sq ft lot" and not only the percent."""

    part: float
    whole: float
    unit: str
    limit: float | None = None
    limit_max: float | None = None

    @classmethod
    def of(cls, part: float, whole: float, unit: str, limit, limit_max=None) -> Share:
        """The share of ``whole`` that ``part`` is, with percent limits turned into amounts."""
        return cls(
            part=part,
            whole=whole,
            unit=unit,
            limit=None if limit is None else whole * limit / 100.0,
            limit_max=None if limit_max is None else whole * limit_max / 100.0,
        )

    def to_dict(self) -> dict:
        return {
            "part": self.part,
            "whole": self.whole,
            "unit": self.unit,
            "limit": self.limit,
            "limit_max": self.limit_max,
        }


@dataclass(frozen=True, kw_only=True, init=False)
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
    # With note "before_vouched_date": the first date we vouch for the figure.
    vouched_from: date | None = None
    # The id of a state-law record that prevails over this (Cotati) finding's limit:
    # e.g. a lot coverage limit cannot block an ADU that state law guarantees.
    overridden_by: str | None = None
    # For a rule stated as a share (``unit`` "percent"): the amounts behind the percent.
    share: Share | None = None
    # A note code naming an exception the applicant may claim (a common-interest
    # subdivision, a legal nonconforming lot, a roof pitch matching the house): the finding
    # applies the general rule and the page words the exception beside it.
    exception: str | None = None

    def __init__(
        self,
        *,
        rule: str,
        status: Status,
        topic: str,
        value: float | None = None,
        limit: float | None = None,
        limit_max: float | None = None,
        unit: str | None = None,
        approval: str | None = None,
        section: str | None = None,
        subsection: str | None = None,
        reading: str | None = None,
        source: str | None = None,
        minor_variance: MinorVariance | None = None,
        note: str | None = None,
        missing: tuple[str, ...] = (),
        standard_id: str | None = None,
        vouched_from: date | None = None,
        overridden_by: str | None = None,
        share: Share | None = None,
        exception: str | None = None,
    ) -> None:
        # The dataclass's own __init__ for a frozen class assigns each of the twenty fields
        # through object.__setattr__ (the cost the dataclasses documentation warns of), and a
        # check builds some forty findings: filling the instance's dictionary in one step
        # keeps the class frozen at a fraction of that cost. The parameters are the fields,
        # with the same defaults (tests/rules/test_finding_constructor.py holds them equal).
        self.__dict__.update(
            rule=rule,
            status=status,
            topic=topic,
            value=value,
            limit=limit,
            limit_max=limit_max,
            unit=unit,
            approval=approval,
            section=section,
            subsection=subsection,
            reading=reading,
            source=source,
            minor_variance=minor_variance,
            note=note,
            missing=missing,
            standard_id=standard_id,
            vouched_from=vouched_from,
            overridden_by=overridden_by,
            share=share,
            exception=exception,
        )

    def __hash__(self) -> int:
        # A finding is a key of several per-process stores asked on every answer (its card,
        # its JSON, its citations, the kept findings): hashed once, not from its twenty
        # fields at each ask. Equal findings hash equal, as the dataclass's own hash would.
        # Every finding of a new plan is hashed once (its JSON is looked up): its fields are
        # read in one call (itemgetter), and a hash not yet worked out is not an exception
        # caught (1.3 µs a finding before, 0.4 µs now; docs/performance.md).
        state = self.__dict__
        value = state.get("_hash")
        if value is None:
            value = state["_hash"] = hash(_field_values(state))
        return value

    def __getstate__(self) -> dict:
        # A string's hash differs from process to process: a pickled finding hashes afresh.
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

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
            "vouched_from": self.vouched_from.isoformat() if self.vouched_from else None,
            "overridden_by": self.overridden_by,
            "share": self.share.to_dict() if self.share else None,
            "exception": self.exception,
        }


_FINDING_FIELDS = tuple(Finding.__dataclass_fields__)
# A finding's fields in declared order, as one tuple (what the dataclass's hash hashes).
_field_values = itemgetter(*_FINDING_FIELDS)
