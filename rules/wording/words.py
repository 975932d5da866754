"""The words every rule family shares (``words.toml``), read once when the site loads. Each
family's own words are its folder's words.toml, read by ``law.engine.words.words()``."""

import tomllib
from pathlib import Path

with (Path(__file__).with_name("words.toml")).open("rb") as _file:
    _WORDS = tomllib.load(_file)

STATUS: dict[str, list[str]] = _WORDS["status"]
UNIT: dict[str, str] = _WORDS["unit"]
UNIT_SINGULAR: dict[str, str] = _WORDS["unit_singular"]
ANSWER_UNIT_SINGULAR: dict[str, str] = _WORDS["answer_unit_singular"]
APPROVAL: dict[str, str] = _WORDS["approval"]
APPROVAL_WHERE: dict[str, str] = _WORDS["approval_where"]
COMPARISON: dict[str, str] = _WORDS["comparison"]
BOUND: dict[str, str] = _WORDS["bound"]
CITATION: dict[str, dict] = _WORDS["citation"]
STATE_CODES = frozenset(prefix for prefix, code in CITATION.items() if code["state"])
CONDITION: dict[str, dict[str, str]] = _WORDS["condition"]
NUMBER_WORDS: dict[int, str] = {int(n): word for n, word in _WORDS["number_words"].items()}
FIX: dict[str, dict[str, str]] = _WORDS["fix"]
FIX_VARIANCE: dict[str, str] = _WORDS["fix_variance"]
VOUCHED_FROM: str = _WORDS["vouched"]["from"]
PLAN_AREA: dict[str, str] = _WORDS["plan_area"]
PLAN_AREA_SETBACK: dict[str, str] = _WORDS["plan_area_setback"]
NOTE_SHORT: dict[str, str] = _WORDS["note_short"]
STANDARD_ONLY_LABELS: dict[str, str] = _WORDS["standard_only_labels"]
FIGURE_ABOVE: dict[str, dict[str, str]] = _WORDS["figure_above"]
FIGURE_QUALIFIERS: dict[str, str] = _WORDS["figure_qualifiers"]
NOTE_SUFFIX: dict[str, str] = _WORDS["note_suffix"]
STRUCTURE_NOUNS: dict[str, str] = _WORDS["structure_nouns"]
SHARE_WHOLE: dict[str, str] = _WORDS["share_whole"]
SOMETHING_ELSE: dict[str, str] = _WORDS["something_else"]
