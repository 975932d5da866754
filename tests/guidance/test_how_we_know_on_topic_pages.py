"""Topic pages keep the notes about this site's own sources in one "How we know this" per rule
(issue 21): the key numbers say once per rule which of its figures come from a secondary source
or from this site's reading (law/reports/presentation.py, key_rows), and a summary's or FAQ's
basis note sits in its own disclosure, never in the sentences a reader reads first."""

import re
from html import unescape

import pytest

from cotati_site.core.as_of import default_as_of
from cotati_site.guidance.models import Topic
from law.reports.presentation import FEATURE_RULES, key_numbers_for

# What the pages' own notes about our sources say (the key numbers' provenance, the basis
# notes' default and the ADU FAQ's note). Sentences staff wrote into a summary's or FAQ's own
# text ("as reported by a peer website") are content, reviewed with it, not these notes.
SOURCE_WORDS = (
    "secondary source",
    "public repository",
    "public pages quoting",
    "the figure is how this site reads it",
)
DISCLOSURE = re.compile(r'<details class="how-we-know">.*?</details>', re.S)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize("feature", sorted(FEATURE_RULES))
def test_each_rule_of_the_key_numbers_says_how_we_know_once(feature):
    numbers = key_numbers_for(feature, default_as_of())
    assert [row.record for row in numbers.rows] == numbers.records
    told: dict[str, int] = {}
    for row in numbers.rows:
        if row.how_we_know is not None:
            assert row.how_we_know.rule == row.record.rule
            told[row.record.rule] = told.get(row.record.rule, 0) + 1
    # Once per rule, on its first row, and only for a rule with a figure not from the text.
    assert set(told.values()) <= {1}
    not_from_text = {r.rule for r in numbers.records if r.source != "code_text"}
    assert set(told) == not_from_text
    for row in numbers.rows:
        if row.how_we_know is None:
            continue
        rule_records = [r for r in numbers.records if r.rule == row.record.rule]
        assert row.record is rule_records[0]
        covered = [r for known in row.how_we_know.provenance for r in known.records]
        assert sorted(r.id for r in covered) == sorted(
            r.id for r in rule_records if r.source != "code_text"
        )
        for known in row.how_we_know.provenance:
            assert {r.source for r in known.records} == {known.kind}
            assert known.every == (len(known.records) == len(rule_records))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", "/es"])
def test_topic_pages_say_where_we_know_things_from_only_in_their_disclosures(client, language):
    for topic in Topic.objects.all():
        html = client.get(f"{language}/topics/{topic.slug}/").content.decode()
        public = DISCLOSURE.sub("", html)
        # A summary's or FAQ's basis note is said only inside its disclosure.
        assert 'class="basis"' not in public, topic.slug
        for words in SOURCE_WORDS:
            assert words not in text(public), (topic.slug, words)
        assert "(secondary source)" not in html and "(fuente secundaria)" not in html


@pytest.mark.django_db
def test_the_adu_topics_key_numbers_disclose_once_per_rule(client):
    html = client.get("/topics/adding-a-home-adus-jadus-sb9/").content.decode()
    table = re.search(r'<table class="key-table">.*?</table>', html, re.S).group(0)
    rows = re.findall(r'<tr data-standard="([^"]+)"[^>]*>(.*?)</tr>', table, re.S)
    numbers = key_numbers_for("adu", default_as_of())
    by_id = {row.record.id: row for row in numbers.rows}
    disclosed = [sid for sid, cells in rows if '<details class="how-we-know">' in cells]
    assert disclosed == [sid for sid in by_id if by_id[sid].how_we_know is not None]
    assert len(disclosed) == len({by_id[sid].record.rule for sid in disclosed})
    # A rule whose figures all come from the statute's text (the ADU review deadlines) has none.
    assert not any(by_id[sid].record.rule == "adu.review" for sid in disclosed)
    # A rule known partly from its text names the figures that are not.
    count = next(sid for sid in disclosed if by_id[sid].record.rule == "adu.count")
    cells = dict(rows)[count]
    assert "secondary source" in text(cells) and "single-family lot" in text(cells)


@pytest.mark.django_db
def test_a_secondary_faqs_basis_note_sits_in_its_disclosure(client):
    html = client.get("/topics/adding-a-home-adus-jadus-sb9/").content.decode()
    faq = re.search(
        r'<details class="faq"[^>]*data-basis="secondary".*?</details>\s*</details>', html, re.S
    )
    assert faq, "no FAQ known from a secondary source on the ADU topic"
    note = re.search(r'<details class="how-we-know">(.*?)</details>', faq.group(0), re.S)
    assert note and 'class="basis"' in note.group(1)
    assert "How we know this" in note.group(1)
