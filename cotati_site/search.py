"""Search over the code's sections, our plain-language summaries and FAQs.

Plain functions: the view hands over the raw query string and gets back a `SearchOutcome`.

- A query that is a section number (`17.30.030`, `§ 17.30.030`, `17.30.030(B)`) names that
  section; a chapter or title number (`17.30`, `§ 17`) lists the sections under it.
- Otherwise, on PostgreSQL: full-text search with weighted vectors (section number and title
  A; summary headline, applies-when and FAQ question B; summary body and FAQ answer C;
  section text D), ranked by `ts_rank` and highlighted with `ts_headline`. Migration 0050
  indexes them with GIN: summaries and FAQs on exactly the expressions below (change one
  and the other together, or the planner stops using the index; a test checks the plans),
  sections on a stored vector column the migration keeps filled. Sections are ranked from a
  bounded candidate set (any word in the title, all words in the text), so a word found in
  thousands of sections stays fast.
- On SQLite (the embedded default): words that start with each query word, scored by where
  they were found (number or title above a summary above body text).

Only published summaries and FAQs are searched. Every snippet and title is escaped; the only
markup in them is the `<mark>` we add around matched words.
"""

import re
from dataclasses import dataclass, field

from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVector,
    SearchVectorField,
)
from django.db import connection, transaction
from django.db.models import Case, IntegerField, Q, Value, When
from django.db.models.expressions import Expression
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from cotati_site.models import FAQ, CodeSection, Summary

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


@dataclass(frozen=True)
class SearchHit:
    """One result: what it is, where it leads, and the matched words marked."""

    kind: str  # "section", "summary" or "faq"
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


def search(raw: str | None) -> SearchOutcome:
    """Answer a query typed in the search box."""
    query, truncated = clean_query(raw)
    if not query:
        return SearchOutcome(query="", truncated=truncated)
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
    return SearchOutcome(query=query, truncated=truncated, hits=hits, more=more)


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


class StoredSectionVector(Expression):
    """The section's stored vector: number and title weighted A, its text D.

    Sections are the table that grows (the bench holds 100,000), and ranking needs the vector
    of every matching row, so on PostgreSQL migration 0050 keeps it in a `search_vector`
    column that a trigger fills on insert and update, with a GIN index on it. Django's model
    does not declare the column; this expression names it under whatever alias the query
    gives the table (subqueries rename it), and nothing but this search reads it.
    """

    output_field = SearchVectorField()

    def __init__(self, alias: str | None = None):
        super().__init__()
        self.alias = alias

    def resolve_expression(self, query=None, *args, **kwargs):
        resolved = self.copy()
        resolved.alias = resolved.alias or query.get_initial_alias()
        return resolved

    def relabeled_clone(self, change_map):
        return StoredSectionVector(change_map.get(self.alias, self.alias))

    def as_sql(self, compiler, connection):
        column = connection.ops.quote_name("search_vector")
        return f"{compiler.quote_name_unless_alias(self.alias)}.{column}", []


def section_vector() -> StoredSectionVector:
    return StoredSectionVector()


def section_title_vector() -> SearchVector:
    """A section's number and title alone (index codesection_title_search_gin): a short
    vector, so picking title matches out of many stays cheap."""
    return SearchVector("number", "title", config=SEARCH_CONFIG)


def summary_vector() -> SearchVector:
    return SearchVector("headline", "applies_when", weight="B", config=SEARCH_CONFIG) + (
        SearchVector("body", weight="C", config=SEARCH_CONFIG)
    )


def faq_vector() -> SearchVector:
    return SearchVector("question", weight="B", config=SEARCH_CONFIG) + SearchVector(
        "answer", weight="C", config=SEARCH_CONFIG
    )


def tsquery_for(terms: list[str], *, every: bool = False, prefix: bool = False) -> SearchQuery:
    """Any of the words (documents with more of them rank higher), or with `every` all of
    them; with `prefix` the last word also matches words it starts ("flo" finds "floodway").

    The words hold only letters, digits, underscores and inner dots (see _TERM_RE), so they
    cannot carry tsquery syntax; stop words drop out in PostgreSQL without an error.
    """
    last = f"{terms[-1]}:*" if prefix and len(terms[-1]) >= 3 else terms[-1]
    operator = " & " if every else " | "
    return SearchQuery(operator.join([*terms[:-1], last]), search_type="raw", config=SEARCH_CONFIG)


def _snippet(expression, query: SearchQuery) -> SearchHeadline:
    """Up to two fragments of the text around the matched words."""
    return SearchHeadline(
        expression,
        query,
        config=SEARCH_CONFIG,
        start_sel=_START,
        stop_sel=_STOP,
        **_SNIPPET_OPTIONS,
    )


