"""Our plain-language guidance: topics, the summaries of one rule each (always citing where
the rule comes from) and FAQs. Each is revisioned (``core.revisions.Revisioned``), its text
is kept in English and Spanish, and it keeps its history (``history``): both are registered
in ``translation.py``, the history once the Spanish fields exist, so that every version
holds them (``core.translated``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from cotati_site.codebook.models import CodeSection
from cotati_site.core.revisions import Revisioned
from cotati_site.core.translated import Translated
from cotati_site.guidance.features import validate_feature


class Topic(Translated, Revisioned):
    """A question residents ask about their lot (fences, sheds, a home business, ...)."""

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
    # The choices are the registry's (guidance/features.py), offered by the admin's form.
    feature = models.CharField(
        max_length=30,
        blank=True,
        validators=[validate_feature],
        help_text="Which numbers from the rules tables the page shows, and which part of Check my lot it links to.",
    )

    class Meta:
        db_table = "cotati_site_topic"  # its table from before the app split
        ordering = ["order", "title"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("topic_detail", args=[self.slug])

    @property
    def audiences(self) -> list[str]:
        flags = [
            (self.for_homeowners, gettext("Homeowners")),
            (self.for_contractors, gettext("Contractors")),
            (self.for_designers, gettext("Designers")),
        ]
        return [label for flag, label in flags if flag]


class PublishedQuerySet(models.QuerySet):
    def published(self):
        return self.filter(is_published=True)


class Summary(Translated, Revisioned):
    """One rule in plain language, with where it comes from.

    ``checked_versions`` records which version of each cited section the summary was
    last checked against; when a cited section gets a newer adopted version in force,
    the summary needs review (see ``cotati_site.guidance.review``).
    """

    class SourceKind(models.TextChoices):
        # The badge on each rule of a topic page, in the page's language.
        COTATI_CODE = "cotati_code", gettext_lazy("Cotati code")
        STATE_LAW = "state_law", gettext_lazy("CA state law")

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

    class Meta:
        db_table = "cotati_site_summary"  # its table from before the app split
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


class FAQ(Translated, Revisioned):
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

    class Meta:
        db_table = "cotati_site_faq"  # its table from before the app split
        ordering = ["topic__order", "order", "pk"]
        verbose_name = "FAQ"
        verbose_name_plural = "FAQs"

    def __str__(self) -> str:
        return self.question

    def get_absolute_url(self) -> str:
        return f"{self.topic.get_absolute_url()}#faq-{self.pk}"
