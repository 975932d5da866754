"""The languages search understands, as data: what each database needs to search in it.

Search takes a language code and reads everything language-specific from its entry here:
PostgreSQL's text-search configuration (which stemmer), the stored vectors that were built
with it, and on SQLite the FTS5 table whose tokenizer was built for it. The vocabulary
(SearchPhrase) carries a language too, so its everyday words are data per language.

Each language searches the text its pages show (``shown_text.py``): a topic, summary or FAQ
in that language when its translation is current, else in English, as the page does. Code
sections are the law, which stays in English: PostgreSQL searches them with the English
configuration whatever the language (``LAW``); the SQLite index of each language holds
them too, with that language's tokenizer.

- **Spanish on PostgreSQL**: ``cotati_es``, a copy of PostgreSQL's ``spanish`` configuration
  (Snowball stemmer: "cercas" finds "cerca", "inundación" finds "inundable") that also drops
  accents first (``unaccent``) when the server has that extension; search migration 0002
  makes it and says which it made (docs/decisions/search.md).
- **Spanish on SQLite**: FTS5 has no Spanish stemmer; ``unicode61 remove_diacritics 2``
  ignores accents ("peluqueria" finds "peluquería"), and the backend reads each Spanish
  word of four letters or more as the start of a word, so a plural finds its singular's
  text and the singular its plural ("cercas" → "cerca*" finds "cerca", "cercas").
"""

import unicodedata
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
    # The language's columns of translated text: headline{suffix}, body{suffix}, …
    column_suffix: str = ""
    # SQLite: words from this length on also match the words they start (a language whose
    # tokenizer has no stemmer: plurals and singulars find each other). 0: the last word only.
    sqlite_prefix_words: int = 0


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


# PostgreSQL's Spanish stop words (share/tsearch_data/spanish.stop), as typed and without
# their accents (FTS5 drops accents before it compares).
_SPANISH_STOP_TEXT = """de la que el en y a los del se las por un para con no una su al lo como más
    pero sus le ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde
    quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mí
    antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada muchos cual
    poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas nosotras os mío
    mía míos mías tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras
    esos esas estoy estás está estamos están esté estés estén estaba estaban estado he has ha
    hemos han haya hayan había habían soy eres es somos son sea sean era eran fui fue fueron
    tengo tienes tiene tenemos tienen tenga tengan"""


def _without_accents(words: set[str]) -> set[str]:
    return {
        "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
        for word in words
    }


ENGLISH = SearchLanguage(
    code="en",
    postgres_config="english",
    postgres_vector="search_vector",
    sqlite_table="search_en",
    sqlite_tokenizer="porter unicode61 remove_diacritics 2",
    stop_words=frozenset(_ENGLISH_STOP_TEXT.split()),
    column_suffix="_en",
)

_spanish_stop = set(_SPANISH_STOP_TEXT.split())
SPANISH = SearchLanguage(
    code="es",
    postgres_config="cotati_es",
    postgres_vector="search_vector_es",
    sqlite_table="search_es",
    sqlite_tokenizer="unicode61 remove_diacritics 2",
    stop_words=frozenset(_spanish_stop | _without_accents(_spanish_stop)),
    column_suffix="_es",
    sqlite_prefix_words=4,
)

LANGUAGES = {language.code: language for language in (ENGLISH, SPANISH)}
DEFAULT_LANGUAGE = ENGLISH.code
LAW = ENGLISH  # the language of the code's own text


def search_language(code: str | None) -> SearchLanguage:
    """The entry for a language code ("es", "es-mx", None): its own, else its base
    language's, else the default. A page in a language search does not know yet still
    searches, in the default language."""
    code = (code or DEFAULT_LANGUAGE).lower()
    return LANGUAGES.get(code) or LANGUAGES.get(code.split("-")[0]) or LANGUAGES[DEFAULT_LANGUAGE]
