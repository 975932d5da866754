"""The anchor scheme: what a citation names, what a text prints, and cross-references."""

import pytest

from cotati_site.codebook.anchors import (
    CONTENTS_MIN_ENTRIES,
    KnownNumbers,
    anchored_blocks,
    block_anchors,
    citation_anchor,
    citation_href,
    contents,
    link_references,
    referenced_numbers,
)


@pytest.mark.parametrize(
    ("citation", "anchor"),
    [
        ("Table 2-10", "table-2-10"),
        ("Table 2-4", "table-2-4"),
        ("Table 3-2, note (1)", "table-3-2-note-1"),
        ("Table 2-4, notes (1) and (2)", "table-2-4-note-1"),
        ("Tables 2-5 to 2-18", "table-2-5"),
        ("§ 17.30.020(F), Table 3-1", "table-3-1"),
        ("C", "sub-c"),
        ("C(2)", "sub-c-2"),
        ("§ 17.24.040(A)(1)–(2)", "sub-a-1"),
        ("§ 17.36.090(A)(4)", "sub-a-4"),
        ("height", None),
        ("limits", None),
        ("development permit", None),
        ("Health & Safety Code § 1597.45(a)", "sub-a"),
        ("", None),
        (None, None),
    ],
    ids=lambda v: repr(v),
)
def test_a_citation_names_the_table_note_or_subsection_it_cites(citation, anchor):
    assert citation_anchor(citation) == anchor


def _para(label, text="Heading. Words."):
    return {"type": "paragraph", "label": label, "text": text}


def test_subsections_are_anchored_by_the_path_of_their_labels_whatever_level_is_stored():
    blocks = [
        _para("A."),
        {**_para("1."), "level": 1},  # stored levels are unreliable in the fixtures
        _para("a."),
        _para("b."),
        _para("2."),
        _para("B."),
        {"type": "paragraph", "text": "An unlabelled paragraph."},
        _para("[2]"),  # an editor's note marker, not a subsection
        _para("(1)"),
    ]
    assert [b["anchor"] for b in anchored_blocks(blocks)] == [
        "sub-a",
        "sub-a-1",
        "sub-a-1-a",
        "sub-a-1-b",
        "sub-a-2",
        "sub-b",
        None,
        None,
        "sub-b-1",
    ]


def test_tables_and_their_notes_are_anchored_by_their_numbers_and_ids_never_repeat():
    table = {
        "type": "table",
        "caption": "Table 3-2 Maximum Height of Fences",
        "rows": [["a", "b"]],
        "notes": ["(1) One.", "(2) Two.", "* Unnumbered."],
    }
    untitled = {"type": "table", "rows": [["x"]]}
    blocks = anchored_blocks([table, untitled, table, _para("A."), _para("A.")])
    assert blocks[0]["anchor"] == "table-3-2"
    assert blocks[0]["note_anchors"] == ["table-3-2-note-1", "table-3-2-note-2", None]
    assert blocks[1]["anchor"] == "table-2"
    assert blocks[2]["anchor"] == "table-3-2-2"
    assert [blocks[3]["anchor"], blocks[4]["anchor"]] == ["sub-a", "sub-a-2"]
    printed = block_anchors([table, untitled, table])
    assert len(printed) == 7  # three tables, four numbered notes, all distinct


def test_a_citation_links_its_anchor_only_where_the_text_prints_it():
    anchors = frozenset({"table-2-10"})
    assert citation_href("/code/17.24.030/", "Table 2-10", anchors) == "/code/17.24.030/#table-2-10"
    # Table 2-16 is not in our copy of the code: the link lands on the section, not nowhere.
    assert citation_href("/code/17.24.030/", "Table 2-16", anchors) == "/code/17.24.030/"
    assert citation_href("/code/17.24.030/", "height", anchors) == "/code/17.24.030/"
    assert citation_href("/code/17.24.030/", "Table 2-10", None) == "/code/17.24.030/"


def test_long_texts_get_a_contents_list_and_short_ones_do_not():
    few = [_para(label, "Purpose. Words.") for label in ("A.", "B.", "C.")]
    assert contents(few) == []
    many = [*few, {"type": "table", "caption": "Table 2-5 OSC Zone Standards", "rows": []}]
    assert len(many) == CONTENTS_MIN_ENTRIES
    entries = contents(many)
    assert [(e.anchor, e.label, e.title) for e in entries] == [
        ("sub-a", "A.", "Purpose"),
        ("sub-b", "B.", "Purpose"),
        ("sub-c", "C.", "Purpose"),
        ("table-2-5", "", "Table 2-5 OSC Zone Standards"),
    ]
    nested = [*few, _para("1."), _para("2."), _para("3.")]  # numbered items are not listed
    assert contents(nested) == []


def test_references_are_found_in_every_form_the_code_writes_them():
    sections, chapters = referenced_numbers(
        [
            "See Section 17.30.020 (Setbacks) and § 17.30.040(D).",
            "See also Section 17.30.040E (Height limit at street corners)",
            "See Chapter 17.34 (Landscaping Standards) and Chapters 17.36.",
            "Not a reference: 1.5 acres, 17.5 ft, 2026.10.100.5",
        ]
    )
    assert sections == {"17.30.020", "17.30.040", "17.30.040E"}
    assert chapters == {"17.34", "17.36"}


@pytest.mark.django_db
def test_references_link_only_sections_and_chapters_on_the_site_and_never_the_page_itself():
    known = KnownNumbers(
        sections=frozenset({"17.30.020", "17.30.040"}),
        chapters=frozenset({"17.36"}),
        this_section="17.30.040",
    )
    html = str(
        link_references(
            "Section 17.30.020 & 17.42.999; this § 17.30.040; 17.30.040E; Chapter 17.36, Chapter 17.99 <b>",
            known,
        )
    )
    assert html.count("<a ") == 2
    assert '<a href="/code/17.30.020/" data-xref="17.30.020">17.30.020</a>' in html
    assert 'Chapter <a href="/code/17.36/" data-xref="17.36">17.36</a>' in html
    assert "17.42.999" in html and "/code/17.42.999/" not in html  # not on the site
    assert "&amp;" in html and "&lt;b&gt;" in html  # the text itself is escaped
    assert str(link_references("Section 17.30.020 <b>", None)) == "Section 17.30.020 &lt;b&gt;"
