"""The search index follows publishing and deleting; on SQLite (FTS5) it is built after
every migrate and kept current by triggers."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models.signals import pre_migrate

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import FAQ, Summary
from cotati_site.search import search
from cotati_site.search.languages import ENGLISH
from cotati_site.search.sqlite_index import drop_triggers, ensure_index, index_statements
from tests.factories import make_faq, make_summary, make_topic

pytestmark = pytest.mark.django_db
on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="the FTS5 index is SQLite's")


def found(word: str) -> set[str]:
    return {hit.key for hit in search.search(word).hits}


def indexed() -> dict[int, int]:
    """How many documents of each kind the index holds."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT kind, count(*) FROM {ENGLISH.sqlite_table}_document GROUP BY kind")
        return dict(cursor.fetchall())


def triggers() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        return {name for (name,) in cursor.fetchall()}


def everything_searchable() -> dict[int, int]:
    return {
        0: CodeSection.objects.count(),
        1: Summary.objects.published().count(),
        2: FAQ.objects.published().count(),
    }


@on_sqlite
def test_the_index_holds_every_section_and_every_published_summary_and_faq():
    assert indexed() == everything_searchable()


def test_unpublishing_takes_a_summary_out_of_search_and_publishing_brings_it_back():
    summary = make_summary(make_topic(), headline="Wombat burrows need no permit.")
    assert f"summary-{summary.pk}" in found("wombat")
    summary.is_published = False
    summary.save()
    assert f"summary-{summary.pk}" not in found("wombat")
    summary.is_published = True
    summary.save()
    assert f"summary-{summary.pk}" in found("wombat")


def test_a_deleted_faq_is_no_longer_found():
    faq = make_faq(make_topic(), question="May a wombat burrow here?")
    assert f"faq-{faq.pk}" in found("wombat")
    faq.delete()
    assert f"faq-{faq.pk}" not in found("wombat")


@on_sqlite
def test_an_index_whose_triggers_a_migration_dropped_is_built_again_from_the_tables():
    drop_triggers(connection, ENGLISH)  # as before a migrate, or as a rebuilt table loses them
    assert not triggers() & {name for name, _sql in index_statements(ENGLISH)}
    faq = make_faq(make_topic(), question="May a wombat burrow here?")
    assert f"faq-{faq.pk}" not in found("wombat")  # written while no trigger was there
    assert ensure_index(connection, ENGLISH) is True
    assert f"faq-{faq.pk}" in found("wombat")
    assert ensure_index(connection, ENGLISH) is False  # as written: nothing to do


@on_sqlite
def test_migrate_takes_the_triggers_off_the_tables_and_rebuilds_the_index_after():
    dropped = []

    def record(**kwargs):
        dropped.append(triggers() & {name for name, _sql in index_statements(ENGLISH)})

    pre_migrate.connect(record)
    try:
        call_command("migrate", verbosity=0)
    finally:
        pre_migrate.disconnect(record)
    assert set() in dropped  # migrations ran with no trigger of ours in their way
    wanted = {name for name, sql in index_statements(ENGLISH) if "TRIGGER" in sql[:15]}
    assert wanted <= triggers()
    assert indexed() == everything_searchable()
