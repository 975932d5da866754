"""Prose and rules cannot drift apart silently: a summary or FAQ that states a limit (a number
with a unit) which the standards data for the sections it cites does not hold is flagged.

Only numbers with a unit count (inches, feet, percent, square feet, acres, units per acre,
trips, days and business days: the state's review deadlines are records too); hours,
section numbers, dates and money are not limits the standards data holds, so they are not
read. A summary or FAQ whose cited sections have no standards at all is not checked (there
is nothing to compare it with).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from cotati_site.guidance.models import FAQ, Summary
from law.engine import Standards, load_standards
from law.engine.standards import convert

_NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)"
# Each unit maps to the standards' unit and a "family" in which
# values are compared after conversion (inches and feet; square feet and acres).
_UNITS = (
    (r"square\s+feet|square\s+foot|sq\.?\s*ft\.?", "sqft"),
    (r"(?:dwelling\s+)?(?:units?|homes?|dwellings?)\s+(?:per|an|a)\s+acre", "units_per_acre"),
    (r"acres?\b", "acre"),
    (r"inch(?:es)?\b|in\.", "in"),
    (r"feet\b|foot\b|ft\.?(?![a-z])", "ft"),
    (r"%|percent\b|per\s+cent\b", "percent"),
    (r"(?:(?:visitor|vehicle|client|customer)\s+)*trips\b", "trips_per_day"),
    (r"business\s+days?\b", "business_days"),  # before "days": "15 business days" is not 15 days
    (r"days?\b", "days"),
)
_PATTERN = re.compile(
    _NUMBER + r"[\s-]*(?P<unit>" + "|".join(f"(?:{pattern})" for pattern, _ in _UNITS) + ")",
    re.IGNORECASE,
)
# A distance that says where a rule applies, not how much it allows.
_WHERE_BEFORE = re.compile(r"\bwithin\s+$", re.IGNORECASE)
_WHERE_AFTER = re.compile(
    r"\s*(?:or\s+more\s+)?(?:of|from|to\s+the\s+rear\s+of)\s+(?:the|a|an|any)\b", re.IGNORECASE
)
_UNIT_OF = [(re.compile(pattern, re.IGNORECASE), unit) for pattern, unit in _UNITS]
# A section number ("§ 17.30.030", "17.42.160(F)(2)") is not a measurement.
_SECTION_NUMBER = re.compile(r"\d+\.\d+\.\d+")
_FAMILY = {
    "in": ("in", "in"),
    "ft": ("in", "in"),
    "sqft": ("sqft", "sqft"),
    "acre": ("sqft", "sqft"),
}


@dataclass(frozen=True)
class StatedNumber:
    value: float
    unit: str  # a standards unit: in, ft, sqft, acre, percent, units_per_acre, trips_per_day,
    # days, business_days
    text: str  # as written, e.g. "48 inches"


@dataclass(frozen=True)
class Drift:
    summary_id: int  # the summary's or FAQ's id (``kind`` says which)
    headline: str  # a summary's headline, an FAQ's question
    sections: tuple[str, ...]
    numbers: tuple[StatedNumber, ...]  # the stated numbers the data does not hold
    kind: str = "Summary"

    @property
    def label(self) -> str:
        return f"{self.kind} {self.summary_id}"

    def describe(self) -> str:
        stated = ", ".join(f"“{n.text}”" for n in self.numbers)
        cited = ", ".join(f"§ {s}" for s in self.sections)
        return (
            f"{self.label} (“{self.headline}”) states {stated}, which the standards "
            f"data for {cited} does not hold."
        )


def stated_numbers(text: str) -> list[StatedNumber]:
    """The numbers with a unit in ``text`` that state a limit: not a place the rule applies
    ("within 20 feet of the street line", "20 feet or more from the line")."""
    cleaned = _SECTION_NUMBER.sub(" ", text or "")
    found = []
    for match in _PATTERN.finditer(cleaned):
        raw_unit = match.group("unit")
        unit = next(u for pattern, u in _UNIT_OF if pattern.fullmatch(raw_unit.strip()))
        before, after = cleaned[: match.start()], cleaned[match.end() :]
        if unit in ("ft", "in") and (_WHERE_BEFORE.search(before) or _WHERE_AFTER.match(after)):
            continue
        value = float(match.group("number").replace(",", ""))
        found.append(StatedNumber(value, unit, match.group(0).strip()))
    return found


def _comparable(value: float, unit: str) -> tuple[str, float]:
    family, base = _FAMILY.get(unit, (unit, unit))
    return family, round(convert(value, unit, base) if base != unit else value, 6)


def values_by_section(standards: Standards) -> dict[str, set[tuple[str, float]]]:
    """Every number the standards hold (value, upper value and condition), per section,
    comparable."""
    held: dict[str, set] = defaultdict(set)
    for record in standards:
        if record.unit is None:
            continue
        for value in (record.value, record.value_max):
            if value is None:
                continue
            held[record.section].add(_comparable(value, record.unit))
            if record.unit == "acres_per_unit" and value:  # "1 unit per 1.5 acres"
                held[record.section].add(("units_per_acre", round(1 / value, 6)))
        if record.condition is not None:  # "within 20 ft of the street line" is held too
            condition = record.condition
            held[record.section].add(_comparable(condition.value, condition.unit))
    return held


# A state code cited in the prose by its section ("California Residential Code § R105.2"),
# which the site files as a record's section ("CRC R105.2") but holds as no page of its own:
# its records' numbers may be stated too.
_CODE_SECTION = re.compile(r"§\s*(?P<number>[A-Z]\d+(?:\.\d+)*)")


def _cited_codes(text: str, held: dict[str, set]) -> list[set]:
    numbers = {m.group("number") for m in _CODE_SECTION.finditer(text)}
    return [values for section, values in held.items() if section.partition(" ")[2] in numbers]


def find_drift(
    summaries: Iterable, standards: Standards | None = None, *, kind: str = "Summary"
) -> list[Drift]:
    """Summaries (or FAQs: anything with ``pk``, ``headline``, ``body`` and
    ``section_numbers``) stating a number with a unit that no standard of their cited
    sections holds."""
    held = values_by_section(standards or load_standards())
    out = []
    for summary in summaries:
        sections = tuple(summary.section_numbers)
        # A number may come from any cited section; where one of them has no standards
        # data, we cannot tell, so the summary is not checked.
        if not sections or any(n not in held for n in sections):
            continue
        text = f"{summary.headline}\n{summary.body}"
        allowed = set().union(*(held[n] for n in sections), *_cited_codes(text, held))
        stated = stated_numbers(text)
        missing = tuple(n for n in stated if _comparable(n.value, n.unit) not in allowed)
        if missing:
            out.append(Drift(summary.pk, summary.headline, sections, missing, kind))
    return out


def summaries_with_drift(standards: Standards | None = None) -> list[Drift]:
    """Every summary in the database whose numbers the standards data does not hold."""
    summaries = list(Summary.objects.prefetch_related("sections").order_by("pk"))
    for summary in summaries:
        summary.section_numbers = [s.number for s in summary.sections.all()]
    return find_drift(summaries, standards)


def faqs_with_drift(standards: Standards | None = None) -> list[Drift]:
    """Every FAQ in the database whose answer (or question) states a number the standards
    data for its cited sections does not hold."""
    faqs = list(FAQ.objects.prefetch_related("sections").order_by("pk"))
    for faq in faqs:
        faq.headline, faq.body = faq.question, faq.answer
        faq.section_numbers = [s.number for s in faq.sections.all()]
    return find_drift(faqs, standards, kind="FAQ")


def content_with_drift(standards: Standards | None = None) -> list[Drift]:
    """Summaries, then FAQs, stating numbers the standards data does not hold."""
    standards = standards or load_standards()
    return summaries_with_drift(standards) + faqs_with_drift(standards)
