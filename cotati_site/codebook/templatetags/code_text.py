"""The code's text on a page: anchors on its tables and subsections, cross-references as
links, and citations that land on the table or subsection they name (cotati_site.codebook.anchors)."""

from django import template
from django.urls import reverse

from cotati_site.codebook import anchors

register = template.Library()


@register.filter
def anchored(blocks):
    """The blocks with the anchor each is printed with (``block.anchor``, ``block.note_anchors``)."""
    return anchors.anchored_blocks(blocks)


@register.filter
def xref(text, known):
    """The text escaped, with its references to sections and chapters on the site as links
    (``known``: a KnownNumbers from ``content.known_numbers``; without it, no links)."""
    return anchors.link_references(text, known if isinstance(known, anchors.KnownNumbers) else None)


@register.filter
def note_anchor_at(note_anchors, index):
    try:
        return note_anchors[index]
    except (IndexError, TypeError):
        return None


@register.filter
def in_list(value, items):
    return value in (items or ())


@register.simple_tag(takes_context=True)
def cite_href(context, section: str, citation: str = "") -> str:
    """The address of ``section`` with the anchor ``citation`` names ("Table 2-10" →
    ``#table-2-10``), when the page's ``section_anchors`` (``content.section_anchors``) say the
    text in force prints it; else the section's address."""
    url = reverse("section_detail", args=[section])
    known = (context.get("section_anchors") or {}).get(section)
    return anchors.citation_href(url, citation, known)
