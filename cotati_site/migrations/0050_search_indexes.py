"""Full-text search on PostgreSQL: GIN indexes (nothing happens on SQLite).

Summaries and FAQs (a few hundred rows, written by staff) get GIN indexes on exactly the
weighted vector expressions cotati_site/search/search.py queries with (summary_vector,
faq_vector): PostgreSQL uses an expression index only for an identical expression, so the
two must change together (tests/search/test_search.py checks the query plans).

Code sections also get one on their number and title alone (unweighted), to pick title
matches out of many cheaply.

Code sections are the table that grows, and ranking needs the vector of every matching
row; recomputing it from the text cost ~140 µs a row (400 ms for "fence height" over
20,000 sections). So sections keep their vector in a `search_vector` column, filled by a
trigger on insert and update and indexed with GIN. A trigger rather than a generated
column, so later migrations can still alter the number, title or search_text columns.
Django's models do not declare the column; only the search reads it.

The expressions are written out here, not imported, so this migration keeps meaning what
it meant when it ran.
"""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations

CONFIG = "english"

SECTION_VECTOR = (
    "setweight(to_tsvector('english'::regconfig, coalesce({row}number, '') || ' ' || "
    "coalesce({row}title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce({row}search_text, '')), 'D')"
)

CREATE_SECTION_VECTOR = [
    "ALTER TABLE cotati_site_codesection ADD COLUMN search_vector tsvector",
    f"""CREATE FUNCTION cotati_site_codesection_search_vector() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            NEW.search_vector := {SECTION_VECTOR.format(row="NEW.")};
            RETURN NEW;
        END
        $$""",
    """CREATE TRIGGER cotati_site_codesection_search_vector
        BEFORE INSERT OR UPDATE OF number, title, search_text ON cotati_site_codesection
        FOR EACH ROW EXECUTE FUNCTION cotati_site_codesection_search_vector()""",
    f"UPDATE cotati_site_codesection SET search_vector = {SECTION_VECTOR.format(row='')}",
    "CREATE INDEX codesection_search_gin ON cotati_site_codesection USING gin (search_vector)",
]

DROP_SECTION_VECTOR = [
    "DROP INDEX codesection_search_gin",
    "DROP TRIGGER cotati_site_codesection_search_vector ON cotati_site_codesection",
    "DROP FUNCTION cotati_site_codesection_search_vector()",
    "ALTER TABLE cotati_site_codesection DROP COLUMN search_vector",
]


def expression_indexes():
    return [
        (
            "codesection",
            GinIndex(
                SearchVector("number", "title", config=CONFIG),
                name="codesection_title_search_gin",
            ),
        ),
        (
            "summary",
            GinIndex(
                SearchVector("headline", "applies_when", weight="B", config=CONFIG)
                + SearchVector("body", weight="C", config=CONFIG),
                name="summary_search_gin",
            ),
        ),
        (
            "faq",
            GinIndex(
                SearchVector("question", weight="B", config=CONFIG)
                + SearchVector("answer", weight="C", config=CONFIG),
                name="faq_search_gin",
            ),
        ),
    ]


def add_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in CREATE_SECTION_VECTOR:
        schema_editor.execute(statement)
    for model_name, index in expression_indexes():
        schema_editor.add_index(apps.get_model("cotati_site", model_name), index)


def remove_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for model_name, index in expression_indexes():
        schema_editor.remove_index(apps.get_model("cotati_site", model_name), index)
    for statement in DROP_SECTION_VECTOR:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0003_section_search_text"),
    ]

    operations = [
        migrations.RunPython(add_search, remove_search),
    ]
