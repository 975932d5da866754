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

Around either:
- Everyday words from the staff-editable vocabulary (SearchPhrase: "granny unit", "Etsy
  shop", "shed") lead with their topic; words for a subject the site does not cover yet
  ("pool", "deck") say so, with who to ask (vocabulary_matches).
- A query that looks like a street address or a parcel number (APN) gets the "find your
  zone" help instead of a search (place_kind).
- When nothing matches, each unknown word is compared with the words the site uses
  (SearchWord, rebuilt by refresh_words) for "Did you mean …": trigram similarity (pg_trgm)
  on PostgreSQL, difflib on SQLite, the nearest by edit distance either way.

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

import difflib
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from django.core.cache import cache
from django.db import connection
from django.db.models import Case, IntegerField, Q, Value, When
from django.urls import reverse
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.services import INDEX_CHECKED_KEY, reindex_sections
from cotati_site.core import cache as page_cache
from cotati_site.core.as_of import default_as_of
from cotati_site.guidance.models import FAQ, Summary, Topic
from cotati_site.search.models import SearchPhrase, SearchWord

MAX_QUERY_LENGTH = 200
MAX_TERMS = 10
RESULT_LIMIT = 20
TITLE_CANDIDATES = 100
SECTION_CANDIDATES = 400
CHAPTER_LIMIT = 200

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
    not_covered: tuple[str, ...] = ()  # subjects the query names that the site lacks
    place: str = ""  # "address" or "parcel": the query looks like one (find-your-zone help)
    suggestion: str = ""  # nothing matched: the query with its typos corrected


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
    place = place_kind(query)
    if place:
        return SearchOutcome(query=query, truncated=truncated, place=place)
    terms = query_terms(query)
    if not terms:
        return SearchOutcome(query=query, truncated=truncated)
    if connection.vendor == "postgresql":
        hits, more = _full_text_search(terms)
    else:
        hits, more = _simple_search(terms)
    topics, not_covered = vocabulary_matches(query)
    if topics:
        led = {hit.url for hit in topics}
        hits = topics + [hit for hit in hits if hit.url not in led]
        more = more or len(hits) > RESULT_LIMIT
        hits = hits[:RESULT_LIMIT]
    suggestion = "" if hits or not_covered else suggested_query(query)
    return SearchOutcome(
        query=query,
        truncated=truncated,
        hits=hits,
        more=more,
        not_covered=not_covered,
        suggestion=suggestion,
    )


# Everyday words ------------------------------------------------------------------------------

_NOT_WORD_RE = re.compile(r"[^a-z0-9]+")


def normalised(text: str) -> str:
    """Lower-case words separated by single spaces, a space at each end: " in law unit "."""
    return f" {_NOT_WORD_RE.sub(' ', text.lower()).strip()} "


def _forms(phrase: str) -> tuple[str, ...]:
    """ " granny unit " and its plural " granny units " (and " hens " for " hen ")."""
    base = normalised(phrase)
    if base.endswith("s "):
        return (base,)
    return (base, base.rstrip() + "s ")


@page_cache.per_generation
def vocabulary() -> tuple[tuple, ...]:
    """(forms, topic slug, topic title, topic intro, not-covered name) for each phrase,
    longest phrase first; read once per content generation (the admin bumps it)."""
    rows = SearchPhrase.objects.select_related("topic").only(
        "phrase", "not_covered", "topic__slug", "topic__title", "topic__intro"
    )
    return tuple(
        sorted(
            (
                (
                    _forms(row.phrase),
                    row.topic.slug if row.topic else "",
                    row.topic.title if row.topic else "",
                    row.topic.intro if row.topic else "",
                    row.not_covered,
                )
                for row in rows
            ),
            key=lambda entry: -len(entry[0][0]),
        )
    )


def forget_vocabulary() -> None:
    """Forget this process's copy of the vocabulary and word list (tests)."""
    vocabulary.forget()
    _sqlite_words.forget()


def vocabulary_matches(query: str) -> tuple[list[SearchHit], tuple[str, ...]]:
    """The topics the query names by an everyday word (as hits to show first) and the
    subjects it names that the site does not cover yet. A phrase inside a longer matched
    one does not count on its own: "pool house" is a shed, not a pool."""
    text = normalised(query)
    matched: list[str] = []
    topics: list[SearchHit] = []
    not_covered: list[str] = []
    for forms, slug, title, intro, missing in vocabulary():
        form = next((f for f in forms if f in text), None)
        if form is None or any(form in longer for longer in matched):
            continue
        matched.append(form)
        if slug:
            url = reverse("topic_detail", args=[slug])
            if all(hit.url != url for hit in topics):
                topics.append(
                    SearchHit(
                        kind="topic",
                        key=f"topic-{slug}",
                        url=url,
                        title=escape(title),
                        context="Topic",
                        snippet=escape(_shorten(intro)),
                        score=float("inf"),
                    )
                )
        elif missing not in not_covered:
            not_covered.append(missing)
    return topics, tuple(not_covered)


# Addresses and parcel numbers --------------------------------------------------------------

_STREET_TYPES = (
    "st|street|ave|avenue|rd|road|dr|drive|ln|lane|ct|court|way|blvd|boulevard|pl|place|"
    "cir|circle|ter|terrace|pkwy|parkway|hwy|highway|loop|trl|trail"
)
# "123 Main St", "8080 Old Redwood Hwy, Cotati": a house number, words, a street type.
_ADDRESS_RE = re.compile(
    rf"^\d{{1,6}}[a-z]?\s+(?:[a-z0-9.'-]+\s+){{0,4}}(?:{_STREET_TYPES})\b\.?(?:[\s,].*)?$",
    re.IGNORECASE,
)
# Sonoma County APNs: 046-123-045 (book-page-parcel), with or without dashes or spaces, or
# with a fourth group; "APN 046123045" too.
_APN_RE = re.compile(
    r"^(?:apn\s*:?\s*)?\d{3}[-\s]?\d{3}[-\s]?\d{3}(?:[-\s]?\d{3})?$", re.IGNORECASE
)


def place_kind(query: str) -> str:
    """ "parcel" for a query that is an APN, "address" for a street address, else ""."""
    if _APN_RE.match(query.strip()):
        return "parcel"
    if _ADDRESS_RE.match(query.strip()):
        return "address"
    return ""


# Did you mean -------------------------------------------------------------------------------

_WORD_RE = re.compile(r"[a-z]{3,40}")
SUGGESTION_CANDIDATES = 12


def words_in_content() -> Counter:
    """The words of the site's titles and plain-language text, with how often each is used:
    section numbers' titles, topics, published summaries and FAQs, and the vocabulary."""
    words: Counter = Counter()

    def add(*texts):
        for text in texts:
            words.update(_WORD_RE.findall(strip_tags(text or "").lower()))

    for (title,) in CodeSection.objects.values_list("title").iterator(chunk_size=5000):
        add(title)
    for title, intro in Topic.objects.values_list("title", "intro"):
        add(title, intro)
    for row in Summary.objects.published().values_list("headline", "applies_when", "body"):
        add(*row)
    for row in FAQ.objects.published().values_list("question", "answer"):
        add(*row)
    for row in SearchPhrase.objects.values_list("phrase", "not_covered"):
        add(*row)
    return words


def refresh_words() -> int:
    """Rebuild the SearchWord table from the content; call after content is written."""
    words = words_in_content()
    SearchWord.objects.all().delete()
    SearchWord.objects.bulk_create(
        [SearchWord(word=word, uses=uses) for word, uses in words.items()], batch_size=2000
    )
    return len(words)


def _distance(a: str, b: str) -> int:
    """Levenshtein distance, with a swap of two neighbours counting as one edit."""
    previous_previous: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, previous_previous[j - 2] + 1)
            current.append(cost)
        previous_previous, previous = previous, current
    return previous[-1]


