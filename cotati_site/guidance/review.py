"""Do summaries still match the code under them?

A summary records, per cited section, the version it was checked against
(``Summary.checked_versions``: section number → version id). When a cited section has a
newer adopted version in force, the summary needs review from that version's effective
date until an editor re-checks it (``guidance.services.record_check``). Computed on demand (no signals): a few queries for the
whole site, or none for a page whose sections were annotated by ``annotate_sections``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date

from django.db.models import Exists, OuterRef, Subquery

from cotati_site.codebook.models import CodeSection, SectionVersion
from cotati_site.guidance.models import Summary


def current_versions(on: date, numbers=None) -> dict[str, tuple[int, date]]:
    """Section number → (id, effective date) of the version in force on ``on`` (of the
    sections ``numbers`` only, when given)."""
    versions = SectionVersion.objects.in_force(on)
    if numbers is not None:
        versions = versions.filter(section__in=numbers)
    rows = versions.values_list("section_id", "pk", "effective_on")
    return {number: (pk, effective_on) for number, pk, effective_on in rows}


def changed_on(checked_versions: dict, cited: Iterable[tuple[str, int | None, date | None]]):
    """The first effective date of a current version the summary was not checked against,
    or None. ``cited`` holds (section number, current version id, its effective date)."""
    checked = checked_versions or {}
    dates = [
        effective_on
        for number, version_id, effective_on in cited
        if version_id is not None and checked.get(number) != version_id
    ]
    return min(dates) if dates else None


def summaries_needing_review(on: date) -> dict[int, date]:
    """Summary id → the date the code behind it changed, for every summary that needs review."""
    current = current_versions(on)
    cited: dict[int, list] = defaultdict(list)
    for summary_id, number in Summary.sections.through.objects.values_list(
        "summary_id", "codesection_id"
    ):
        if number in current:
            cited[summary_id].append((number, *current[number]))
    checked = dict(Summary.objects.filter(pk__in=cited).values_list("pk", "checked_versions"))
    out = {}
    for summary_id, items in cited.items():
        when = changed_on(checked.get(summary_id), items)
        if when is not None:
            out[summary_id] = when
    return out


def versions_to_record(summary: Summary, on: date) -> dict[str, int]:
    """The checked-versions map for ``summary`` checked on ``on``: the version of each cited
    section in force that day (sections with no version on the site are left out)."""
    cited = list(summary.sections.values_list("number", flat=True))
    current = current_versions(on, cited)
    return {number: current[number][0] for number in cited if number in current}


def annotate_sections(queryset, on: date):
    """Sections with ``current_version_id``, ``current_effective_on`` and ``has_proposed``,
    computed in the same query (so a page's query count does not grow)."""
    current = SectionVersion.objects.in_force(on).filter(section=OuterRef("pk"))
    return queryset.annotate(
        current_version_id=Subquery(current.values("pk")[:1]),
        current_effective_on=Subquery(current.values("effective_on")[:1]),
        has_proposed=Exists(SectionVersion.objects.proposed().filter(section=OuterRef("pk"))),
    )


def attach_review_state(summaries: Iterable[Summary]) -> None:
    """Set ``code_changed_on`` and ``proposed_sections`` on summaries whose sections were
    prefetched through ``annotate_sections``."""
    for summary in summaries:
        sections = list(summary.sections.all())
        summary.code_changed_on = changed_on(
            summary.checked_versions,
            (
                (s.number, getattr(s, "current_version_id", None), s.current_effective_on)
                for s in sections
                if getattr(s, "current_version_id", None) is not None
            ),
        )
        summary.proposed_sections = [s for s in sections if getattr(s, "has_proposed", False)]


def sections_for_summaries(on: date):
    return annotate_sections(CodeSection.objects.only("number", "title"), on)


def changes_since_checked(summary: Summary, on: date) -> list[dict]:
    """What changed under a summary since it was checked: for each cited section whose
    version in force on ``on`` is not the one checked, the section, the version checked
    (None: none was on the site), the version now in force, and the redline between them."""
    from django.urls import reverse

    checked = summary.checked_versions or {}
    numbers = list(summary.sections.values_list("number", flat=True).order_by("sort_key"))
    current = current_versions(on, numbers)
    moved = [n for n in numbers if n in current and checked.get(n) != current[n][0]]
    versions = SectionVersion.objects.in_bulk([current[n][0] for n in moved])
    changed = []
    for number in moved:
        now = versions[current[number][0]]
        before = checked.get(number)
        query = f"?from={before if before is not None else ''}&to={now.pk}"
        changed.append(
            {
                "number": number,
                "before": before,
                "now": now,
                "redline_url": reverse("section_compare", args=[number]) + query,
            }
        )
    return changed
