"""The words every rule family shares (``words.toml``, English; ``words.es.toml`` beside it,
Spanish, by the same keys), read once when the site loads. Each family's own words are its
folder's words files, read by ``law.engine.words.words()`` for a language.

Each table below answers in the language of the request (``language()``: Django's active
language, /es/ pages Spanish): ``STATUS["pass"]`` is English on an English page and Spanish
on a Spanish one. A key the translation lacks is the English one (a test fails on it first:
tests/check_my_lot/test_spanish_words.py). Two tables stay English by design: ``citation``
(the codes' names as published: citations are not translated) and ``plan_area_setback``
(codes, not words).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from law.engine.words import ENGLISH, Words, words
from rules.language import CATALOG, PINNED, catalog_of, page_language

_FOLDER = Path(__file__).resolve().parent


def _read(path: Path) -> dict:
    with path.open("rb") as file:
        return tomllib.load(file)


def _merged(english: dict, translated: dict) -> dict:
    """``translated`` over ``english``, table by table and key by key (a nested table such
    as ``condition.stories`` merged the same way)."""
    merged = dict(english)
    for key, value in translated.items():
        if isinstance(value, dict) and isinstance(english.get(key), dict):
            merged[key] = _merged(english[key], value)
        else:
            merged[key] = value
    return merged


def _with_int_keys(tables: dict) -> dict:
    """The tables as the code reads them: ``number_words`` keyed by the number."""
    return {**tables, "number_words": {int(n): w for n, w in tables["number_words"].items()}}


_ENGLISH_TABLES = _read(_FOLDER / "words.toml")
# Every language with a words file here: "en", and "es" from words.es.toml.
_TABLES: dict[str, dict] = {ENGLISH: _with_int_keys(_ENGLISH_TABLES)}
for _path in sorted(_FOLDER.glob("words.*.toml")):
    _TABLES[_path.name.split(".")[1]] = _with_int_keys(_merged(_ENGLISH_TABLES, _read(_path)))
LANGUAGES = tuple(_TABLES)


def language() -> str:
    """The language the words are given in: the page's ("es" under /es/; pinned for a render
    by ``one_language``, rules/language.py), else English."""
    code = page_language()
    return code if code in _TABLES else ENGLISH


@contextmanager
def one_language():
    """Inside it, ``language()`` is the one it was on entering, asked of Django once: a page
    of the checker looks up some seventy words, and each asked for the active language
    (a thread-local look-up) on its own; the templates' sentences are translated with that
    language's catalog, pinned with it. Nothing inside may switch the language."""
    code = language()
    token, catalog = PINNED.set(code), CATALOG.set(catalog_of(code))
    try:
        yield
    finally:
        CATALOG.reset(catalog)
        PINNED.reset(token)


def family_words() -> Words:
    """Every family's words (rule labels, notes, cases...) in the request's language."""
    return words(language())


class Table(Mapping):
    """One table of words.toml, in the request's language when it is read."""

    def __init__(self, name: str):
        self.name = name

    def _table(self) -> dict:
        return _TABLES[language()][self.name]

    def __getitem__(self, key):
        return self._table()[key]

    def __iter__(self) -> Iterator:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return f"Table({self.name!r})"


STATUS = Table("status")
UNIT = Table("unit")
UNIT_SINGULAR = Table("unit_singular")
ANSWER_UNIT_SINGULAR = Table("answer_unit_singular")
APPROVAL = Table("approval")
APPROVAL_WHERE = Table("approval_where")
COMPARISON = Table("comparison")
BOUND = Table("bound")
CITATION = Table("citation")
STATE_CODES = frozenset(
    prefix for prefix, code in _ENGLISH_TABLES["citation"].items() if code["state"]
)
CONDITION = Table("condition")
NUMBER_WORDS = Table("number_words")
FIX = Table("fix")
FIX_VARIANCE = Table("fix_variance")
VOUCHED = Table("vouched")
PLAN_AREA = Table("plan_area")
PLAN_AREA_SETBACK = Table("plan_area_setback")
NOTE_SHORT = Table("note_short")
STANDARD_ONLY_LABELS = Table("standard_only_labels")
FIGURE_ABOVE = Table("figure_above")
FIGURE_QUALIFIERS = Table("figure_qualifiers")
NOTE_SUFFIX = Table("note_suffix")
STRUCTURE_NOUNS = Table("structure_nouns")
SHARE_WHOLE = Table("share_whole")
SOMETHING_ELSE = Table("something_else")
ALTERNATIVE_REASON = Table("alternative_reason")
