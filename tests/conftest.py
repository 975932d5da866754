"""Shared fixtures: a test database holding the content the site ships with."""

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load fixtures/ once per test database, exactly as `make run` does."""
    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)


@pytest.fixture(autouse=True)
def _search_index_checked_afresh():
    """Each test starts with the day's search-index check not yet done in this process
    (a test's writes are rolled back, so a check made in an earlier test proves nothing)."""
    from cotati_site.search.search import forget_index_check

    forget_index_check()


@pytest.fixture
def page_cache(settings):
    """Pages cached as in production (the suite's settings turn the cache off), from an empty
    cache, so a stale page would show."""
    from django.core.cache import cache

    from cotati_site.core.cache import forget_local_pages

    settings.CONTENT_CACHE_SECONDS = 300
    cache.clear()
    forget_local_pages()
    yield
    cache.clear()
    forget_local_pages()
