"""Queries the public pages need: each returns everything a page shows in a fixed number of queries."""

import dataclasses
from dataclasses import dataclass
from datetime import date

from django.db.models import F, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from cotati_site.codebook import anchors
from cotati_site.codebook.models import (
    CodeSection,
    Proposal,
    ProposalStatus,
    SectionVersion,
    VersionStatus,
    ZoningMapChange,
)
from cotati_site.codebook.redline import Redline, redline
from cotati_site.core.as_of import default_as_of
from cotati_site.core.cache import per_generation
from cotati_site.core.feed_dates import last_changed
from cotati_site.core.section_numbers import section_sort_key
from law.engine import load_standards

# Every check asks; the rows change only when staff adopt or withdraw a proposal, which
# bumps the content generation (codebook_services), so they are read once per generation.
_proposal_rows = per_generation(Proposal.objects.engine_rows)


@per_generation
def rule_changes() -> tuple[date, ...]:
    """Every date the rules the site shows change on, ascending: the standards records'
    effective and end dates, and the effective dates of adopted proposals, section texts and
    zoning-map changes (one query per content generation). Between two of them every date
    shows the same rules (core/as_of.py's ``as_of_param``, registered in apps.py)."""
    adopted = [
        model.objects.filter(status=status, effective_on__isnull=False)
        .order_by()
        .values_list("effective_on", flat=True)
        for model, status in (
            (Proposal, ProposalStatus.ADOPTED),
            (SectionVersion, VersionStatus.ADOPTED),
            (ZoningMapChange, VersionStatus.ADOPTED),
        )
    ]
    dates = set(adopted[0].union(*adopted[1:]))
    for record in load_standards().records:
        dates.update(day for day in (record.effective, record.until) if day is not None)
    return tuple(sorted(dates))


def engine_dates(known, rows, *, on: date, preview: bool = False) -> dict[str, date | None]:
    """The ``proposals`` argument of the rules engine on ``on``: each proposal the standards
    data knows (``known``: ids) → the date its records apply from, given every proposal's
    (id, status, effective date) (``ProposalQuerySet.engine_rows``; rows of proposals the
    standards data does not know are ignored).

    Adopted: its effective date. Still proposed: None (pending: its figures are only
    mentioned), or with ``preview`` the check date. Withdrawn: left out. A proposal of the
    standards data with no record here counts as pending. With ``preview`` an adopted
    proposal not yet in effect is applied from the check date too.
    """
    out: dict[str, date | None] = dict.fromkeys(known)
    for pk, status, effective_on in rows:
        if pk not in out:
            continue
        if status == ProposalStatus.WITHDRAWN:
            del out[pk]
        elif status == ProposalStatus.ADOPTED and effective_on is not None:
            out[pk] = min(effective_on, on) if preview else effective_on
    if preview:
        out = {pk: (on if when is None else when) for pk, when in out.items()}
    return out


def engine_proposals(on: date, *, preview: bool = False) -> dict[str, date | None]:
    """The proposals the rules engine applies on ``on`` and from when, read from the
    database (one query per content generation): adopted ones from their effective date;
    with ``preview`` every proposal not withdrawn from ``on``. Pages, Check my lot and its
    JSON all ask here."""
    return engine_dates(load_standards().proposals, _proposal_rows(), on=on, preview=preview)


@dataclass(frozen=True)
class ProposalNote:
    """What a page says of a named proposal: its title and where it stands. The title and
    status are staff's (the Proposal record); a proposal of the standards data with no
    record yet is pending under the title the data gives it."""

    id: str
    title: str
    status: str  # a ProposalStatus value
    effective_on: date | None = None
    ordinance: str = ""
    sections: tuple[str, ...] = ()  # the sections whose numbers its standards records change

    def in_force_on(self, on: date) -> bool:
        return (
            self.status == "adopted" and self.effective_on is not None and self.effective_on <= on
        )


@per_generation
def proposal_notes() -> dict[str, ProposalNote]:
    """Every proposal the site knows (database and standards data) by id: one query per
    content generation (adopting, withdrawing or retitling one bumps it)."""
    standards = load_standards()
    sections: dict[str, set[str]] = {}
    for record in standards:
        if record.proposal:
            sections.setdefault(record.proposal, set()).add(record.section)
    notes = {
        pid: ProposalNote(pid, info.title, "proposed") for pid, info in standards.proposals.items()
    }
    for row in Proposal.objects.all():
        notes[row.pk] = ProposalNote(row.pk, row.title, row.status, row.effective_on, row.ordinance)
    return {
        pid: dataclasses.replace(
            note, sections=tuple(sorted(sections.get(pid, ()), key=section_sort_key))
        )
        for pid, note in notes.items()
    }


