"""Check my lot in Spanish (issue 23): the page under /es/check-my-lot/ with a complete plan,
its htmx partial and its printed sheet hold no English sentence of the checker's words outside
text marked lang="en"; bad input is answered in Spanish next to its field with nothing typed
lost; figures and dates are written for Spanish readers; the JSON stays language-neutral.

The checker's English is every string its words files hold (rules/wording/words.toml, each
family's words.toml, law/data/words.toml), the records' readings and notes, the questions the
declarations word (labels, help, choices, legends) and every message its templates, form and
wording modules ask the catalog for. A sentence of the Spanish page's visible text (less what
is marked lang="en") holding a run of four of its words was left in English.
"""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from law.engine import ZONES
from law.engine.registry import registry
from rules.wording.cards import forget_cards
from tests.check_my_lot.test_spanish_words import checker_messages
from tests.core.test_spanish_pages import MIN_WORDS, WORD, sentences

pytestmark = pytest.mark.django_db

BASE = Path(settings.BASE_DIR)

# Complete plans for the journeys of issue 23 (the homeowner's fence and shed, the ADU, the
# home salon) and for every part of the results (a house that fails with a drawing, a flood
# zone, the proposed rules previewed, a lot with no project, something not covered).
PLANS = {
    "fence and shed": "project=fence&project=accessory_structure&zone=NL&fence_height_ft=7"
    "&fence_location=interior_side_or_rear_setback&fence_type=solid&accessory_type=shed"
    "&accessory_footprint_sqft=120&accessory_height_ft=10&accessory_stories=1"
    "&accessory_side_line_ft=5&accessory_rear_line_ft=5&accessory_house_distance_ft=10",
    "fence too tall": "project=fence&zone=NL&fence_height_ft=9&fence_height_extra_in=6"
    "&fence_location=front_or_street_side_setback&fence_type=solid",
    "ADU": "project=adu&zone=NL&adu_type=detached&adu_floor_area_sqft=800&adu_bedrooms=1"
    "&adu_height_ft=16&adu_side_setback_ft=4&adu_rear_setback_ft=4&existing_dwelling=single_family"
    "&primary_floor_area_sqft=1600&near_transit=yes&lot_area_sqft=6000&dwelling_units=1",
    "home salon": "project=home_business&zone=NL&business_kind=hair_salon&home_floor_area_sqft=1600"
    "&business_floor_area_sqft=200&visitor_trips_per_day=8&clients_at_once=1",
    "corner house": "project=main_building&zone=NM&building_type=single_family_new&storeys=2"
    "&lot_area_sqft=5000&lot_width_ft=50&lot_depth_ft=100&dwelling_units=1&front_setback_ft=15"
    "&interior_side_setback_ft=5&rear_setback_ft=15&building_height_ft=30&covered_area_sqft=2000"
    "&corner_lot=on&street_side_setback_ft=5",
    "flood and hillside": "project=main_building&zone=NL&flood_zone=AO&lowest_floor_elevation_ft=1"
    "&highest_adjacent_grade_ft=0&work_kind=new_construction&hillside=on"
    "&height_from_lowest_grade_ft=40",
    "proposed rules": "project=main_building&zone=NL&include_proposed=on&front_setback_ft=10"
    "&lot_area_sqft=3000&dwelling_units=3",
    "no project": "zone=RR-1.5&lot_area_sqft=60000&lot_width_ft=200&lot_depth_ft=300"
    "&covered_area_sqft=9000&front_setback_ft=10",
    "something else": "project=other&zone=NL",
}
BAD_INPUT = (
    "project=fence&project=accessory_structure&zone=NL&fence_height_ft=abc"
    "&fence_height_extra_in=14&accessory_footprint_sqft=ten&as_of=1999-01-01&corner_lot=maybe"
    "&dwelling_units=2.5"
)


def _strings(value, out: list) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)


