"""The checker's templates format their translated sentences as Jinja's newstyle gettext does,
``Markup(translation) % values`` (rules/wording/jinja.py): each value escaped, one marked safe
kept as it is. ``_formatted`` escapes the values first and formats the plain text, which gives
the same sentence for a "%(name)s" placeholder, the only kind the templates' sentences hold
(``{% trans %}`` writes no other) and their translations keep."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils.functional import lazy
from jinja2 import ChainableUndefined
from markupsafe import Markup

from rules.management.commands.makemessages import jinja_catalog
from rules.wording.jinja import _formatted

BASE = Path(settings.BASE_DIR)
PO = BASE / "locale" / "es" / "LC_MESSAGES" / "django.po"
# "%(name)s" and "%%": what _formatted formats as Markup does.
FORMATTED_ALIKE = re.compile(r"%\(\w+\)s|%%")


def _template_messages() -> set[str]:
    messages = set()
    for message in jinja_catalog(BASE):
        if message.id:
            messages.update([message.id] if isinstance(message.id, str) else message.id)
    return messages


def test_every_placeholder_of_the_templates_sentences_is_a_named_string():
    messages = _template_messages()
    with PO.open("rb") as po:
        translations = {
            text
            for entry in read_po(po)
            if (entry.id if isinstance(entry.id, str) else entry.id[0]) in messages
            for text in ([entry.string] if isinstance(entry.string, str) else entry.string)
        }
    assert messages and translations
    other = sorted(t for t in messages | translations if "%" in FORMATTED_ALIKE.sub("", t))
    assert other == []


VALUES = [
    "8,000 square feet",
    '<b>Tom & "Jerry\'s"</b>',
    Markup("<time>May 1</time>"),
    3,
    2.5,
    True,
    None,
    "",
    lazy(lambda: "a < b", str)(),
    ChainableUndefined(name="missing"),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
@pytest.mark.parametrize(
    "text",
    [
        "Read as %(read)s",
        "%(read)s",
        "<strong>%(read)s</strong> and %(read)s, 100%% sure (%(other)s)",
        "No placeholder & nothing to format",
    ],
)
def test_formatted_is_markups_own_formatting(text, value):
    variables = {"read": value, "other": "x > y"}
    formatted = _formatted(text, variables)
    assert type(formatted) is Markup
    assert formatted == Markup(text) % variables
