"""Staff add a section's official text: the parser, the admin page and the command."""

import io
import json
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.core.management import CommandError, call_command

from cotati_site.codebook.models import CodeSection, SectionVersion, TextSource, VersionStatus
from cotati_site.codebook.official_text import parse_official_text, split_sections
from cotati_site.guidance import review
from cotati_site.guidance.models import Summary

PASTES = Path(__file__).parent / "pastes"
FIXTURES = Path(__file__).parents[2] / "fixtures"
SHIPPED = json.loads((FIXTURES / "sections.json").read_text())
# A section's text lives on its versions: the shipped adopted, official one.
SHIPPED_TEXT = {
    item["fields"]["section"]: item["fields"]["body"]
    for item in json.loads((FIXTURES / "versions.json").read_text())
    if item["fields"]["status"] == "adopted" and item["fields"].get("text_source") == "official"
}


def shipped(number):
    fields = next(item["fields"] for item in SHIPPED if item["pk"] == number)
    return {**fields, "body": SHIPPED_TEXT[number]}


def paste(name):
    return (PASTES / name).read_text(encoding="utf-8")


# The parser ----------------------------------------------------------------------------------


def test_a_pasted_section_parses_into_the_blocks_the_site_ships_for_it():
    # § 17.24.020 as copied from the code host: Table 2-4 as tab-separated rows, two of
    # them wrapped (a lone continuation line; a row of empty cells ending in "acres"), its
    # notes split by a page break and one note wrapped, the host's page furniture, the
    # history line. The site's own transcription of the same section is the answer.
    parsed = parse_official_text(paste("17.24.020.txt"))
    assert parsed.blocks == shipped("17.24.020")["body"]
    assert parsed.history == shipped("17.24.020")["history"]
    assert parsed.number == "17.24.020"
    assert parsed.title == "Zoning district subdivision and density standards"
    assert parsed.source_url == "https://ecode360.com/CO4398"
    assert parsed.retrieved_on == date(2026, 5, 11)
    assert parsed.warnings == []


def test_a_pipe_table_with_wrapped_rows_is_joined_back_row_by_row():
    parsed = parse_official_text(paste("17.30.030-table-3-2.txt"))
    label, table = parsed.blocks
    assert label == {
        "type": "paragraph",
        "label": "B.",
        "level": 1,
        "text": "Height Limits. Each fence, wall, and hedge shall comply with the height "
        "limits shown in Table 3-2.",
    }
    assert table["caption"] == "Table 3-2 Maximum Height of Fences, Walls, and Hedges"
    assert table["head"] == [["Location of Fence, Wall, or Hedge", "Maximum Height (2)"]]
    assert len(table["rows"]) == 7  # three wrapped lines joined to the first row, one to the fifth
    first = table["rows"][0]
    assert first[0] == "Within front or street side setback"
    assert first[1].startswith("Solid wall, hedge, or fencing: 42 in. Fencing: 42 in.")
    assert "a. Up to 6 ft. is allowed in RR; and b. From 42 to 72 in." in first[1]
    assert first[1].endswith("(Height limit at street corners)")
    assert table["rows"][4] == [
        "Within 20 ft. of a front or street side property line",
        "42 in. for solid wall, hedge, or fencing 6 ft. for open fencing",
    ]
    assert [note[:3] for note in table["notes"]] == ["(1)", "(2)"]
    assert parsed.history == "(Ord. 766 § 2 Exh. A (part), 2004; Ord. 935, 6/24/2025)"
    # No download line in this paste: the admin asks for the source and date instead.
    assert parsed.source_url == "" and parsed.retrieved_on is None


@pytest.mark.parametrize(
    ("text", "blocks"),
    [
        ("A. First.\n\nB. Second.", [("A.", 1), ("B.", 1)]),
        ("1. One.\n\n(a) Sub.\n\n(iv) Roman.", [("1.", 2), ("(a)", 3), ("(iv)", 4)]),
        ("• A. Bulleted.", [("A.", 1)]),
        ("Plain words\nwrapped over lines.", [(None, None)]),
    ],
)
def test_paragraph_labels_and_levels_are_kept(text, blocks):
    parsed = parse_official_text(text)
    assert [(b.get("label"), b.get("level")) for b in parsed.blocks] == blocks


def test_a_table_with_no_rows_is_reported_not_lost():
    parsed = parse_official_text("Table 9-9\nA title with no rows\n\nAfter the table.")
    assert parsed.blocks[0]["caption"] == "Table 9-9 A title with no rows"
    assert parsed.blocks[-1]["text"] == "After the table."
    assert any("Table 9-9" in warning for warning in parsed.warnings)


def test_an_empty_paste_warns():
    assert parse_official_text("  \n\n").warnings == ["No text was found to save."]


def test_a_file_of_sections_splits_at_each_section_line():
    text = paste("17.24.020.txt") + "\n\n" + paste("17.30.030-table-3-2.txt")
    pieces = split_sections(text)
    assert [parse_official_text(piece).number for piece in pieces] == ["17.24.020", "17.30.030"]


# The admin page ------------------------------------------------------------------------------

URL = "/admin/codebook/codesection/17.30.030/official-text/"


def staff(client, *, superuser=False, permission=False, editor=False):
    user = User.objects.create_user("staffer", password="x", is_staff=True)
    user.is_superuser = superuser
    user.save()
    if permission:
        user.user_permissions.add(Permission.objects.get(codename="adopt_official_text"))
    if editor:
        user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return user


FIELDS = {
    "source": "Ord. 935",
    "effective_on": "2026-11-01",  # after the version in force (2026-06-20)
    "source_url": "https://ecode360.com/CO4398",
    "retrieved_on": "2026-05-11",
}


