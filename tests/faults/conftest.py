"""The fault suite: the site in real gunicorn processes, meeting real broken neighbours."""

import pytest

from tests.faults.processes import prepared_files, redis_server


@pytest.fixture(scope="session")
def prepared():
    """A loaded database file and collected static files, shared by every site started here."""
    with prepared_files() as files:
        yield files


@pytest.fixture
def redis():
    with redis_server() as server:
        yield server
