"""Check my lot's words have their Spanish, key for key (issue 23).

The English words files are the single source of keys: every key of a ``words.toml`` has its
Spanish in the ``words.es.toml`` beside it, and no Spanish key lacks its English (a key
renamed or dropped in English leaves no orphan behind). The questions the declarations hold
in English (an input's label and help, a choice, a part's legend, a unit) have their Spanish
in the words file of the folder that declares them. Every message the checker's templates,
form and wording modules ask the catalog for has a Spanish entry. A ``{placeholder}`` or
``%(placeholder)s`` of the English is kept in its Spanish.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from django.conf import settings

from law.engine import load_standards
from law.engine.registry import family_folder, registry
from law.engine.words import SHARED_WORDS, words
from law.families.fences.check import location_condition
from rules.fields import ENGLISH_CHOICES
from rules.management.commands.makemessages import jinja_catalog

BASE = Path(settings.BASE_DIR)
PO = BASE / "locale" / "es" / "LC_MESSAGES" / "django.po"
WORDING = BASE / "rules" / "wording"
# Tables of rules/wording/words.toml that stay English by design: the codes' names as
# published (citations are not translated) and codes that are not words.
ENGLISH_ONLY_TABLES = {"citation", "plan_area_setback"}
# Choices that stay English: the districts' codes and names, as the code publishes them.
ENGLISH_ONLY_CHOICES = ENGLISH_CHOICES
# Tables of a family's Spanish words for the English its declarations hold.
DECLARED = {"inputs", "choices", "parts", "units"}
BRACES = re.compile(r"{(\w*)}")
PERCENT = re.compile(r"%\((\w+)\)s")


def read(path: Path) -> dict:
    return tomllib.loads(path.read_text()) if path.is_file() else {}


def leaves(table: dict, prefix: tuple = ()) -> dict[tuple, object]:
    """Every word of a (nested) table by its key path: ('fix', 'amount', 'up') → '…'."""
    found = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found |= leaves(value, (*prefix, str(key)))
        else:
            found[(*prefix, str(key))] = value
    return found


def missing_and_orphans(english: dict, spanish: dict, skip=frozenset()) -> tuple[list, list]:
    """The key paths English has and Spanish lacks, and those Spanish has and English lacks."""
    en = {k: v for k, v in leaves(english).items() if k[0] not in skip}
    es = leaves(spanish)
    return sorted(set(en) - set(es)), sorted(set(es) - set(en))


def placeholders(text) -> set[str]:
    texts = text if isinstance(text, list) else [text]
    return {p for t in texts if isinstance(t, str) for p in BRACES.findall(t) + PERCENT.findall(t)}


# A condition's phrase is given both its figure with its unit and the number in words
# (rules/wording/records.py condition_words): Spanish says "de 1 piso" where English says
# "one-story", so either may be used.
SUPPLIED = {"condition": {"amount", "count"}}


def changed_placeholders(english: dict, spanish: dict) -> list:
    es = leaves(spanish)
    changed = []
    for key, text in leaves(english).items():
        if key not in es:
            continue
        if key[0] in SUPPLIED:
            if not placeholders(es[key]) <= SUPPLIED[key[0]]:
                changed.append(key)
        elif placeholders(text) != placeholders(es[key]):
            changed.append(key)
    return sorted(changed)


def word_folders() -> list[Path]:
    return [SHARED_WORDS.parent, *(family_folder(f.name) for f in registry().families)]


# The shared words of the checker (rules/wording/words.toml) ---------------------------------


def test_every_shared_word_has_its_spanish_and_no_spanish_word_lacks_its_english():
    english, spanish = read(WORDING / "words.toml"), read(WORDING / "words.es.toml")
    assert missing_and_orphans(english, spanish, ENGLISH_ONLY_TABLES) == ([], [])


def test_the_shared_words_keep_their_placeholders_and_icons():
    english, spanish = read(WORDING / "words.toml"), read(WORDING / "words.es.toml")
    assert changed_placeholders(english, spanish) == []
    # A status keeps its icon: the same sign in both languages.
    assert {k: v[0] for k, v in spanish["status"].items()} == {
        k: v[0] for k, v in english["status"].items() if k in spanish["status"]
    }


# Each family's words (law/families/<name>/words.toml, law/data/words.toml) ----------------


@pytest.mark.parametrize("folder", word_folders(), ids=lambda folder: folder.name)
def test_every_family_word_has_its_spanish_and_no_spanish_word_lacks_its_english(folder):
    english, spanish = read(folder / "words.toml"), read(folder / "words.es.toml")
    assert english, f"{folder} has no words.toml"
    worded = {k: v for k, v in spanish.items() if k not in DECLARED}
    assert missing_and_orphans(english, worded) == ([], [])
    assert changed_placeholders(english, worded) == []


def _declaring_folder() -> dict[str, Path]:
    """The folder whose words file words each part: its family's, or law/data for the lot's
    and the main building's (declared by the engine itself)."""
    folders = {}
    for family in registry().families:
        if family.part is not None:
            folders[family.part.key] = family_folder(family.name)
    return {part.key: folders.get(part.key, SHARED_WORDS.parent) for part in registry().parts}


