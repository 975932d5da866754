"""What the sanitizer would remove from staff text, said before it is saved.

``rich_text.sanitize`` has the last word on every page, and it drops whatever is outside the
small formatting subset staff may use. Dropped silently, a slip costs text: an unclosed
``<style>`` swallows the rest of a summary. ``removals()`` lists, in words an editor can act
on, the tags, attributes, links and text the public page would not show; ``cleaned_source()``
is the editor's text with exactly those removed (still plain text with blank lines), which is
what the admin saves once the editor confirms.
"""

from __future__ import annotations

import difflib
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import nh3
from django.utils.text import Truncator

from cotati_site.core.templatetags.rich_text import (
    ALLOWED_ATTRIBUTES,
    ALLOWED_TAGS,
    DROPPED_WITH_CONTENT,
    URL_SCHEMES,
    sanitize,
)

_WORDS = re.compile(r"\S+")


class _Reader(HTMLParser):
    """Tags, attributes and the text of a fragment, as a browser-like parser sees them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str]] = []
        self.links: list[str] = []
        self.comments = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED_TAGS:
            self.tags.append(tag)
            return
        allowed = ALLOWED_ATTRIBUTES.get(tag, set())
        for name, value in attrs:
            if name not in allowed:
                self.attributes.append((tag, name))
            elif name == "href" and value is not None and not _safe_link(value):
                self.links.append(value)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_comment(self, data):
        self.comments += 1

    def handle_data(self, data):
        self.text.append(data)


def _safe_link(href: str) -> bool:
    scheme = urlsplit(href.strip()).scheme.lower()
    return not scheme or scheme in URL_SCHEMES


def _read(html: str) -> _Reader:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    if reader.rawdata:
        # An unclosed <script> or <style>: the parser holds the rest back as its content.
        reader.text.append(reader.rawdata)
    return reader


def _unique(items):
    return list(dict.fromkeys(items))


def cleaned_source(text: str) -> str:
    """The editor's text with what the sanitizer would drop taken out; blank lines kept."""
    return nh3.clean(
        text or "",
        tags=ALLOWED_TAGS,
        clean_content_tags=DROPPED_WITH_CONTENT,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel=None,
        strip_comments=True,
    )


def removals(text: str) -> list[str]:
    """Each thing the public page would not show of ``text``, as a phrase; [] if none."""
    if not text:
        return []
    typed = _read(text)
    shown = _read(sanitize(text))
    found = [f"the <{tag}> tag" for tag in _unique(typed.tags)]
    found += [f"the {name} attribute of <{tag}>" for tag, name in _unique(typed.attributes)]
    found += [f"the link to “{Truncator(href).chars(60)}”" for href in _unique(typed.links)]
    if typed.comments:
        found.append("HTML comments")
    typed_words = _WORDS.findall(" ".join(typed.text))
    shown_words = _WORDS.findall(" ".join(shown.text))
    matcher = difflib.SequenceMatcher(a=typed_words, b=shown_words, autojunk=False)
    for op, a1, a2, _b1, _b2 in matcher.get_opcodes():
        if op in ("delete", "replace"):
            lost = " ".join(typed_words[a1:a2])
            found.append(f"the text “{Truncator(lost).words(40)}”")
    return found
