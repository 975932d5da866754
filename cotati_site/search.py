"""Search over the code's sections, our plain-language summaries and FAQs.

Plain functions: the view hands over the raw query string and gets back a `SearchOutcome`.

- A query that is a section number (`17.30.030`, `§ 17.30.030`, `17.30.030(B)`) names that
  section; a chapter or title number (`17.30`, `§ 17`) lists the sections under it.
- Otherwise, on PostgreSQL: full-text search with weighted vectors (section number and title
  A; summary headline, applies-when and FAQ question B; summary body and FAQ answer C;
  section text D), ranked by `ts_rank` and highlighted with `ts_headline`, in one plain SQL
  statement (full_text_sql). Each table keeps its vector in a trigger-filled
  `search_vector` column with a GIN index (migrations 0050 and 0051). Sections are ranked
  from a bounded candidate set (any word in the title, all words in the text), so a word
  found in thousands of sections stays fast.
- On SQLite (the embedded default): words that start with each query word, scored by where
  they were found (number or title above a summary above body text).

- Before either: a query that uses one of a topic's everyday names (TOPIC_KEYWORDS: "ADU",
  "granny unit", "SB 9"...) leads with that topic, because those words are often not the
  code's own ("accessory dwelling unit" alone leads with an agricultural accessory structure).

Sections are searched in the text of their version in force: ``CodeSection.search_text``
(and, on PostgreSQL, the vector a trigger derives from it) is the index's copy of that
text, rewritten by ``codebook_services`` whenever a version is saved, promoted or adopted.
A version adopted for a later date takes effect with no write at all, so on the first
search of each day (per process, ``ensure_index_current``) and daily from cron
(``manage.py refresh_search_index``) the sections whose version in force changed are
re-indexed.

Only published summaries and FAQs are searched. Every snippet and title is escaped; the only
markup in them is the `<mark>` we add around matched words.
"""

import re
import threading
from dataclasses import dataclass, field
from datetime import date

from django.core.cache import cache
from django.db import connection
from django.db.models import Case, IntegerField, Q, Value, When
from django.urls import reverse
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from cotati_site.codebook_services import INDEX_CHECKED_KEY, reindex_sections
from cotati_site.models import FAQ, CodeSection, Summary, Topic
from rules.presentation import default_as_of

MAX_QUERY_LENGTH = 200
MAX_TERMS = 10
RESULT_LIMIT = 20
TITLE_CANDIDATES = 100
SECTION_CANDIDATES = 400
CHAPTER_LIMIT = 200
SEARCH_CONFIG = "english"

# ts_headline marks matches with these private-use characters; everything else is escaped and
# only then are they turned into <mark> tags, so no markup from the content can get through.
_START, _STOP = "\ue000", "\ue001"
_HIGHLIGHT_RE = re.compile(f"{_START}(.*?){_STOP}", re.DOTALL)
_SNIPPET_OPTIONS = {
    "max_words": 35,
    "min_words": 15,
    "max_fragments": 2,
    "fragment_delimiter": " … ",
}

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\ue000\ue001]")
_SPACE_RE = re.compile(r"\s+")
# "§ 17.30.030", "sec. 17.30", "17.30.030(B)(2)": a section, chapter or title number.
_NUMBER_RE = re.compile(
    r"^(?:§+\s*|sec(?:tion)?\.?\s+)?(\d+(?:\.\d+)*[A-Za-z]?)(?:\s*\([A-Za-z0-9]+\))*\.?$",
    re.IGNORECASE,
)
# Words for the query: letters and digits, with inner dots kept so "17.30.030" stays whole.
_TERM_RE = re.compile(r"\w+(?:\.\w+)*")


# Everyday names for a topic, by its slug: a query that contains one (as whole words, any
# case and punctuation, singular or plural) shows that topic first. The one place to add a
# synonym; the words are compared after normalised() below.
TOPIC_KEYWORDS = {
    "adding-a-home-adus-jadus-sb9": (
        "adu",
        "jadu",
        "accessory dwelling unit",
        "junior accessory dwelling unit",
        "granny unit",
        "granny flat",
        "in law unit",
        "in law apartment",
        "second unit",
        "backyard cottage",
        "garage conversion",
        "sb 9",
        "sb9",
        "senate bill 9",
        "lot split",
        "urban lot split",
    ),
}
_NOT_WORD_RE = re.compile(r"[^a-z0-9]+")


