"""Capture the golden file of Check my lot's JSON: ``python -m tests.golden.capture``.

Run from the project folder (``.venv/bin/python -m tests.golden.capture``). It makes a test
database of its own as the test suite does (a SQLite file by default; on the PostgreSQL
server ``DATABASE_URL`` names, one named for this process, so a test run is not disturbed),
loads the shipped content into it, asks every query of ``tests/golden/queries.toml`` through
Django's test client on the pinned date (``golden.AS_OF``), writes
``tests/golden/check_my_lot.json`` and drops the test database. The site's own database is
not touched. Then review the diff (``git diff tests/golden/``): every change is either a
bug fix you name in the commit or a regression.

``--check`` writes nothing and exits 1 when the file would change (the test does the same
query by query).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

import django
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import (
    setup_databases,
    setup_test_environment,
    teardown_databases,
    teardown_test_environment,
)

from tests.golden.golden import AS_OF, GOLDEN, ask, dumps, load_queries


def capture() -> list[dict]:
    """Every query's golden entry, asked against a fresh test database holding the content."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cotati_site.settings_test")
    django.setup()
    # The bad-input queries answer 400 by design: their "Bad Request" warnings are noise here.
    logging.getLogger("django.request").setLevel(logging.ERROR)
    queries = load_queries()
    if connection.vendor != "sqlite":  # settings_test gives SQLite a file of its own already
        connection.settings_dict["TEST"]["NAME"] = f"test_golden_capture_{os.getpid()}"
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        call_command("load_content", verbosity=0)
        client = Client()
        with override_settings(RULES_AS_OF=AS_OF):
            return [ask(client, query.query) for query in queries]
    finally:
        teardown_databases(databases, verbosity=0)
        teardown_test_environment()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if the file would change"
    )
    args = parser.parse_args(argv)
    text = dumps(capture())
    old = GOLDEN.read_text(encoding="utf-8") if GOLDEN.exists() else ""
    if args.check:
        same = old == text
        print(f"{GOLDEN.name}: {'unchanged' if same else 'would change'}")
        return 0 if same else 1
    GOLDEN.write_text(text, encoding="utf-8")
    count = text.count('"query": ')
    print(f"{GOLDEN.name}: {count} queries, {'unchanged' if old == text else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
