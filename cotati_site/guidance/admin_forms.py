"""Forms the guidance admin uses: safe concurrent editing, formatting checked before it is
saved, a basis that fits where the cited sections' words came from, and the Spanish beside
the English (``core.translated_admin``)."""

from types import SimpleNamespace

from django import forms
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from cotati_site.codebook.queries import section_anchors
from cotati_site.core import rich_text_check
from cotati_site.core.as_of import default_as_of
from cotati_site.core.revisions import refused_as_stale
from cotati_site.core.translated_admin import TranslatedFormMixin
from cotati_site.guidance.features import feature_choices
from cotati_site.guidance.models import Summary, Topic
from cotati_site.guidance.sources import basis_problem


class RevisionCheckedForm(forms.ModelForm):
    """Refuses a save made from a form that showed an older revision of the record.

    The form carries the revision it was shown (a hidden field); if someone saved the record
    since, ``clean()`` refuses with the current text, so nothing is silently overwritten.
    The model's ``save()`` bumps the revision. Subclasses name the fields to show in the
    refusal in ``conflict_fields``.
    """

    conflict_fields: tuple[str, ...] = ()

    shown_revision = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=2**31 - 1
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The revision in the database, not the instance's: on the history page the
        # instance is an old version, and reverting is a save like any other.
        self.fields["shown_revision"].initial = self._stored_revision()

    def _stored_revision(self):
        if self.instance.pk is None:
            return None
        return (
            type(self.instance)
            ._default_manager.filter(pk=self.instance.pk)
            .values_list("revision", flat=True)
            .first()
        )

    def clean(self):
        cleaned = super().clean()
        shown = cleaned.get("shown_revision")
        if self.instance.pk is None:
            return cleaned
        stored = self._stored_revision()
        if stored is None:
            # Deleted (before the form was opened, or while it was): there is nothing to
            # save over; it comes back with "Recover deleted".
            raise ValidationError(self.deleted_message(), code="deleted")
        if shown is None and "shown_revision" not in self.errors:
            # A change form always carries the revision it showed; one without it cannot
            # prove it saw the current text, so it is refused rather than trusted.
            raise ValidationError(
                "This form does not say which version of the record it showed; reload the page "
                "and make your changes again.",
                code="stale",
            )
        key = (self.instance._meta.label_lower, str(self.instance.pk))
        if stored != shown or key in refused_as_stale.get():
            current = type(self.instance)._default_manager.filter(pk=self.instance.pk).first()
            if current is None:  # deleted since the revision was read
                raise ValidationError(self.deleted_message(), code="deleted")
            raise ValidationError(self.conflict_message(current), code="stale")
        return cleaned

    def _field_label(self, current, name: str) -> str:
        if name in self.fields and self.fields[name].label:
            return str(self.fields[name].label)
        return current._meta.get_field(name).verbose_name.capitalize()

    def deleted_message(self) -> str:
        opts = self.instance._meta
        return (
            f"This {opts.verbose_name} has been deleted, so your changes have NOT been saved. "
            f"Copy anything of yours you want to keep; an editor can bring it back from "
            f"“Recover deleted {opts.verbose_name_plural}” on the list of "
            f"{opts.verbose_name_plural}."
        )

    def conflict_message(self, current) -> str:
        model = current._meta.verbose_name
        # Every field the editors may both have changed, the Spanish too (when it has text).
        parts = [
            f"{self._field_label(current, name)}: "
            f"“{Truncator(str(getattr(current, name) or '')).chars(600)}”"
            for name in self.conflict_fields
            if getattr(current, name, None) or not name.endswith("_es")
        ]
        return (
            f"Someone else saved this {model} while you were editing it, so your changes have "
            f"NOT been saved (nothing was overwritten). The saved text is now — "
            + " — ".join(parts)
            + ". Copy anything of yours you want to keep, reload this page to edit the current "
            "text, and make your changes again."
        )


class BasisCheckedMixin:
    """The basis an editor picks must fit where the cited sections' text came from
    (``cotati_site.guidance.sources``): 'code text' only when every cited section holds official text."""

    def clean(self):
        cleaned = super().clean()
        if "basis" in self.fields and "sections" in self.fields:
            problem = basis_problem(cleaned.get("basis") or "", cleaned.get("sections") or [])
            if problem:
                self.add_error("basis", problem)
        return cleaned


