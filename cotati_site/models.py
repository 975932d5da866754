"""Content of the site: the code's sections, and our plain-language topics, summaries and FAQs.

Sections mirror the Cotati Municipal Code's own structure and are keyed by the
number the code uses. Summaries are ours: short, plain-language statements of one
rule each, always citing where the rule comes from.
"""

from __future__ import annotations

import re
from datetime import date

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models, transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from simple_history.models import HistoricalRecords

from cotati_site.services import claim_revision
from cotati_site.versions import version_lines

SECTION_NUMBER_RE = re.compile(r"^\d+(\.\d+)*[A-Z]?$")
# A California statute shown as a section of its own: "Gov. Code 66314", "Gov. Code 65852.21".
STATE_SECTION_NUMBER_RE = re.compile(r"^Gov\. Code \d+(\.\d+)?$")


def cite_label(number: str) -> str:
    """A section as a citation: "§ 17.30.030", or "Gov. Code § 66314" for a state statute."""
    if STATE_SECTION_NUMBER_RE.match(number):
        code, _, digits = number.rpartition(" ")
        return f"{code} § {digits}"
    return f"§ {number}"


section_number_validator = RegexValidator(
    re.compile(f"{SECTION_NUMBER_RE.pattern}|{STATE_SECTION_NUMBER_RE.pattern}"),
    "Use the number as the code writes it, for example 17.30.030 (or Gov. Code 66314 for a state statute).",
)

BLOCK_TYPES = {"heading", "paragraph", "table"}


def section_sort_key(number: str) -> str:
    """A key that sorts section numbers as the code does: 17.24.9 before 17.24.10."""
    parts = []
    for part in number.split("."):
        digits = re.match(r"\d+", part)
        head = int(digits.group()) if digits else 0
        parts.append(f"{head:05d}{part[len(digits.group()) if digits else 0 :]}")
    return ".".join(parts)


def validate_body(blocks) -> None:
    """Body text is a list of blocks; tables keep their rows so they render as tables."""
    if not isinstance(blocks, list):
        raise ValidationError("The body must be a list of blocks.")
    for index, block in enumerate(blocks, start=1):
        if not isinstance(block, dict) or block.get("type") not in BLOCK_TYPES:
            raise ValidationError(
                f"Block {index} needs a type: one of {', '.join(sorted(BLOCK_TYPES))}."
            )
        if block["type"] == "table" and not isinstance(block.get("rows"), list):
            raise ValidationError(f"Table block {index} needs a list of rows.")
        unseparated = block.get("unseparated_rows", [])
        if block["type"] == "table" and (
            not isinstance(unseparated, list)
            or not all(
                isinstance(n, int)
                and 0 <= n < len(block["rows"])
                and isinstance(block["rows"][n], list)
                for n in unseparated
            )
        ):
            raise ValidationError(
                f"Table block {index}: unseparated_rows lists the numbers (from 0) of its rows "
                "whose source runs struck and inserted wording together."
            )
        if block["type"] != "table" and not isinstance(block.get("text"), str):
            raise ValidationError(f"Block {index} needs its text.")


def body_as_text(blocks) -> str:
    """The words of a body, tables included, as plain text (for search and snippets)."""
    return "\n".join(version_lines(blocks))


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
    ``cotati_site.codebook_services.reindex_sections``.
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


class Revisioned(models.Model):
    """Content two editors may edit at once: each save takes the next ``revision``.

    The revision is claimed with one conditional UPDATE in the transaction that saves the
    record (``cotati_site.services.claim_revision``), so concurrent saves never share a
    revision number. An instance read from the database remembers the revision it was read
    at (``loaded_revision``); the admin saves with the revision its form showed
    (``services.save_with_revision``), and a save from an out-of-date form is refused.
    """

    revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Counts saves; the admin refuses a save made from an out-of-date form.",
    )

    class Meta:
        abstract = True

    def save(self, *args, expected_revision=None, **kwargs):
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "revision"}
        with transaction.atomic(using=kwargs.get("using")):
            claimed = None
            if self.pk is not None and not kwargs.get("force_insert"):
                claimed = claim_revision(type(self), self.pk, expected_revision)
            self.revision = claimed if claimed is not None else (self.revision or 0) + 1
            super().save(*args, **kwargs)
        self.loaded_revision = self.revision

    @classmethod
    def from_db(cls, db, field_names, values):
        instance = super().from_db(db, field_names, values)
        instance.loaded_revision = instance.__dict__.get("revision")
        return instance


