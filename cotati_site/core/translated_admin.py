"""Editing staff text in each language in the admin (``core.translated``): the Spanish fields
beside the English ones, a whole translation or none, and what needs review.

- The form (``TranslatedFormMixin``) labels each Spanish field, refuses a translation that
  leaves a field with English untranslated (a page shows a record in Spanish only whole), and
  offers "The Spanish says what the English says now" for a reviewer who changed nothing.
- Saving Spanish text, or ticking that box, records the English it was written from
  (``record_translation``), in the same save: one save, one version in the history. Saving
  only the English leaves the Spanish as it was, now to be reviewed.
- The list shows each record's Spanish (missing, needs review, up to date) and filters by it;
  the edit page shows what changed in the English since the Spanish was written.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe

from cotati_site.core import translated
from cotati_site.core.word_diff import DELETED, INSERTED, word_diff

LANGUAGE = "es"  # the site's one other language (settings.LANGUAGES)
LANGUAGE_NAME = "Spanish"

STATE_WORDS = {
    translated.MISSING: "No Spanish yet",
    translated.REVIEW: "Needs review: the English changed",
    translated.CURRENT: "Up to date",
}


def spanish(field: str) -> str:
    return f"{field}_{LANGUAGE}"


class TranslatedFormMixin(forms.Form):
    """For a ModelForm of a ``core.translated.Translated`` model whose form shows the English
    fields by their own names and the Spanish ones as ``<field>_es``. (A Form, so the box
    below is a declared field the admin's fieldsets may name.)"""

    spanish_checked = forms.BooleanField(
        required=False,
        label="The Spanish says what the English says now",
        help_text=(
            "Tick after reading the Spanish against the English when you changed nothing in "
            "it: the Spanish is then up to date and shown again. Saving changed Spanish "
            "does this by itself."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        model = self._meta.model
        for field in translated.fields_of(model):
            name = spanish(field)
            if name in self.fields:
                english = model._meta.get_field(field)
                self.fields[name].label = f"{english.verbose_name.capitalize()} in {LANGUAGE_NAME}"
                self.fields[name].required = False
                self.fields[name].help_text = (
                    f"The {english.verbose_name} in plain Spanish (usted), with the terms of "
                    "docs/glossary-es.md. Leave every Spanish field empty until the whole "
                    "record is translated: the Spanish page shows the English until then."
                )

    def translated_fields_shown(self) -> list[str]:
        model = self._meta.model
        return [f for f in translated.fields_of(model) if spanish(f) in self.fields]

    def clean(self):
        cleaned = super().clean()
        self._check_figures(cleaned)
        fields = self.translated_fields_shown()
        if not getattr(self._meta.model, "translated_whole", True):
            return cleaned  # translated field by field (site information)
        if not any((cleaned.get(spanish(f)) or "").strip() for f in fields):
            return cleaned
        for field in fields:
            english = cleaned.get(field, getattr(self.instance, field, ""))
            if (english or "").strip() and not (cleaned.get(spanish(field)) or "").strip():
                self.add_error(
                    spanish(field),
                    "Translate this field too, or leave all the Spanish empty: the Spanish "
                    "page shows a record in Spanish only when all of its text is.",
                )
        return cleaned

    def _check_figures(self, cleaned: dict) -> None:
        """A translation written or checked now states the English's figures, no other (a
        height, a date, a section number): a slip here would tell Spanish readers a
        different rule. (A save of the English alone leaves the Spanish to review.)"""
        checked = cleaned.get("spanish_checked")
        for field in self.translated_fields_shown():
            translation = cleaned.get(spanish(field)) or ""
            if not translation.strip() or spanish(field) in self.errors:
                continue
            if not checked and spanish(field) not in self.changed_data:
                continue
            english = cleaned.get(field, getattr(self.instance, field, "")) or ""
            only_english, only_translation = translated.figure_mismatches(english, translation)
            if only_english or only_translation:
                self.add_error(
                    spanish(field),
                    "The Spanish must state the same figures as the English, written the same "
                    "way (1,200; 7.5; 5:30). Only in the English: "
                    + (", ".join(only_english) or "none")
                    + ". Only in the Spanish: "
                    + (", ".join(only_translation) or "none")
                    + ".",
                )

    def record_translations(self, obj) -> None:
        """Before the save: when the Spanish was written or checked now, record the English
        it matches (``core.translated.record_translation``)."""
        spanish_changed = any(
            spanish(f) in self.changed_data for f in self.translated_fields_shown()
        )
        if spanish_changed or self.cleaned_data.get("spanish_checked"):
            translated.record_translation(obj, LANGUAGE)


class TranslationStateFilter(admin.SimpleListFilter):
    """Records by the state of their Spanish (computed per record: a few hundred at most)."""

    title = "Spanish text"
    parameter_name = "spanish"

    def lookups(self, request, model_admin):
        return list(STATE_WORDS.items())

    def queryset(self, request, queryset):
        wanted = self.value()
        if wanted not in STATE_WORDS:
            return queryset
        pks = [
            obj.pk
            for obj in queryset.model._base_manager.all()
            if translated.state(obj, LANGUAGE) == wanted
        ]
        return queryset.filter(pk__in=pks)


class TranslatedAdminMixin:
    """For a ModelAdmin whose form has ``TranslatedFormMixin``: the Spanish column and filter,
    the review on the edit page, and the translation recorded with each save."""

    @admin.display(description="Spanish")
    def spanish_state(self, obj) -> str:
        return STATE_WORDS[translated.state(obj, LANGUAGE)]

    @admin.display(description="Spanish: what changed in the English since it was written")
    def spanish_review(self, obj) -> str:
        if obj is None or obj.pk is None:
            return "—"
        state = translated.state(obj, LANGUAGE)
        if state != translated.REVIEW:
            return STATE_WORDS[state] + "."
        items = format_html_join(
            "",
            '<li data-english-changed="{}"><strong>{}</strong>: {}</li>',
            (
                (field, obj._meta.get_field(field).verbose_name.capitalize(), _diff(before, now))
                for field, before, now in translated.english_changes(obj, LANGUAGE)
            ),
        )
        return format_html(
            "<p data-spanish-needs-review>{} The Spanish page shows the English until the "
            "Spanish is brought up to date and saved (or the box below is ticked).</p>"
            '<ul class="what-changed">{}</ul>',
            STATE_WORDS[state] + ".",
            items,
        )

    def save_model(self, request, obj, form, change):
        if hasattr(form, "record_translations"):
            form.record_translations(obj)
        super().save_model(request, obj, form, change)


def _diff(before: str, now: str) -> str:
    html = []
    for segment in word_diff(before, now):
        text = conditional_escape(segment.text)
        if segment.kind == DELETED:
            html.append(f"<del>{text}</del>")
        elif segment.kind == INSERTED:
            html.append(f"<ins>{text}</ins>")
        else:
            html.append(str(text))
    return mark_safe(" ".join(html))  # noqa: S308 - every piece is escaped above
