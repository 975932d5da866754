"""Migrations apply forward and backward cleanly, with content in the tables.

The round trip runs in a child process against a scratch database made for it (a temporary
SQLite file, or a fresh PostgreSQL database on the server DATABASE_URL names), so it never
touches the test database other tests are using.
"""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations import RunPython, RunSQL

ROOT = Path(__file__).resolve().parents[2]

ROUND_TRIP = """
import django
django.setup()
from django.core.management import call_command
from django.db import connection

def content_tables():
    return sorted(t for t in connection.introspection.table_names() if t.startswith("cotati_site_"))

call_command("migrate", verbosity=0, interactive=False)
call_command("load_content", verbosity=0)
assert content_tables(), "no tables after migrating forward"
# Each app back to zero (an app's dependents go back with it; the core stands alone).
for app in ("search", "guidance", "codebook", "core"):
    call_command("migrate", app, "zero", verbosity=0, interactive=False)
assert content_tables() == [], content_tables()
call_command("migrate", verbosity=0, interactive=False)
call_command("load_content", verbosity=0)
from cotati_site.guidance.models import Summary
assert Summary.objects.exists()
print("round trip ok")
"""


def test_every_data_migration_can_be_reversed():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    irreversible = [
        f"{app}.{name}: {type(operation).__name__}"
        for (app, name), migration in loader.disk_migrations.items()
        if app in {"core", "codebook", "guidance", "search", "rules"}
        for operation in migration.operations
        if isinstance(operation, RunPython | RunSQL) and not operation.reversible
    ]
    assert irreversible == []


def scratch_database_url(tmp_path) -> tuple[str, object]:
    """A URL for an empty database, and a function that removes it."""
    if connection.vendor == "sqlite":
        return f"sqlite:///{tmp_path / 'migrations.sqlite3'}", lambda: None
    db = settings.DATABASES["default"]
    name = f"cotati_migrations_{uuid.uuid4().hex[:10]}"
    server = {
        "host": db["HOST"] or "127.0.0.1",
        "port": db["PORT"] or 5432,
        "user": db["USER"],
        "password": db["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(**server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{server['host']}:{server['port']}/{name}", drop


def test_migrations_run_to_zero_and_forward_again(tmp_path):
    url, drop = scratch_database_url(tmp_path)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "cotati_site.settings_test",
    }
    try:
        result = subprocess.run(
            [sys.executable, "-c", ROUND_TRIP],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        drop()
    assert result.returncode == 0, result.stderr[-4000:]
    assert "round trip ok" in result.stdout
