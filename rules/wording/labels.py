"""Codes by name: a rule, a status, an approval, a project, a form field. A family's own
words are its folder's (``law.engine.words``), the rest ``words.toml``'s."""

from django.utils.translation import gettext

from rules.forms import SOMETHING_ELSE, CheckForm
from rules.wording.words import APPROVAL, APPROVAL_WHERE, STATUS, STRUCTURE_NOUNS, family_words
from rules.wording.words import SOMETHING_ELSE as SOMETHING_ELSE_WORDS


def rule_label(rule: str) -> str:
    return family_words().rules.get(rule, rule)


def rule_in_sentence(rule: str) -> str:
    """A rule's label inside a sentence: its first letter lower-case, unless its first word is
    an acronym or a name ("SB 9: size of each home", "ADU size", "Cotati's ..."), which keeps
    its capitals ("the City decides SB 9: size of each home", never "sb 9")."""
    label = rule_label(rule)
    first = label.split(" ", 1)[0]
    if len(first) > 1 and (first[1:2].isupper() or first[1:2].isdigit() or "'" in first):
        return label
    return label[:1].lower() + label[1:]


def topic_label(topic: str) -> str:
    """A results group's heading (its family's ``topics``)."""
    return family_words().topics.get(topic, topic)


def status_icon(status) -> str:
    return STATUS.get(str(status), ("", ""))[0]


def status_label(status) -> str:
    return STATUS.get(str(status), ("", str(status)))[1]


def approval_label(approval) -> str:
    return APPROVAL.get(approval or "", approval or "")


def approval_where(approval) -> str:
    return APPROVAL_WHERE.get(approval or "", "")


def note_text(note) -> str:
    return family_words().notes.get(note or "", "")


def project_label(key) -> str:
    if key == SOMETHING_ELSE:  # the form's own choice, not a project of the law
        return SOMETHING_ELSE_WORDS["label"]
    return family_words().project_label(key)


def project_noun(key) -> str:
    """The project in a sentence: "Your fence…"."""
    if key == SOMETHING_ELSE:
        return SOMETHING_ELSE_WORDS["noun"]
    return family_words().project_noun(key)


def projects_in_words(keys) -> str:
    """The projects in a sentence, by their labels: 'a fence, wall or hedge; a shed, garage
    or workshop; …' (what the site checks, from the registry)."""
    labels = [project_label(key) for key in keys]
    return "; ".join(label[0].lower() + label[1:] for label in labels)


def structure_noun(kind) -> str:
    """An accessory structure's kind in a sentence ("your shed or workshop")."""
    return STRUCTURE_NOUNS.get(kind or "", gettext("accessory structure"))


def field_label(name: str) -> str:
    """The form's own label for a field name the engine reports as missing."""
    field = CheckForm.base_fields.get(name)
    return str(field.label) if field else name


def choice_label(value, name: str) -> str:
    """The form's own words for one choice of the field ``name`` (a fence's location)."""
    field = CheckForm.base_fields.get(name)
    choices = dict(getattr(field, "choices", ()) or ())
    return str(choices.get(value, value))


def form_unit(unit) -> str:
    """A question's unit in words ("feet"), in the page's language."""
    return family_words().units.get(unit or "", unit or "")


def field_anchor(name: str) -> str:
    """The id of the form field a missing engine input is typed into."""
    return f"id_{CheckForm.SHOWN_AS.get(name, (name,))[0]}"
