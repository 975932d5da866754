"""The language of a page being rendered, resolved once for it: ``rules.wording.words``'s
``one_language()`` pins it, and every layer of Check my lot reads it here (the form's lazy
labels, ``rules.fields``, sit below the wording, which they may not import); the templates'
``gettext`` translates with its catalog, pinned with it.

Plain module, Django's translation only: a page of the checker words some hundred labels and
tables, and each asking Django for the active language (a thread-local look-up) cost more
than the words themselves.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.conf import settings
from django.utils import translation
from django.utils.translation import get_language, trans_real

from law.engine.words import ENGLISH

# The page's language while one is rendered (``one_language``), else None.
PINNED: ContextVar[str | None] = ContextVar("words_language", default=None)
# Django's catalog for that language, pinned with it (``catalog_of``), else None.
CATALOG: ContextVar = ContextVar("words_catalog", default=None)


def page_language() -> str:
    """The pinned language of the page being rendered, else Django's active one ("es" under
    /es/), as its bare code; English when none is active."""
    pinned = PINNED.get()
    if pinned is not None:
        return pinned
    return (get_language() or ENGLISH).split("-")[0]


def catalog_of(code: str):
    """Django's catalog for the language ``code``: the one its ``gettext`` reads once the
    language is activated (None when translation is off, ``USE_I18N``)."""
    return trans_real.translation(code) if settings.USE_I18N else None


def gettext(message: str) -> str:
    """Django's ``gettext`` in the pinned language, from the catalog pinned with it rather than
    the one Django finds through its thread-local on each call (a look-up that cost four times
    the translation; an htmx answer translates some fifty sentences). Outside a pin, and for a
    message that is not plain text (marked safe, lazy), Django's own."""
    catalog = CATALOG.get()
    if catalog is None or type(message) is not str:
        return translation.gettext(message)
    # As django.utils.translation.trans_real.gettext: line ends as "\n", and an empty message
    # empty (not the catalog's header).
    if "\r" in message:
        message = message.replace("\r\n", "\n").replace("\r", "\n")
    return catalog.gettext(message) if message else ""


def ngettext(singular: str, plural: str, number: int) -> str:
    """Django's ``ngettext`` in the pinned language (as ``gettext`` above)."""
    catalog = CATALOG.get()
    if catalog is None:
        return translation.ngettext(singular, plural, number)
    return catalog.ngettext(singular, plural, number)
