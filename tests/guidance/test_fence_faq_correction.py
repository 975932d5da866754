"""Migration guidance/0002 corrects the shipped fence FAQ on sites that still hold its old
answer, and leaves an answer staff have edited alone."""

import importlib

import pytest
from django.apps import apps

from cotati_site.guidance.models import FAQ

pytestmark = pytest.mark.django_db

fix = importlib.import_module("cotati_site.guidance.migrations.0002_fence_faq_note_2")


def fence_faq() -> FAQ:
    return FAQ.objects.get(question=fix.QUESTION)


def test_the_shipped_content_already_has_the_corrected_answer():
    assert fence_faq().answer == fix.NEW
    assert "does not allow it" not in fence_faq().answer


def test_a_site_with_the_old_answer_gets_the_corrected_one_and_a_new_revision():
    FAQ.objects.filter(pk=fence_faq().pk).update(answer=fix.OLD)
    before = fence_faq().revision
    fix.correct(apps, None)
    assert (fence_faq().answer, fence_faq().revision) == (fix.NEW, before + 1)


def test_an_answer_staff_have_edited_is_left_as_they_wrote_it():
    FAQ.objects.filter(pk=fence_faq().pk).update(answer="Our own answer.")
    fix.correct(apps, None)
    assert fence_faq().answer == "Our own answer."
