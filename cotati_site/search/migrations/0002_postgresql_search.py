"""Full-text search on PostgreSQL: stored vectors, GIN indexes and the typo index (nothing
happens on SQLite, where cotati_site/search/sqlite_index.py builds FTS5 after every migrate).

- Code sections, summaries and FAQs keep their weighted vector in a `search_vector` column,
  filled by a trigger on insert and update and indexed with GIN, so ranking (ts_rank) reads
  the stored vector instead of recomputing it from the text for every match (~140 µs a row:
  400 ms for "fence height" over 20,000 sections). A trigger rather than a generated column,
  so later migrations can still alter the columns it reads. Django's models do not declare
  the columns; only the PostgreSQL backend (cotati_site/search/backends/postgresql.py) reads
  them. Weights: section number and title A, text D; summary headline and applies-when B,
  body C; FAQ question B, answer C.
- Sections also get an expression index on their number and title alone (unweighted), to
  pick title matches out of many cheaply. PostgreSQL uses an expression index only for an
  identical expression, so it must stay as the backend writes it (_SECTION_TITLE_VECTOR;
  tests/search/test_search.py checks the query plans).
- The vocabulary's word list gets a trigram index (pg_trgm), so "Did you mean …" finds the
  nearest words to a typo without reading the whole list.

The expressions are written out here, not imported, so this migration keeps meaning what it
meant when it ran.
"""

from django.db import migrations

VECTORS = {
    "cotati_site_codesection": (
        "setweight(to_tsvector('english'::regconfig, coalesce({row}number, '') || ' ' || "
        "coalesce({row}title, '')), 'A') || "
        "setweight(to_tsvector('english'::regconfig, coalesce({row}search_text, '')), 'D')",
        "number, title, search_text",
        "codesection_search_gin",
    ),
    "cotati_site_summary": (
        "setweight(to_tsvector('english'::regconfig, coalesce({row}headline, '') || ' ' || "
        "coalesce({row}applies_when, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, coalesce({row}body, '')), 'C')",
        "headline, applies_when, body",
        "summary_search_gin",
    ),
    "cotati_site_faq": (
        "setweight(to_tsvector('english'::regconfig, coalesce({row}question, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, coalesce({row}answer, '')), 'C')",
        "question, answer",
        "faq_search_gin",
    ),
}

SECTION_TITLE_INDEX = (
    "CREATE INDEX codesection_title_search_gin ON cotati_site_codesection USING gin "
    "(to_tsvector('english'::regconfig, COALESCE(number, '') || ' ' || COALESCE(title, '')))"
)


def forward_sql() -> list[str]:
    statements = []
    for table, (vector, columns, index) in VECTORS.items():
        statements += [
            f"ALTER TABLE {table} ADD COLUMN search_vector tsvector",
            f"""CREATE FUNCTION {table}_search_vector() RETURNS trigger
                LANGUAGE plpgsql AS $$
                BEGIN
                    NEW.search_vector := {vector.format(row="NEW.")};
                    RETURN NEW;
                END
                $$""",
            f"""CREATE TRIGGER {table}_search_vector
                BEFORE INSERT OR UPDATE OF {columns} ON {table}
                FOR EACH ROW EXECUTE FUNCTION {table}_search_vector()""",
            f"UPDATE {table} SET search_vector = {vector.format(row='')}",
            f"CREATE INDEX {index} ON {table} USING gin (search_vector)",
        ]
    return [
        *statements,
        SECTION_TITLE_INDEX,
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        "CREATE INDEX cotati_site_searchword_trgm "
        "ON cotati_site_searchword USING gin (word gin_trgm_ops)",
    ]


def reverse_sql() -> list[str]:
    statements = [
        "DROP INDEX IF EXISTS cotati_site_searchword_trgm",
        "DROP INDEX IF EXISTS codesection_title_search_gin",
    ]
    for table, (_, _, index) in VECTORS.items():
        statements += [
            f"DROP INDEX IF EXISTS {index}",
            f"DROP TRIGGER IF EXISTS {table}_search_vector ON {table}",
            f"DROP FUNCTION IF EXISTS {table}_search_vector()",
            f"ALTER TABLE {table} DROP COLUMN IF EXISTS search_vector",
        ]
    return statements


def add_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in forward_sql():
        schema_editor.execute(statement)


def remove_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in reverse_sql():
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0001_initial"),
        ("codebook", "0001_initial"),
        ("guidance", "0001_initial"),
    ]

    operations = [migrations.RunPython(add_search, remove_search)]
