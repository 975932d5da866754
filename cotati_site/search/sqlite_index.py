"""The SQLite search index: an FTS5 table per language, kept current by triggers.

``{table}_document`` holds one row per searchable thing (kind 0 a section, 1 a published
summary, 2 a published FAQ), copied from its own table by triggers on insert, update and
delete; ``{table}_fts`` is an FTS5 index with that table as its external content, kept in
step by the three triggers SQLite's FTS5 documentation gives. The document table exists
because a section's key is its number, not an integer: FTS5 needs an integer rowid.

Columns (the FTS5 weights live in backends/sqlite.py): number and title (a section's),
headline (a summary's headline, an FAQ's question), applies (a summary's applies-when),
body (a summary's body, an FAQ's answer) and text (a section's text in force). A summary's
and an FAQ's are the text a page in the index's language shows (``shown_text``: its
translation when current, else its English), and the document table keeps which language
that is (``language``, not indexed) for the results page to mark.

Why not a migration: on SQLite, Django alters a table by building a new one and dropping
the old, and the old table's triggers go with it, silently; and SQLite refuses to drop a
column a trigger names, so the triggers would break other apps' migrations. So before
every ``migrate`` (pre_migrate, see apps.py) ``drop_triggers`` takes them away, and after it
(post_migrate) ``ensure_index`` compares the index's tables and triggers with the ones below
and, when any is missing or different, builds them again and refills the index from the
tables (milliseconds for the site's content; a minute for 100,000 sections). Nothing
happens on PostgreSQL.
"""

from cotati_site.search import shown_text
from cotati_site.search.languages import SearchLanguage
from cotati_site.search.shown_text import SOURCE

SECTIONS = "cotati_site_codesection"
SUMMARIES = "cotati_site_summary"
FAQS = "cotati_site_faq"
COLUMNS = ("number", "title", "headline", "applies", "body", "text")


def _section_values(row: str) -> str:
    return f"0, {row}.number, {row}.number, {row}.title, '', '', '', {row}.search_text, '{SOURCE}'"


def _summary_values(row: str, language: SearchLanguage) -> str:
    def shown(field: str) -> str:
        return shown_text.shown_sql("sqlite", f"{row}.", field, shown_text.SUMMARY, language.code)

    is_in = shown_text.language_sql("sqlite", f"{row}.", shown_text.SUMMARY, language.code)
    return (
        f"1, {row}.id, '', '', {shown('headline')}, {shown('applies_when')}, {shown('body')}, "
        f"'', {is_in}"
    )


def _faq_values(row: str, language: SearchLanguage) -> str:
    def shown(field: str) -> str:
        return shown_text.shown_sql("sqlite", f"{row}.", field, shown_text.FAQ, language.code)

    is_in = shown_text.language_sql("sqlite", f"{row}.", shown_text.FAQ, language.code)
    return f"2, {row}.id, '', '', {shown('question')}, '', {shown('answer')}, '', {is_in}"


def _changed(*columns: str) -> str:
    return " OR ".join(f"OLD.{column} IS NOT NEW.{column}" for column in columns)


