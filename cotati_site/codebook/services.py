"""Domain writes on the code book: saving and promoting section versions, adopting or
withdrawing a proposal, and keeping the search index on the version in force.

One function per write, used by the admin, the management commands and the tests. Each
saves through the model's own ``save()``, so the revision counter and the history
(django-simple-history) see every change, and says the content changed
(``cache.content_changed``) so no cached page outlives it. The search index is a derived
copy (``CodeSection.search_text``/``search_version``) and is rewritten here whenever the
version in force may have changed; ``manage.py refresh_search_index`` (run daily) and
``search.ensure_index_current`` catch the days on which an adopted version takes effect.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction

from cotati_site.codebook.blocks import body_as_text
from cotati_site.codebook.models import (
    CodeSection,
    Proposal,
    ProposalStatus,
    SectionVersion,
    VersionStatus,
)
from cotati_site.core.as_of import default_as_of
from cotati_site.core.cache import content_changed

_INDEX_BATCH = 500
# The date of the last full check of the search index (see search.ensure_index_current).
INDEX_CHECKED_KEY = "search-index-checked-on"


def stale_sections(on: date, *, since: date | None = None) -> list[str]:
    """Sections whose indexed version is not their version in force on ``on``.

    With ``since``, a date on which the index was known to be right, only sections with an
    adopted version taking effect between the two dates are looked at (the daily check in
    a process that already checked the day before). Two set-wise queries either way."""
    in_force = SectionVersion.objects.in_force(on)
    sections = CodeSection.objects.all()
    if since is not None:
        low, high = sorted((since, on))
        changed = SectionVersion.objects.adopted().filter(
            effective_on__gt=low, effective_on__lte=high
        )
        in_force = in_force.filter(section__in=changed.values("section_id"))
        sections = sections.filter(number__in=changed.values("section_id"))
    current = dict(in_force.order_by().values_list("section_id", "pk").iterator())
    indexed = sections.order_by().values_list("number", "search_version_id").iterator()
    return [number for number, version_id in indexed if current.get(number) != version_id]


def reindex_sections(
    numbers: Iterable[str] | None = None, *, on: date | None = None, since: date | None = None
) -> int:
    """Point the search index of sections at their version in force on ``on`` (default:
    the date the site shows rules as of). With ``numbers``, those sections are rewritten
    whatever they held (their text may have been edited); without, the stale ones
    (``stale_sections``, narrowed by ``since``). Returns how many sections were rewritten."""
    on = on or default_as_of()
    full_check = numbers is None and since is None
    numbers = stale_sections(on, since=since) if numbers is None else list(numbers)
    if full_check:  # other processes may narrow their first check of the day from here
        transaction.on_commit(lambda: cache.set(INDEX_CHECKED_KEY, on, timeout=None))
    written = 0
    for start in range(0, len(numbers), _INDEX_BATCH):
        batch = numbers[start : start + _INDEX_BATCH]
        rows = (
            SectionVersion.objects.in_force(on)
            .filter(section__in=batch)
            .values_list("section_id", "pk", "body")
        )
        versions = {number: (pk, body) for number, pk, body in rows}
        sections = list(CodeSection.objects.filter(number__in=batch).only("number"))
        for section in sections:
            version_id, body = versions.get(section.number, (None, []))
            section.search_version_id = version_id
            section.search_text = body_as_text(body)
        CodeSection.objects.bulk_update(sections, ["search_text", "search_version"])
        written += len(sections)
    return written


@transaction.atomic
def save_version(version: SectionVersion) -> SectionVersion:
    """Save a new or edited section version; its section's search index follows."""
    version.save()
    reindex_sections([version.section_id])
    content_changed()
    return version


def _promote(
    version: SectionVersion, *, ordinance: str, adopted_on: date | None, effective_on: date
) -> None:
    if version.status == VersionStatus.PROPOSED:
        version.proposed_as = version.proposed_as or version.source
    version.source = ordinance
    version.adopted_on = adopted_on
    version.effective_on = effective_on
    version.status = VersionStatus.ADOPTED
    version.save()


def _check_dates(adopted_on: date | None, effective_on: date | None) -> None:
    if effective_on is None:
        raise ValidationError({"effective_on": "Give the date it takes effect."})
    if adopted_on and effective_on < adopted_on:
        raise ValidationError({"effective_on": "It cannot take effect before it is adopted."})