def normalised(text: str) -> str:
    """Lower-case words separated by single spaces, with a space at each end: " in law unit "."""
    return f" {_NOT_WORD_RE.sub(' ', text.lower()).strip()} "


# Each keyword as " phrase " and its plural " phrases ", for a plain substring test.
_KEYWORD_FORMS = {
    slug: tuple(
        form
        for phrase in phrases
        for form in (normalised(phrase), normalised(phrase).rstrip() + "s ")
    )
    for slug, phrases in TOPIC_KEYWORDS.items()
}


def topics_named_in(query: str) -> list[str]:
    """The slugs of the topics whose everyday names the query uses, in TOPIC_KEYWORDS order."""
    text = normalised(query)
    return [slug for slug, forms in _KEYWORD_FORMS.items() if any(f in text for f in forms)]


@dataclass(frozen=True)
class SearchHit:
    """One result: what it is, where it leads, and the matched words marked."""

    kind: str  # "topic", "section", "summary" or "faq"
    key: str  # "section-17.30.030", "summary-4", "faq-2": stable, for anchors and tests
    url: str
    title: SafeString
    context: str  # "§ 17.30.030" or the topic's title
    snippet: SafeString
    score: float


@dataclass(frozen=True)
class SearchOutcome:
    query: str  # the cleaned query, as searched
    hits: list[SearchHit] = field(default_factory=list)
    truncated: bool = False  # the query was cut to MAX_QUERY_LENGTH
    more: bool = False  # more matched than are shown
    section: CodeSection | None = None  # the query named this section exactly
    chapter: str = ""  # the query named a chapter (or title): hits are its sections


def clean_query(raw: str | None) -> tuple[str, bool]:
    """The query with control characters dropped, spaces collapsed and a sane length."""
    text = _SPACE_RE.sub(" ", _CONTROL_RE.sub(" ", raw or "")).strip()
    if len(text) <= MAX_QUERY_LENGTH:
        return text, False
    return text[:MAX_QUERY_LENGTH].rstrip(), True


def section_number_in(query: str) -> str | None:
    """The section, chapter or title number a query consists of, if it is one.

    A bare number without a dot ("12") is more likely a measurement than code title 12, so
    it only counts as a number when written with "§" or "section".
    """
    match = _NUMBER_RE.match(query.strip())
    if not match:
        return None
    number = match.group(1).upper() if match.group(1)[-1].isalpha() else match.group(1)
    if "." not in number and not re.match(r"^(§|sec)", query.strip(), re.IGNORECASE):
        return None
    return number


def query_terms(query: str) -> list[str]:
    """The distinct words of a query, lower-cased, at most MAX_TERMS of them."""
    terms = []
    for term in _TERM_RE.findall(query.lower()):
        if term not in terms:
            terms.append(term)
    return terms[:MAX_TERMS]


_index_lock = threading.Lock()
_index_checked_on: list[date | None] = [None]  # the date this process last checked


def ensure_index_current(on: date | None = None) -> None:
    """Re-index the sections whose version in force on ``on`` (default: the date the site
    shows rules as of) is not the one indexed; at most once per date in each process, so
    a search costs no extra query once the day's check is done. Since the last check (this
    process's, else the last full one, e.g. the daily command's) only versions taking
    effect in between can change the index, so only those sections are looked at."""
    on = on or default_as_of()
    if _index_checked_on[0] == on:
        return
    with _index_lock:
        checked = _index_checked_on[0]
        if checked != on:
            if checked is None:
                try:
                    checked = cache.get(INDEX_CHECKED_KEY)
                except Exception:  # the shared cache is down: check everything
                    checked = None
            reindex_sections(on=on, since=checked)
            _index_checked_on[0] = on


def forget_index_check() -> None:
    """Make the next search check the whole index again (tests)."""
    _index_checked_on[0] = None
    cache.delete(INDEX_CHECKED_KEY)