def section_with_citations(number: str) -> tuple[CodeSection, list]:
    """A section and the published summaries (with their topics) that cite it: two queries.
    (Read through the reverse relation, so the code book imports nothing of guidance.)"""
    section = get_object_or_404(CodeSection, number=number)
    summaries = list(
        section.summaries.filter(is_published=True)
        .select_related("topic")
        .order_by("topic__order", "order")
    )
    return section, summaries


@dataclass(frozen=True)
class ProposedChange:
    version: SectionVersion
    base: SectionVersion | None  # the adopted text it is compared with, if we hold one
    redline: Redline


@dataclass(frozen=True)
class SectionText:
    """What a section page shows besides the section: its versions on one date."""

    as_of: date
    versions: list[SectionVersion]
    current: SectionVersion | None
    proposals: list[ProposedChange]
    upcoming: list[SectionVersion]  # adopted, taking effect after ``as_of``


def section_text(section: CodeSection, on: date) -> SectionText:
    """The versions of ``section``, the one in force on ``on`` (``SectionVersion.objects
    .in_force``), each proposal as a redline against it, and adopted versions still to take
    effect: one query."""
    versions = list(section.versions.with_in_force(on).select_related("proposal"))
    current = next((v for v in versions if v.is_in_force), None)
    proposals = [
        ProposedChange(v, current, redline(current.body if current else [], v.body))
        for v in versions
        if v.is_proposed
    ]
    upcoming = [
        v
        for v in versions
        if v.status == VersionStatus.ADOPTED and v.effective_on and v.effective_on > on
    ]
    return SectionText(
        as_of=on, versions=versions, current=current, proposals=proposals, upcoming=upcoming
    )


def compare_versions(section: CodeSection, from_id: int | None, to_id: int | None):
    """Two versions of ``section`` (either may be None: no text) and the redline between."""
    versions = {v.pk: v for v in section.versions.select_related("proposal")}
    if (from_id is not None and from_id not in versions) or (
        to_id is not None and to_id not in versions
    ):
        return None
    old, new = versions.get(from_id), versions.get(to_id)
    return (
        old,
        new,
        redline(old.body if old else [], new.body if new else []),
        list(versions.values()),
    )


@dataclass(frozen=True)
class ProposedAmendment:
    """One proposed text on the proposed-changes page: what it would change, figure by
    figure (from the standards data) and word by word (the redline against the text in force)."""

    version: SectionVersion
    base: SectionVersion | None
    redline: Redline
    changes: list  # law.reports.presentation.StandardChange for the records citing this section

    @property
    def proposal(self):
        return getattr(self.version, "proposal", None)

    @property
    def words_deleted(self) -> int:
        return _words(self.redline, "deleted")

    @property
    def words_inserted(self) -> int:
        return _words(self.redline, "inserted")

    @property
    def lines_changed(self) -> int:
        return sum(1 for line in self.redline.lines if line.kind != "same")


def _words(changes: Redline, kind: str) -> int:
    return sum(
        len(segment.text.split())
        for line in changes.lines
        if line.kind != "unseparated"
        for segment in line.segments
        if segment.kind == kind
    )


def proposed_changes(on: date | None = None, standard_changes=()):
    """Every proposed section version with its redline against the text in force on ``on``
    and the ``standard_changes`` citing its section, and every proposed zoning-map change:
    three queries."""
    on = on or default_as_of()
    versions = list(
        SectionVersion.objects.proposed()
        .select_related("section", "proposal")
        .order_by("section__sort_key", "pk")
    )
    numbers = {v.section_id for v in versions}
    in_force = {}
    for version in (
        SectionVersion.objects.in_force(on)
        .filter(section__in=numbers)
        .order_by("section_id", "effective_on", "pk")
    ):
        in_force[version.section_id] = version  # the latest in force wins
    by_section: dict[str, list] = {}
    for change in standard_changes:
        by_section.setdefault(change.record.section, []).append(change)
    amendments = [
        ProposedAmendment(
            version=v,
            base=in_force.get(v.section_id),
            redline=redline(
                in_force[v.section_id].body if v.section_id in in_force else [], v.body
            ),
            changes=by_section.get(v.section_id, []),
        )
        for v in versions
    ]
    return amendments, list(ZoningMapChange.objects.filter(status=VersionStatus.PROPOSED))


def withdrawn_proposals() -> list[Proposal]:
    """Proposals that will not become law, latest withdrawal first, each with its versions
    (in code order): two queries."""
    return list(
        Proposal.objects.filter(status=ProposalStatus.WITHDRAWN)
        .order_by(F("withdrawn_on").desc(nulls_last=True), "title")
        .prefetch_related(
            Prefetch(
                "versions", queryset=SectionVersion.objects.order_by("section__sort_key", "pk")
            )
        )
    )


