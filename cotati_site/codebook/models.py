"""The code book: the code's sections, their versions (the only home of the law's words),
the named proposals that own proposed versions, and zoning-map changes.

Sections mirror the Cotati Municipal Code's own structure and are keyed by the
number the code uses.
"""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

from cotati_site.codebook.blocks import validate_body
from cotati_site.core.section_numbers import (
    cite_label,
    section_number_validator,
    section_sort_key,
)


class TextSource(models.TextChoices):
    """Where the words of a section or version on this site were taken from."""

    OFFICIAL = "official", "Official code text (downloaded from the published code)"
    REDLINE = "redline", "As printed in a City proposal (redline), not the published code"
    SECONDARY_QUOTE = (
        "secondary_quote",
        "Quoted by a secondary source, not checked against the code",
    )


class CodeSectionQuerySet(models.QuerySet):
    def with_text_on(self, on: date):
        """Sections annotated with ``in_force_id``: the id of the version in force on
        ``on`` (None: no text on the site that day). See ``SectionVersion.objects.in_force``."""
        in_force = SectionVersion.objects.in_force(on).filter(section=OuterRef("pk"))
        return self.annotate(in_force_id=models.Subquery(in_force.values("pk")[:1]))


class CodeSection(models.Model):
    """One section of the Cotati Municipal Code, as the code numbers it, or a California
    statute that applies in Cotati (``jurisdiction``), numbered as the state cites it
    ("Gov. Code 66314").

    The law's words live on the section's versions (``SectionVersion``), never here; a
    section with no version in force is known by number and title only: its page then
    says so and links to the official code. ``search_text`` is the search index's copy of
    the text of the version in force (``search_version``), kept by
    ``cotati_site.codebook.services.reindex_sections``.
    """

    class Jurisdiction(models.TextChoices):
        COTATI = "cotati", "Cotati Municipal Code"
        CALIFORNIA = "california", "California state law"

    number = models.CharField(
        primary_key=True,
        max_length=20,
        validators=[section_number_validator],
        help_text="The section number exactly as the code writes it, e.g. 17.30.030, or Gov. Code 66314.",
    )
    jurisdiction = models.CharField(
        max_length=20,
        choices=Jurisdiction.choices,
        default=Jurisdiction.COTATI,
        help_text="Whose law this is: Cotati's code, or a California statute that applies in Cotati.",
    )
    title = models.CharField(
        max_length=200,
        help_text="The section's title as the code gives it, e.g. 'Fences, walls, and screening'.",
    )
    code_title = models.PositiveSmallIntegerField(
        help_text="The title of the municipal code the section belongs to (17 for the land use code)."
    )
    code_title_name = models.CharField(
        max_length=120, blank=True, help_text="The name of that code title, e.g. 'Land Use'."
    )
    chapter = models.CharField(
        max_length=20,
        help_text="The chapter number, e.g. 17.30 (derived from the number when left blank).",
    )
    chapter_title = models.CharField(
        max_length=200,
        blank=True,
        help_text="The chapter's title, e.g. 'Site Planning and General Development Standards'.",
    )
    source_url = models.URLField(
        max_length=500, help_text="Where the official text can be read (the city's published code)."
    )
    text_source = models.CharField(
        max_length=20,
        blank=True,
        choices=TextSource.choices,
        help_text=(
            "Where this site's text of the section (its versions) was taken from. Leave blank when the "
            "site holds none. A summary citing a section whose text is not official code text cannot "
            "be marked 'checked against code text'."
        ),
    )
    retrieved_on = models.DateField(
        null=True,
        blank=True,
        help_text=(
            "The date the text was taken from the official source. Leave empty when it was not "
            "(e.g. quoted by a secondary source): say where and when in the text source note."
        ),
    )
    history = models.TextField(
        blank=True,
        help_text="The ordinance history line printed under the section, e.g. '(Ord. 766 § 2 Exh. A, 2004)'.",
    )
    text_source_note = models.CharField(
        max_length=300,
        blank=True,
        help_text=(
            "Where the text came from when it is not the official code itself (e.g. a quotation in "
            "another source), and when. Shown to readers: one or two plain sentences."
        ),
    )
    search_text = models.TextField(
        blank=True,
        editable=False,
        help_text="The text of the version in force as plain text, for search (derived).",
    )
    search_version = models.ForeignKey(
        "SectionVersion",
        null=True,
        blank=True,
        editable=False,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The version whose text search_text holds (derived).",
    )
    sort_key = models.CharField(
        max_length=80,
        editable=False,
        db_index=True,
        help_text="Derived from the number so sections sort as the code does.",
    )

    objects = CodeSectionQuerySet.as_manager()

    class Meta:
        db_table = "cotati_site_codesection"  # its table from before the app split
        ordering = ["sort_key"]
        verbose_name = "code section"
        permissions = [
            ("adopt_official_text", "Can add a section's official text (the law's own words)")
        ]

    def __str__(self) -> str:
        return f"{self.cite} {self.title}"

    def save(self, *args, **kwargs):
        self.sort_key = section_sort_key(self.number)
        if not self.chapter:
            self.chapter = ".".join(self.number.split(".")[:2])
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("section_detail", args=[self.number])

    @property
    def cite(self) -> str:
        """The number as a citation: "§ 17.30.030" or "Gov. Code § 66314"."""
        return cite_label(self.number)

    @property
    def is_state_law(self) -> bool:
        return self.jurisdiction == self.Jurisdiction.CALIFORNIA

    def version_in_force(self, on: date) -> SectionVersion | None:
        """The version of this section in force on ``on`` (None: no text that day)."""
        return SectionVersion.objects.in_force(on).filter(section=self).first()


