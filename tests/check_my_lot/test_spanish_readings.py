"""How this site reads each rule, in Spanish (issue 23): every record's reading has its Spanish
in the readings.es.toml beside it, written from the English it now has; the Spanish states
the English's figures and quotes the code's words as the English does; Check my lot and the
district pages show it under /es/ unmarked, and a reading whose English was reworded since
its Spanish was written shows in English, marked lang="en", with the page's note
(rules/wording/readings.py)."""

from __future__ import annotations

import html as html_module
import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from django.utils import translation

from cotati_site.core.translated import figure_mismatches
from law.engine.loader import law_files, load_standards
from rules.wording import readings
from rules.wording.cards import forget_cards
from rules.wording.readings import (
    QUOTED,
    ReadingsError,
    normalized,
    read_readings,
    reading_files,
    reading_folders,
    reading_text,
    readings_in_english,
    translated_reading,
    translations,
)
from tests.check_my_lot.test_spanish_pages import PLANS

SPANISH = "es"


# Glossary terms (docs/glossary-es.md): where the English reading says the first, its Spanish
# says the second (a pattern: singular or plural).
TERMS = {
    "setback": "retiro",
    "building permit": "permiso de construcción",
    "minor use permit": "permiso de uso menor",
    "administrative design review": "revisión de diseño administrativa",
    "planning division": "división de planificación",
    "building division": "división de construcción",
    "build-to line": "línea de construcción obligatoria",
    "accessory structure": r"estructuras? accesorias?",
    "accessory dwelling unit": r"unidad(?:es)? de vivienda accesoria \(adu\)",
    "sight visibility area": "área de visibilidad",
    "floor area": "área de piso",
    "impact fee": "tarifa de impacto",
    "interior livable space": "espacio habitable interior",
    "base flood elevation": "elevación de inundación base",
    "highest adjacent grade": "cota más alta del terreno adyacente",
    "substantial improvement": "mejora sustancial",
    "market value": "valor de mercado",
    "floodplain administrator": "administrador de la planicie de inundación",
    "home occupation": "ocupación en el hogar",
    "family child care home": "guardería familiar en el hogar",
    "cottage food operation": "operación de alimentos caseros",
    "business license": "licencia comercial",
    "urban lot split": "división urbana de lote",
    "two-unit development": "desarrollo de dos viviendas",
    "rowhouse": "casas en hilera",
    "common-interest": "de interés común",
    "legal nonconforming": "legal no conforme",
    "caretaker's unit": "vivienda para el cuidador",
    "ministerial": "ministerial",
    "lattice": "celosía",
    "wrought iron": "hierro forjado",
    "open design": "diseño abierto",
}
# Words the glossary rules out: "retirada" means withdrawn (never a setback), residents here
# rent ("rentar"), not "alquilar"; the reader is addressed as usted.
NEVER = re.compile(r"\bretirad[oa]s?\b|\balquil\w*|\b(?:tú|tienes|puedes|debes|confirma)\b")


@pytest.fixture(autouse=True)
def _fresh():
    """Cards and translations as the files say now (a test below reads copies)."""
    forget_cards()
    translations.cache_clear()
    yield
    forget_cards()
    translations.cache_clear()


def readings_by_folder() -> dict[Path, set[str]]:
    """Each folder's records' readings (normalized)."""
    folder_of = {path.name: path.parent for path in law_files()}
    found: dict[Path, set[str]] = defaultdict(set)
    for record in load_standards().records:
        if record.reading:
            found[folder_of[record.file]].add(normalized(record.reading))
    return found


def entries_by_folder() -> dict[Path, dict[str, str]]:
    """Each folder's readings.es.toml: English -> Spanish."""
    return {path.parent: dict(read_readings(path, SPANISH)) for path in reading_files(SPANISH)}


def without_spanish(by_folder: dict, entries: dict) -> list[str]:
    """The readings no file beside one of their records translates."""
    missing = set()
    everywhere = {text for texts in by_folder.values() for text in texts}
    for text in everywhere:
        folders = [folder for folder, texts in by_folder.items() if text in texts]
        if not any(text in entries.get(folder, {}) for folder in folders):
            missing.add(text)
    return sorted(missing)


def orphans(by_folder: dict, entries: dict) -> list[str]:
    """Entries whose English no record beside them holds (any more): written from an English
    since reworded, their Spanish no longer says what the record says."""
    return sorted(
        f"{folder.name}: {text}"
        for folder, pairs in entries.items()
        for text in pairs
        if text not in by_folder.get(folder, set())
    )


def test_every_reading_has_its_spanish_beside_its_records():
    assert without_spanish(readings_by_folder(), entries_by_folder()) == []