@transaction.atomic
def promote_version(
    version: SectionVersion,
    *,
    ordinance: str,
    effective_on: date,
    adopted_on: date | None = None,
) -> SectionVersion:
    """Make a proposed version adopted law from ``effective_on`` (until then the text in
    force stays). A version of a proposal is promoted by adopting its proposal, so that
    the proposal's numbers follow from the same date: refused while it is not adopted."""
    _check_dates(adopted_on, effective_on)
    if version.proposal_id and version.proposal.status != ProposalStatus.ADOPTED:
        raise ValidationError(
            f"§ {version.section_id} belongs to the proposal {version.proposal.title!r}: "
            "adopt the proposal, so its numbers take effect with its text."
        )
    _promote(version, ordinance=ordinance, adopted_on=adopted_on, effective_on=effective_on)
    reindex_sections([version.section_id])
    content_changed()
    return version


@transaction.atomic
def adopt_proposal(
    proposal: Proposal,
    *,
    ordinance: str,
    effective_on: date,
    adopted_on: date | None = None,
) -> Proposal:
    """Record that ``proposal`` was adopted by ``ordinance``, in effect from
    ``effective_on``: its section versions become adopted text and its map changes
    adopted, all from that date; the site passes it to the rules engine from that date
    (``queries.engine_proposals``), so the checker, the JSON and the key numbers follow
    with the code pages. Summaries citing its sections need review from that date
    (``review``). Adopting again corrects the ordinance or dates."""
    _check_dates(adopted_on, effective_on)
    if not ordinance or not ordinance.strip():
        raise ValidationError({"ordinance": "Give the adopting ordinance, e.g. 'Ord. 945'."})
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.status == ProposalStatus.WITHDRAWN:
        raise ValidationError(f"{proposal.title} was withdrawn; it cannot be adopted.")
    proposal.status = ProposalStatus.ADOPTED
    proposal.ordinance = ordinance.strip()
    proposal.adopted_on = adopted_on
    proposal.effective_on = effective_on
    proposal.full_clean()
    proposal.save()
    numbers = set()
    for version in proposal.versions.select_related("section"):
        _promote(
            version, ordinance=proposal.ordinance, adopted_on=adopted_on, effective_on=effective_on
        )
        numbers.add(version.section_id)
    for change in proposal.map_changes.all():
        change.status = VersionStatus.ADOPTED
        change.adopted_on = adopted_on
        change.effective_on = effective_on
        change.save()
    reindex_sections(numbers)
    content_changed()
    return proposal


@transaction.atomic
def withdraw_proposal(proposal: Proposal, *, withdrawn_on: date) -> Proposal:
    """Record that ``proposal`` was withdrawn on ``withdrawn_on`` (voted down, or dropped
    before a vote): it never becomes law. Its section versions and map changes are kept for
    the record as withdrawn, so no page, feed or check shows them as pending any more, and
    the rules engine is no longer given its records (``ProposalQuerySet.engine_rows``), so
    Check my lot's preview and the pages' "proposed" figures drop them too. An adopted
    proposal is law and cannot be withdrawn: changing it again takes a new proposal.
    Withdrawing again corrects the date."""
    if withdrawn_on is None:
        raise ValidationError({"withdrawn_on": "Give the date it was withdrawn."})
    if withdrawn_on > default_as_of():
        raise ValidationError(
            {"withdrawn_on": "A withdrawal is recorded once it has happened: not a later date."}
        )
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.status == ProposalStatus.ADOPTED:
        raise ValidationError(
            f"{proposal.title} was adopted ({proposal.ordinance}); adopted law cannot be "
            "withdrawn. Changing it again takes a new proposal."
        )
    proposal.status = ProposalStatus.WITHDRAWN
    proposal.withdrawn_on = withdrawn_on
    proposal.full_clean()
    proposal.save()
    for version in proposal.versions.filter(status=VersionStatus.PROPOSED):
        version.status = VersionStatus.WITHDRAWN
        version.save()
    for change in proposal.map_changes.filter(status=VersionStatus.PROPOSED):
        change.status = VersionStatus.WITHDRAWN
        change.save()
    content_changed()
    return proposal
