"""Forms the code book's admin uses: pasting a version's text, promoting a proposed version
to adopted law, withdrawing a proposal, adding a section's official text."""

from django import forms

from cotati_site.codebook.blocks import validate_body
from cotati_site.codebook.models import SectionVersion, TextSource, VersionStatus
from cotati_site.codebook.redline import text_to_blocks


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


class DateWidget(forms.DateInput):
    """The browser's date field. It shows and takes the date in the reader's own format
    (mm/dd/yyyy in US English), so the help beside it names no format; its value is always
    ISO 8601, whatever the language the page is in (a localized value would leave it empty)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class PromoteForm(forms.Form):
    """The intermediate page of the 'Promote to adopted' and 'Adopt' actions."""

    ordinance = forms.CharField(
        max_length=200, help_text="The adopting ordinance, e.g. 'Ord. 945'."
    )
    adopted_on = forms.DateField(
        required=False,
        help_text="The date the council adopted it.",
        widget=DateWidget(),
    )
    effective_on = forms.DateField(
        help_text="The date it takes effect; until then the text in force stays.",
        widget=DateWidget(),
    )

    def clean(self):
        cleaned = super().clean()
        adopted, effective = cleaned.get("adopted_on"), cleaned.get("effective_on")
        if adopted and effective and effective < adopted:
            self.add_error("effective_on", "It cannot take effect before it is adopted.")
        return cleaned


class WithdrawForm(forms.Form):
    """The intermediate page of the 'Withdraw' action on a proposal."""

    withdrawn_on = forms.DateField(
        help_text="The date it was voted down or dropped.",
        widget=DateWidget(),
    )


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
        validate_body(blocks)
        return blocks
