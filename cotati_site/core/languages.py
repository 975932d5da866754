"""The site's languages: English at the unprefixed addresses, Spanish at the same paths under
``/es/`` (``i18n_patterns`` in cotati_site/urls.py), so a page changes language by its prefix
alone. docs/decisions/languages.md says why the address, and nothing else, chooses.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.urls import get_script_prefix
from django.utils import translation
from django.utils.encoding import escape_uri_path, iri_to_uri
from django.utils.http import escape_leading_slashes


def language_of_path(path_info: str) -> str:
    """The language a path is in: its prefix's (``/es/…``), otherwise the default (English)."""
    return translation.get_language_from_path(path_info) or settings.LANGUAGE_CODE


def prefix_of(language: str) -> str:
    """The path prefix of ``language``'s pages, below the script prefix: "" for English."""
    prefix = get_script_prefix().rstrip("/")
    return prefix if language == settings.LANGUAGE_CODE else f"{prefix}/{language}"


def path_in_language(path_info: str, language: str) -> str:
    """The same path in ``language``: its prefix removed, then the new one added (none for
    English), written as a path on this site. ``path_info`` is the path below the script
    prefix, as ``request.path_info`` (decoded).

    Whatever the path holds, the result is one of this site's paths: any visitor can ask
    for ``/es//evil.example/`` (a 404 page, which links its English), and its bare
    ``//evil.example/`` would be a link to another host. So the path is percent-encoded
    as Django's ``request.get_full_path()`` writes it (a backslash, which browsers read as
    a slash, and the tabs and newlines they drop, become %5C, %09, %0D, %0A), and a second
    leading slash is written %2F, as Django's own redirects do. The link still asks for
    the same path: the server decodes it back."""
    bare = path_info if path_info.startswith("/") else "/" + path_info
    if translation.get_language_from_path(path_info):
        # The whole first segment goes, however it was spelled (/es/, /es-mx/).
        bare = "/" + path_info.lstrip("/").partition("/")[2]
    return escape_leading_slashes(prefix_of(language) + escape_uri_path(bare))


def page_in_language(path_info: str, query: str, language: str) -> str:
    """This page's address in ``language``, with the same query string (Check my lot's
    answers), for the language switch and the hreflang alternates. The query is the raw
    ``QUERY_STRING``, written with URI characters only, as ``request.get_full_path()`` does."""
    path = path_in_language(path_info, language)
    return f"{path}?{iri_to_uri(query)}" if query else path


class LanguageFromPathMiddleware(LocaleMiddleware):
    """Django's ``LocaleMiddleware``, with the language read from the address alone.

    An unprefixed address is English for everyone: a browser asking for Spanish
    (``Accept-Language``) or holding a language cookie is not redirected, and no page
    varies by either. So no response says ``Vary: Accept-Language``, which would split every
    shared cache in front of the site by each browser's header for nothing, and a link
    someone shares opens in the language it was copied in. Addresses outside
    ``i18n_patterns`` (the JSON, the admin, ``/healthz``) are English too: the JSON holds
    codes and figures, and the admin's own words are English.
    """

    def process_request(self, request):
        translation.activate(language_of_path(request.path_info))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request, response):
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


def back_to_default_language(**kwargs) -> None:
    """At the end of each request (``request_finished``, once its response is sent, streamed
    ones included): the thread's language back to the default, so what the thread does next
    outside a request (a test's ``reverse()``, a command) is not in the last page's language."""
    translation.activate(settings.LANGUAGE_CODE)
