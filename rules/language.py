"""The language of a page being rendered, resolved once for it: ``rules.wording.words``'s
``one_language()`` pins it, and every layer of Check my lot reads it here (the form's lazy
labels, ``rules.fields``, sit below the wording, which they may not import).

Plain module, Django's translation only: a page of the checker words some hundred labels and
tables, and each asking Django for the active language (a thread-local look-up) cost more
than the words themselves.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.utils.translation import get_language

from law.engine.words import ENGLISH

# The page's language while one is rendered (``one_language``), else None.
PINNED: ContextVar[str | None] = ContextVar("words_language", default=None)


def page_language() -> str:
    """The pinned language of the page being rendered, else Django's active one ("es" under
    /es/), as its bare code; English when none is active."""
    pinned = PINNED.get()
    if pinned is not None:
        return pinned
    return (get_language() or ENGLISH).split("-")[0]
