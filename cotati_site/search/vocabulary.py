"""Everyday words (the staff-edited SearchPhrase vocabulary, per language): the topic a
query names, to lead with, and the subjects the site does not cover yet, to say so.

"granny unit" leads with the ADU topic, "fence height" with Fences and walls, "salon" with
running a business from home; "pool" says that swimming pools are not covered yet, and its
words are not searched as well ("Car pool and compact stalls" is no answer about pools);
"phone" or "ayuda en español" shows the City's contact details first. A topic led to is
named as its page in the search's language names it (core.translated).
"""

from typing import NamedTuple

from django.urls import reverse
from django.utils.html import escape

from cotati_site.core import cache as page_cache
from cotati_site.core.translated import shown
from cotati_site.search.hits import SearchHit
from cotati_site.search.languages import DEFAULT_LANGUAGE
from cotati_site.search.models import SearchPhrase
from cotati_site.search.query import normalised, shorten


class Phrase(NamedTuple):
    forms: tuple[str, ...]  # normalised, singular and plural: " granny unit ", " granny units "
    slug: str  # the topic it leads to, or ""
    title: str  # the topic's, as its page in the vocabulary's language shows it
    intro: str
    not_covered: str  # with no topic: the subject the site does not cover yet
    contacts: bool = False  # the words ask how to reach the City
    topic_language: str = "en"  # the language of title and intro


def _forms(phrase: str) -> tuple[str, ...]:
    """ " granny unit " and its plural " granny units " (and " hens " for " hen ")."""
    base = normalised(phrase)
    if base.endswith("s "):
        return (base,)
    return (base, base.rstrip() + "s ")


@page_cache.per_generation
def vocabulary(language: str = DEFAULT_LANGUAGE) -> tuple[Phrase, ...]:
    """The language's phrases, longest first; read once per content generation (the admin
    bumps it)."""
    rows = SearchPhrase.objects.filter(language=language).select_related("topic")
    phrases = []
    for row in rows:
        topic = shown(row.topic, language) if row.topic else None
        phrases.append(
            Phrase(
                forms=_forms(row.phrase),
                slug=row.topic.slug if row.topic else "",
                title=topic.title if topic else "",
                intro=topic.intro if topic else "",
                not_covered=row.not_covered,
                contacts=row.shows_contacts,
                topic_language=topic.language if topic else language,
            )
        )
    return tuple(sorted(phrases, key=lambda phrase: -len(phrase.forms[0])))


Matched = list[tuple[str, Phrase]]  # (the form found in the query, its phrase)


def phrases_in(query: str, language: str = DEFAULT_LANGUAGE) -> Matched:
    """The phrases of the language the query holds as whole words. A phrase inside a
    longer matched one does not count on its own: "pool house" is a shed, not a pool."""
    text = normalised(query)
    matched: Matched = []
    for phrase in vocabulary(language):
        form = next((f for f in phrase.forms if f in text), None)
        if form is not None and not any(form in longer for longer, _phrase in matched):
            matched.append((form, phrase))
    # In the order the query names them: "fence setback" leads with fences.
    return sorted(matched, key=lambda match: text.index(match[0]))


def leading_topics(matched: Matched) -> list[SearchHit]:
    """The topics the phrases lead to, as hits to show first, each once."""
    topics: list[SearchHit] = []
    for _form, phrase in matched:
        url = reverse("topic_detail", args=[phrase.slug]) if phrase.slug else ""
        if url and all(hit.url != url for hit in topics):
            topics.append(
                SearchHit(
                    kind="topic",
                    key=f"topic-{phrase.slug}",
                    url=url,
                    title=escape(phrase.title),
                    context=phrase.title,
                    snippet=escape(shorten(phrase.intro)),
                    score=float("inf"),
                    language=phrase.topic_language,
                    context_language=phrase.topic_language,
                )
            )
    return topics


def not_covered_subjects(matched: Matched) -> tuple[str, ...]:
    """The subjects the phrases name that the site does not cover yet, each once."""
    subjects = (phrase.not_covered for _form, phrase in matched if phrase.not_covered)
    return tuple(dict.fromkeys(subjects))


def asks_for_contacts(matched: Matched) -> bool:
    """Whether the phrases ask how to reach the City ("phone", "ayuda en español")."""
    return any(phrase.contacts for _form, phrase in matched)


def uncovered_words(matched: Matched) -> set[str]:
    """The words of the phrases that lead to no topic (a subject not covered yet, the City's
    contacts): left out of the word search, whose matches for them are incidental ("car
    pool" for "pool"; "phone" in the code's text is no way to reach the City)."""
    return {word for form, phrase in matched if not phrase.slug for word in form.split()}


def vocabulary_matches(
    query: str, language: str = DEFAULT_LANGUAGE
) -> tuple[list[SearchHit], tuple[str, ...]]:
    """The topics the query names by an everyday word (as hits to show first) and the
    subjects it names that the site does not cover yet."""
    matched = phrases_in(query, language)
    return leading_topics(matched), not_covered_subjects(matched)


def forget_vocabulary() -> None:
    """Forget this process's copy of the vocabulary (tests)."""
    vocabulary.forget()
