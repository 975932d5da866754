"""Search in Spanish on PostgreSQL (nothing happens on SQLite, where
cotati_site/search/sqlite_index.py builds each language's FTS5 index after every migrate).

- ``cotati_es``: a copy of PostgreSQL's ``spanish`` text-search configuration (Snowball
  stemmer, Spanish stop words) that first drops accents with the ``unaccent`` extension
  when the server has it ("peluqueria" finds "peluquería"). Without the extension (it is a
  contrib module some servers leave out) the copy keeps accents: the stemmer still joins
  "cerca" and "cercas";
  ``cotati_site.search.backends.postgresql.spanish_ignores_accents()`` tells which.
- Summaries and FAQs get a second stored vector, ``search_vector_es``, filled by a trigger
  and indexed with GIN, from the text a Spanish page shows: the Spanish when the
  translation is current and whole, else the English (cotati_site/search/shown_text.py);
  weighted as the English one (headline and applies-when B, body C; question B, answer C).
- The English vectors (0002) now read the English columns django-modeltranslation added
  (guidance 0002: ``headline_en``, …), the same text as before.

The vocabulary's words may also lead to the City's contact details
(``SearchPhrase.shows_contacts``: "phone", "ayuda en español").

The expressions are written out here, not imported, so this migration keeps meaning what it
meant when it ran.
"""

from django.db import migrations, models

LANGUAGE = "es"
FIELDS = {
    "cotati_site_summary": ("headline", "body", "applies_when"),
    "cotati_site_faq": ("question", "answer"),
}
# (weight, fields) of each table's vector, as 0002 weighs the English one.
WEIGHTS = {
    "cotati_site_summary": (("B", ("headline", "applies_when")), ("C", ("body",))),
    "cotati_site_faq": (("B", ("question",)), ("C", ("answer",))),
}
INDEXES = {"cotati_site_summary": "summary_search_es_gin", "cotati_site_faq": "faq_search_es_gin"}


def _current(row: str, fields) -> str:
    english = [f"COALESCE({row}{field}_en, '')" for field in fields]
    each = [
        f"({en} = '' OR (COALESCE({row}{field}_{LANGUAGE}, '') <> '' "
        f"AND ({row}translated_from -> '{LANGUAGE}' ->> '{field}') = {en}))"
        for field, en in zip(fields, english, strict=True)
    ]
    has_english = " OR ".join(f"{en} <> ''" for en in english)
    return f"(({has_english}) AND {' AND '.join(each)})"


def _shown(row: str, field: str, fields, language: str) -> str:
    english = f"COALESCE({row}{field}_en, '')"
    if language == "en":
        return english
    return (
        f"(CASE WHEN {_current(row, fields)} "
        f"THEN COALESCE({row}{field}_{language}, '') ELSE {english} END)"
    )


def vector(table: str, row: str, language: str, config: str) -> str:
    fields = FIELDS[table]
    parts = []
    for weight, weighed in WEIGHTS[table]:
        text = " || ' ' || ".join(_shown(row, field, fields, language) for field in weighed)
        parts.append(f"setweight(to_tsvector('{config}'::regconfig, {text}), '{weight}')")
    return " || ".join(parts)


def _trigger(table: str, column: str, function: str, language: str, config: str, read) -> list:
    return [
        f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                NEW.{column} := {vector(table, "NEW.", language, config)};
                RETURN NEW;
            END
            $$""",
        f"DROP TRIGGER IF EXISTS {function} ON {table}",
        f"""CREATE TRIGGER {function}
            BEFORE INSERT OR UPDATE OF {", ".join(read)} ON {table}
            FOR EACH ROW EXECUTE FUNCTION {function}()""",
        f"UPDATE {table} SET {column} = {vector(table, '', language, config)}",
    ]


def spanish_configuration(schema_editor) -> list[str]:
    """``cotati_es``, with unaccent when the server has it (created here if need be)."""
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent'")
        available = cursor.fetchone() is not None
    statements = ["CREATE TEXT SEARCH CONFIGURATION cotati_es (COPY = pg_catalog.spanish)"]
    if available:
        statements = [
            "CREATE EXTENSION IF NOT EXISTS unaccent",
            *statements,
            "ALTER TEXT SEARCH CONFIGURATION cotati_es "
            "ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem",
        ]
    # Without it (a server lacking postgresql-contrib) the copy keeps accents; install the
    # extension, then migrate search back to 0002 and forward again to change that.
    return statements


def add_spanish_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    statements = spanish_configuration(schema_editor)
    for table, fields in FIELDS.items():
        english = tuple(f"{field}_en" for field in fields)
        spanish = tuple(f"{field}_{LANGUAGE}" for field in fields)
        statements += _trigger(
            table, "search_vector", f"{table}_search_vector", "en", "english", english
        )
        statements += [f"ALTER TABLE {table} ADD COLUMN search_vector_es tsvector"]
        statements += _trigger(
            table,
            "search_vector_es",
            f"{table}_search_vector_es",
            LANGUAGE,
            "cotati_es",
            (*english, *spanish, "translated_from"),
        )
        statements += [f"CREATE INDEX {INDEXES[table]} ON {table} USING gin (search_vector_es)"]
    for statement in statements:
        schema_editor.execute(statement)


def remove_spanish_search(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    statements = []
    for table, fields in FIELDS.items():
        function = f"{table}_search_vector_es"
        statements += [
            f"DROP INDEX IF EXISTS {INDEXES[table]}",
            f"DROP TRIGGER IF EXISTS {function} ON {table}",
            f"DROP FUNCTION IF EXISTS {function}()",
            f"ALTER TABLE {table} DROP COLUMN IF EXISTS search_vector_es",
        ]
        # The English vector as 0002 wrote it, from the columns it read.
        old = " || ".join(
            "setweight(to_tsvector('english'::regconfig, "
            + " || ' ' || ".join(f"coalesce(NEW.{field}, '')" for field in weighed)
            + f"), '{weight}')"
            for weight, weighed in WEIGHTS[table]
        )
        function = f"{table}_search_vector"
        statements += [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger
                LANGUAGE plpgsql AS $$
                BEGIN
                    NEW.search_vector := {old};
                    RETURN NEW;
                END
                $$""",
            f"DROP TRIGGER IF EXISTS {function} ON {table}",
            f"""CREATE TRIGGER {function}
                BEFORE INSERT OR UPDATE OF {", ".join(fields)} ON {table}
                FOR EACH ROW EXECUTE FUNCTION {function}()""",
        ]
    statements.append("DROP TEXT SEARCH CONFIGURATION IF EXISTS cotati_es")
    for statement in statements:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0002_postgresql_search"),
        ("guidance", "0002_text_in_each_language"),
    ]

    operations = [
        migrations.RunPython(add_spanish_search, remove_spanish_search),
        migrations.AddField(
            model_name="searchphrase",
            name="shows_contacts",
            field=models.BooleanField(
                default=False,
                help_text="The words ask how to reach the City ('phone', 'office hours', "
                "'ayuda en español'): the search page shows the Planning Division's contact "
                "details first. Leave the topic and the subject empty.",
            ),
        ),
    ]
