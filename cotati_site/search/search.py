"""Search over the code's sections, our plain-language summaries and FAQs: one function.

The view hands over the raw query string (and the page's language) and gets back a
`SearchOutcome` (hits.py):

- A query that is a section number (`17.30.030`, `§ 17.30.030`, `17.30.030(B)`) names that
  section; a chapter or title number (`17.30`, `§ 17`) lists the sections under it.
- A query that looks like a street address or a parcel number (APN) gets the "find your
  zone" help instead of a search (query.place_kind).
- Otherwise the words are searched by the database's backend (backends/): PostgreSQL's
  full-text search, or SQLite's FTS5 on the embedded default, with the same rules for
  what matches and the same weights.
- Everyday words from the staff-editable vocabulary ("granny unit", "fence", "salon"; in
  Spanish "cerca", "cobertizo", "casita") lead with their topic; words for a subject the
  site does not cover yet ("pool", "deck") say so, with who to ask, and are not searched;
  words asking how to reach the City ("phone", "ayuda en español") show its contact details
  first (vocabulary.py).
- Words of the site's other language typed on a page in one ("ayuda en español" on an
  English page) are offered that language's search as well (``other_language``).
- When nothing matches, "Did you mean …" (suggestions.py), in English: its word list is
  the English text's, and would "correct" Spanish words into English ones.

Sections are searched in the text of their version in force: ``CodeSection.search_text``
(and the indexes triggers derive from it) is the index's copy of that text, rewritten by
``codebook_services`` whenever a version is saved, promoted or adopted. A version adopted
for a later date takes effect with no write at all, so on the first search of each day
(per process, ``ensure_index_current``) and daily from cron (``manage.py
refresh_search_index``) the sections whose version in force changed are re-indexed.

Only published summaries and FAQs are searched. Every snippet and title is escaped; the only
markup in them is the `<mark>` we add around matched words.
"""

import threading
from datetime import date

from django.core.cache import cache

from cotati_site.codebook.models import CodeSection
from cotati_site.codebook.services import INDEX_CHECKED_KEY, reindex_sections
from cotati_site.core.as_of import default_as_of
from cotati_site.search.backends import word_search
from cotati_site.search.hits import RESULT_LIMIT, SearchOutcome, listed
from cotati_site.search.languages import DEFAULT_LANGUAGE, LANGUAGES, search_language
from cotati_site.search.query import (
    clean_query,
    normalised,
    place_kind,
    query_terms,
    section_number_in,
)
from cotati_site.search.suggestions import suggested_query
from cotati_site.search.vocabulary import (
    asks_for_contacts,
    leading_topics,
    not_covered_subjects,
    phrases_in,
    uncovered_words,
)

CHAPTER_LIMIT = 200

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
    # One thread checks; the others search the index as it stands rather than wait for it.
    # Waiting here held threads outside the database's bulkhead: with the database hung,
    # every search queued on this lock behind the one waiting for its query, until the
    # worker had no thread left for cached pages and /healthz (tests/faults).
    if not _index_lock.acquire(blocking=False):
        return
    try:
        checked = _index_checked_on[0]
        if checked != on:
            if checked is None:
                try:
                    checked = cache.get(INDEX_CHECKED_KEY)
                except Exception:  # the shared cache is down: check everything
                    checked = None
            reindex_sections(on=on, since=checked)
            _index_checked_on[0] = on
    finally:
        _index_lock.release()


def forget_index_check() -> None:
    """Make the next search check the whole index again (tests)."""
    _index_checked_on[0] = None
    cache.delete(INDEX_CHECKED_KEY)


def search(raw: str | None, language: str = DEFAULT_LANGUAGE) -> SearchOutcome:
    """Answer a query typed in the search box of a page in ``language``."""
    query, truncated = clean_query(raw)
    if not query:
        return SearchOutcome(query="", truncated=truncated)
    ensure_index_current()
    number = section_number_in(query)
    if number:
        section = CodeSection.objects.filter(number=number).first()
        if section is not None:
            return SearchOutcome(
                query=query, truncated=truncated, section=section, hits=[listed(section)]
            )
        found = list(
            CodeSection.objects.filter(number__startswith=f"{number}.")
            .only("number", "title", "search_text")
            .order_by("sort_key")[: CHAPTER_LIMIT + 1]
        )
        if found:
            return SearchOutcome(
                query=query,
                truncated=truncated,
                chapter=number,
                hits=[listed(section) for section in found[:CHAPTER_LIMIT]],
                more=len(found) > CHAPTER_LIMIT,
            )
    place = place_kind(query)
    if place:
        return SearchOutcome(query=query, truncated=truncated, place=place)
    # The vocabulary is data per language (a Spanish word leads to its topic as soon as it
    # is entered), and so is the index (languages.py).
    searched = search_language(language)
    phrases = phrases_in(query, searched.code)
    topics, not_covered = leading_topics(phrases), not_covered_subjects(phrases)
    contacts = asks_for_contacts(phrases)
    uncovered = uncovered_words(phrases)
    terms = [term for term in query_terms(query) if normalised(term).strip() not in uncovered]
    hits, more = word_search(terms, searched) if terms else ([], False)
    if topics:
        led = {hit.url for hit in topics}
        hits = topics + [hit for hit in hits if hit.url not in led]
        more = more or len(hits) > RESULT_LIMIT
        hits = hits[:RESULT_LIMIT]
    other_language = ""
    if not phrases:
        # Words of another of the site's languages: that language's search is offered, and
        # the City's contacts shown when they ask for them ("ayuda en español").
        for code in LANGUAGES:
            elsewhere = phrases_in(query, code) if code != searched.code else []
            if elsewhere:
                other_language = code
                contacts = contacts or asks_for_contacts(elsewhere)
                break
    suggestion = ""
    if (
        not (hits or not_covered or contacts or other_language)
        and searched.code == DEFAULT_LANGUAGE
    ):
        suggestion = suggested_query(query)
    return SearchOutcome(
        query=query,
        truncated=truncated,
        hits=hits,
        more=more,
        not_covered=not_covered,
        contacts=contacts,
        other_language=other_language,
        suggestion=suggestion,
    )