def index_statements(language: SearchLanguage) -> list[tuple[str, str]]:
    """(name, CREATE statement) of every table and trigger of the language's index, in the
    order they are made. The statements are compared with sqlite_master's copies, so they
    are written as SQLite stores them (no IF NOT EXISTS)."""
    t = language.sqlite_table
    documents, fts = f"{t}_document", f"{t}_fts"
    columns = ", ".join(COLUMNS)
    new = ", ".join(f"NEW.{column}" for column in COLUMNS)
    old = ", ".join(f"OLD.{column}" for column in COLUMNS)
    insert = f"INSERT INTO {documents} (kind, key, {columns}, language)"
    summary_columns = (
        "id",
        "is_published",
        *shown_text.columns_read(shown_text.SUMMARY, language.code),
    )
    faq_columns = ("id", "is_published", *shown_text.columns_read(shown_text.FAQ, language.code))
    return [
        (
            documents,
            f"CREATE TABLE {documents} (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, "
            f"key TEXT NOT NULL, number TEXT, title TEXT, headline TEXT, applies TEXT, "
            f"body TEXT, text TEXT, language TEXT NOT NULL, UNIQUE (kind, key))",
        ),
        (
            fts,
            f"CREATE VIRTUAL TABLE {fts} USING fts5({columns}, content='{documents}', "
            f"content_rowid='id', tokenize='{language.sqlite_tokenizer}')",
        ),
        # The external-content FTS5 index follows the document table.
        (
            f"{t}_document_insert",
            f"CREATE TRIGGER {t}_document_insert AFTER INSERT ON {documents} BEGIN "
            f"INSERT INTO {fts} (rowid, {columns}) VALUES (NEW.id, {new}); END",
        ),
        (
            f"{t}_document_delete",
            f"CREATE TRIGGER {t}_document_delete AFTER DELETE ON {documents} BEGIN "
            f"INSERT INTO {fts} ({fts}, rowid, {columns}) VALUES ('delete', OLD.id, {old}); END",
        ),
        (
            f"{t}_document_update",
            f"CREATE TRIGGER {t}_document_update AFTER UPDATE ON {documents} BEGIN "
            f"INSERT INTO {fts} ({fts}, rowid, {columns}) VALUES ('delete', OLD.id, {old}); "
            f"INSERT INTO {fts} (rowid, {columns}) VALUES (NEW.id, {new}); END",
        ),
        # Sections: every one, by number (a section without text is still found by title).
        (
            f"{t}_section_insert",
            f"CREATE TRIGGER {t}_section_insert AFTER INSERT ON {SECTIONS} BEGIN "
            f"{insert} VALUES ({_section_values('NEW')}); END",
        ),
        (
            f"{t}_section_update",
            f"CREATE TRIGGER {t}_section_update AFTER UPDATE ON {SECTIONS} "
            f"WHEN {_changed('number', 'title', 'search_text')} BEGIN "
            f"UPDATE {documents} SET key = NEW.number, number = NEW.number, "
            f"title = NEW.title, text = NEW.search_text WHERE kind = 0 AND key = OLD.number; "
            f"END",
        ),
        (
            f"{t}_section_delete",
            f"CREATE TRIGGER {t}_section_delete AFTER DELETE ON {SECTIONS} BEGIN "
            f"DELETE FROM {documents} WHERE kind = 0 AND key = OLD.number; END",
        ),
        # Summaries and FAQs: the published ones only.
        (
            f"{t}_summary_insert",
            f"CREATE TRIGGER {t}_summary_insert AFTER INSERT ON {SUMMARIES} "
            f"WHEN NEW.is_published BEGIN "
            f"{insert} VALUES ({_summary_values('NEW', language)}); END",
        ),
        (
            f"{t}_summary_update",
            f"CREATE TRIGGER {t}_summary_update AFTER UPDATE ON {SUMMARIES} "
            f"WHEN {_changed(*summary_columns)} BEGIN "
            f"DELETE FROM {documents} WHERE kind = 1 AND key = OLD.id; "
            f"{insert} SELECT {_summary_values('NEW', language)} WHERE NEW.is_published; END",
        ),
        (
            f"{t}_summary_delete",
            f"CREATE TRIGGER {t}_summary_delete AFTER DELETE ON {SUMMARIES} BEGIN "
            f"DELETE FROM {documents} WHERE kind = 1 AND key = OLD.id; END",
        ),
        (
            f"{t}_faq_insert",
            f"CREATE TRIGGER {t}_faq_insert AFTER INSERT ON {FAQS} "
            f"WHEN NEW.is_published BEGIN "
            f"{insert} VALUES ({_faq_values('NEW', language)}); END",
        ),
        (
            f"{t}_faq_update",
            f"CREATE TRIGGER {t}_faq_update AFTER UPDATE ON {FAQS} "
            f"WHEN {_changed(*faq_columns)} BEGIN "
            f"DELETE FROM {documents} WHERE kind = 2 AND key = OLD.id; "
            f"{insert} SELECT {_faq_values('NEW', language)} WHERE NEW.is_published; END",
        ),
        (
            f"{t}_faq_delete",
            f"CREATE TRIGGER {t}_faq_delete AFTER DELETE ON {FAQS} BEGIN "
            f"DELETE FROM {documents} WHERE kind = 2 AND key = OLD.id; END",
        ),
    ]


def fill_statements(language: SearchLanguage) -> list[str]:
    """Copy every section and published summary and FAQ into the (empty) document table;
    its triggers index them."""
    insert = (
        f"INSERT INTO {language.sqlite_table}_document (kind, key, {', '.join(COLUMNS)}, language)"
    )
    return [
        f"{insert} SELECT {_section_values('x')} FROM {SECTIONS} x",
        f"{insert} SELECT {_summary_values('x', language)} FROM {SUMMARIES} x WHERE x.is_published",
        f"{insert} SELECT {_faq_values('x', language)} FROM {FAQS} x WHERE x.is_published",
    ]


def ensure_index(connection, language: SearchLanguage) -> bool:
    """Build the language's index when any of its tables or triggers is missing or not as
    written above; True when it was (re)built. A no-op on other databases."""
    if connection.vendor != "sqlite":
        return False
    wanted = index_statements(language)
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
        if not {SECTIONS, SUMMARIES, FAQS} <= tables:  # migrating to a state before them
            return False
        cursor.execute(
            "SELECT name, sql FROM sqlite_master WHERE name IN "
            f"({', '.join('%s' for _ in wanted)})",
            [name for name, _sql in wanted],
        )
        if dict(cursor.fetchall()) == dict(wanted):
            return False
        for name, sql in reversed(wanted):
            kind = "TRIGGER" if sql.startswith("CREATE TRIGGER") else "TABLE"
            cursor.execute(f"DROP {kind} IF EXISTS {name}")
        for _name, sql in wanted:
            cursor.execute(sql)
        for sql in fill_statements(language):
            cursor.execute(sql)
    return True


def drop_triggers(connection, language: SearchLanguage) -> None:
    """Take the index's triggers away (before migrations change the tables they name); the
    next ``ensure_index`` builds the index again. A no-op on other databases."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for name, sql in index_statements(language):
            if sql.startswith("CREATE TRIGGER"):
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