class RichTextCheckedForm(RevisionCheckedForm):
    """Staff text the sanitizer would change is shown, not silently cut, before it is saved.

    When the public page would not show part of what the editor typed in a formatted field
    (``rich_text_field``), the first save is refused with the list of what would be removed
    and a preview of the record as the public will see it; ticking "Save the cleaned text"
    saves the text with exactly those parts removed.
    """

    rich_text_field = ""  # the English one, which the preview shows
    rich_text_fields: tuple[str, ...] = ()  # every formatted field checked (its translations too)

    save_cleaned_text = forms.BooleanField(
        required=False,
        widget=forms.HiddenInput,
        label="Save the cleaned text",
        help_text="Save the text as previewed above, without the parts listed as removed.",
    )

    rich_text_preview = ""

    def clean(self):
        cleaned = super().clean()
        for name in self.rich_text_fields or (self.rich_text_field,):
            self._check_rich_text(cleaned, name)
        return cleaned

    def _check_rich_text(self, cleaned: dict, name: str) -> None:
        text = cleaned.get(name)
        if name not in self.fields or not text:
            return
        removed = rich_text_check.removals(text)
        if not removed:
            return
        cleaned_text = rich_text_check.cleaned_source(text)
        if cleaned.get("save_cleaned_text"):
            cleaned[name] = cleaned_text
            return
        self.fields["save_cleaned_text"].widget = forms.CheckboxInput()
        if name == self.rich_text_field:
            self.rich_text_preview = self.preview({**cleaned, name: cleaned_text})
        self.add_error(
            name,
            ValidationError(
                "Not saved yet: the public page would not show "
                + "; ".join(removed)
                + ". The preview above shows the page as the public would see it. Tick "
                "“Save the cleaned text” and save again to save it like that, or change the text.",
                code="sanitized",
            ),
        )

    def preview(self, values: dict) -> str:
        raise NotImplementedError


def preview_summary(values: dict) -> str:
    """A summary as its topic page renders it (the public partial), from unsaved values."""
    kind = values.get("source_kind") or Summary.SourceKind.COTATI_CODE
    sections = list(values.get("sections") or [])
    summary = SimpleNamespace(
        pk="preview",
        headline=values.get("headline") or "",
        body=values.get("body") or "",
        applies_when=values.get("applies_when") or "",
        source_kind=kind,
        get_source_kind_display=dict(Summary.SourceKind.choices).get(kind, ""),
        sections=SimpleNamespace(all=sections),
        citation_text=values.get("citation_text") or "",
        basis=values.get("basis") or "",
        basis_note=values.get("basis_note") or "",
        checked_on=values.get("checked_on"),
        code_changed_on=None,
        proposed_sections=[],
    )
    # Its citations land on their anchors as on the topic page (content.section_anchors).
    anchors = section_anchors({s.number for s in sections}, default_as_of())
    return mark_safe(
        render_to_string(
            "admin/guidance/_rich_text_preview.html",
            {"summary": summary, "section_anchors": anchors},
        )
    )


def preview_faq(values: dict) -> str:
    faq = SimpleNamespace(
        pk="preview", question=values.get("question") or "", answer=values.get("answer") or ""
    )
    return mark_safe(render_to_string("admin/guidance/_rich_text_preview.html", {"faq": faq}))


class SummaryForm(TranslatedFormMixin, BasisCheckedMixin, RichTextCheckedForm):
    conflict_fields = ("headline", "body", "headline_es", "body_es")
    rich_text_field = "body"
    rich_text_fields = ("body", "body_es")

    def preview(self, values):
        return preview_summary(values)


class TopicForm(TranslatedFormMixin, RevisionCheckedForm):
    conflict_fields = ("title", "intro", "title_es", "intro_es")
    # The features are the families' (the registry's), not a list in the model.
    feature = forms.ChoiceField(
        choices=feature_choices,
        required=False,
        help_text=Topic._meta.get_field("feature").help_text,
    )


class FAQForm(TranslatedFormMixin, BasisCheckedMixin, RichTextCheckedForm):
    conflict_fields = ("question", "answer", "question_es", "answer_es")
    rich_text_field = "answer"
    rich_text_fields = ("answer", "answer_es")

    def preview(self, values):
        return preview_faq(values)
