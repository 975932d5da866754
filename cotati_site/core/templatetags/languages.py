"""The page in each language, for the language switch and the hreflang alternates, and the
marks for English text on a page in another language (the law's own words, and records
kept in English only): ``english_text`` and ``page_language`` on elements, ``|english`` on
a value inside a sentence. None of them changes an English page."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.conf import settings
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from cotati_site.core.languages import page_in_language, prefix_of

register = template.Library()


@dataclass(frozen=True)
class LanguageVersion:
    code: str
    name: str  # in its own language: what a reader of it looks for
    prefix: str  # of its paths: "" for English, "/es" (core/languages.py)
    url: str  # the same page, with the same query string (Check my lot's answers)
    absolute_url: str


@dataclass(frozen=True)
class LanguageVersions:
    all: list[LanguageVersion]
    current: LanguageVersion
    others: list[LanguageVersion]
    default: LanguageVersion  # English: hreflang's x-default, for readers of other languages


@register.simple_tag(takes_context=True)
def language_versions(context) -> LanguageVersions | None:
    """This page in every language of the site (None without a request: the 500 page)."""
    request = context.get("request")
    if request is None:
        return None
    query = request.META.get("QUERY_STRING", "")
    # The site's own host, as cached pages are rendered for (core/cache.py), and never the
    # Host header itself: the 400 page answers a host the site refuses, and asking the
    # request for it there would raise again.
    site = f"{request.scheme}://{settings.SITE_HOST}"
    versions = {}
    for code, name in settings.LANGUAGES:
        url = page_in_language(request.path_info, query, code)
        versions[code] = LanguageVersion(code, name, prefix_of(code), url, site + url)
    current = versions.get(get_language(), versions[settings.LANGUAGE_CODE])
    return LanguageVersions(
        all=list(versions.values()),
        current=current,
        others=[version for version in versions.values() if version != current],
        default=versions[settings.LANGUAGE_CODE],
    )


@register.simple_tag
def english_text() -> str:
    """`` lang="en"`` on a page in another language, for an element whose text stays in
    English (the code's own words): nothing on an English page, whose ``<html lang>`` says it."""
    if get_language() == settings.LANGUAGE_CODE:
        return ""
    return mark_safe(' lang="en"')


@register.simple_tag
def page_language() -> str:
    """`` lang="es"`` (the page's language) inside an element marked ``english_text``, for
    the site's own words there; nothing on an English page."""
    language = get_language()
    if language == settings.LANGUAGE_CODE:
        return ""
    return format_html(' lang="{}"', language)


@register.filter(needs_autoescape=True)
def english(value, language=None, autoescape=True):
    """A record's words that exist in English only (a section's title, a version's source, a
    proposal's name), inside the page's own sentence: wrapped in ``<span lang="en">`` on a
    page in another language, so screen readers read them as English; unchanged on an
    English page. ``language``: the page's, from a caller that already knows it (Check my
    lot's finding cards, rendered for one language), rather than asked of Django again (a
    thread-local look-up costing about as much as the rest of the filter)."""
    text = conditional_escape(value) if autoescape else value
    if not value or (language or get_language()) == settings.LANGUAGE_CODE:
        return text
    return format_html('<span lang="en">{}</span>', text)