@page_cache.per_generation
def _sqlite_words() -> dict[str, int]:
    """Every indexed word and its uses, read once per content generation."""
    return dict(SearchWord.objects.values_list("word", "uses"))


def _candidates(term: str) -> list[tuple[str, int]]:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT word, uses FROM cotati_site_searchword WHERE word %% %s "
                "ORDER BY similarity(word, %s) DESC, uses DESC LIMIT %s",
                [term, term, SUGGESTION_CANDIDATES],
            )
            return cursor.fetchall()
    words = _sqlite_words()
    close = difflib.get_close_matches(term, words, n=SUGGESTION_CANDIDATES, cutoff=0.7)
    return [(word, words[word]) for word in close]


def nearest_word(term: str, known: set[str] | None = None) -> str:
    """The site's word nearest to a typed word, or "" when it is known or nothing is near.

    Near: at most one edit for words up to five letters, two beyond. Ties go to the word
    that starts with the same letter, then to the more used one ("fense" → "fence", not
    "sense")."""
    if len(term) < 4 or not term.isalpha():
        return ""
    candidates = _candidates(term)
    if any(word == term for word, _uses in candidates):
        return ""
    limit = 1 if len(term) <= 5 else 2
    ranked = sorted(
        (_distance(term, word), word[0] != term[0], -uses, word)
        for word, uses in candidates
        if abs(len(word) - len(term)) <= limit
    )
    if not ranked or ranked[0][0] > limit:
        return ""
    return ranked[0][3]


def suggested_query(query: str) -> str:
    """The query with each word the site does not use replaced by its nearest word, or ""
    when no word changes."""
    changed = False
    words = []
    for word in query.split(" "):
        lowered = word.lower()
        better = nearest_word(lowered) if _WORD_RE.fullmatch(lowered) else ""
        if better and better != lowered:
            words.append(better)
            changed = True
        else:
            words.append(word)
    return " ".join(words) if changed else ""


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
# (tests/search/test_search.py checks the plans).
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