def search(raw: str | None) -> SearchOutcome:
    """Answer a query typed in the search box."""
    query, truncated = clean_query(raw)
    if not query:
        return SearchOutcome(query="", truncated=truncated)
    ensure_index_current()
    number = section_number_in(query)
    if number:
        section = CodeSection.objects.filter(number=number).first()
        if section is not None:
            return SearchOutcome(
                query=query, truncated=truncated, section=section, hits=[_listed(section)]
            )
        listed = list(
            CodeSection.objects.filter(number__startswith=f"{number}.")
            .only("number", "title", "search_text")
            .order_by("sort_key")[: CHAPTER_LIMIT + 1]
        )
        if listed:
            return SearchOutcome(
                query=query,
                truncated=truncated,
                chapter=number,
                hits=[_listed(section) for section in listed[:CHAPTER_LIMIT]],
                more=len(listed) > CHAPTER_LIMIT,
            )
    terms = query_terms(query)
    if not terms:
        return SearchOutcome(query=query, truncated=truncated)
    if connection.vendor == "postgresql":
        hits, more = _full_text_search(terms)
    else:
        hits, more = _simple_search(terms)
    named = topics_named_in(query)
    if named:
        hits = _topic_hits(named, terms) + hits
        more = more or len(hits) > RESULT_LIMIT
        hits = hits[:RESULT_LIMIT]
    return SearchOutcome(query=query, truncated=truncated, hits=hits, more=more)


def _topic_hits(slugs: list[str], terms: list[str]) -> list[SearchHit]:
    """The topics a query names by an everyday word, first, in the order of ``slugs``."""
    topics = {
        t.slug: t for t in Topic.objects.filter(slug__in=slugs).only("slug", "title", "intro")
    }
    return [
        SearchHit(
            kind="topic",
            key=f"topic-{slug}",
            url=topics[slug].get_absolute_url(),
            title=escape(topics[slug].title),
            context="Topic",
            snippet=highlighted(_shorten(topics[slug].intro), terms),
            score=float("inf"),  # before every ranked hit
        )
        for slug in slugs
        if slug in topics
    ]


def _listed(section: CodeSection) -> SearchHit:
    """A section named by its number: no words to mark, the start of its text as snippet."""
    return SearchHit(
        kind="section",
        key=f"section-{section.number}",
        url=section.get_absolute_url(),
        title=escape(section.title),
        context=f"§ {section.number}",
        snippet=escape(_shorten(section.search_text)),
        score=0.0,
    )


def _merged(groups: list[list[SearchHit]]) -> tuple[list[SearchHit], bool]:
    """The best RESULT_LIMIT hits of all kinds; each group holds up to RESULT_LIMIT + 1."""
    more = any(len(group) > RESULT_LIMIT for group in groups)
    hits = [hit for group in groups for hit in group[:RESULT_LIMIT]]
    hits.sort(key=lambda hit: -hit.score)  # stable: sections first on ties
    return hits[:RESULT_LIMIT], more or len(hits) > RESULT_LIMIT


# PostgreSQL ---------------------------------------------------------------------------------

# One statement answers a word search: the section candidates, the ranked sections,
# summaries and FAQs, the merged order and the highlighting of the shown rows. Plain SQL,
# because compiling the equivalent ORM queries cost more than running them (~7 ms).
#
# - Every table keeps its weighted vector in a `search_vector` column that a trigger fills
#   (sections since migration 0050, summaries and FAQs since 0051), with a GIN index on it,
#   so ranking reads the stored vector instead of recomputing it from the text.
# - Sections are ranked from a bounded candidate set (see section_candidates_sql). The
#   candidate scans are MATERIALIZED CTEs: PostgreSQL plans such a CTE for all its rows (so
#   with the GIN index, not a sequential scan betting on finding matches early, which loses
#   when matches cluster by chapter: 70 ms instead of 3 ms for "flood"), and still runs it
#   only as far as the LIMIT that reads it. No planner settings, no extra round trips.
# - ts_headline runs last, on the RESULT_LIMIT rows shown.
# - Summary and FAQ titles link to their topic, so the topic's slug and title come along.
#
# The section title index (codesection_title_search_gin, migration 0050) is an expression
# index: the expression below must stay identical to it, or the planner stops using it
# (tests/cotati_site/test_search.py checks the plans).
_SECTION_TITLE_VECTOR = (
    "to_tsvector('english'::regconfig, COALESCE(s.number, '') || ' ' || COALESCE(s.title, ''))"
)