def checker_english() -> str:
    """The checker's English as one lowercase run of words (see the module docstring)."""
    texts: list[str] = []
    english_files = [
        BASE / "rules" / "wording" / "words.toml",
        *(path for path in (BASE / "law").rglob("*.toml") if ".es." not in path.name),
    ]
    for path in english_files:
        data = tomllib.loads(path.read_text())
        data.pop("citation", None)  # the codes' names, English by design
        _strings(data, texts)
    reg = registry()
    for entry in reg.inputs.values():
        texts += [entry.spec.label, entry.spec.help_text]
        if entry.name != "zone":  # the districts' names, English by design
            texts += [label for _key, label in entry.spec.choices]
    texts += [part.legend for part in reg.parts]
    for _context, msgid in checker_messages():
        texts += [msgid] if isinstance(msgid, str) else list(msgid)
    return " | ".join(" ".join(words_of(text)) for text in texts if text)


URL = re.compile(r"https?://\S+")
# Words both languages write alike: figures, the districts' codes ("OSC", "RR") and a
# citation's letters ("65913.4(a)(6)(B)").
SHARED = {part.lower() for code in ZONES for part in re.split(r"[-.]", code)}


def words_of(text: str) -> list[str]:
    """A text's words, lowercase, less addresses, figures, district codes and single letters."""
    return [
        word
        for word in WORD.findall(URL.sub(" ", text).lower())
        if not word.isdigit() and word not in SHARED and len(word) > 1
    ]


def runs(sentence: str) -> set[str]:
    found = words_of(sentence)
    return {" ".join(found[i : i + MIN_WORDS]) for i in range(len(found) - MIN_WORDS + 1)}


def left_in_english(html: str, english: str) -> list[str]:
    """The sentences of ``html`` outside lang="en" holding four words of ``english`` in a row."""
    return sorted(
        sentence
        for sentence in sentences(html)
        if any(f" {run} " in f" {english} " for run in runs(sentence))
    )


@pytest.fixture(scope="module")
def english():
    return checker_english()


@pytest.fixture(autouse=True)
def _fresh_cards():
    # The cards are kept per process and language; a test must not read another's.
    forget_cards()
    yield
    forget_cards()


@pytest.mark.parametrize("plan", PLANS, ids=list(PLANS))
def test_the_spanish_page_and_its_partial_leave_nothing_of_the_checker_in_english(
    client, english, plan
):
    query = PLANS[plan]
    page = client.get(f"/es/check-my-lot/?{query}")
    partial = client.get(f"/es/check-my-lot/?{query}", HTTP_HX_REQUEST="true")
    assert page.status_code == partial.status_code == 200
    assert '<html lang="es">' in page.content.decode()
    assert 'class="result"' in partial.content.decode()
    assert left_in_english(page.content.decode(), english) == []
    assert left_in_english(partial.content.decode(), english) == []


@pytest.mark.parametrize("path", ["/es/check-my-lot/", "/es/check-my-lot/?show=fence"])
def test_the_empty_and_prefilled_forms_are_spanish(client, english, path):
    html = client.get(path).content.decode()
    assert left_in_english(html, english) == []
    assert "¿Qué planea hacer?" in html


@pytest.mark.parametrize("first", ["en", "es"])
def test_words_of_a_constant_follow_each_pages_language_whichever_comes_first(client, first):
    """A template is compiled once per process: a filter of a constant ("other"|project_label)
    must still be worded in each page's own language (it was frozen in the first one)."""
    query = "?project=other&zone=NL"
    pages = {"en": f"/check-my-lot/{query}", "es": f"/es/check-my-lot/{query}"}
    order = [first, *(language for language in pages if language != first)]
    heading = {}
    for language in order:
        html = client.get(pages[language], HTTP_HX_REQUEST="true").content.decode()
        heading[language] = re.search(r'<h3 id="answer-other-title">(.*?)</h3>', html).group(1)
    assert heading == {
        "en": "Something else (a pool, a deck…)",
        "es": "Otra cosa (una piscina, una terraza…)",
    }