# The labels are shown on the public pages, in each page's language.
class VersionStatus(models.TextChoices):
    ADOPTED = "adopted", gettext_lazy("Adopted")
    PROPOSED = "proposed", gettext_lazy("Proposed (not law)")
    # Its proposal was withdrawn (``codebook_services.withdraw_proposal``): kept for the
    # record, never law, and no longer shown as pending.
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn, never law")


class ProposalStatus(models.TextChoices):
    PROPOSED = "proposed", gettext_lazy("Proposed (not law)")
    ADOPTED = "adopted", gettext_lazy("Adopted")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")


class ProposalQuerySet(models.QuerySet):
    def engine_rows(self) -> list[tuple[str, str, date | None]]:
        """Every proposal's (id, status, effective date): what ``queries.engine_dates``
        reads."""
        return list(self.values_list("pk", "status", "effective_on"))


class Proposal(models.Model):
    """A named set of proposed amendments (e.g. a code cleanup): it owns its proposed
    section versions and its proposed standards (``proposal = "<id>"`` in
    ``law/data/*.toml``). Adopting it (``codebook_services.adopt_proposal``) makes its
    versions and standards law from its effective date."""

    id = models.SlugField(
        primary_key=True,
        max_length=80,
        help_text="A short name used by the standards data, e.g. spring-2026-cleanup.",
    )
    title = models.CharField(
        max_length=200, help_text="The proposal's name, e.g. 'Spring 2026 code cleanup'."
    )
    source_document = models.CharField(
        max_length=300,
        help_text="The document the proposed text comes from, e.g. 'Attachment A: redline'.",
    )
    source_url = models.URLField(
        max_length=500, blank=True, help_text="Where the proposal's document can be read."
    )
    status = models.CharField(
        max_length=10,
        choices=ProposalStatus.choices,
        default=ProposalStatus.PROPOSED,
        help_text=(
            "Set with the actions 'Adopt…' (ordinance and effective date) and 'Withdraw…' "
            "(the date it was withdrawn)."
        ),
    )
    hearing_on = models.DateField(
        null=True, blank=True, help_text="The date of the public hearing, when known."
    )
    adopted_on = models.DateField(
        null=True, blank=True, help_text="The date the council adopted it."
    )
    effective_on = models.DateField(
        null=True,
        blank=True,
        help_text="The date it takes effect: its text and numbers count from that day.",
    )
    ordinance = models.CharField(
        max_length=200, blank=True, help_text="The adopting ordinance, e.g. 'Ord. 945'."
    )
    withdrawn_on = models.DateField(
        null=True,
        blank=True,
        help_text="The date it was withdrawn (voted down, or dropped before a vote).",
    )

    objects = ProposalQuerySet.as_manager()
    history = HistoricalRecords(table_name="cotati_site_historicalproposal")

    class Meta:
        db_table = "cotati_site_proposal"  # its table from before the app split
        ordering = ["id"]
        permissions = [
            ("adopt_proposal", "Can adopt a proposal (ordinance and effective date)"),
            ("withdraw_proposal", "Can withdraw a proposal"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    def clean(self):
        if self.status == ProposalStatus.WITHDRAWN and not self.withdrawn_on:
            raise ValidationError({"withdrawn_on": "A withdrawn proposal needs the date."})
        if self.status == ProposalStatus.ADOPTED:
            errors = {}
            if not self.effective_on:
                errors["effective_on"] = "An adopted proposal needs its effective date."
            if not self.ordinance:
                errors["ordinance"] = "An adopted proposal needs its ordinance."
            if errors:
                raise ValidationError(errors)


class SectionVersionQuerySet(models.QuerySet):
    def adopted(self):
        return self.filter(status=VersionStatus.ADOPTED)

    def proposed(self):
        return self.filter(status=VersionStatus.PROPOSED)

    def in_force(self, on: date):
        """The version in force on ``on`` of each section (at most one per section): the
        adopted version with the latest effective date on or before ``on``, the later one
        entered on the same day. A proposed version never is in force.

        The one definition of "the text in force": pages, review and search use it.
        """
        return self.filter(_in_force_q(on))

    def with_in_force(self, on: date):
        """Versions annotated with ``is_in_force`` (on ``on``), for a page that lists them all."""
        return self.annotate(
            is_in_force=models.ExpressionWrapper(
                _in_force_q(on), output_field=models.BooleanField()
            )
        )


def _in_force_q(on: date) -> Q:
    superseded = SectionVersion.objects.filter(
        section=OuterRef("section"), status=VersionStatus.ADOPTED, effective_on__lte=on
    ).filter(
        Q(effective_on__gt=OuterRef("effective_on"))
        | Q(effective_on=OuterRef("effective_on"), pk__gt=OuterRef("pk"))
    )
    return Q(status=VersionStatus.ADOPTED, effective_on__lte=on) & ~Exists(superseded)


class SectionVersion(models.Model):
    """One text of a code section: adopted (law from its effective date) or proposed (not law).

    The only home of a section's words, held as blocks (see ``validate_body``). A version
    may hold only part of a section (``part``), e.g. subsection (B) as an amending
    ordinance prints it. A proposed version belongs to its ``proposal``.
    """

    section = models.ForeignKey(
        CodeSection,
        on_delete=models.CASCADE,
        related_name="versions",
        help_text="The section this is a version of.",
    )
    status = models.CharField(
        max_length=10,
        choices=VersionStatus.choices,
        default=VersionStatus.PROPOSED,
        help_text="Adopted: law from its effective date. Proposed: a draft amendment, never counted as current.",
    )
    source = models.CharField(
        max_length=200,
        help_text="The ordinance or proposal the text comes from, e.g. 'Ord. 939' or 'Spring 2026 code cleanup (proposed)'.",
    )
    proposed_as = models.CharField(
        max_length=200,
        blank=True,
        help_text="For a version adopted after being proposed: the proposal it was published as.",
    )
    proposal = models.ForeignKey(
        Proposal,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="versions",
        help_text="The proposal this text was published in (required for a proposed version).",
    )
    part = models.CharField(
        max_length=100,
        blank=True,
        help_text="The part of the section this text covers, e.g. '(B)' or 'Table 3-2'. Leave blank for the whole section.",
    )
    body = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_body],
        help_text="The text as blocks (headings, paragraphs, tables), like a code section's body.",
    )
    adopted_on = models.DateField(
        null=True, blank=True, help_text="The date the council adopted it, when known."
    )
    effective_on = models.DateField(
        null=True,
        blank=True,
        help_text="The date it takes (or took) effect. Required for an adopted version; empty for a proposal.",
    )
    notes = models.TextField(
        blank=True,
        help_text=(
            "Shown to readers: one or two plain sentences on how far this text can be relied on, "
            "where that matters (e.g. words of a redline that cannot be told apart). No file names "
            "or working notes: those go in the staff note."
        ),
    )
    staff_note = models.TextField(
        blank=True,
        help_text=(
            "For staff only, never shown on the public site: how the text was transcribed, each "
            "reading of a run-together redline word, confidence, references to the rules data."
        ),
    )
    text_source = models.CharField(
        max_length=20,
        choices=TextSource.choices,
        default=TextSource.OFFICIAL,
        help_text="Where these words were taken from: the published code, a City redline, or a secondary source's quotation.",
    )
    source_url = models.URLField(
        max_length=500,
        blank=True,
        help_text="Where the official text of this version can be read (leave blank when it was not taken from one).",
    )
    retrieved_on = models.DateField(
        null=True,
        blank=True,
        help_text="The date the text was taken from that official source (leave empty for a quotation from a secondary source).",
    )

    objects = SectionVersionQuerySet.as_manager()
    history = HistoricalRecords(table_name="cotati_site_historicalsectionversion")

    class Meta:
        db_table = "cotati_site_sectionversion"  # its table from before the app split
        ordering = ["section__sort_key", models.F("effective_on").asc(nulls_last=True), "pk"]
        verbose_name = "section version"

    def __str__(self) -> str:
        part = f"{self.part} " if self.part else ""
        return f"§ {self.section_id} {part}— {self.source} ({self.get_status_display()})"

    def clean(self):
        if self.status == VersionStatus.ADOPTED and not self.effective_on:
            raise ValidationError({"effective_on": "An adopted version needs its effective date."})
        if self.status == VersionStatus.PROPOSED and not self.proposal_id:
            raise ValidationError({"proposal": "A proposed version belongs to a proposal."})
        if self.status == VersionStatus.WITHDRAWN and (
            not self.proposal_id or self.proposal.status != ProposalStatus.WITHDRAWN
        ):
            raise ValidationError(
                {"status": "A version is withdrawn with its proposal (Withdraw… on the proposal)."}
            )

    @property
    def is_proposed(self) -> bool:
        return self.status == VersionStatus.PROPOSED

    @property
    def is_withdrawn(self) -> bool:
        return self.status == VersionStatus.WITHDRAWN


