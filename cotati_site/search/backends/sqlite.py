"""SQLite full-text search with FTS5 (the embedded default): bm25, highlight and snippet.

The index (sqlite_index.py) tokenizes with the language's tokenizer (English:
Porter stemming over unicode61 without accents), so words match whole words and their
stems: "sheds" finds "shed", "establish" finds "established", and "shed" does not find
"established", nor "en" "entry". Which documents match follows PostgreSQL's rules (see
backends/postgresql.py), so both databases find the same things:

- a section whose number or title holds any of the words, or whose text holds all of them;
- a summary or FAQ holding any of the words, the last word also as the start of a longer
  one while typing (from PREFIX_MIN_LENGTH letters).

bm25 ranks them with PostgreSQL's weights: number and title 1, a summary's headline and
applies-when and an FAQ's question 0.4, their body 0.2, a section's text 0.1. One
statement picks the best RESULT_LIMIT + 1 by rank, then marks and excerpts only those,
marking any of the words wherever they are (a section found by its title has the words
marked in its text too).
"""

import re

from django.db import connection

from cotati_site.search import shown_text
from cotati_site.search.hits import RESULT_LIMIT, START, STOP, SearchHit, from_rows
from cotati_site.search.languages import SearchLanguage
from cotati_site.search.query import PREFIX_MIN_LENGTH

# bm25 weights per column of the index: number, title, headline, applies, body, text.
_WEIGHTS = "bm25(10.0, 10.0, 4.0, 4.0, 2.0, 1.0)"
_SNIPPET_TOKENS = 35
# A word FTS5 can index holds a letter or a digit ("_" alone holds neither).
_INDEXABLE_RE = re.compile(r"[^\W_]")

_SQL = """
WITH top AS (
    SELECT rowid AS id, rank FROM {fts}
    WHERE {fts} MATCH %s AND rank MATCH '{weights}'
    ORDER BY rank
    LIMIT %s
)
SELECT d.kind, d.key, -top.rank, t.slug, {topic_title}, {topic_language},
    highlight({fts}, CASE d.kind WHEN 0 THEN 1 ELSE 2 END, '{start}', '{stop}'),
    snippet({fts}, CASE d.kind WHEN 0 THEN 5 ELSE 4 END, '{start}', '{stop}', '…', {tokens}),
    d.language
FROM top
JOIN {fts} ON {fts}.rowid = top.id
JOIN {documents} d ON d.id = top.id
LEFT JOIN cotati_site_codesection s ON d.kind = 0 AND s.number = d.key
LEFT JOIN cotati_site_summary m ON d.kind = 1 AND m.id = CAST(d.key AS INTEGER)
LEFT JOIN cotati_site_faq f ON d.kind = 2 AND f.id = CAST(d.key AS INTEGER)
LEFT JOIN cotati_site_topic t ON t.id = COALESCE(m.topic_id, f.topic_id)
WHERE {fts} MATCH %s
ORDER BY top.rank, d.kind, COALESCE(
    s.sort_key,
    printf('%%05d%%05d%%010d', t."order", COALESCE(m."order", f."order"), d.key)
)
"""


def match_expressions(terms: list[str], language: SearchLanguage) -> tuple[str, str]:
    """The FTS5 queries that find documents for the words (see the rules above) and that
    mark the words in the documents found (any of them, wherever they are, as PostgreSQL's
    ts_headline does), or ("", "") when no word is left once stop words and words FTS5
    cannot index are dropped.

    Each word is an FTS5 string ("17.30.030" becomes the phrase 17 30 030); the words hold
    only letters, digits, underscores and inner dots (query_terms), so none can carry
    FTS5 syntax.
    """
    words = [
        term for term in terms if term not in language.stop_words and _INDEXABLE_RE.search(term)
    ]
    if not words:
        return "", ""
    quoted = [f'"{word}"' for word in words]
    if language.sqlite_prefix_words:
        # No stemmer for the language: each longer word also finds the words it starts,
        # its plural among them; a word ending in a plural's "s" or "es" is read without it.
        quoted = [
            f'"{_singular(word)}"*' if len(word) >= language.sqlite_prefix_words else f'"{word}"'
            for word in words
        ]
    typing = quoted[:-1] + [
        f"{quoted[-1]}*"
        if len(words[-1]) >= PREFIX_MIN_LENGTH and not quoted[-1].endswith("*")
        else quoted[-1]
    ]
    guidance = f"{{headline applies body}} : ({' OR '.join(typing)})"
    find = (
        f"{{number title}} : ({' OR '.join(quoted)})"
        f" OR {{text}} : ({' AND '.join(quoted)}) OR {guidance}"
    )
    mark = f"{{number title text}} : ({' OR '.join(quoted)}) OR {guidance}"
    return find, mark


def _singular(word: str) -> str:
    """A Spanish plural's singular, roughly: "cercas" → "cerca", "paredes" → "pared",
    "luces" → "luz" is not attempted (the prefix "luce" finds "luces" only). Words of four
    letters or fewer are left alone."""
    if len(word) > 5 and word.endswith("es") and word[-3] not in "aeiouáéíóú":
        return word[:-2]
    if len(word) > 4 and word.endswith("s"):
        return word[:-1]
    return word


def word_search(terms: list[str], language: SearchLanguage) -> tuple[list[SearchHit], bool]:
    """The best RESULT_LIMIT hits for the words, and whether more matched."""
    find, mark = match_expressions(terms, language)
    if not find:
        return [], False
    fts = f"{language.sqlite_table}_fts"
    sql = _SQL.format(
        fts=fts,
        documents=f"{language.sqlite_table}_document",
        weights=_WEIGHTS,
        start=START,
        stop=STOP,
        tokens=_SNIPPET_TOKENS,
        topic_title=shown_text.shown_sql("sqlite", "t.", "title", shown_text.TOPIC, language.code),
        topic_language=shown_text.language_sql("sqlite", "t.", shown_text.TOPIC, language.code),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [find, RESULT_LIMIT + 1, mark])
        rows = cursor.fetchall()
    hits = from_rows(rows[:RESULT_LIMIT])
    return hits, len(rows) > RESULT_LIMIT