def test_no_spanish_reading_was_written_from_an_english_no_record_holds():
    """A reworded English reading leaves its old entry here: rewrite its Spanish from the new
    English and put the new English in ``en``."""
    assert orphans(readings_by_folder(), entries_by_folder()) == []


def test_the_check_finds_a_reading_without_spanish_and_an_entry_left_behind():
    """The two checks above can fail: a reworded English has no entry and leaves one."""
    folder = Path("/law/families/fences")
    by_folder = {folder: {"Hedges count as fences, reworded."}}
    entries = {folder: {"Hedges count as fences.": "Los setos cuentan como cercas."}}
    assert without_spanish(by_folder, entries) == ["Hedges count as fences, reworded."]
    assert orphans(by_folder, entries) == ["fences: Hedges count as fences."]


def spanish_pairs():
    return [
        (english, spanish)
        for pairs in entries_by_folder().values()
        for english, spanish in pairs.items()
    ]


def test_each_spanish_reading_states_the_figures_of_its_english():
    """Heights, areas, years, section numbers: as the English writes them, none more, none
    fewer (the check the admin makes of staff translations, core/translated.py)."""
    wrong = {
        english[:70]: figure_mismatches(english, spanish)
        for english, spanish in spanish_pairs()
        if any(figure_mismatches(english, spanish))
    }
    assert wrong == {}


def test_the_codes_words_quoted_in_spanish_are_the_englishs_word_for_word():
    wrong = [
        quoted
        for english, spanish in spanish_pairs()
        for quoted in QUOTED.findall(spanish)
        if quoted not in english
    ]
    assert wrong == []


def test_the_spanish_uses_the_glossarys_terms_and_addresses_the_reader_as_usted():
    wrong = []
    for english, spanish in spanish_pairs():
        # The code's quoted English is not ours to word.
        bare_english = re.sub(r"'[^']*'", "", english).lower()
        bare_spanish = QUOTED.sub("", spanish).lower()
        wrong += [
            (english[:60], term)
            for term, said in TERMS.items()
            if term in bare_english and not re.search(said, bare_spanish)
        ]
        if NEVER.search(bare_spanish):
            wrong.append((english[:60], NEVER.search(bare_spanish).group()))
    assert wrong == []


def test_a_reading_is_spanish_on_a_spanish_page_and_unchanged_on_an_english_one():
    record = load_standards().by_id("t2-17-sw-setback-front")
    with translation.override("en"):
        assert reading_text(record.reading) == html_module.escape(record.reading, quote=True)
    with translation.override("es"):
        shown = reading_text(record.reading)
    assert shown.startswith("Las Tablas 2-17 y 2-18 dan el retiro frontal")
    # The code's own words stay English, marked so.
    assert '“<span lang="en">0-10 ft.</span>”' in shown
    assert shown.count("lang=") == 1


def test_a_reworded_english_reading_is_shown_in_english_marked_so():
    record = load_standards().by_id("gc-66323-a2-one-detached-adu")
    reworded = record.reading.replace("800 sq ft", "850 sq ft")
    with translation.override("es"):
        assert translated_reading(record.reading) is not None
        assert translated_reading(reworded) is None
        assert reading_text(reworded) == f'<span lang="en">{reworded}</span>'


def _readings_shown(html: str, tag: str = "p") -> list[str]:
    """The inner HTML of each reading a page shows, after its "How this site reads it:"."""
    return [
        re.sub(r"^<strong>[^<]*</strong>\s*", "", found.strip())
        for found in re.findall(rf'<{tag} class="reading">(.*?)</{tag}>', html, re.DOTALL)
    ]


def _spanish_of(text: str) -> str:
    return html_module.unescape(re.sub(r"<[^>]+>", "", text))


@pytest.mark.django_db
def test_the_spanish_checker_page_shows_each_reading_in_spanish_unmarked(client):
    html = client.get(f"/es/check-my-lot/?{PLANS['ADU']}").content.decode()
    shown = _readings_shown(html)
    assert len(shown) >= 5
    spanish = set(translations(SPANISH).values())
    for reading in shown:
        assert 'lang="en"' not in reading, reading
        assert _spanish_of(reading) in spanish, reading
    assert "data-readings-in-english" not in html
    english = client.get(f"/check-my-lot/?{PLANS['ADU']}").content.decode()
    assert len(_readings_shown(english)) == len(shown)
    assert all(_spanish_of(r) not in spanish for r in _readings_shown(english))
    assert "data-readings-in-english" not in english


