"""How this site reads each rule (a record's ``reading``), in the page's language.

A reading is our own summary of a rule, not the law's text, so a Spanish reader gets it in
Spanish. Its translation is kept beside the records it explains: ``readings.es.toml`` in the
records' folder (each family's, and ``law/data`` for the shared tables), one ``[[reading]]``
per text, the English it was written from (``en``) beside the Spanish (``es``).

The English is the key. A reading whose English is reworded finds no entry and is shown in
English, marked ``lang="en"``, until someone reads the new English and writes its Spanish:
a translation never outlives the sentence it translates, and the old English kept in the
file is what that person compares (docs/decisions/languages.md). Tests fail on a reading
without its Spanish, on an entry whose English no record holds any longer, and on a figure
the Spanish does not state as the English does (tests/check_my_lot/test_spanish_readings.py).

In the Spanish, a passage in curly quotes (“…”) is the code's own English, quoted word for
word (a test holds it to the English reading), and is marked ``lang="en"`` as every other
word of the law on a Spanish page is.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cotati_site.core.templatetags.languages import english
from law.engine.caches import process_cache
from law.engine.loader import DATA_DIR
from law.engine.registry import family_folder, registry
from rules.wording.words import language

ENGLISH = "en"
# The code's own words quoted inside a translated reading.
QUOTED = re.compile(r"“([^”]+)”")


class ReadingsError(ValueError):
    """A readings file is wrong; the message names the file and the entry."""


def normalized(text: str) -> str:
    """A reading as compared: its words and punctuation, whatever the spacing (the loader
    strips a record's reading; a TOML file may wrap it over lines)."""
    return " ".join(text.split())


def reading_folders() -> tuple[Path, ...]:
    """The folders whose records carry readings: the shared tables, then each family's."""
    return (DATA_DIR, *(family_folder(f.name) for f in registry().families))


def reading_files(language_code: str) -> tuple[Path, ...]:
    """The readings files of ``language_code`` that exist, in folder order."""
    name = f"readings.{language_code}.toml"
    return tuple(folder / name for folder in reading_folders() if (folder / name).is_file())


def read_readings(path: Path, language_code: str) -> list[tuple[str, str]]:
    """One file's (English, translation) pairs, checked: only ``[[reading]]`` tables, each
    with its two texts and nothing else."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ReadingsError(f"{path}: not valid TOML: {exc}") from None
    unknown = set(data) - {"reading"}
    if unknown:
        raise ReadingsError(f"{path}: unknown table(s) {sorted(unknown)}; only [[reading]]")
    pairs = []
    for number, entry in enumerate(data.get("reading", []), start=1):
        keys = {ENGLISH, language_code}
        texts = [entry.get(key) for key in (ENGLISH, language_code)]
        if set(entry) != keys or not all(isinstance(t, str) and t.strip() for t in texts):
            raise ReadingsError(
                f"{path}: [[reading]] {number} needs exactly {ENGLISH!r} and "
                f"{language_code!r}, each a sentence"
            )
        pairs.append((normalized(texts[0]), normalized(texts[1])))
    return pairs


@process_cache
def translations(language_code: str) -> dict[str, str]:
    """Every reading's translation into ``language_code``, by its English (normalized). The
    same English translated twice must read the same, whichever folders hold it."""
    found: dict[str, str] = {}
    where: dict[str, Path] = {}
    for path in reading_files(language_code):
        for english_text, translated in read_readings(path, language_code):
            if english_text in found and found[english_text] != translated:
                raise ReadingsError(
                    f"{path}: a reading is translated otherwise in {where[english_text]}: "
                    f"{english_text[:60]!r}…"
                )
            found[english_text] = translated
            where[english_text] = path
    return found


def translated_reading(reading: str | None, language_code: str | None = None) -> str | None:
    """``reading`` in ``language_code`` (by default the page's), or None: on an English
    page, and for a reading whose English no translation was written from."""
    code = language_code or language()
    if not reading or code == ENGLISH:
        return None
    return translations(code).get(normalized(reading))


def reading_text(reading) -> SafeString:
    """A record's reading as a page shows it: the translation in the page's language, the
    code's words quoted in it marked English; else the English, marked ``lang="en"`` on a
    page in another language (``|english``), as it is on an English page, unchanged."""
    if not reading:
        return mark_safe("")
    translated = translated_reading(reading)
    if translated is None:
        return english(reading)
    # QUOTED.split gives the text between quotes at even places, each quotation at odd ones.
    pieces = QUOTED.split(translated)
    return mark_safe(
        "".join(
            format_html('“<span lang="en">{}</span>”', piece)
            if i % 2
            else conditional_escape(piece)
            for i, piece in enumerate(pieces)
        )
    )


def readings_in_english(findings) -> bool:
    """Whether any of ``findings`` shows its reading in English on this page in another
    language (its translation not written, or written from an English since reworded): the
    page then says, once, that some readings are in English for now."""
    if language() == ENGLISH:
        return False
    return any(f.reading and translated_reading(f.reading) is None for f in findings)
