"""The text a page in each language shows, as SQL: the search indexes hold what pages show.

A page in Spanish shows a topic, summary or FAQ in Spanish when its translation is current
and whole, else in English (``core.translated``): these expressions say the same in SQL, on
a row of the record's own table, so triggers (SQLite's index, PostgreSQL's stored vectors)
and queries can hold and show the same text as the page. A record's translation state
changes only when the record is written (its English, its Spanish or the English its
Spanish was written from, all columns of its own row), so a trigger on the row keeps it.
``tests/search/test_shown_text.py`` holds these to ``core.translated.state``.
"""

from __future__ import annotations

from django.conf import settings

SOURCE = settings.LANGUAGE_CODE  # the English every record has (core.translated.SOURCE)

TOPIC = ("title", "intro")
SUMMARY = ("headline", "body", "applies_when")
FAQ = ("question", "answer")


def _written_from(vendor: str, row: str, language: str, field: str) -> str:
    """The English ``field`` had when its translation was written (``translated_from``)."""
    if vendor == "postgresql":
        return f"({row}translated_from -> '{language}' ->> '{field}')"
    return f"json_extract({row}translated_from, '$.{language}.{field}')"


def current_sql(vendor: str, row: str, fields: tuple[str, ...], language: str) -> str:
    """True when the row's translation into ``language`` is current and whole: every field
    with English has its translation, written from the English as it is now."""
    english = [f"COALESCE({row}{field}_{SOURCE}, '')" for field in fields]
    each = [
        f"({en} = '' OR (COALESCE({row}{field}_{language}, '') <> '' "
        f"AND {_written_from(vendor, row, language, field)} = {en}))"
        for field, en in zip(fields, english, strict=True)
    ]
    has_english = " OR ".join(f"{en} <> ''" for en in english)
    return f"(({has_english}) AND {' AND '.join(each)})"


def shown_sql(vendor: str, row: str, field: str, fields: tuple[str, ...], language: str) -> str:
    """The text of ``field`` a page in ``language`` shows (never NULL)."""
    english = f"COALESCE({row}{field}_{SOURCE}, '')"
    if language == SOURCE:
        return english
    return (
        f"(CASE WHEN {current_sql(vendor, row, fields, language)} "
        f"THEN COALESCE({row}{field}_{language}, '') ELSE {english} END)"
    )


def language_sql(vendor: str, row: str, fields: tuple[str, ...], language: str) -> str:
    """The language that text is in: ``language`` or English."""
    if language == SOURCE:
        return f"'{SOURCE}'"
    return f"(CASE WHEN {current_sql(vendor, row, fields, language)} THEN '{language}' ELSE '{SOURCE}' END)"


def columns_read(fields: tuple[str, ...], language: str) -> tuple[str, ...]:
    """The columns those expressions read (a trigger fires when one of them changes)."""
    columns = [f"{field}_{SOURCE}" for field in fields]
    if language != SOURCE:
        columns += [f"{field}_{language}" for field in fields] + ["translated_from"]
    return tuple(columns)
