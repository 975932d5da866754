"""The Spanish catalog: every entry translated (none empty, none fuzzy), placeholders kept,
the compiled catalog Django reads built from this .po, and dates spelled as Spanish writes
them (docs/decisions/languages.md, docs/glossary-es.md)."""

import json
import re
from datetime import date
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from cotati_site.core.site_info import SHIPPED_LABELS

LOCALE = Path(settings.BASE_DIR) / "locale"
PO = LOCALE / "es" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def catalog():
    with PO.open("rb") as po:
        return read_po(po)


def entries():
    return [message for message in catalog() if message.id]


def forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def english(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def test_the_catalog_has_entries_for_the_site():
    assert len(entries()) > 300


def test_no_entry_is_empty():
    empty = [english(m)[0] for m in entries() if not all(form.strip() for form in forms(m))]
    assert empty == []


def test_no_entry_is_fuzzy_nor_the_catalog():
    cat = catalog()
    assert not cat.fuzzy
    assert [english(m)[0] for m in entries() if m.fuzzy] == []


def test_each_plural_has_every_form_spanish_has():
    plural = [m for m in entries() if isinstance(m.id, tuple)]
    assert plural
    assert catalog().num_plurals == 3  # one, millions ("de"), other: as Django's own catalog
    assert [m.id[0] for m in plural if len(forms(m)) != 3] == []


def test_each_translation_keeps_its_placeholders():
    wrong = []
    for message in entries():
        wanted = set().union(*(PLACEHOLDER.findall(text) for text in english(message)))
        for form in forms(message):
            # A singular may leave out the count ("El mejor resultado"), never add a name.
            if not set(PLACEHOLDER.findall(form)) <= wanted or (
                wanted - {"count"} - set(PLACEHOLDER.findall(form))
            ):
                wrong.append((english(message)[0], form))
    assert wrong == []


def test_markup_in_a_translation_is_the_markup_of_its_english():
    tag = re.compile(r"</?(\w+)")
    wrong = [
        english(m)[0]
        for m in entries()
        for form in forms(m)
        if sorted(tag.findall(form)) != sorted(tag.findall(english(m)[0]))
    ]
    assert wrong == []


def test_no_sentence_is_left_as_its_english():
    copied = [
        english(m)[0]
        for m in entries()
        if m.id not in ("F j, Y", "M j, Y")
        and any(form == english(m)[0] for form in forms(m))
        and len(re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", english(m)[0]))) >= 2
    ]
    assert copied == []


def test_the_compiled_catalog_is_this_po_run_make_messages_if_not():
    assert MO.exists(), "no compiled catalog: run `make messages`"
    with MO.open("rb") as mo:
        compiled = GNUTranslations(mo)
    stale = []
    for message in entries():
        singular = english(message)[0]
        if isinstance(message.id, tuple):
            got = [
                compiled.npgettext(message.context, *message.id, n)
                if message.context
                else compiled.ngettext(*message.id, n)
                for n in (1, 1_000_000, 2)
            ]
        else:
            got = [
                compiled.pgettext(message.context, singular)
                if message.context
                else compiled.gettext(singular)
            ]
        if got != forms(message):
            stale.append(singular)
    assert stale == [], "the .mo is older than the .po: run `make messages`"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "January 5, 2026 · Jan 5, 2026"), ("es", "5 de enero de 2026 · 5 de enero de 2026")],
)
def test_dates_are_spelled_out_day_first_in_spanish(language, expected):
    template = Template('{% load i18n %}{{ day|date:_("F j, Y") }} · {{ day|date:_("M j, Y") }}')
    with translation.override(language):
        assert template.render(Context({"day": date(2026, 1, 5)})) == expected


@pytest.mark.parametrize("language", ["en", "es"])
def test_numbers_keep_the_decimal_point_in_both_languages(language):
    template = Template("{{ a }} {{ b|floatformat:1 }} {{ c }}")
    with translation.override(language):
        rendered = template.render(Context({"a": 2.5, "b": 1500.24, "c": 43560}))
    assert rendered == "2.5 1500.2 43560"


def test_every_shipped_site_information_label_is_in_the_catalog():
    shipped = json.loads((Path(settings.BASE_DIR) / "fixtures" / "site_info.json").read_text())
    labels = {entry["fields"]["label"] for entry in shipped}
    assert labels <= set(SHIPPED_LABELS)
    translated = {english(m)[0] for m in entries()}
    assert set(SHIPPED_LABELS) <= translated
