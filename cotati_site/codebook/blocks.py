"""The block format of a section version's body, the law's words as the site holds them: a
list of blocks, each a heading, a paragraph or a table (rows kept, so it renders as a
table). ``SectionVersion.body`` validates with ``validate_body``; the redline
(``redline.py``) and the anchors (``anchors.py``) read the same format."""

from django.core.exceptions import ValidationError

from cotati_site.codebook.redline import version_lines

BLOCK_TYPES = {"heading", "paragraph", "table"}


def validate_body(blocks) -> None:
    """Body text is a list of blocks; tables keep their rows so they render as tables."""
    if not isinstance(blocks, list):
        raise ValidationError("The body must be a list of blocks.")
    for index, block in enumerate(blocks, start=1):
        if not isinstance(block, dict) or block.get("type") not in BLOCK_TYPES:
            raise ValidationError(
                f"Block {index} needs a type: one of {', '.join(sorted(BLOCK_TYPES))}."
            )
        if block["type"] == "table" and not isinstance(block.get("rows"), list):
            raise ValidationError(f"Table block {index} needs a list of rows.")
        unseparated = block.get("unseparated_rows", [])
        if block["type"] == "table" and (
            not isinstance(unseparated, list)
            or not all(
                isinstance(n, int)
                and 0 <= n < len(block["rows"])
                and isinstance(block["rows"][n], list)
                for n in unseparated
            )
        ):
            raise ValidationError(
                f"Table block {index}: unseparated_rows lists the numbers (from 0) of its rows "
                "whose source runs struck and inserted wording together."
            )
        if block["type"] != "table" and not isinstance(block.get("text"), str):
            raise ValidationError(f"Block {index} needs its text.")


def body_as_text(blocks) -> str:
    """The words of a body, tables included, as plain text (for search and snippets)."""
    return "\n".join(version_lines(blocks))
