"""Shared fixtures: a test database holding the content the site ships with."""

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Load fixtures/ once per test database, exactly as `make run` does."""
    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)