@pytest.mark.django_db
def test_the_codes_words_quoted_in_a_reading_are_marked_english_on_the_checker_page(client):
    html = client.get(f"/es/check-my-lot/?{PLANS['fence too tall']}").content.decode()
    assert '“<span lang="en">exceeding eight feet</span>”' in html
    assert "<strong>Cómo lo lee este sitio:</strong> La nota (2), tal como la imprime" in html


@pytest.mark.django_db
def test_a_spanish_district_page_shows_its_readings_in_spanish_unmarked(client):
    html = client.get("/es/zoning-districts/NM/").content.decode()
    shown = _readings_shown(html, "span")
    assert len(shown) >= 4
    spanish = set(translations(SPANISH).values())
    for reading in shown:
        assert 'lang="en"' not in reading, reading
        assert _spanish_of(reading) in spanish, reading
    english = client.get("/zoning-districts/NM/").content.decode()
    assert len(_readings_shown(english, "span")) == len(shown)
    assert ' lang="en"' not in english.replace('<html lang="en">', "")


@pytest.fixture
def reworded_copies(tmp_path, monkeypatch):
    """The readings files as they stand once a record's English is reworded after its
    Spanish was written: a copy of each, where the entry of the detached-ADU reading keeps
    the English it was written from ("700 sq ft" for the record's "800 sq ft")."""
    record = load_standards().by_id("gc-66323-a2-one-detached-adu")
    folders = []
    for folder in reading_folders():
        copy = tmp_path / folder.name
        copy.mkdir()
        source = folder / "readings.es.toml"
        if source.is_file():
            shutil.copy(source, copy / source.name)
        folders.append(copy)
    adu = tmp_path / "adu" / "readings.es.toml"
    text = adu.read_text()
    written_from = "One new detached ADU of up to 800 sq ft"
    assert text.count(written_from) == 1
    adu.write_text(text.replace(written_from, "One new detached ADU of up to 700 sq ft"))
    monkeypatch.setattr(readings, "reading_folders", lambda: tuple(folders))
    translations.cache_clear()
    forget_cards()
    with translation.override("es"):
        assert translated_reading(record.reading) is None
    return record


@pytest.mark.django_db
def test_a_reworded_reading_falls_back_to_english_on_the_checker_page(client, reworded_copies):
    record = reworded_copies
    plan = (
        "project=adu&zone=NL&adu_type=detached&adu_floor_area_sqft=600&adu_height_ft=14"
        "&adu_side_setback_ft=5&adu_rear_setback_ft=5&existing_dwelling=single_family"
    )
    html = client.get(f"/es/check-my-lot/?{plan}").content.decode()
    shown = _readings_shown(html)
    english = [r for r in shown if r.startswith('<span lang="en">')]
    assert [_spanish_of(r) for r in english] == [record.reading]
    # The other readings keep their Spanish, and the page says why one is English.
    assert len(shown) > len(english) >= 1
    assert "data-readings-in-english" in html
    assert "aparece en inglés donde su traducción todavía no está escrita" in html


def test_the_note_is_said_only_while_a_shown_reading_has_no_spanish():
    findings = [r for r in load_standards().records if r.reading][:3]
    with translation.override("es"):
        assert not readings_in_english(findings)
        assert readings_in_english([*findings, _Reading("A reading written after the Spanish.")])
    with translation.override("en"):
        assert not readings_in_english([_Reading("A reading written after the Spanish.")])


class _Reading:
    """Anything shown with a reading (a finding, a record)."""

    def __init__(self, reading: str):
        self.reading = reading


def test_a_readings_file_is_refused_with_its_name_when_wrong(tmp_path):
    path = tmp_path / "readings.es.toml"
    path.write_text('[[reading]]\nen = "A reading."\n')
    with pytest.raises(ReadingsError, match=r"readings\.es\.toml: \[\[reading\]\] 1 needs"):
        read_readings(path, SPANISH)
    path.write_text('[[reading]]\nen = "A reading."\nes = "Una lectura."\nrecord = "x"\n')
    with pytest.raises(ReadingsError, match="needs exactly"):
        read_readings(path, SPANISH)
    path.write_text('[readings]\nen = "A reading."\n')
    with pytest.raises(ReadingsError, match="unknown table"):
        read_readings(path, SPANISH)


def test_one_english_translated_two_ways_is_refused(tmp_path, monkeypatch):
    for name, spanish in (("one", "Una lectura."), ("two", "Otra lectura.")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "readings.es.toml").write_text(
            f'[[reading]]\nen = "A reading."\nes = "{spanish}"\n'
        )
    monkeypatch.setattr(readings, "reading_folders", lambda: (tmp_path / "one", tmp_path / "two"))
    translations.cache_clear()
    with pytest.raises(ReadingsError, match="translated otherwise"):
        translations(SPANISH)