def _headline_options(**options) -> str:
    return ", ".join(f'{name}="{value}"' for name, value in options.items())


_TITLE_OPTIONS = _headline_options(StartSel=_START, StopSel=_STOP, HighlightAll="true")
_SNIPPET_SQL_OPTIONS = _headline_options(
    StartSel=_START,
    StopSel=_STOP,
    MaxWords=_SNIPPET_OPTIONS["max_words"],
    MinWords=_SNIPPET_OPTIONS["min_words"],
    MaxFragments=_SNIPPET_OPTIONS["max_fragments"],
    FragmentDelimiter=_SNIPPET_OPTIONS["fragment_delimiter"],
)

_FULL_TEXT_SQL = f"""
WITH title_hits AS MATERIALIZED (
    SELECT s.number FROM cotati_site_codesection s
    WHERE {_SECTION_TITLE_VECTOR} @@ to_tsquery('english'::regconfig, %(any)s)
), text_hits AS MATERIALIZED (
    SELECT s.number FROM cotati_site_codesection s
    WHERE s.search_vector @@ to_tsquery('english'::regconfig, %(every)s)
), candidates AS (
    (SELECT number FROM title_hits LIMIT %(title_candidates)s)
    UNION
    (SELECT number FROM text_hits LIMIT %(section_candidates)s)
), sections AS (
    SELECT 0 AS kind, s.number AS key, ts_rank(s.search_vector, q.q) AS rank,
        s.title, s.search_text AS text, '' AS slug, '' AS topic, s.sort_key::text AS tiebreak
    FROM cotati_site_codesection s
    JOIN candidates USING (number),
        to_tsquery('english'::regconfig, %(any)s) AS q (q)
    WHERE s.search_vector @@ q.q
    ORDER BY rank DESC, s.sort_key
    LIMIT %(group_limit)s
), summaries AS (
    SELECT 1 AS kind, m.id::text AS key, ts_rank(m.search_vector, q.q) AS rank,
        m.headline AS title, m.body AS text, t.slug, t.title AS topic,
        to_char(t."order", 'FM00000') || to_char(m."order", 'FM00000')
            || to_char(m.id, 'FM0000000000') AS tiebreak
    FROM cotati_site_summary m
    JOIN cotati_site_topic t ON t.id = m.topic_id,
        to_tsquery('english'::regconfig, %(typing)s) AS q (q)
    WHERE m.is_published AND m.search_vector @@ q.q
    ORDER BY rank DESC, tiebreak
    LIMIT %(group_limit)s
), faqs AS (
    SELECT 2 AS kind, f.id::text AS key, ts_rank(f.search_vector, q.q) AS rank,
        f.question AS title, f.answer AS text, t.slug, t.title AS topic,
        to_char(t."order", 'FM00000') || to_char(f."order", 'FM00000')
            || to_char(f.id, 'FM0000000000') AS tiebreak
    FROM cotati_site_faq f
    JOIN cotati_site_topic t ON t.id = f.topic_id,
        to_tsquery('english'::regconfig, %(typing)s) AS q (q)
    WHERE f.is_published AND f.search_vector @@ q.q
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
SELECT shown.kind, shown.key, shown.rank, shown.slug, shown.topic, shown.more,
    ts_headline('english'::regconfig, shown.title, q.q, %(title_options)s),
    ts_headline('english'::regconfig, shown.text, q.q, %(snippet_options)s)
FROM shown,
    to_tsquery('english'::regconfig, CASE WHEN shown.kind = 0 THEN %(any)s ELSE %(typing)s END)
        AS q (q)
ORDER BY shown.rank DESC, shown.kind, shown.place
"""


