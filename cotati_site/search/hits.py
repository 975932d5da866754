"""What search answers: its hits and outcome, and the safe marking of matched words."""

import re
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from cotati_site.codebook.models import CodeSection
from cotati_site.search.query import shorten

RESULT_LIMIT = 20

# Both backends mark matches with these private-use characters (which clean_query removes
# from what is typed); everything else is escaped and only then are they turned into
# <mark> tags, so no markup from the content can get through.
START, STOP = "\ue000", "\ue001"
_HIGHLIGHT_RE = re.compile(f"{START}(.*?){STOP}", re.DOTALL)


@dataclass(frozen=True)
class SearchHit:
    """One result: what it is, where it leads, and the matched words marked."""

    kind: str  # "topic", "section", "summary" or "faq"
    key: str  # "section-17.30.030", "summary-4", "faq-2": stable, for anchors and tests
    url: str
    title: SafeString
    context: str  # "§ 17.30.030", or the title of the topic it is (or belongs to)
    snippet: SafeString
    score: float
    # The language the title and snippet are in (a summary's or FAQ's translation, or its
    # English: core.translated), and the context's (a topic's title; a section's number).
    language: str = "en"
    context_language: str = "en"


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
    contacts: bool = False  # the query asks how to reach the City: its contacts come first
    other_language: str = ""  # the query is in this other language of the site: offer it
    suggestion: str = ""  # nothing matched: the query with its typos corrected


def marked(text: str | None) -> SafeString:
    """Escape a highlighted text, then turn its match markers into <mark> tags."""
    pieces = _HIGHLIGHT_RE.split(text or "")
    html = []
    for index, piece in enumerate(pieces):
        piece = escape(piece.replace(START, "").replace(STOP, ""))
        html.append(f"<mark>{piece}</mark>" if index % 2 else piece)
    return mark_safe("".join(html))  # noqa: S308 - every piece is escaped above


def listed(section: CodeSection) -> SearchHit:
    """A section named by its number: no words to mark, the start of its text as snippet."""
    return SearchHit(
        kind="section",
        key=f"section-{section.number}",
        url=section.get_absolute_url(),
        title=escape(section.title),
        context=f"§ {section.number}",
        snippet=escape(shorten(section.search_text)),
        score=0.0,
    )


# The kind of a row in a backend's results, as both backends' SQL number it.
ROW_KINDS = {0: "section", 1: "summary", 2: "faq"}


def from_rows(rows) -> list[SearchHit]:
    """Hits from a backend's rows of (kind, key, score, topic slug, topic, topic's language,
    title, snippet, language), with each topic's address looked up once."""
    topic_urls: dict[str, str] = {}
    hits = []
    for kind, key, score, slug, topic, topic_language, title, snippet, language in rows:
        name = ROW_KINDS[kind]
        if name == "section":
            hits.append(
                SearchHit(
                    kind=name,
                    key=f"section-{key}",
                    url=reverse("section_detail", args=[key]),
                    title=marked(title),
                    context=f"§ {key}",
                    snippet=marked(snippet),
                    score=score,
                )
            )
            continue
        if slug not in topic_urls:
            topic_urls[slug] = reverse("topic_detail", args=[slug])
        hits.append(
            SearchHit(
                kind=name,
                key=f"{name}-{key}",
                url=f"{topic_urls[slug]}#{name}-{key}",
                title=marked(title),
                context=topic,
                snippet=marked(strip_tags(snippet)),
                score=score,
                language=language,
                context_language=topic_language,
            )
        )
    return hits