def test_every_question_has_its_spanish_in_the_folder_that_declares_it():
    reg, where = registry(), _declaring_folder()
    problems = []
    for part in reg.parts:
        spanish = read(where[part.key] / "words.es.toml")
        if not spanish.get("parts", {}).get(part.key):
            problems.append(f"{where[part.key].name}: [parts] {part.key}")
        for entry in reg.part_inputs[part.key]:
            spec, worded = entry.spec, spanish.get("inputs", {}).get(entry.name, {})
            if not worded.get("label"):
                problems.append(f"{where[part.key].name}: [inputs.{entry.name}] label")
            if bool(spec.help_text) != bool(worded.get("help")):
                problems.append(f"{where[part.key].name}: [inputs.{entry.name}] help")
            if set(worded) - {"label", "help"}:
                problems.append(f"{where[part.key].name}: [inputs.{entry.name}] {set(worded)}")
            if entry.name in ENGLISH_ONLY_CHOICES:
                continue
            choices = spanish.get("choices", {}).get(entry.name, {})
            declared = dict(spec.choices)
            if set(choices) != set(declared):
                problems.append(
                    f"{where[part.key].name}: [choices.{entry.name}] {set(choices) ^ set(declared)}"
                )
            problems += [
                f"[choices.{entry.name}] {key}: placeholders"
                for key, label in choices.items()
                if key in declared and placeholders(label) != placeholders(declared[key])
            ]
    assert problems == []


def test_no_spanish_question_lacks_its_english():
    reg = registry()
    declared_inputs, parts = set(reg.inputs), {part.key for part in reg.parts}
    orphans = []
    for folder in word_folders():
        spanish = read(folder / "words.es.toml")
        orphans += [
            f"{folder.name}: inputs.{n}" for n in set(spanish.get("inputs", {})) - declared_inputs
        ]
        orphans += [
            f"{folder.name}: choices.{n}" for n in set(spanish.get("choices", {})) - declared_inputs
        ]
        orphans += [f"{folder.name}: parts.{k}" for k in set(spanish.get("parts", {})) - parts]
    assert orphans == []


def test_every_unit_a_question_or_its_choices_name_has_its_spanish():
    units = {entry.spec.unit for entry in registry().inputs.values() if entry.spec.unit}
    # A figure a choice names ("within {distance} of the front line") is worded in its unit.
    standards = load_standards()
    for entry in registry().inputs.values():
        for key, label in entry.spec.choices:
            if "{distance}" in label:
                units.add(location_condition(standards, key).unit)
    spanish = words("es").units
    assert sorted(units - set(spanish)) == []
    assert sorted(set(spanish) - units) == []


def test_the_check_can_fail_a_missing_key_and_an_orphan():
    english = {"notes": {"a": "One {x}.", "b": "Two."}, "fix": {"amount": {"up": "{to}"}}}
    spanish = {"notes": {"a": "Uno.", "c": "Tres."}, "fix": {"amount": {"up": "{to}"}}}
    assert missing_and_orphans(english, spanish) == ([("notes", "b")], [("notes", "c")])
    assert changed_placeholders(english, spanish) == [("notes", "a")]


# The catalog: every message the checker asks for ---------------------------------------------


def _catalog() -> dict:
    with PO.open("rb") as po:
        return {
            (m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(po) if m.id
        }


def checker_messages() -> dict[tuple, str]:
    """(context, msgid) → where, for every message of the checker's templates (Jinja2 and its
    page's Django template) and of its form, number fields and wording modules."""
    found = {}
    for message in jinja_catalog(BASE):
        if not message.id:  # the catalog's header
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        found[(message.context, msgid)] = message.locations[0][0]
    python = [BASE / "rules" / "forms.py", BASE / "rules" / "numbers.py", *WORDING.glob("*.py")]
    keywords = {
        "_": None,
        "gettext": None,
        "gettext_lazy": None,
        "ngettext": (1, 2),
        "pgettext": ((1, "c"), 2),
    }
    for path in python:
        for _line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=keywords
        ):
            msgid = message if isinstance(message, str) else message[0]
            found[(context, msgid)] = path.name
    template = (BASE / "templates" / "rules" / "check.html").read_text()
    for msgid in re.findall(r'{% translate "(.*?)" %}', template):
        found[(None, msgid)] = "check.html"
    return found


def test_every_message_of_the_checker_has_its_spanish():
    catalog = _catalog()
    untranslated = []
    for key, where in checker_messages().items():
        entry = catalog.get(key)
        forms = (
            ()
            if entry is None
            else entry.string
            if isinstance(entry.string, tuple)
            else (entry.string,)
        )
        if entry is None or entry.fuzzy or not forms or not all(f.strip() for f in forms):
            untranslated.append(f"{where}: {key[1]}")
    assert untranslated == []


def test_the_checkers_messages_keep_their_brace_placeholders():
    """Django's catalog test checks %(name)s; the form's messages use format_lazy's {name}."""
    catalog, wrong = _catalog(), []
    for key in checker_messages():
        entry = catalog.get(key)
        if entry is None or not isinstance(entry.string, str):
            continue
        if set(BRACES.findall(key[1])) != set(BRACES.findall(entry.string)):
            wrong.append(key[1])
    assert wrong == []
