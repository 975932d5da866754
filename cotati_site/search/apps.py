from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate, pre_migrate

from cotati_site.search.languages import LANGUAGES
from cotati_site.search.sqlite_index import drop_triggers, ensure_index


def _drop_sqlite_triggers(using="default", **kwargs) -> None:
    """On SQLite, take the search index's triggers off the tables migrations may change."""
    for language in LANGUAGES.values():
        drop_triggers(connections[using], language)


def _ensure_sqlite_indexes(using="default", **kwargs) -> None:
    """On SQLite, (re)build each language's FTS5 index whose tables or triggers are missing
    or not as written (see sqlite_index.py)."""
    for language in LANGUAGES.values():
        ensure_index(connections[using], language)


class SearchConfig(AppConfig):
    """Search over sections, summaries and FAQs, and its vocabulary."""

    name = "cotati_site.search"
    label = "search"
    verbose_name = "Search"

    def ready(self):
        # Models are loaded only now (suggestions reads them).
        from cotati_site.core.cache import after_content_written
        from cotati_site.search.suggestions import refresh_words

        # "Did you mean …" knows the words of the content as written: every write of content
        # through the admin or load_content ends in core.cache.content_written(), which runs
        # this (core may not import search, so search tells it, once, at start-up).
        after_content_written(refresh_words)
        # Sent once for this app around every migrate, whichever apps it migrates.
        pre_migrate.connect(_drop_sqlite_triggers, sender=self)
        post_migrate.connect(_ensure_sqlite_indexes, sender=self)
