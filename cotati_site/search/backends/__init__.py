"""Word search, one backend per database: each answers ``word_search(terms, language)``
with the best RESULT_LIMIT hits (sections, summaries, FAQs) and whether more matched."""

from django.db import connection

from cotati_site.search.backends import postgresql, sqlite
from cotati_site.search.hits import SearchHit
from cotati_site.search.languages import SearchLanguage

_BACKENDS = {"postgresql": postgresql, "sqlite": sqlite}


def word_search(terms: list[str], language: SearchLanguage) -> tuple[list[SearchHit], bool]:
    """The words searched by the backend of the database in use."""
    return _BACKENDS[connection.vendor].word_search(terms, language)
