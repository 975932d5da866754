""" "Did you mean …": when nothing matches, each word the site does not use is replaced by
the nearest word it does (SearchWord, rebuilt from the content by refresh_words).

Candidates come from trigram similarity (pg_trgm) on PostgreSQL and from difflib over the
word list on SQLite; either way the nearest by edit distance wins.
"""

import difflib
import re
from collections import Counter

from django.db import connection
from django.utils.html import strip_tags

from cotati_site.codebook.models import CodeSection
from cotati_site.core import cache as page_cache
from cotati_site.guidance.models import FAQ, Summary, Topic
from cotati_site.search.models import SearchPhrase, SearchWord

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


def distance(a: str, b: str) -> int:
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
def _word_list() -> dict[str, int]:
    """Every indexed word and its uses, read once per content generation (SQLite)."""
    return dict(SearchWord.objects.values_list("word", "uses"))


def forget_words() -> None:
    """Forget this process's copy of the word list (tests)."""
    _word_list.forget()


def _candidates(term: str) -> list[tuple[str, int]]:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT word, uses FROM cotati_site_searchword WHERE word %% %s "
                "ORDER BY similarity(word, %s) DESC, uses DESC LIMIT %s",
                [term, term, SUGGESTION_CANDIDATES],
            )
            return cursor.fetchall()
    words = _word_list()
    close = difflib.get_close_matches(term, words, n=SUGGESTION_CANDIDATES, cutoff=0.7)
    return [(word, words[word]) for word in close]


def nearest_word(term: str) -> str:
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
        (distance(term, word), word[0] != term[0], -uses, word)
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
