"""Records of the standards data in words: a record's label, its figure for a table cell or a
key-numbers table, its cases and its condition."""

from collections.abc import Iterator, Mapping

from django.utils.translation import gettext, ngettext

from law.engine import load_standards
from law.engine.caches import process_cache
from law.engine.registry import registry
from law.engine.words import words
from rules.wording.numbers import amount, comparison_word, num, unit_label
from rules.wording.words import (
    CONDITION,
    FIGURE_ABOVE,
    FIGURE_QUALIFIERS,
    NOTE_SHORT,
    NOTE_SUFFIX,
    NUMBER_WORDS,
    STANDARD_ONLY_LABELS,
    family_words,
    language,
)


def standard_record(standard_id):
    """The standards record an id names (None when unknown): a state record that prevails."""
    if not standard_id:
        return None
    try:
        return load_standards().by_id(standard_id)
    except KeyError:
        return None


def comparison(finding) -> str:
    """'min' or 'max' for the record a finding was checked against ('' when unknown)."""
    record = standard_record(finding.standard_id)
    return record.comparison if record else ""


def condition_words(condition) -> str:
    """A record's condition in words, its figure from the record (``Standard.condition``):
    'within 20 ft of the street line', '20 ft or more behind the street line', 'one-story'
    (a number of stories written as the code writes it); words.toml's ``condition``."""
    figure = amount(condition.value, condition.unit)
    phrases = CONDITION.get(condition.what)
    if phrases is None:
        return figure
    count = int(condition.value) if float(condition.value).is_integer() else None
    words = NUMBER_WORDS.get(count, num(condition.value))
    return phrases["max" if condition.comparison == "max" else "min"].format(
        amount=figure, count=words
    )


def with_condition(text: str, record) -> str:
    """``text`` with its ``{condition}`` worded from ``record``'s condition (a record the
    data gives none keeps the sentence without it: a test holds every such record to one)."""
    if "{condition}" not in text:
        return text
    condition = getattr(record, "condition", None)
    return text.replace("{condition}", condition_words(condition) if condition else "")


# The inputs whose choices are cases of the records (a building type, a kind of business, a
# flood zone): worded as the form words them.
CASE_ANSWERS = ("building_type", "business_kind", "flood_zone")


@process_cache
def _case_part_words(language: str) -> dict[str, str]:
    """Words for each part of a case ("multifamily.two_plus_stories") in ``language``: the
    form's own words for a case that is an answer (a building type, a kind of business, a
    flood zone), then the families' ``case_words``."""
    inputs, own_words = registry().inputs, words(language)
    own = {}
    for name in CASE_ANSWERS:
        translated = own_words.choices.get(name, {})
        for key, label in inputs[name].spec.choices if name in inputs else ():
            label = translated.get(key, label)
            own[key] = label[0].lower() + label[1:]
    return {**own, **own_words.case_words}


class _CasePartWords(Mapping):
    """``_case_part_words`` in the page's language."""

    def _words(self) -> dict[str, str]:
        return _case_part_words(language())

    def __getitem__(self, key):
        return self._words()[key]

    def __iter__(self) -> Iterator:
        return iter(self._words())

    def __len__(self) -> int:
        return len(self._words())


CASE_PART_WORDS = _CasePartWords()


def case_words(case: str) -> str:
    """A case of the standards data in words; a district code stays as it is."""
    return ", ".join(CASE_PART_WORDS.get(part, part) for part in case.split("."))


