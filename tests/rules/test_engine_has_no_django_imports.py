"""The law package is plain Python: no module under law/ (engine, families, reports) imports
Django, the site package or the Check my lot app."""

import ast
from pathlib import Path

import pytest

ENGINE_DIR = Path(__file__).resolve().parents[2] / "law"
FORBIDDEN = ("django", "cotati_site", "rules")


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


ENGINE_FILES = sorted(ENGINE_DIR.rglob("*.py"))


def test_the_engine_directory_has_modules():
    assert len(ENGINE_FILES) > 5


@pytest.mark.parametrize(
    "path", ENGINE_FILES, ids=lambda p: f"{p.relative_to(ENGINE_DIR)} imports no Django"
)
def test_engine_module_imports_nothing_from_django_or_the_site(path):
    offending = [name for name in _imported_modules(path) if name.split(".")[0] in FORBIDDEN]
    assert offending == []


def test_engine_never_asks_for_todays_date():
    for path in ENGINE_FILES:
        text = path.read_text(encoding="utf-8")
        assert "date.today" not in text and "datetime.now" not in text, path.name
