"""The page's language is asked of Django once per render (rules/language.py): inside
``one_language()`` the form's lazy labels are worded in the pinned language, as the shared
words tables are, rather than each asking Django for the active one."""

import pytest
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy, trans_real

from rules import language
from rules.forms import CheckForm
from rules.language import CATALOG, PINNED, page_language
from rules.wording.words import one_language


def test_form_labels_follow_the_language_pinned_for_the_page():
    with translation.override("es"):
        spanish = str(CheckForm.base_fields["lot_area_sqft"].label)
        # Django's active language changing inside a render is not followed: the pin is.
        with one_language(), translation.override("en"):
            assert str(CheckForm.base_fields["lot_area_sqft"].label) == spanish
            assert page_language() == "es"
    with translation.override("en"):
        english = str(CheckForm.base_fields["lot_area_sqft"].label)
    assert spanish != english


def test_the_pin_is_lifted_after_the_render():
    with translation.override("es"), one_language():
        assert PINNED.get() == "es"
    assert PINNED.get() is None
    with translation.override("en"):
        assert page_language() == "en"


def _checker_render(source: str) -> str:
    from django.template import engines

    return engines["checker"].env.from_string(source).render()


def test_the_templates_translate_in_the_pinned_language():
    # The catalog is pinned with the language: Django's active one changing inside a render
    # is not followed, as the labels above.
    with translation.override("es"), one_language(), translation.override("en"):
        assert _checker_render('{{ _("Link to these results") }}') == "Enlace a estos resultados"
        assert _checker_render("{{ ngettext('%(num)s fails', '%(num)s fail', 2) }}") == (
            "2 no cumplen"
        )


@pytest.mark.parametrize("code", ["en", "es"])
@pytest.mark.parametrize(
    "message",
    [
        "Link to these results",
        "Read as %(read)s",
        "Link to these results\r\n",
        "Link to these\rresults",
        "",
        SafeString("Link to these results"),
        SafeString(""),
        gettext_lazy("Link to these results"),
        "A sentence no catalog holds",
    ],
)
def test_pinned_gettext_is_djangos(code, message):
    with translation.override(code):
        expected = translation.gettext(message)
        with one_language():
            translated = language.gettext(message)
    assert translated == expected
    assert type(translated) is type(expected)


@pytest.mark.parametrize("code", ["en", "es"])
@pytest.mark.parametrize("number", [0, 1, 2])
def test_pinned_ngettext_is_djangos(code, number):
    with translation.override(code):
        expected = translation.ngettext("%(num)s fails", "%(num)s fail", number)
        with one_language():
            assert language.ngettext("%(num)s fails", "%(num)s fail", number) == expected


def test_a_change_of_the_catalog_is_seen(monkeypatch):
    # The pinned catalog is Django's own object, not a copy of its entries.
    with translation.override("es"):
        catalog = trans_real.catalog()._catalog
        monkeypatch.setitem(catalog, "Link to these results", "Enlace cambiado")
        with one_language():
            assert _checker_render('{{ _("Link to these results") }}') == "Enlace cambiado"


def test_outside_a_pin_the_translation_is_djangos():
    with translation.override("es"):
        assert language.gettext("Link to these results") == "Enlace a estos resultados"
    assert CATALOG.get() is None


@pytest.mark.django_db
def test_the_spanish_partial_is_translated(client):
    query = {"zone": "NL", "lot_area_sqft": "6000", "rear_setback_ft": "20"}
    html = client.get("/es/check-my-lot/", query, HTTP_HX_REQUEST="true").content.decode()
    assert "Enlace a estos resultados" in html
    assert "Se leyó como 6,000 pies cuadrados" in html
    assert "Link to these results" not in html
