"""The search vocabulary: everyday words staff map to topics, and the words the site's
content holds (for "Did you mean …")."""

import re

from django.core.exceptions import ValidationError
from django.db import models

from cotati_site.guidance.models import Topic


class SearchPhrase(models.Model):
    """Everyday words a resident may type, and where the search should lead them.

    A phrase leads to a topic ("granny unit" → ADUs), or, with no topic, says honestly that
    the site does not cover the subject yet and who to ask ("pool" → "Swimming pools"), or
    shows the City's contact details first ("phone", "ayuda en español").
    Editors keep the list in the admin; the shipped list is fixtures/vocabulary.json.
    """

    phrase = models.CharField(
        max_length=80,
        help_text="The words as residents type them, e.g. 'granny unit'. Matched as whole "
        "words, in any case, with or without accents, singular or plural, anywhere in the "
        "search.",
    )
    language = models.CharField(
        max_length=8,
        choices=[("en", "English"), ("es", "Spanish")],
        default="en",
        help_text="The language of the words: they are matched in searches in that language.",
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
        "search page says it, e.g. 'Swimming pools'. The words are then not searched in the "
        "site's text (where 'pool' is only ever 'car pool').",
    )

    shows_contacts = models.BooleanField(
        default=False,
        help_text="The words ask how to reach the City ('phone', 'office hours', 'ayuda en "
        "español'): the search page shows the Planning Division's contact details first. "
        "Leave the topic and the subject empty.",
    )

    class Meta:
        db_table = "cotati_site_searchphrase"  # its table from before the app split
        ordering = ["language", "phrase"]
        constraints = [
            models.UniqueConstraint(
                fields=["phrase", "language"], name="searchphrase_unique_per_language"
            )
        ]
        verbose_name = "search word"
        verbose_name_plural = "search vocabulary"

    def __str__(self) -> str:
        return self.phrase

    def clean(self):
        super().clean()
        # Letters (accented ones too: "vivienda accesoria", "cañón") and digits.
        self.phrase = " ".join(re.findall(r"[^\W_]+", self.phrase.lower()))
        if not self.phrase:
            raise ValidationError({"phrase": "Type the words, with at least one letter or digit."})
        if self.topic_id and self.not_covered:
            raise ValidationError(
                {"not_covered": "Leave this empty when the words lead to a topic."}
            )
        if self.shows_contacts and (self.topic_id or self.not_covered.strip()):
            raise ValidationError(
                {
                    "shows_contacts": "Words that lead to the City's contact details lead "
                    "nowhere else: leave the topic and the subject empty."
                }
            )
        if not self.topic_id and not self.not_covered.strip() and not self.shows_contacts:
            raise ValidationError(
                {
                    "topic": "Choose the topic, name the subject this site does not cover yet, "
                    "or tick 'shows contacts'."
                }
            )


class SearchWord(models.Model):
    """A word found in the site's titles and plain-language text, for "Did you mean …".

    Derived: search.refresh_words() rebuilds the table whenever content is loaded or edited.
    On PostgreSQL a trigram index (pg_trgm, search migration 0002) finds the nearest words.
    """

    word = models.CharField(max_length=40, primary_key=True)
    uses = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "cotati_site_searchword"  # its table from before the app split

    def __str__(self) -> str:
        return self.word