def test_the_check_finds_an_english_sentence_left_on_the_page(english):
    """The check above can fail: a label of a family's words left in English is found, and
    the same sentence marked lang="en" is not."""
    html = (
        "<li>Sin revisar: Distances from the lot lines and the house</li>"
        '<li lang="en">Distances from the lot lines and the house</li>'
        "<li>Sin revisar: Distancias a las líneas del lote y a la casa</li>"
    )
    assert left_in_english(html, english) == ["Distances from the lot lines and the house"]


def _element(html: str, id_or_class: str, *, markup: bool = False) -> str:
    """The text of the first element with this id (``#x``) or class (``.x``), tags removed
    (``markup``: its inner HTML)."""
    kind, name = id_or_class[0], id_or_class[1:]
    attribute = "id" if kind == "#" else "class"
    found = re.search(
        rf'<(\w+)[^>]*\b{attribute}="(?:[^"]* )?{re.escape(name)}(?: [^"]*)?"[^>]*>(.*?)</\1>',
        html,
        re.DOTALL,
    )
    assert found, id_or_class
    return found.group(2) if markup else re.sub(r"<[^>]+>", "", found.group(2))


def test_the_printed_sheet_is_spanish_with_dates_and_figures_for_spanish_readers(client, english):
    html = client.get(f"/es/check-my-lot/?{PLANS['fence and shed']}").content.decode()
    answers = _element(html, ".print-inputs")
    assert answers.startswith("Sus respuestas")
    assert "¿Qué planea hacer?" in answers
    assert "Una cerca, muro o seto" in answers and "Un cobertizo, garaje o taller" in answers
    assert "Altura: 7 pies" in answers  # the fence's feet and inches, as one height
    assert "Área de piso: 120 pies cuadrados" in answers
    assert "Pisos: 1 piso" in answers  # a unit of one, singular
    # The district's name stays English, marked so.
    zone = _element(html, ".print-inputs", markup=True)
    assert 'Distrito de zonificación: <span lang="en">NL – Neighborhood Low Density</span>' in zone
    sources = _element(html, ".print-sources")
    assert sources.startswith("Estos resultados en línea:")
    assert "/es/check-my-lot/?" in sources  # the link reopens the Spanish page
    checked = re.search(r'<p class="print-only">(.*?)</p>', html, re.DOTALL).group(1)
    # "Revisado el 1 de diciembre de 2026, con las reglas vigentes el …": day first, spelled out.
    assert re.search(r"Revisado el <time[^>]*>\d{1,2} de \w+ de \d{4}</time>", checked)
    sheet = _element(html, ".print-inputs", markup=True) + _element(
        html, ".print-sources", markup=True
    )
    assert left_in_english(sheet, english) == []


def test_figures_keep_the_decimal_point_and_thousands_commas(client):
    html = client.get(f"/es/check-my-lot/?{PLANS['corner house']}").content.decode()
    assert "5,000 pies cuadrados" in html or "2,000 pies cuadrados" in html
    assert not re.search(r"\d,\d{1,2} pies\b", html)  # never a decimal comma ("2,5 pies")
    svg = re.search(r"<svg viewBox=\"([^\"]+)\"", html).group(1)
    assert "," not in svg  # the drawing's coordinates stay numbers


def test_the_drawing_and_its_text_alternative_are_spanish(client, english):
    html = client.get(f"/es/check-my-lot/?{PLANS['corner house']}").content.decode()
    title = _element(html, "#diagram-title")
    desc = _element(html, "#diagram-desc")
    assert title == "Su lote, dibujado a escala"
    assert desc.startswith("Un lote de 50 pies de ancho y 100 pies de profundidad")
    assert "Retiros obligatorios: frontal" in desc
    assert left_in_english(f"<p>{desc}</p>", english) == []