def _whole(expression, query: SearchQuery) -> SearchHeadline:
    """The whole (short) text, matched words marked: for titles and headlines."""
    return SearchHeadline(
        expression,
        query,
        config=SEARCH_CONFIG,
        start_sel=_START,
        stop_sel=_STOP,
        highlight_all=True,
    )


def _ranked(queryset, vector, query: SearchQuery, title: str, text: str):
    # alias, not annotate: the vector is matched in SQL, never sent back to Python.
    return (
        queryset.alias(search=vector)
        .filter(search=query)
        .annotate(
            rank=SearchRank(vector, query),
            title_marked=_whole(title, query),
            snippet=_snippet(text, query),
        )
        .order_by("-rank")
    )


def section_candidates(terms: list[str]):
    """The numbers of the sections worth ranking: a bounded set, so a common word costs no
    more than a rare one. Sections whose number or title holds any of the words (up to
    TITLE_CANDIDATES) and sections whose text holds all of them (up to SECTION_CANDIDATES);
    when more match, the best of these are shown and the page suggests adding a word.

    Sections match whole words (stems) only: the start of a word would read every posting
    list it begins ("permit:*" doubles the cost of a search for "tree removal permit").
    """
    sections = CodeSection.objects.order_by()
    in_title = sections.alias(search=section_title_vector()).filter(search=tsquery_for(terms))
    anywhere = sections.alias(search=section_vector()).filter(search=tsquery_for(terms, every=True))
    return in_title.values("number")[:TITLE_CANDIDATES].union(
        anywhere.values("number")[:SECTION_CANDIDATES]
    )


def section_matches(query: SearchQuery, candidates=None):
    """Sections matching a tsquery, best first (served by the codesection_search_gin index)."""
    sections = CodeSection.objects.only("number", "title")
    if candidates is not None:
        sections = sections.filter(number__in=candidates)
    return _ranked(sections, section_vector(), query, "title", "search_text")


def summary_matches(query: SearchQuery):
    """Published summaries matching a tsquery, best first (index summary_search_gin)."""
    return _ranked(
        Summary.objects.published().select_related("topic"),
        summary_vector(),
        query,
        "headline",
        "body",
    )


def faq_matches(query: SearchQuery):
    """Published FAQs matching a tsquery, best first (index faq_search_gin)."""
    return _ranked(
        FAQ.objects.published().select_related("topic"), faq_vector(), query, "question", "answer"
    )


def _ranked_sections(terms: list[str], query: SearchQuery) -> list[CodeSection]:
    """The best sections, through the GIN indexes only.

    The candidate subqueries end in a LIMIT, and with a LIMIT the planner may bet that a
    sequential scan finds enough matches early. When the matches cluster in a few chapters
    (they do: a code keeps a subject together) that bet loses badly: 70 ms instead of 3 ms
    for "flood" at 100,000 sections. The indexes answer in bounded time, so sequential
    scans are ruled out for this one query (SET LOCAL ends with the transaction).
    """
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        return list(section_matches(query, section_candidates(terms))[: RESULT_LIMIT + 1])


def _full_text_search(terms: list[str]) -> tuple[list[SearchHit], bool]:
    sections = _ranked_sections(terms, tsquery_for(terms))
    # Summaries and FAQs are few: the last word may be the start of one, as while typing.
    query = tsquery_for(terms, prefix=True)
    summaries = summary_matches(query)[: RESULT_LIMIT + 1]
    faqs = faq_matches(query)[: RESULT_LIMIT + 1]
    groups = [
        [
            SearchHit(
                kind="section",
                key=f"section-{section.number}",
                url=section.get_absolute_url(),
                title=marked(section.title_marked),
                context=f"§ {section.number}",
                snippet=marked(section.snippet),
                score=section.rank,
            )
            for section in sections
        ],
        [
            SearchHit(
                kind="summary",
                key=f"summary-{summary.pk}",
                url=summary.get_absolute_url(),
                title=marked(summary.title_marked),
                context=summary.topic.title,
                snippet=marked(strip_tags(summary.snippet)),
                score=summary.rank,
            )
            for summary in summaries
        ],
        [
            SearchHit(
                kind="faq",
                key=f"faq-{faq.pk}",
                url=faq.get_absolute_url(),
                title=marked(faq.title_marked),
                context=faq.topic.title,
                snippet=marked(strip_tags(faq.snippet)),
                score=faq.rank,
            )
            for faq in faqs
        ],
    ]
    return _merged(groups)


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
