"""Real-browser tests: Playwright driving Debian's chromium against the live test server.

They skip with a reason on a machine without /usr/bin/chromium, and fail instead
when CI is set, so CI can never pass without running them.
"""

import os
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.browser import CHROMIUM, CHROMIUM_ARGS

# Screenshots and printed sheets for a person to look at: generated, so git ignores the
# folder (.gitignore: /artifacts/) and a test run leaves the work tree clean.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(
                "CI is set but /usr/bin/chromium is missing: install Debian's chromium package."
            )
        pytest.skip("Debian's chromium (/usr/bin/chromium) is not installed on this machine.")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
        )
        yield browser
        browser.close()


@pytest.hookimpl(tryfirst=True)  # before pytest-django's own, which orders tests by database use
def pytest_collection_modifyitems(items):
    """A test on the shared server (``site``) reads the session's database, so it is marked as
    using it (django_db): the database is set up even when such a test runs alone, and it
    runs among the database tests, before any transactional test empties the database."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        if (
            "site" in names
            and not {"fresh_site", "live_server", "transactional_db"}.intersection(names)
            and item.get_closest_marker("django_db") is None
        ):
            item.add_marker(pytest.mark.django_db)


@pytest.fixture(scope="session")
def _reading_server(django_db_setup):
    """A live server of the session's own, on the test database as django_db_setup loaded it.

    Not pytest-django's ``live_server``: asking for that makes a test transactional, and a
    transactional test empties the database when it ends, so each reloaded the shipped content
    first (about 3 s a test on PostgreSQL, most of the browser tests' time)."""
    from pytest_django.live_server_helper import LiveServer

    server = LiveServer("localhost")
    yield server
    server.stop()


@pytest.fixture
def site(_reading_server):
    """The live server with the shipped content, for a test that only reads it: every test
    shares one database, loaded once. A test that writes (a staff edit, a withdrawn proposal,
    a user) asks for ``fresh_site``."""
    from cotati_site.guidance.models import Topic

    if not Topic.objects.exists():  # the server's own connection could not see a reload
        raise RuntimeError("a transactional test emptied the database before a reading test")
    _reading_server._live_server_modified_settings.enable()
    try:
        yield _reading_server
    finally:
        _reading_server._live_server_modified_settings.disable()


@pytest.fixture
def fresh_site(live_server, transactional_db):
    """The live server with the shipped content in a database of the test's own: what the
    test writes is gone when it ends (transactional tests start from an empty database)."""
    call_command("load_content", verbosity=0)
    return live_server


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def page_without_js(browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def artifact(filename: str) -> str:
    """Where a test writes a generated file: in artifacts/ (made if missing), never tracked."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return str(ARTIFACTS / filename)


def save_screenshot(page, name: str) -> None:
    page.screenshot(path=artifact(f"{name}.png"), full_page=True)


@pytest.fixture(scope="session")
def axe_path():
    if not AXE.exists():
        message = "axe-core is not installed (run `make install`, which needs npm)."
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {message}")
        pytest.skip(message)
    return str(AXE)


@pytest.fixture
def audit_page(browser, axe_path):
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
