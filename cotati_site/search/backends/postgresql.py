"""PostgreSQL full-text search: weighted stored vectors, ts_rank and ts_headline.

Section number and title weigh A, a summary's headline and applies-when and an FAQ's
question B, a summary's body and an FAQ's answer C, a section's text D; one plain SQL
statement finds, ranks, merges and highlights (``full_text_sql``).

- Every table keeps its weighted vector in a `search_vector` column that a trigger fills
  (search/migrations/0002_postgresql_search.py), with a GIN index on it, so ranking reads
  the stored vector instead of recomputing it from the text.
- Sections are ranked from a bounded candidate set: those whose number or title holds any
  of the words (up to TITLE_CANDIDATES) and those whose text holds all of them (up to
  SECTION_CANDIDATES), so a common word costs no more than a rare one; when more match,
  the best of these are shown and the page suggests adding a word. The candidate scans are
  MATERIALIZED CTEs: PostgreSQL plans such a CTE for all its rows (so with the GIN index,
  not a sequential scan betting on finding matches early, which loses when matches cluster
  by chapter: 70 ms instead of 3 ms for "flood"), and still runs it only as far as the
  LIMIT that reads it.
- Sections match whole words (stems) only: the start of a word would read every posting
  list it begins ("permit:*" doubles the cost of "tree removal permit"). Summaries and FAQs
  are few: there the last word may be the start of one, as while typing.
- ts_headline runs last, on the RESULT_LIMIT rows shown. Summary and FAQ titles link to
  their topic, so the topic's slug and title come along.
- Plain SQL, because compiling the equivalent ORM queries cost more than running them.

The section title index (codesection_title_search_gin, search migration 0002) is an expression
index: the expression below must stay identical to it, or the planner stops using it
(tests/search/test_search.py checks the plans). Sections are the law, in English whatever
the language searched (languages.LAW); summaries and FAQs use the language's configuration
and vector.
"""

from django.db import connection

from cotati_site.search import shown_text
from cotati_site.search.hits import RESULT_LIMIT, START, STOP, SearchHit, from_rows
from cotati_site.search.languages import LAW, SearchLanguage
from cotati_site.search.query import PREFIX_MIN_LENGTH

TITLE_CANDIDATES = 100
SECTION_CANDIDATES = 400

_SECTION_TITLE_VECTOR = (
    "to_tsvector('{law}'::regconfig, COALESCE(s.number, '') || ' ' || COALESCE(s.title, ''))"
)


def _headline_options(**options) -> str:
    return ", ".join(f'{name}="{value}"' for name, value in options.items())


_TITLE_OPTIONS = _headline_options(StartSel=START, StopSel=STOP, HighlightAll="true")
_SNIPPET_OPTIONS = _headline_options(
    StartSel=START,
    StopSel=STOP,
    MaxWords=35,
    MinWords=15,
    MaxFragments=2,
    FragmentDelimiter=" … ",
)

_FULL_TEXT_SQL = """
WITH title_hits AS MATERIALIZED (
    SELECT s.number FROM cotati_site_codesection s
    WHERE {title_vector} @@ to_tsquery('{law}'::regconfig, %(any)s)
), text_hits AS MATERIALIZED (
    SELECT s.number FROM cotati_site_codesection s
    WHERE s.search_vector @@ to_tsquery('{law}'::regconfig, %(every)s)
), candidates AS (
    (SELECT number FROM title_hits LIMIT %(title_candidates)s)
    UNION
    (SELECT number FROM text_hits LIMIT %(section_candidates)s)
), sections AS (
    SELECT 0 AS kind, s.number AS key, ts_rank(s.search_vector, q.q) AS rank,
        s.title, s.search_text AS text, '' AS slug, '' AS topic, '{law_language}' AS topic_language,
        '{law_language}' AS language, s.sort_key::text AS tiebreak
    FROM cotati_site_codesection s
    JOIN candidates USING (number),
        to_tsquery('{law}'::regconfig, %(any)s) AS q (q)
    WHERE s.search_vector @@ q.q
    ORDER BY rank DESC, s.sort_key
    LIMIT %(group_limit)s
), summaries AS (
    SELECT 1 AS kind, m.id::text AS key, ts_rank(m.{vector}, q.q) AS rank,
        {summary_title} AS title, {summary_text} AS text, t.slug, {topic} AS topic,
        {topic_language} AS topic_language, {summary_language} AS language,
        to_char(t."order", 'FM00000') || to_char(m."order", 'FM00000')
            || to_char(m.id, 'FM0000000000') AS tiebreak
    FROM cotati_site_summary m
    JOIN cotati_site_topic t ON t.id = m.topic_id,
        to_tsquery('{config}'::regconfig, %(typing)s) AS q (q)
    WHERE m.is_published AND m.{vector} @@ q.q
    ORDER BY rank DESC, tiebreak
    LIMIT %(group_limit)s
), faqs AS (
    SELECT 2 AS kind, f.id::text AS key, ts_rank(f.{vector}, q.q) AS rank,
        {faq_title} AS title, {faq_text} AS text, t.slug, {topic} AS topic,
        {topic_language} AS topic_language, {faq_language} AS language,
        to_char(t."order", 'FM00000') || to_char(f."order", 'FM00000')
            || to_char(f.id, 'FM0000000000') AS tiebreak
    FROM cotati_site_faq f
    JOIN cotati_site_topic t ON t.id = f.topic_id,
        to_tsquery('{config}'::regconfig, %(typing)s) AS q (q)
    WHERE f.is_published AND f.{vector} @@ q.q
    ORDER BY rank DESC, tiebreak
    LIMIT %(group_limit)s
), grouped AS (
    SELECT hit.*,
        row_number() OVER (PARTITION BY kind ORDER BY rank DESC, tiebreak) AS place,
        count(*) OVER (PARTITION BY kind) AS group_size
    FROM (
        SELECT * FROM sections UNION ALL SELECT * FROM summaries UNION ALL SELECT * FROM faqs
    ) AS hit
), shown AS (
    SELECT grouped.*,
        bool_or(group_size > %(limit)s) OVER () OR count(*) OVER () > %(limit)s AS more
    FROM grouped
    WHERE place <= %(limit)s
    ORDER BY rank DESC, kind, place
    LIMIT %(limit)s
)
SELECT shown.kind, shown.key, shown.rank, shown.slug, shown.topic, shown.topic_language,
    shown.more,
    ts_headline({shown_config}, shown.title, q.q, %(title_options)s),
    ts_headline({shown_config}, shown.text, q.q, %(snippet_options)s),
    shown.language
FROM shown,
    to_tsquery({shown_config}, CASE WHEN shown.kind = 0 THEN %(any)s ELSE %(typing)s END)
        AS q (q)
ORDER BY shown.rank DESC, shown.kind, shown.place
"""


