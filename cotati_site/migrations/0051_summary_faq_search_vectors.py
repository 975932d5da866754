"""Stored search vectors for summaries and FAQs (nothing happens on SQLite).

0050 indexed summaries and FAQs with GIN indexes on expressions. The index finds the
matching rows, but ranking them (ts_rank) needs each row's vector, and PostgreSQL
recomputes it from the text for every match. Like sections since 0050, summaries and FAQs
now keep their weighted vector in a `search_vector` column filled by a trigger on insert
and update, indexed with GIN under the old index names (summary_search_gin,
faq_search_gin), which replace the expression indexes.

Weights as before: summary headline and applies-when B, body C; FAQ question B, answer C.
The trigger fires only when those columns change. Django's models do not declare the
columns; only the search (cotati_site/search/search.py) reads them.

The expressions are written out here, not imported, so this migration keeps meaning what
it meant when it ran.
"""

from django.db import migrations

VECTORS = {
    "summary": (
        "setweight(to_tsvector('english'::regconfig, coalesce({row}headline, '') || ' ' || "
        "coalesce({row}applies_when, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, coalesce({row}body, '')), 'C')",
        "headline, applies_when, body",
    ),
    "faq": (
        "setweight(to_tsvector('english'::regconfig, coalesce({row}question, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, coalesce({row}answer, '')), 'C')",
        "question, answer",
    ),
}

# The 0050 expression indexes, recreated on the way back.
OLD_INDEXES = {
    "summary": (
        "(setweight(to_tsvector('english'::regconfig, COALESCE(headline, '') || ' ' || "
        "COALESCE(applies_when, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, COALESCE(body, '')), 'C'))"
    ),
    "faq": (
        "(setweight(to_tsvector('english'::regconfig, COALESCE(question, '')), 'B') || "
        "setweight(to_tsvector('english'::regconfig, COALESCE(answer, '')), 'C'))"
    ),
}


def forward_sql(model: str) -> list[str]:
    table = f"cotati_site_{model}"
    vector, columns = VECTORS[model]
    return [
        f"DROP INDEX IF EXISTS {model}_search_gin",
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
        f"CREATE INDEX {model}_search_gin ON {table} USING gin (search_vector)",
    ]


def reverse_sql(model: str) -> list[str]:
    table = f"cotati_site_{model}"
    return [
        f"DROP INDEX {model}_search_gin",
        f"DROP TRIGGER {table}_search_vector ON {table}",
        f"DROP FUNCTION {table}_search_vector()",
        f"ALTER TABLE {table} DROP COLUMN search_vector",
        f"CREATE INDEX {model}_search_gin ON {table} USING gin ({OLD_INDEXES[model]})",
    ]


def add_vectors(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for model in VECTORS:
        for statement in forward_sql(model):
            schema_editor.execute(statement)


def remove_vectors(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for model in VECTORS:
        for statement in reverse_sql(model):
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("cotati_site", "0050_search_indexes"),
        ("cotati_site", "0049_merge_versions_and_search"),
    ]

    operations = [
        migrations.RunPython(add_vectors, remove_vectors),
    ]
