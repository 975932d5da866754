"""The registry of rule families: each family declares itself once, everything else reads it.

A *family* is one folder of ``law/families`` (``parcel``, ``setbacks``, ``fences``...) whose
``__init__.py`` ends with ``FAMILY = Family(...)`` (``declarations.py``): its rule ids, the note
codes it adds, the inputs its findings can list as missing, its check function, the rules a
minor variance can relieve, the results group (``topic``) and topic page (``feature``) it
belongs to, when it applies, the form part and project it adds, and the projects its rules
bear on. The lot and the main building, which every family may read, are ``site.py``'s.

From these declarations come the dispatch (``check_lot``), the order of findings, the note codes
the standards loader accepts, the minor-variance relief list, the form's fields, sections and
``to_engine`` (``inputs_from``), the projects offered, and the sets the tests compare against.
Adding a family is adding its folder (``python manage.py startfamily NAME`` writes one).

The family packages are found by walking ``law.families`` once, on first use: nothing lists
them, and this module imports none of them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from law.engine.caches import process_cache
from law.engine.declarations import (  # noqa: F401  (re-exported: what a family declares)
    Family,
    Input,
    InputField,
    Part,
    Project,
    asked,
)
from law.engine.findings import COMMON_NOTES
from law.engine.plan import Plan
from law.engine.site import BASE_PARTS, BASE_PROJECTS, Lot


class Registry:
    """Every family and input, validated and indexed once."""

    def __init__(
        self,
        families: list[Family],
        parts: tuple[Part, ...],
        common_notes,
        projects: tuple[Project, ...] = (),
    ):
        self.families: tuple[Family, ...] = tuple(sorted(families, key=lambda f: f.order))
        # The form's parts: the lot and building first, then each family's in family order.
        self.parts: tuple[Part, ...] = (
            *parts,
            *(f.part for f in self.families if f.part is not None),
        )
        declared = (*projects, *(f.project for f in self.families if f.project is not None))
        self.projects: dict[str, Project] = {
            p.key: p for p in sorted(declared, key=lambda p: p.order)
        }
        if len(self.projects) != len(declared):
            raise ValueError("a project is declared twice")
        self.inputs: dict[str, InputField] = {}
        self.part_inputs: dict[str, tuple[InputField, ...]] = {}
        for part in self.parts:
            listed = []
            for attr in fields(part.type):
                spec = attr.metadata.get("input")
                if spec is None:
                    continue
                default = None if attr.default is MISSING else attr.default
                entry = InputField(spec.name or attr.name, part.key, attr.name, spec, default)
                if entry.name in self.inputs:
                    raise ValueError(f"input {entry.name!r} declared twice")
                self.inputs[entry.name] = entry
                listed.append(entry)
            self.part_inputs[part.key] = tuple(listed)
        # What makes a part given (its family then runs): its ``present_if``, else any input
        # that is not a yes/no box or an unanswered question. A project none of whose part
        # was given asks these first (answers.py).
        self.part_triggers: dict[str, tuple[str, ...]] = {
            part.key: part.present_if
            or tuple(
                i.name for i in self.part_inputs[part.key] if i.spec.kind not in ("yesno", "answer")
            )
            for part in self.parts
        }
        self._check_families()
        self._check_projects()
        self.rule_order: tuple[str, ...] = tuple(r for f in self.families for r in f.rules)
        self.family_of: dict[str, Family] = {r: f for f in self.families for r in f.rules}
        self.topics: tuple[str, ...] = tuple(dict.fromkeys(f.topic for f in self.families))
        self.notes: frozenset[str] = frozenset(common_notes).union(
            *(f.notes for f in self.families)
        )
        self.relievable: frozenset[str] = frozenset().union(*(f.relievable for f in self.families))
        features: dict[str, tuple[str, ...]] = {}
        for family in self.families:
            if family.feature:
                features[family.feature] = features.get(family.feature, ()) + family.rules
        self.feature_rules = features
        self.feature_section = {
            f.feature: f.form_section or f.topic for f in self.families if f.feature
        }
        # (applies, after) for the families that revise others' findings, in order.
        self.after = tuple((f.applies, f.after) for f in self.families if f.after is not None)
        rank = {rule: index for index, rule in enumerate(self.rule_order)}
        unknown = len(rank)
        get = rank.get
        self.rank = rank

        def rule_rank(finding) -> int:
            return get(finding.rule, unknown)

        self.rule_rank = rule_rank
        # Which rules bear on each project: its families' rules, then the site conditions'
        # (every project that builds; the rules about homes, only a project building one).
        self.site_rules: frozenset[str] = frozenset(
            r for f in self.families if f.site_condition for r in f.rules
        )
        self.project_rules: dict[str, tuple[str, ...]] = {}
        self.project_families: dict[str, tuple[Family, ...]] = {}
        for key, project in self.projects.items():
            chosen = tuple(
                f
                for f in self.families
                if key in f.projects or (f.site_condition and project.builds)
            )
            self.project_families[key] = chosen
            self.project_rules[key] = tuple(
                r for f in chosen for r in f.rules if project.dwelling or r not in f.dwelling_rules
            )
        self.covered_projects: frozenset[str] = frozenset(
            key for f in self.families if not f.site_condition for key in f.projects
        )
        # The projects state law lets add a home beyond the zone's density, in project order:
        # the alternatives offered when a plan has more homes than the lot allows.
        self.adds_homes: tuple[str, ...] = tuple(
            key for key, p in self.projects.items() if p.adds_homes and key in self.covered_projects
        )
        # Where each of them could add a home: the test its family declares (adds_homes_on).
        self.home_routes: dict[str, Callable[[Any], bool]] = {}
        for family in self.families:
            if family.adds_homes_on is None:
                continue
            keys = [key for key in family.projects if key in self.adds_homes]
            if not keys:
                raise ValueError(
                    f"family {family.name!r}: adds_homes_on, but it decides no project that"
                    " adds homes"
                )
            for key in keys:
                if key in self.home_routes:
                    raise ValueError(f"project {key!r}: two families say where it adds homes")
                self.home_routes[key] = family.adds_homes_on
        for key in self.adds_homes:
            if key not in self.home_routes:
                raise ValueError(
                    f"project {key!r} adds homes, but no family deciding it says where"
                    " (Family.adds_homes_on)"
                )

    def covered(self, project: str) -> bool:
        """Whether a family of its own (not only a site condition) bears on ``project``: one
        whose rules are not built yet is shown as coming."""
        return project in self.covered_projects

    def rules_for(self, projects) -> frozenset[str]:
        """The rule ids that bear on any of ``projects``, plus every site condition's."""
        return self.site_rules.union(*(self.project_rules.get(p, ()) for p in projects))

    def _check_projects(self) -> None:
        part_keys = {p.key for p in self.parts}
        for project in self.projects.values():
            for part in project.parts:
                if part not in part_keys:
                    raise ValueError(f"project {project.key!r}: part {part!r} is not a part")
        for family in self.families:
            for key in family.projects:
                if key not in self.projects:
                    raise ValueError(f"family {family.name!r}: unknown project {key!r}")
            for rule in family.dwelling_rules:
                if rule not in family.rules:
                    raise ValueError(
                        f"family {family.name!r}: dwelling rule {rule!r} is not one of its rules"
                    )
            asked_by = self.inputs.get(family.asked_by or "")
            if family.asked_by and (asked_by is None or asked_by.spec.kind != "yesno"):
                raise ValueError(
                    f"family {family.name!r}: asked_by {family.asked_by!r} is not a yes/no input"
                )

    def _check_families(self) -> None:
        seen_rules: dict[str, str] = {}
        seen_orders: dict[int, str] = {}
        part_keys = {p.key for p in self.parts}
        for family in self.families:
            where = f"family {family.name!r}"
            if family.order in seen_orders:
                raise ValueError(
                    f"{where}: order {family.order} taken by {seen_orders[family.order]!r}"
                )
            seen_orders[family.order] = family.name
            if not family.rules:
                raise ValueError(f"{where} declares no rules")
            for rule in family.rules:
                if rule in seen_rules:
                    raise ValueError(f"{where}: rule {rule!r} also in {seen_rules[rule]!r}")
                seen_rules[rule] = family.name
            for name in family.inputs:
                if name not in self.inputs:
                    raise ValueError(f"{where}: input {name!r} is not a declared input")
            for rule in family.relievable:
                if rule not in family.rules:
                    raise ValueError(f"{where}: relievable {rule!r} is not one of its rules")
            section = family.form_section or (family.topic if family.feature else None)
            if section is not None and section not in part_keys:
                raise ValueError(f"{where}: form section {section!r} is not a part")

    def fieldsets(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """(part key, legend, input names) for every part, in form order."""
        return [
            (part.key, part.legend, tuple(i.name for i in self.part_inputs[part.key]))
            for part in self.parts
        ]

    def inputs_from(self, values: Mapping[str, Any]) -> tuple[Lot, Plan]:
        """The ``Lot`` and ``Plan`` for flat field values (a form's cleaned data): a part that
        is not always given is None when none of its triggering inputs was entered."""
        built: dict[str, Any] = {}
        get = values.get
        for part in self.parts:
            listed = self.part_inputs[part.key]
            if not part.always:
                # Whether one of its triggers was entered (as _entered says), without a call
                # per trigger: a part not given asks each of them, a few dozen on every check.
                for name in self.part_triggers[part.key]:
                    value = get(name)
                    if value is not None and value != "":
                        break
                else:
                    built[part.key] = None
                    continue
            built[part.key] = part.type(
                **{i.attr: _value(i.spec.kind, get(i.name), i.default) for i in listed}
            )
        lot = built.pop("lot", None)
        if not isinstance(lot, Lot):
            raise ValueError("the inputs declare no lot")
        return lot, Plan(**built)

    def record_files(self) -> tuple[Path, ...]:
        """Every family's files of dated, cited records (its folder's ``*.toml`` but its words
        and cases)."""
        return tuple(path for f in self.families for path in family_record_files(f.name))


def _entered(value: Any) -> bool:
    return value is not None and value != ""


def _value(kind: str, value: Any, default: Any = None) -> Any:
    """The engine value of a form value; a value not entered takes the field's default."""
    if kind == "yesno":
        return bool(value)
    if kind == "answer":
        return value if isinstance(value, bool) else default
    if kind == "choice":
        return value or default
    return value if value is not None and value != "" else default  # as _entered says


FAMILIES_PACKAGE = "law.families"
# A folder's TOML files that hold no records: its words, its case table and its readings'
# translations (readings.<language>.toml, read by rules/wording/readings.py).
_NOT_RECORDS = ("words", "cases", "readings")


def family_folder(name: str) -> Path:
    """The folder of the family package ``name`` (wherever ``law.families`` finds it)."""
    module = importlib.import_module(f"{FAMILIES_PACKAGE}.{name}")
    return Path(module.__file__).resolve().parent


def record_files(folder: Path) -> tuple[Path, ...]:
    """The files of dated, cited records in ``folder``: its TOML files but its words, cases
    and readings' translations."""
    return tuple(
        path for path in sorted(folder.glob("*.toml")) if not path.stem.startswith(_NOT_RECORDS)
    )


def family_record_files(name: str) -> tuple[Path, ...]:
    return record_files(family_folder(name))


def discover(package_name: str = FAMILIES_PACKAGE) -> list[Family]:
    """The ``FAMILY`` of every sub-package of ``package_name``, by name."""
    package = importlib.import_module(package_name)
    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package_name}.{info.name}")
        family = getattr(module, "FAMILY", None)
        if not isinstance(family, Family):
            raise ValueError(f"{package_name}.{info.name} declares no FAMILY")
        if family.name != info.name:
            raise ValueError(f"the family in folder {info.name!r} is named {family.name!r}")
        found.append(family)
    return found


@process_cache
def registry() -> Registry:
    """The registry, built on first use from every family package of ``law.families``."""
    return Registry(discover(), BASE_PARTS, COMMON_NOTES, BASE_PROJECTS)