def tsquery_text(terms: list[str], *, every: bool = False, prefix: bool = False) -> str:
    """A to_tsquery text for any of the words (documents with more of them rank higher), or
    with `every` all of them; with `prefix` the last word also matches words it starts
    ("flood" finds "floodway"), when it is long enough to mean something as a start.

    The words hold only letters, digits, underscores and inner dots (see query_terms), so
    they cannot carry tsquery syntax; stop words drop out in PostgreSQL without an error.
    """
    last = terms[-1]
    if prefix and len(last) >= PREFIX_MIN_LENGTH:
        last = f"{last}:*"
    operator = " & " if every else " | "
    return operator.join([*terms[:-1], last])


def full_text_sql(terms: list[str], language: SearchLanguage) -> tuple[str, dict]:
    """The statement and parameters for a word search in a language (see above). Summaries,
    FAQs and topics' titles come as a page in the language shows them (``shown_text``)."""

    def shown(row: str, field: str, fields: tuple[str, ...]) -> str:
        return shown_text.shown_sql("postgresql", row, field, fields, language.code)

    def shown_in(row: str, fields: tuple[str, ...]) -> str:
        return shown_text.language_sql("postgresql", row, fields, language.code)

    sql = _FULL_TEXT_SQL.format(
        title_vector=_SECTION_TITLE_VECTOR.format(law=LAW.postgres_config),
        law=LAW.postgres_config,
        law_language=LAW.code,
        config=language.postgres_config,
        vector=language.postgres_vector,
        shown_config=(
            f"(CASE WHEN shown.kind = 0 THEN '{LAW.postgres_config}' "
            f"ELSE '{language.postgres_config}' END)::regconfig"
        ),
        summary_title=shown("m.", "headline", shown_text.SUMMARY),
        summary_text=shown("m.", "body", shown_text.SUMMARY),
        summary_language=shown_in("m.", shown_text.SUMMARY),
        faq_title=shown("f.", "question", shown_text.FAQ),
        faq_text=shown("f.", "answer", shown_text.FAQ),
        faq_language=shown_in("f.", shown_text.FAQ),
        topic=shown("t.", "title", shown_text.TOPIC),
        topic_language=shown_in("t.", shown_text.TOPIC),
    )
    params = {
        "any": tsquery_text(terms),
        "every": tsquery_text(terms, every=True),
        "typing": tsquery_text(terms, prefix=True),
        "title_candidates": TITLE_CANDIDATES,
        "section_candidates": SECTION_CANDIDATES,
        "group_limit": RESULT_LIMIT + 1,
        "limit": RESULT_LIMIT,
        "title_options": _TITLE_OPTIONS,
        "snippet_options": _SNIPPET_OPTIONS,
    }
    return sql, params


def spanish_ignores_accents() -> bool:
    """Whether ``cotati_es`` drops accents (search migration 0002 maps it through unaccent
    when the server has that extension)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_ts_config_map m "
            "JOIN pg_ts_config c ON c.oid = m.mapcfg "
            "JOIN pg_ts_dict d ON d.oid = m.mapdict "
            "WHERE c.cfgname = 'cotati_es' AND d.dictname = 'unaccent'"
        )
        return cursor.fetchone()[0] > 0


def word_search(terms: list[str], language: SearchLanguage) -> tuple[list[SearchHit], bool]:
    """The best RESULT_LIMIT hits for the words, and whether more matched."""
    with connection.cursor() as cursor:
        cursor.execute(*full_text_sql(terms, language))
        rows = cursor.fetchall()
    hits = from_rows(row[:6] + row[7:] for row in rows)  # row[6]: whether more matched
    return hits, bool(rows and rows[0][6])