def zoning_map_changes_for(zone_code: str) -> list[ZoningMapChange]:
    """Map changes that take parcels into or out of a district (adopted or proposed; not
    those of a withdrawn proposal)."""
    return list(
        ZoningMapChange.objects.filter(
            Q(from_zone__iexact=zone_code) | Q(to_zone__iexact=zone_code)
        ).exclude(status=VersionStatus.WITHDRAWN)
    )


class SectionAnchors(dict):
    """Section number → its anchors, with ``key``: the same as a hashable value, so what is
    built from it (a finding's card) can be kept per distinct set of anchors."""

    def __init__(self, items=()):
        super().__init__(items)
        self.key = tuple(sorted(self.items()))


def section_anchors(numbers, on: date) -> SectionAnchors:
    """Section number → the anchors its text in force on ``on`` prints (tables, notes,
    subsections), for the sections in ``numbers``: one query per content generation. A
    citation links to its anchor only when the anchor is there, so it never lands on a
    missing one."""
    numbers = frozenset(n for n in numbers if n)
    if not numbers:
        return SectionAnchors()
    return _section_anchors(numbers, on)


@per_generation
def _section_anchors(numbers: frozenset[str], on: date) -> SectionAnchors:
    rows = (
        SectionVersion.objects.in_force(on)
        .filter(section__in=numbers)
        .order_by("section_id", "effective_on", "pk")
        .values_list("section_id", "body")
    )
    latest = dict(rows)  # ordered by effective date: the latest in force wins
    return SectionAnchors((number, anchors.block_anchors(body)) for number, body in latest.items())


def known_numbers(blocks, this_section: str = "") -> anchors.KnownNumbers:
    """The sections and chapters on this site that ``blocks`` refer to: one query (none
    when the text names no section)."""
    sections, chapters = anchors.referenced_numbers(anchors.block_texts(blocks))
    if not sections and not chapters:
        return anchors.KnownNumbers(this_section=this_section)
    rows = CodeSection.objects.filter(Q(number__in=sections) | Q(chapter__in=chapters)).values_list(
        "number", "chapter"
    )
    found_sections, found_chapters = set(), set()
    for number, chapter in rows:
        if number in sections:
            found_sections.add(number)
        if chapter in chapters:
            found_chapters.add(chapter)
    return anchors.KnownNumbers(frozenset(found_sections), frozenset(found_chapters), this_section)


def chapter_sections(chapter: str, on: date | None = None) -> list[CodeSection]:
    """The sections of a chapter in the code's order, each with ``in_force_id`` (its text
    in force on ``on``, if any); 404 when the site holds none."""
    sections = list(
        CodeSection.objects.with_text_on(on or default_as_of())
        .filter(chapter=chapter)
        .order_by("sort_key")
    )
    if not sections:
        raise Http404("No sections of this chapter are on this site.")
    return sections


@dataclass(frozen=True)
class FeedEntry:
    """One entry of the proposed-changes feed: a proposed text or a zoning-map change."""

    guid: str
    title: str
    url: str
    updated: object  # datetime
    version: SectionVersion | None = None
    map_change: ZoningMapChange | None = None


def _feed_title(version: SectionVersion) -> str:
    """An entry's title, in the feed's language (the section's number and title as the code
    writes them)."""
    words = {
        "number": version.section.number,
        "title": version.section.title,
        "part": version.part,
    }
    if version.is_withdrawn:
        if version.part:
            return (
                gettext("Withdrawn: proposed change to § %(number)s %(title)s, in %(part)s") % words
            )
        return gettext("Withdrawn: proposed change to § %(number)s %(title)s") % words
    if version.part:
        return gettext("Proposed change to § %(number)s %(title)s, in %(part)s") % words
    return gettext("Proposed change to § %(number)s %(title)s") % words


def proposed_changes_for_feed() -> list[FeedEntry]:
    """Every proposed section version, and every one whose proposal was withdrawn (so a
    follower hears of the withdrawal as an update of the entry), latest change first: one
    query."""
    versions = (
        SectionVersion.objects.filter(status__in=(VersionStatus.PROPOSED, VersionStatus.WITHDRAWN))
        .select_related("section", "proposal")
        .annotate(changed_at=last_changed(SectionVersion))
        .order_by("section__sort_key", "pk")
    )
    entries = [
        FeedEntry(
            guid=f"cotati-building-rules:proposed-version:{v.pk}",
            title=_feed_title(v),
            url=f"{v.section.get_absolute_url()}#"
            + (f"version-{v.pk}" if v.is_withdrawn else f"proposal-{v.pk}"),
            updated=v.changed_at,
            version=v,
        )
        for v in versions
        if v.changed_at is not None
    ]
    return sorted(entries, key=lambda e: (e.updated, e.guid), reverse=True)