def tsquery_text(terms: list[str], *, every: bool = False, prefix: bool = False) -> str:
    """A to_tsquery text for any of the words (documents with more of them rank higher), or
    with `every` all of them; with `prefix` the last word also matches words it starts
    ("flo" finds "floodway").

    The words hold only letters, digits, underscores and inner dots (see _TERM_RE), so they
    cannot carry tsquery syntax; stop words drop out in PostgreSQL without an error.
    """
    last = f"{terms[-1]}:*" if prefix and len(terms[-1]) >= 3 else terms[-1]
    operator = " & " if every else " | "
    return operator.join([*terms[:-1], last])


def full_text_sql(terms: list[str]) -> tuple[str, dict]:
    """The statement and parameters for a word search (see the notes above _FULL_TEXT_SQL).

    Sections: those whose number or title holds any of the words (up to TITLE_CANDIDATES)
    and those whose text holds all of them (up to SECTION_CANDIDATES) are ranked, so a
    common word costs no more than a rare one; when more match, the best of these are shown
    and the page suggests adding a word. Sections match whole words (stems) only: the start
    of a word would read every posting list it begins ("permit:*" doubles the cost of a
    search for "tree removal permit"). Summaries and FAQs are few: there the last word may
    be the start of one, as while typing.
    """
    params = {
        "any": tsquery_text(terms),
        "every": tsquery_text(terms, every=True),
        "typing": tsquery_text(terms, prefix=True),
        "title_candidates": TITLE_CANDIDATES,
        "section_candidates": SECTION_CANDIDATES,
        "group_limit": RESULT_LIMIT + 1,
        "limit": RESULT_LIMIT,
        "title_options": _TITLE_OPTIONS,
        "snippet_options": _SNIPPET_SQL_OPTIONS,
    }
    return _FULL_TEXT_SQL, params


def _full_text_search(terms: list[str]) -> tuple[list[SearchHit], bool]:
    with connection.cursor() as cursor:
        cursor.execute(*full_text_sql(terms))
        rows = cursor.fetchall()
    topic_urls: dict[str, str] = {}
    hits = []
    for kind, key, rank, slug, topic, _more, title, snippet in rows:
        if kind == 0:
            hit = SearchHit(
                kind="section",
                key=f"section-{key}",
                url=reverse("section_detail", args=[key]),
                title=marked(title),
                context=f"§ {key}",
                snippet=marked(snippet),
                score=rank,
            )
        else:
            if slug not in topic_urls:
                topic_urls[slug] = reverse("topic_detail", args=[slug])
            name = "summary" if kind == 1 else "faq"
            hit = SearchHit(
                kind=name,
                key=f"{name}-{key}",
                url=f"{topic_urls[slug]}#{name}-{key}",
                title=marked(title),
                context=topic,
                snippet=marked(strip_tags(snippet)),
                score=rank,
            )
        hits.append(hit)
    return hits, bool(rows and rows[0][5])


def marked(text: str | None) -> SafeString:
    """Escape a ts_headline result, then turn its match markers into <mark> tags."""
    pieces = _HIGHLIGHT_RE.split(text or "")
    html = []
    for index, piece in enumerate(pieces):
        piece = escape(piece.replace(_START, "").replace(_STOP, ""))
        html.append(f"<mark>{piece}</mark>" if index % 2 else piece)
    return mark_safe("".join(html))  # noqa: S308 - every piece is escaped above


# SQLite -------------------------------------------------------------------------------------

# Where a word was found, best first; a document scores the best place for each word, summed.
_WEIGHT_TITLE = 8  # section number or title
_WEIGHT_LEAD = 4  # summary headline or applies-when, FAQ question
_WEIGHT_BODY = 2  # summary body, FAQ answer
_WEIGHT_TEXT = 1  # section text


def _stem(term: str) -> str:
    """A crude plural-to-singular, so "sheds" also finds "shed" (prefix match does the rest)."""
    if len(term) > 3 and term.endswith("s") and not term.endswith("ss"):
        return term[:-1]
    return term


