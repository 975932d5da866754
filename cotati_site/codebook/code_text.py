"""Writes for a section's official text: saving what staff pasted as an adopted version.

The admin's "Add official text" page and ``manage.py import_official_text`` both end here,
so the site follows in one place: the section's own text, source and history line become
the official ones, its secondary-source note goes, the new adopted version makes every
summary citing the section "needs review" (cotati_site.guidance.review compares the versions each
summary was checked against), cached pages go stale and search learns the new words.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction

from cotati_site.codebook.blocks import validate_body
from cotati_site.codebook.models import (
    CodeSection,
    SectionVersion,
    TextSource,
    VersionStatus,
)
from cotati_site.codebook.services import save_version
from cotati_site.core.cache import content_written


@dataclass(frozen=True)
class Adopted:
    version: SectionVersion
    summaries_to_review: list  # the summaries (guidance) citing the section


def adopt_official_text(
    section: CodeSection,
    blocks: list[dict],
    *,
    source: str,
    effective_on: date,
    retrieved_on: date,
    source_url: str,
    history: str = "",
    adopted_on: date | None = None,
) -> Adopted:
    """Save ``blocks`` as the adopted, official text of ``section`` from ``effective_on``."""
    validate_body(blocks)
    if not blocks:
        raise ValidationError("There is no text to save.")
    if not source.strip():
        raise ValidationError("Name the ordinance the text comes from.")
    with transaction.atomic():
        version = SectionVersion(
            section=section,
            status=VersionStatus.ADOPTED,
            source=source.strip(),
            body=blocks,
            adopted_on=adopted_on,
            effective_on=effective_on,
            text_source=TextSource.OFFICIAL,
            source_url=source_url,
            retrieved_on=retrieved_on,
        )
        version.full_clean()
        # The version is the one home of the text; the service re-points the search index.
        save_version(version)
        section.text_source = TextSource.OFFICIAL
        section.retrieved_on = retrieved_on
        section.source_url = source_url or section.source_url
        section.history = history or section.history
        section.text_source_note = ""
        section.save()
        summaries = list(section.summaries.order_by("pk"))
        content_written()  # the search words and the cached pages follow
    return Adopted(version=version, summaries_to_review=summaries)
