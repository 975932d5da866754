"""The page's language is asked of Django once per render (rules/language.py): inside
``one_language()`` the form's lazy labels are worded in the pinned language, as the shared
words tables are, rather than each asking Django for the active one."""

from django.utils import translation

from rules.forms import CheckForm
from rules.language import PINNED, page_language
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
