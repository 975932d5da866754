"""The families' words: what the engine's codes are called in a language, read from data files.

Each family folder holds ``words.toml`` (English) and may hold ``words.<language>.toml``
(``words.es.toml``: the same keys, in Spanish); the words shared by every family (the lot, the
main building and its project, the notes any family may add) are ``law/data/words.toml``.
A file holds tables of words by code:

- ``[rules]``: a rule id's label ("Fence, wall or hedge height");
- ``[notes]``: a note code's sentence;
- ``[cases]``: a case of the records in a table cell; ``[case_words]``: a case beside its
  rule's label ("a junior ADU");
- ``[record_labels]``: a record named for what its figure allows;
- ``[topics]``: a results group's heading; ``[features]``: a topic page's feature, as staff
  pick it in the admin;
- ``[projects.<key>]``: a project's ``label`` (what a person picks) and ``noun`` (in a
  sentence: "your fence");
- ``[fixes."<rule>"]``: what would pass a failed rule, ``up`` (raise it, move it back) and
  ``down`` (lower it), with ``{by}`` and ``{to}`` for the amounts.

The questions' own words (an input's label and help, a choice's words, a part's legend) are
declared in English with the inputs (``declarations.Input``, ``Part``); another language
gives them in its words file, by the same names: ``[inputs.<name>]`` (``label``, ``help``),
``[choices.<name>]`` (a choice's words by its code), ``[parts]`` (a part's legend by key)
and ``[units]`` (an input's unit, "feet", and a choice's figure's, "ft", by the English word).

``words(language)`` merges them; a code worded by two files is refused, naming both. A word
missing in another language is the English one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from law.engine.caches import process_cache
from law.engine.registry import family_folder, registry

ENGLISH = "en"
SHARED_WORDS = Path(__file__).resolve().parent.parent / "data" / "words.toml"
TABLES = (
    "rules",
    "notes",
    "cases",
    "case_words",
    "record_labels",
    "topics",
    "features",
    "projects",
    "fixes",
    # Another language's words for the English the declarations hold (see above).
    "inputs",
    "choices",
    "parts",
    "units",
)
NESTED = ("projects", "fixes", "inputs", "choices")


class WordsError(ValueError):
    """A words file is wrong; the message names the file, the table and the code."""


@dataclass(frozen=True)
class Words:
    """Every family's words in one language, by table (see the module docstring)."""

    language: str
    rules: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    cases: dict[str, str] = field(default_factory=dict)
    case_words: dict[str, str] = field(default_factory=dict)
    record_labels: dict[str, str] = field(default_factory=dict)
    topics: dict[str, str] = field(default_factory=dict)
    features: dict[str, str] = field(default_factory=dict)
    projects: dict[str, dict[str, str]] = field(default_factory=dict)
    fixes: dict[str, dict[str, str]] = field(default_factory=dict)
    inputs: dict[str, dict[str, str]] = field(default_factory=dict)
    choices: dict[str, dict[str, str]] = field(default_factory=dict)
    parts: dict[str, str] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)

    def project_label(self, key: str) -> str:
        return self.projects.get(key, {}).get("label", key)

    def project_noun(self, key: str) -> str:
        return self.projects.get(key, {}).get("noun", key)


def words_files(language: str = ENGLISH) -> tuple[Path, ...]:
    """The words files of ``language``: the shared one, then each family's, in family order."""
    name = "words.toml" if language == ENGLISH else f"words.{language}.toml"
    folders = [SHARED_WORDS.parent, *(family_folder(f.name) for f in registry().families)]
    return tuple(folder / name for folder in folders if (folder / name).is_file())


@process_cache
def words(language: str = ENGLISH) -> Words:
    """Every family's words in ``language`` (English where a word is not translated)."""
    merged: dict[str, dict] = {table: {} for table in TABLES}
    source: dict[tuple[str, str], Path] = {}
    for path in words_files(language):
        for table, entries in read_words(path).items():
            for code, text in entries.items():
                if (table, code) in source:
                    raise WordsError(
                        f"{path}: [{table}] {code!r} is worded in {source[table, code]} too"
                    )
                source[table, code] = path
                merged[table][code] = text
    if language != ENGLISH:
        english = words(ENGLISH)
        for table in TABLES:
            merged[table] = {**getattr(english, table), **merged[table]}
    return Words(language=language, **merged)


def read_words(path: Path) -> dict[str, dict]:
    """One words file's tables, checked: known tables, a sentence or a table of sentences."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise WordsError(f"{path}: not valid TOML: {exc}") from None
    for table, entries in data.items():
        if table not in TABLES:
            raise WordsError(f"{path}: unknown table [{table}]")
        nested = table in NESTED
        for code, text in entries.items():
            texts = text.values() if nested and isinstance(text, dict) else [text]
            if (nested and not isinstance(text, dict)) or not all(
                isinstance(t, str) and t.strip() for t in texts
            ):
                raise WordsError(f"{path}: [{table}] {code!r} needs words")
    return data
