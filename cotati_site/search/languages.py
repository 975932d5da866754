"""The languages search understands, as data: what each database needs to search in it.

Search takes a language code and reads everything language-specific from its entry here:
PostgreSQL's text-search configuration (which stemmer), the stored vectors that were built
with it, and on SQLite the FTS5 table whose tokenizer was built for it. The vocabulary
(SearchPhrase) carries a language too, so its everyday words are data per language.

Adding Spanish is an entry and its indexes, not code in the backends:

    "es": SearchLanguage(
        code="es",
        postgres_config="spanish",        # PostgreSQL's Spanish stemmer
        postgres_vector="search_vector_es",  # summaries' and FAQs' Spanish text, stemmed so
        sqlite_table="search_es",
        sqlite_tokenizer="unicode61 remove_diacritics 2",  # FTS5 has no Spanish stemmer
        stop_words=...,                   # PostgreSQL's spanish.stop
    ),

        column_suffix="_es",              # headline_es, body_es, question_es, …

plus, on PostgreSQL, a migration that builds those vectors over the Spanish columns of
summaries and FAQs (as search/migrations/0002 builds the English ones; on SQLite the next
``migrate`` builds the index), and the Spanish rows of the vocabulary. Code sections are
the law, which stays in English: PostgreSQL searches them with the English configuration
whatever the language (``LAW``).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchLanguage:
    code: str
    # PostgreSQL: the text-search configuration for the query and the column holding the
    # summaries' and FAQs' vectors built with it (a trigger fills it, a GIN index serves it).
    postgres_config: str
    postgres_vector: str
    # SQLite: the FTS5 index of this language's text (sqlite_index.py builds it and
    # the triggers that keep it current), its tokenizer, and the words it leaves out of a
    # query, as PostgreSQL's configuration does (FTS5 has no stop words of its own).
    sqlite_table: str
    sqlite_tokenizer: str
    stop_words: frozenset[str] = frozenset()
    # The language's text of summaries and FAQs: headline{suffix}, body{suffix}, …
    column_suffix: str = ""


# PostgreSQL's English stop words (share/tsearch_data/english.stop), so both databases leave
# out the same words: "can I build a fence" searches for "build" and "fence".
_ENGLISH_STOP_TEXT = """i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will
    just don should now"""


ENGLISH = SearchLanguage(
    code="en",
    postgres_config="english",
    postgres_vector="search_vector",
    sqlite_table="search_en",
    sqlite_tokenizer="porter unicode61 remove_diacritics 2",
    stop_words=frozenset(_ENGLISH_STOP_TEXT.split()),
)

LANGUAGES = {language.code: language for language in (ENGLISH,)}
DEFAULT_LANGUAGE = ENGLISH.code
LAW = ENGLISH  # the language of the code's own text


def search_language(code: str | None) -> SearchLanguage:
    """The entry for a language code ("es", "es-mx", None): its own, else its base
    language's, else the default. A page in a language search does not know yet still
    searches, in the default language."""
    code = (code or DEFAULT_LANGUAGE).lower()
    return LANGUAGES.get(code) or LANGUAGES.get(code.split("-")[0]) or LANGUAGES[DEFAULT_LANGUAGE]
