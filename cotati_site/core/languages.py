"""The site's languages: English at the unprefixed addresses, Spanish at the same paths under
``/es/`` (``i18n_patterns`` in cotati_site/urls.py), so a page changes language by its prefix
alone. docs/decisions/languages.md says why the address, and nothing else, chooses.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.urls import get_script_prefix
from django.utils import translation


def language_of_path(path_info: str) -> str:
    """The language a path is in: its prefix's (``/es/…``), otherwise the default (English)."""
    return translation.get_language_from_path(path_info) or settings.LANGUAGE_CODE


def prefix_of(language: str) -> str:
    """The path prefix of ``language``'s pages, below the script prefix: "" for English."""
    prefix = get_script_prefix().rstrip("/")
    return prefix if language == settings.LANGUAGE_CODE else f"{prefix}/{language}"


def path_in_language(path_info: str, language: str) -> str:
    """The same path in ``language``: its prefix removed, then the new one added (none for
    English). ``path_info`` is the path below the script prefix, as ``request.path_info``."""
    bare = path_info
    if translation.get_language_from_path(path_info):
        # The whole first segment goes, however it was spelled (/es/, /es-mx/).
        bare = "/" + path_info.lstrip("/").partition("/")[2]
    return prefix_of(language) + bare


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