def test_bad_input_is_answered_in_spanish_next_to_each_field_with_nothing_typed_lost(client):
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        html = client.get(f"/es/check-my-lot/?{BAD_INPUT}", **headers).content.decode()
        slot = {
            name: _element(html, f"#error-{name}")
            for name in ("fence_height_ft", "fence_height_extra_in", "accessory_footprint_sqft")
        }
        assert slot["fence_height_ft"].startswith("Escriba"), slot
        assert "pies" in slot["fence_height_ft"]
        assert "pulgadas" in slot["fence_height_extra_in"]
        assert slot["accessory_footprint_sqft"]
        assert "Responda sí o no" in _element(html, "#error-corner_lot")
        assert "Elija una fecha entre 2000 y 2100." in _element(html, "#error-as_of")
        assert "Hay respuestas que corregir" in html
        if not headers:  # the whole page shows every answer back as typed
            for name, typed in (
                ("fence_height_ft", "abc"),
                ("fence_height_extra_in", "14"),
                ("accessory_footprint_sqft", "ten"),
                ("as_of", "1999-01-01"),
            ):
                assert re.search(rf'name="{name}"[^>]*value="{typed}"', html), name


def test_the_error_messages_are_english_on_the_english_page(client):
    html = client.get(f"/check-my-lot/?{BAD_INPUT}").content.decode()
    assert _element(html, "#error-fence_height_ft").startswith("Enter")
    assert "Escriba" not in html and "Hay respuestas" not in html


def test_the_json_stays_language_neutral(client):
    query = PLANS["fence and shed"]
    plain = client.get(f"/check-my-lot/result.json?{query}").content
    asked_in_spanish = client.get(
        f"/check-my-lot/result.json?{query}", HTTP_ACCEPT_LANGUAGE="es"
    ).content
    assert plain == asked_in_spanish
    assert client.get(f"/es/check-my-lot/result.json?{query}").status_code == 404
    errors = client.get(f"/check-my-lot/result.json?{BAD_INPUT}", HTTP_ACCEPT_LANGUAGE="es")
    assert errors.status_code == 400
    assert errors.json()["errors"]["fence_height_ft"][0].startswith("Enter")


def test_the_spanish_page_says_once_that_the_law_stays_english(client):
    html = client.get(f"/es/check-my-lot/?{PLANS['ADU']}").content.decode()
    assert html.count("data-law-in-english") == 1
    assert "las citas no cambian" in html
    english = client.get(f"/check-my-lot/?{PLANS['ADU']}").content.decode()
    assert "data-law-in-english" not in english
    assert ' lang="en"' not in english.replace('<html lang="en">', "")


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_checker_says_it_as_the_sites_pages_do_without_rendering_their_fragment(
    client, language
):
    # _results.jinja writes the note the site's pages include (includes/_law_in_english.html)
    # rather than have Django render that fragment inside every answer.
    prefix = "" if language == settings.LANGUAGE_CODE else f"/{language}"
    partial = client.get(f"{prefix}/check-my-lot/?{PLANS['ADU']}", HTTP_HX_REQUEST="true")
    assert [t.name for t in partial.templates] == []
    with translation.override(language):
        fragment = render_to_string("includes/_law_in_english.html")
    if language == settings.LANGUAGE_CODE:
        assert not fragment and "data-law-in-english" not in partial.content.decode()
    else:
        assert fragment.strip() and fragment in partial.content.decode()


class _Options(HTMLParser):
    def __init__(self):
        super().__init__()
        self.marked: dict[str, str | None] = {}
        self._select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "select":
            self._select = attrs.get("name")
        elif tag == "option" and self._select == "zone" and attrs.get("value"):
            self.marked[attrs["value"]] = attrs.get("lang")


def test_the_districts_names_keep_their_english_marked_as_such(client):
    options = _Options()
    options.feed(client.get("/es/check-my-lot/").content.decode())
    assert options.marked and set(options.marked.values()) == {"en"}
    english = _Options()
    english.feed(client.get("/check-my-lot/").content.decode())
    assert set(english.marked.values()) == {None}
