"""`{{ text|rich_text }}`: the little formatting staff may use in summaries and FAQ answers.

Staff write plain text; a blank line starts a new paragraph and a single line break stays a
line break. They may also use a small HTML subset: <strong>, <em>, <b>, <i>, <code>, lists
(<ul>, <ol>, <li>) and links (<a href="...">, http, https, mailto or a path on this site).
Whatever they type passes through nh3 last, so anything outside that subset — <script>,
<iframe>, <style>, event handlers like onerror=, style attributes, javascript: links — is
removed before it reaches a page.
"""

import re

import nh3
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import normalize_newlines

register = template.Library()

ALLOWED_TAGS = {"p", "br", "strong", "em", "b", "i", "code", "ul", "ol", "li", "a"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https", "mailto"}
# Tags whose content is dropped with them, not kept as text.
DROPPED_WITH_CONTENT = {"script", "style", "iframe", "object", "embed", "template", "noscript"}

_BLOCK_START = re.compile(r"^<(p|ul|ol)\b", re.IGNORECASE)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def _paragraphs(text: str) -> str:
    """Blank lines become paragraphs and single newlines <br>, except around a list staff typed."""
    blocks = []
    for block in _PARAGRAPH_BREAK.split(normalize_newlines(text).strip()):
        block = block.strip()
        if not block:
            continue
        if _BLOCK_START.match(block):
            blocks.append(block)
        else:
            blocks.append("<p>" + block.replace("\n", "<br>") + "</p>")
    return "\n".join(blocks)


def sanitize(text: str) -> str:
    """Staff text as safe HTML: paragraphs first, then nh3 has the last word."""
    return nh3.clean(
        _paragraphs(text or ""),
        tags=ALLOWED_TAGS,
        clean_content_tags=DROPPED_WITH_CONTENT,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


@register.filter(is_safe=True)
def rich_text(value) -> SafeString:
    return mark_safe(sanitize(str(value) if value is not None else ""))