class Topic(Revisioned):
    """A question residents ask about their lot (fences, sheds, a home business, ...)."""

    class Feature(models.TextChoices):
        NONE = "", "None"
        ZONING_DISTRICTS = "zoning_districts", "Zoning district table"
        FENCES = "fence", "Fence heights from Table 3-2"
        ACCESSORY = "accessory", "Accessory structure limits"
        HOME_BUSINESS = "home_business", "Home business limits"
        FLOOD = "flood", "Flood zone rules"
        HILLSIDE = "hillside", "Hillside height limits"
        ADU = "adu", "ADU, JADU and SB 9 guarantees (state law)"

    slug = models.SlugField(
        unique=True, help_text="The address of the topic page: /topics/<slug>/."
    )
    title = models.CharField(
        max_length=120,
        help_text="A short title residents would search for, e.g. 'Fences and walls'.",
    )
    intro = models.TextField(
        help_text="One plain-language paragraph saying what the topic covers and who it concerns."
    )
    order = models.PositiveSmallIntegerField(
        default=100, help_text="Topics are listed by this number, smallest first."
    )
    for_homeowners = models.BooleanField(default=True, help_text="The topic concerns homeowners.")
    for_contractors = models.BooleanField(
        default=False, help_text="The topic concerns contractors."
    )
    for_designers = models.BooleanField(
        default=False, help_text="The topic concerns designers and architects."
    )
    feature = models.CharField(
        max_length=30,
        blank=True,
        choices=Feature.choices,
        help_text="Which numbers from the rules tables the page shows, and which part of Check my lot it links to.",
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["order", "title"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("topic_detail", args=[self.slug])

    @property
    def audiences(self) -> list[str]:
        flags = [
            (self.for_homeowners, "Homeowners"),
            (self.for_contractors, "Contractors"),
            (self.for_designers, "Designers"),
        ]
        return [label for flag, label in flags if flag]


class PublishedQuerySet(models.QuerySet):
    def published(self):
        return self.filter(is_published=True)


class Summary(Revisioned):
    """One rule in plain language, with where it comes from.

    ``checked_versions`` records which version of each cited section the summary was
    last checked against; when a cited section gets a newer adopted version in force,
    the summary needs review (see ``cotati_site.review``).
    """

    class SourceKind(models.TextChoices):
        COTATI_CODE = "cotati_code", "Cotati code"
        STATE_LAW = "state_law", "CA state law"

    class Basis(models.TextChoices):
        CODE_TEXT = "code_text", "Checked against code text on this site"
        SECONDARY = "secondary", "Known from a secondary source (full text not on this site yet)"
        STATE_STATUTE = "state_statute", "Checked against the state statute"

    topic = models.ForeignKey(
        Topic,
        on_delete=models.CASCADE,
        related_name="summaries",
        help_text="The topic page this rule appears on.",
    )
    headline = models.CharField(
        max_length=250,
        help_text="The rule in one plain sentence, e.g. 'A shed can be up to 12 feet tall.'",
    )
    body = models.TextField(
        blank=True,
        help_text=(
            "A short explanation in plain language: who it applies to, exceptions, what to do next."
            " Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown."
        ),
    )
    source_kind = models.CharField(
        max_length=20,
        choices=SourceKind.choices,
        default=SourceKind.COTATI_CODE,
        help_text="Whether the rule comes from Cotati's own code or from California state law.",
    )
    sections = models.ManyToManyField(
        CodeSection,
        blank=True,
        related_name="summaries",
        help_text="The Cotati code sections this rule comes from (for Cotati code rules).",
    )
    citation_text = models.CharField(
        max_length=200,
        blank=True,
        help_text="The citation as written, for state law (e.g. 'Health & Safety Code § 1597.45(a)') or a subsection.",
    )
    applies_when = models.CharField(
        max_length=250,
        blank=True,
        help_text="Optional: when the rule applies, e.g. 'Corner lots only'.",
    )
    basis = models.CharField(
        max_length=20,
        choices=Basis.choices,
        default=Basis.CODE_TEXT,
        help_text="What the summary was checked against. Say 'secondary' when the section's text is not on this site.",
    )
    basis_note = models.CharField(
        max_length=300,
        blank=True,
        help_text="For a secondary basis, where the fact comes from (shown to readers).",
    )
    checked_on = models.DateField(
        help_text="The date this summary was last checked against its source."
    )
    checked_versions = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text=(
            "The version of each cited section this summary was checked against: section number → "
            "version id. Set by the action 'Checked against the current code today'."
        ),
    )
    is_published = models.BooleanField(
        default=False,
        help_text="Only published summaries appear on public pages; drafts are visible to staff only.",
    )
    is_key_point = models.BooleanField(
        default=False,
        help_text="Show the headline in the 'Key points' box at the top of the topic page.",
    )
    order = models.PositiveSmallIntegerField(
        default=100, help_text="Summaries are listed by this number, smallest first."
    )

    objects = PublishedQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["topic__order", "order", "pk"]
        verbose_name_plural = "summaries"

    def __str__(self) -> str:
        return self.headline

    def get_absolute_url(self) -> str:
        return f"{self.topic.get_absolute_url()}#summary-{self.pk}"

    def clean(self):
        if self.source_kind == self.SourceKind.STATE_LAW and not self.citation_text:
            raise ValidationError(
                {
                    "citation_text": "A state-law rule needs its citation, e.g. 'Gov. Code § 65852.2'."
                }
            )


class FAQ(Revisioned):
    """A question residents ask, answered in plain language, on a topic page."""

    topic = models.ForeignKey(
        Topic,
        on_delete=models.CASCADE,
        related_name="faqs",
        help_text="The topic page the question appears on.",
    )
    question = models.CharField(
        max_length=250, help_text="The question as a resident would ask it."
    )
    answer = models.TextField(
        help_text=(
            "A short plain-language answer; name the section it rests on."
            " Formatting allowed: a blank line starts a new paragraph; the HTML tags strong, em, code, ul, ol, li and a (links) may be used; anything else is removed before it is shown."
        )
    )
    sections = models.ManyToManyField(
        CodeSection,
        blank=True,
        related_name="faqs",
        help_text="The Cotati code sections the answer rests on (the ones it names).",
    )
    basis = models.CharField(
        max_length=20,
        choices=Summary.Basis.choices,
        blank=True,
        help_text=(
            "What the figures in the answer were checked against, as for summaries. Leave blank when "
            "the answer states no rule of its own (e.g. 'this site does not have that rule yet')."
        ),
    )
    basis_note = models.CharField(
        max_length=300,
        blank=True,
        help_text="For a secondary basis, where the fact comes from (shown to readers under the answer).",
    )
    order = models.PositiveSmallIntegerField(
        default=100, help_text="Questions are listed by this number, smallest first."
    )
    is_published = models.BooleanField(
        default=True, help_text="Only published questions appear on public pages."
    )

    objects = PublishedQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["topic__order", "order", "pk"]
        verbose_name = "FAQ"
        verbose_name_plural = "FAQs"

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return f"{self.topic.get_absolute_url()}#faq-{self.pk}"


class VersionStatus(models.TextChoices):
    ADOPTED = "adopted", "Adopted"
    PROPOSED = "proposed", "Proposed (not law)"


class ProposalStatus(models.TextChoices):
    PROPOSED = "proposed", "Proposed (not law)"
    ADOPTED = "adopted", "Adopted"
    WITHDRAWN = "withdrawn", "Withdrawn"


class ProposalQuerySet(models.QuerySet):
    def for_engine(self, known, *, on: date, preview: bool = False) -> dict[str, date | None]:
        """The ``proposals`` argument of the rules engine on ``on``: each proposal the
        standards data knows (``known``: ids) → the date its records apply from.

        Adopted: its effective date. Still proposed: None (pending: its figures are only
        mentioned), or with ``preview`` the check date. Withdrawn: left out. A proposal of
        the standards data with no record here counts as pending. With ``preview`` an
        adopted proposal not yet in effect is applied from the check date too.
        """
        rows = self.filter(pk__in=list(known)).values_list("pk", "status", "effective_on")
        return engine_dates(known, rows, on=on, preview=preview)

    def engine_rows(self) -> list[tuple[str, str, date | None]]:
        """Every proposal's (id, status, effective date): what ``engine_dates`` reads."""
        return list(self.values_list("pk", "status", "effective_on"))


def engine_dates(known, rows, *, on: date, preview: bool = False) -> dict[str, date | None]:
    """``ProposalQuerySet.for_engine`` over rows already read (id, status, effective date);
    rows of proposals the standards data does not know are ignored."""
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


class Proposal(models.Model):
    """A named set of proposed amendments (e.g. a code cleanup): it owns its proposed
    section versions and its proposed standards (``proposal = "<id>"`` in
    ``rules/data/*.toml``). Adopting it (``codebook_services.adopt_proposal``) makes its
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
        help_text="Set to adopted with the action 'Adopt…' (ordinance and effective date).",
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

    objects = ProposalQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["id"]
        permissions = [("adopt_proposal", "Can adopt a proposal (ordinance and effective date)")]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    def clean(self):
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
    history = HistoricalRecords()

    class Meta:
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

    @property
    def is_proposed(self) -> bool:
        return self.status == VersionStatus.PROPOSED


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
        ordering = ["apn", "pk"]
        verbose_name = "zoning map change"

    def __str__(self) -> str:
        return f"APN {self.apn}: {self.from_zone} → {self.to_zone} ({self.get_status_display()})"


# Staff-editable site information (contacts, map links) lives in its own module.
from cotati_site.site_info import SiteInfo  # noqa: E402, F401


class SearchPhrase(models.Model):
    """Everyday words a resident may type, and where the search should lead them.

    A phrase leads to a topic ("granny unit" → ADUs), or, with no topic, says honestly that
    the site does not cover the subject yet and who to ask ("pool" → "Swimming pools").
    Editors keep the list in the admin; the shipped list is fixtures/vocabulary.json.
    """

    phrase = models.CharField(
        max_length=80,
        unique=True,
        help_text="The words as residents type them, e.g. 'granny unit'. Matched as whole "
        "words, in any case, singular or plural, anywhere in the search.",
    )
    topic = models.ForeignKey(
        Topic,
        to_field="slug",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="search_phrases",
        help_text="The topic these words lead to, shown first. Leave empty for a subject "
        "this site does not cover yet.",
    )
    not_covered = models.CharField(
        max_length=120,
        blank=True,
        help_text="For a subject this site does not cover yet (no topic): its name as the "
        "search page says it, e.g. 'Swimming pools'.",
    )

    class Meta:
        ordering = ["phrase"]
        verbose_name = "search word"
        verbose_name_plural = "search vocabulary"

    def __str__(self) -> str:
        return self.phrase

    def clean(self):
        super().clean()
        self.phrase = " ".join(re.findall(r"[a-z0-9]+", self.phrase.lower()))
        if not self.phrase:
            raise ValidationError({"phrase": "Type the words, with at least one letter or digit."})
        if self.topic_id and self.not_covered:
            raise ValidationError(
                {"not_covered": "Leave this empty when the words lead to a topic."}
            )
        if not self.topic_id and not self.not_covered.strip():
            raise ValidationError(
                {"topic": "Choose the topic, or name the subject this site does not cover yet."}
            )


class SearchWord(models.Model):
    """A word found in the site's titles and plain-language text, for "Did you mean …".

    Derived: search.refresh_words() rebuilds the table whenever content is loaded or edited.
    On PostgreSQL a trigram index (pg_trgm, migration 0056) finds the nearest words.
    """

    word = models.CharField(max_length=40, primary_key=True)
    uses = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.word
