"""Staff text on a page, in the page's language when it has a current translation, otherwise
in English, marked and said so (``core.translated``; docs/decisions/translated-content.md).

- ``{% shown topic as shown_topic %}``: the record as the page shows it (``shown_topic.title``
  in the language shown).
- ``{% lang_mark shown_topic %}``: `` lang="en"`` on an element holding the English of a page
  in another language; nothing otherwise.
- ``{% any_in_english topics as english %}``: whether any of the records is shown in English
  (a list's one note before its first English text).
- ``{% shown_text entry "value" as value %}``: one field of a record translated field by
  field (site information), as (text, language).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

from cotati_site.core import translated

register = template.Library()


@register.simple_tag
def shown(obj) -> translated.Shown:
    return translated.shown(obj)


@register.simple_tag
def lang_mark(shown_obj) -> str:
    if getattr(shown_obj, "in_english_on_another_page", False):
        return format_html(' lang="{}"', shown_obj.language)
    return ""


@register.simple_tag
def any_in_english(objects) -> bool:
    return any(translated.shown(obj).in_english_on_another_page for obj in objects)


@register.simple_tag
def shown_text(obj, field: str, catalog: bool = False) -> tuple[str, str]:
    """A field's text and its language on the page: the page's language when the field's
    translation is current (or, with ``catalog``, when the catalog translates the English:
    the shipped site-information labels), else the English."""
    language = _page_language()
    english = translated.english(obj, field) or getattr(obj, field, "") or ""
    if language == translated.SOURCE:
        return english, language
    if translated.field_state(obj, field, language) == translated.CURRENT:
        return translated.text(obj, field, language), language
    if catalog and english and gettext(english) != english:
        return gettext(english), language
    return english, translated.SOURCE


def _page_language() -> str:
    return (get_language() or translated.SOURCE).split("-")[0]


@register.simple_tag
def hit_lang_mark(hit) -> str:
    """`` lang="…"`` on a search result's title or snippet written in another language than
    the page's (a section's law text, a rule not translated yet); nothing otherwise."""
    language = getattr(hit, "language", translated.SOURCE)
    if language != _page_language():
        return format_html(' lang="{}"', language)
    return ""


@register.simple_tag
def any_hit_in_english(hits) -> bool:
    """Whether any of the topics, rules and questions found is shown in English on a page
    in another language (sections are the law, said so elsewhere)."""
    page = _page_language()
    return any(hit.kind != "section" and hit.language != page for hit in hits)
