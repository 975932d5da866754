"""Forms the staff admin uses: safe concurrent editing, formatting checked before it is saved,
pasting a version's text, promoting a proposal to adopted law."""

from contextvars import ContextVar
from types import SimpleNamespace

from django import forms
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.text import Truncator

from cotati_site import rich_text_check
from cotati_site.models import SectionVersion, Summary, TextSource, VersionStatus
from cotati_site.sources import basis_problem
from cotati_site.versions import text_to_blocks

# Records (label, pk) whose save lost a race in this request: the admin shows the form again
# and these forms refuse, whatever the database says by then (services.StaleEdit).
refused_as_stale: ContextVar[frozenset] = ContextVar("refused_as_stale", default=frozenset())


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
        key = (self.instance._meta.label_lower, str(self.instance.pk))
        if (stored is not None and stored != shown) or key in refused_as_stale.get():
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


class RichTextCheckedForm(RevisionCheckedForm):
    """Staff text the sanitizer would change is shown, not silently cut, before it is saved.

    When the public page would not show part of what the editor typed in a formatted field
    (``rich_text_field``), the first save is refused with the list of what would be removed
    and a preview of the record as the public will see it; ticking "Save the cleaned text"
    saves the text with exactly those parts removed.
    """

    rich_text_field = ""

    save_cleaned_text = forms.BooleanField(
        required=False,
        widget=forms.HiddenInput,
        label="Save the cleaned text",
        help_text="Save the text as previewed above, without the parts listed as removed.",
    )

    rich_text_preview = ""

    def clean(self):
        cleaned = super().clean()
        name = self.rich_text_field
        text = cleaned.get(name)
        if name not in self.fields or not text:
            return cleaned
        removed = rich_text_check.removals(text)
        if not removed:
            return cleaned
        cleaned_text = rich_text_check.cleaned_source(text)
        if cleaned.get("save_cleaned_text"):
            cleaned[name] = cleaned_text
            return cleaned
        self.fields["save_cleaned_text"].widget = forms.CheckboxInput()
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
        return cleaned

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
    from cotati_site.content import section_anchors
    from rules.presentation import default_as_of

    anchors = section_anchors({s.number for s in sections}, default_as_of())
    return mark_safe(
        render_to_string(
            "admin/cotati_site/_rich_text_preview.html",
            {"summary": summary, "section_anchors": anchors},
        )
    )


def preview_faq(values: dict) -> str:
    faq = SimpleNamespace(
        pk="preview", question=values.get("question") or "", answer=values.get("answer") or ""
    )
    return mark_safe(render_to_string("admin/cotati_site/_rich_text_preview.html", {"faq": faq}))


class SummaryForm(BasisCheckedMixin, RichTextCheckedForm):
    conflict_fields = ("headline", "body")
    rich_text_field = "body"

    def preview(self, values):
        return preview_summary(values)


class TopicForm(RevisionCheckedForm):
    conflict_fields = ("title", "intro")


class FAQForm(BasisCheckedMixin, RichTextCheckedForm):
    conflict_fields = ("question", "answer")
    rich_text_field = "answer"

    def preview(self, values):
        return preview_faq(values)


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
            "proposal",
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
    """The intermediate page of the 'Promote to adopted' and 'Adopt' actions."""

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


class OfficialTextForm(forms.Form):
    """Paste a section's official text, check the parsed result, save it as adopted law."""

    pasted_text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 18, "cols": 100}),
        label="Official text, as copied from the code host",
        help_text=(
            "Paste the whole section. Paragraphs are separated by blank lines; labels such as "
            "'A.' or '(1)' are kept. Paste a table as rows with tabs (from a spreadsheet) or '|' "
            "between cells, after its 'Table 2-10' line; 'Notes:' and the '(1) …' lines after it "
            "become its notes. The ordinance history line and the 'Downloaded from … on …' line "
            "are recognised."
        ),
    )
    parsed_blocks = forms.JSONField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 18, "cols": 100}),
        label="Parsed result (fix anything the parser got wrong)",
        help_text=(
            "The blocks the preview shows, as JSON. Edit and press Preview to see the change; "
            "Save stores exactly this. Leave empty to parse the pasted text again."
        ),
    )
    source = forms.CharField(
        max_length=200,
        label="Ordinance",
        help_text="The ordinance the text comes from, e.g. 'Ord. 935'.",
    )
    adopted_on = forms.DateField(required=False, help_text="When the council adopted it, if known.")
    effective_on = forms.DateField(help_text="The date this text took effect.")
    history = forms.CharField(
        max_length=500,
        required=False,
        label="Ordinance history line",
        help_text="As printed under the section; filled from the pasted text when it holds one.",
    )
    source_url = forms.URLField(
        max_length=500,
        assume_scheme="https",
        help_text="Where the official text can be read; filled from a 'Downloaded from' line.",
    )
    retrieved_on = forms.DateField(
        help_text="The day the text was copied; filled from a 'Downloaded from' line."
    )

    def clean_parsed_blocks(self):
        blocks = self.cleaned_data.get("parsed_blocks")
        if blocks in (None, "", []):
            return None
        from cotati_site.models import validate_body

        validate_body(blocks)
        return blocks