class ZoningMapChange(models.Model):
    """A change to the zoning map for one parcel, adopted or proposed (e.g. in a rezoning)."""

    apn = models.CharField(
        "APN", max_length=20, help_text="The Assessor Parcel Number, e.g. 144-720-061."
    )
    from_zone = models.CharField(max_length=20, help_text="The district code before, e.g. CE.")
    to_zone = models.CharField(max_length=20, help_text="The district code after, e.g. NM.")
    status = models.CharField(
        max_length=10,
        choices=VersionStatus.choices,
        default=VersionStatus.PROPOSED,
        help_text="Adopted: the map is changed from its effective date. Proposed: not law yet.",
    )
    source = models.CharField(
        max_length=200,
        help_text="The ordinance or proposal, e.g. 'Spring 2026 code cleanup (proposed)'.",
    )
    proposal = models.ForeignKey(
        Proposal,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="map_changes",
        help_text="The proposal this change was published in.",
    )
    adopted_on = models.DateField(null=True, blank=True)
    effective_on = models.DateField(null=True, blank=True)
    notes = models.TextField(
        blank=True,
        help_text="Shown to readers: what the source says, and what it leaves open, in plain words.",
    )
    staff_note = models.TextField(
        blank=True, help_text="For staff only, never shown on the public site: working notes."
    )

    class Meta:
        db_table = "cotati_site_zoningmapchange"  # its table from before the app split
        ordering = ["apn", "pk"]
        verbose_name = "zoning map change"

    def __str__(self) -> str:
        return f"APN {self.apn}: {self.from_zone} → {self.to_zone} ({self.get_status_display()})"