def _or_list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return gettext("%(items)s or %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def cases_in_words(record) -> str:
    """The cases a record applies to, in words, for a table cell: 'a plex (…) or an existing
    single-family home'; cases sharing a qualifier ('….two_plus_stories') name it once."""
    parts = [case.split(".") for case in record.cases]
    if len(parts) > 1 and all(len(p) == 2 for p in parts) and len({p[1] for p in parts}) == 1:
        kinds = [CASE_PART_WORDS.get(p[0], p[0]) for p in parts]
        return f"{_or_list(kinds)}: {CASE_PART_WORDS.get(parts[0][1], parts[0][1])}"
    return _or_list([case_words(case) for case in record.cases])


def standard_label(record) -> str:
    """A standards record named by its case where the case says more than the rule."""
    case, own = record.case, family_words()
    if case in own.cases:
        return with_condition(own.cases[case], record)
    label = (
        own.record_labels.get(record.rule)
        or own.rules.get(record.rule)
        or STANDARD_ONLY_LABELS.get(record.rule, record.rule)
    )
    parts = [case_words(c) for c in record.cases] if case and case != "default" else []
    if record.condition is not None:  # where the figure applies is part of the rule
        where = condition_words(record.condition)
        if record.condition.what == "stories":
            where = gettext("%(stories)s structures") % {"stories": where}
        parts.append(where)
    return f"{label} ({'; '.join(parts)})" if parts else label


def figure_qualifier(record) -> str:
    """The condition to print beside ``record``'s figure ('' for none): by its note
    (``NOTE_SUFFIX``), else by its id (``FIGURE_QUALIFIERS``)."""
    return NOTE_SUFFIX.get(record.note or "") or FIGURE_QUALIFIERS.get(record.id, "")


def record_figure(record) -> str:
    """A record's figure for the key-numbers table: 'Up to 7 ft'; for a figure measured above
    a reference, what the rule is ('At or above the base flood elevation', 'At least 2 ft above
    the highest adjacent grade'), never a bare 'At least 0 ft'."""
    figure = num(record.value)
    if record.value_max is not None:
        figure = f"{figure}–{num(record.value_max)}"
    above = FIGURE_ABOVE.get(record.rule)
    # A height above a reference is a length; a share under the same rule (the flood rule's
    # substantial-improvement threshold, a percent) is printed as an amount.
    if above is not None and record.value is not None and record.unit in ("ft", "in"):
        reference = next((above[c] for c in record.cases if c in above), above["*"])
        if record.value == 0 and record.comparison == "min":
            return gettext("At or above %(reference)s") % {"reference": reference}
        text = gettext("%(comparison)s %(figure)s %(unit)s above %(reference)s") % {
            "comparison": comparison_word(record.comparison),
            "figure": figure,
            "unit": unit_label(record.unit),
            "reference": reference,
        }
    elif record.value is None:
        return ""
    else:
        if record.value_max is None:  # written as the rest of the site writes one amount
            figure = amount(record.value, record.unit)
        else:
            figure = f"{figure} {unit_label(record.unit)}"
        text = f"{comparison_word(record.comparison)} {figure}"
    qualifier = figure_qualifier(record)
    return f"{text.strip()} ({qualifier})" if qualifier else text.strip()


def std(record) -> str:
    """A standards record as a short figure for a table cell: '20 ft', 'build-to 15 ft', '0–10 ft'."""
    if record is None:
        return "—"
    if record.comparison == "none" or record.value is None:
        return NOTE_SHORT.get(record.note or "", "—")
    unit = record.unit
    if record.note == "none_required" and not record.value:
        return NOTE_SHORT["none_required"]
    if unit == "acres_per_unit":
        return ngettext(
            "1 home per %(acres)s acre", "1 home per %(acres)s acres", 1 if record.value == 1 else 2
        ) % {"acres": num(record.value)}
    if unit == "units" and not record.value:
        return gettext("No homes allowed")
    figure = num(record.value)
    if record.value_max is not None and record.value_max != record.value:
        figure = f"{figure}–{num(record.value_max)}"
    text = f"{figure}%" if unit == "percent" else f"{figure} {unit_label(unit, record.value)}"
    if record.note == "build_to_line":
        return gettext("build-to %(figure)s") % {"figure": text}
    qualifier = figure_qualifier(record)
    return f"{text} ({qualifier})" if qualifier else text


def sliding_scale(records) -> str:
    """A sliding coverage scale (RR, RVL: Table 2-7) in one phrase from its five records:
    '30% on a lot of 0.5 acres, reduced by 10% for each further 0.5 acres, to a minimum of
    10%'."""
    by_case = {record.case: record for record in records}
    try:
        parts = [
            by_case[f"sliding_{name}"]
            for name in ("base_percent", "base_area", "step_percent", "step_area", "floor_percent")
        ]
    except KeyError:  # an incomplete scale: each figure as it is
        return "; ".join(std(record) for record in records)
    base, area, step, step_area, floor = (std(record) for record in parts)
    # The code's own order and words; how the site reads "reduced by" is the records' reading.
    return gettext(
        "%(base)s on a lot of %(area)s, reduced by %(step)s for each further %(step_area)s, "
        "to a minimum of %(floor)s"
    ) % {"base": base, "area": area, "step": step, "step_area": step_area, "floor": floor}
