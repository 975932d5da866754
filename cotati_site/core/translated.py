"""Staff-edited text in each language: which text a page shows, and whether a translation
still matches its English (docs/decisions/translated-content.md).

Each translated field (a topic's title, a summary's headline, …) has a column per language,
added by django-modeltranslation (``cotati_site/*/translation.py``): ``title_en`` holds the
English editors write first, ``title_es`` its Spanish. A record also remembers, per
language, the English its translation was written from (``translated_from``), so that:

- a translation is **current** while the English is as it was then; a page in that language
  shows it;
- it **needs review** once the English changes (a figure corrected, a sentence added): the
  page shows the English instead, marked ``lang="en"`` and said so in the page's language,
  because an out-of-date translation can hold an out-of-date figure; staff see the state,
  with the English's changes, in the admin;
- a record with **no** translation (or with some of its English fields untranslated) is
  shown in English, marked and said so, the same way.

Pages never rely on modeltranslation's fallback (reading ``topic.title`` in Spanish gives
the English when there is no Spanish, unmarked); they ask ``shown(obj)`` which language
each record is shown in. The English is the source: every translated field has it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.utils.translation import get_language
from modeltranslation.translator import NotRegistered, translator

SOURCE = settings.LANGUAGE_CODE  # the language editors write first: English

CURRENT = "current"  # translated, from the English as it is now
REVIEW = "review"  # translated, but the English changed since
MISSING = "missing"  # not translated (or not every field that has English)


class Translated(models.Model):
    """A record whose text is kept in each of the site's languages."""

    translated_from = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text=(
            "For each language, the English each translated field had when its translation "
            "was written or last checked (language → field → text). When the English changes, "
            "the translation needs review."
        ),
    )

    # A record shown in another language only whole (a rule: never half Spanish, half
    # English), or field by field (site information: a phone number needs no translation).
    translated_whole = True

    class Meta:
        abstract = True


def fields_of(model_or_obj) -> tuple[str, ...]:
    """The translated fields of a model (or of a record's model), in the order registered;
    () for anything else (an admin preview's stand-in)."""
    model = model_or_obj if isinstance(model_or_obj, type) else type(model_or_obj)
    try:
        options = translator.get_options_for_model(model)
    except NotRegistered:
        return ()
    return tuple(options.fields)


def other_languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES if code != SOURCE]


def text(obj, field: str, language: str) -> str:
    """A field's text in a language, "" when there is none."""
    return getattr(obj, f"{field}_{language}", None) or ""


def english(obj, field: str) -> str:
    return text(obj, field, SOURCE)


def field_state(obj, field: str, language: str) -> str:
    """One field's translation: CURRENT, REVIEW or MISSING (see the module's docstring)."""
    if not text(obj, field, language):
        return MISSING
    written_from = (getattr(obj, "translated_from", None) or {}).get(language, {})
    return CURRENT if written_from.get(field) == english(obj, field) else REVIEW


def state(obj, language: str) -> str:
    """The record's translation into ``language``: MISSING unless every field that has
    English has a translation (for a record translated field by field, unless one has);
    REVIEW if any translated field's English changed since; else CURRENT. The source
    language is always CURRENT."""
    if language == SOURCE:
        return CURRENT
    fields = [f for f in fields_of(obj) if english(obj, f)]
    states = {field_state(obj, field, language) for field in fields}
    if not getattr(obj, "translated_whole", True):
        states.discard(MISSING)
    if not states or MISSING in states:
        return MISSING
    return REVIEW if REVIEW in states else CURRENT


def english_changes(obj, language: str) -> list[tuple[str, str, str]]:
    """(field, the English the translation was written from, the English now) for each
    translated field whose English changed since: what a reviewer compares."""
    written_from = (obj.translated_from or {}).get(language, {})
    return [
        (field, written_from.get(field, ""), english(obj, field))
        for field in fields_of(obj)
        if text(obj, field, language) and written_from.get(field) != english(obj, field)
    ]


# A figure as the site writes it in every language: 42, 7.5, 1,200, 5:30 (docs/glossary-es.md).
_FIGURE = re.compile(r"\d+(?:[.,:]\d+)*")


def figures(text: str) -> list[str]:
    """The figures a text states, in order of size as written (to compare as a multiset)."""
    return sorted(_FIGURE.findall(text or ""))


def figure_mismatches(english_text: str, translation: str) -> tuple[list[str], list[str]]:
    """The figures only the English states and those only the translation states: a
    translation changes no figure (a height, a date, a section number)."""
    english, translated_figures = figures(english_text), figures(translation)
    only_english = list(english)
    only_translation = []
    for figure in translated_figures:
        if figure in only_english:
            only_english.remove(figure)
        else:
            only_translation.append(figure)
    return only_english, only_translation


def record_translation(obj, language: str) -> None:
    """Record that ``obj``'s translation into ``language`` was written (or checked) from its
    English as it is now; forget it when the record holds no text in that language. The
    caller saves ``obj`` (one save, one version in its history)."""
    recorded = dict(obj.translated_from or {})
    if any(text(obj, field, language) for field in fields_of(obj)):
        recorded[language] = {field: english(obj, field) for field in fields_of(obj)}
    else:
        recorded.pop(language, None)
    obj.translated_from = recorded


@dataclass(frozen=True)
class Shown:
    """A record as a page in ``page_language`` shows it: in ``language`` (the page's, or
    English), and if English on a page in another language, ``why`` (MISSING or REVIEW)."""

    obj: object
    language: str
    page_language: str
    why: str = ""

    def __getattr__(self, name: str):
        obj = object.__getattribute__(self, "obj")
        if name in fields_of(obj):
            return text(obj, name, object.__getattribute__(self, "language"))
        return getattr(obj, name)

    @property
    def in_english_on_another_page(self) -> bool:
        return self.language != self.page_language


def shown(obj, page_language: str | None = None) -> Shown:
    """How a page in ``page_language`` (default: the active language) shows ``obj``: in that
    language when its translation is current, otherwise in English and why."""
    page_language = (page_language or get_language() or SOURCE).split("-")[0]
    if not fields_of(obj):  # an admin preview's stand-in: the English typed
        return Shown(obj, SOURCE, SOURCE)
    if page_language == SOURCE:
        return Shown(obj, SOURCE, page_language)
    current = state(obj, page_language)
    if current == CURRENT:
        return Shown(obj, page_language, page_language)
    return Shown(obj, SOURCE, page_language, why=current)
