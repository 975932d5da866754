from django.apps import AppConfig


class SearchConfig(AppConfig):
    """Search over sections, summaries and FAQs, and its vocabulary."""

    name = "cotati_site.search"
    label = "search"
    verbose_name = "Search"

    def ready(self):
        from cotati_site.core.cache import after_content_written
        from cotati_site.search.search import refresh_words

        # "Did you mean …" knows the words of the content as written: every write of content
        # through the admin or load_content ends in core.cache.content_written(), which runs
        # this (core may not import search, so search tells it, once, at start-up).
        after_content_written(refresh_words)
