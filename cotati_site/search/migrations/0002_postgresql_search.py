"""Full-text search on PostgreSQL, in English and Spanish (nothing happens on SQLite, where
cotati_site/search/sqlite_index.py builds each language's FTS5 index after every migrate).

- Code sections, summaries and FAQs keep a weighted English vector in `search_vector`, and
  summaries and FAQs a Spanish one in `search_vector_es`, each filled by a trigger on insert
  and update and indexed with GIN, so ranking (ts_rank) reads the stored vector instead of
  recomputing it from the text for every match (~140 µs a row: 400 ms for "fence height" over
  20,000 sections). A trigger rather than a generated column, so later migrations can still
  alter the columns it reads. Django's models do not declare the columns; only the PostgreSQL
  backend (cotati_site/search/backends/postgresql.py) reads them. Weights: section number and
  title A, text D; summary headline and applies-when B, body C; FAQ question B, answer C. The
  English vectors read the English columns (guidance 0001: ``headline_en``, …), the Spanish
  ones the text a Spanish page shows: the Spanish when the translation is current and whole,
  else the English (cotati_site/search/shown_text.py).
- ``cotati_es``, the Spanish vectors' configuration: a copy of PostgreSQL's ``spanish``
  (Snowball stemmer, Spanish stop words) that first drops accents with the ``unaccent``
  extension when the server has it ("peluqueria" finds "peluquería"); without it (a contrib
  module some servers leave out) accents stay, and the stemmer still joins "cerca" and
  "cercas" (``cotati_site.search.backends.postgresql.spanish_ignores_accents()`` tells which).
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

SECTIONS = "cotati_site_codesection"
SECTION_VECTOR = (
    "setweight(to_tsvector('english'::regconfig, coalesce({row}number, '') || ' ' || "
    "coalesce({row}title, '')), 'A') || "
    "setweight(to_tsvector('english'::regconfig, coalesce({row}search_text, '')), 'D')"
)
# The translated tables' fields, and their (weight, fields) in each language's vector.
FIELDS = {
    "cotati_site_summary": ("headline", "body", "applies_when"),
    "cotati_site_faq": ("question", "answer"),
}
WEIGHTS = {
    "cotati_site_summary": (("B", ("headline", "applies_when")), ("C", ("body",))),
    "cotati_site_faq": (("B", ("question",)), ("C", ("answer",))),
}
# Each table's stored vectors: column, language and GIN index.
VECTORS = {
    SECTIONS: [("search_vector", "en", "codesection_search_gin")],
    "cotati_site_summary": [
        ("search_vector", "en", "summary_search_gin"),
        ("search_vector_es", "es", "summary_search_es_gin"),
    ],
    "cotati_site_faq": [
        ("search_vector", "en", "faq_search_gin"),
        ("search_vector_es", "es", "faq_search_es_gin"),
    ],
}
SECTION_TITLE_INDEX = (
    "CREATE INDEX codesection_title_search_gin ON cotati_site_codesection USING gin "
    "(to_tsvector('english'::regconfig, COALESCE(number, '') || ' ' || COALESCE(title, '')))"
)


def _current(row: str, fields) -> str:
    """Whether the Spanish is current and whole (as shown_text.py decides)."""
    english = [f"COALESCE({row}{field}_en, '')" for field in fields]
    each = [
        f"({en} = '' OR (COALESCE({row}{field}_es, '') <> '' "
        f"AND ({row}translated_from -> 'es' ->> '{field}') = {en}))"
        for field, en in zip(fields, english, strict=True)
    ]
    has_english = " OR ".join(f"{en} <> ''" for en in english)
    return f"(({has_english}) AND {' AND '.join(each)})"


def _shown(row: str, field: str, fields, language: str) -> str:
    english = f"COALESCE({row}{field}_en, '')"
    if language == "en":
        return english
    spanish = f"COALESCE({row}{field}_es, '')"
    return f"(CASE WHEN {_current(row, fields)} THEN {spanish} ELSE {english} END)"


def vector(table: str, row: str, language: str) -> str:
    if table == SECTIONS:
        return SECTION_VECTOR.format(row=row)
    config = "english" if language == "en" else "cotati_es"
    parts = []
    for weight, weighed in WEIGHTS[table]:
        text = " || ' ' || ".join(_shown(row, f, FIELDS[table], language) for f in weighed)
        parts.append(f"setweight(to_tsvector('{config}'::regconfig, {text}), '{weight}')")
    return " || ".join(parts)


def read_columns(table: str, language: str) -> str:  # whose change recomputes the vector
    if table == SECTIONS:
        return "number, title, search_text"
    columns = [f"{field}_en" for field in FIELDS[table]]
    if language == "es":
        columns += [f"{field}_es" for field in FIELDS[table]] + ["translated_from"]
    return ", ".join(columns)


def spanish_configuration(schema_editor) -> list[str]:
    """``cotati_es``, with unaccent when the server has it (created here if need be)."""
    statements = ["CREATE TEXT SEARCH CONFIGURATION cotati_es (COPY = pg_catalog.spanish)"]
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent'")
        if cursor.fetchone() is None:
            # Install the extension, then migrate search back to 0001 and forward again.
            return statements
    return [
        "CREATE EXTENSION IF NOT EXISTS unaccent",
        *statements,
        "ALTER TEXT SEARCH CONFIGURATION cotati_es "
        "ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem",
    ]


def stored_vector(table: str, column: str, language: str) -> list[str]:
    """The column, and the trigger that fills it."""
    function = f"{table}_{column}"
    return [
        f"ALTER TABLE {table} ADD COLUMN {column} tsvector",
        f"""CREATE FUNCTION {function}() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                NEW.{column} := {vector(table, "NEW.", language)};
                RETURN NEW;
            END
            $$""",
        f"""CREATE TRIGGER {function}
            BEFORE INSERT OR UPDATE OF {read_columns(table, language)} ON {table}
            FOR EACH ROW EXECUTE FUNCTION {function}()""",
    ]


def forward_sql(schema_editor) -> list[str]:
    statements = spanish_configuration(schema_editor)
    for table, vectors in VECTORS.items():
        for column, language, _ in vectors:
            statements += stored_vector(table, column, language)
        # One UPDATE a table: a row updated twice leaves FK checks pending; CREATE INDEX refuses.
        filled = ", ".join(f"{c} = {vector(table, '', language)}" for c, language, _ in vectors)
        statements.append(f"UPDATE {table} SET {filled}")
        statements += [f"CREATE INDEX {i} ON {table} USING gin ({c})" for c, _, i in vectors]
    return [
        *statements,
        SECTION_TITLE_INDEX,
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        "CREATE INDEX cotati_site_searchword_trgm "
        "ON cotati_site_searchword USING gin (word gin_trgm_ops)",
    ]


def reverse_sql(schema_editor) -> list[str]:
    """All forward_sql made but the extensions, which other objects may use."""
    statements = [
        "DROP INDEX IF EXISTS cotati_site_searchword_trgm",
        "DROP INDEX IF EXISTS codesection_title_search_gin",
    ]
    for table, vectors in VECTORS.items():
        for column, _, _ in vectors:
            statements += [
                f"DROP TRIGGER IF EXISTS {table}_{column} ON {table}",
                f"DROP FUNCTION IF EXISTS {table}_{column}()",
                f"ALTER TABLE {table} DROP COLUMN IF EXISTS {column}",  # and its GIN index
            ]
    return [*statements, "DROP TEXT SEARCH CONFIGURATION IF EXISTS cotati_es"]


def on_postgresql(statements):
    """A RunPython function that runs these statements, on PostgreSQL only."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements(schema_editor):
                schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0001_initial"),
        ("codebook", "0001_initial"),
        ("guidance", "0001_initial"),
    ]

    operations = [migrations.RunPython(on_postgresql(forward_sql), on_postgresql(reverse_sql))]
