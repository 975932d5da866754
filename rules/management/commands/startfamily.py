"""``manage.py startfamily NAME``: a working skeleton of a new family of rules in its folder.

It writes ``law/families/NAME/`` and nothing else: the declaration, one input (a size) and
one rule with no record yet (so it answers "not checked: no record"), its words and a case
table with one case. The registry finds the folder by itself: the checker, the JSON and the
OpenAPI document offer the project and ask for its input. docs/adding-a-family.md goes on
from there to a shipped family.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from string import Template

from django.core.management.base import BaseCommand, CommandError

from law.engine.plan import Plan
from law.engine.registry import family_folder, registry

SKELETON = Path(__file__).resolve().parents[2] / "family_skeleton"
FAMILIES = Path(family_folder(registry().families[0].name)).parent
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*[a-z0-9]$")
# Skeleton file -> the file it becomes in the family's folder.
FILES = {
    "__init__.py.tmpl": "__init__.py",
    "part.py.tmpl": "part.py",
    "check.py.tmpl": "check.py",
    "records.toml.tmpl": "{name}.toml",
    "words.toml.tmpl": "words.toml",
    "cases.toml.tmpl": "cases.toml",
}


class Command(BaseCommand):
    help = "Write a working skeleton family of rules in law/families/NAME/."

    def add_arguments(self, parser):
        parser.add_argument("name", help="The family's name: lower case, e.g. pools.")
        parser.add_argument(
            "--into",
            type=Path,
            default=FAMILIES,
            help="The folder of the families (default: law/families).",
        )

    def handle(self, *args, name: str, into: Path, **options):
        refusal = refused(name)
        if refusal:
            raise CommandError(refusal)
        folder = Path(into) / name
        if folder.exists():
            raise CommandError(f"{folder} exists already")
        folder.mkdir(parents=True)
        values = skeleton_values(name)
        for source, target in FILES.items():
            text = Template((SKELETON / source).read_text(encoding="utf-8")).substitute(values)
            (folder / target.format(name=name)).write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {folder}: see docs/adding-a-family.md for what comes next.")


def refused(name: str) -> str:
    """Why ``name`` cannot be a new family's ('' when it can)."""
    if not NAME_RE.match(name) or keyword.iskeyword(name):
        return f"{name!r}: a family's name is lower case letters, digits and _ (e.g. pools)"
    reg = registry()
    taken = {f.name for f in reg.families} | {p.key for p in reg.parts} | set(reg.projects)
    taken |= set(reg.topics) | {rule.split(".")[0] for rule in reg.rule_order}
    # A plan's parts are its attributes: a part may not take the name of one of its methods.
    if name in taken or hasattr(Plan, name) or f"{name}_size_sqft" in reg.inputs:
        return f"{name!r} is taken by a family, part, project, topic or rule already"
    return ""


def skeleton_values(name: str) -> dict[str, str]:
    reg = registry()
    words = name.replace("_", " ")
    return {
        "name": name,
        "noun": words,
        "title": words[0].upper() + words[1:],
        "cls": "".join(part.capitalize() for part in name.split("_")),
        # After every family and project so far.
        "order": str(max(f.order for f in reg.families) + 100),
        "project_order": str(max(p.order for p in reg.projects.values()) + 10),
    }
