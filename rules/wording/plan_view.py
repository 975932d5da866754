"""The topic pages' plan view in words (law/reports/diagrams.py topic_diagram): each area's name and
what limits a fence or structure in it."""

from django.utils.translation import gettext

from rules.wording.citations import section_cite
from rules.wording.labels import approval_label
from rules.wording.numbers import amount
from rules.wording.records import figure_qualifier
from rules.wording.words import PLAN_AREA, PLAN_AREA_SETBACK


def plan_area_label(key) -> str:
    return PLAN_AREA.get(key, key)


def plan_area_setback(key, setbacks):
    """The depth of the setback strip an area is (None for the other areas)."""
    which = PLAN_AREA_SETBACK.get(key)
    return setbacks.get(which) if which else None


def plan_area_short(area) -> str:
    """The figure drawn inside an area: '3 ft 6 in.' ('' when the data gives none)."""
    record = area.record
    if record is None or record.value is None:
        return ""
    return amount(record.value, record.unit)


def plan_area_limit(area, feature) -> str:
    """What limits a fence or structure in an area, in words, from its records."""
    record = area.record
    if record is None:
        if area.unheld is not None:
            return gettext(
                "how close an accessory structure may stand to the lot lines is set by "
                "%(section)s, which this site does not hold; ask the City's Planning Division"
            ) % {"section": section_cite(area.unheld.section)}
        return gettext("this site holds no figure for it in this district")
    if record.value is None:
        if record.section:
            return gettext("no figure; see %(section)s") % {"section": section_cite(record.section)}
        return gettext("no figure")
    text = gettext("up to %(amount)s high") % {"amount": amount(record.value, record.unit)}
    qualifier = figure_qualifier(record)
    if qualifier:
        text += f" ({qualifier})"
    extra = area.with_approval
    if extra is not None and extra.value is not None:
        text += gettext(", or up to %(amount)s with %(approval)s") % {
            "amount": amount(extra.value, extra.unit),
            "approval": approval_label(extra.approval),
        }
    return text
