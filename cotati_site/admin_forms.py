"""Forms the staff admin uses: safe concurrent editing, pasting a version's text, promoting
a proposal to adopted law."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import Truncator

from cotati_site.models import SectionVersion, TextSource, VersionStatus
from cotati_site.sources import basis_problem
from cotati_site.versions import text_to_blocks


class RevisionCheckedForm(forms.ModelForm):
    """Refuses a save made from a form that showed an older revision of the record.

    The form carries the revision it was shown (a hidden field); if someone saved the record
    since, ``clean()`` refuses with the current text, so nothing is silently overwritten.
    The model's ``save()`` bumps the revision. Subclasses name the fields to show in the
    refusal in ``conflict_fields``.
    """

    conflict_fields: tuple[str, ...] = ()

    shown_revision = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

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
        if shown is None and "shown_revision" not in self.errors:
            # A change form always carries the revision it showed; one without it cannot
            # prove it saw the current text, so it is refused rather than trusted.
            raise ValidationError(
                "This form does not say which version of the record it showed; reload the page "
                "and make your changes again.",
                code="stale",
            )
        stored = self._stored_revision()
        if stored is not None and stored != shown:
            current = type(self.instance)._default_manager.get(pk=self.instance.pk)
            raise ValidationError(self.conflict_message(current), code="stale")
        return cleaned

    def conflict_message(self, current) -> str:
        model = current._meta.verbose_name
        parts = [
            f"{current._meta.get_field(name).verbose_name.capitalize()}: "
            f"“{Truncator(str(getattr(current, name) or '')).chars(600)}”"
            for name in self.conflict_fields
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
    (``cotati_site.sources``): 'code text' only when every cited section holds official text."""

    def clean(self):
        cleaned = super().clean()
        if "basis" in self.fields and "sections" in self.fields:
            problem = basis_problem(cleaned.get("basis") or "", cleaned.get("sections") or [])
            if problem:
                self.add_error("basis", problem)
        return cleaned


class SummaryForm(BasisCheckedMixin, RevisionCheckedForm):
    conflict_fields = ("headline", "body")


class TopicForm(RevisionCheckedForm):
    conflict_fields = ("title", "intro")


class FAQForm(BasisCheckedMixin, RevisionCheckedForm):
    conflict_fields = ("question", "answer")


class SectionVersionForm(forms.ModelForm):
    """Staff paste the official text; it becomes paragraph blocks (tables may be entered as
    blocks in the body field)."""

    pasted_text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 14}),
        label="Paste the official text",
        help_text=(
            "Paste the section's text as published. Each paragraph (separated by a blank line, or "
            "one per line) becomes a block; labels such as 'A.', '1.', 'a.' or '(1)' are kept. When "
            "filled in, this replaces the body below."
        ),
    )

    source_url = forms.URLField(
        required=False,
        max_length=500,
        assume_scheme="https",
        help_text=SectionVersion._meta.get_field("source_url").help_text,
    )

    class Meta:
        model = SectionVersion
        fields = (
            "section",
            "part",
            "status",
            "source",
            "proposed_as",
            "adopted_on",
            "effective_on",
            "body",
            "notes",
            "staff_note",
            "text_source",
            "source_url",
            "retrieved_on",
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "text_source" in self.fields:  # pasted text is official text unless staff say otherwise
            self.fields["text_source"].required = False

    def clean(self):
        cleaned = super().clean()
        if "text_source" in self.fields and not cleaned.get("text_source"):
            cleaned["text_source"] = TextSource.OFFICIAL
        pasted = cleaned.get("pasted_text")
        if pasted and pasted.strip():
            cleaned["body"] = text_to_blocks(pasted)
        if not cleaned.get("body"):
            self.add_error("pasted_text", "Paste the text of this version (or enter its blocks).")
        if cleaned.get("status") == VersionStatus.ADOPTED and not cleaned.get("effective_on"):
            self.add_error("effective_on", "An adopted version needs the date it takes effect.")
        return cleaned

    def save(self, commit=True):
        self.instance.body = self.cleaned_data["body"]
        return super().save(commit)


class PromoteForm(forms.Form):
    """The intermediate page of the 'Promote to adopted' action."""

    ordinance = forms.CharField(
        max_length=200, help_text="The adopting ordinance, e.g. 'Ord. 945'."
    )
    adopted_on = forms.DateField(
        required=False,
        help_text="The date the council adopted it (YYYY-MM-DD).",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    effective_on = forms.DateField(
        help_text="The date it takes effect (YYYY-MM-DD); until then the text in force stays.",
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def clean(self):
        cleaned = super().clean()
        adopted, effective = cleaned.get("adopted_on"), cleaned.get("effective_on")
        if adopted and effective and effective < adopted:
            self.add_error("effective_on", "It cannot take effect before it is adopted.")
        return cleaned