def _score(terms: list[str], places: list[tuple[tuple[str, ...], int]]):
    total = Value(0, output_field=IntegerField())
    for term in terms:
        whens = [
            When(
                Q.create(
                    [(f"{name}__iregex", _word_start(term)) for name in names], connector=Q.OR
                ),
                then=Value(weight),
            )
            for names, weight in places
        ]
        total = total + Case(*whens, default=Value(0), output_field=IntegerField())
    return total


def _simple_ranked(queryset, terms, places, *order):
    return (
        queryset.annotate(score=_score(terms, places))
        .filter(score__gt=0)
        .order_by("-score", *order)[: RESULT_LIMIT + 1]
    )


def _simple_search(terms: list[str]) -> tuple[list[SearchHit], bool]:
    # A single letter or digit starts too many words (and every section number) to mean much.
    terms = [_stem(term) for term in terms if len(term) > 1]
    if not terms:
        return [], False
    sections = _simple_ranked(
        CodeSection.objects.only("number", "title", "search_text"),
        terms,
        [(("number", "title"), _WEIGHT_TITLE), (("search_text",), _WEIGHT_TEXT)],
        "sort_key",
    )
    summaries = _simple_ranked(
        Summary.objects.published().select_related("topic"),
        terms,
        [(("headline", "applies_when"), _WEIGHT_LEAD), (("body",), _WEIGHT_BODY)],
        "topic__order",
        "order",
        "pk",
    )
    faqs = _simple_ranked(
        FAQ.objects.published().select_related("topic"),
        terms,
        [(("question",), _WEIGHT_LEAD), (("answer",), _WEIGHT_BODY)],
        "topic__order",
        "order",
        "pk",
    )
    groups = [
        [
            SearchHit(
                kind="section",
                key=f"section-{section.number}",
                url=section.get_absolute_url(),
                title=highlighted(section.title, terms),
                context=f"§ {section.number}",
                snippet=highlighted(_excerpt(section.search_text, terms), terms),
                score=float(section.score),
            )
            for section in sections
        ],
        [
            SearchHit(
                kind="summary",
                key=f"summary-{summary.pk}",
                url=summary.get_absolute_url(),
                title=highlighted(summary.headline, terms),
                context=summary.topic.title,
                snippet=highlighted(_excerpt(strip_tags(summary.body), terms), terms),
                score=float(summary.score),
            )
            for summary in summaries
        ],
        [
            SearchHit(
                kind="faq",
                key=f"faq-{faq.pk}",
                url=faq.get_absolute_url(),
                title=highlighted(faq.question, terms),
                context=faq.topic.title,
                snippet=highlighted(_excerpt(strip_tags(faq.answer), terms), terms),
                score=float(faq.score),
            )
            for faq in faqs
        ],
    ]
    return _merged(groups)


def _word_start(term: str) -> str:
    """A pattern for words that start with the term: "shed" finds "sheds", not "established"."""
    return rf"\b{re.escape(term)}"


def _terms_re(terms: list[str]) -> re.Pattern:
    return re.compile("|".join(_word_start(term) for term in terms), re.IGNORECASE)


def _excerpt(text: str, terms: list[str], width: int = 220) -> str:
    """About `width` characters of text around the first matched word."""
    match = _terms_re(terms).search(text or "")
    if not match:
        return _shorten(text, width)
    start = max(0, match.start() - width // 3)
    if start:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < match.start() else start
    excerpt = _shorten(text[start:], width)
    return f"… {excerpt}" if start else excerpt


def _shorten(text: str, width: int = 220) -> str:
    text = _SPACE_RE.sub(" ", text or "").strip()
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[: cut if cut > width // 2 else width] + " …"


def highlighted(text: str, terms: list[str]) -> SafeString:
    """Escape text and wrap each matched word in <mark>."""
    pieces = _terms_re(terms).split(text or "")
    found = _terms_re(terms).findall(text or "")
    html = [escape(pieces[0])]
    for word, rest in zip(found, pieces[1:], strict=True):
        html.append(f"<mark>{escape(word)}</mark>{escape(rest)}")
    return mark_safe("".join(html))  # noqa: S308 - every piece is escaped above