@pytest.mark.django_db
def test_editors_may_not_add_code_text(client):
    staff(client, editor=True)
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"pasted_text": "A. Text.", **FIELDS, "save": "1"}).status_code == 403
    assert not SectionVersion.objects.filter(source="Ord. 935", section_id="17.30.030").exists()


@pytest.mark.django_db
def test_preview_shows_the_parsed_text_and_fills_what_the_paste_says(client):
    staff(client, permission=True)
    response = client.post(URL, {"pasted_text": paste("17.24.020.txt"), "preview": "1"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "data-preview" in html and "<caption>Table 2-4 Parcel Size and Density Standards" in html
    form = response.context["form"]
    assert form.data["source_url"] == "https://ecode360.com/CO4398"
    assert form.data["retrieved_on"] == "2026-05-11"
    assert json.loads(form.data["parsed_blocks"]) == shipped("17.24.020")["body"]
    assert "source" in form.errors  # the ordinance is asked for beside its field
    assert not SectionVersion.objects.filter(source="Ord. 935", section_id="17.30.030").exists()


@pytest.mark.django_db
def test_staff_fix_the_parsed_result_and_save_it_as_adopted_text(client):
    staff(client, superuser=True)
    cited = set(Summary.objects.filter(sections="17.30.030").values_list("pk", flat=True))
    assert cited
    fixed = parse_official_text(paste("17.30.030-table-3-2.txt")).blocks
    fixed[1]["rows"][0][0] = "Within a front or street side setback"  # the staff's fix
    response = client.post(
        URL,
        {
            "pasted_text": paste("17.30.030-table-3-2.txt"),
            "parsed_blocks": json.dumps(fixed),
            **FIELDS,
            "save": "1",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    version = SectionVersion.objects.get(section_id="17.30.030", source="Ord. 935")
    assert version.status == VersionStatus.ADOPTED
    assert version.body == fixed
    assert version.text_source == TextSource.OFFICIAL
    assert version.retrieved_on == date(2026, 5, 11)
    section = CodeSection.objects.get(pk="17.30.030")
    assert section.version_in_force(version.effective_on).body == fixed
    assert section.text_source == TextSource.OFFICIAL
    assert section.history == "(Ord. 766 § 2 Exh. A (part), 2004; Ord. 935, 6/24/2025)"
    assert section.text_source_note == ""
    # Every summary citing the section needs review now.
    assert cited <= set(review.summaries_needing_review(date.today()))
    page = client.get("/code/17.30.030/").content.decode()
    assert "Within a front or street side setback" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        ("[{not json", "Enter a valid JSON"),
        (json.dumps([{"type": "table"}]), "needs a list of rows"),
    ],
)
def test_a_broken_parsed_result_is_refused_beside_its_field_nothing_lost(client, blocks, message):
    staff(client, superuser=True)
    text = paste("17.30.030-table-3-2.txt")
    response = client.post(
        URL, {"pasted_text": text, "parsed_blocks": blocks, **FIELDS, "save": "1"}
    )
    assert response.status_code == 200
    assert message in str(response.context["form"].errors["parsed_blocks"])
    assert response.context["form"].data["pasted_text"] == text
    assert not SectionVersion.objects.filter(source="Ord. 935", section_id="17.30.030").exists()


@pytest.mark.django_db
def test_the_section_edit_page_links_to_the_official_text_page_for_those_allowed(client):
    staff(client, superuser=True)
    html = client.get("/admin/codebook/codesection/17.30.030/change/").content.decode()
    assert "data-official-text-link" in html and URL in html


# The command ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_command_saves_many_sections_from_a_file(tmp_path):
    file = tmp_path / "sections.txt"
    file.write_text(paste("17.24.020.txt") + "\n\n" + paste("17.30.030-table-3-2.txt"))
    call_command(
        "import_official_text",
        str(file),
        "--source=Ord. 935",
        "--effective-on=2025-07-24",
        "--retrieved-on=2026-05-11",
        "--source-url=https://ecode360.com/CO4398",
        stdout=io.StringIO(),
    )
    for number in ("17.24.020", "17.30.030"):
        version = SectionVersion.objects.get(section_id=number, source="Ord. 935")
        assert version.status == VersionStatus.ADOPTED
        assert version.effective_on == date(2025, 7, 24)
    assert (
        SectionVersion.objects.get(section_id="17.24.020", source="Ord. 935").body
        == (shipped("17.24.020")["body"])
    )


@pytest.mark.django_db
def test_the_command_saves_nothing_when_one_section_is_unknown(tmp_path):
    file = tmp_path / "sections.txt"
    file.write_text(paste("17.24.020.txt") + "\n\n§ 99.99.999 No such section.\n\nA. Text.\n")
    before = SectionVersion.objects.count()
    with pytest.raises(CommandError, match="99.99.999: no such section"):
        call_command(
            "import_official_text",
            str(file),
            "--source=Ord. 935",
            "--effective-on=2025-07-24",
            stdout=io.StringIO(),
        )
    assert SectionVersion.objects.count() == before


@pytest.mark.django_db
def test_the_command_dry_run_reports_and_saves_nothing(tmp_path, capsys):
    file = tmp_path / "sections.txt"
    file.write_text(paste("17.24.020.txt"))
    before = SectionVersion.objects.count()
    call_command(
        "import_official_text",
        str(file),
        "--source=Ord. 935",
        "--effective-on=2025-07-24",
        "--dry-run",
    )
    out = capsys.readouterr().out
    assert "§ 17.24.020" in out and "1 tables" in out and "Dry run" in out
    assert SectionVersion.objects.count() == before
